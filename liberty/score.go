package liberty

import (
	"moku/board"
	"moku/game"
	"moku/rules"
)

// Result counts the board as it stands (no dead stones are removed): each
// player's stones, the empty regions counted for them, the komi (to the
// second player) and the button (½ to whoever took it). Under area scoring
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
	res.Bonus[board.White] += p.r.Komi
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
		// Flood one region, noting which colours touch (or link to) it.
		var touch uint8
		p.stack = append(p.stack[:0], int32(q))
		p.mark[q] = p.gen
		for i := 0; i < len(p.stack); i++ {
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
		if touch != 0 && touch&(touch-1) == 0 {
			for c := board.Black; c <= board.MaxPlayers; c++ {
				if touch == 1<<c {
					t[c] += len(p.stack)
				}
			}
		}
	}
	p.stack = p.stack[:0]
}
