package playout

import (
	"sync"

	"moku/board"
)

// moggyShapeSources are the 3x3 shapes of Pachi's moggy playouts (Pachi
// 12.90, playout/moggy.c), MoGo's with Pachi's changes, centred on the
// candidate move, in Pachi's order, each with the gamma by which moggy
// draws among the shapes that match (tuned by Pachi's authors with CLOP
// on 15x15). The symbols are patternSources', and: 'Y' an X stone and
// 'Q' an O stone whose chain is not in atari, where the cell is next to
// the move (on a diagonal, any X or O stone: moggy keeps no atari on the
// diagonals). A shape marked own holds only with X to move; the others
// hold for either player. Beside MoGo's set (patternSources) the thin
// hane and the eye on the edge are added, the keima cut asks for no O
// below the move instead of on its side, and the diagonal attachment and
// the cut on the edge ask that the stones they lean on not be in atari.
var moggyShapeSources = [...]struct {
	rows  [3]string
	own   bool
	gamma uint32 // moggy's gamma, in hundredths
}{
	{[3]string{"XOX", "...", "???"}, false, 52}, // hane enclosing a stone
	{[3]string{"YO.", "...", "?.?"}, false, 53}, // hane, no cut
	{[3]string{"XO?", "X..", "x.?"}, false, 32}, // magari
	{[3]string{"XOO", "...", "?.?"}, true, 22},  // thin hane
	{[3]string{".Q.", "Y..", "..."}, false, 37}, // diagonal attachment
	{[3]string{"XO?", "O.o", "?o?"}, false, 28}, // cut, unprotected
	{[3]string{"XO?", "O.X", "???"}, false, 21}, // cut after a peep
	{[3]string{"?X?", "O.O", "ooo"}, false, 19}, // cut between two stones
	{[3]string{"OX?", "?.O", "?o?"}, false, 82}, // keima cut
	{[3]string{"X.?", "O.?", "##?"}, false, 12}, // edge: chase
	{[3]string{"OX?", "X.O", "###"}, false, 20}, // edge: block a cut
	{[3]string{"?X?", "x.O", "###"}, false, 11}, // edge: block a connection
	{[3]string{"?XQ", "x.x", "###"}, false, 16}, // edge: sagari
	{[3]string{"?OY", "Y.O", "###"}, false, 57}, // edge: cut
	{[3]string{"?X.", "Q.X", "###"}, false, 44}, // edge: make an eye
}

// A moggyVariant is one way a neighbourhood code matches a moggy shape:
// for which player to move, with which of the cells next to the move
// (bits of code3x3's N, W, E and S cells: 1, 2, 4, 8) holding chains
// that must not be in atari, and the shape's index in
// moggyShapeSources.
type moggyVariant struct {
	movers uint8 // bit 1<<board.Black: Black to move; 1<<board.White: White
	free   uint8
	shape  uint8
}

// moggyTable is, for every neighbourhood code, where its variants start
// in moggyVariants and how many there are (start<<8 | count), built once
// when a board first turns moggy's shapes on.
var (
	moggyOnce     sync.Once
	moggyTable    []uint32
	moggyVariants []moggyVariant
)

// directCell maps code3x3's cell order (NW N NE W E SW S SE) to a bit of
// moggyVariant.free for the cells next to the move, 0 on the diagonals.
var directCell = [8]uint8{0, 1, 0, 2, 4, 0, 8, 0}

// buildMoggyShapes fills moggyTable and moggyVariants from
// moggyShapeSources.
func buildMoggyShapes() {
	byCode := make(map[uint16][]moggyVariant)
	for si, src := range moggyShapeSources {
		for sym := 0; sym < 8; sym++ {
			for _, swap := range []bool{false, true} {
				mover := uint8(1<<board.Black | 1<<board.White)
				if src.own {
					mover = 1 << board.Black
					if swap {
						mover = 1 << board.White
					}
				}
				var allowed [8]uint8
				var free uint8
				for i, rc := range cellOrder {
					r, c := symmetry(sym, rc[0]-1, rc[1]-1)
					ch := src.rows[r+1][c+1]
					allowed[i] = cellAllowed(ch, swap)
					if ch == 'Y' || ch == 'Q' {
						free |= directCell[i]
					}
				}
				v := moggyVariant{movers: mover, free: free, shape: uint8(si)}
				expandCodes(allowed, 0, 0, func(code uint16) {
					for _, w := range byCode[code] {
						if w == v {
							return
						}
					}
					byCode[code] = append(byCode[code], v)
				})
			}
		}
	}
	moggyTable = make([]uint32, 1<<16)
	for code := 0; code < 1<<16; code++ {
		vs := byCode[uint16(code)]
		if len(vs) == 0 {
			continue
		}
		moggyTable[code] = uint32(len(moggyVariants))<<8 | uint32(len(vs))
		moggyVariants = append(moggyVariants, vs...)
	}
}

