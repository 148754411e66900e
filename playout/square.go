package playout

import (
	"moku/board"
	"moku/game"
	"moku/internal/cacheline"
)

// wall is the contents of the border points of a SquareBoard.
const wall board.Color = 3

// SquareBoard is GoBoard specialised to two players on a rectangle, the
// case the speed target of go.md is about. The points sit in a padded
// array: rows of width+1 cells, one border column shared by the right edge
// of a row and the left edge of the next, and a border row above and
// below, so every point has its four neighbours at the fixed offsets ±1
// and ±(width+1) and its diagonals at ±width and ±(width+2); no adjacency
// list is consulted. Each point keeps the number of its neighbours of each
// kind (empty, black, white, border) packed four bits apiece in one uint16,
// so a stone's arrival changes each neighbour with one addition.
//
// Chains, pseudo-liberties, simple ko, the eye test and the policy are
// those of GoBoard (see go.go), and so is the order in which the policy
// draws its random numbers: for the same seed both boards play the same
// games. Points are numbered as the graph numbers them in everything the
// board shows (Legal, Play, At, Steps, Owner); the padded index is
// internal.
type SquareBoard struct {
	turn
	w, h      int
	stride    int32
	cellsUsed int32 // padded indices in use: (h+2)*stride+1
	suicide   bool

	// By padded index. The arrays have a fixed size (a power of two
	// above the largest padded rectangle) and are indexed with the index
	// masked, which lets the compiler drop the bounds checks.
	color [cells + 3]board.Color // wall on the border, and three cells past the mask for code3x3's words
	nbr   [cells]uint16          // neighbour counts: 4 bits per kind, kind c at bit 4c
	chain [cells]int32           // representative of each stone's chain
	next  [cells]int32           // next stone of the chain, circularly
	libs  [cells]int32           // pseudo-liberties, by representative
	size  [cells]int32           // stones, by representative
	edge  [cells]bool            // the point has fewer neighbours than the most any has
	mark  [cells]uint32
	toExt [cells]int32 // point of the graph of each padded index, or -1
	// The empty points: a list with O(1) removal and random choice.
	empties emptyList // the empty cells

	toInt []int32 // padded index of each point of the graph

	heavy          bool         // the tactical policy (SetHeavy, tactics.go)
	nakade         bool         // the tactical policy plays the vital points of eye spaces (SetNakade)
	koFights       bool         // the tactical policy retakes kos (SetKoFights)
	ladders        bool         // the tactical policy reads ladders (SetLadders, ladders.go)
	twoLibs        bool         // the tactical policy plays on chains of two liberties (SetTwoLibs, twolibs.go)
	runTwo         bool         // the answer to atari runs to two liberties too, unread (SetRunTwo)
	ladderRuns     bool         // the answer to atari runs to two liberties the chase does not catch (SetLadderRuns)
	stepRate       int          // percent of chances the tactical steps take, 0 for all (SetRates)
	selfAtariRate  int          // percent of self-ataris the random move refuses, 0 for all (SetRates)
	patternRate    int          // percent of chances the shape step takes, 0 for stepRate's (SetPatternRate)
	loneSelfAtari  bool         // the tactical policy refuses lone self-ataris but throw-ins (SetLoneSelfAtari)
	killingFills   bool         // the tactical policy allows self-ataris that leave dead shapes (SetKillingFills)
	selfAtariOther bool         // a refused self-atari gives way to the other liberty of a chain it attacks (SetSelfAtariOther)
	scratch        *SquareBoard // where ladders are read, or nil before the first
	koFight        int32        // the point the playout's last ko capture barred, or -1
	koFightBy      board.Color  // the player it barred
	koFightAt      int32        // the playout's placements up to that capture
	gammas         *Gammas      // weights of the tactical policy's random step (SetGammas), or nil
	replies        *Replies     // last good replies the tactical policy plays (SetReplies), or nil
	cands          []int32      // the tactical policy's candidates
	last           int32        // padded index of the last placement, or -1 after a pass
	last2          int32        // the same of the move before it
	pattern2       bool         // the shape step looks around last2 too (SetPattern2)
	moggyShapes    bool         // the shape step plays moggy's shapes by their gammas (SetMoggyShapes, moggy.go)
	weights        []uint32     // the gammas of cands with moggyShapes

	gen   uint32
	stack []int32

	// The gammas' scratch, last, away from the fields every move reads.
	weight   [cells]float32 // the random step's weights, by index in empties
	edgeW    [cells]float32 // each point's edge gamma
	nearOff  [24]int32      // steps to the points near a placement
	nearDist [24]uint8      // and their distances
}

