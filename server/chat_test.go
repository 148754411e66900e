package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"moku/internal/pgtest"
	"moku/store"
)

// chatClient reads one game's chat over its WebSocket.
type chatClient struct {
	t    *testing.T
	c    *websocket.Conn
	seen map[int64]bool // ids read: a line may come twice (after a resync), as the page knows
}

// dialChat opens the chat socket of game id at the server at base, as the
// seat with its token (seat < 0: a watcher), and returns it with the first
// lines it sends.
func dialChat(t *testing.T, base, id string, seat int, token string) (*chatClient, []chatLineView) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(base, "http") + "/api/games/" + id + "/chat/ws"
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	t.Cleanup(func() { c.CloseNow() })
	hello := []byte(`{}`)
	if seat >= 0 {
		hello, _ = json.Marshal(chatHello{Seat: &seat, Token: token})
	}
	if err := c.Write(ctx, websocket.MessageText, hello); err != nil {
		t.Fatal(err)
	}
	cc := &chatClient{t: t, c: c, seen: map[int64]bool{}}
	return cc, cc.next()
}

// next reads the next lines sent that were not read before (the page
// skips the ids it has too), failing after 5 s.
func (cc *chatClient) next() []chatLineView {
	cc.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		_, data, err := cc.c.Read(ctx)
		if err != nil {
			cc.t.Fatalf("read: %v", err)
		}
		var m chatMessage
		if err := json.Unmarshal(data, &m); err != nil {
			cc.t.Fatalf("chat message %s: %v", data, err)
		}
		var fresh []chatLineView
		for _, l := range m.Lines {
			if !cc.seen[l.ID] {
				cc.seen[l.ID] = true
				fresh = append(fresh, l)
			}
		}
		if len(fresh) > 0 || len(m.Lines) == 0 {
			return fresh
		}
	}
}

// texts lists the "name: text" of lines.
func texts(lines []chatLineView) string {
	var b []string
	for _, l := range lines {
		b = append(b, l.Name+": "+l.Text)
	}
	return strings.Join(b, " | ")
}

// say posts a chat line, as seat (seat < 0: a watcher).
func (ts *testServer) say(id string, seat int, token, text string) (int, []byte) {
	ts.t.Helper()
	req := map[string]any{"text": text}
	if seat >= 0 {
		req["seat"], req["token"] = seat, token
	}
	return ts.post("/api/games/"+id+"/chat", req)
}

func (ts *testServer) mustSay(id string, seat int, token, text string) {
	ts.t.Helper()
	if code, body := ts.say(id, seat, token, text); code != http.StatusCreated {
		ts.t.Fatalf("say %q as seat %d: %d %s", text, seat, code, body)
	}
}

