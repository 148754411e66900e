package playout

import (
	"moku/board"
	"moku/game"
	"moku/internal/cacheline"
)

// GoBoard is a fast board for the games of plain adjacency: Go and Kee
// (2 to 4 players, suicide forbidden or allowed) on any graph.
//
// A chain (a connected set of same-coloured stones) is a circular linked
// list of its stones (next) with a representative (chain) that holds its
// size and its pseudo-liberties: the number of (stone, empty neighbour)
// pairs, which is zero exactly when the chain has no liberty. Placing a
// stone decrements the pseudo-liberties of each chain next to it once per
// edge, merges its own chains (relabelling the smaller), and removes enemy
// chains left at zero; removing a stone increments its neighbours' chains.
// Nothing is allocated per move.
//
// Repetition is simple ko only: after a single-stone capture by a single
// stone left with one liberty, the captured point is forbidden to the next
// player for one move.
type GoBoard struct {
	_ cacheline.Pad // boards of a search's threads apart (package cacheline)
	turn
	suicide bool // the rules allow suicide (Kee, Tromp-Taylor)

	adjFrom, adj   []int32 // compressed adjacency
	diagFrom, diag []int32 // "diagonals": non-adjacent points sharing two neighbours
	edge           []bool  // fewer neighbours than the most any point has

	color []board.Color
	nbr   [][board.MaxPlayers + 1]uint8 // neighbours of each point by contents
	deg   []uint8
	chain []int32 // representative of each stone's chain
	next  []int32 // next stone of the chain, circularly
	libs  []int32 // pseudo-liberties, by representative
	size  []int32 // stones, by representative
	empty emptySet

	mark  []uint32
	gen   uint32
	stack []int32
	dead  []int32

	heavy      bool    // the tactical policy (setHeavy, gotactics.go)
	last       int32   // the last placement, or -1 after a pass
	maxDeg     int32   // the most neighbours a point has
	cands      []int32 // the tactical policy's candidates
	enemy, own []int32 // chains next to the last placement, by side
	_          cacheline.Pad
}

// NewGo returns a fast board for plain-adjacency games on g with the given
// number of players, suicide rule and komi (added to White's score; Load
// takes each player's komi from the position's rules).
func NewGo(g *board.Graph, players int, suicide bool, komi float64) *GoBoard {
	n := g.N()
	b := &GoBoard{turn: newTurn(n, players, false, komi), suicide: suicide,
		color: cacheline.Make[board.Color](n, n), chain: cacheline.Make[int32](n, n),
		nbr: cacheline.Make[[board.MaxPlayers + 1]uint8](n, n), deg: make([]uint8, n), next: cacheline.Make[int32](n, n),
		libs: cacheline.Make[int32](n, n), size: cacheline.Make[int32](n, n), empty: newEmptySet(n),
		edge: make([]bool, n), mark: cacheline.Make[uint32](n, n), stack: cacheline.Make[int32](0, n), last: -1}
	b.adjFrom, b.adj = csr(g)
	b.diagFrom, b.diag = diagonals(g)
	maxDeg := 0
	for p := 0; p < n; p++ {
		maxDeg = max(maxDeg, g.Degree(p))
	}
	b.maxDeg = int32(maxDeg)
	b.cands = cacheline.Make[int32](0, n)
	b.enemy = cacheline.Make[int32](0, maxDeg+1)
	b.own = cacheline.Make[int32](0, maxDeg)
	for p := 0; p < n; p++ {
		b.edge[p] = g.Degree(p) < maxDeg
		b.empty.add(int32(p))
		b.deg[p] = uint8(g.Degree(p))
		b.nbr[p][board.Empty] = uint8(g.Degree(p))
	}
	for _, s := range g.Start() {
		b.put(int32(s.Point), s.Color)
	}
	b.rebuildChains()
	return b
}

// csr copies g's adjacency into two flat arrays.
func csr(g *board.Graph) (from, to []int32) {
	from = make([]int32, g.N()+1)
	for p := 0; p < g.N(); p++ {
		to = append(to, g.Neighbors(p)...)
		from[p+1] = int32(len(to))
	}
	return from, to
}

