package playout

import (
	"moku/board"
	"moku/game"
	"moku/internal/cacheline"
)

// KeilBoard is a fast board for Keil: Go with linking (keil.md), the button,
// and simple ko in place of the own-position rule.
//
// Why this is simpler than it looks. Under the canonical rule two
// same-coloured stones are linked iff a witness of the pair holds a stone of
// their colour; that witness is linked to both (each is a witness of the
// pair it forms with the other), so it is in their group, and it can only
// leave the board when the whole group is captured. Groups therefore only
// merge, as in Go, and are kept as circular lists of stones. Under
// keil-2019 groups can split, but keil.md shows that captures and legality
// are the same under both wordings (where they disagree about a pair of
// stones, an empty witness is a liberty of both), so the canonical chains
// decide captures under both; only the count at the end, which is done
// from the colours alone, uses the ruleset's own wording.
//
// Liberties are not counted incrementally (a liberty is an empty
// neighbour linked to a stone, which depends on the witnesses and changes
// when a stone lands on one). Instead each chain caches one (stone, edge)
// liberty; a liberty check first revalidates the cache, which is nearly
// always still good, and only otherwise scans the chain's stones. Only
// chains next to a new stone can lose liberties (a link depends on the pair
// and its witnesses, all neighbours of the pair's ends).
type KeilBoard struct {
	_ cacheline.Pad // boards of a search's threads apart (package cacheline)
	turn
	links2019 bool

	adjFrom, adj []int32 // compressed adjacency; edge e goes to adj[e]
	witFrom, wit []int32 // witnesses of edge e: wit[witFrom[e]:witFrom[e+1]]

	color []board.Color
	chain []int32
	next  []int32
	size  []int32
	libS  []int32 // cached liberty of a chain: a stone and one of its edges
	libE  []int32
	empty emptySet

	mark    []uint32
	gen     uint32
	stack   []int32
	dead    []int32
	scratch []int32
	_       cacheline.Pad
}

// NewKeil returns a fast Keil board on g. links2019 selects keil-2019's
// wording for the count; button says whether the button is in play.
func NewKeil(g *board.Graph, links2019, button bool, komi float64) *KeilBoard {
	n := g.N()
	b := &KeilBoard{turn: newTurn(n, 2, button, komi), links2019: links2019,
		color: cacheline.Make[board.Color](n, n), chain: cacheline.Make[int32](n, n), next: cacheline.Make[int32](n, n),
		size: cacheline.Make[int32](n, n), libS: cacheline.Make[int32](n, n), libE: cacheline.Make[int32](n, n),
		empty: newEmptySet(n), mark: cacheline.Make[uint32](n, n), stack: cacheline.Make[int32](0, n)}
	b.adjFrom, b.adj = csr(g)
	b.witFrom = make([]int32, len(b.adj)+1)
	for e := range b.adj {
		b.wit = append(b.wit, g.EdgeWitnesses(e)...)
		b.witFrom[e+1] = int32(len(b.wit))
	}
	for p := 0; p < n; p++ {
		b.empty.add(int32(p))
	}
	for _, s := range g.Start() {
		b.put(int32(s.Point), s.Color)
	}
	b.rebuildChains()
	return b
}

func (b *KeilBoard) put(p int32, c board.Color) {
	if b.color[p] == board.Empty && c != board.Empty {
		b.empty.remove(p)
	} else if b.color[p] != board.Empty && c == board.Empty {
		b.empty.add(p)
	}
	b.color[p] = c
}

// witnessIs reports whether some witness of edge e holds c or is empty.
func (b *KeilBoard) witnessIs(e int32, c board.Color) bool {
	for _, w := range b.wit[b.witFrom[e]:b.witFrom[e+1]] {
		if b.color[w] == c {
			return true
		}
	}
	return false
}

// freeLink reports whether the ends of edge e, a stone of c and an empty
// point, are linked: some witness is empty or holds c (both wordings).
func (b *KeilBoard) freeLink(e int32, c board.Color) bool {
	for _, w := range b.wit[b.witFrom[e]:b.witFrom[e+1]] {
		if x := b.color[w]; x == c || x == board.Empty {
			return true
		}
	}
	return false
}

