package search

import (
	"testing"

	"moku/board"
	"moku/game"
)

// TestExplore: Options.Explore adds Explore*sqrt(ln N / n) to the value
// of a child with n playouts of its own, N the parent's visits; a child
// without playouts gets nothing; 0 leaves the value alone.
func TestExplore(t *testing.T) {
	// kid makes a child of prior games (half won) and playouts won at
	// rate.
	kid := func(point int, prior, playouts, rate float64) *node {
		k := newNode(game.Move{Kind: game.Place, Point: point}, board.Black, prior+playouts, prior/2+playouts*rate)
		k.prior, k.priorWon = int64(prior*unit), int64(prior/2*unit)
		return k
	}
	parent := newNode(game.Move{}, board.White, 10_000, 0) // ln N = 9.21
	for _, c := range []struct {
		name    string
		explore float64
		kids    []*node
		want    int // the point of the child chosen
	}{
		{"off: the better rate", 0, []*node{kid(0, 10, 9000, 0.55), kid(1, 10, 900, 0.50)}, 0},
		// 0.55 + 0.3*sqrt(lnN/9000) = 0.5594 against 0.50 + 0.3*sqrt(lnN/900) = 0.5303.
		{"small: still the better rate", 0.3, []*node{kid(0, 10, 9000, 0.55), kid(1, 10, 900, 0.50)}, 0},
		// 0.55 + 0.0479 against 0.50 + 0.1517.
		{"large: the less tried", 1.5, []*node{kid(0, 10, 9000, 0.55), kid(1, 10, 900, 0.50)}, 1},
		// A child without playouts keeps its prior's rate, 0.5.
		{"none without playouts", 5, []*node{kid(0, 10, 9000, 0.60), kid(1, 20, 0, 0)}, 0},
	} {
		tr := &tree{opt: Options{RaveEquiv: 3500, Explore: c.explore}}
		got := tr.choose(parent, c.kids)
		if got.move.Point != c.want {
			t.Errorf("%s: chose %d, want %d", c.name, got.move.Point, c.want)
		}
	}
}
