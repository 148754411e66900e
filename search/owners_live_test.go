package search

import (
	"math"
	"testing"

	"moku/board"
	"moku/game"
	"moku/prior"
)

// TestLiveOwners: the owners the priors read with Options.LiveOwners
// count the root's estimate as OwnerPlayouts playouts beside the
// worker's own; before any playout they are the root's.
func TestLiveOwners(t *testing.T) {
	root := make([]game.Shares, 2)
	root[0][board.Black], root[0][board.White] = 0.5, 0.5
	root[1][board.Empty], root[1][board.White] = 0.25, 0.75
	w := &worker{own: make([][board.MaxPlayers + 1]float64, 2)}
	if got := w.liveOwners(root); &got[0] != &root[0] {
		t.Fatalf("before any playout: %v, want the root's own slice", got)
	}
	// 40 playouts: point 0 Black's in 30, White's in 10; point 1 White's in all.
	w.own[0][board.Black], w.own[0][board.White] = 30, 10
	w.own[1][board.White] = 40
	got := w.liveOwners(root)
	k := float64(OwnerPlayouts)
	for _, c := range []struct {
		p    int
		c    board.Color
		want float64
	}{
		{0, board.Black, (k*0.5 + 30) / (k + 40)},
		{0, board.White, (k*0.5 + 10) / (k + 40)},
		{1, board.Empty, k * 0.25 / (k + 40)},
		{1, board.White, (k*0.75 + 40) / (k + 40)},
	} {
		if math.Abs(got[c.p][c.c]-c.want) > 1e-12 {
			t.Errorf("point %d, colour %d: %g, want %g", c.p, c.c, got[c.p][c.c], c.want)
		}
	}
	for p := range got {
		sum := 0.0
		for _, x := range got[p] {
			sum += x
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("point %d: shares add up to %g", p, sum)
		}
	}
}

// TestSearchLiveOwners: a search with LiveOwners on 9x9 Go, whose
// weights have the Owner feature, on one thread and two, makes exactly
// its playouts and returns a legal move; the root's most visited child,
// expanded once playouts had been made, gives its children priors other
// than those the root's estimate gives the same position, which a search
// without LiveOwners gives exactly.
func TestSearchLiveOwners(t *testing.T) {
	for _, c := range []struct {
		threads int
		live    bool
	}{{1, true}, {2, true}, {1, false}} {
		s := start(t, "go", "9x9", "e5", "c3", "g7", "c7")
		opt := Options{Playouts: 3000, Threads: c.threads, Seed: 1, Heavy: true, Learned: true, LiveOwners: c.live}
		a, tr, _, err := search(s, opt, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Legal(a.Best); err != nil || a.Playouts != 3000 {
			t.Fatalf("%+v: best move %s (%v) after %d playouts, want 3000", c, a.Best.Format(s.Graph()), err, a.Playouts)
		}
		top := mostVisited(tr.root.kids())
		kids := top.kids()
		if len(kids) == 0 {
			t.Fatalf("%+v: the most visited move %s was never expanded", c, top.move.Format(s.Graph()))
		}
		// The priors the root's estimate gives top's position.
		x := prior.NewExtractor(s.Rules(), s.Graph())
		x.SetOwners(Owners(s, 1))
		s2 := s.Clone()
		if err := s2.Play(top.move); err != nil {
			t.Fatal(err)
		}
		moves := s2.LegalMoves(nil)
		probs := tr.model.Probabilities(x.Moves(s2, moves, nil), nil)
		want := map[game.Move]float32{}
		for i, m := range moves {
			want[m] = float32(probs[i])
		}
		differ := 0
		for _, k := range kids {
			if k.policy != want[k.move] {
				differ++
			}
		}
		if c.live && differ == 0 {
			t.Errorf("%+v: every child of %s has the root estimate's prior", c, top.move.Format(s.Graph()))
		}
		if !c.live && differ != 0 {
			t.Errorf("%+v: %d children of %s differ from the root estimate's prior", c, differ, top.move.Format(s.Graph()))
		}
	}
}
