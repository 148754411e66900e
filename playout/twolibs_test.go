package playout

import (
	"math/rand/v2"
	"slices"
	"testing"

	"moku/board"
	"moku/game"
)

// TestTwoLibSteps: the step of two liberties, on 7x7 positions (Black
// first, the last move the last one named), gives exactly the candidates
// its rules say.
func TestTwoLibSteps(t *testing.T) {
	for _, c := range []struct {
		name  string
		moves []string
		want  []string // the candidates, sorted
	}{
		// White's d5 has d6 and e5: White extends on either.
		{"own stone of two liberties", []string{"c5", "d5", "d4"}, []string{"d6", "e5"}},
		// The same stone just played: Black ataris on either.
		{"atari on the last stone", []string{"c5", "a1", "d4", "d5"}, []string{"d6", "e5"}},
		// White's b1 has a1 and b2; a1 is lumpy for Black (a2 and two
		// borders), so Black's atari is b2 alone. Black's c1, left with
		// c2 and d1, extends on either.
		{"lumpy liberty, and a defence", []string{"a2", "g7", "c1", "b1"}, []string{"b2", "c2", "d1"}},
		// Black's c1 has b1 and c2: b1 touches no other black stone and
		// has one empty neighbour, a hopeless extension; Black extends
		// on c2, or ataris White's d1 (d2, e1).
		{"hopeless defence", []string{"c1", "b2", "g7", "d1"}, []string{"c2", "d2", "e1"}},
		// Black's d4 has d5 and e4, each joining another black stone of
		// many liberties: miai, left alone.
		{"miai", []string{"d4", "c4", "c5", "a1", "e5", "d3"}, nil},
		// Nothing has two liberties.
		{"no chain of two liberties", []string{"d4", "d5"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, b := squareAfter(t, c.moves...)
			b.SetTwoLibs(true)
			if got := cands(s, b); !slices.Equal(got, c.want) {
				t.Errorf("after %v: candidates %v, want %v", c.moves, got, c.want)
			}
		})
	}
}

// cands returns the sorted names of the step of two liberties'
// candidates.
func cands(s game.State, b *SquareBoard) []string {
	b.twoLibMove(NewRand(1))
	var names []string
	for _, p := range b.cands {
		names = append(names, s.Graph().Name(int(b.toExt[p])))
	}
	slices.Sort(names)
	return names
}

// TestTwoLibCandidates: on random 9x9 positions, every candidate of the
// step of two liberties is a legal move of the rules engine that is not
// a self-atari of two or more stones, and one of: a liberty of a chain of
// two liberties at the last stone (the last stone's or a neighbour's), or
// the liberty of an enemy chain in atari, or of an enemy chain of two
// liberties, next to a chain of the mover's of two liberties.
func TestTwoLibCandidates(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	found := 0
	for k := 0; k < 300; k++ {
		s := start(t, "go", "9x9")
		for n := r.IntN(60); n > 0 && !s.Over(); n-- {
			legal := s.LegalMoves(nil)
			s.Play(legal[r.IntN(len(legal))])
		}
		if s.Over() {
			continue
		}
		b := NewSquare(s.Graph(), false, 0)
		b.SetHeavy(true)
		b.SetTwoLibs(true)
		b.Load(s)
		b.twoLibMove(NewRand(uint64(k)))
		g := s.Graph()
		grouped := s.(game.Grouped)
		libsOf := func(p int) int { _, l := grouped.Group(p); return len(l) }
		for _, x := range b.cands {
			p := int(b.toExt[x])
			found++
			if err := s.Legal(game.Move{Kind: game.Place, Point: p}); err != nil || b.SelfAtari(p) {
				t.Fatalf("candidate %s: legal %v, self-atari %v", g.Name(p), err, b.SelfAtari(p))
			}
			ok := false
			for _, q := range g.Neighbors(p) {
				c := s.At(int(q))
				if c == board.Empty {
					continue
				}
				stones, libs := grouped.Group(int(q))
				near := false // the chain is the last stone's or touches it
				last := int(b.toExt[b.last])
				for _, st := range stones {
					near = near || st == last || slices.Contains(g.Neighbors(last), int32(st))
				}
				switch {
				case len(libs) == 2 && near:
					ok = true
				case c != s.ToMove() && len(libs) <= 2:
					// An enemy chain next to a mover's chain of two.
					for _, st := range stones {
						for _, y := range g.Neighbors(st) {
							if s.At(int(y)) == s.ToMove() && libsOf(int(y)) == 2 {
								ok = true
							}
						}
					}
				}
			}
			if !ok {
				t.Fatalf("candidate %s of no chain the step looks at", g.Name(p))
			}
		}
	}
	if found < 50 {
		t.Errorf("only %d candidates in 300 positions", found)
	}
	// Its playouts are legal games of the rules engine.
	b := NewSquare(start(t, "go ko=none", "9x9").Graph(), false, 0)
	b.SetHeavy(true)
	b.SetTwoLibs(true)
	replayPlayouts(t, "go ko=none", "9x9", b, 200, 11)
}