// TestChatChannels: a player's line reaches the other player, as written
// (markup is text), and no watcher; a watcher's line reaches the watchers
// and no player while the game is live; once it is over, everyone reads
// both channels.
func TestChatChannels(t *testing.T) {
	clock := newTestClock() // a second between lines: never over the rate limit
	ts := newTestServerOpt(t, Options{Clock: clock})
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	mustSay := func(id string, seat int, token, text string) {
		t.Helper()
		clock.skip(time.Second)
		ts.mustSay(id, seat, token, text)
	}
	ann, first := dialChat(t, ts.url(), g.ID, 0, g.Tokens[0])
	bob, _ := dialChat(t, ts.url(), g.ID, 1, g.Tokens[1])
	watcher, _ := dialChat(t, ts.url(), g.ID, -1, "")
	if len(first) != 0 {
		t.Fatalf("a new game's chat: %s", texts(first))
	}
	const markup = `<b>hi</b> <img src=x onerror="alert(1)">`
	mustSay(g.ID, 0, g.Tokens[0], markup)
	mustSay(g.ID, -1, "", "Bob should play c3")
	mustSay(g.ID, 1, g.Tokens[1], "thanks")
	mustSay(g.ID, -1, "", "second watcher line")

	for _, tt := range []struct {
		who  string
		c    *chatClient
		want []string
	}{
		{"Ann", ann, []string{"Ann: " + markup, "Bob: thanks"}},
		{"Bob", bob, []string{"Ann: " + markup, "Bob: thanks"}},
		{"a watcher", watcher, []string{"watcher: Bob should play c3", "watcher: second watcher line"}},
	} {
		var got []string
		for range tt.want {
			for _, l := range tt.c.next() {
				got = append(got, l.Name+": "+l.Text)
			}
		}
		if strings.Join(got, " | ") != strings.Join(tt.want, " | ") {
			t.Errorf("%s read %q, want %q", tt.who, got, tt.want)
		}
	}
	// The history, on connecting, by the same rules.
	if _, h := dialChat(t, ts.url(), g.ID, 1, g.Tokens[1]); texts(h) != "Ann: "+markup+" | Bob: thanks" {
		t.Errorf("Bob's history while the game is live: %s", texts(h))
	}
	if _, h := dialChat(t, ts.url(), g.ID, -1, ""); texts(h) != "watcher: Bob should play c3 | watcher: second watcher line" {
		t.Errorf("a watcher's history while the game is live: %s", texts(h))
	}
	// A wrong token reads and writes nothing.
	if code, _ := ts.say(g.ID, 1, g.Tokens[0], "not mine"); code != http.StatusForbidden {
		t.Errorf("a line with another seat's token: %d, want 403", code)
	}

	ts.must(g, 0, "move", "resign")
	all := "Ann: " + markup + " | watcher: Bob should play c3 | Bob: thanks | watcher: second watcher line"
	for _, seat := range []int{0, -1} {
		token := ""
		if seat >= 0 {
			token = g.Tokens[seat]
		}
		if _, h := dialChat(t, ts.url(), g.ID, seat, token); texts(h) != all {
			t.Errorf("seat %d's history once the game is over: %s, want %s", seat, texts(h), all)
		}
	}
	mustSay(g.ID, -1, "", "gg")
	if got := texts(ann.next()); got != "watcher: gg" {
		t.Errorf("Ann, after the game, reads %q, want the watcher's line", got)
	}
}

// TestChatHistoryChannels: a reader's history is the latest ChatHistory
// lines of each channel it sees: watchers who talk much never push the
// players' lines out of the players' history, nor the reverse; once the
// game is over, both channels' histories come, in the order written.
func TestChatHistoryChannels(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	add := func(channel string, seat int, name, text string) {
		l := store.ChatLine{Game: g.ID, Channel: channel, Seat: seat, Name: name, Text: text}
		if err := ts.store.AddChat(context.Background(), &l); err != nil {
			t.Fatal(err)
		}
	}
	var players, watchers []string
	for i := range 3 {
		add(store.ChatPlayers, i%2, "Ann", fmt.Sprintf("p%d", i))
		players = append(players, fmt.Sprintf("Ann: p%d", i))
	}
	for i := range ChatHistory + 50 {
		add(store.ChatWatchers, -1, "w", fmt.Sprintf("w%d", i))
		watchers = append(watchers, fmt.Sprintf("w: w%d", i))
	}
	watchers = watchers[50:]
	if _, h := dialChat(t, ts.url(), g.ID, 0, g.Tokens[0]); texts(h) != strings.Join(players, " | ") {
		t.Errorf("Ann's history under %d watchers' lines: %s; want %v", ChatHistory+50, texts(h), players)
	}
	if _, h := dialChat(t, ts.url(), g.ID, -1, ""); texts(h) != strings.Join(watchers, " | ") {
		t.Errorf("a watcher's history: %d lines, %s; want the latest %d watchers' lines", len(h), texts(h), ChatHistory)
	}
	ts.must(g, 0, "move", "resign")
	if _, h := dialChat(t, ts.url(), g.ID, -1, ""); texts(h) != strings.Join(append(players, watchers...), " | ") {
		t.Errorf("the history once the game is over: %d lines, %s", len(h), texts(h))
	}
}

