package playout

import "moku/board"

// Ladders in the tactical policy of SquareBoard (SetLadders): a chain
// left in atari runs to two liberties when the chase that follows does
// not catch it, and an enemy chain of the last stone with two liberties is
// put in atari when the chase does catch it.
//
// A chase is read on a scratch copy of the board (the padded cells in
// use, a few kilobytes on 9x9), played out without going back: the
// attacker ataris from the side that leaves the defender's extension the
// fewest liberties, and the defender extends on its last liberty. The
// defender escapes when its chain reaches three liberties, when a chain
// of the attacker's next to it is in atari (its capture counts as an
// escape), or after ladderSteps ataris; it is caught when an extension
// leaves it one liberty or none. The greedy attacker never reads a
// capture that is not one, but it may miss one a wider search finds (the
// prior's reading, prior/ladder.go, tries both sides).

// ladderSteps caps a chase's ataris; a longer chase counts as an escape.
const ladderSteps = 40

// scratchOf returns b's scratch board for reading chases, holding b's
// position.
func (b *SquareBoard) scratchOf() *SquareBoard {
	s := b.scratch
	if s == nil {
		s = &SquareBoard{turn: turn{n: b.n, players: 2, ko: -1}, w: b.w, h: b.h, stride: b.stride, cellsUsed: b.cellsUsed,
			suicide: b.suicide, toExt: b.toExt}
		s.color = b.color // the border's walls, and every cell past the used ones
		b.scratch = s
	}
	n := b.cellsUsed
	copy(s.color[:n], b.color[:n])
	copy(s.nbr[:n], b.nbr[:n])
	copy(s.chain[:n], b.chain[:n])
	copy(s.next[:n], b.next[:n])
	copy(s.libs[:n], b.libs[:n])
	copy(s.size[:n], b.size[:n])
	copy(s.empties.list[:b.empties.n], b.empties.list[:b.empties.n])
	copy(s.empties.at[:n], b.empties.at[:n])
	s.empties.n = b.empties.n
	s.ko = -1
	s.steps = s.steps[:0]
	return s
}

// libsUpTo counts the distinct liberties of chain r, no further than
// most, and returns the first two.
func (b *SquareBoard) libsUpTo(r int32, most int) (n int, x, y int32) {
	b.gen++
	x, y = -1, -1
	s := r
	for {
		for _, q := range [4]int32{s - b.stride, s - 1, s + 1, s + b.stride} {
			if b.color[q&cellMask] == board.Empty && b.mark[q&cellMask] != b.gen {
				b.mark[q&cellMask] = b.gen
				switch n {
				case 0:
					x = q
				case 1:
					y = q
				}
				if n++; n >= most {
					return n, x, y
				}
			}
		}
		if s = b.next[s&cellMask]; s == r {
			return n, x, y
		}
	}
}

// attackerInAtari reports whether a chain of the other colour touching
// chain r is in atari.
func (b *SquareBoard) attackerInAtari(r int32) bool {
	a := 3 - b.color[r&cellMask]
	s := r
	for {
		for _, q := range [4]int32{s - b.stride, s - 1, s + 1, s + b.stride} {
			if b.color[q&cellMask] == a {
				if n, _ := b.inAtari(b.chain[q&cellMask]); n == 1 {
					return true
				}
			}
		}
		if s = b.next[s&cellMask]; s == r {
			return false
		}
	}
}

// chase plays out, on the scratch board b, the ladder against the chain
// of stone d, which has two liberties, the attacker to move; first, if
// not -1, is the attacker's first atari. It reports whether the chain is
// caught.
func (b *SquareBoard) chase(d, first int32) bool {
	def := b.color[d&cellMask]
	att := 3 - def
	for step := 0; step < ladderSteps; step++ {
		n, x, y := b.libsUpTo(b.chain[d&cellMask], 3)
		switch {
		case n >= 3:
			return false
		case n <= 1:
			return true
		}
		at := first
		first = -1
		if at < 0 {
			// Atari where the escape gets the fewest liberties: the
			// escape's count includes the atari's point, a liberty of
			// the chain, which the atari fills.
			lx, cx, _ := b.libsAfter(y, def, 4)
			ly, cy, _ := b.libsAfter(x, def, 4)
			if cx {
				lx = 4
			}
			if cy {
				ly = 4
			}
			at = x
			if ly < lx {
				at = y
			}
			if min(lx, ly)-1 >= 3 {
				return false
			}
		}
		if b.color[at&cellMask] != board.Empty || at == b.ko || !b.lives(at, att) {
			return false
		}
		b.place(at, att)
		r := b.chain[d&cellMask]
		if b.color[d&cellMask] != def {
			return true
		}
		n, e, _ := b.libsUpTo(r, 2)
		if n != 1 {
			return n == 0
		}
		if b.attackerInAtari(r) {
			return false
		}
		if e == b.ko || !b.lives(e, def) {
			return true
		}
		b.place(e, def)
	}
	return false
}

