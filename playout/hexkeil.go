package playout

import (
	"strconv"

	"moku/board"
	"moku/game"
	"moku/internal/cacheline"
)

// HexKeilBoard is KeilBoard specialised to the hexhex, Keil's own board.
// Point (x, y) sits at padded index (y+1)*S + x+1 with S = 2n (one more
// than the board's width), in an array whose border cells and the cells
// outside the hexagon hold the wall. Its six neighbours are then at the
// fixed offsets -S-1, -S, -1, +1, +S, +S+1 (the order of the graph's
// adjacency lists), and the two witnesses of each pair at fixed offsets
// too; a witness off the board is a wall cell, which holds no colour and
// is not empty, as linking wants. No adjacency or witness list is read.
//
// Chains, the cached liberty, the policy and the count are KeilBoard's
// (keil.go), visited in the same order, so for the same position and seed
// both boards play the same games. Points are numbered as the graph
// numbers them in everything the board shows.
type HexKeilBoard struct {
	turn
	links2019 bool
	stride    int32
	cellsUsed int32

	off [6]int32    // neighbour offsets, in the graph's order
	wit [6][2]int32 // witness offsets of the pair (p, p+off[k])

	color   [cells]board.Color // wall off the board
	chain   [cells]int32
	next    [cells]int32
	size    [cells]int32
	libS    [cells]int32 // cached liberty of a chain: a stone and a direction
	libK    [cells]int8
	toExt   [cells]int32
	mark    [cells]uint32
	empties emptyList // the empty cells

	toInt []int32

	gen     uint32
	stack   []int32
	dead    []int32
	deadBuf [6]int32
	deadFor int32 // the point b.dead was found for by lives, or -1

	heavy   bool    // the tactical policy (SetHeavy, keiltactics.go)
	last    int32   // padded index of the last placement, or -1
	cands   []int32 // the tactical policy's candidates
	libBuf  [keilMaxCapturable]int32
	near2   []bool // near2[q-p+2*stride+2]: cells p and q are at most two steps apart
	killBuf [keilMaxCapturable]int32
}

