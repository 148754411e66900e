package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"moku/record"
	"moku/store"
)

// testServer is a Server over a real SQLite store in a temporary directory,
// behind a real HTTP server on 127.0.0.1.
type testServer struct {
	t     testing.TB
	srv   *Server
	http  *httptest.Server
	store *store.SQLite
	base  string // the server's URL, when it is not http above
}

// url returns the server's base URL.
func (ts *testServer) url() string {
	if ts.base != "" {
		return ts.base
	}
	return ts.http.URL
}

func newTestServer(t testing.TB) *testServer {
	t.Helper()
	return newTestServerOpt(t, Options{})
}

func newTestServerOpt(t testing.TB, opt Options) *testServer {
	t.Helper()
	return newTestServerWrap(t, opt, nil)
}

// newTestServerWrap is newTestServerOpt with the server's handler passed
// through wrap (nil: none) before the HTTP server.
func newTestServerWrap(t testing.TB, opt Options, wrap func(http.Handler) http.Handler) *testServer {
	t.Helper()
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "moku.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv := New(st, opt)
	var h http.Handler = srv
	if wrap != nil {
		h = wrap(srv)
	}
	hs := httptest.NewServer(h)
	ts := &testServer{t: t, srv: srv, http: hs, store: st}
	t.Cleanup(func() {
		hs.CloseClientConnections()
		srv.Close()
		hs.Close()
		st.Close()
	})
	t.Cleanup(ts.checkRecords) // runs first, while the server serves
	return ts
}

// checkRecords downloads the record of every finished game of the store
// and replays it with the replay code: it must reach the result it states
// (issue 18: records that agree with their results).
func (ts *testServer) checkRecords() {
	t := ts.t
	if t.Failed() {
		return
	}
	games, err := ts.store.List(context.Background(), 10000, store.Page{})
	if err != nil {
		t.Errorf("listing the games: %v", err)
		return
	}
	for _, g := range games {
		if g.Status != "over" {
			continue
		}
		code, body := ts.do("GET", "/api/games/"+g.ID+"/record", "")
		if code != http.StatusOK {
			t.Errorf("record of %s: %d %s", g.ID, code, body)
			continue
		}
		recs, err := record.ReadSGF(body)
		if err != nil || len(recs) != 1 {
			t.Errorf("record of %s does not read back: %v\n%s", g.ID, err, body)
			continue
		}
		s, err := recs[0].Replay()
		if err != nil {
			t.Errorf("record of %s does not replay: %v\n%s", g.ID, err, body)
			continue
		}
		re, _ := recs[0].Get("RE")
		if got := recs[0].Result(s).String(); re != g.Result || got != re {
			t.Errorf("game %s: stored result %q, record RE[%s], the record replays to %q\n%s", g.ID, g.Result, re, got, body)
		}
	}
}

// do sends a request with a raw body ("" for none) and returns the status
// and the body.
func (ts *testServer) do(method, path, body string) (int, []byte) {
	ts.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, ts.url()+path, rd)
	if err != nil {
		ts.t.Fatal(err)
	}
	if body != "" || method == "POST" {
		req.Header.Set("Content-Type", "application/json") // POSTs are JSON, or refused (415)
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
	return res.StatusCode, data
}

// post sends v as JSON.
func (ts *testServer) post(path string, v any) (int, []byte) {
	ts.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		ts.t.Fatal(err)
	}
	return ts.do("POST", path, string(b))
}

// seatReq is one seat of a creation request.
type seatReq struct {
	Kind  string `json:"kind"`
	Name  string `json:"name,omitempty"`
	Level string `json:"level,omitempty"`
}

type createReq struct {
	Game    string    `json:"game,omitempty"`
	Rules   string    `json:"rules,omitempty"`
	Board   string    `json:"board,omitempty"`
	Komi    string    `json:"komi,omitempty"`
	Button  string    `json:"button,omitempty"`
	Players int       `json:"players,omitempty"`
	Setup   string    `json:"setup,omitempty"`
	Seats   []seatReq `json:"seats"`
}

func humans(n int) []seatReq {
	s := make([]seatReq, n)
	for i := range s {
		s[i] = seatReq{Kind: "human"}
	}
	return s
}

type created struct {
	ID     string   `json:"id"`
	Tokens []string `json:"tokens"`
}

// create creates a game and fails the test if it is refused.
func (ts *testServer) create(req createReq) created {
	ts.t.Helper()
	code, body := ts.post("/api/games", req)
	if code != http.StatusCreated {
		ts.t.Fatalf("create %+v: %d %s", req, code, body)
	}
	var c created
	if err := json.Unmarshal(body, &c); err != nil {
		ts.t.Fatal(err)
	}
	if c.ID == "" || len(c.Tokens) != len(req.Seats) {
		ts.t.Fatalf("create: %s", body)
	}
	return c
}

