package server

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"moku/computer"
	"moku/store"
)

// TestRetiredLevel: a level no longer offered is refused for a new game,
// and a game stored with it still loads and the computer still moves in
// it.
func TestRetiredLevel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "moku.db")
	serve := func(levels []string) (*testServer, func()) {
		st, err := store.OpenSQLite(path)
		if err != nil {
			t.Fatal(err)
		}
		srv := New(st, Options{Computer: computer.New, Levels: levels})
		hs := httptest.NewServer(srv)
		return &testServer{t: t, srv: srv, http: hs, store: st}, func() {
			hs.CloseClientConnections()
			srv.Close()
			hs.Close()
			st.Close()
		}
	}
	retired := computer.Retired[0]
	old, stop := serve(append(append([]string{}, computer.Levels...), retired))
	g := old.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human"}, {Kind: "computer", Level: retired}}})
	stop()

	ts, stop := serve(computer.Levels)
	defer stop()
	code, body := ts.post("/api/games", createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human"}, {Kind: "computer", Level: retired}}})
	if msg := errorOf(t, body); code != http.StatusBadRequest || msg == "" {
		t.Errorf("a new game at the retired level: %d %q; want 400", code, msg)
	}
	if v := ts.view(g.ID); v.Seats[1].Level != retired {
		t.Fatalf("stored game's seat: %+v", v.Seats[1])
	}
	ts.must(g, 0, "move", "c3")
	v := ts.waitView(g.ID, func(v gameView) bool { return len(v.Moves) >= 2 })
	if v.Moves[1].Color != "white" {
		t.Errorf("moves %+v: the computer at %s did not answer", v.Moves, retired)
	}
}