// runCaught reports whether a stone of c on p, extending a chain in atari
// to two liberties, would be caught by the chase that follows. The
// attacker's first atari is tried on both liberties.
func (b *SquareBoard) runCaught(p int32, c board.Color) bool {
	s := b.scratchOf()
	s.place(p, c)
	_, x, y := s.libsUpTo(s.chain[p&cellMask], 2)
	if s.chase(p, x) {
		return true
	}
	s = b.scratchOf()
	s.place(p, c)
	return s.chase(p, y)
}

// catches reports whether an atari on p against the chain of stone d,
// which has two liberties, catches it in the chase.
func (b *SquareBoard) catches(p, d int32) bool {
	return b.scratchOf().chase(d, p)
}

// ladderMove is the step of ladders, after the answers to atari: an atari
// on the last stone's chain, when it has two liberties, that the chase
// catches and that is no self-atari, or -1.
func (b *SquareBoard) ladderMove(r *Rand) int32 {
	l, c := b.last, b.toMove
	if l < 0 || b.color[l&cellMask] != 3-c {
		return -1
	}
	g := b.chain[l&cellMask]
	if b.libs[g&cellMask] > 8 {
		return -1
	}
	n, x, y := b.libsUpTo(g, 3)
	if n != 2 {
		return -1
	}
	b.cands = b.cands[:0]
	for _, ae := range [2][2]int32{{x, y}, {y, x}} {
		a, e := ae[0], ae[1]
		// No chase when the escape is sure: the escape's count includes
		// a, which the atari fills.
		if libs, captures, _ := b.libsAfter(e, 3-c, 4); captures || libs-1 >= 3 {
			continue
		}
		if b.playable(a, c) && !b.selfAtari(a, c) && b.catches(a, l) {
			b.cands = append(b.cands, a)
		}
	}
	return b.pick(r)
}

// SetLadders switches the tactical policy's reading of ladders on or off:
// runs to two liberties that escape, and ataris that catch the last
// stone's chain (ladders.go).
func (b *SquareBoard) SetLadders(on bool) { b.ladders = on }

// ladderAtari reports whether the player to move placing on empty point p
// puts a chain of the other player's with two liberties in atari and
// catches it in the chase that follows, as the tactical policy reads it.
func (b *SquareBoard) ladderAtari(p int) bool {
	q, c := b.toInt[p], b.toMove
	for _, x := range [4]int32{q - b.stride, q - 1, q + 1, q + b.stride} {
		if b.color[x&cellMask] != 3-c {
			continue
		}
		if n, _, _ := b.libsUpTo(b.chain[x&cellMask], 3); n == 2 && b.catches(q, x) {
			return true
		}
	}
	return false
}

// ladderRunCaught reports whether the player to move placing on empty
// point p, the one liberty of an own chain, gives the chain two
// liberties and is caught in the chase that follows, as the tactical
// policy reads it.
func (b *SquareBoard) ladderRunCaught(p int) bool {
	q, c := b.toInt[p], b.toMove
	inAtari := false
	for _, x := range [4]int32{q - b.stride, q - 1, q + 1, q + b.stride} {
		if b.color[x&cellMask] == c {
			if n, _ := b.inAtari(b.chain[x&cellMask]); n == 1 {
				inAtari = true
			}
		}
	}
	if !inAtari {
		return false
	}
	if libs, captures, _ := b.libsAfter(q, c, 3); libs != 2 || captures {
		return false
	}
	return b.runCaught(q, c)
}
