package playout

import (
	"slices"

	"moku/board"
)

// The tactical ("heavy") policy of SquareBoard, in the manner of MoGo
// (Gelly, Wang, Munos and Teytaud, "Modification of UCT with patterns in
// Monte-Carlo Go", 2006). Before a random move the player to move answers
// the last placement, trying in turn:
//
//  1. atari: capture the chain of the last stone if it has one liberty;
//     save an own chain next to the last stone that it left in atari, by
//     capturing a chain of the attacker in atari that touches it, or by
//     extending on its liberty when that gives the chain at least three
//     liberties (an extension to two is too often a ladder);
//  2. shape: one of the eight points around the last stone whose 3x3
//     neighbourhood matches one of MoGo's hane, cut and edge patterns,
//     unless the move is a self-atari of two or more stones;
//
// each choice drawn at random among the candidates of its step, and each
// checked like a random move (ko, own eye, suicide). Failing both, the
// random move avoids self-ataris of two or more stones (a lone stone may
// still throw in, which nakade needs). The answer to each step costs a
// walk of the chains next to the last stone, so the policy plays about
// half as many playouts a second as the light one; matches decide whether
// that pays (docs/results.md, "Playout policies").
//
// More can be switched on, none measured stronger so far
// (results/strength/README.md): before step 1, retaking a ko (SetKoFights,
// koMove); in step 1, runs to two liberties (SetRunTwo, or SetLadderRuns
// when no ladder catches them); after it, ladders (SetLadders,
// ladderMove, ladders.go), the chains of two liberties at the last stone
// (SetTwoLibs, twoLibMove, twolibs.go), the vital point of an eye space the last
// stone closed (SetNakade, nakadeMove), then the last good reply to the
// last stone (SetReplies, replyMove, replies.go); in step 2, shapes
// around the move before the last too (SetPattern2), or Pachi's moggy's
// shapes around the last two moves, drawn by its gammas (SetMoggyShapes,
// moggy.go); in place of step 2
// and the uniform draw, a draw weighted by learned gammas (SetGammas,
// gammas.go); lone self-ataris refused but for throw-ins
// (SetLoneSelfAtari); and each step taken, and each self-atari refused,
// only so many times in a hundred (SetRates).

// patternSources are MoGo's 3x3 patterns, centred on the candidate move
// (which must be empty): X and O are the two colours (either may be the
// player to move), '.' empty, '#' off the board, '?' anything, 'x' anything
// but X, 'o' anything but O. Each holds in all 8 symmetries and with the
// colours swapped.
var patternSources = [...][3]string{
	{"XOX", "...", "???"}, // hane enclosing a stone
	{"XO.", "...", "?.?"}, // hane, no cut
	{"XO?", "X..", "x.?"}, // magari: hane bending round
	{".O.", "X..", "..."}, // diagonal attachment
	{"XO?", "O.o", "?o?"}, // cut, unprotected
	{"XO?", "O.X", "???"}, // cut after a peep
	{"?X?", "O.O", "ooo"}, // cut between two stones
	{"OX?", "o.O", "???"}, // keima cut
	{"X.?", "O.?", "##?"}, // edge: chase
	{"OX?", "X.O", "###"}, // edge: block a cut
	{"?X?", "x.O", "###"}, // edge: block a connection
	{"?XO", "x.x", "###"}, // edge: sagari
	{"?OX", "X.O", "###"}, // edge: cut
}

// patterns holds, for every 16-bit neighbourhood code (see code3x3), whether
// some pattern matches it.
var patterns [1 << 16]bool

func init() {
	for _, src := range patternSources {
		for sym := 0; sym < 8; sym++ {
			for _, swap := range []bool{false, true} {
				var allowed [8]uint8
				for i, rc := range cellOrder {
					r, c := symmetry(sym, rc[0]-1, rc[1]-1)
					allowed[i] = cellAllowed(src[r+1][c+1], swap)
				}
				expandCodes(allowed, 0, 0, func(code uint16) { patterns[code] = true })
			}
		}
	}
}

