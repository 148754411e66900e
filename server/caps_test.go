package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"moku/session"
	"moku/store"
)

// The explicit caps on what clients may ask for: each at its limit is
// served, one beyond it refused with a clear error and nothing stored.

func TestBoardSizeCap(t *testing.T) {
	ts := newTestServer(t)
	two := humans(2)
	for _, c := range []createReq{
		{Game: "go", Board: fmt.Sprintf("%dx%d", MaxBoardSide, MaxBoardSide), Seats: two},
		{Game: "go", Board: fmt.Sprintf("%dx2", MaxBoardSide), Seats: two},
		{Game: "kee", Board: fmt.Sprintf("torus:%dx%d", MaxBoardSide, MaxBoardSide), Seats: two},
		{Game: "keil", Board: fmt.Sprintf("hex:%d", MaxHexSide), Seats: two},
	} {
		g := ts.create(c)
		v := ts.view(g.ID)
		if v.Phase != string(session.Playing) || len(v.Legal) == 0 {
			t.Errorf("%s %s: phase %s, %d legal moves", c.Game, c.Board, v.Phase, len(v.Legal))
		}
	}
	code, body := ts.do("GET", "/api/games", "")
	var before []json.RawMessage
	if code != 200 || json.Unmarshal(body, &before) != nil {
		t.Fatalf("list: %d %s", code, body)
	}
	for _, c := range []createReq{
		{Game: "go", Board: fmt.Sprintf("%dx%d", MaxBoardSide+1, MaxBoardSide+1), Seats: two},
		{Game: "go", Board: fmt.Sprintf("%dx%d", MaxBoardSide, MaxBoardSide+1), Seats: two},
		{Game: "go", Board: fmt.Sprintf("%dx3", MaxBoardSide+1), Seats: two},
		{Game: "kee", Board: fmt.Sprintf("torus:%dx%d", MaxBoardSide+1, 5), Seats: two},
		{Game: "keil", Board: fmt.Sprintf("hex:%d", MaxHexSide+1), Seats: two},
		{Game: "keil", Board: "hex:99", Seats: two},
		{Game: "go", Board: "99x99", Seats: two},
		{Game: "go", Board: "100x100", Seats: two},
		{Game: "go", Board: "hex:123", Seats: two},
	} {
		code, body := ts.post("/api/games", c)
		if msg := errorOf(t, body); code != http.StatusBadRequest || !strings.Contains(msg, "board") {
			t.Errorf("%s %s: %d %q, want 400 about the board", c.Game, c.Board, code, msg)
		}
	}
	var after []json.RawMessage
	if code, body := ts.do("GET", "/api/games", ""); code != 200 || json.Unmarshal(body, &after) != nil || len(after) != len(before) {
		t.Errorf("refused boards stored games: %d before, %d after", len(before), len(after))
	}
}

func TestNameCap(t *testing.T) {
	ts := newTestServer(t)
	longest := strings.Repeat("n", MaxNameLen)
	wide := strings.Repeat("碁", MaxNameLen/3) // 3 bytes each
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: longest}, {Kind: "human", Name: wide}}})
	if v := ts.view(g.ID); v.Seats[0].Name != longest || v.Seats[1].Name != wide {
		t.Errorf("names %q %q", v.Seats[0].Name, v.Seats[1].Name)
	}
	for _, name := range []string{
		longest + "n",
		wide + "碁",
		"bell\a",
		"nul\x00",
		"new\nline",
		"esc\x1b[31m",
	} {
		code, body := ts.post("/api/games", createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: name}, {Kind: "human"}}})
		if msg := errorOf(t, body); code != http.StatusBadRequest || !strings.Contains(msg, "name") {
			t.Errorf("name %q: %d %q", name, code, msg)
		}
	}
	var list []json.RawMessage
	if code, body := ts.do("GET", "/api/games", ""); code != 200 || json.Unmarshal(body, &list) != nil || len(list) != 1 {
		t.Errorf("refused names stored games: %d %s", code, body)
	}
}