// cells is the size of a SquareBoard's arrays, and cells-1 their index mask.
const cells = 1024

const cellMask = cells - 1

// NewSquare returns a fast two-player board on g, which must be a
// rectangle (g.Kind() == "rect"), with the given suicide rule and komi.
func NewSquare(g *board.Graph, suicide bool, komi float64) *SquareBoard {
	w, h := g.Size()
	stride := w + 1
	size := (h+2)*stride + 1
	if size > cells {
		panic("playout: rectangle too large for SquareBoard")
	}
	n := g.N()
	b := &SquareBoard{turn: newTurn(n, 2, false, komi), w: w, h: h, stride: int32(stride), cellsUsed: int32(size), suicide: suicide,
		toInt: make([]int32, n), stack: cacheline.Make[int32](0, size)}
	for i := range b.color {
		b.color[i&cellMask] = wall
		b.toExt[i&cellMask] = -1
	}
	for p := 0; p < n; p++ {
		i := int32((p/w+1)*stride + p%w + 1)
		b.toInt[p], b.toExt[i&cellMask] = i, int32(p)
		b.color[i&cellMask] = board.Empty
	}
	maxDeg := 0
	for p := 0; p < n; p++ {
		maxDeg = max(maxDeg, g.Degree(p))
	}
	for i := int32(0); i < int32(size); i++ {
		if b.toExt[i&cellMask] < 0 {
			continue
		}
		var cnt uint16
		for _, q := range [4]int32{i - b.stride, i - 1, i + 1, i + b.stride} {
			cnt += 1 << (4 * uint16(b.color[q&cellMask]))
		}
		b.nbr[i&cellMask] = cnt
		b.edge[i&cellMask] = g.Degree(int(b.toExt[i&cellMask])) < maxDeg
		b.empties.add(i)
	}
	for _, s := range g.Start() {
		b.put(b.toInt[s.Point], s.Color)
	}
	b.rebuildChains()
	return b
}

// setColor changes the contents of padded index p, keeping the counts.
func (b *SquareBoard) setColor(p int32, c board.Color) {
	d := uint16(1)<<(4*uint16(c)) - uint16(1)<<(4*uint16(b.color[p&cellMask]))
	b.nbr[(p-1)&cellMask] += d
	b.nbr[(p+1)&cellMask] += d
	b.nbr[(p-b.stride)&cellMask] += d
	b.nbr[(p+b.stride)&cellMask] += d
	b.color[p&cellMask] = c
}

// put places colour c on padded index p without any rule.
func (b *SquareBoard) put(p int32, c board.Color) {
	old := b.color[p&cellMask]
	if old == c {
		return
	}
	if old == board.Empty {
		b.empties.remove(p)
	} else if c == board.Empty {
		b.empties.add(p)
	}
	b.setColor(p, c)
}

// rebuildChains recomputes chains and pseudo-liberties from the colours.
func (b *SquareBoard) rebuildChains() {
	for _, p := range b.toInt {
		b.chain[p&cellMask] = -1
	}
	// (the border's entries stay 0)
	for _, p := range b.toInt {
		c := b.color[p&cellMask]
		if c == board.Empty || b.chain[p&cellMask] >= 0 {
			continue
		}
		b.chain[p&cellMask], b.next[p&cellMask], b.size[p&cellMask], b.libs[p&cellMask] = p, p, 1, 0
		b.stack = append(b.stack[:0], p)
		for len(b.stack) > 0 {
			s := b.stack[len(b.stack)-1]
			b.stack = b.stack[:len(b.stack)-1]
			b.libs[p&cellMask] += int32(b.nbr[s&cellMask] & 0xF)
			for _, q := range [4]int32{s - b.stride, s - 1, s + 1, s + b.stride} {
				if b.color[q&cellMask] == c && b.chain[q&cellMask] < 0 {
					b.chain[q&cellMask] = p
					b.next[q&cellMask], b.next[p&cellMask] = b.next[p&cellMask], q
					b.size[p&cellMask]++
					b.stack = append(b.stack, q)
				}
			}
		}
	}
}

