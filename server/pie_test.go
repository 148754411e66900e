package server

import (
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"

	"moku/board"
	"moku/game"
	"moku/rules"
	"moku/search"
	"moku/session"
	"moku/store"
)

// piePlayer cuts the komi pie with the search; otherwise it is the random
// player.
type piePlayer struct {
	session.Random
	opts  search.Options
	chose board.Color
}

func (p *piePlayer) ProposeKomi(s game.State) (float64, error) {
	prop, err := search.ProposeKomi(s, p.opts)
	return prop.Komi, err
}

func (p *piePlayer) ChooseColor(s game.State, komi float64) (board.Color, error) {
	c, _, err := search.ChooseColor(s, komi, p.opts)
	p.chose = c
	return c, err
}

// TestComputerPie lets the search cut Keil's komi pie: as the first seat it
// names a whole komi (the button is in play), as the second it chooses the
// colour the search prefers, and the game then starts.
func TestComputerPie(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "moku.db"))
	if err != nil {
		t.Fatal(err)
	}
	opts := search.DefaultOptions()
	opts.Playouts, opts.Resign = 500, false
	pp := &piePlayer{opts: opts}
	srv := New(st, Options{Computer: func(string, rules.Ruleset) (session.Player, error) { return pp, nil }})
	ts := &testServer{t: t, srv: srv, http: httptest.NewServer(srv), store: st}
	t.Cleanup(func() { ts.http.CloseClientConnections(); srv.Close(); ts.http.Close(); st.Close() })

	// The computer names the komi; the person chooses.
	g := ts.create(createReq{Game: "keil", Board: "hex:3", Setup: "pie", Seats: []seatReq{{Kind: "computer"}, {Kind: "human"}}})
	v := ts.waitView(g.ID, func(v gameView) bool { return v.PieKomi != "" })
	k, err := strconv.ParseFloat(v.PieKomi, 64)
	if err != nil || k != float64(int(k)) || k < 0 || k > 19 {
		t.Fatalf("the computer named komi %q: want a whole number of points within the board", v.PieKomi)
	}
	ts.must(g, 1, "choose", "white")
	if v := ts.view(g.ID); v.Phase != "playing" || v.Seats[1].Color != "white" {
		t.Fatalf("after the choice: %s, seat 1 %s", v.Phase, v.Seats[1].Color)
	}

	// The person names the komi; the computer chooses.
	g = ts.create(createReq{Game: "keil", Board: "hex:3", Setup: "pie", Seats: []seatReq{{Kind: "human"}, {Kind: "computer"}}})
	ts.must(g, 0, "komi", "30")
	v = ts.waitView(g.ID, func(v gameView) bool { return v.Phase == "playing" })
	if pp.chose != board.White || v.Seats[1].Color != "white" {
		t.Errorf("with komi 30 on 19 points the computer chose %v (seat plays %s), want white", pp.chose, v.Seats[1].Color)
	}
}
