package playout

import (
	"moku/board"
	"moku/game"
	"moku/internal/cacheline"
)

// KiBoard is a fast board for Ki (majority control). Each point keeps the
// number of black and white stones on its neighbours, so whether a player
// controls it is read in constant time, as in package ki; what the rules
// engine adds (the history for the recurrence rule) is left out: a playout
// stops when the board is full or at the cap of three moves a point.
// The light policy is uniformly random among the legal placements; a player
// with none passes, as the rules force. The tactical policy (SetHeavy)
// first takes back what the last placement offers: a random one of the
// points next to it where a placement captures (the stone just placed, or
// another of its colour around it), then plays at random.
type KiBoard struct {
	_       cacheline.Pad // boards of a search's threads apart (package cacheline)
	n       int
	komi    float64
	adjFrom []int32
	adj     []int32
	color   []board.Color
	count   []int32 // count[2*q+c-1]: stones of colour c on q's neighbours
	empty   emptySet
	toMove  board.Color
	steps   []Step
	dead    []int32
	heavy   bool
	last    int32 // the last placement, or -1
	cands   []int32
	_       cacheline.Pad
}

// NewKi returns a fast Ki board on g (komi, normally 0, goes to White).
func NewKi(g *board.Graph, komi float64) *KiBoard {
	n := g.N()
	b := &KiBoard{n: n, komi: komi, color: cacheline.Make[board.Color](n, n), count: cacheline.Make[int32](2*n, 2*n),
		empty: newEmptySet(n), toMove: board.Black, steps: cacheline.Make[Step](0, 3*n+1), dead: cacheline.Make[int32](0, 8), cands: cacheline.Make[int32](0, n)}
	b.adjFrom, b.adj = csr(g)
	for p := 0; p < n; p++ {
		b.empty.add(int32(p))
	}
	for _, s := range g.Start() {
		b.set(int32(s.Point), s.Color)
	}
	return b
}

func (b *KiBoard) set(p int32, c board.Color) {
	old := b.color[p]
	if old == c {
		return
	}
	if old != board.Empty {
		for _, q := range b.adj[b.adjFrom[p]:b.adjFrom[p+1]] {
			b.count[2*q+int32(old)-1]--
		}
		b.empty.add(p)
	}
	if c != board.Empty {
		for _, q := range b.adj[b.adjFrom[p]:b.adjFrom[p+1]] {
			b.count[2*q+int32(c)-1]++
		}
		b.empty.remove(p)
	}
	b.color[p] = c
}

// Load sets the board to the position of s.
func (b *KiBoard) Load(s game.State) {
	for p := int32(0); p < int32(b.n); p++ {
		b.set(p, s.At(int(p)))
	}
	b.toMove = s.ToMove()
	b.komi = s.Rules().Komi
	b.steps = b.steps[:0]
	b.last = -1
	if h := s.History(); len(h) > 0 && h[len(h)-1].Move.Kind == game.Place {
		b.last = int32(h[len(h)-1].Move.Point)
	}
}

// SetHeavy switches the tactical policy on or off (off: uniformly random).
func (b *KiBoard) SetHeavy(on bool) { b.heavy = on }

// Heavy reports whether the tactical policy is on.
func (b *KiBoard) Heavy() bool { return b.heavy }

// captures reports whether a stone of c on empty p would capture: some
// opponent stone next to p would then stand on a point c controls.
func (b *KiBoard) captures(p int32, c board.Color) bool {
	for _, q := range b.adj[b.adjFrom[p]:b.adjFrom[p+1]] {
		if b.color[q] == 3-c {
			mine, theirs := b.count[2*q+int32(c)-1]+1, b.count[2*q+2-int32(c)]
			if mine >= 2 && mine > theirs {
				return true
			}
		}
	}
	return false
}

// captureMove returns a random capturing placement next to the last one,
// or -1.
func (b *KiBoard) captureMove(r *Rand, c board.Color) int32 {
	l := b.last
	if l < 0 || b.color[l] != 3-c {
		return -1
	}
	b.cands = b.cands[:0]
	for _, p := range b.adj[b.adjFrom[l]:b.adjFrom[l+1]] {
		if b.color[p] == board.Empty && !b.controls(3-c, p) && b.captures(p, c) {
			b.cands = append(b.cands, p)
		}
	}
	if len(b.cands) == 0 {
		return -1
	}
	return b.cands[r.Intn(len(b.cands))]
}

// controls reports whether c controls q.
func (b *KiBoard) controls(c board.Color, q int32) bool {
	mine, theirs := b.count[2*q+int32(c)-1], b.count[2*q+2-int32(c)]
	return mine >= 2 && mine > theirs
}

// Legal reports whether the player to move may place on p.
func (b *KiBoard) Legal(p int) bool {
	return b.color[p] == board.Empty && !b.controls(3-b.toMove, int32(p))
}

// Play places a stone of the player to move on p (which must be Legal),
// or passes if p < 0; the turn passes on.
func (b *KiBoard) Play(p int) {
	b.last = -1
	if p >= 0 {
		b.place(int32(p), b.toMove)
		b.last = int32(p)
	}
	b.toMove = 3 - b.toMove
}

// At returns the contents of point p.
func (b *KiBoard) At(p int) board.Color { return b.color[p] }

func (b *KiBoard) place(p int32, c board.Color) {
	b.set(p, c)
	b.dead = b.dead[:0]
	for _, q := range b.adj[b.adjFrom[p]:b.adjFrom[p+1]] {
		if b.color[q] == 3-c && b.controls(c, q) {
			b.dead = append(b.dead, q)
		}
	}
	for _, q := range b.dead {
		b.set(q, board.Empty)
	}
	b.steps = append(b.steps, Step{Point: p, Color: c})
}

// Playout plays the policy's placements (forced passes when there are
// none) until the board is full or the cap is reached.
func (b *KiBoard) Playout(r *Rand) int {
	b.steps = b.steps[:0]
	limit := 3 * b.n
	moves := 0
	for len(b.empty.list) > 0 && moves < limit {
		c := b.toMove
		if b.heavy {
			if p := b.captureMove(r, c); p >= 0 {
				b.place(p, c)
				b.last = p
				b.toMove = 3 - c
				moves++
				continue
			}
		}
		b.last = -1
		k := len(b.empty.list)
		for k > 0 {
			i := r.Intn(k)
			p := b.empty.list[i]
			if !b.controls(3-c, p) {
				b.place(p, c)
				b.last = p
				break
			}
			k--
			b.empty.swap(i, k)
		}
		b.toMove = 3 - c
		moves++
	}
	return moves
}

// Score counts stones (and the komi for White).
func (b *KiBoard) Score() (score [board.MaxPlayers + 1]float64) {
	for _, c := range b.color {
		score[c]++
	}
	score[board.Empty] = 0
	score[board.White] += b.komi
	return score
}

// Steps returns the placements of the last playout.
func (b *KiBoard) Steps() []Step { return b.steps }

// Owner returns the colour on p.
func (b *KiBoard) Owner(p int) board.Color { return b.color[p] }
