package playout

import "moku/board"

// The tactical ("heavy") policy of HexKeilBoard: SquareBoard's answers to
// atari (tactics.go), adapted to Keil's linking. Before a random move the
// player to move answers the last placement:
//
//   - capture: an enemy chain next to the last stone (the stone's own
//     chain among them) that one placement captures;
//   - save: an own chain next to the last stone that the opponent could
//     now capture with one legal placement, by capturing an enemy chain
//     touching it that is capturable in one move, or by extending on the
//     liberty the opponent would capture on when that gives the group at
//     least three liberties;
//
// each drawn at random among the candidates, and each checked like a
// random move (ko, own eye, suicide). Failing both, the random move avoids
// self-ataris of two or more stones.
//
// What linking changes. A liberty is an empty neighbour linked to a stone
// of the chain: the pair (stone, point) is linked unless both witnesses
// hold enemy stones (or the one witness does, along the edge). So a stone
// landing on a witness can cut a chain from liberties it does not occupy:
// a lone corner stone, with three liberties, dies to one enemy stone on
// its inner neighbour (which witnesses both edge pairs), and "atari" is
// better read as "capturable in one move". Only a liberty can be such a
// move: an empty witness w of a linked pair (stone s, point x) is itself a
// liberty of s, as x, empty, witnesses the pair (s, w). And a stone on x
// cuts only links that x witnesses, so every other liberty of a chain it
// captures is a neighbour of x; one neighbour of x is a stone of the
// chain (x is its liberty), so a chain that one placement captures has at
// most six liberties (keilMaxCapturable). TestKeilKillers checks killers
// against the rules on random positions.

// keilMaxCapturable is the most liberties a chain can have and still be
// captured by one placement on the hexhex: the point played and five of
// its neighbours.
const keilMaxCapturable = 6

// SetHeavy switches the tactical policy (keiltactics.go) on or off. Off
// (the default) the board plays the reference light policy.
func (b *HexKeilBoard) SetHeavy(on bool) { b.heavy = on }

// Heavy reports whether the tactical policy is on.
func (b *HexKeilBoard) Heavy() bool { return b.heavy }

// killers returns the placements of the opponent of chain r that would
// capture it (a slice of b.killBuf): those liberties of r on which an
// enemy stone leaves r without one. Legality is not checked. All the
// liberties of a chain that one stone on x captures lie in x and its
// neighbours, so within two steps of each other: the scan of the chain
// stops at the first liberty more than two steps from the first, or
// beyond keilMaxCapturable of them.
func (b *HexKeilBoard) killers(r int32) []int32 {
	c := b.color[r&cellMask]
	kill := b.killBuf[:0]
	b.gen++
	libs := b.libBuf[:0]
	for s := r; ; {
		for k, o := range b.off {
			q := s + o
			if b.color[q&cellMask] != board.Empty || b.mark[q&cellMask] == b.gen || !b.freeLink(s, k, c) {
				continue
			}
			b.mark[q&cellMask] = b.gen
			if len(libs) == keilMaxCapturable || (len(libs) > 0 && !b.within2(libs[0], q)) {
				return kill
			}
			libs = append(libs, q)
		}
		if s = b.next[s&cellMask]; s == r {
			break
		}
	}
	if len(libs) == 1 {
		return append(kill, libs[0])
	}
	for _, x := range libs {
		if !b.aroundOf(x, libs) {
			continue // a stone on x cannot cut r from a liberty not next to x
		}
		b.color[x&cellMask] = 3 - c
		if !b.scanLib(r, c) {
			kill = append(kill, x)
		}
		b.color[x&cellMask] = board.Empty
	}
	return kill
}

// within2 reports whether cells p and q are at most two steps apart.
func (b *HexKeilBoard) within2(p, q int32) bool {
	d := q - p + 2*b.stride + 2
	return d >= 0 && d < int32(len(b.near2)) && b.near2[d]
}

// aroundOf reports whether every point of ps but x is a neighbour of x.
func (b *HexKeilBoard) aroundOf(x int32, ps []int32) bool {
	S := b.stride
	for _, y := range ps {
		switch y - x {
		case 0, -S - 1, -S, -1, 1, S, S + 1:
		default:
			return false
		}
	}
	return true
}

// playable reports whether the policy may play p for c: not ko, not an own
// eye, not suicide.
func (b *HexKeilBoard) playable(p int32, c board.Color) bool {
	return b.color[p&cellMask] == board.Empty && p != b.ko && !b.eye(p, c) && b.lives(p, c)
}

// addKillers adds to b.cands the playable placements of c that capture
// enemy chain r.
func (b *HexKeilBoard) addKillers(r int32, c board.Color) {
	for _, x := range b.killers(r) {
		if b.playable(x, c) {
			b.cands = append(b.cands, x)
		}
	}
}