// cellAllowed is the cell values (bits of board.Empty, Black, White and
// wall) that symbol ch of a shape allows, X Black unless swap: X and O a
// stone of their colour ('Y' and 'Q', moggy's stones that are not in
// atari, the same here), '.' empty, '#' off the board, 'x' anything but
// X, 'o' anything but O, '?' anything.
func cellAllowed(ch byte, swap bool) uint8 {
	const e, b, w, o = 1 << board.Empty, 1 << board.Black, 1 << board.White, 1 << wall
	x, y := uint8(b), uint8(w)
	if swap {
		x, y = y, x
	}
	switch ch {
	case 'X', 'Y':
		return x
	case 'O', 'Q':
		return y
	case '.':
		return e
	case '#':
		return o
	case 'x':
		return e | y | o
	case 'o':
		return e | x | o
	}
	return e | b | w | o // '?'
}

// cellOrder is the cells of a 3x3 grid, by row and column, in code3x3's
// order: NW N NE W E SW S SE.
var cellOrder = [8][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}, {2, 2}}

// expandCodes calls f with every code whose cells from i on are allowed
// (allowed[k]: a bit for each cell value the k-th cell may hold).
func expandCodes(allowed [8]uint8, i int, code uint16, f func(uint16)) {
	if i == 8 {
		f(code)
		return
	}
	for v := uint16(0); v < 4; v++ {
		if allowed[i]&(1<<v) != 0 {
			expandCodes(allowed, i+1, code|v<<(2*i), f)
		}
	}
}

// symmetry maps the offset (r, c) of a cell of a 3x3 grid from its
// centre by symmetry sym, 0 to 7: bit 0 mirrors the columns, bit 1 the
// rows, bit 2 swaps rows and columns.
func symmetry(sym, r, c int) (int, int) {
	if sym&1 != 0 {
		c = -c
	}
	if sym&2 != 0 {
		r = -r
	}
	if sym&4 != 0 {
		r, c = c, r
	}
	return r, c
}

// code3x3 returns the neighbourhood code of padded index p: the contents of
// its eight surrounding cells, two bits each, in the order NW N NE W E SW
// S SE from the lowest bits. Each row of three cells is read as one word
// (a colour fits in two bits of its byte): three loads where reading the
// cells one by one (slowCode3x3) takes eight.
func (b *SquareBoard) code3x3(p int32) uint16 {
	s := b.stride
	up := b.row3(p - s - 1)
	mid := b.row3(p - 1)
	down := b.row3(p + s - 1)
	return uint16(up | (mid&3)<<6 | (mid>>4&3)<<8 | down<<10)
}

// row3 packs the cells at padded indices i, i+1 and i+2, two bits each.
func (b *SquareBoard) row3(i int32) uint32 {
	// One load of four bytes: j+3 is within color, so no bounds check.
	j := int(uint32(i) & cellMask)
	x := uint32(b.color[j]) | uint32(b.color[j+1])<<8 | uint32(b.color[j+2])<<16 | uint32(b.color[j+3])<<24
	return x&3 | x>>6&0xC | x>>12&0x30
}

// slowCode3x3 is code3x3 read cell by cell.
func (b *SquareBoard) slowCode3x3(p int32) uint16 {
	s := b.stride
	var code uint16
	for i, d := range [8]int32{-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1} {
		code |= uint16(b.color[(p+d)&cellMask]) << (2 * i)
	}
	return code
}

// libsAfter returns what a stone of c on empty padded index p would make:
// the liberties of its chain, counted no further than most (captures not
// included), whether it captures, and the chain's size.
func (b *SquareBoard) libsAfter(p int32, c board.Color, most int) (libs int, captures bool, size int32) {
	b.gen++
	b.mark[p&cellMask] = b.gen
	size = 1
	var seen [4]int32
	k := 0
	for _, q := range [4]int32{p - b.stride, p - 1, p + 1, p + b.stride} {
		switch x := b.color[q&cellMask]; {
		case x == board.Empty:
			if b.mark[q&cellMask] != b.gen {
				b.mark[q&cellMask] = b.gen
				libs++
			}
		case x == c:
			r := b.chain[q&cellMask]
			dup := false
			for _, s := range seen[:k] {
				dup = dup || s == r
			}
			if dup {
				continue
			}
			seen[k] = r
			k++
			size += b.size[r&cellMask]
			libs = b.countLibs(r, libs, most)
		case x != wall:
			r := b.chain[q&cellMask]
			if b.libs[r&cellMask] == b.edgesTo(p, r) {
				captures = true
			}
		}
		if libs >= most {
			return most, captures, size
		}
	}
	return libs, captures, size
}

