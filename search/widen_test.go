package search

import (
	"fmt"
	"testing"
)

// TestWidening: with Options.Widening every node's children are ordered
// by their priors' won games, most first, and no descent chose a child
// past the count its parent's playouts allow; without it, the same
// search chooses past that count somewhere (so the check can fail).
func TestWidening(t *testing.T) {
	for _, c := range []struct {
		rules, board string
		learned      bool
	}{{"go", "9x9", true}, {"go", "9x9", false}, {"keil", "hex:5", false}, {"kee players=3", "5x5", false}} {
		for _, widening := range []float64{0, 20} {
			name := fmt.Sprintf("%s %s learned %v widening %g", c.rules, c.board, c.learned, widening)
			s := start(t, c.rules, c.board)
			o := DefaultOptions()
			o.Playouts, o.StopEarly, o.Learned, o.Widening = 3000, false, c.learned, widening
			o.fill()
			_, tr, _, err := search(s, o, false, nil)
			if err != nil {
				t.Fatal(err)
			}
			check := o
			check.Widening, check.WideningRate = 20, widenRate
			ct := &tree{opt: check}
			past, unordered := 0, 0
			var walk func(n *node)
			walk = func(n *node) {
				kids := n.kids()
				allowed := len(ct.widen(n, kids))
				for i, k := range kids {
					if i >= allowed && k.realVisits() > 0 {
						past++
					}
					if i > 0 && kids[i-1].priorWon < k.priorWon {
						unordered++
					}
					walk(k)
				}
			}
			walk(tr.root)
			if widening > 0 && (past > 0 || unordered > 0) {
				t.Errorf("%s: %d children chosen past the widening, %d out of order", name, past, unordered)
			}
			if widening == 0 && past == 0 {
				t.Errorf("%s: no child chosen past the widening's count: the check cannot fail", name)
			}
		}
	}
}

// TestWideningCount: a node of n playouts offers 2 children below
// Widening, 3 from it, and one more at each further power of the rate.
func TestWideningCount(t *testing.T) {
	tr := &tree{opt: Options{Widening: 40, WideningRate: 2}}
	kids := make([]*node, 10)
	for _, c := range []struct{ playouts, want int }{
		{0, 2}, {39, 2}, {40, 3}, {79, 3}, {80, 4}, {160, 5}, {319, 5}, {320, 6}, {1_000_000, 10},
	} {
		n := &node{}
		n.visits.Store(int64(c.playouts) * unit)
		if got := len(tr.widen(n, kids)); got != c.want {
			t.Errorf("%d playouts: %d children, want %d", c.playouts, got, c.want)
		}
	}
	if got := len((&tree{opt: Options{Widening: 0}}).widen(&node{}, kids)); got != len(kids) {
		t.Errorf("widening off: %d children, want all %d", got, len(kids))
	}
}
