package solve

import (
	"slices"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/game"
)

// The pruned max-n search must find the same score vector and the same
// principal variation (the tie rule is deterministic) as plain max-n, and
// the PV must replay on the engine to a finished game with those scores.
func TestMultiAgainstPlainMaxN(t *testing.T) {
	for _, c := range []struct {
		rules, board string
		maxPly       int
		exact        bool // no line may reach the cap
	}{
		{"kee players=3", "2x1", 0, false},
		{"kee players=3", "2x1", 30, false},
		// The longest 3-player game on 2x1 has 46 plies (an exhaustive
		// walk of the engine's moves): at 50 the value is exact.
		{"kee players=3", "2x1", 50, true},
		{"kee players=4", "2x1", 0, false},
		{"kee players=3", "3x1", 14, false},
		{"kee players=3 komi=0,0.5,1", "2x1", 0, false},
	} {
		t.Run(c.rules+"/"+c.board, func(t *testing.T) {
			r, g, err := catalog.Config{Rules: c.rules, Board: c.board}.Build()
			if err != nil {
				t.Fatal(err)
			}
			fast, err := SolveMulti(r, g, MultiOptions{MaxPly: c.maxPly, MaxNodes: 50_000_000})
			if err != nil {
				t.Fatal(err)
			}
			plain, err := SolveMulti(r, g, MultiOptions{MaxPly: c.maxPly, MaxNodes: 50_000_000, NoPrune: true})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("value %v ranking %v pv %v, %d nodes (plain %d), exact %v", fast.Value, fast.Ranking, fast.PV, fast.Nodes, plain.Nodes, fast.Exact)
			if !slices.Equal(fast.Value, plain.Value) || !slices.Equal(fast.PV, plain.PV) {
				t.Fatalf("pruned %v %v, plain %v %v", fast.Value, fast.PV, plain.Value, plain.PV)
			}
			if c.exact && (!fast.Exact || fast.CappedLines != 0 || !plain.Exact) {
				t.Errorf("%d capped lines at cap %d (plain max-n: %d)", fast.CappedLines, c.maxPly, plain.CappedLines)
			}
			if fast.Exact != (fast.CappedLines == 0) {
				t.Errorf("exact %v with %d capped lines", fast.Exact, fast.CappedLines)
			}
			if fast.Nodes > plain.Nodes {
				t.Errorf("pruning searched more nodes (%d) than plain max-n (%d)", fast.Nodes, plain.Nodes)
			}
			checkMultiPV(t, c.rules, c.board, fast)
		})
	}
}

// checkMultiPV replays res.PV on a fresh engine: every move legal, the game
// over at the end, and each player's score the one reported.
func checkMultiPV(t *testing.T, rulesDesc, boardSpec string, res *MultiResult) {
	t.Helper()
	st, err := catalog.Start(catalog.Config{Rules: rulesDesc, Board: boardSpec})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.PV {
		m, err := game.ParseMove(st.Graph(), s)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Play(m); err != nil {
			t.Fatalf("pv %v: %v", res.PV, err)
		}
	}
	if !st.Over() {
		t.Fatalf("pv %v does not finish the game", res.PV)
	}
	got := st.Result()
	for c := board.Black; int(c) <= res.Players; c++ {
		if got.Score[c] != res.Value[c-1] {
			t.Errorf("pv %v: %s scores %v, reported %v", res.PV, c, got.Score[c], res.Value[c-1])
		}
	}
}

// Deepening the cap on 2x1 with three players stops at the first cap no
// line reaches, with the value found at cap 50.
func TestMultiDeepen(t *testing.T) {
	r, g, err := catalog.Config{Rules: "kee players=3", Board: "2x1"}.Build()
	if err != nil {
		t.Fatal(err)
	}
	deep, err := SolveMulti(r, g, MultiOptions{Deepen: true, MaxNodes: 10_000_000})
	if err != nil {
		t.Fatal(err)
	}
	fixed, err := SolveMulti(r, g, MultiOptions{MaxPly: 50})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("caps %v, value %v, %d nodes", deep.Caps, deep.Value, deep.Nodes)
	if !deep.Exact || !slices.Equal(deep.Value, fixed.Value) || !slices.Equal(deep.PV, fixed.PV) {
		t.Errorf("deepened %v %v (exact %v), cap 50 %v %v", deep.Value, deep.PV, deep.Exact, fixed.Value, fixed.PV)
	}
	if n := len(deep.Caps); n == 0 || deep.Caps[n-1] != deep.MaxPly || deep.Caps[n-1] > 50 || deep.Caps[n-1] < 46 {
		t.Errorf("caps %v, max ply %d: the longest game has 46 plies", deep.Caps, deep.MaxPly)
	}
}