// countLibs adds to n the liberties of chain r not yet marked in this
// generation, marking them, and stops at most.
func (b *SquareBoard) countLibs(r int32, n, most int) int {
	s := r
	for {
		for _, q := range [4]int32{s - b.stride, s - 1, s + 1, s + b.stride} {
			if b.color[q&cellMask] == board.Empty && b.mark[q&cellMask] != b.gen {
				b.mark[q&cellMask] = b.gen
				if n++; n >= most {
					return n
				}
			}
		}
		if s = b.next[s&cellMask]; s == r {
			return n
		}
	}
}

// selfAtari reports whether a stone of c on p would leave a chain of two
// or more stones with one liberty, capturing nothing; with lone
// self-ataris refused (SetLoneSelfAtari), a single stone too, unless it
// throws in: its liberty's other neighbours are all the other player's
// stones or the border, a space the other player encloses; with killing
// fills allowed (SetKillingFills), not a fill that killingFill or
// insideAtari allows.
func (b *SquareBoard) selfAtari(p int32, c board.Color) bool {
	return b.selfAtariFills(p, c, b.killingFills)
}

// selfAtariFills is selfAtari with killing fills allowed or not.
func (b *SquareBoard) selfAtariFills(p int32, c board.Color, fills bool) bool {
	if e := b.nbr[p&cellMask] & 0xF; e >= 2 {
		return false
	}
	libs, captures, size := b.libsAfter(p, c, 2)
	if libs >= 2 || captures {
		return false
	}
	if size == 2 {
		return !fills || !b.insideAtari(p, c)
	}
	if size >= 3 {
		return !fills || !b.killingFill(p, c, size)
	}
	if !b.loneSelfAtari {
		return false
	}
	for _, q := range [4]int32{p - b.stride, p - 1, p + 1, p + b.stride} {
		if b.color[q&cellMask] == board.Empty {
			// p is q's one empty neighbour, and c has none.
			n := b.nbr[q&cellMask]
			return n&0xF != 1 || n>>(4*uint16(c))&0xF != 0
		}
	}
	return false
}

// killingFill reports whether the self-atari of c on p, making a chain
// of size stones with one liberty, fills an eye space of the other
// player's that its capture leaves dead: the chain (whose every other
// neighbour is then the other player's or the border) is a straight or
// bent three, a square or pyramid four, a bulky or cross five or a
// rabbity six, a shape whose capture leaves a space with one vital
// point (vital) or none. The capture's space is the chain's points; the
// other player's capturing stone fills the liberty.
func (b *SquareBoard) killingFill(p int32, c board.Color, size int32) bool {
	if size < 3 || size > 6 {
		return false
	}
	var shape [6]int32
	n := 0
	shape[n] = p
	n++
	for _, q := range [4]int32{p - b.stride, p - 1, p + 1, p + b.stride} {
		if b.color[q&cellMask] != c {
			continue
		}
		r := b.chain[q&cellMask]
		if slices.Contains(shape[:n], r) {
			continue
		}
		s := r
		for {
			shape[n] = s
			n++
			if s = b.next[s&cellMask]; s == r {
				break
			}
		}
	}
	if _, ok := b.vital(shape[:n]); ok {
		return true
	}
	return n == 4 && b.square(shape[:n])
}

// insideAtari reports whether the self-atari of c on p, making a chain
// of two stones with one liberty l, puts the other player in atari from
// the inside: every chain of the other player's next to the two stones
// has just the liberties p and l, and every neighbour of l is the border,
// one of the two stones, a stone of one of those chains or a stone of
// c's whose chain has a liberty besides p and l (the capture on l takes
// it too otherwise). The other player then captures on l and is left
// with no liberty but the two captured points, one eye: without this
// fill (Pachi's moggy allows it) a group whose last eye space holds a
// killing stone is never captured, and its capturing race reads as seki.
func (b *SquareBoard) insideAtari(p int32, c board.Color) bool {
	s := b.stride
	q := int32(-1)
	for _, x := range [4]int32{p - s, p - 1, p + 1, p + s} {
		if b.color[x&cellMask] == c {
			q = x
			break
		}
	}
	if q < 0 {
		return false
	}
	// The chain's one liberty, other than p.
	l := int32(-1)
	for _, y := range [2]int32{p, q} {
		for _, x := range [4]int32{y - s, y - 1, y + 1, y + s} {
			if x == p || b.color[x&cellMask] != board.Empty {
				continue
			}
			if l >= 0 && x != l {
				return false
			}
			l = x
		}
	}
	if l < 0 {
		return false
	}
	o := 3 - c
	// Two stones touch at most six points besides each other and l.
	var chains [6]int32
	k := 0
	for _, y := range [2]int32{p, q} {
		for _, x := range [4]int32{y - s, y - 1, y + 1, y + s} {
			if b.color[x&cellMask] != o {
				continue
			}
			r := b.chain[x&cellMask]
			if slices.Contains(chains[:k], r) {
				continue
			}
			if !b.libsWithin(r, p, l) {
				return false
			}
			chains[k] = r
			k++
		}
	}
	if k == 0 {
		return false
	}
	for _, x := range [4]int32{l - s, l - 1, l + 1, l + s} {
		switch b.color[x&cellMask] {
		case board.Empty:
			if x != p {
				return false
			}
		case o:
			if !slices.Contains(chains[:k], b.chain[x&cellMask]) {
				return false
			}
		case c:
			if x != q && b.libsWithin(b.chain[x&cellMask], p, l) {
				return false
			}
		}
	}
	return true
}

