package computer_test

import (
	"strings"
	"testing"
	"time"

	"moku/board"
	"moku/catalog"
	"moku/computer"
	"moku/game"
	"moku/rules"
	"moku/search"
	"moku/session"
)

// TestLevels: every level makes a player that moves legally, judges the
// dead stone of a finished position dead, and cuts the komi pie; an
// unknown level is refused with the known ones named.
func TestLevels(t *testing.T) {
	r, _ := rules.Preset("go", nil)
	r.Komi = 0
	for _, level := range computer.Levels {
		if level == "2 s a move" || level == "10k playouts" {
			continue // the same code as 1k playouts, at more time
		}
		p, err := computer.New(level, r)
		if err != nil {
			t.Fatalf("%s: %v", level, err)
		}
		s, _ := catalog.Start(catalog.Config{Rules: "go komi=0", Board: "5x5"})
		if err := game.PlayAll(s, "b1 d1 b2 d2 b3 d3 b4 d4 b5 d5 e3 pass pass"); err != nil {
			t.Fatal(err)
		}
		est, err := p.Estimate(s)
		if err != nil {
			t.Fatal(err)
		}
		if dead := game.DeadStones(s, est); len(dead) != 1 || s.Graph().Name(dead[0]) != "e3" {
			t.Errorf("%s judges dead %v, want e3", level, dead)
		}
		fresh, _ := catalog.Start(catalog.Config{Rules: "go komi=0", Board: "5x5"})
		m, err := p.Genmove(fresh)
		if err != nil || fresh.Legal(m) != nil {
			t.Errorf("%s: move %v, %v", level, m, err)
		}
		keil, _ := catalog.Start(catalog.Config{Rules: "keil", Board: "hex:2"})
		if k, err := p.ProposeKomi(keil); err != nil || k < -7 || k > 7 {
			t.Errorf("%s: komi %v, %v on hex:2 (7 points)", level, k, err)
		}
		if c, err := p.ChooseColor(keil, 100); err != nil || c != board.White {
			t.Errorf("%s: with komi 100 chooses %v, %v", level, c, err)
		}
	}
	if _, err := computer.New("grandmaster", r); err == nil || !strings.Contains(err.Error(), "1k playouts") {
		t.Errorf("an unknown level: %v", err)
	}
}

// TestTimeLeft: told the time its seat has left, a search level budgets
// its move within it.
func TestTimeLeft(t *testing.T) {
	r, _ := rules.Preset("go", nil)
	p, err := computer.New("10k playouts", r)
	if err != nil {
		t.Fatal(err)
	}
	tp, ok := p.(session.TimedPlayer)
	if !ok {
		t.Fatal("a search level keeps no clock")
	}
	s, _ := catalog.Start(catalog.Config{Rules: "go", Board: "9x9"})
	for _, left := range []time.Duration{5 * time.Second, 300 * time.Millisecond} {
		tp.TimeLeft(left, 0)
		sp := p.(computer.Player).Player.(*search.Player)
		if d, ok := sp.Clock.Budget(s); !ok || d <= 0 || d >= left {
			t.Errorf("with %v left: a budget of %v (%v)", left, d, ok)
		}
	}
	tp.TimeLeft(0, 10*time.Second) // in byo-yomi: a period a move
	sp := p.(computer.Player).Player.(*search.Player)
	if d, ok := sp.Clock.Budget(s); !ok || d <= 0 || d >= 10*time.Second {
		t.Errorf("in byo-yomi: a budget of %v (%v)", d, ok)
	}
}