// Load sets the board to the position of s.
func (b *SquareBoard) Load(s game.State) {
	for p, i := range b.toInt {
		b.put(i, s.At(p))
	}
	b.rebuildChains()
	b.load(s)
	b.last, b.last2, b.koFight = -1, -1, -1
	h := s.History()
	if n := len(h); n > 0 && h[n-1].Move.Kind == game.Place {
		b.last = b.toInt[h[n-1].Move.Point]
	}
	if n := len(h); n > 1 && h[n-2].Move.Kind == game.Place {
		b.last2 = b.toInt[h[n-2].Move.Point]
	}
}

// SetHeavy switches the tactical policy (tactics.go) on or off. Off (the
// default) the board plays the reference light policy.
func (b *SquareBoard) SetHeavy(on bool) { b.heavy = on }

// Heavy reports whether the tactical policy is on.
func (b *SquareBoard) Heavy() bool { return b.heavy }

// SetNakade switches the tactical policy's step of vital points
// (nakadeMove) on or off.
func (b *SquareBoard) SetNakade(on bool) { b.nakade = on }

// SetKoFights switches the tactical policy's ko fights (koMove) on or
// off.
func (b *SquareBoard) SetKoFights(on bool) { b.koFights = on }

// SetReplies gives the tactical policy a table of last good replies to
// play (nil: none).
func (b *SquareBoard) SetReplies(t *Replies) { b.replies = t }

// liberties returns the number of distinct liberties of chain r, counting
// no further than two, and one of them.
func (b *SquareBoard) liberties(r int32) (int, int32) {
	if b.libs[r&cellMask] == 1 {
		// One pseudo-liberty: find it.
		s := r
		for {
			for _, q := range [4]int32{s - b.stride, s - 1, s + 1, s + b.stride} {
				if b.color[q&cellMask] == board.Empty {
					return 1, q
				}
			}
			s = b.next[s&cellMask]
			if s == r {
				return 0, -1
			}
		}
	}
	n, first := 0, int32(-1)
	s := r
	for {
		for _, q := range [4]int32{s - b.stride, s - 1, s + 1, s + b.stride} {
			if b.color[q&cellMask] == board.Empty && q != first {
				if first >= 0 {
					return 2, first
				}
				n, first = 1, q
			}
		}
		s = b.next[s&cellMask]
		if s == r {
			return n, first
		}
	}
}

// At returns the contents of point p.
func (b *SquareBoard) At(p int) board.Color { return b.color[b.toInt[p]] }

// Ko returns the point the player to move may not play because of simple
// ko, or -1.
func (b *SquareBoard) Ko() int {
	if b.ko < 0 {
		return -1
	}
	return int(b.toExt[(b.ko)&cellMask])
}

// eye is GoBoard's eye test: every neighbour is c's (or the border), and
// at most one diagonal holds the opponent's stone (none on the edge).
func (b *SquareBoard) eye(p int32, c board.Color) bool {
	n := b.nbr[p&cellMask]
	if n&0xF != 0 || n&(0xF<<(4*(3-uint16(c)))) != 0 {
		return false
	}
	o := 3 - c
	s := b.stride
	enemies := 0
	if b.color[(p-s-1)&cellMask] == o {
		enemies++
	}
	if b.color[(p-s+1)&cellMask] == o {
		enemies++
	}
	if b.color[(p+s-1)&cellMask] == o {
		enemies++
	}
	if b.color[(p+s+1)&cellMask] == o {
		enemies++
	}
	if b.edge[p&cellMask] {
		return enemies == 0
	}
	return enemies < 2
}

// edgesTo counts p's neighbours in chain r. (Only stones hold a chain's
// representative: empty points and the border hold 0 or -1, which no
// chain has, as 0 is a border cell and every representative a point.)
func (b *SquareBoard) edgesTo(p, r int32) int32 {
	n := int32(0)
	if b.chain[(p-1)&cellMask] == r {
		n++
	}
	if b.chain[(p+1)&cellMask] == r {
		n++
	}
	if b.chain[(p-b.stride)&cellMask] == r {
		n++
	}
	if b.chain[(p+b.stride)&cellMask] == r {
		n++
	}
	return n
}

