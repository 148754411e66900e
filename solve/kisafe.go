package solve

import (
	"math/bits"

	"moku/board"
)

// kiSafe returns, under Ki's control rule, a set T of colour c's stones that
// can never be captured and a set E of empty points the opponent can never
// occupy, whatever either player does from here.
//
// The pair is the largest one (found as in Benson's algorithm: start with
// all of c's stones and all empty points, and drop members until nothing
// changes) in which, counting for each point t neighbours in T and e in E,
// so that the opponent has at most a = degree − t − e stones around it,
//
//   - a stone of T is never controlled by the opponent: a < 2 or a <= t
//     (the opponent needs two neighbours and more than c's, which are at
//     least t);
//   - an empty point of E is always controlled by c: t >= 2 and t > a.
//
// Why: suppose some move were the first to capture a stone of T or to
// put an opponent stone on E. Before it, T stands and E holds no opponent
// stone, so the counts above hold. The opponent cannot place on a point of
// E, which c controls; a placement elsewhere adds an opponent stone on a
// point outside T and E, so around a stone of T the opponent still has at
// most a, and the stone is not captured. c's own plays capture nothing of
// c's. So no such move exists. A game ends with T on the board and E
// empty or c's (a stone c places on E is never captured either: c controls
// the point), so c has at least |T| stones and the opponent at most
// n − |T| − |E|, under any history (Ki's recurrence rule only ends games).
func (s *Solver) kiSafe(c board.Color) (T, E uint64) {
	if s.n > 64 {
		return 0, 0
	}
	if s.nbr == nil {
		s.nbr = neighbourMasks(s.g)
	}
	var own, empty uint64
	for p := 0; p < s.n; p++ {
		switch s.st.At(p) {
		case c:
			own |= 1 << uint(p)
		case board.Empty:
			empty |= 1 << uint(p)
		}
	}
	return kiSafeSets(s.nbr, own, empty)
}

// kiSafeSets is kiSafe on bitboards: nbr[p] is the set of p's neighbours,
// own the owner's stones and empty the empty points.
func kiSafeSets(nbr []uint64, own, empty uint64) (T, E uint64) {
	T, E = own, empty
	for changed := true; changed && T|E != 0; {
		changed = false
		for m := T | E; m != 0; m &= m - 1 {
			p := bits.TrailingZeros64(m)
			bit := uint64(1) << uint(p)
			nb := nbr[p]
			t := bits.OnesCount64(nb & T)
			a := bits.OnesCount64(nb) - t - bits.OnesCount64(nb&E)
			if T&bit != 0 {
				if a >= 2 && a > t {
					T &^= bit
					changed = true
				}
			} else if t < 2 || t <= a {
				E &^= bit
				changed = true
			}
		}
	}
	return T, E
}

// neighbourMasks returns, for each point of g (at most 64), the set of its
// neighbours.
func neighbourMasks(g *board.Graph) []uint64 {
	nbr := make([]uint64, g.N())
	for p := range nbr {
		for _, q := range g.Neighbors(p) {
			nbr[p] |= 1 << uint(q)
		}
	}
	return nbr
}
