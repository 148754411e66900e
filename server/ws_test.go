package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// wsClient is a WebSocket watcher of one game.
type wsClient struct {
	t *testing.T
	c *websocket.Conn
}

func (ts *testServer) dial(t *testing.T, id string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(ts.http.URL, "http") + "/api/games/" + id + "/ws"
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	c.SetReadLimit(1 << 22)
	t.Cleanup(func() { c.CloseNow() })
	return &wsClient{t: t, c: c}
}

// next reads the next view, failing after 5s.
func (w *wsClient) next() gameView {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	typ, data, err := w.c.Read(ctx)
	if err != nil {
		w.t.Fatalf("read: %v", err)
	}
	if typ != websocket.MessageText {
		w.t.Fatalf("message type %v", typ)
	}
	var v gameView
	if err := json.Unmarshal(data, &v); err != nil {
		w.t.Fatalf("view: %v: %s", err, data)
	}
	return v
}

// TestWebSocket watches a game: the whole view at once, then after each
// action, for every watcher; a watcher that reconnects gets the whole game.
func TestWebSocket(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	a, b := ts.dial(t, g.ID), ts.dial(t, g.ID)
	for _, w := range []*wsClient{a, b} {
		if v := w.next(); v.ID != g.ID || v.Version != 0 || len(v.Board.Points) != 25 {
			t.Fatalf("first view: %+v", v)
		}
	}
	moves := []string{"c3", "b2", "d4", "b4"}
	for i, m := range moves {
		ts.must(g, i%2, "move", m)
		for _, w := range []*wsClient{a, b} {
			v := w.next()
			if v.Version != i+1 || v.Moves[i].Move != m || v.Last < 0 || v.Board.Points[v.Last].Name != m {
				t.Fatalf("view after %s: version %d, moves %v", m, v.Version, moveNames(v))
			}
		}
	}
	// A refused action sends nothing; the next good one arrives next.
	if code, _ := ts.act(g.ID, actReq{Seat: 0, Token: g.Tokens[0], Kind: "move", Arg: "c3"}); code != 422 {
		t.Fatalf("occupied point: %d", code)
	}
	ts.must(g, 1, "undo-request", "")
	ts.must(g, 0, "undo-decline", "")
	if v := a.next(); v.Version != 5 || v.UndoBy != 1 {
		t.Errorf("after the undo request: version %d, undoBy %d", v.Version, v.UndoBy)
	}
	if v := a.next(); v.Version != 6 || v.UndoBy != -1 {
		t.Errorf("after the decline: version %d, undoBy %d", v.Version, v.UndoBy)
	}
	// Watcher a goes away; moves go on; it comes back and gets everything.
	a.c.Close(websocket.StatusNormalClosure, "")
	ts.must(g, 0, "move", "d2")
	ts.must(g, 1, "move", "c2")
	a = ts.dial(t, g.ID)
	v := a.next()
	if v.Version != 8 || strings.Join(moveNames(v), ",") != "black c3,white b2,black d4,white b4,black d2,white c2" {
		t.Errorf("after reconnecting: version %d, moves %v", v.Version, moveNames(v))
	}
	if got := ts.view(g.ID); got.Stones != v.Stones {
		t.Errorf("the WebSocket view differs from GET")
	}
	// b, which stayed, saw both moves.
	b.next()
	b.next()
	b.next()
	if v := b.next(); v.Version != 8 {
		t.Errorf("watcher b at version %d", v.Version)
	}
}

// TestWebSocketComputer sees the computer's moves arrive by themselves.
func TestWebSocketComputer(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "ki", Board: "3x3", Seats: []seatReq{{Kind: "human"}, {Kind: "computer"}}})
	w := ts.dial(t, g.ID)
	v := w.next()
	for v.Phase == "playing" {
		if v.ToMove == 0 {
			ts.must(g, 0, "move", v.Legal[0])
		}
		v = w.next()
	}
	if v.Phase != "over" || v.Reason != "board full" {
		t.Errorf("the end: %s %q", v.Phase, v.Reason)
	}
}

// TestWebSocketCrossOrigin refuses pages of other sites.
func TestWebSocketCrossOrigin(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(ts.http.URL, "http") + "/api/games/" + g.ID + "/ws"
	_, res, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": []string{"https://evil.example"}}})
	if err == nil || res == nil || res.StatusCode != http.StatusForbidden {
		t.Errorf("cross-origin WebSocket: %v %v", err, res)
	}
}
