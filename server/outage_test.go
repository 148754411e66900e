package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"moku/internal/pgtest"
	"moku/store"
)

// newPgTestServer is a Server over a PostgreSQL cluster of the test's own
// (which the test may stop and start), behind a real HTTP server on
// 127.0.0.1.
func newPgTestServer(t *testing.T, opt Options) (*testServer, *pgtest.Cluster) {
	ts, pg, _ := newPgTestServerStore(t, opt)
	return ts, pg
}

func newPgTestServerStore(t *testing.T, opt Options) (*testServer, *pgtest.Cluster, store.Store) {
	t.Helper()
	pg := pgtest.NewCluster(t)
	st := openPg(t, pg.URL)
	srv := New(st, opt)
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.CloseClientConnections()
		srv.Close()
		hs.Close()
		st.Close()
	})
	return &testServer{t: t, srv: srv, http: hs}, pg, st
}

// TestOutageMoveNotShown makes a move while PostgreSQL is down: the move is
// refused (503), and neither a request already holding the game (as one
// queued on its lock) nor a GET ever shows it; once PostgreSQL is back,
// the game goes on, and the watcher connected all along sees it go on
// (it is not left on a game the server no longer serves).
func TestOutageMoveNotShown(t *testing.T) {
	ts, pg := newPgTestServer(t, Options{})
	g := ts.create(createReq{Game: "go", Board: "9x9", Seats: humans(2)})
	ts.must(g, 0, "move", "c3")
	w := ts.dial(t, g.ID)
	if v := w.next(); v.Version != 1 {
		t.Fatalf("watcher: version %d", v.Version)
	}
	ts.srv.mu.Lock()
	held := ts.srv.tables[g.ID] // what a request waiting on the game's lock holds
	ts.srv.mu.Unlock()
	if held == nil {
		t.Fatal("the game is not held")
	}

	if err := pg.Stop(); err != nil {
		t.Fatal(err)
	}
	code, body := ts.act(g.ID, actReq{Seat: 1, Token: g.Tokens[1], Kind: "move", Arg: "d4", Version: intp(1)})
	if code != http.StatusServiceUnavailable {
		t.Fatalf("move while the store is down: %d %s", code, body)
	}
	held.mu.Lock()
	version, data := len(held.t.actions), append([]byte(nil), held.viewJSON()...)
	held.mu.Unlock()
	var hv gameView
	if err := json.Unmarshal(data, &hv); err != nil {
		t.Fatal(err)
	}
	if version != 1 || hv.Version != 1 || len(hv.Moves) != 1 {
		t.Errorf("a request holding the game sees version %d, moves %v; the store holds 1", version, moveNames(hv))
	}
	code, body = ts.do("GET", "/api/games/"+g.ID, "")
	if code == http.StatusOK {
		var v gameView
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatal(err)
		}
		if v.Version != 1 {
			t.Errorf("GET while the store is down: version %d, moves %v; the store holds 1", v.Version, moveNames(v))
		}
	} else if code != http.StatusServiceUnavailable {
		t.Errorf("GET while the store is down: %d %s, want 200 (as stored) or 503", code, body)
	}

	if err := pg.Start(); err != nil {
		t.Fatal(err)
	}
	v := ts.waitView(g.ID, func(gameView) bool { return true })
	if v.Version != 1 {
		t.Fatalf("after the outage: version %d, moves %v; the store holds 1", v.Version, moveNames(v))
	}
	ts.must(g, 1, "move", "e5")
	// The watcher sees the game as stored: perhaps first again as it was,
	// then with e5.
	for {
		v := w.next()
		if v.Version > 2 || len(v.Moves) > 1 && v.Moves[1].Move == "d4" {
			t.Fatalf("watcher: version %d, moves %v", v.Version, moveNames(v))
		}
		if v.Version == 2 {
			if v.Moves[1].Move != "e5" {
				t.Fatalf("watcher: moves %v", moveNames(v))
			}
			break
		}
	}
}

// TestOutageUnavailable asks for what needs the store while PostgreSQL is
// stopped: creating, listing and reading a game not in memory are
// answered 503 with a Retry-After and a clear message (not 500), and work
// again once it is back.
func TestOutageUnavailable(t *testing.T) {
	ts, pg, st := newPgTestServerStore(t, Options{})
	g := ts.create(createReq{Game: "go", Board: "9x9", Seats: humans(2)})
	ts.must(g, 0, "move", "c3")
	// Another server over the same store, which holds no game.
	other := New(st, Options{})
	hs := httptest.NewServer(other)
	t.Cleanup(func() { hs.CloseClientConnections(); other.Close(); hs.Close() })
	fresh := &testServer{t: t, srv: other, http: hs}

	requests := []struct {
		ts           *testServer
		method, path string
		body         string
	}{
		{ts, "POST", "/api/games", js(createReq{Game: "go", Board: "9x9", Seats: humans(2)})},
		{ts, "GET", "/api/games", ""},
		{fresh, "GET", "/api/games/" + g.ID, ""},
		{fresh, "GET", "/api/games/" + g.ID + "/record", ""},
		{fresh, "POST", "/api/games/" + g.ID + "/actions", js(actReq{Seat: 1, Token: g.Tokens[1], Kind: "move", Arg: "d4"})},
		{ts, "GET", "/healthz", ""},
	}
	if err := pg.Stop(); err != nil {
		t.Fatal(err)
	}
	for _, r := range requests {
		res := r.ts.raw(r.method, r.path, r.body)
		if res.code != http.StatusServiceUnavailable || (r.path != "/healthz" && res.header.Get("Retry-After") == "") {
			t.Errorf("%s %s while the store is down: %d, Retry-After %q: %s", r.method, r.path, res.code, res.header.Get("Retry-After"), res.body)
		}
		if r.path != "/healthz" {
			if msg := errorOf(t, res.body); !strings.Contains(msg, "unavailable") {
				t.Errorf("%s %s: error %q", r.method, r.path, msg)
			}
		}
	}
	if err := pg.Start(); err != nil {
		t.Fatal(err)
	}
	for _, r := range requests {
		res := r.ts.raw(r.method, r.path, r.body)
		if res.code/100 != 2 {
			t.Errorf("%s %s once the store is back: %d %s", r.method, r.path, res.code, res.body)
		}
	}
}

// rawResult is an answer: its status, headers and body.
type rawResult struct {
	code   int
	header http.Header
	body   []byte
}

// raw sends a request with a raw JSON body ("" for none) and returns the
// whole answer.
func (ts *testServer) raw(method, path, body string) rawResult {
	ts.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, ts.url()+path, rd)
	if err != nil {
		ts.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		ts.t.Fatal(err)
	}
	return rawResult{res.StatusCode, res.Header, data}
}