// libsWithin reports whether chain r has no liberty but x and y.
func (b *SquareBoard) libsWithin(r, x, y int32) bool {
	t := r
	for {
		for _, q := range [4]int32{t - b.stride, t - 1, t + 1, t + b.stride} {
			if b.color[q&cellMask] == board.Empty && q != x && q != y {
				return false
			}
		}
		if t = b.next[t&cellMask]; t == r {
			return true
		}
	}
}

// vital returns the point of region (three to six points) with the most
// neighbours in the region, if one point alone has that many: the vital
// point of a straight or bent three, a pyramid four, a bulky or cross
// five or a rabbity six; straight and bent fours, the square four and
// the rectangular six tie.
func (b *SquareBoard) vital(region []int32) (int32, bool) {
	s := b.stride
	best, most, ties := int32(-1), -1, 0
	for _, p := range region {
		k := 0
		for _, x := range [4]int32{p - s, p - 1, p + 1, p + s} {
			if slices.Contains(region, x) {
				k++
			}
		}
		switch {
		case k > most:
			best, most, ties = p, k, 1
		case k == most:
			ties++
		}
	}
	return best, ties == 1
}

// square reports whether the four points of region make a 2x2 square.
func (b *SquareBoard) square(region []int32) bool {
	lo := region[0]
	for _, p := range region {
		lo = min(lo, p)
	}
	s := b.stride
	for _, p := range [4]int32{lo, lo + 1, lo + s, lo + s + 1} {
		if !slices.Contains(region, p) {
			return false
		}
	}
	return true
}

// SetKillingFills makes the tactical policy allow the self-ataris of
// three to six stones that fill an eye space of the other player's so
// that its capture leaves a dead shape (killingFill), and those of two
// stones that put the other player in atari from the inside
// (insideAtari), as Pachi's moggy allows nakade among its self-ataris;
// the search's priors (SelfAtari) still count them as self-ataris.
func (b *SquareBoard) SetKillingFills(on bool) { b.killingFills = on }

// SetSelfAtariOther makes the tactical policy's random move, when it
// refuses a self-atari, play instead the other liberty of a chain of the
// other player's next to it that has two (cousin), as Pachi's moggy does
// (selfatari_other): in a capturing race, the approach from outside in
// place of the filling of the shared liberty.
func (b *SquareBoard) SetSelfAtariOther(on bool) { b.selfAtariOther = on }

// cousin returns, with SetSelfAtariOther, the other liberty of the first
// chain of the other player's next to p that has two liberties, p and
// that one, when c may play it and it is no self-atari; else -1.
func (b *SquareBoard) cousin(p int32, c board.Color) int32 {
	if !b.selfAtariOther {
		return -1
	}
	o := 3 - c
	for _, q := range [4]int32{p - b.stride, p - 1, p + 1, p + b.stride} {
		if b.color[q&cellMask] != o {
			continue
		}
		r := b.chain[q&cellMask]
		b.gen++
		if b.countLibs(r, 0, 3) != 2 {
			continue
		}
		l := b.otherLib(r, p)
		if l >= 0 && b.playable(l, c) && !b.selfAtari(l, c) {
			return l
		}
	}
	return -1
}

// otherLib returns a liberty of chain r other than p, or -1.
func (b *SquareBoard) otherLib(r, p int32) int32 {
	s := r
	for {
		for _, q := range [4]int32{s - b.stride, s - 1, s + 1, s + b.stride} {
			if q != p && b.color[q&cellMask] == board.Empty {
				return q
			}
		}
		if s = b.next[s&cellMask]; s == r {
			return -1
		}
	}
}

