package solve

import (
	"slices"
	"testing"

	"moku/board"
	"moku/game"
	"moku/games"
)

// The pruned max-n search must find the same score vector and the same
// principal variation (the tie rule is deterministic) as plain max-n, and
// the PV must replay on the engine to a finished game with those scores.
func TestMultiAgainstPlainMaxN(t *testing.T) {
	for _, c := range []struct {
		rules, board string
		maxPly       int
	}{
		{"kee players=3", "2x1", 0},
		{"kee players=3", "2x1", 30},
		{"kee players=4", "2x1", 0},
		{"kee players=3", "3x1", 14},
		{"kee players=3 komi=0,0.5,1", "2x1", 0},
	} {
		t.Run(c.rules+"/"+c.board, func(t *testing.T) {
			r, g, err := games.Config{Rules: c.rules, Board: c.board}.Build()
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
	st, err := games.Start(games.Config{Rules: rulesDesc, Board: boardSpec})
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
