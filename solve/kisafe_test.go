package solve

import (
	"math/bits"
	"math/rand"
	"testing"

	"moku/board"
	"moku/catalog"
)

// kiSafe's claim, checked directly: on random Ki positions, the stones it
// returns for a colour stay on the board and its points never hold an
// opponent stone through random continuations by both sides, and at the
// end of each continuation the colour has at least |T| stones and the
// opponent at most n − |T| − |E|.
func TestKiSafeHolds(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	found, foundE := 0, 0
	for _, spec := range []string{"3x3", "5x5", "7x7"} {
		for game := 0; game < 300; game++ {
			s := build(t, "ki", spec)
			st := s.st
			n := s.g.N()
			for i := rng.Intn(2 * n); i > 0 && !st.Over(); i-- {
				randomMove(rng, st, 0, board.Empty)
			}
			if st.Over() {
				continue
			}
			for _, c := range []board.Color{board.Black, board.White} {
				T, E := s.kiSafe(c)
				if T == 0 {
					continue
				}
				found++
				if E != 0 {
					foundE++
				}
				for m := T; m != 0; m &= m - 1 {
					if p := bits.TrailingZeros64(m); st.At(p) != c {
						t.Fatalf("%s: safe stone %s is not %v's", spec, s.g.Name(p), c)
					}
				}
				for m := E; m != 0; m &= m - 1 {
					if p := bits.TrailingZeros64(m); st.At(p) != board.Empty {
						t.Fatalf("%s: safe point %s is not empty", spec, s.g.Name(p))
					}
				}
				played := 0
				for !st.Over() {
					randomMove(rng, st, 0, board.Empty)
					played++
					for p := 0; p < n; p++ {
						bit := uint64(1) << uint(p)
						if T&bit != 0 && st.At(p) != c || E&bit != 0 && st.At(p) != c && st.At(p) != board.Empty {
							t.Fatalf("%s: safe point %s of %v lost after %d moves (history %v)", spec, s.g.Name(p), c, played, st.History())
						}
					}
				}
				r := st.Result()
				if r.Stones[c] < bits.OnesCount64(T) || r.Stones[3-c] > n-bits.OnesCount64(T|E) {
					t.Fatalf("%s: %v has %d stones and the opponent %d, outside the bounds %d and %d", spec, c,
						r.Stones[c], r.Stones[3-c], bits.OnesCount64(T), n-bits.OnesCount64(T|E))
				}
				for ; played > 0; played-- {
					st.Undo()
				}
			}
		}
	}
	if found < 100 || foundE < 20 {
		t.Errorf("only %d positions with safe stones (%d with safe points): the test checks too little", found, foundE)
	}
	t.Logf("%d positions with safe stones (%d with safe points) checked", found, foundE)
}

// The bounds change the work, never the value.
func TestKiBoundsAgree(t *testing.T) {
	for _, komi := range []float64{0, 3, 4} {
		r, g, err := catalog.Config{Rules: "ki", Board: "3x3"}.Build()
		if err != nil {
			t.Fatal(err)
		}
		r.Komi = komi
		var vals [2]float64
		for i, nb := range []bool{false, true} {
			s, err := New(r, g, Options{NoBounds: nb})
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Solve()
			if err != nil {
				t.Fatal(err)
			}
			vals[i] = res.Value
		}
		if vals[0] != vals[1] {
			t.Errorf("ki 3x3 komi %v: %v with kiSafe bounds, %v without", komi, vals[0], vals[1])
		}
	}
}
