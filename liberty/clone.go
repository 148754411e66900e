package liberty

import (
	"slices"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// Clone returns an independent copy of the game (game.State's Clone).
func (p *Position) Clone() game.State {
	c := *p
	c.color = slices.Clone(p.color)
	c.resigned = slices.Clone(p.resigned)
	c.hist = slices.Clone(p.hist)
	c.removed = slices.Clone(p.removed)
	c.was = nil
	c.mark = make([]uint32, len(p.mark))
	c.gen = 0
	c.stack = make([]int32, 0, cap(p.stack))
	if p.kee != nil {
		k := *p.kee
		k.record = slices.Clone(p.kee.record)
		k.recIdx = slices.Clone(p.kee.recIdx)
		k.bans = slices.Clone(p.kee.bans)
		k.undo = make([]keeRescission, len(p.kee.undo))
		for i, u := range p.kee.undo {
			u.plies = slices.Clone(u.plies)
			u.recIdx = slices.Clone(u.recIdx)
			u.removed = slices.Clone(u.removed)
			u.dropped = slices.Clone(u.dropped)
			k.undo[i] = u
		}
		c.kee = &k
	}
	return &c
}

// OwnersWithout appends every point's owner to dst as Owners does, with
// the stones on dead removed (game.DeadRemovable), leaving the position
// unchanged.
func (p *Position) OwnersWithout(dead []int, dst []board.Color) []board.Color {
	saved := p.lift(dead)
	dst = p.Owners(dst)
	p.restore(saved)
	return dst
}

// lift takes the stones on dead off the board (without touching the
// hash) and returns them, for restore.
func (p *Position) lift(dead []int) []board.Stone {
	saved := make([]board.Stone, 0, len(dead))
	for _, q := range dead {
		if q >= 0 && q < len(p.color) && p.color[q] != board.Empty {
			saved = append(saved, board.Stone{Point: q, Color: p.color[q]})
			p.color[q] = board.Empty
		}
	}
	return saved
}

// restore puts back the stones lift took off.
func (p *Position) restore(saved []board.Stone) {
	for _, s := range saved {
		p.color[s.Point] = s.Color
	}
}

// Witnesses returns the points whose stones link adjacent points a and b
// in the current position under Keil's link rule (game.Linking): the
// witnesses of their edge holding what a or b holds (for the 2019 rule, a
// stone of their colour or an empty point). It is empty when
// a and b are not adjacent, not linked, or linked for another reason
// (plain connectivity, or two empty points under the 2019 rule).
func (p *Position) Witnesses(a, b int) []int {
	lo, hi := p.g.EdgeRange(a)
	for e := lo; e < hi; e++ {
		if p.g.EdgeTo(e) != b || !p.linked(a, b, e) {
			continue
		}
		var out []int
		ta, tb := p.color[a], p.color[b]
		for _, w := range p.g.EdgeWitnesses(e) {
			tw := p.color[w]
			switch p.r.Links {
			case rules.Keil:
				if tw == ta || tw == tb {
					out = append(out, int(w))
				}
			case rules.Keil2019:
				if ta == board.Empty && tb == board.Empty {
					return nil
				}
				s := ta
				if s == board.Empty {
					s = tb
				}
				if tw == board.Empty || tw == s {
					out = append(out, int(w))
				}
			}
		}
		return out
	}
	return nil
}