// lives reports whether a stone of c on empty p would have a liberty once
// its captures are done.
func (b *SquareBoard) lives(p int32, c board.Color) bool {
	if b.nbr[p&cellMask]&0xF != 0 {
		return true
	}
	for _, q := range [4]int32{p - b.stride, p - 1, p + 1, p + b.stride} {
		x := b.color[q&cellMask]
		if x == wall {
			continue
		}
		r := b.chain[q&cellMask]
		l := b.libs[r&cellMask]
		if x == c {
			if l > 4 || l > b.edgesTo(p, r) {
				return true
			}
		} else if l <= 4 && l == b.edgesTo(p, r) {
			return true // captures
		}
	}
	return false
}

// Legal reports whether the player to move may place on point p (simple
// ko; suicide as configured, never one that changes nothing).
func (b *SquareBoard) Legal(p int) bool {
	q := b.toInt[p]
	if b.color[q&cellMask] != board.Empty || q == b.ko {
		return false
	}
	if b.lives(q, b.toMove) {
		return true
	}
	if !b.suicide {
		return false
	}
	return b.nbr[q&cellMask]&(0xF<<(4*uint16(b.toMove))) != 0
}

// Play places a stone of the player to move on point p, which must be
// Legal, or passes if p < 0; the turn passes on.
func (b *SquareBoard) Play(p int) {
	b.last2, b.last = b.last, -1
	if p < 0 {
		p = passTurn
	} else {
		b.last = b.toInt[p]
		b.place(b.last, b.toMove)
	}
	b.end(p)
}

// place puts a stone of c on padded index p and resolves captures (and
// suicide).
func (b *SquareBoard) place(p int32, c board.Color) {
	b.empties.remove(p)
	b.setColor(p, c)
	b.chain[p&cellMask], b.next[p&cellMask], b.size[p&cellMask] = p, p, 1
	b.libs[p&cellMask] = int32(b.nbr[p&cellMask] & 0xF)
	me := p
	o := 3 - c
	captured, capPt := int32(0), int32(-1)
	for _, q := range [4]int32{p - b.stride, p - 1, p + 1, p + b.stride} {
		switch b.color[q&cellMask] {
		case c:
			r := b.chain[q&cellMask]
			b.libs[r&cellMask]--
			if r != me {
				me = b.merge(me, r)
			}
		case o:
			// An enemy chain is captured when its last pseudo-liberty
			// goes: by then every edge between it and p has been
			// counted (each was one of them). Two enemy chains cannot
			// touch, so removing one gives no other a liberty.
			r := b.chain[q&cellMask]
			b.libs[r&cellMask]--
			if b.libs[r&cellMask] == 0 {
				captured += b.size[r&cellMask]
				capPt = r
				b.remove(r)
			}
		}
	}
	b.ko = -1
	me = b.chain[p&cellMask]
	if b.libs[me&cellMask] == 0 {
		b.remove(me) // suicide (only where the rules allow it)
	} else if captured == 1 && b.size[me&cellMask] == 1 && b.libs[me&cellMask] == 1 {
		b.ko = capPt
		b.koFight, b.koFightBy, b.koFightAt = capPt, 3-c, int32(len(b.steps))+1
	}
	b.steps = append(b.steps, Step{Point: b.toExt[p&cellMask], Color: c, Ko: b.ko >= 0, Passes: uint8(b.passes)})
}

// merge joins chains a and r, relabelling the smaller, and returns the
// representative of the union.
func (b *SquareBoard) merge(a, r int32) int32 {
	if b.size[a&cellMask] < b.size[r&cellMask] {
		a, r = r, a
	}
	s := r
	for {
		b.chain[s&cellMask] = a
		s = b.next[s&cellMask]
		if s == r {
			break
		}
	}
	b.next[a&cellMask], b.next[r&cellMask] = b.next[r&cellMask], b.next[a&cellMask]
	b.size[a&cellMask] += b.size[r&cellMask]
	b.libs[a&cellMask] += b.libs[r&cellMask]
	return a
}

