package search

import (
	"math/rand/v2"
	"testing"

	"moku/board"
	"moku/game"
)

// TestKeeThreePlayers: in a three-player Kee game, each player maximises
// its own result: a searching player wins against two random players,
// whichever seat it takes.
func TestKeeThreePlayers(t *testing.T) {
	for seat := board.Black; seat <= board.Red; seat++ {
		s := start(t, "kee players=3", "5x5")
		mcts := New(Options{Playouts: 1000, Seed: uint64(seat), Resign: false})
		random := game.RandomPlayer{Rand: rand.New(rand.NewPCG(uint64(seat), 3))}
		for n := 0; !s.Over(); n++ {
			if n > 600 {
				t.Fatalf("no end after 600 moves")
			}
			var p game.Player = random
			if s.ToMove() == seat {
				p = mcts
			}
			m, err := p.Genmove(s)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Play(m); err != nil {
				t.Fatalf("%s: %v\n%s", p.Name(), err, game.Text(s))
			}
		}
		r := s.Result()
		t.Logf("mcts as %s: %s after %d moves", seat, r, len(s.History()))
		if r.Rank()[seat] != 1 {
			t.Errorf("mcts as %s did not come first: %s\n%s", seat, r, game.Text(s))
		}
	}
}