// libsAfter returns the liberties, counted no further than most, of the
// group a stone of c on empty p would join, and whether that group
// includes chain want (captures not counted: a placement that captures
// frees liberties, so this undercounts it).
func (b *HexKeilBoard) libsAfter(p int32, c board.Color, want int32, most int) (libs int, joins bool) {
	b.color[p&cellMask] = c
	defer func() { b.color[p&cellMask] = board.Empty }()
	var joined [6]int32
	n := 0
	for k, o := range b.off {
		q := p + o
		if b.color[q&cellMask] != c || !b.witnessIs(p, k, c) {
			continue
		}
		r := b.chain[q&cellMask]
		dup := false
		for _, x := range joined[:n] {
			dup = dup || x == r
		}
		if !dup {
			joined[n] = r
			n++
			joins = joins || r == want
		}
	}
	b.gen++
	b.mark[p&cellMask] = b.gen
	count := func(s int32) bool { // adds the liberties of stone s; true at most
		for k, o := range b.off {
			q := s + o
			if b.color[q&cellMask] == board.Empty && b.mark[q&cellMask] != b.gen && b.freeLink(s, k, c) {
				b.mark[q&cellMask] = b.gen
				if libs++; libs >= most {
					return true
				}
			}
		}
		return false
	}
	if count(p) {
		return most, joins
	}
	for _, r := range joined[:n] {
		for s := r; ; {
			if count(s) {
				return most, joins
			}
			if s = b.next[s&cellMask]; s == r {
				break
			}
		}
	}
	return libs, joins
}

// atariMove is the tactical policy's answer to the last placement: a
// capture or a rescue, or -1.
func (b *HexKeilBoard) atariMove(r *Rand) int32 {
	l, c := b.last, b.toMove
	b.cands = b.cands[:0]
	if l < 0 || b.color[l&cellMask] != 3-c {
		return -1
	}
	// The enemy chains next to the last stone, its own first, and the own
	// chains next to it, each once.
	var enemy, own [7]int32
	ne, no := 0, 0
	add := func(list *[7]int32, n *int, x int32) {
		for _, y := range list[:*n] {
			if y == x {
				return
			}
		}
		list[*n] = x
		*n++
	}
	add(&enemy, &ne, b.chain[l&cellMask])
	for _, o := range b.off {
		q := l + o
		switch b.color[q&cellMask] {
		case 3 - c:
			add(&enemy, &ne, b.chain[q&cellMask])
		case c:
			add(&own, &no, b.chain[q&cellMask])
		}
	}
	for _, e := range enemy[:ne] {
		b.addKillers(e, c)
	}
	for _, mine := range own[:no] {
		// The opponent's legal captures of the chain (lives judges a
		// placement of either colour; deadFor must not keep its answer
		// for the mover's own placements).
		var at [keilMaxCapturable]int32
		n := 0
		for _, x := range b.killers(mine) {
			if b.lives(x, 3-c) {
				at[n] = x
				n++
			}
		}
		b.deadFor = -1
		if n == 0 {
			continue
		}
		// Capture an attacker that touches the chain and can be taken,
		// each enemy chain once (tagged on its representative, a stone,
		// which libertiesOf's marks of empty points leave alone).
		b.gen++
		tag := b.gen
		s := mine
		for {
			for _, o := range b.off {
				if q := s + o; b.color[q&cellMask] == 3-c {
					if a := b.chain[q&cellMask]; b.mark[a&cellMask] != tag {
						b.mark[a&cellMask] = tag
						b.addKillers(a, c)
					}
				}
			}
			if s = b.next[s&cellMask]; s == mine {
				break
			}
		}
		// Or extend where the opponent would capture, if that gets
		// somewhere.
		for _, x := range at[:n] {
			if libs, joins := b.libsAfter(x, c, mine, 3); libs >= 3 && joins && b.playable(x, c) {
				b.cands = append(b.cands, x)
			}
		}
	}
	if len(b.cands) == 0 {
		return -1
	}
	return b.cands[r.Intn(len(b.cands))]
}

// selfAtari reports whether a stone of c on p would join a group of two or
// more stones with one liberty, capturing nothing. (A group of two or more
// liberties may be capturable too, see above; the policy leaves those
// placements be, as the test would cost a hypothetical capture for each.)
func (b *HexKeilBoard) selfAtari(p int32, c board.Color) bool {
	free, joined := 0, false
	for k, o := range b.off {
		switch b.color[(p+o)&cellMask] {
		case board.Empty:
			if b.freeLink(p, k, c) {
				free++
			}
		case c:
			joined = joined || b.witnessIs(p, k, c)
		}
	}
	if !joined || free >= 2 {
		return false
	}
	if libs, _ := b.libsAfter(p, c, -1, 2); libs >= 2 {
		return false
	}
	return b.captures(p, c) == 0
}

// Captures returns the number of enemy stones a placement of the player
// to move on empty point p would capture (for the search's priors).
func (b *HexKeilBoard) Captures(p int) int { return b.captures(b.toInt[p], b.toMove) }

// captures returns the number of enemy stones a stone of c on empty p
// would capture.
func (b *HexKeilBoard) captures(p int32, c board.Color) int {
	b.deadFor = -1
	b.color[p&cellMask] = c
	b.findDead(p, c)
	b.color[p&cellMask] = board.Empty
	n := 0
	for _, r := range b.dead {
		n += int(b.size[r&cellMask])
	}
	return n
}
