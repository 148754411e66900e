package selfplay

import (
	"math"
	"strings"
	"testing"

	"moku/catalog"
)

// TestRun: every game is counted once, finished or not; the same seed
// plays the same games; the state is left at its start.
func TestRun(t *testing.T) {
	for _, tc := range []struct {
		rules, board string
		games, max   int
	}{
		{"go", "3x3", 50, 0},
		{"keil", "hex:3", 40, 0},
		{"ki", "5x5", 30, 0},
		{"kee players=3", "4x4", 30, 0},
		{"go", "5x5", 20, 6}, // every game stops at the move limit
	} {
		s, err := catalog.Start(catalog.Config{Rules: tc.rules, Board: tc.board})
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{Games: tc.games, Seed: 7, MaxMoves: tc.max}
		a, err := Run(s, opt)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.rules, tc.board, err)
		}
		if len(s.History()) != 0 {
			t.Errorf("%s %s: %d moves left on the board", tc.rules, tc.board, len(s.History()))
		}
		wins := 0
		for _, w := range a.Wins {
			wins += w
		}
		ended := 0
		for _, n := range a.Reasons {
			ended += n
		}
		if a.Games+a.Unfinished != tc.games || wins != a.Games || ended != a.Games || (tc.max > 0 && a.Unfinished != tc.games) {
			t.Errorf("%s %s: %+v", tc.rules, tc.board, a)
		}
		if a.Games > 0 && (a.MinLen > a.MaxLen || float64(a.Moves)/float64(a.Games) < float64(a.MinLen)) {
			t.Errorf("%s %s: lengths %d..%d, %d moves in %d games", tc.rules, tc.board, a.MinLen, a.MaxLen, a.Moves, a.Games)
		}
		b, _ := Run(s, opt)
		if a.Moves != b.Moves || a.Wins != b.Wins || a.Passes != b.Passes {
			t.Errorf("%s %s: the same seed played other games: %+v, %+v", tc.rules, tc.board, a, b)
		}
	}
}

// TestStop: Stop ends the run before the next game.
func TestStop(t *testing.T) {
	s, _ := catalog.Start(catalog.Config{Rules: "go", Board: "3x3"})
	played := 0
	st, err := Run(s, Options{Games: 100, Seed: 1, Stop: func() bool { return played == 5 }, Progress: func(n int) { played = n }})
	if err != nil || st.Games+st.Unfinished != 5 {
		t.Errorf("%d games played (%v), want 5", st.Games+st.Unfinished, err)
	}
}

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 0, 0, 1},
		{50, 100, 0.4038, 0.5962},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
	} {
		lo, hi := Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 1e-4 || math.Abs(hi-tc.hi) > 1e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f, %.4f; want %.4f, %.4f", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

// TestWrite: Ki's games say that the recurring-position safeguard never
// fired; unfinished games are left out of the figures.
func TestWrite(t *testing.T) {
	for _, tc := range []struct {
		rules, board string
		max          int
		want, not    []string
	}{
		{"ki", "5x5", 0, []string{"games          20 finished\n", "black (first)  wins ", "recurring position safeguard fired in 0 of 20 games (0.00%) (no position can recur in Ki"}, []string{"stopped"}},
		{"go", "5x5", 4, []string{"games          0 finished, 20 stopped at the move limit (left out below)\n"}, []string{"length"}},
	} {
		s, _ := catalog.Start(catalog.Config{Rules: tc.rules, Board: tc.board})
		st, err := Run(s, Options{Games: 20, Seed: 1, MaxMoves: tc.max})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		st.Write(&b, s.Rules())
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: lacks %q:\n%s", tc.rules, w, b.String())
			}
		}
		for _, w := range tc.not {
			if strings.Contains(b.String(), w) {
				t.Errorf("%s: has %q:\n%s", tc.rules, w, b.String())
			}
		}
	}
}
