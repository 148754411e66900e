package search

import (
	"testing"

	"moku/game"
)

// TestPruneLadders: White's d4 is in atari, and its escape on e4 runs
// into a ladder; with PruneLadders the root has no child e4, without it
// has.
func TestPruneLadders(t *testing.T) {
	for _, prune := range []bool{false, true} {
		s := start(t, "go", "9x9", "c4", "d4", "d3", "a1", "e3", "b1", "d5")
		o := DefaultOptions()
		o.Playouts, o.Learned, o.PruneLadders, o.StopEarly = 200, true, prune, false
		o.fill()
		_, tr, _, err := search(s, o, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		e4, found := game.At(pointByName(t, s, "e4")), false
		for _, k := range tr.root.kids() {
			found = found || k.move == e4
		}
		if found == prune {
			t.Errorf("pruning %v: e4 a child %v", prune, found)
		}
	}
}

// pointByName returns the point of s's graph named name.
func pointByName(t *testing.T, s game.State, name string) int {
	t.Helper()
	m, err := game.ParseMove(s.Graph(), name)
	if err != nil {
		t.Fatal(err)
	}
	return m.Point
}
