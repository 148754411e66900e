package solve

import (
	"math/bits"

	"moku/board"
)

// Move ordering tiers: a move's ordering score is its tier plus its history
// heuristic count (which stays far below a tier's width in any search the
// solver can finish).
const (
	tierCapture = int64(1) << 50 // plus 2^40 per stone captured
	tierSave    = int64(1) << 46 // extends a chain in atari
	tierAtari   = int64(1) << 45 // puts an enemy chain in atari
	tierNormal  = int64(1) << 44
	tierPass    = int64(1) << 43 // a pass that does not end the game
	tierBad     = int64(1) << 42 // fills an own eye or ataris itself
)

// tactician orders stone plays by their tactical effect under plain
// connectivity on at most 64 points, two colours.
type tactician struct {
	nbr  []uint64 // neighbour masks
	full uint64   // all points
}

// newTactician returns a tactician for g, or nil if g is too large.
func newTactician(g *board.Graph) *tactician {
	n := g.N()
	if n > 64 {
		return nil
	}
	t := &tactician{nbr: make([]uint64, n), full: ^uint64(0)}
	if n < 64 {
		t.full = 1<<uint(n) - 1
	}
	for p := 0; p < n; p++ {
		for _, q := range g.Neighbors(p) {
			t.nbr[p] |= 1 << uint(q)
		}
	}
	return t
}

// chainOf returns the set of points of mask connected to seed inside mask.
func (s *tactician) chainOf(seed, mask uint64) uint64 {
	c := seed
	for {
		next := c | s.adj(c)&mask
		if next == c {
			return c
		}
		c = next
	}
}

// adj returns the points adjacent to some point of set.
func (s *tactician) adj(set uint64) uint64 {
	var out uint64
	for set != 0 {
		p := bits.TrailingZeros64(set)
		set &= set - 1
		out |= s.nbr[p]
	}
	return out
}

// tactics returns the ordering tier of a stone play by mover at the empty
// point p, for plain connectivity on two colours: captures first (more
// stones first), then saving a chain in atari, ataris, ordinary moves; own
// eye fills and self-ataris last. Only an order: nothing is pruned.
func (s *tactician) tactics(p int, own, opp uint64) int64 {
	empty := s.full &^ (own | opp)
	bit := uint64(1) << uint(p)
	nb := s.nbr[p]
	if nb&^own == 0 {
		return tierBad // every neighbour is the mover's: an own eye
	}
	captured := 0
	atari := false
	var capturedSet uint64
	for m := nb & opp; m != 0; {
		q := bits.TrailingZeros64(m)
		ch := s.chainOf(1<<uint(q), opp)
		m &^= ch
		libs := s.adj(ch) & empty
		switch bits.OnesCount64(libs) {
		case 1:
			captured += bits.OnesCount64(ch)
			capturedSet |= ch
		case 2:
			atari = true
		}
	}
	if captured > 0 {
		return tierCapture + int64(captured)<<40
	}
	// The mover's chain after the play and its liberties.
	mine := s.chainOf(bit, own|bit)
	libs := s.adj(mine) & (empty &^ bit)
	saves := false
	for m := nb & own; m != 0; {
		q := bits.TrailingZeros64(m)
		ch := s.chainOf(1<<uint(q), own)
		m &^= ch
		if bits.OnesCount64(s.adj(ch)&empty) == 1 {
			saves = true
		}
	}
	nl := bits.OnesCount64(libs)
	switch {
	case nl <= 1:
		return tierBad
	case saves:
		return tierSave
	case atari:
		return tierAtari
	}
	return tierNormal
}
