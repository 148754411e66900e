package playout

import (
	"math"
	"testing"

	"moku/board"
)

// TestReferenceStatistics reproduces the published statistics of the
// reference light playout on the empty 9x9 board (go.md): about 111 moves
// a playout, Black winning about 52.4% at komi 0 and 42.1% at komi 7.5.
// Each playout is scored at both komis. The tolerance is four standard
// errors of the measured rate (plus the reference's own rounding).
func TestReferenceStatistics(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 20000
	}
	s := start(t, "go", "9x9")
	b := NewGo(s.Graph(), 2, false, 0)
	r := NewRand(42)
	var moves, placements, win0, win75 float64
	for i := 0; i < n; i++ {
		b.Load(s)
		moves += float64(b.Playout(r))
		placements += float64(len(b.Steps()))
		sc := b.Score()
		d := sc[board.Black] - (sc[board.White] - s.Rules().Komi) // the board alone
		if d > 0 {
			win0++
		} else if d == 0 {
			win0 += 0.5
		}
		if d > 7.5 {
			win75++
		}
	}
	nf := float64(n)
	t.Logf("%d playouts: %.2f moves (%.2f placements) a playout; Black wins %.2f%% at komi 0, %.2f%% at komi 7.5",
		n, moves/nf, placements/nf, 100*win0/nf, 100*win75/nf)
	check := func(name string, got, want float64) {
		se := math.Sqrt(want * (1 - want) / nf)
		if math.Abs(got-want) > 4*se+0.0005 {
			t.Errorf("%s: %.4f, want %.4f ± %.4f", name, got, want, 4*se+0.0005)
		}
	}
	check("Black's wins at komi 0", win0/nf, 0.524)
	check("Black's wins at komi 7.5", win75/nf, 0.421)
}
