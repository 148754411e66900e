package playout

import "moku/board"

// The tactical ("heavy") policy of GoBoard: SquareBoard's answers to atari
// (tactics.go) on any graph and for 2 to 4 players, without its 3x3
// patterns, which need a square grid. Before a random move the player to
// move answers the last placement:
//
//   - capture: an enemy chain (of any colour but the mover's) next to the
//     last stone, the stone's own chain included, that has one liberty:
//     play that liberty;
//   - save: an own chain next to the last stone that now has one liberty,
//     by capturing an enemy chain in atari that touches it, or by
//     extending on its liberty when that gives the chain at least three
//     liberties (an extension to two is too often a ladder);
//
// one drawn at random among the candidates, each checked like a random
// move (ko, own eye, suicide). Failing those, the random move avoids
// self-ataris of two or more stones (a lone stone may still throw in,
// which nakade needs).

// SetHeavy switches the tactical policy on or off in a game of two
// players; with more the board stays light. Off (the default) the board
// plays the reference light policy, drawing the same random numbers as
// before the tactical policy existed.
//
// The policy has earned its place with two players only. At 0.5 s a move
// it beat the light policy 44-19 in 63 games of two-player Kee on the
// hexhex of side 5 at komi 6.5 (24-16 in 40 at komi 0, where Black won
// 34), but in 60 games of three-player Kee on 7x7 (heavy, light, light;
// seats rotating) it took first place 18 times, the two light engines 15
// and 27.
func (b *GoBoard) SetHeavy(on bool) { b.setHeavy(on && b.players == 2) }

// setHeavy switches the tactical policy on or off for any number of
// players (the tests check the policy with three and four).
func (b *GoBoard) setHeavy(on bool) { b.heavy = on }

// Heavy reports whether the tactical policy is on.
func (b *GoBoard) Heavy() bool { return b.heavy }

// liberties returns the number of distinct liberties of chain r, counting
// no further than two, and one of them (-1 if it has none).
func (b *GoBoard) liberties(r int32) (int, int32) {
	if b.libs[r] > b.maxDeg {
		// One point touches at most maxDeg stones, so a chain with one
		// liberty has at most maxDeg pseudo-liberties.
		return 2, -1
	}
	first := int32(-1)
	for s := r; ; {
		for _, q := range b.adj[b.adjFrom[s]:b.adjFrom[s+1]] {
			if b.color[q] == board.Empty && q != first {
				if first >= 0 {
					return 2, first
				}
				first = q
			}
		}
		if s = b.next[s]; s == r {
			break
		}
	}
	if first < 0 {
		return 0, -1
	}
	return 1, first
}

// libsAfter returns what a stone of c on empty point p would make: the
// liberties of its chain, counted no further than most (the liberties its
// captures would free not included), whether it captures, and the chain's
// size. Once the count reaches most it returns at once, and the capture
// and the size may then be short.
func (b *GoBoard) libsAfter(p int32, c board.Color, most int) (libs int, captures bool, size int32) {
	b.gen++
	b.mark[p] = b.gen
	size = 1
	for _, q := range b.adj[b.adjFrom[p]:b.adjFrom[p+1]] {
		switch x := b.color[q]; x {
		case board.Empty:
			if b.mark[q] != b.gen {
				b.mark[q] = b.gen
				libs++
			}
		case c:
			// A chain joined is tagged on its representative, a stone,
			// which the liberties' marks (empty points) leave alone.
			r := b.chain[q]
			if b.mark[r] == b.gen {
				continue
			}
			b.mark[r] = b.gen
			size += b.size[r]
			libs = b.countLibs(r, libs, most)
		default:
			r := b.chain[q]
			captures = captures || b.libs[r] == b.edgesTo(p, r)
		}
		if libs >= most {
			return most, captures, size
		}
	}
	return libs, captures, size
}

