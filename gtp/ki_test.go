package gtp

import (
	"strings"
	"testing"

	"moku/game"
)

// TestKiForcedPassThroughGTP plays random Ki games through GTP until a
// player has no legal placement, and checks that all_legal and
// gogui-rules_legal_moves then list the one legal move, pass, and that play
// refuses an unforced pass.
func TestKiForcedPassThroughGTP(t *testing.T) {
	forced := 0
	for seed := uint64(1); seed <= 40 && forced < 3; seed++ {
		e, err := New(gamesConfig("ki", "5x5"), seed)
		if err != nil {
			t.Fatal(err)
		}
		if resp, _ := e.Execute("gogui-rules_game_id"); resp != "= Ki\n\n" {
			t.Fatalf("game id %q", resp)
		}
		for !e.State().Over() {
			color := e.State().ToMove().String()
			legal := e.State().LegalMoves(nil)
			all, _ := e.Execute("all_legal " + color)
			gogui, _ := e.Execute("gogui-rules_legal_moves")
			if len(legal) == 1 && legal[0].Kind == game.Pass {
				forced++
				if all != "= pass\n\n" || gogui != "= pass\n\n" {
					t.Fatalf("forced pass: all_legal %q, gogui %q", all, gogui)
				}
			} else {
				if strings.Contains(all, "pass") || strings.Contains(gogui, "pass") {
					t.Fatalf("unforced pass listed: %q %q", all, gogui)
				}
				if resp, _ := e.Execute("play " + color + " pass"); !strings.HasPrefix(resp, "? illegal move pass") {
					t.Fatalf("unforced pass accepted: %q", resp)
				}
			}
			if resp, _ := e.Execute("genmove " + color); !strings.HasPrefix(resp, "= ") {
				t.Fatalf("genmove: %q", resp)
			}
		}
		if resp, _ := e.Execute("gogui-rules_final_result"); !strings.HasPrefix(resp, "= B+") && !strings.HasPrefix(resp, "= W+") {
			t.Errorf("final result %q", resp)
		}
	}
	t.Logf("%d forced passes seen", forced)
	if forced == 0 {
		t.Fatal("no forced pass arose in 40 random games on 5x5")
	}
}