func (b *KeilBoard) rebuildChains() {
	for p := range b.chain {
		b.chain[p] = -1
	}
	for p := int32(0); p < int32(b.n); p++ {
		c := b.color[p]
		if c == board.Empty || b.chain[p] >= 0 {
			continue
		}
		b.chain[p], b.next[p], b.size[p], b.libS[p] = p, p, 1, -1
		b.stack = append(b.stack[:0], p)
		for len(b.stack) > 0 {
			s := b.stack[len(b.stack)-1]
			b.stack = b.stack[:len(b.stack)-1]
			for e := b.adjFrom[s]; e < b.adjFrom[s+1]; e++ {
				q := b.adj[e]
				if b.color[q] == c && b.chain[q] < 0 && b.witnessIs(e, c) {
					b.chain[q] = p
					b.next[q], b.next[p] = b.next[p], q
					b.size[p]++
					b.stack = append(b.stack, q)
				}
			}
		}
	}
}

// Load sets the board to the position of s (stones, player to move, the
// button: s must have a Button method, as liberty.Position has, for the
// button to be known taken).
func (b *KeilBoard) Load(s game.State) {
	for p := int32(0); p < int32(b.n); p++ {
		b.put(p, s.At(int(p)))
	}
	b.rebuildChains()
	b.load(s)
}

// hasLib reports whether chain r (a representative) has a liberty.
func (b *KeilBoard) hasLib(r int32) bool {
	c := b.color[r]
	if s := b.libS[r]; s >= 0 && b.color[s] == c && b.chain[s] == r {
		e := b.libE[r]
		if b.color[b.adj[e]] == board.Empty && b.freeLink(e, c) {
			return true
		}
	}
	s := r
	for {
		for e := b.adjFrom[s]; e < b.adjFrom[s+1]; e++ {
			if b.color[b.adj[e]] == board.Empty && b.freeLink(e, c) {
				b.libS[r], b.libE[r] = s, e
				return true
			}
		}
		s = b.next[s]
		if s == r {
			return false
		}
	}
}

// scanLib is hasLib without the cache (for hypothetical boards).
func (b *KeilBoard) scanLib(r int32, c board.Color) bool {
	s := r
	for {
		for e := b.adjFrom[s]; e < b.adjFrom[s+1]; e++ {
			if b.color[b.adj[e]] == board.Empty && b.freeLink(e, c) {
				return true
			}
		}
		s = b.next[s]
		if s == r {
			return false
		}
	}
}

// lives reports whether a stone of c on empty point p would be in a group
// with a liberty after its captures (the placement is not suicide).
func (b *KeilBoard) lives(p int32, c board.Color) bool {
	for e := b.adjFrom[p]; e < b.adjFrom[p+1]; e++ {
		if b.color[b.adj[e]] == board.Empty && b.freeLink(e, c) {
			return true
		}
	}
	// Judge it on the board itself: put the stone down; if a chain of c
	// it joins keeps a liberty, that is enough; otherwise take the dead
	// enemy chains off (colours only), look for a liberty of the new
	// group, and put everything back.
	b.color[p] = c
	for e := b.adjFrom[p]; e < b.adjFrom[p+1]; e++ {
		if q := b.adj[e]; b.color[q] == c && b.witnessIs(e, c) && b.hasLib(b.chain[q]) {
			b.color[p] = board.Empty
			return true
		}
	}
	b.findDead(p, c)
	for _, r := range b.dead {
		b.setChain(r, board.Empty)
	}
	ok := false
	for e := b.adjFrom[p]; e < b.adjFrom[p+1] && !ok; e++ {
		q := b.adj[e]
		switch b.color[q] {
		case board.Empty:
			ok = b.freeLink(e, c)
		case c:
			ok = b.witnessIs(e, c) && b.scanLib(b.chain[q], c)
		}
	}
	for _, r := range b.dead {
		b.setChain(r, 3-c)
	}
	b.color[p] = board.Empty
	return ok
}