// SetLoneSelfAtari makes the tactical policy refuse self-ataris of a
// single stone too, but for throw-ins (selfAtari).
func (b *SquareBoard) SetLoneSelfAtari(on bool) { b.loneSelfAtari = on }

// playable reports whether the policy may play p for c: not ko, not an own
// eye, not suicide.
func (b *SquareBoard) playable(p int32, c board.Color) bool {
	return b.color[p&cellMask] == board.Empty && p != b.ko && !b.eye(p, c) && b.lives(p, c)
}

// pick returns a random one of b.cands, or -1 if there is none.
func (b *SquareBoard) pick(r *Rand) int32 {
	if len(b.cands) == 0 {
		return -1
	}
	return b.cands[r.Intn(len(b.cands))]
}

// inAtari is liberties, answering 2 (and no liberty) at once for a chain
// that surely has two (twoSure).
func (b *SquareBoard) inAtari(r int32) (int, int32) {
	if b.twoSure(r) {
		return 2, -1
	}
	return b.liberties(r)
}

// twoSure reports whether chain r has two liberties or more by its
// pseudo-liberties alone: more than four, as one point gives a chain at
// most four, or two or more on a chain of at most two stones, whose
// pseudo-liberties are all distinct (no point touches both of two
// neighbouring stones).
func (b *SquareBoard) twoSure(r int32) bool {
	l := b.libs[r&cellMask]
	return l > 4 || l >= 2 && b.size[r&cellMask] <= 2
}

// chainLibs remembers what inAtari answered for a few chains.
type chainLibs struct {
	k    int
	r, x [8]int32
	n    [8]int8
}

// inAtari is b.inAtari(r), read once for each of the first eight chains
// asked about.
func (c *chainLibs) inAtari(b *SquareBoard, r int32) (int, int32) {
	if b.twoSure(r) {
		return 2, -1
	}
	for i := 0; i < c.k; i++ {
		if c.r[i] == r {
			return int(c.n[i]), c.x[i]
		}
	}
	n, x := b.liberties(r)
	if c.k < len(c.r) {
		c.r[c.k], c.n[c.k], c.x[c.k] = r, int8(n), x
		c.k++
	}
	return n, x
}

// atariMove is step 1 of the tactical policy: a capture or a rescue in
// answer to the last placement, or -1.
func (b *SquareBoard) atariMove(r *Rand) int32 {
	l, c := b.last, b.toMove
	b.cands = b.cands[:0]
	if l < 0 || b.color[l&cellMask] != 3-c {
		return -1
	}
	if n, x := b.inAtari(b.chain[l&cellMask]); n == 1 && b.playable(x, c) {
		b.cands = append(b.cands, x)
	}
	// The liberties of the chains read so far: a chain touches the last
	// stone, or the stones of a chain in atari, on several sides, and
	// each side counts as a candidate again (the draw weighs them so).
	var cache chainLibs
	for _, q := range [4]int32{l - b.stride, l - 1, l + 1, l + b.stride} {
		if b.color[q&cellMask] != c {
			continue
		}
		own := b.chain[q&cellMask]
		n, x := cache.inAtari(b, own)
		if n != 1 {
			continue
		}
		// Capture an attacker in atari that touches the chain.
		s := own
		for {
			for _, a := range [4]int32{s - b.stride, s - 1, s + 1, s + b.stride} {
				if b.color[a&cellMask] == 3-c {
					if m, y := cache.inAtari(b, b.chain[a&cellMask]); m == 1 && b.playable(y, c) {
						b.cands = append(b.cands, y)
					}
				}
			}
			if s = b.next[s&cellMask]; s == own {
				break
			}
		}
		// Or run, if running gets somewhere: three liberties; or two,
		// always with SetRunTwo, or with ladders read (SetLadders,
		// SetLadderRuns) when the chase does not catch the chain.
		if !b.playable(x, c) {
			continue
		}
		libs, captures, _ := b.libsAfter(x, c, 3)
		run := libs >= 3
		if libs == 2 {
			switch {
			case b.runTwo:
				run = true
			case b.ladders || b.ladderRuns:
				run = captures || !b.runCaught(x, c)
			}
		}
		if run {
			b.cands = append(b.cands, x)
		}
	}
	return b.pick(r)
}