// actReq is the body of an action.
type actReq struct {
	Seat    int    `json:"seat"`
	Token   string `json:"token"`
	Kind    string `json:"kind"`
	Arg     string `json:"arg,omitempty"`
	Version *int   `json:"version,omitempty"`
}

// act performs an action and returns the status and the body.
func (ts *testServer) act(id string, a actReq) (int, []byte) {
	ts.t.Helper()
	return ts.post("/api/games/"+id+"/actions", a)
}

// must performs seat's action, which must succeed, and returns the view.
func (ts *testServer) must(g created, seat int, kind, arg string) gameView {
	ts.t.Helper()
	code, body := ts.act(g.ID, actReq{Seat: seat, Token: g.Tokens[seat], Kind: kind, Arg: arg})
	if code != http.StatusOK {
		ts.t.Fatalf("seat %d %s %q: %d %s", seat, kind, arg, code, body)
	}
	var v gameView
	if err := json.Unmarshal(body, &v); err != nil {
		ts.t.Fatal(err)
	}
	return v
}

// view returns the game's view.
func (ts *testServer) view(id string) gameView {
	ts.t.Helper()
	code, body := ts.do("GET", "/api/games/"+id, "")
	if code != http.StatusOK {
		ts.t.Fatalf("get %s: %d %s", id, code, body)
	}
	var v gameView
	if err := json.Unmarshal(body, &v); err != nil {
		ts.t.Fatal(err)
	}
	return v
}

// waitView polls the game until cond holds, for at most 10s.
func (ts *testServer) waitView(id string, cond func(gameView) bool) gameView {
	ts.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		v := ts.view(id)
		if cond(v) {
			return v
		}
		if time.Now().After(deadline) {
			ts.t.Fatalf("game %s: timed out waiting; last view: phase %s, version %d, to move %d, moves %v", id, v.Phase, v.Version, v.ToMove, v.Moves)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// snapshot is everything the store holds of a game.
type snapshot struct {
	Game    store.Game
	Actions []store.Action
}

func (ts *testServer) snapshot(id string) snapshot {
	ts.t.Helper()
	ctx := context.Background()
	g, err := ts.store.Get(ctx, id)
	if err != nil {
		ts.t.Fatal(err)
	}
	as, err := ts.store.Actions(ctx, id, 0)
	if err != nil {
		ts.t.Fatal(err)
	}
	return snapshot{*g, as}
}

// unchanged fails if the stored game differs from before.
func (ts *testServer) unchanged(what string, before snapshot) {
	ts.t.Helper()
	after := ts.snapshot(before.Game.ID)
	if !reflect.DeepEqual(before, after) {
		ts.t.Errorf("%s changed the stored game:\nbefore %+v\nafter  %+v", what, before, after)
	}
}

// errorOf decodes a JSON error body and fails if it is not one.
func errorOf(t testing.TB, body []byte) string {
	t.Helper()
	var e struct {
		Error string `json:"error"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || e.Error == "" {
		t.Errorf("not a JSON error: %q (%v)", body, err)
	}
	return e.Error
}

// moveNames lists a view's moves as "color move".
func moveNames(v gameView) []string {
	var out []string
	for _, m := range v.Moves {
		out = append(out, m.Color+" "+m.Move)
	}
	return out
}

func intp(i int) *int { return &i }

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// viewDead returns the dead points of game id's view as ",p,q,", for
// membership tests.
func (ts *testServer) viewDead(id string) string {
	ts.t.Helper()
	s := ","
	for _, q := range ts.view(id).Dead {
		s += fmt.Sprintf("%d,", q)
	}
	return s
}

// dueComputer reports whether a computer seat of game id must act, as the
// server holding it sees it.
func (ts *testServer) dueComputer(id string) (int, bool) {
	ts.t.Helper()
	sv, err := ts.srv.load(context.Background(), id)
	if err != nil {
		ts.t.Fatal(err)
	}
	sv.mu.Lock()
	defer sv.mu.Unlock()
	seat, due := sv.t.game.Due()
	return seat, due || sv.thinking
}

// createClock creates a game with a time control.
func (ts *testServer) createClock(req createReq, clock *clockRequest) created {
	ts.t.Helper()
	body := map[string]any{"game": req.Game, "board": req.Board, "seats": req.Seats, "clock": clock}
	if req.Players != 0 {
		body["players"] = req.Players
	}
	if req.Setup != "" {
		body["setup"] = req.Setup
	}
	code, data := ts.post("/api/games", body)
	if code != http.StatusCreated {
		ts.t.Fatalf("create %+v with clock %+v: %d %s", req, clock, code, data)
	}
	var c created
	if err := json.Unmarshal(data, &c); err != nil {
		ts.t.Fatal(err)
	}
	return c
}