// diagonals returns, for each point, the points not adjacent to it that
// share at least two neighbours with it: the diagonal points of a square
// grid (and their analogue on other graphs), which the eye test consults.
func diagonals(g *board.Graph) (from, to []int32) {
	n := g.N()
	from = make([]int32, n+1)
	count := make([]int, n)
	var touched []int
	for p := 0; p < n; p++ {
		touched = touched[:0]
		for _, q := range g.Neighbors(p) {
			for _, r := range g.Neighbors(int(q)) {
				if int(r) == p || g.Adjacent(p, int(r)) {
					continue
				}
				if count[r] == 0 {
					touched = append(touched, int(r))
				}
				count[r]++
			}
		}
		for _, r := range touched {
			if count[r] >= 2 {
				to = append(to, int32(r))
			}
			count[r] = 0
		}
		from[p+1] = int32(len(to))
	}
	return from, to
}

// setColor changes the contents of p, keeping the neighbour counts.
func (b *GoBoard) setColor(p int32, c board.Color) {
	old := b.color[p]
	for _, q := range b.adj[b.adjFrom[p]:b.adjFrom[p+1]] {
		b.nbr[q][old]--
		b.nbr[q][c]++
	}
	b.color[p] = c
}

// put places colour c on p without any rule (for loading positions).
func (b *GoBoard) put(p int32, c board.Color) {
	if b.color[p] == c {
		return
	}
	if b.color[p] == board.Empty && c != board.Empty {
		b.empty.remove(p)
	} else if b.color[p] != board.Empty && c == board.Empty {
		b.empty.add(p)
	}
	b.setColor(p, c)
}

// rebuildChains recomputes chains and pseudo-liberties from the colours.
func (b *GoBoard) rebuildChains() {
	for p := range b.chain {
		b.chain[p] = -1
	}
	for p := int32(0); p < int32(b.n); p++ {
		c := b.color[p]
		if c == board.Empty || b.chain[p] >= 0 {
			continue
		}
		b.chain[p], b.next[p], b.size[p], b.libs[p] = p, p, 1, 0
		b.stack = append(b.stack[:0], p)
		for len(b.stack) > 0 {
			s := b.stack[len(b.stack)-1]
			b.stack = b.stack[:len(b.stack)-1]
			for _, q := range b.adj[b.adjFrom[s]:b.adjFrom[s+1]] {
				switch b.color[q] {
				case board.Empty:
					b.libs[p]++
				case c:
					if b.chain[q] < 0 {
						b.chain[q] = p
						b.next[q], b.next[p] = b.next[p], q
						b.size[p]++
						b.stack = append(b.stack, q)
					}
				}
			}
		}
	}
}

// Load sets the board to the position of s.
func (b *GoBoard) Load(s game.State) {
	for p := int32(0); p < int32(b.n); p++ {
		b.put(p, s.At(int(p)))
	}
	b.rebuildChains()
	b.load(s)
	b.last = -1
	if h := s.History(); len(h) > 0 && h[len(h)-1].Move.Kind == game.Place {
		b.last = int32(h[len(h)-1].Move.Point)
	}
}

// At returns the contents of point p.
func (b *GoBoard) At(p int) board.Color { return b.color[p] }

// Ko returns the point the player to move may not play because of simple
// ko, or -1.
func (b *GoBoard) Ko() int { return int(b.ko) }

// eye reports whether empty point p is an eye of c for the policy: every
// neighbour is c's, and at most one diagonal holds another player's stone
// (none on the edge).
func (b *GoBoard) eye(p int32, c board.Color) bool {
	if b.nbr[p][c] != b.deg[p] {
		return false
	}
	enemies := 0
	for _, d := range b.diag[b.diagFrom[p]:b.diagFrom[p+1]] {
		if x := b.color[d]; x != board.Empty && x != c {
			enemies++
		}
	}
	if b.edge[p] {
		return enemies == 0
	}
	return enemies < 2
}

