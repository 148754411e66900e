package computer_test

import (
	"math"
	"testing"

	"moku/computer"
	"moku/ladder"
)

// TestAnchorsMeasured: every anchor is the fit of the anchor matches
// kept in results/anchors, as moku ladder makes it, its deviation the
// width of its interval (at most MaxAnchorDeviation), and of a tuned game
// (Tuned) the rung of the tuned search: an anchor copied wrong, or
// matches added without the anchors updated, fail here.
func TestAnchorsMeasured(t *testing.T) {
	for _, c := range []struct{ game, dir, label string }{
		{"go", "go9", "Go 9x9"},
		{"keil", "keil5", "Keil side 5"},
		{"kee", "kee9", "Kee 9x9, 2 players"},
		{"ki", "ki11", "Ki 11x11"},
	} {
		l, err := ladder.Read("../results/anchors/" + c.dir)
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Fit("random"); err != nil {
			t.Fatal(err)
		}
		rungs := l.Ratings()[c.label]
		suffix := ""
		if computer.Tuned[c.game] {
			suffix = " --tuned --keep-tree=false"
		}
		for level, rung := range map[string]string{"1k playouts": "1k --heavy", "10k playouts": "10k --heavy", "30k playouts": "30k --heavy"} {
			rung += suffix
			a := computer.Anchors[c.game][level]
			found := false
			for _, r := range rungs {
				if r.Player != rung {
					continue
				}
				found = true
				if math.Abs(r.Elo-a.Elo) > 1 {
					t.Errorf("%s %s: anchor %+.0f, the matches fit %+.0f", c.game, level, a.Elo, r.Elo)
				}
				dev := float64(computer.MaxAnchorDeviation)
				if !math.IsInf(r.Lo, 0) && !math.IsInf(r.Hi, 0) {
					dev = min(dev, (r.Hi-r.Lo)/(2*1.96))
				}
				if math.Abs(dev-a.Deviation) > 1 {
					t.Errorf("%s %s: deviation %.0f, the interval gives %.0f", c.game, level, a.Deviation, dev)
				}
			}
			if !found {
				t.Errorf("%s: no rung %q in results/anchors/%s", c.game, rung, c.dir)
			}
		}
	}
}