// findDead sets b.dead to the enemy chains next to p (where a stone of c
// has just been put) that have no liberty.
func (b *KeilBoard) findDead(p int32, c board.Color) {
	b.dead = b.dead[:0]
	for _, q := range b.adj[b.adjFrom[p]:b.adjFrom[p+1]] {
		if x := b.color[q]; x != board.Empty && x != c {
			r := b.chain[q]
			found := false
			for _, d := range b.dead {
				found = found || d == r
			}
			if !found && !b.hasLib(r) {
				b.dead = append(b.dead, r)
			}
		}
	}
}

// setChain colours every stone of chain r with c (no set bookkeeping).
func (b *KeilBoard) setChain(r int32, c board.Color) {
	s := r
	for {
		b.color[s] = c
		s = b.next[s]
		if s == r {
			return
		}
	}
}

// Legal reports whether the player to move may place on p (simple ko, no
// suicide).
func (b *KeilBoard) Legal(p int) bool {
	q := int32(p)
	return b.color[q] == board.Empty && q != b.ko && b.lives(q, b.toMove)
}

// Play places a stone of the player to move on p (which must be Legal),
// passes if p == -1, or takes the button if p == -2; the turn passes on.
func (b *KeilBoard) Play(p int) {
	switch {
	case p >= 0:
		b.place(int32(p), b.toMove)
	case p != takeButton:
		p = passTurn
	}
	b.end(p)
}

// At returns the contents of point p.
func (b *KeilBoard) At(p int) board.Color { return b.color[p] }

func (b *KeilBoard) place(p int32, c board.Color) {
	b.empty.remove(p)
	b.color[p], b.chain[p], b.next[p], b.size[p], b.libS[p] = c, p, p, 1, -1
	for e := b.adjFrom[p]; e < b.adjFrom[p+1]; e++ {
		q := b.adj[e]
		if b.color[q] == c && b.chain[q] != b.chain[p] && b.witnessIs(e, c) {
			b.merge(b.chain[p], b.chain[q])
		}
	}
	b.findDead(p, c)
	captured, capPt := int32(0), int32(-1)
	for _, r := range b.dead {
		captured += b.size[r]
		capPt = r
		s := r
		for {
			b.color[s] = board.Empty
			b.empty.add(s)
			s = b.next[s]
			if s == r {
				break
			}
		}
	}
	b.ko = -1
	if captured == 1 && b.size[b.chain[p]] == 1 {
		b.ko = capPt
	}
	b.steps = append(b.steps, Step{Point: p, Color: c})
}

func (b *KeilBoard) merge(a, r int32) {
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
}

// eye reports whether p is an eye of c for the policy: every neighbour
// holds a stone of c. (Keil's linking makes the Go diagonal test
// meaningless; this cruder test keeps random games finite and short.)
func (b *KeilBoard) eye(p int32, c board.Color) bool {
	for _, q := range b.adj[b.adjFrom[p]:b.adjFrom[p+1]] {
		if b.color[q] != c {
			return false
		}
	}
	return true
}

// randomMove plays the policy's move for the player to move: a uniformly
// random legal placement that fills no eye of the mover. It reports false
// if there is none (and the player will take the button or pass).
func (b *KeilBoard) randomMove(r *Rand) bool {
	c := b.toMove
	p := b.empty.draw(r, func(p int32) bool { return p != b.ko && !b.eye(p, c) && b.lives(p, c) })
	if p < 0 {
		return false
	}
	b.place(p, c)
	return true
}

// Playout plays random legal placements that fill no eye of the mover; a
// player without one takes the button if it is there and passes
// otherwise. It stops after two passes in succession or 3 moves a point.
func (b *KeilBoard) Playout(r *Rand) int { return b.playout(b, r) }

// Score counts the board under linked scoring: stones, plus territories
// (empty points joined by links) linked to stones of one colour only; the
// komi goes to White and the button's half point to whoever took it.
func (b *KeilBoard) Score() (score [board.MaxPlayers + 1]float64) {
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
			for e := b.adjFrom[s]; e < b.adjFrom[s+1]; e++ {
				q := b.adj[e]
				if x := b.color[q]; x != board.Empty {
					if b.freeLink(e, x) {
						touch |= 1 << x
					}
				} else if b.mark[q] != b.gen && (b.links2019 || b.witnessIs(e, board.Empty)) {
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