// nakadeMove is the step of the vital point: when the last placement
// borders an empty region of three to six points that touches none of
// the mover's stones (an eye space of the last mover's), the region's
// point with the most neighbours in it, if one point alone has that many
// and the policy may play it: the middle of a straight or bent three,
// the centre of a pyramid four, a bulky five or a flower, where a stone
// leaves one eye. Straight and bent fours and the rectangular six, whose
// points tie, get none. Or -1.
func (b *SquareBoard) nakadeMove() int32 {
	l, c := b.last, b.toMove
	if l < 0 || b.color[l&cellMask] != 3-c {
		return -1
	}
	s := b.stride
	var region [7]int32
	b.gen++
	for _, q := range [4]int32{l - s, l - 1, l + 1, l + s} {
		if b.color[q&cellMask] != board.Empty || b.mark[q&cellMask] == b.gen {
			continue
		}
		// Flood the region from q, giving up past six points or at a
		// stone of the mover's.
		n, open := 0, false
		region[n] = q
		n++
		b.mark[q&cellMask] = b.gen
		for i := 0; i < n && !open; i++ {
			for _, x := range [4]int32{region[i] - s, region[i] - 1, region[i] + 1, region[i] + s} {
				switch b.color[x&cellMask] {
				case c:
					open = true
				case board.Empty:
					if b.mark[x&cellMask] == b.gen {
						continue
					}
					if n == 6 {
						open = true
						break
					}
					b.mark[x&cellMask] = b.gen
					region[n] = x
					n++
				}
				if open {
					break
				}
			}
		}
		if open || n < 3 {
			continue
		}
		if best, ok := b.vital(region[:n]); ok && b.playable(best, c) {
			return best
		}
	}
	return -1
}

// koRate is the share, in percent, of the chances to retake a ko that the
// ko step takes (Pachi's moggy: 40).
const koRate = 40

// koMove is the step of ko fights, before the answers to atari: when the
// player to move is the one the playout's last ko capture barred, the bar
// has gone and the capture was at most three placements ago, it retakes
// the ko (koRate times in a hundred) if the policy may play there and it
// is no self-atari of two or more stones; or -1.
func (b *SquareBoard) koMove(r *Rand) int32 {
	k, c := b.koFight, b.toMove
	if k < 0 || c != b.koFightBy || b.ko >= 0 || int32(len(b.steps))-b.koFightAt > 3 ||
		b.color[k&cellMask] != board.Empty || r.Intn(100) >= koRate {
		return -1
	}
	if b.playable(k, c) && !b.selfAtari(k, c) {
		return k
	}
	return -1
}

// replyMove is the step of the last good replies, between atari and
// shape: the table's answer to the last placement if the policy may play
// it and it is no self-atari of two or more stones, or -1.
func (b *SquareBoard) replyMove() int32 {
	if b.last < 0 {
		return -1
	}
	y := b.replies.Reply(b.toMove, int(b.toExt[b.last&cellMask]))
	if y < 0 {
		return -1
	}
	p := b.toInt[y]
	if b.playable(p, b.toMove) && !b.selfAtari(p, b.toMove) {
		return p
	}
	return -1
}

// patternMove is step 2 of the tactical policy: a point next to the
// placement l (the last, or with SetPattern2 the one before) that matches
// a pattern, or -1.
func (b *SquareBoard) patternMove(r *Rand, l int32) int32 {
	c := b.toMove
	b.cands = b.cands[:0]
	if l < 0 {
		return -1
	}
	s := b.stride
	for _, d := range [8]int32{-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1} {
		p := l + d
		if b.color[p&cellMask] == board.Empty && patterns[b.code3x3(p)] && b.playable(p, c) && !b.selfAtari(p, c) {
			b.cands = append(b.cands, p)
		}
	}
	return b.pick(r)
}

// Pattern reports whether empty point p matches one of the tactical
// policy's 3x3 patterns (for the search's priors).
func (b *SquareBoard) Pattern(p int) bool {
	q := b.toInt[p]
	return b.color[q&cellMask] == board.Empty && patterns[b.code3x3(q)]
}

// SelfAtari reports whether the player to move placing on empty point p
// would leave a chain of two or more stones in atari, capturing nothing
// (for the search's priors).
func (b *SquareBoard) SelfAtari(p int) bool {
	return b.selfAtariFills(b.toInt[p], b.toMove, false)
}