// GET /api/games lists at most MaxListed games, the latest first.
func TestListCap(t *testing.T) {
	ts := newTestServer(t)
	ctx := context.Background()
	var last string
	for i := range MaxListed + 5 {
		g := &store.Game{ID: fmt.Sprintf("g%03d", i), Rules: "go", Board: "5x5", Setup: "fixed", Status: string(session.Playing),
			Seats: []store.Seat{{Kind: "human", Name: "a"}, {Kind: "human", Name: "b"}}}
		if err := ts.store.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
		last = g.ID
		if i == MaxListed+3 {
			time.Sleep(5 * time.Millisecond) // the last one is later than the rest
		}
	}
	code, body := ts.do("GET", "/api/games", "")
	var list []struct {
		ID string `json:"id"`
	}
	if code != 200 || json.Unmarshal(body, &list) != nil {
		t.Fatalf("list: %d %.200s", code, body)
	}
	if len(list) != MaxListed || list[0].ID != last {
		t.Errorf("listed %d games, the first %q; want %d, the first %q", len(list), list[0].ID, MaxListed, last)
	}
	// The pages that follow, 60 games a page, reach every game once.
	seen := map[string]bool{}
	path := "/api/games?limit=60"
	for pages := 0; ; pages++ {
		code, body := ts.do("GET", path, "")
		var page []struct {
			ID      string `json:"id"`
			Updated string `json:"updated"`
		}
		if code != 200 || json.Unmarshal(body, &page) != nil {
			t.Fatalf("%s: %d %.200s", path, code, body)
		}
		for _, g := range page {
			if seen[g.ID] {
				t.Fatalf("%s: %s listed again", path, g.ID)
			}
			seen[g.ID] = true
		}
		if len(page) < 60 || pages > 10 {
			break
		}
		end := page[len(page)-1]
		path = "/api/games?limit=60&before=" + url.QueryEscape(end.Updated) + "&before_id=" + url.QueryEscape(end.ID)
	}
	if len(seen) != MaxListed+5 {
		t.Errorf("the pages listed %d games of %d", len(seen), MaxListed+5)
	}
	for _, bad := range []string{"?limit=0", "?limit=x", fmt.Sprintf("?limit=%d", MaxListed+1), "?before=yesterday&before_id=g001", "?before_id=g001"} {
		if code, body := ts.do("GET", "/api/games"+bad, ""); code != http.StatusBadRequest || !strings.Contains(errorOf(t, body), "want") {
			t.Errorf("GET /api/games%s: %d %s", bad, code, body)
		}
	}
}

// A watcher that sends a message (a large one, or any) is cut off; the
// game's other watchers and the server go on.
func TestWebSocketReadLimit(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	quiet := ts.dial(t, g.ID)
	quiet.next()
	for _, size := range []int{MaxWSMessage * 64, 10} {
		w := ts.dial(t, g.ID)
		w.next()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		w.c.Write(ctx, websocket.MessageText, []byte(strings.Repeat("x", size)))
		_, _, err := w.c.Read(ctx)
		cancel()
		if s := websocket.CloseStatus(err); s != websocket.StatusPolicyViolation && s != websocket.StatusMessageTooBig {
			t.Errorf("after a %d-byte message the watcher reads %v (status %v), want it closed", size, err, s)
		}
	}
	ts.must(g, 0, "move", "c3")
	if v := quiet.next(); v.Version != 1 {
		t.Errorf("the quiet watcher got version %d", v.Version)
	}
}

// A game's watchers on one server are capped: one more is refused with
// 503 until one leaves; those connected go on.
func TestWatcherCap(t *testing.T) {
	ts := newTestServerOpt(t, Options{MaxWatchers: 2})
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	a, b := ts.dial(t, g.ID), ts.dial(t, g.ID)
	a.next()
	b.next()
	url := "ws" + strings.TrimPrefix(ts.http.URL, "http") + "/api/games/" + g.ID + "/ws"
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, res, err := websocket.Dial(ctx, url, nil)
	if err == nil || res == nil || res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a third watcher: %v %v", err, res)
	}
	// Another game is not affected.
	other := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	ts.dial(t, other.ID).next()
	ts.must(g, 0, "move", "c3")
	if a.next().Version != 1 || b.next().Version != 1 {
		t.Errorf("the watchers did not get the move")
	}
	a.c.Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, _, err := websocket.Dial(ctx, url, nil)
		if err == nil {
			c.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no watcher admitted after one left: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
