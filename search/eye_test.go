package search

import (
	"testing"

	"moku/game"
)

// saveByFilling is a position of a game against Pachi (9x9 Go) after
// Black's f6: White's centre group (d4 d5 d6 e6 e7) has one liberty
// left, d7, a point every neighbour of which is White's (c7 d6 d8 e7).
// Filling it joins the group to c7 and d8 and saves it; Black taking it
// would capture the group.
var saveByFilling = []string{"f5", "f3", "e4", "e3", "d3", "d4", "c4", "d5", "c5", "d6", "c6", "c3",
	"d2", "c2", "d7", "e6", "f7", "e7", "e8", "d8", "e5", "c7", "f6"}

// edgeFalseEye: Black's d1, f1 and e2 surround e1, and White's d2 on its
// diagonal makes it a false eye: d1 and e2 are separate chains that
// only e1 connects, so Black's filling it is a move, not a waste.
var edgeFalseEye = []string{"d1", "d2", "f1", "a9", "e2", "b9"}

// TestFillsEye: a point surrounded by the mover's stones is an eye unless
// it is the last liberty of one of their groups or a false eye (two of
// the other player's stones on its diagonals, one on the edge).
func TestFillsEye(t *testing.T) {
	for _, c := range []struct {
		name  string
		moves []string
		point string
		want  bool
	}{
		{"last liberty of the centre group", saveByFilling, "d7", false},
		{"a corner eye of two safe stones", []string{"a2", "e5", "b1", "e6"}, "a1", true},
		{"a point with an empty neighbour", []string{"a2", "e5"}, "a1", false},
		{"a point next to the other player's stone", []string{"a2", "b1", "c3"}, "a1", false},
		{"an edge point with one of the other's stones on a diagonal", edgeFalseEye, "e1", false},
		{"an edge point with empty diagonals", []string{"d1", "a9", "f1", "b9", "e2", "c9"}, "e1", true},
		{"a point with two of the other's stones on diagonals", []string{"e4", "d4", "e6", "f6", "d5", "a9", "f5", "b9"}, "e5", false},
		{"a point with one of the other's stones on a diagonal", []string{"e4", "d4", "e6", "a8", "d5", "a9", "f5", "b9"}, "e5", true},
	} {
		s := start(t, "go", "9x9", c.moves...)
		m, err := game.ParseMove(s.Graph(), c.point)
		if err != nil {
			t.Fatal(err)
		}
		if got := fillsEye(s, m.Point, s.ToMove(), true); got != c.want {
			t.Errorf("%s: fillsEye(%s) for the player to move = %v, want %v", c.name, c.point, got, c.want)
		}
	}
}

// TestEyeFillPrior: in the tree, the filling of an own eye starts from
// lost games, but the filling of a last liberty that saves a group does
// not: with the learned priors it starts from its probability's won
// games, with the hand-set ones from the even games' half.
func TestEyeFillPrior(t *testing.T) {
	for _, c := range []struct {
		name    string
		moves   []string
		point   string
		learned bool
		lost    bool
	}{
		{"saving fill, learned priors", saveByFilling, "d7", true, false},
		{"saving fill, hand-set priors", saveByFilling, "d7", false, false},
		{"true eye, learned priors", []string{"a2", "e5", "b1", "e6"}, "a1", true, true},
		{"true eye, hand-set priors", []string{"a2", "e5", "b1", "e6"}, "a1", false, true},
		{"false eye, learned priors", edgeFalseEye, "e1", true, false},
		{"false eye, hand-set priors", edgeFalseEye, "e1", false, false},
	} {
		s := start(t, "go", "9x9", c.moves...)
		m, err := game.ParseMove(s.Graph(), c.point)
		if err != nil {
			t.Fatal(err)
		}
		o := Options{Playouts: 20, Learned: c.learned, PriorEven: 4, FalseEyes: true}
		_, tr, _, err := search(s, o, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, k := range tr.root.kids() {
			if k.move != m {
				continue
			}
			found = true
			if lost := k.priorWon == 0; lost != c.lost {
				t.Errorf("%s: %s starts with %.2f won games of %.2f, want lost games only: %v",
					c.name, c.point, float64(k.priorWon)/unit, float64(k.prior)/unit, c.lost)
			}
		}
		if !found {
			t.Errorf("%s: no child %s", c.name, c.point)
		}
	}
}
