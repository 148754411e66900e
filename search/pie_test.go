package search

import (
	"math"
	"testing"

	"moku/board"
)

// TestProposeKomi: the proposed komi is of the kind the rules want (whole
// with Keil's button, ending in .5 without), splits the search's playouts
// nearly evenly, and reflects the first player's advantage where it is
// known to be large (5x5 Go: Black wins by 25 with perfect play).
func TestProposeKomi(t *testing.T) {
	for _, c := range []struct {
		rules, board string
		whole        bool
	}{{"keil", "hex:4", true}, {"keil button=off", "hex:4", false}, {"go", "5x5", false}} {
		s := start(t, c.rules, c.board)
		p, err := ProposeKomi(s, Options{Playouts: 3000, Threads: 2, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s %s: komi %v (Black wins %.3f of %d playouts; median margin %v)", c.rules, c.board, p.Komi, p.BlackWinRate, p.Playouts, p.Margin)
		if frac := p.Komi - math.Floor(p.Komi); (c.whole && frac != 0) || (!c.whole && frac != 0.5) {
			t.Errorf("%s %s: komi %v is not of the rules' kind", c.rules, c.board, p.Komi)
		}
		if p.BlackWinRate < 0.35 || p.BlackWinRate > 0.65 || p.Playouts < 3000 {
			t.Errorf("%s %s: komi %v leaves Black %.3f of the playouts", c.rules, c.board, p.Komi, p.BlackWinRate)
		}
		if math.Abs(p.Komi) > float64(s.Graph().N()) {
			t.Errorf("%s %s: komi %v beyond the board", c.rules, c.board, p.Komi)
		}
		if c.rules == "go" && p.Komi < 3 {
			t.Errorf("5x5 Go: komi %v does not see Black's advantage", p.Komi)
		}
	}
	if _, err := ProposeKomi(start(t, "kee players=3", "5x5"), Options{Playouts: 100}); err == nil {
		t.Error("a komi pie for three players")
	}
}

// TestChooseColor: the second player of the pie takes White when the komi
// is far too high and Black when it is far too low, and the proposer's
// own komi leaves the choice close.
func TestChooseColor(t *testing.T) {
	s := start(t, "keil", "hex:4")
	o := Options{Playouts: 2000, Threads: 2, Seed: 3}
	p, err := ProposeKomi(s, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		komi float64
		want board.Color
	}{{p.Komi + 12, board.White}, {p.Komi - 12, board.Black}} {
		got, w, err := ChooseColor(s, c.komi, o)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("komi %v: %s (win rate %.2f)", c.komi, got, w)
		if got != c.want || w < 0.5 {
			t.Errorf("komi %v: chose %s with win rate %.2f, want %s", c.komi, got, w, c.want)
		}
	}
	got, w, err := ChooseColor(s, p.Komi, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("proposed komi %v: %s (win rate %.2f)", p.Komi, got, w)
	if w > 0.8 {
		t.Errorf("the proposed komi %v gives %s %.2f", p.Komi, got, w)
	}
}