// edgesTo counts p's neighbours in chain r.
func (b *GoBoard) edgesTo(p, r int32) int32 {
	n := int32(0)
	for _, q := range b.adj[b.adjFrom[p]:b.adjFrom[p+1]] {
		if b.color[q] != board.Empty && b.chain[q] == r {
			n++
		}
	}
	return n
}

// lives reports whether a stone of c on empty point p would have a liberty
// once the captures it makes are done (the placement is not suicide).
func (b *GoBoard) lives(p int32, c board.Color) bool {
	if b.nbr[p][board.Empty] > 0 {
		return true
	}
	for _, q := range b.adj[b.adjFrom[p]:b.adjFrom[p+1]] {
		r := b.chain[q]
		if b.color[q] == c {
			if b.libs[r] > b.edgesTo(p, r) {
				return true
			}
		} else if b.libs[r] == b.edgesTo(p, r) {
			return true // captures
		}
	}
	return false
}

// Legal reports whether the player to move may place on p under the
// board's rules (simple ko; suicide as configured, never one that changes
// nothing).
func (b *GoBoard) Legal(p int) bool {
	q := int32(p)
	if b.color[q] != board.Empty || q == b.ko {
		return false
	}
	if b.lives(q, b.toMove) {
		return true
	}
	if !b.suicide {
		return false
	}
	for _, r := range b.adj[b.adjFrom[q]:b.adjFrom[q+1]] {
		if b.color[r] == b.toMove {
			return true // the suicide removes that chain too: the board changes
		}
	}
	return false
}

// Play places a stone of the player to move on p, which must be Legal,
// or passes if p < 0; the turn passes on.
func (b *GoBoard) Play(p int) {
	if p < 0 {
		p = passTurn
		b.last = -1
	} else {
		b.place(int32(p), b.toMove)
	}
	b.end(p)
}

// place puts a stone of c on p and resolves captures (and suicide); p
// becomes the last placement.
func (b *GoBoard) place(p int32, c board.Color) {
	b.last = p
	b.empty.remove(p)
	b.setColor(p, c)
	b.chain[p], b.next[p], b.size[p] = p, p, 1
	b.libs[p] = int32(b.nbr[p][board.Empty])
	nb := b.adj[b.adjFrom[p]:b.adjFrom[p+1]]
	me := p
	captured, capPt := int32(0), int32(-1)
	two := b.players == 2
	for _, q := range nb {
		switch x := b.color[q]; x {
		case board.Empty:
		case c:
			r := b.chain[q]
			b.libs[r]--
			if r != me {
				me = b.merge(me, r)
			}
		default:
			r := b.chain[q]
			b.libs[r]--
			if two && b.libs[r] == 0 {
				// With two players, an enemy chain is captured when its
				// last pseudo-liberty goes: by then every edge between
				// it and p has been counted (each was one of them), and
				// as two enemy chains cannot touch, removing it gives no
				// other a liberty.
				captured += b.size[r]
				capPt = r
				b.remove(r)
			}
		}
	}
	if !two {
		// Judge every opponent's chain before removing any.
		b.dead = b.dead[:0]
		for _, q := range nb {
			if x := b.color[q]; x != board.Empty && x != c && b.libs[b.chain[q]] == 0 {
				r := b.chain[q]
				found := false
				for _, d := range b.dead {
					found = found || d == r
				}
				if !found {
					b.dead = append(b.dead, r)
				}
			}
		}
		for _, r := range b.dead {
			captured += b.size[r]
			capPt = r
			b.remove(r)
		}
	}
	b.ko = -1
	me = b.chain[p]
	if b.libs[me] == 0 {
		b.remove(me) // suicide (only where the rules allow it)
	} else if captured == 1 && b.size[me] == 1 && b.libs[me] == 1 {
		b.ko = capPt
	}
	b.steps = append(b.steps, Step{Point: p, Color: c, Ko: b.ko >= 0, Passes: uint8(b.passes)})
}

