package search

import (
	"math"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/game"
)

// child returns a root child that has had playouts real playouts, won
// at rate, on top of 10 prior games.
func child(p, playouts int, rate float64) *node {
	k := newNode(game.Move{Kind: game.Place, Point: p}, board.Black, 10, 5)
	k.prior, k.priorWon = k.visits.Load(), k.wins.Load()
	k.visits.Add(int64(playouts) * unit)
	k.wins.Add(int64(rate * float64(playouts) * unit))
	return k
}

// TestLCBChoice: the lower confidence bound plays a move found late
// whose rate is well above the most visited one's (the position of
// results/pachi's "The move found late": j3 at 5,447 playouts and 43%,
// e7 at 2,366 and 77%), keeps the most visited one against a rate
// only a little higher or resting on too few playouts, and ignores a
// move below lcbShare of the most visited one's playouts however high
// its rate.
func TestLCBChoice(t *testing.T) {
	for _, c := range []struct {
		name string
		kids []*node
		want int // index into kids
	}{
		{"found late", []*node{child(0, 5447, 0.432), child(1, 2366, 0.771), child(2, 522, 0.18)}, 1},
		{"a little higher", []*node{child(0, 5000, 0.50), child(1, 2000, 0.51)}, 0},
		{"too few playouts", []*node{child(0, 5000, 0.50), child(1, 700, 0.90)}, 0},
		{"few but enough", []*node{child(0, 5000, 0.50), child(1, 800, 0.90)}, 1},
		{"all lost", []*node{child(0, 5000, 0), child(1, 1000, 0)}, 0},
		{"only one", []*node{child(0, 100, 0.3)}, 0},
	} {
		if got := lcbChoice(c.kids); got != c.kids[c.want] {
			t.Errorf("%s: chose point %d, want %d", c.name, got.move.Point, c.kids[c.want].move.Point)
		}
	}
}

// TestLCBSearchesWholeBudget: with LCB, StopEarly does not end a
// search before its playouts are spent (a move found late may yet
// overtake), where without it the same search of a decided position
// stops early; and its move is the one lcbChoice picks of the root.
func TestLCBSearchesWholeBudget(t *testing.T) {
	s, err := catalog.Start(catalog.Config{Rules: "go", Board: "5x5"})
	if err != nil {
		t.Fatal(err)
	}
	if err := game.PlayAll(s, "c3 b3 c2 b2"); err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	o.Playouts, o.StopEarly, o.Resign = 4000, true, false
	plain, err := Search(s, o)
	if err != nil {
		t.Fatal(err)
	}
	if plain.Playouts >= o.Playouts {
		t.Fatalf("without LCB the search ran all %d playouts: no early stop to compare with", plain.Playouts)
	}
	o.LCB = true
	a, tr, _, err := search(s, o, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Playouts != o.Playouts {
		t.Errorf("with LCB: %d playouts of %d", a.Playouts, o.Playouts)
	}
	if want := lcbChoice(tr.root.kids()).move; a.Best != want {
		t.Errorf("with LCB the best move is %v, lcbChoice says %v", a.Best, want)
	}
}

// TestHopeless: a search gives up only when its win rate and that of
// every move with lcbShare of the most visited one's playouts are below
// the resign rate: not when a move found late wins 43% (the position of
// results/pachi's "Resigned at 43%", where the most visited move won 1%),
// whatever the moves with few playouts say.
func TestHopeless(t *testing.T) {
	cand := func(visits int, rate float64) Candidate { return Candidate{Visits: visits, WinRate: rate} }
	for _, c := range []struct {
		name string
		a    Analysis
		want bool
	}{
		{"lost", Analysis{WinRate: 0.05, Candidates: []Candidate{cand(6000, 0.04), cand(3000, 0.06), cand(100, 0.5)}}, true},
		{"found late", Analysis{WinRate: 0.09, Candidates: []Candidate{cand(6841, 0.012), cand(4817, 0.434), cand(1180, 0.004)}}, false},
		{"a move with few playouts", Analysis{WinRate: 0.05, Candidates: []Candidate{cand(6000, 0.04), cand(800, 0.5)}}, true},
		{"overall rate above", Analysis{WinRate: 0.12, Candidates: []Candidate{cand(6000, 0.04)}}, false},
		{"no playouts of a move", Analysis{WinRate: 0.05, Candidates: []Candidate{cand(6000, 0.04), cand(0, math.NaN())}}, true},
		{"no moves", Analysis{WinRate: 0.05}, false},
	} {
		if got := hopeless(c.a, 0.1); got != c.want {
			t.Errorf("%s: hopeless %v, want %v", c.name, got, c.want)
		}
	}
}