// SetMoggyShapes makes the tactical policy's shape step play as Pachi's
// moggy does: its shapes (moggyShapeSources) in place of MoGo's, looked
// for around the last placement and the one before it together
// (moggy's pattern2), and drawn in proportion to moggy's gammas instead
// of uniformly; none when the last stone was captured at once. A shape
// move must still be no self-atari of two stones or more. SetPattern2
// changes nothing while it is on.
func (b *SquareBoard) SetMoggyShapes(on bool) {
	if on {
		moggyOnce.Do(buildMoggyShapes)
	}
	b.moggyShapes = on
}

// moggyGamma is the gamma, in hundredths, of the moggy shape that empty
// point p matches for player c, 0 for none; where several match, the
// last in moggyShapeSources' order, as moggy's table keeps.
func (b *SquareBoard) moggyGamma(p int32, c board.Color) uint32 {
	t := moggyTable[b.code3x3(p)]
	if t == 0 {
		return 0
	}
	var atari uint8 // bits of the cells next to p whose chain is in atari, once asked
	asked := false
	best := -1
	s := b.stride
	for _, v := range moggyVariants[t>>8 : t>>8+t&0xff] {
		if v.movers&(1<<c) == 0 || int(v.shape) <= best {
			continue
		}
		if v.free != 0 {
			if !asked {
				asked = true
				for i, q := range [4]int32{p - s, p - 1, p + 1, p + s} {
					if x := b.color[q&cellMask]; x == board.Black || x == board.White {
						if n, _ := b.inAtari(b.chain[q&cellMask]); n == 1 {
							atari |= 1 << i
						}
					}
				}
			}
			if v.free&atari != 0 {
				continue
			}
		}
		best = int(v.shape)
	}
	if best < 0 {
		return 0
	}
	return moggyShapeSources[best].gamma
}

// moggyShapeMove is the shape step with SetMoggyShapes: of the empty
// points around the last placement, and those around the one before that
// are not next to the last, that match a moggy shape for the player to
// move and are moves (playable, no self-atari of two stones or more),
// one drawn in proportion to its shape's gamma.
func (b *SquareBoard) moggyShapeMove(r *Rand) int32 {
	c := b.toMove
	b.cands = b.cands[:0]
	b.weights = b.weights[:0]
	l := b.last
	if l < 0 || b.color[l&cellMask] == board.Empty {
		return -1
	}
	s := b.stride
	eight := [8]int32{-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1}
	var around [16]int32
	n := 0
	for _, d := range eight {
		around[n] = l + d
		n++
	}
	if l2 := b.last2; l2 >= 0 {
		for _, d := range eight {
			// Of the points next to the move before the last, those not
			// next to the last (nor the last itself: padded indices one
			// row apart differ by stride, and the padding keeps rows
			// from wrapping).
			if x := l2 + d - l; x > s+1 || x < -s-1 || (x > 1 && x < s-1) || (x < -1 && x > -s+1) {
				around[n] = l2 + d
				n++
			}
		}
	}
	var total uint32
	for _, p := range around[:n] {
		if b.color[p&cellMask] != board.Empty {
			continue
		}
		if g := b.moggyGamma(p, c); g > 0 {
			b.cands = append(b.cands, p)
			b.weights = append(b.weights, g)
			total += g
		}
	}
	// Draw among the matches, and check only the point drawn: one that is
	// no move (not playable, or a self-atari) leaves the draw, which goes
	// on among the rest, so that each move comes in proportion to its
	// gamma among the moves, and most draws check one point.
	for total > 0 {
		k := uint32(r.Intn(int(total)))
		i := 0
		for k >= b.weights[i] {
			k -= b.weights[i]
			i++
		}
		p := b.cands[i]
		if b.playable(p, c) && !b.selfAtari(p, c) {
			return p
		}
		total -= b.weights[i]
		last := len(b.cands) - 1
		b.cands[i], b.weights[i] = b.cands[last], b.weights[last]
		b.cands, b.weights = b.cands[:last], b.weights[:last]
	}
	return -1
}