// remove takes chain r off the board and gives its neighbours liberties.
func (b *SquareBoard) remove(r int32) {
	s := r
	for {
		b.setColor(s, board.Empty)
		b.empties.add(s)
		b.chain[s&cellMask] = 0
		s = b.next[s&cellMask]
		if s == r {
			break
		}
	}
	s = r
	for {
		for _, q := range [4]int32{s - b.stride, s - 1, s + 1, s + b.stride} {
			if x := b.color[q&cellMask]; x == board.Black || x == board.White {
				b.libs[b.chain[q&cellMask]]++
			}
		}
		s = b.next[s&cellMask]
		if s == r {
			break
		}
	}
}

// randomMove plays the policy's move for the player to move and reports
// false if it has none (and will pass). The light policy plays a
// uniformly random legal placement that is not suicide and does not fill
// the mover's own eye; the tactical policy first answers the last move
// (tactics.go), and its random placement is no self-atari of two or more
// stones either.
func (b *SquareBoard) randomMove(r *Rand) bool {
	c := b.toMove
	if b.heavy {
		x := int32(-1)
		if b.koFights {
			x = b.koMove(r)
		}
		if x < 0 && b.takes(r) {
			x = b.atariMove(r)
		}
		if x < 0 && b.ladders && b.takes(r) {
			x = b.ladderMove(r)
		}
		if x < 0 && b.twoLibs && b.takes(r) {
			x = b.twoLibMove(r)
		}
		if x < 0 && b.nakade && b.takes(r) {
			x = b.nakadeMove()
		}
		if x < 0 && b.replies != nil {
			x = b.replyMove()
		}
		if x < 0 && b.gammas != nil {
			x = b.gammaMove(r)
		}
		if x < 0 && b.gammas == nil && b.shapes(r) {
			if b.moggyShapes {
				x = b.moggyShapeMove(r)
			} else {
				x = b.patternMove(r, b.last)
				if x < 0 && b.pattern2 {
					x = b.patternMove(r, b.last2)
				}
			}
		}
		if x >= 0 {
			b.place(x, c)
			b.last2, b.last = b.last, x
			return true
		}
	}
	// emptyList.draw, written out: the call of its test costs 5% of the
	// light playouts' speed on 9x9 (BenchmarkGo9x9), the board this one
	// is specialised for.
	for k := b.empties.n; k > 0; {
		i := int32(r.Intn(int(k)))
		p := b.empties.list[i&cellMask]
		if p != b.ko && !b.eye(p, c) && b.lives(p, c) {
			if !(b.heavy && b.selfAtari(p, c) && b.refuses(r)) {
				b.place(p, c)
				b.last2, b.last = b.last, p
				return true
			}
			if q := b.cousin(p, c); q >= 0 {
				b.place(q, c)
				b.last2, b.last = b.last, q
				return true
			}
		}
		k--
		b.empties.swap(i, k)
	}
	b.last2, b.last = b.last, -1
	return false
}

// SetRunTwo makes the tactical policy's answer to atari run to two
// liberties as well as to three, without reading the ladder.
func (b *SquareBoard) SetRunTwo(on bool) { b.runTwo = on }

// SetLadderRuns makes the tactical policy's answer to atari run to two
// liberties when the chase that follows does not catch the chain, as
// SetLadders does, without SetLadders' ataris.
func (b *SquareBoard) SetLadderRuns(on bool) { b.ladderRuns = on }

// SetPattern2 makes the tactical policy's shape step look around the
// move before the last one too, when none around the last one matches
// (Pachi's moggy: pattern2).
func (b *SquareBoard) SetPattern2(on bool) { b.pattern2 = on }

// takes reports whether the tactical policy tries its next step: always,
// or stepRate times in a hundred (SetRates).
func (b *SquareBoard) takes(r *Rand) bool {
	return b.stepRate == 0 || int(r.Intn(100)) < b.stepRate
}

// shapes reports whether the tactical policy tries its shape step:
// patternRate times in a hundred if set (SetPatternRate), else as takes.
func (b *SquareBoard) shapes(r *Rand) bool {
	if b.patternRate == 0 {
		return b.takes(r)
	}
	return int(r.Intn(100)) < b.patternRate
}

// SetPatternRate makes the tactical policy try its shape step (the 3x3
// patterns around the last move) rate times in a hundred, from 1 to 99,
// whatever the rate of the other steps (SetRates); 0 or 100 leaves it to
// SetRates.
func (b *SquareBoard) SetPatternRate(rate int) { b.patternRate = rateOrAlways(rate) }

