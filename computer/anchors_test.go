package computer_test

import (
	"testing"

	"moku/computer"
)

// TestAnchors: every playout level of every game has an anchor above the
// random player's, the stronger level the higher; levels of time have
// none.
func TestAnchors(t *testing.T) {
	for _, g := range []string{"keil", "kee", "ki", "go"} {
		prev, ok := computer.AnchorOf(g, "random")
		if !ok || prev.Rating != computer.RandomRating {
			t.Fatalf("%s random: %+v, %v", g, prev, ok)
		}
		for _, level := range computer.Levels[1:] {
			a, ok := computer.AnchorOf(g, level)
			if !ok || a.Rating <= prev.Rating || a.Deviation <= 0 {
				t.Errorf("%s %s: %+v, %v; want above %v", g, level, a, ok, prev.Rating)
			}
			prev = a
		}
		if _, ok := computer.AnchorOf(g, "2 s a move"); ok {
			t.Errorf("%s: a level of time has an anchor", g)
		}
	}
}
