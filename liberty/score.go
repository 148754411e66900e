package liberty

import (
	"math/bits"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// Result counts the board as it stands (no dead stones are removed): each
// player's stones, the empty regions counted for them, the komi (to the
// second player, or each player's own with three or four) and the button (½ to whoever took it). Under area scoring
// an empty region is a maximal connected set of empty points and counts for
// the one player whose stones, and no other's, touch it. Under Keil's linked
// scoring a territory is a maximal set of empty points joined by links, and
// counts for the one player whose stones, and no other's, are linked to it;
// a territory linked to no stone counts for nobody.
func (p *Position) Result() game.Result {
	res := game.Result{Over: p.over, Reason: p.reason, Players: p.r.Players,
		Resigned: append([]board.Color(nil), p.resigned...)}
	for _, c := range p.color {
		res.Stones[c]++
	}
	res.Stones[board.Empty] = 0
	p.territory(&res.Territory)
	for c := board.Black; int(c) <= p.r.Players; c++ {
		res.Bonus[c] += p.r.KomiOf(c)
	}
	if p.button != board.Empty {
		res.Bonus[p.button] += 0.5
	}
	for c := board.Black; int(c) <= p.r.Players; c++ {
		res.Score[c] = float64(res.Stones[c]+res.Territory[c]) + res.Bonus[c]
	}
	return res
}

// territory adds the empty points counted for each player to t.
func (p *Position) territory(t *[board.MaxPlayers + 1]int) {
	linked := p.r.Scoring == rules.Linked
	p.gen++
	for q, c := range p.color {
		if c != board.Empty || p.mark[q] == p.gen {
			continue
		}
		touch, region := p.region(q, linked)
		t[sole(touch)] += len(region)
		p.stack = p.stack[:0]
	}
	t[board.Empty] = 0
}

// sole returns the one colour in the bit set touch, or Empty.
func sole(touch uint8) board.Color {
	if touch != 0 && touch&(touch-1) == 0 {
		return board.Color(bits.TrailingZeros8(touch))
	}
	return board.Empty
}

// region floods the empty region (or, if linked, the territory) of empty
// point q, marking it with p.gen. It returns a bit set of the colours that
// touch it (or are linked to it) and the region's points, which stay valid
// until the next use of p.stack.
func (p *Position) region(q int, linked bool) (touch uint8, region []int32) {
	start := len(p.stack)
	p.stack = append(p.stack, int32(q))
	p.mark[q] = p.gen
	for i := start; i < len(p.stack); i++ {
		s := int(p.stack[i])
		lo, hi := p.g.EdgeRange(s)
		for e := lo; e < hi; e++ {
			r := p.g.EdgeTo(e)
			if linked && !p.linked(s, r, e) {
				continue
			}
			if rc := p.color[r]; rc != board.Empty {
				touch |= 1 << rc
			} else if p.mark[r] != p.gen {
				p.mark[r] = p.gen
				p.stack = append(p.stack, int32(r))
			}
		}
	}
	return touch, p.stack[start:]
}

// Owners appends to dst, for every point, the player it counts for in the
// Result: a stone's owner, or the one player an empty region or territory
// counts for, or Empty.
func (p *Position) Owners(dst []board.Color) []board.Color {
	start := len(dst)
	dst = append(dst, p.color...)
	owner := dst[start:]
	linked := p.r.Scoring == rules.Linked
	p.gen++
	for q, c := range p.color {
		if c != board.Empty || p.mark[q] == p.gen {
			continue
		}
		touch, region := p.region(q, linked)
		for _, r := range region {
			owner[r] = sole(touch)
		}
		p.stack = p.stack[:0]
	}
	return dst
}

// ResultWithout scores the board as if the stones on dead were removed
// (the agreement phase of Kee's K17a, and of Go on a server), leaving the
// position unchanged (game.DeadRemovable).
func (p *Position) ResultWithout(dead []int) game.Result {
	saved := p.lift(dead)
	res := p.Result()
	p.restore(saved)
	return res
}