// merge joins chains a and r, relabelling the smaller, and returns the
// representative of the union.
func (b *GoBoard) merge(a, r int32) int32 {
	if b.size[a] < b.size[r] {
		a, r = r, a
	}
	s := r
	for {
		b.chain[s] = a
		s = b.next[s]
		if s == r {
			break
		}
	}
	b.next[a], b.next[r] = b.next[r], b.next[a]
	b.size[a] += b.size[r]
	b.libs[a] += b.libs[r]
	return a
}

// remove takes chain r off the board and gives its neighbours liberties.
func (b *GoBoard) remove(r int32) {
	s := r
	for {
		b.setColor(s, board.Empty)
		b.empty.add(s)
		s = b.next[s]
		if s == r {
			break
		}
	}
	s = r
	for {
		for _, q := range b.adj[b.adjFrom[s]:b.adjFrom[s+1]] {
			if b.color[q] != board.Empty {
				b.libs[b.chain[q]]++
			}
		}
		s = b.next[s]
		if s == r {
			break
		}
	}
}

// randomMove plays the policy's move for the player to move and reports
// false if it has none (and will pass). The light policy plays a
// uniformly random legal placement that is not suicide and does not fill
// the mover's own eye; the tactical policy first answers the last
// placement (gotactics.go), and its random placement is no self-atari of
// two or more stones either.
func (b *GoBoard) randomMove(r *Rand) bool {
	c := b.toMove
	if b.heavy {
		if x := b.atariMove(r); x >= 0 {
			b.place(x, c)
			return true
		}
	}
	p := b.empty.draw(r, func(p int32) bool {
		return p != b.ko && !b.eye(p, c) && b.lives(p, c) && !(b.heavy && b.selfAtari(p, c))
	})
	if p < 0 {
		b.last = -1
		return false
	}
	b.place(p, c)
	return true
}

// Playout plays the reference light policy (or the tactical one, see
// setHeavy) to the end: every player passes in succession, or 3 moves a
// point have been made.
func (b *GoBoard) Playout(r *Rand) int { return b.playout(b, r) }

// Score counts the board by area: stones, and empty regions that touch
// one player's stones only; each player adds its komi (two players: White
// adds the komi).
func (b *GoBoard) Score() (score [board.MaxPlayers + 1]float64) {
	b.gen++
	for p := int32(0); p < int32(b.n); p++ {
		c := b.color[p]
		if c != board.Empty {
			score[c]++
			b.owner[p] = c
			continue
		}
		if b.mark[p] == b.gen {
			continue
		}
		var touch uint8
		b.stack = append(b.stack[:0], p)
		b.mark[p] = b.gen
		for i := 0; i < len(b.stack); i++ {
			s := b.stack[i]
			for _, q := range b.adj[b.adjFrom[s]:b.adjFrom[s+1]] {
				if x := b.color[q]; x != board.Empty {
					touch |= 1 << x
				} else if b.mark[q] != b.gen {
					b.mark[q] = b.gen
					b.stack = append(b.stack, q)
				}
			}
		}
		owner := soleOwner(touch)
		if owner != board.Empty {
			score[owner] += float64(len(b.stack))
		}
		for _, s := range b.stack {
			b.owner[s] = owner
		}
	}
	b.bonus(&score)
	return score
}

// Captures returns the number of stones a stone of the player to move on
// empty point p would capture (for the search's priors).
func (b *GoBoard) Captures(p int) int {
	q := int32(p)
	c := b.toMove
	n := int32(0)
	var seen [8]int32
	k := 0
	for _, r := range b.adj[b.adjFrom[q]:b.adjFrom[q+1]] {
		x := b.color[r]
		if x == board.Empty || x == c {
			continue
		}
		ch := b.chain[r]
		if b.libs[ch] != b.edgesTo(q, ch) {
			continue
		}
		dup := false
		for _, s := range seen[:k] {
			dup = dup || s == ch
		}
		if !dup {
			n += b.size[ch]
			if k < len(seen) {
				seen[k] = ch
				k++
			}
		}
	}
	return int(n)
}
