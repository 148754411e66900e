package gtp

import (
	"testing"

	"moku/catalog"
)

// TestKeeExampleI plays example I of the Kee rules' seed (2x1 board)
// through GTP, both branches.
func TestKeeExampleI(t *testing.T) {
	e := engine(t, "kee", "2x1")
	session(t, e, [][2]string{
		{"play black a1", "= \n\n"},
		{"play white b1", "= \n\n"},
		{"play black a1", "? illegal move a1: recreates the position after move 1 (cycle prohibition, K11): you have made no non-appealing pass since move 1\n\n"},
		{"all_legal black", "= appeal-a1\n\n"},
		{"play black appeal-a1", "= \n\n"},
		{"play white pass", "= \n\n"},
		{"kee-history", "= 1 black a1\n2 white b1 rescinded\n3 black appeal-a1 rescinded\n4 white pass rescinds 2 3\n\n"},
		{"moku-history", "= 1 black a1\n\n"},
		{"play white b1", "? illegal move b1: this stone play was rescinded at this moment (after move 1); choose another play (K14)\n\n"},
		{"all_legal white", "= pass\n\n"},
		{"play white pass", "= \n\n"},
		{"play black pass", "= \n\n"},
		{"final_score", "= B+2\n\n"},
	})

	e = engine(t, "kee", "2x1")
	session(t, e, [][2]string{
		{"play b a1", "= \n\n"},
		{"play w b1", "= \n\n"},
		{"play b appeal-a1", "= \n\n"},
		{"all_legal w", "= appeal-a1\n\n"},
		{"play w appeal-a1", "= \n\n"},
		{"final_score", "= W+2\n\n"},
		{"kee-history", "= 1 black a1\n2 white b1\n3 black appeal-a1\n4 white appeal-a1\n\n"},
	})

	e = engine(t, "go", "5x5")
	session(t, e, [][2]string{
		{"kee-history", "? kee-history: the game is go, not kee\n\n"},
	})
}

// TestKeeThreePlayers: colours by name, a ranking line from final_score.
func TestKeeThreePlayers(t *testing.T) {
	e, err := New(catalog.Config{Rules: "kee", Board: "3x1", Overrides: []string{"players=3"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	session(t, e, [][2]string{
		{"play black a1", "= \n\n"},
		{"play white pass", "= \n\n"},
		{"play red c1", "= \n\n"},
		{"play black pass", "= \n\n"},
		{"play white pass", "= \n\n"},
		{"play red pass", "= \n\n"},
		{"final_score", "= 1. black 1, 1. red 1, 3. white 0\n\n"},
	})
}
