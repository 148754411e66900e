package game_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"moku/catalog"
	"moku/game"
)

// firstPoint always plays the lowest legal placement: a player whose moves
// are told apart from random ones.
type firstPoint struct{}

func (firstPoint) Name() string { return "first point" }
func (firstPoint) Genmove(s game.State) (game.Move, error) {
	for _, m := range s.LegalMoves(nil) {
		if m.Kind == game.Place {
			return m, nil
		}
	}
	return game.PassMove, nil
}

// TestDiluted: a Diluted player plays its player's move with probability
// 1-Share and a random one otherwise; its moves are legal; a reseeded
// player repeats its moves.
func TestDiluted(t *testing.T) {
	for _, share := range []float64{0, 0.25, 0.5, 1} {
		d := game.Diluted{Player: firstPoint{}, Random: game.RandomPlayer{Rand: rand.New(rand.NewPCG(1, 2))}, Share: share}
		s, err := catalog.Start(catalog.Config{Rules: "go", Board: "19x19"})
		if err != nil {
			t.Fatal(err)
		}
		own, n := 0, 2000
		for range n {
			m, err := d.Genmove(s)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Legal(m); err != nil {
				t.Fatalf("share %g: illegal %v: %v", share, m, err)
			}
			want, _ := firstPoint{}.Genmove(s)
			if m == want {
				own++
			}
		}
		// A random move is the first point about once in 361 times.
		got := float64(own) / float64(n)
		if math.Abs(got-(1-share)) > 0.04 {
			t.Errorf("share %g: %.3f of the moves were the player's; want about %.2f", share, got, 1-share)
		}
	}
	s, _ := catalog.Start(catalog.Config{Rules: "go", Board: "9x9"})
	d := game.Diluted{Player: firstPoint{}, Random: game.RandomPlayer{Rand: rand.New(rand.NewPCG(1, 2))}, Share: 0.5}
	moves := func() []game.Move {
		d.Reseed(7)
		var out []game.Move
		for range 50 {
			m, _ := d.Genmove(s)
			out = append(out, m)
		}
		return out
	}
	a, b := moves(), moves()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("move %d after the same seed: %v, then %v", i, a[i], b[i])
		}
	}
	if d.Name() != "first point, 50% random moves" {
		t.Errorf("name %q", d.Name())
	}
}
