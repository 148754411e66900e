package search

import (
	"sync"

	"moku/board"
	"moku/playout"
	"moku/prior"
)

// gammasOf holds the playout gammas made from each model (playoutGammas).
var gammasOf sync.Map // *prior.Model → *playout.Gammas

// playoutGammas returns the weights of the square board's random step
// (playout.Gammas) that model m's gammas give: its 3x3 patterns, its
// distances from the edge, and its distances from the last move over
// that of a far move.
func playoutGammas(m *prior.Model) *playout.Gammas {
	if g, ok := gammasOf.Load(m); ok {
		return g.(*playout.Gammas)
	}
	g := new(playout.Gammas)
	// The cells of code3x3 (NW N NE W E SW S SE) in the model's ring
	// order, clockwise from the north: N NE E SE S SW W NW.
	ringOf := [8]int{1, 2, 4, 7, 6, 5, 3, 0}
	var ring [8]uint8
	for _, c := range []board.Color{board.Black, board.White} {
		for code := 0; code < 1<<16; code++ {
			for i, j := range ringOf {
				switch x := board.Color(code >> (2 * j) & 3); {
				case x == board.Empty:
					ring[i] = 0
				case x == c:
					ring[i] = 1
				case x == 3:
					ring[i] = 3
				default:
					ring[i] = 2
				}
			}
			g.Pattern[c-1][code] = float32(m.PatternGamma(ring[:]))
		}
	}
	gamma := func(grp prior.Group, v uint32) float64 {
		if y, ok := m.Gamma[prior.Feature{Group: grp, Value: v}]; ok {
			return y
		}
		return 1
	}
	for d := range g.Edge {
		g.Edge[d] = float32(gamma(prior.Edge, uint32(d+1)))
	}
	far := gamma(prior.Last, 5)
	for d := 1; d < len(g.Near); d++ {
		g.Near[d] = float32(gamma(prior.Last, uint32(d)) / far)
	}
	got, _ := gammasOf.LoadOrStore(m, g)
	return got.(*playout.Gammas)
}
