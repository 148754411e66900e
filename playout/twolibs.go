package playout

import (
	"slices"

	"moku/board"
)

// The step of two liberties (SetTwoLibs), after Pachi's moggy ("local
// 2lib check", its tactics/2lib.c): after the answers to atari and the
// ladders, when the last placement's chain has two liberties, or the
// placement took a liberty from a chain next to it that has two left, the
// player to move plays one of that chain's liberties:
//
//   - on the opponent's chain, an atari;
//   - on its own chain, an extension, or else (among the candidates too) a
//     capture of an enemy chain in atari next to it, or an atari on one
//     of two liberties next to it;
//
// each checked like a random move (ko, own eye, suicide) and never a
// self-atari of two or more stones. A chain whose liberties are miai is
// left alone: one of them joins it to another chain of its owner with two
// liberties or more, and the other does too or has an empty neighbour
// (Pachi's miai_2lib, as it reads). A defence that gains nothing is not
// played: a liberty next to none of the defender's other stones with
// one empty neighbour, or two of which one is the other liberty (Pachi's
// defense_is_hopeless). Of the two liberties of one chain, a "lumpy" one
// (three or more of its neighbours the mover's stones or the border) is
// played only when the other is not a candidate. The choice is drawn at
// random among the candidates.

// SetTwoLibs switches the tactical policy's step of two liberties
// (twoLibMove) on or off.
func (b *SquareBoard) SetTwoLibs(on bool) { b.twoLibs = on }

// libs2 returns the number of distinct liberties of chain r, counted no
// further than three, and the first two found (-1 where there are fewer).
func (b *SquareBoard) libs2(r int32) (n int, x, y int32) {
	x, y = -1, -1
	if b.libs[r&cellMask] > 8 {
		// Two liberties give a chain at most eight pseudo-liberties.
		return 3, x, y
	}
	s := r
	for {
		for _, q := range [4]int32{s - b.stride, s - 1, s + 1, s + b.stride} {
			if b.color[q&cellMask] != board.Empty || q == x || q == y {
				continue
			}
			switch n {
			case 0:
				x = q
			case 1:
				y = q
			default:
				return 3, x, y
			}
			n++
		}
		if s = b.next[s&cellMask]; s == r {
			return n, x, y
		}
	}
}

// twoLibMove is the step of two liberties: one of the candidates the
// chains of two liberties at the last placement give, or -1.
func (b *SquareBoard) twoLibMove(r *Rand) int32 {
	l, c := b.last, b.toMove
	b.cands = b.cands[:0]
	if l < 0 || b.color[l&cellMask] != 3-c {
		return -1
	}
	g := b.chain[l&cellMask]
	if n, x, y := b.libs2(g); n == 2 {
		b.twoLibChain(g, 3-c, x, y)
	}
	var seen [4]int32
	k := 0
	for _, q := range [4]int32{l - b.stride, l - 1, l + 1, l + b.stride} {
		o := b.color[q&cellMask]
		if o != board.Black && o != board.White {
			continue
		}
		h := b.chain[q&cellMask]
		if h == g || slices.Contains(seen[:k], h) {
			continue
		}
		seen[k] = h
		k++
		if n, x, y := b.libs2(h); n == 2 {
			b.twoLibChain(h, o, x, y)
		}
	}
	return b.pick(r)
}

// twoLibChain adds the candidates of chain h of owner o, whose liberties
// are x and y, for the player to move (Pachi's group_2lib_check).
func (b *SquareBoard) twoLibChain(h int32, o board.Color, x, y int32) {
	if b.miai2(h, o, x, y) {
		return
	}
	b.atariCands(h, o, x, y)
	c := b.toMove
	if o != c {
		return
	}
	// The defender may capture, or put in atari, an enemy chain next to
	// its own.
	var seen [16]int32
	k := 0
	s := h
	for {
		for _, q := range [4]int32{s - b.stride, s - 1, s + 1, s + b.stride} {
			if b.color[q&cellMask] != 3-c {
				continue
			}
			e := b.chain[q&cellMask]
			if slices.Contains(seen[:k], e) {
				continue
			}
			if k < len(seen) {
				seen[k] = e
				k++
			}
			switch n, ex, ey := b.libs2(e); n {
			case 1:
				if b.playable(ex, c) {
					b.addCand(ex)
				}
			case 2:
				b.atariCands(e, 3-c, ex, ey)
			}
		}
		if s = b.next[s&cellMask]; s == h {
			return
		}
	}
}

// miai2 reports whether the liberties x and y of chain h of owner o are
// miai, as Pachi's miai_2lib reads: x joins h to another chain of o with
// two liberties or more, and y either has an empty neighbour (other than
// x) or does the same.
func (b *SquareBoard) miai2(h int32, o board.Color, x, y int32) bool {
	joins := func(q int32) bool {
		if b.color[q&cellMask] != o {
			return false
		}
		e := b.chain[q&cellMask]
		if e == h {
			return false
		}
		n, _ := b.inAtari(e)
		return n >= 2
	}
	connect := false
	for _, q := range [4]int32{x - b.stride, x - 1, x + 1, x + b.stride} {
		connect = connect || joins(q)
	}
	if !connect {
		return false
	}
	for _, q := range [4]int32{y - b.stride, y - 1, y + 1, y + b.stride} {
		if q != x && (b.color[q&cellMask] == board.Empty || joins(q)) {
			return true
		}
	}
	return false
}

// atariCands adds the liberties x and y of chain h of owner o that the
// player to move may fill (Pachi's can_atari_group): playable, no
// self-atari, no hopeless defence, and of a lumpy liberty and a smooth
// one the smooth one alone.
func (b *SquareBoard) atariCands(h int32, o board.Color, x, y int32) {
	c := b.toMove
	libs := [2]int32{x, y}
	var ok, smooth [2]bool
	for i, p := range libs {
		if !b.playable(p, c) || o == c && b.hopeless(p, libs[1-i], c) || b.selfAtari(p, c) {
			continue
		}
		ok[i] = true
		n := b.nbr[p&cellMask]
		smooth[i] = int(n>>(4*uint16(c))&0xF)+int(n>>(4*uint16(wall))&0xF) < 3
	}
	for i, p := range libs {
		if ok[i] && (smooth[i] || !ok[1-i] || !smooth[1-i]) {
			b.addCand(p)
		}
	}
}

// hopeless reports whether the defender c extending on liberty p of its
// chain (whose other liberty is other) gains nothing: p touches no other
// stone of c and has one empty neighbour, or two of which one is other.
func (b *SquareBoard) hopeless(p, other int32, c board.Color) bool {
	n := b.nbr[p&cellMask]
	if n>>(4*uint16(c))&0xF != 1 {
		return false
	}
	switch n & 0xF {
	case 1:
		return true
	case 2:
		d := p - other
		return d == 1 || d == -1 || d == b.stride || d == -b.stride
	}
	return false
}

// addCand adds p to the candidates unless it is there already.
func (b *SquareBoard) addCand(p int32) {
	for _, q := range b.cands {
		if q == p {
			return
		}
	}
	b.cands = append(b.cands, p)
}
