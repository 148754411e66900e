package playout

import (
	"math/rand/v2"
	"testing"

	"moku/game"
	"moku/prior"
)

// ladderAfter returns a 9x9 Go position after moves and its square board,
// tactical with ladders read.
func ladderAfter(t *testing.T, moves string) (game.State, *SquareBoard) {
	t.Helper()
	s := start(t, "go", "9x9")
	if err := game.PlayAll(s, moves); err != nil {
		t.Fatal(err)
	}
	b := NewSquare(s.Graph(), false, 0)
	b.SetHeavy(true)
	b.SetLadders(true)
	b.Load(s)
	return s, b
}

// TestLadderSteps: the ladder runs to the upper right corner unless a
// white stone on g7 breaks it. The step of ladders ataris the last stone's
// chain when the chase catches it and not past the breaker; the answer to
// atari, with ladders or ladder runs, does not run into the ladder, and
// runs past the breaker. Without ladders read it never runs to two
// liberties, and with SetRunTwo it always does.
func TestLadderSteps(t *testing.T) {
	ladders := func(b *SquareBoard) { b.SetLadders(true) }
	none := func(b *SquareBoard) {}
	runs := func(b *SquareBoard) { b.SetLadderRuns(true) }
	two := func(b *SquareBoard) { b.SetRunTwo(true) }
	for _, c := range []struct {
		name, moves string
		step        func(*SquareBoard, *Rand) int32
		set         func(*SquareBoard)
		want        string
	}{
		{"atari into a ladder", "c4 a1 d3 b1 e3 d4", (*SquareBoard).ladderMove, ladders, "d5"},
		{"no atari past a breaker", "c4 a1 d3 g7 e3 d4", (*SquareBoard).ladderMove, ladders, "none"},
		{"no atari of a chain with three liberties", "c4 a1 j9 b1 j8 d4", (*SquareBoard).ladderMove, ladders, "none"},
		{"no run into a ladder", "c4 d4 d3 a1 e3 b1 d5", (*SquareBoard).atariMove, ladders, "none"},
		{"a run past a breaker", "c4 d4 d3 g7 e3 b1 d5", (*SquareBoard).atariMove, ladders, "e4"},
		{"no run to two liberties unread", "c4 d4 d3 g7 e3 b1 d5", (*SquareBoard).atariMove, none, "none"},
		{"ladder runs: none into a ladder", "c4 d4 d3 a1 e3 b1 d5", (*SquareBoard).atariMove, runs, "none"},
		{"ladder runs: past a breaker", "c4 d4 d3 g7 e3 b1 d5", (*SquareBoard).atariMove, runs, "e4"},
		{"runs to two: into the ladder too", "c4 d4 d3 a1 e3 b1 d5", (*SquareBoard).atariMove, two, "e4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, b := ladderAfter(t, c.moves)
			b.SetLadders(false)
			c.set(b)
			got := "none"
			if x := c.step(b, NewRand(1)); x >= 0 {
				got = s.Graph().Name(int(b.toExt[x]))
			}
			if got != c.want {
				t.Errorf("after %s: %s, want %s", c.moves, got, c.want)
			}
		})
	}
}

// TestLadderReading checks the policy's chases against the prior's
// (prior.Ladder), which plays each one out on the rules engine and tries
// both sides of every atari. On random 9x9 positions, every atari the
// policy reads as caught the prior reads as caught too (Ladder 1), and
// every run to two liberties (Ladder 2): the greedy chase is one of the
// attacker's ways, so it cannot find a capture that is not one. The
// policy finds most of the prior's captures, and reading leaves the board
// as it was.
func TestLadderReading(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	var found, missed [3]int
	for k := 0; k < 400; k++ {
		s := start(t, "go", "9x9")
		x := prior.NewExtractor(s.Rules(), s.Graph())
		for n := 20 + r.IntN(50); n > 0 && !s.Over(); n-- {
			legal := s.LegalMoves(nil)
			if err := s.Play(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		if s.Over() {
			continue
		}
		b := NewSquare(s.Graph(), false, 0)
		b.SetHeavy(true)
		b.SetLadders(true)
		b.Load(s)
		moves := s.LegalMoves(nil)
		feats := x.Moves(s, moves, nil)
		for i, m := range moves {
			if m.Kind != game.Place {
				continue
			}
			mine := [3]bool{1: b.ladderAtari(m.Point), 2: b.ladderRunCaught(m.Point)}
			for v := 1; v <= 2; v++ {
				theirs := feats[i][prior.Ladder] == uint32(v)
				switch {
				case mine[v] && !theirs:
					t.Errorf("%s reads as ladder %d for the policy, not for the prior\n%s", m.Format(s.Graph()), v, game.Text(s))
				case mine[v]:
					found[v]++
				case theirs:
					missed[v]++
				}
			}
		}
		for p := 0; p < s.Graph().N(); p++ {
			if b.At(p) != s.At(p) {
				t.Fatalf("reading changed point %s\n%s", s.Graph().Name(p), game.Text(s))
			}
		}
	}
	t.Logf("captures: %d found, %d missed; runs caught: %d found, %d missed", found[1], missed[1], found[2], missed[2])
	for v := 1; v <= 2; v++ {
		if found[v] < 20 || missed[v]*5 > found[v] {
			t.Errorf("ladder %d: the policy found %d of the prior's, missed %d", v, found[v], missed[v])
		}
	}
}