// countLibs adds to n the liberties of chain r not yet marked in this
// generation, marking them, and stops at most.
func (b *GoBoard) countLibs(r int32, n, most int) int {
	for s := r; ; {
		for _, q := range b.adj[b.adjFrom[s]:b.adjFrom[s+1]] {
			if b.color[q] == board.Empty && b.mark[q] != b.gen {
				b.mark[q] = b.gen
				if n++; n >= most {
					return n
				}
			}
		}
		if s = b.next[s]; s == r {
			return n
		}
	}
}

// selfAtari reports whether a stone of c on empty point p would leave a
// chain of two or more stones with exactly one liberty, capturing nothing.
func (b *GoBoard) selfAtari(p int32, c board.Color) bool {
	if b.nbr[p][board.Empty] >= 2 || b.nbr[p][c] == 0 {
		return false
	}
	libs, captures, size := b.libsAfter(p, c, 2)
	return libs == 1 && !captures && size >= 2
}

// playable reports whether the policy may play empty point p for c: not
// ko, not an own eye, not suicide.
func (b *GoBoard) playable(p int32, c board.Color) bool {
	return p != b.ko && !b.eye(p, c) && b.lives(p, c)
}

// addCand adds p to the candidates, once.
func (b *GoBoard) addCand(p int32) {
	for _, q := range b.cands {
		if q == p {
			return
		}
	}
	b.cands = append(b.cands, p)
}

// addOnce appends x to list unless it is there already.
func addOnce(list []int32, x int32) []int32 {
	for _, y := range list {
		if y == x {
			return list
		}
	}
	return append(list, x)
}

// atariMove is the tactical policy's answer to the last placement: a
// capture or a rescue for the player to move, or -1.
func (b *GoBoard) atariMove(r *Rand) int32 {
	l, c := b.last, b.toMove
	b.cands = b.cands[:0]
	if l < 0 || b.color[l] == board.Empty || b.color[l] == c {
		return -1 // a pass, or a suicide
	}
	b.enemy = append(b.enemy[:0], b.chain[l])
	b.own = b.own[:0]
	for _, q := range b.adj[b.adjFrom[l]:b.adjFrom[l+1]] {
		switch x := b.color[q]; x {
		case board.Empty:
		case c:
			b.own = addOnce(b.own, b.chain[q])
		default:
			b.enemy = addOnce(b.enemy, b.chain[q])
		}
	}
	for _, e := range b.enemy {
		b.addCapture(e, c)
	}
	for _, o := range b.own {
		b.addRescues(o, c)
	}
	if len(b.cands) == 0 {
		return -1
	}
	return b.cands[r.Intn(len(b.cands))]
}

// addCapture adds the liberty of enemy chain e to the candidates if e has
// one liberty only and c may play there.
func (b *GoBoard) addCapture(e int32, c board.Color) {
	if n, x := b.liberties(e); n == 1 && b.playable(x, c) {
		b.addCand(x)
	}
}

// addRescues adds to the candidates c's ways to save its chain o if o has
// one liberty: capturing an enemy chain in atari that touches o, or
// extending on the liberty when that makes three liberties or more.
func (b *GoBoard) addRescues(o int32, c board.Color) {
	n, x := b.liberties(o)
	if n != 1 {
		return
	}
	// Each attacker once, tagged on its representative (liberties and
	// playable leave the marks alone).
	b.gen++
	tag := b.gen
	for s := o; ; {
		for _, q := range b.adj[b.adjFrom[s]:b.adjFrom[s+1]] {
			if y := b.color[q]; y != board.Empty && y != c {
				if e := b.chain[q]; b.mark[e] != tag {
					b.mark[e] = tag
					b.addCapture(e, c)
				}
			}
		}
		if s = b.next[s]; s == o {
			break
		}
	}
	if libs, _, _ := b.libsAfter(x, c, 3); libs >= 3 && b.playable(x, c) {
		b.addCand(x)
	}
}