// refuses reports whether the tactical policy's random move refuses a
// self-atari: always, or selfAtariRate times in a hundred (SetRates).
func (b *SquareBoard) refuses(r *Rand) bool {
	return b.selfAtariRate == 0 || int(r.Intn(100)) < b.selfAtariRate
}

// SetRates makes the tactical policy try each of its steps (the answers
// to atari, ladders, nakade and shape) step times in a hundred, and its
// random move refuse a self-atari selfAtari times in a hundred, as
// Pachi's moggy does (its 9x9 rates: 90 and 60). 0 or 100: always, the
// default.
func (b *SquareBoard) SetRates(step, selfAtari int) {
	b.stepRate, b.selfAtariRate = rateOrAlways(step), rateOrAlways(selfAtari)
}

// rateOrAlways is a rate of SetRates and SetPatternRate as the board
// keeps it: 1 to 99 as given, 0 for always (0, 100 and beyond).
func rateOrAlways(x int) int {
	if x <= 0 || x >= 100 {
		return 0
	}
	return x
}

// Playout plays the reference light policy (or the tactical one) to the
// end: both players pass in succession, or 3 moves a point have been made.
func (b *SquareBoard) Playout(r *Rand) int { return b.playout(b, r) }

// Score counts the board by area: stones, and empty regions that touch
// one player's stones only; komi goes to White. An empty point with no
// empty neighbour (most of them at the end of a playout) is a region by
// itself, read from its counts.
func (b *SquareBoard) Score() (score [board.MaxPlayers + 1]float64) {
	b.gen++
	var count [4]int32
	for p := int32(0); p < b.cellsUsed; p++ {
		c := b.color[p&cellMask]
		if c == wall {
			continue
		}
		ext := b.toExt[p&cellMask]
		if c != board.Empty {
			count[c]++
			b.owner[ext] = c
			continue
		}
		n := b.nbr[p&cellMask]
		if n&0xF == 0 {
			owner := nbrOwner(n)
			count[owner]++
			b.owner[ext] = owner
			continue
		}
		if b.mark[p&cellMask] == b.gen {
			continue
		}
		var touch uint16
		b.stack = append(b.stack[:0], p)
		b.mark[p&cellMask] = b.gen
		for i := 0; i < len(b.stack); i++ {
			s := b.stack[i]
			touch |= b.nbr[s&cellMask]
			for _, q := range [4]int32{s - b.stride, s - 1, s + 1, s + b.stride} {
				if b.color[q&cellMask] == board.Empty && b.mark[q&cellMask] != b.gen {
					b.mark[q&cellMask] = b.gen
					b.stack = append(b.stack, q)
				}
			}
		}
		owner := nbrOwner(touch)
		count[owner] += int32(len(b.stack))
		for _, s := range b.stack {
			b.owner[b.toExt[s&cellMask]] = owner
		}
	}
	score[board.Black] = float64(count[board.Black])
	score[board.White] = float64(count[board.White])
	b.bonus(&score)
	return score
}

// nbrOwner is soleOwner for neighbour counts (or their union over a
// region): the player whose stones alone they include, or Empty.
func nbrOwner(n uint16) board.Color {
	var touch uint8
	if n&0xF0 != 0 {
		touch |= 1 << board.Black
	}
	if n&0xF00 != 0 {
		touch |= 1 << board.White
	}
	return soleOwner(touch)
}

// Captures returns the number of stones a stone of the player to move on
// empty point p would capture (for the search's priors).
func (b *SquareBoard) Captures(p int) int {
	q := b.toInt[p]
	o := 3 - b.toMove
	n := int32(0)
	var seen [4]int32
	k := 0
	for _, x := range [4]int32{q - b.stride, q - 1, q + 1, q + b.stride} {
		if b.color[x&cellMask] != o {
			continue
		}
		ch := b.chain[x&cellMask]
		if b.libs[ch&cellMask] != b.edgesTo(q, ch) {
			continue
		}
		dup := false
		for _, s := range seen[:k] {
			dup = dup || s == ch
		}
		if !dup {
			n += b.size[ch&cellMask]
			seen[k] = ch
			k++
		}
	}
	return int(n)
}
