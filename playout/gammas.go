package playout

import "moku/board"

// Gammas weight the moves of the tactical policy's random step on a
// SquareBoard (SetGammas), as in Coulom's "Computing Elo Ratings of Move
// Patterns in the Game of Go" (2007): instead of a uniformly random
// placement, the step draws each empty point with a probability in
// proportion to its weight, the product of the gamma of its 3x3
// neighbourhood (for the player to move), of its distance from the edge,
// and of its distance from the last placement. A drawn point the policy
// may not play (ko, own eye, suicide, a self-atari of two or more stones)
// is set aside and the draw made again among the rest. The answers to
// atari come first, as without gammas; the MoGo shapes are not played
// (the patterns' gammas hold them).
type Gammas struct {
	// Pattern[c-1][code] is the gamma of a neighbourhood for player c
	// to move: code holds the eight cells around the point, NW N NE W E
	// SW S SE, two bits each (0 empty, 1 Black, 2 White, 3 off the
	// board), NW in the lowest bits.
	Pattern [2][1 << 16]float32
	// Edge[d] is the gamma of a point d+1 lines from the edge (Edge[0]
	// the edge itself), the last for any farther.
	Edge [5]float32
	// Near[d] is the factor of a point at distance d (1 to 3) from the
	// last placement; Near[0] is unused.
	Near [4]float32
}

// nearOffsets are the steps of distances 1, 2 and 3 on a grid of the
// given stride, with their distances.
func nearOffsets(s int32) (offs [24]int32, dist [24]uint8) {
	k := 0
	for dy := int32(-3); dy <= 3; dy++ {
		for dx := int32(-3); dx <= 3; dx++ {
			d := abs32(dx) + abs32(dy)
			if d == 0 || d > 3 {
				continue
			}
			offs[k], dist[k] = dy*s+dx, uint8(d)
			k++
		}
	}
	return
}

// SetGammas gives the tactical policy's random step the weights g (nil:
// uniform, the default).
func (b *SquareBoard) SetGammas(g *Gammas) {
	b.gammas = g
	if g == nil {
		return
	}
	b.nearOff, b.nearDist = nearOffsets(b.stride)
	for i := range b.toInt {
		x, y := i%b.w, i/b.w
		d := min(x, y, b.w-1-x, b.h-1-y, len(g.Edge)-1)
		b.edgeW[b.toInt[i]&cellMask] = g.Edge[d]
	}
}

// gammaMove is the random step with gammas: an empty point drawn in
// proportion to its weight among those the policy may play, or -1 if
// there is none.
func (b *SquareBoard) gammaMove(r *Rand) int32 {
	c := b.toMove
	g := b.gammas
	tab := &g.Pattern[c-1]
	n := b.empties.n
	sum := float32(0)
	for i := int32(0); i < n; i++ {
		p := b.empties.list[i&cellMask]
		w := tab[b.code3x3(p)] * b.edgeW[p&cellMask]
		b.weight[i&cellMask] = w
		sum += w
	}
	if l := b.last; l >= 0 {
		for k, o := range b.nearOff {
			q := l + o
			if q < 0 || q >= b.cellsUsed || b.color[q&cellMask] != board.Empty {
				continue
			}
			i := b.empties.at[q&cellMask]
			w := b.weight[i&cellMask]
			x := w * g.Near[b.nearDist[k]]
			b.weight[i&cellMask] = x
			sum += x - w
		}
	}
	for tries := int32(0); tries < n && sum > 0; tries++ {
		u := float32(r.Uint64()>>40) / (1 << 24) * sum
		i := int32(0)
		for ; i < n-1; i++ {
			if u < b.weight[i&cellMask] {
				break
			}
			u -= b.weight[i&cellMask]
		}
		p := b.empties.list[i&cellMask]
		if w := b.weight[i&cellMask]; w > 0 && p != b.ko && !b.eye(p, c) && b.lives(p, c) && !b.selfAtari(p, c) {
			return p
		}
		sum -= b.weight[i&cellMask]
		b.weight[i&cellMask] = 0
	}
	return -1
}