// TestChatLimits: a line's length is capped (in characters, not bytes),
// empty and control characters are refused, and each client and seat
// posts at most ChatBurst lines at once, then ChatRate a second.
func TestChatLimits(t *testing.T) {
	clock := newTestClock()
	ts := newTestServerOpt(t, Options{Clock: clock})
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	for _, tt := range []struct {
		text string
		want int
	}{
		{strings.Repeat("é", MaxChatLen), http.StatusCreated},
		{strings.Repeat("a", MaxChatLen+1), http.StatusRequestEntityTooLarge},
		{"   ", http.StatusBadRequest},
		{"two\nlines", http.StatusBadRequest},
		{"bell\a", http.StatusBadRequest},
	} {
		if code, body := ts.say(g.ID, 0, g.Tokens[0], tt.text); code != tt.want {
			t.Errorf("a line of %d bytes: %d %s, want %d", len(tt.text), code, body, tt.want)
		}
	}
	clock.skip(time.Minute) // the bucket is full again
	for i := range ChatBurst {
		ts.mustSay(g.ID, 1, g.Tokens[1], "line")
		_ = i
	}
	code, body := ts.say(g.ID, 1, g.Tokens[1], "one too many")
	if code != http.StatusTooManyRequests {
		t.Fatalf("line %d at once: %d %s, want 429", ChatBurst+1, code, body)
	}
	if code, _ := ts.say(g.ID, -1, "", "a watcher from the same address"); code != http.StatusTooManyRequests {
		t.Errorf("another author from the same client: %d, want 429", code)
	}
	clock.skip(time.Second)
	ts.mustSay(g.ID, 1, g.Tokens[1], "a second later")
	_, h := dialChat(t, ts.url(), g.ID, 1, g.Tokens[1])
	if n := len(h); n != 1+ChatBurst+1 {
		t.Errorf("%d lines stored, want %d: %s", n, ChatBurst+2, texts(h))
	}
}

// TestChatCluster: a line posted on one server reaches the readers of
// the game on another (PostgreSQL NOTIFY), by the channels' rules.
func TestChatCluster(t *testing.T) {
	dsn := pgtest.DSN(t)
	nodes := clNodes(t, dsn, 2, Options{})
	g := nodes[0].create("human", "human")
	bob, _ := dialChat(t, nodes[1].http.URL, g.ID, 1, g.Tokens[1])
	watcher, _ := dialChat(t, nodes[1].http.URL, g.ID, -1, "")
	for _, l := range []struct {
		seat int
		text string
	}{{-1, "watchers only"}, {0, "hello Bob"}, {-1, "again"}} {
		req := map[string]any{"text": l.text}
		if l.seat >= 0 {
			req["seat"], req["token"] = l.seat, g.Tokens[l.seat]
		}
		if code, body := nodes[0].post("/api/games/"+g.ID+"/chat", req); code != http.StatusCreated {
			t.Fatalf("say %q: %d %s", l.text, code, body)
		}
	}
	if got := texts(bob.next()); got != "black: hello Bob" {
		t.Errorf("Bob on the other server reads %q", got)
	}
	if got := texts(watcher.next()); got != "watcher: watchers only" {
		t.Errorf("a watcher on the other server reads %q", got)
	}
	if got := texts(watcher.next()); got != "watcher: again" {
		t.Errorf("a watcher on the other server reads %q", got)
	}
}

// TestChatAuthorLimit: a seat's lines are limited whatever address they
// come from, and another author at that address is not held back by it.
func TestChatAuthorLimit(t *testing.T) {
	ts := newTestServerOpt(t, Options{Clock: newTestClock(), Limits: Limits{TrustProxy: true}})
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	say := func(from string, seat int, text string) int {
		req := map[string]any{"text": text}
		if seat >= 0 {
			req["seat"], req["token"] = seat, g.Tokens[seat]
		}
		body, _ := json.Marshal(req)
		r, err := http.NewRequest("POST", ts.url()+"/api/games/"+g.ID+"/chat", strings.NewReader(string(body)))
		if err != nil {
			t.Fatal(err)
		}
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("X-Forwarded-For", from)
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	for i := range ChatBurst {
		if code := say("10.0.0.1", 0, "line"); code != http.StatusCreated {
			t.Fatalf("line %d: %d", i+1, code)
		}
	}
	for _, tt := range []struct {
		from string
		seat int
		want int
	}{
		{"10.0.0.2", 0, http.StatusTooManyRequests}, // the same seat elsewhere
		{"10.0.0.2", 1, http.StatusCreated},         // another seat there
		{"10.0.0.2", -1, http.StatusCreated},        // a watcher there
	} {
		if code := say(tt.from, tt.seat, "more"); code != tt.want {
			t.Errorf("seat %d from %s after seat 0's burst: %d, want %d", tt.seat, tt.from, code, tt.want)
		}
	}
}
