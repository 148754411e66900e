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

// TestFillsEye: a point surrounded by the mover's stones is an eye unless
// it is the last liberty of one of their groups.
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
	} {
		s := start(t, "go", "9x9", c.moves...)
		m, err := game.ParseMove(s.Graph(), c.point)
		if err != nil {
			t.Fatal(err)
		}
		if got := fillsEye(s, m.Point, s.ToMove()); got != c.want {
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
	} {
		s := start(t, "go", "9x9", c.moves...)
		m, err := game.ParseMove(s.Graph(), c.point)
		if err != nil {
			t.Fatal(err)
		}
		o := Options{Playouts: 20, Learned: c.learned, PriorEven: 4}
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
