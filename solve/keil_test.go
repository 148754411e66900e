package solve

import (
	"math/bits"
	"math/rand"
	"testing"

	"moku/board"
	"moku/game"
)

// keilSafe's claim, checked directly: on random Keil positions (both
// wordings), the points it returns for a colour stay that colour's (its
// stones on the board, its eyes empty) through random continuations in which
// that colour never plays into them, and at the end of each continuation
// the eyes score for that colour.
func TestKeilSafeHolds(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	found, wide := 0, 0
	for _, rulesDesc := range []string{"keil", "keil-2019"} {
		for _, spec := range []string{"hex:2", "hex:3", "hex:4"} {
			for game := 0; game < 300; game++ {
				s := build(t, rulesDesc, spec)
				st := s.st
				n := s.g.N()
				if game%2 == 0 {
					// A random position: random plays, passes rare.
					for i := rng.Intn(4 * n); i > 0 && !st.Over(); i-- {
						randomMove(rng, st, 0, board.Empty)
					}
				} else {
					// One colour fills most of the board, so that eyes of
					// one and more points are common.
					densePosition(rng, st, board.Color(1+game/2%2), n/2+rng.Intn(n/4+1))
				}
				if st.Over() {
					continue
				}
				for _, c := range []board.Color{board.Black, board.White} {
					mask := s.keilSafe(c)
					if mask == 0 {
						continue
					}
					found++
					var stones, eyes uint64
					for p := 0; p < n; p++ {
						if mask&(1<<uint(p)) == 0 {
							continue
						}
						switch st.At(p) {
						case c:
							stones |= 1 << uint(p)
						case board.Empty:
							eyes |= 1 << uint(p)
						default:
							t.Fatalf("%s %s: safe point %s holds the other colour", rulesDesc, spec, s.g.Name(p))
						}
					}
					for m := eyes; m != 0; m &= m - 1 {
						for _, q := range s.g.Neighbors(bits.TrailingZeros64(m)) {
							if eyes&(1<<uint(q)) != 0 {
								wide++
							}
						}
					}
					played := 0
					for i := 0; i < 6*n && !st.Over(); i++ {
						randomMove(rng, st, eyes, c)
						played++
						for p := 0; p < n; p++ {
							bit := uint64(1) << uint(p)
							if stones&bit != 0 && st.At(p) != c || eyes&bit != 0 && st.At(p) != board.Empty {
								t.Fatalf("%s %s: safe point %s of %v lost after %d moves (history %v)", rulesDesc, spec, s.g.Name(p), c, played, st.History())
							}
						}
					}
					// Each eye is a territory of c: counting it with the
					// eye filled by c changes c's score by exactly 0.
					r := st.Result()
					if got := r.Stones[c] + r.Territory[c]; got < bits.OnesCount64(mask) {
						t.Fatalf("%s %s: %v scores %d points, below its %d safe points", rulesDesc, spec, c, got, bits.OnesCount64(mask))
					}
					for ; played > 0; played-- {
						st.Undo()
					}
				}
			}
		}
	}
	if found < 50 || wide < 20 {
		t.Errorf("only %d positions with safe points (%d adjacent pairs of safe empty points): the test checks too little", found, wide)
	}
	t.Logf("%d positions with safe points checked, with %d adjacent pairs of safe empty points", found, wide)
}

// randomMove plays a random legal move; colour c never plays into avoid.
func randomMove(rng *rand.Rand, st game.State, avoid uint64, c board.Color) {
	var moves []game.Move
	for _, m := range st.LegalMoves(nil) {
		if m.Kind == game.Place && st.ToMove() == c && avoid&(1<<uint(m.Point)) != 0 {
			continue
		}
		moves = append(moves, m)
	}
	for len(moves) > 0 {
		i := rng.Intn(len(moves))
		m := moves[i]
		// Passes and the button rarely, so that games go on.
		if m.Kind != game.Place && rng.Intn(8) != 0 && len(moves) > 1 {
			continue
		}
		if err := st.Play(m); err != nil {
			panic(err)
		}
		return
	}
	panic("no legal move")
}

// densePosition plays until colour d has placed k stones or the game ends:
// d at random empty points where that is legal, the other side mostly
// passing (after taking the button) and sometimes placing at random.
func densePosition(rng *rand.Rand, st game.State, d board.Color, k int) {
	for placed := 0; placed < k && !st.Over(); {
		if st.ToMove() == d {
			legal := st.LegalMoves(nil)
			var places []game.Move
			for _, m := range legal {
				if m.Kind == game.Place {
					places = append(places, m)
				}
			}
			if len(places) == 0 {
				return
			}
			if err := st.Play(places[rng.Intn(len(places))]); err != nil {
				panic(err)
			}
			placed++
			continue
		}
		if rng.Intn(5) == 0 {
			randomMove(rng, st, 0, board.Empty)
			continue
		}
		legal := st.LegalMoves(nil)
		for _, m := range legal {
			if m.Kind == game.Button || m.Kind == game.Pass {
				if err := st.Play(m); err != nil {
					panic(err)
				}
				break
			}
		}
	}
}
