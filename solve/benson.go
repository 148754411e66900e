package solve

import (
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
