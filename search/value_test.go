package search

import (
	"math"
	"math/rand/v2"
	"testing"

	"moku/game"
)

// TestValueFormula: the one-division form of the RAVE value equals
// michi's formula on random counts, with and without AMAF visits.
func TestValueFormula(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const equiv = 3500
	for i := 0; i < 10000; i++ {
		v := 1 + rng.Float64()*10000
		w := rng.Float64() * v
		an := 0.0
		if i%4 != 0 {
			an = rng.Float64() * 20000
		}
		aw := rng.Float64() * an
		n := newNode(game.PassMove, 1, v, w)
		n.amafN.Store(int64(math.Round(an * unit)))
		n.amafWins.Store(int64(math.Round(aw * unit)))
		// newNode rounds to twelfths: compare with the rounded counts.
		v, w = float64(n.visits.Load())/unit, float64(n.wins.Load())/unit
		an, aw = float64(n.amafN.Load())/unit, float64(n.amafWins.Load())/unit
		want := w / v
		if an > 0 {
			beta := an / (an + v + an*v/equiv)
			want = (1-beta)*w/v + beta*aw/an
		}
		if got := n.value(1/(float64(equiv)*unit), 0); math.Abs(got-want) > 1e-12 {
			t.Fatalf("v %v w %v an %v aw %v: %v, want %v", v, w, an, aw, got, want)
		}
	}
}
