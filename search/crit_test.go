package search

import (
	"math"
	"testing"

	"moku/board"
	"moku/game"
)

// TestCriticality: Coulom's criticality of a node's point is the share of
// playouts the winner owned it in, less what owning it and winning would
// give if they were independent; it counts from critMin playouts on, and
// a positive one raises the node's value by adding won AMAF games.
func TestCriticality(t *testing.T) {
	for _, c := range []struct {
		name                string
		n, won, me, winOwns int64
		want                float64
	}{
		{"the winner always owns it", 4000, 2000, 2000, 4000, 0.5},
		{"owning and winning independent", 4000, 2000, 2000, 2000, 0},
		{"the loser always owns it", 4000, 2000, 2000, 0, -0.5},
		{"a won point the player always owns", 4000, 3000, 4000, 3000, 0},
		{"too few playouts", critMin - 1, 500, 500, critMin - 1, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := newNode(game.At(0), board.Black, 10, 5)
			k.prior, k.priorWon = k.visits.Load(), k.wins.Load()
			k.visits.Add(c.n * unit)
			k.wins.Add(c.won * unit)
			k.critN.Store(c.n)
			k.meOwn.Store(c.me)
			k.winOwn.Store(c.winOwns)
			if got := k.criticality(); math.Abs(got-c.want) > 1e-9 {
				t.Errorf("criticality %g, want %g", got, c.want)
			}
			k.amafN.Store(3000 * unit)
			k.amafWins.Store(1500 * unit)
			inv := 1 / (3500.0 * unit)
			plain, crit := k.value(inv, 0), k.value(inv, 1.1)
			switch {
			case c.want > 0 && !(crit > plain), c.want < 0 && !(crit < plain), c.want == 0 && crit != plain:
				t.Errorf("value %g with criticality 1.1, %g without", crit, plain)
			}
		})
	}
}

// TestCriticalityCounts: a search with criticality counts, for the root's
// moves, the playouts with an owner of their point, and of those the ones
// the mover and the winner owned it in; without it counts nothing.
func TestCriticalityCounts(t *testing.T) {
	for _, crit := range []float64{0, 1.1} {
		s := start(t, "go", "5x5")
		o := DefaultOptions()
		o.Playouts, o.Criticality, o.StopEarly = 3000, crit, false
		o.fill()
		_, tr, _, err := search(s, o, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		var n, me, win int64
		for _, k := range tr.root.kids() {
			kn, km, kw := k.critN.Load(), k.meOwn.Load(), k.winOwn.Load()
			if km > kn || kw > kn || kn > int64(k.realVisits()) {
				t.Errorf("criticality %g, %s: %d counted, %d owned by the mover, %d by the winner, %d visits", crit, k.move.Format(s.Graph()), kn, km, kw, k.realVisits())
			}
			n, me, win = n+kn, me+km, win+kw
		}
		if crit == 0 && n != 0 || crit > 0 && (n < 2000 || me == 0 || win == 0) {
			t.Errorf("criticality %g: %d playouts counted, %d owned by the mover, %d by the winner", crit, n, me, win)
		}
	}
}