// NewHexKeil returns a fast Keil board on g, a hexhex (g.Kind() == "hex"),
// or nil if g's points or adjacency are not the hexhex's as this board
// lays them out.
func NewHexKeil(g *board.Graph, links2019, button bool, komi float64) *HexKeilBoard {
	side := g.Side()
	d := 2*side - 1
	stride := int32(d + 1)
	size := int32(d+2)*stride + 1
	if g.Kind() != "hex" || size > cells {
		return nil
	}
	n := g.N()
	b := &HexKeilBoard{turn: newTurn(n, 2, button, komi), links2019: links2019, stride: stride, cellsUsed: size,
		toInt: make([]int32, n), stack: cacheline.Make[int32](0, n), deadFor: -1, last: -1}
	S := stride
	b.off = [6]int32{-S - 1, -S, -1, 1, S, S + 1}
	b.wit = [6][2]int32{{-S, -1}, {-S - 1, 1}, {-S - 1, S}, {-S, S + 1}, {-1, S + 1}, {1, S}}
	b.near2 = make([]bool, 4*S+5)
	for dy := int32(-2); dy <= 2; dy++ {
		for dx := int32(-2); dx <= 2; dx++ {
			if abs32(dx)+abs32(dy)+abs32(dx-dy) <= 4 { // twice the distance
				b.near2[dy*S+dx+2*S+2] = true
			}
		}
	}
	for i := range b.color {
		b.color[i] = wall
		b.toExt[i] = -1
	}
	for p := 0; p < n; p++ {
		name := g.Name(p)
		x := int(name[0] - 'a')
		y, err := strconv.Atoi(name[1:])
		if err != nil || x < 0 || x >= d || y < 1 || y > d {
			return nil
		}
		i := int32(y)*S + int32(x) + 1
		b.toInt[p], b.toExt[i] = i, int32(p)
		b.color[i] = board.Empty
	}
	// Check the layout against the graph: the same neighbours in the same
	// order, and the same witnesses.
	for p := 0; p < n; p++ {
		i := b.toInt[p]
		k := 0
		for e, hi := g.EdgeRange(p); e < hi; e++ {
			for k < 6 && b.color[i+b.off[k]] == wall {
				k++
			}
			if k == 6 || b.toExt[i+b.off[k]] != int32(g.EdgeTo(e)) {
				return nil
			}
			var ws []int32
			for _, w := range b.wit[k] {
				if b.color[i+w] != wall {
					ws = append(ws, b.toExt[i+w])
				}
			}
			gw := g.EdgeWitnesses(e)
			if len(ws) != len(gw) {
				return nil
			}
			for _, w := range gw {
				if w != ws[0] && w != ws[len(ws)-1] {
					return nil
				}
			}
			k++
		}
		for ; k < 6; k++ {
			if b.color[i+b.off[k]] != wall {
				return nil
			}
		}
	}
	for _, i := range b.toInt {
		b.empties.add(i)
	}
	for _, s := range g.Start() {
		b.put(b.toInt[s.Point], s.Color)
	}
	b.rebuildChains()
	return b
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

func (b *HexKeilBoard) put(p int32, c board.Color) {
	old := b.color[p&cellMask]
	if old == c {
		return
	}
	if old == board.Empty {
		b.empties.remove(p)
	} else if c == board.Empty {
		b.empties.add(p)
	}
	b.color[p&cellMask] = c
}

// witnessIs reports whether a witness of the pair (p, p+off[k]) holds c.
func (b *HexKeilBoard) witnessIs(p int32, k int, c board.Color) bool {
	w := b.wit[k]
	return b.color[(p+w[0])&cellMask] == c || b.color[(p+w[1])&cellMask] == c
}

// freeLink reports whether a stone of c on p and the empty point p+off[k]
// are linked: a witness is empty or holds c.
func (b *HexKeilBoard) freeLink(p int32, k int, c board.Color) bool {
	w := b.wit[k]
	x, y := b.color[(p+w[0])&cellMask], b.color[(p+w[1])&cellMask]
	return x == c || x == board.Empty || y == c || y == board.Empty
}

func (b *HexKeilBoard) rebuildChains() {
	for _, p := range b.toInt {
		b.chain[p&cellMask] = -1
	}
	for _, p := range b.toInt {
		c := b.color[p&cellMask]
		if c == board.Empty || b.chain[p&cellMask] >= 0 {
			continue
		}
		b.chain[p&cellMask], b.next[p&cellMask], b.size[p&cellMask], b.libS[p&cellMask] = p, p, 1, -1
		b.stack = append(b.stack[:0], p)
		for len(b.stack) > 0 {
			s := b.stack[len(b.stack)-1]
			b.stack = b.stack[:len(b.stack)-1]
			for k, o := range b.off {
				q := s + o
				if b.color[q&cellMask] == c && b.chain[q&cellMask] < 0 && b.witnessIs(s, k, c) {
					b.chain[q&cellMask] = p
					b.next[q&cellMask], b.next[p&cellMask] = b.next[p&cellMask], q
					b.size[p&cellMask]++
					b.stack = append(b.stack, q)
				}
			}
		}
	}
}

// Load sets the board to the position of s (see KeilBoard.Load).
func (b *HexKeilBoard) Load(s game.State) {
	for p, i := range b.toInt {
		b.put(i, s.At(p))
	}
	b.rebuildChains()
	b.load(s)
	b.deadFor = -1
	b.last = -1
	if h := s.History(); len(h) > 0 && h[len(h)-1].Move.Kind == game.Place {
		b.last = b.toInt[h[len(h)-1].Move.Point]
	}
}

// hasLib reports whether chain r (a representative) has a liberty.
func (b *HexKeilBoard) hasLib(r int32) bool {
	c := b.color[r&cellMask]
	if s := b.libS[r&cellMask]; s >= 0 && b.color[s&cellMask] == c && b.chain[s&cellMask] == r {
		k := int(b.libK[r&cellMask])
		if b.color[(s+b.off[k])&cellMask] == board.Empty && b.freeLink(s, k, c) {
			return true
		}
	}
	s := r
	for {
		for k, o := range b.off {
			if b.color[(s+o)&cellMask] == board.Empty && b.freeLink(s, k, c) {
				b.libS[r&cellMask], b.libK[r&cellMask] = s, int8(k)
				return true
			}
		}
		s = b.next[s&cellMask]
		if s == r {
			return false
		}
	}
}

// scanLib is hasLib without the cache (for hypothetical boards).
func (b *HexKeilBoard) scanLib(r int32, c board.Color) bool {
	s := r
	for {
		for k, o := range b.off {
			if b.color[(s+o)&cellMask] == board.Empty && b.freeLink(s, k, c) {
				return true
			}
		}
		s = b.next[s&cellMask]
		if s == r {
			return false
		}
	}
}

// lives reports whether a stone of c on empty p would be in a group with
// a liberty after its captures (see KeilBoard.lives).
func (b *HexKeilBoard) lives(p int32, c board.Color) bool {
	b.deadFor = -1
	for k, o := range b.off {
		if b.color[(p+o)&cellMask] == board.Empty && b.freeLink(p, k, c) {
			return true
		}
	}
	b.color[p&cellMask] = c
	for k, o := range b.off {
		if q := p + o; b.color[q&cellMask] == c && b.witnessIs(p, k, c) && b.hasLib(b.chain[q&cellMask]) {
			b.color[p&cellMask] = board.Empty
			return true
		}
	}
	b.findDead(p, c)
	b.deadFor = p // place(p, c) may use it: the board does not change before
	for _, r := range b.dead {
		b.setChain(r, board.Empty)
	}
	ok := false
	for k, o := range b.off {
		q := p + o
		switch b.color[q&cellMask] {
		case board.Empty:
			ok = b.freeLink(p, k, c)
		case c:
			ok = b.witnessIs(p, k, c) && b.scanLib(b.chain[q&cellMask], c)
		}
		if ok {
			break
		}
	}
	for _, r := range b.dead {
		b.setChain(r, 3-c)
	}
	b.color[p&cellMask] = board.Empty
	return ok
}

// findDead sets b.dead to the enemy chains next to p (where a stone of c
// has just been put) that have no liberty.
func (b *HexKeilBoard) findDead(p int32, c board.Color) {
	b.dead = b.deadBuf[:0]
	o := 3 - c
	for _, d := range b.off {
		q := p + d
		if b.color[q&cellMask] == o {
			r := b.chain[q&cellMask]
			found := false
			for _, x := range b.dead {
				found = found || x == r
			}
			if !found && !b.hasLib(r) {
				b.dead = append(b.dead, r)
			}
		}
	}
}

func (b *HexKeilBoard) setChain(r int32, c board.Color) {
	s := r
	for {
		b.color[s&cellMask] = c
		s = b.next[s&cellMask]
		if s == r {
			return
		}
	}
}

// Legal reports whether the player to move may place on point p (simple
// ko, no suicide).
func (b *HexKeilBoard) Legal(p int) bool {
	q := b.toInt[p]
	return b.color[q&cellMask] == board.Empty && q != b.ko && b.lives(q, b.toMove)
}

// Play places a stone of the player to move on point p (which must be
// Legal), passes if p == -1, or takes the button if p == -2.
func (b *HexKeilBoard) Play(p int) {
	switch {
	case p >= 0:
		b.place(b.toInt[p], b.toMove)
	case p != takeButton:
		p = passTurn
	}
	if p < 0 {
		b.last = -1
	}
	b.end(p)
}

// At returns the contents of point p.
func (b *HexKeilBoard) At(p int) board.Color { return b.color[b.toInt[p]&cellMask] }

// Ko returns the point the player to move may not play, or -1.
func (b *HexKeilBoard) Ko() int {
	if b.ko < 0 {
		return -1
	}
	return int(b.toExt[b.ko&cellMask])
}

func (b *HexKeilBoard) place(p int32, c board.Color) {
	b.empties.remove(p)
	b.color[p&cellMask], b.chain[p&cellMask], b.next[p&cellMask], b.size[p&cellMask], b.libS[p&cellMask] = c, p, p, 1, -1
	for k, o := range b.off {
		q := p + o
		if b.color[q&cellMask] == c && b.chain[q&cellMask] != b.chain[p&cellMask] && b.witnessIs(p, k, c) {
			b.merge(b.chain[p&cellMask], b.chain[q&cellMask])
		}
	}
	if b.deadFor != p {
		// (Merging p's own chains changes no enemy chain's liberties,
		// so what lives found before them holds.)
		b.findDead(p, c)
	}
	b.deadFor = -1
	captured, capPt := int32(0), int32(-1)
	for _, r := range b.dead {
		captured += b.size[r&cellMask]
		capPt = r
		s := r
		for {
			b.color[s&cellMask] = board.Empty
			b.empties.add(s)
			s = b.next[s&cellMask]
			if s == r {
				break
			}
		}
	}
	b.ko = -1
	if captured == 1 && b.size[b.chain[p&cellMask]&cellMask] == 1 {
		b.ko = capPt
	}
	b.steps = append(b.steps, Step{Point: b.toExt[p&cellMask], Color: c})
	b.last = p
}

func (b *HexKeilBoard) merge(a, r int32) {
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
}

// eye reports whether every neighbour of p holds a stone of c (the wall
// aside; see KeilBoard.eye).
func (b *HexKeilBoard) eye(p int32, c board.Color) bool {
	for _, o := range b.off {
		if x := b.color[(p+o)&cellMask]; x != c && x != wall {
			return false
		}
	}
	return true
}

// randomMove is KeilBoard's (see KeilBoard.randomMove); the tactical
// policy first answers the last placement (keiltactics.go), and its random
// placement is no self-atari of two or more stones either.
func (b *HexKeilBoard) randomMove(r *Rand) bool {
	c := b.toMove
	var p int32
	if b.heavy {
		if p = b.atariMove(r); p < 0 {
			p = b.empties.draw(r, func(p int32) bool {
				return p != b.ko && !b.eye(p, c) && b.lives(p, c) && !b.selfAtari(p, c)
			})
		}
	} else {
		p = b.empties.draw(r, func(p int32) bool { return p != b.ko && !b.eye(p, c) && b.lives(p, c) })
	}
	if p < 0 {
		b.last = -1
		return false
	}
	b.place(p, c)
	return true
}

// Playout plays KeilBoard's policy (see KeilBoard.Playout).
func (b *HexKeilBoard) Playout(r *Rand) int { return b.playout(b, r) }

// Score counts the board under linked scoring (see KeilBoard.Score).
func (b *HexKeilBoard) Score() (score [board.MaxPlayers + 1]float64) {
	b.gen++
	for _, p := range b.toInt {
		c := b.color[p&cellMask]
		if c != board.Empty {
			score[c]++
			b.owner[b.toExt[p&cellMask]] = c
			continue
		}
		if b.mark[p&cellMask] == b.gen {
			continue
		}
		var touch uint8
		b.stack = append(b.stack[:0], p)
		b.mark[p&cellMask] = b.gen
		for i := 0; i < len(b.stack); i++ {
			s := b.stack[i]
			for k, o := range b.off {
				q := s + o
				switch x := b.color[q&cellMask]; x {
				case wall:
				case board.Empty:
					if b.mark[q&cellMask] != b.gen && (b.links2019 || b.witnessIs(s, k, board.Empty)) {
						b.mark[q&cellMask] = b.gen
						b.stack = append(b.stack, q)
					}
				default:
					if b.freeLink(s, k, x) {
						touch |= 1 << x
					}
				}
			}
		}
		owner := soleOwner(touch)
		if owner != board.Empty {
			score[owner] += float64(len(b.stack))
		}
		for _, s := range b.stack {
			b.owner[b.toExt[s&cellMask]] = owner
		}
	}
	b.bonus(&score)
	return score
}
