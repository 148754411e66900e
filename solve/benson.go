package solve

import (
	"math/bits"

	"moku/board"
	"moku/rules"
)

// safePoints returns the number of points that are colour c's at the end
// of every game from here in which c never plays inside its own vital
// regions: the stones of c's unconditionally alive chains (Benson's
// algorithm: chains that keep a liberty in each of two healthy enclosed
// regions however the opponent plays, even if c always passes) and the
// one-point regions those chains enclose, where the opponent can never play
// (suicide is forbidden, or would change nothing). Restricting c's play can
// only lower c's result, so c's score is at least this many points in the
// game's value: a bound that holds under any history, which is why the
// solver may use it with superko. It is used for plain connectivity only
// (Go, not Keil's linking).
func (s *Solver) safePoints(c board.Color) int {
	n := s.n
	g := s.g
	at := s.cells[:n]
	for p := 0; p < n; p++ {
		at[p] = s.st.At(p)
	}
	// Chains of c and regions (connected sets of points not holding c).
	chain := s.chainID[:n]
	region := s.regionID[:n]
	for p := range chain {
		chain[p], region[p] = -1, -1
	}
	nc, nr := 0, 0
	stack := s.work[:0]
	for p := 0; p < n; p++ {
		if chain[p] >= 0 || region[p] >= 0 {
			continue
		}
		in := at[p] == c
		id := nc
		if !in {
			id = nr
		}
		stack = append(stack[:0], int32(p))
		if in {
			chain[p] = id
		} else {
			region[p] = id
		}
		for len(stack) > 0 {
			q := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			for _, r := range g.Neighbors(q) {
				if (at[r] == c) != in {
					continue
				}
				if in && chain[r] < 0 {
					chain[r] = id
					stack = append(stack, r)
				} else if !in && region[r] < 0 {
					region[r] = id
					stack = append(stack, r)
				}
			}
		}
		if in {
			nc++
		} else {
			nr++
		}
	}
	s.work = stack
	if nc == 0 || nc > 64 || nr > 64 {
		return 0
	}
	// For each region: the chains bordering it, the chains for which it is
	// healthy (every empty point of it is a liberty of the chain), its size.
	border := s.u64a[:nr]
	healthy := s.u64b[:nr]
	size := s.ints[:nr]
	for r := range border {
		border[r], healthy[r], size[r] = 0, ^uint64(0), 0
	}
	for p := 0; p < n; p++ {
		r := region[p]
		if r < 0 {
			continue
		}
		size[r]++
		var adj uint64
		for _, q := range g.Neighbors(p) {
			if at[q] == c {
				adj |= 1 << uint(chain[q])
			}
		}
		border[r] |= adj
		if at[p] == board.Empty {
			healthy[r] &= adj
		}
	}
	alive := uint64(1)<<uint(nc) - 1
	if nc == 64 {
		alive = ^uint64(0)
	}
	live := uint64(1)<<uint(nr) - 1
	if nr == 64 {
		live = ^uint64(0)
	}
	for {
		changed := false
		// Regions bordering a dead chain are no longer enclosed.
		for r := 0; r < nr; r++ {
			if live&(1<<uint(r)) != 0 && border[r]&^alive != 0 {
				live &^= 1 << uint(r)
				changed = true
			}
		}
		for ch := 0; ch < nc; ch++ {
			if alive&(1<<uint(ch)) == 0 {
				continue
			}
			count := 0
			for r := 0; r < nr && count < 2; r++ {
				if live&(1<<uint(r)) != 0 && healthy[r]&(1<<uint(ch)) != 0 {
					count++
				}
			}
			if count < 2 {
				alive &^= 1 << uint(ch)
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	if alive == 0 {
		return 0
	}
	safe := 0
	for p := 0; p < n; p++ {
		if at[p] == c && alive&(1<<uint(chain[p])) != 0 {
			safe++
		}
		if r := region[p]; r >= 0 && live&(1<<uint(r)) != 0 && size[r] == 1 && at[p] == board.Empty && border[r]&^alive == 0 {
			safe++ // a one-point eye of alive chains
		}
	}
	return safe
}

// bensonOK reports whether safePoints applies to the ruleset.
func bensonOK(r rules.Ruleset) bool {
	return r.Family == rules.Liberty && r.Links == rules.Plain && r.Scoring == rules.Area && r.Players == 2 && r.Ko != rules.KoCycle
}

// keilSafe returns points that are colour c's at the end of every game
// from here in which c never plays into the empty ones, under Keil's linking
// (either wording): a set S of c's stones and a set E of empty points,
// found as in Benson's algorithm (start with all of c's stones and all
// empty points, drop members until nothing changes), such that
//
//   - every neighbour of a point of E is in S or E, at least one in S,
//     every pair of a point of E and a neighbour has a witness, and every
//     witness of a pair of adjacent points of E is in S;
//   - each component of S (adjacent stones of S joined through a witness
//     in S) has two points of E that are firmly its liberties: next to one
//     of its stones, with a witness of that pair in S.
//
// Why: suppose the opponent placed a stone at a point p of E. Its
// neighbours are c's stones and empty points of E, and each empty one, q,
// is not linked to it: every witness of (p, q) holds a stone of c, which
// neither wording links to an opponent stone next to an empty point. So
// the stone has no liberty and no friend, and the placement is legal only
// if it captures; but every component of S keeps a second firm liberty
// (empty, and linked through a witness of c's colour whatever p holds), so
// nothing of S is captured, and no stone next to p is anything but S. So
// the placement is suicide, which Keil forbids, and E stays empty and S on
// the board while c keeps out of E (c's own plays remove none of c's
// stones). At the end each point of E lies in a territory of points of E
// (adjacent points of E are linked only under keil-2019, and only to each
// other), linked to a stone of S and to no other stone: owned by c. So the
// points of S and E are c's. With E of single points (each neighbour a
// stone) these are Benson's one-point eyes; E may also hold regions such
// as two adjacent points inside c's wall, whose witnesses are c's.
// Restricting c so can only lower c's result, so the count bounds the
// value from c's side under any history. The mask needs at most 64
// points; it is 0 otherwise.
func (s *Solver) keilSafe(c board.Color) uint64 {
	n := s.n
	if n > 64 {
		return 0
	}
	g := s.g
	var S, E uint64
	for p := 0; p < n; p++ {
		switch s.st.At(p) {
		case c:
			S |= 1 << uint(p)
		case board.Empty:
			E |= 1 << uint(p)
		}
	}
	in := func(m uint64, p int32) bool { return m&(1<<uint(p)) != 0 }
	comp := s.chainID[:n]
	for S != 0 {
		// Drop points of E whose conditions fail.
		for again := true; again; {
			again = false
			for m := E; m != 0; m &= m - 1 {
				p := bits.TrailingZeros64(m)
				lo, hi := g.EdgeRange(p)
				ok, stone := true, false
				for e := lo; e < hi && ok; e++ {
					q := int32(g.EdgeTo(e))
					w := g.EdgeWitnesses(e)
					switch {
					case len(w) == 0:
						ok = false
					case in(S, q):
						stone = true
					case in(E, q):
						for _, x := range w {
							if !in(S, x) {
								ok = false
								break
							}
						}
					default:
						ok = false
					}
				}
				if !ok || !stone {
					E &^= 1 << uint(p)
					again = true
				}
			}
		}
		// Components of S joined through witnesses in S.
		for p := range comp {
			comp[p] = -1
		}
		nc := 0
		stack := s.work[:0]
		for m := S; m != 0; m &= m - 1 {
			p := bits.TrailingZeros64(m)
			if comp[p] >= 0 {
				continue
			}
			comp[p] = nc
			stack = append(stack[:0], int32(p))
			for len(stack) > 0 {
				q := int(stack[len(stack)-1])
				stack = stack[:len(stack)-1]
				lo, hi := g.EdgeRange(q)
				for e := lo; e < hi; e++ {
					r := g.EdgeTo(e)
					if !in(S, int32(r)) || comp[r] >= 0 {
						continue
					}
					for _, w := range g.EdgeWitnesses(e) {
						if in(S, w) {
							comp[r] = nc
							stack = append(stack, int32(r))
							break
						}
					}
				}
			}
			nc++
		}
		s.work = stack
		// Firm liberties per component (a point next to several stones of
		// one component counts once for it).
		count := s.ints[:0]
		for i := 0; i < nc; i++ {
			count = append(count, 0)
		}
		for m := E; m != 0; m &= m - 1 {
			p := bits.TrailingZeros64(m)
			var seen uint64 // components counted for this point (first 64)
			lo, hi := g.EdgeRange(p)
			for e := lo; e < hi; e++ {
				q := int32(g.EdgeTo(e))
				if !in(S, q) {
					continue
				}
				firm := false
				for _, x := range g.EdgeWitnesses(e) {
					if in(S, x) {
						firm = true
						break
					}
				}
				ci := comp[q]
				if !firm || ci < 64 && seen&(1<<uint(ci)) != 0 {
					continue
				}
				if ci < 64 {
					seen |= 1 << uint(ci)
				}
				count[ci]++
			}
		}
		changed := false
		for m := S; m != 0; m &= m - 1 {
			p := bits.TrailingZeros64(m)
			if count[comp[p]] < 2 {
				S &^= 1 << uint(p)
				changed = true
			}
		}
		if !changed {
			return S | E
		}
	}
	return 0
}
