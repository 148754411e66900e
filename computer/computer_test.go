package computer_test

import (
	"fmt"
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
		if level == "10k playouts" || level == "30k playouts" {
			continue // the same code as 1k playouts, at more playouts
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
	// A retired level still plays the games stored with it.
	for _, level := range computer.Retired {
		if p, err := computer.New(level, r); err != nil || !strings.Contains(p.Name(), "mcts") {
			t.Errorf("retired level %s: %v", level, err)
		}
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

// TestAnalyzePlayers: the analysis gives every player's chance of winning
// and expected score, for two players and for three; the shares of a win
// add up to one, and the player who holds most of the board leads.
func TestAnalyzePlayers(t *testing.T) {
	for _, c := range []struct {
		rules, board, moves string
		players             int
		leader              board.Color
	}{
		{"go komi=0", "5x5", "b2 a1 b3 a2 b4 e5 c2 e4 c3 d5 c4", 2, board.Black},
		{"kee players=3 komi=0", "5x5", "b2 a1 e1 b3 a2 e2 b4 a3 e3 c2 a5 d1 c3 b5 d2 c4", 3, board.Black},
		{"kee players=3 komi=0", "5x5", "a1 b2 e1 a2 b3 e2 a3 b4 e3 a5 c2 d1 b5 c3 d2 e5 c4", 3, board.White},
	} {
		s, err := catalog.Start(catalog.Config{Rules: strings.Fields(c.rules)[0], Board: c.board, Overrides: strings.Fields(c.rules)[1:]})
		if err != nil {
			t.Fatal(err)
		}
		if err := game.PlayAll(s, c.moves); err != nil {
			t.Fatalf("%s %s: %v", c.rules, c.moves, err)
		}
		before := s.Graph().Name(game.Actions(s)[len(game.Actions(s))-1].Move.Point)
		est, err := computer.Analyze(s)
		if err != nil {
			t.Fatal(err)
		}
		if len(est.WinRates) != c.players || (c.players > 2 && len(est.Scores) != c.players) {
			t.Fatalf("%s: win rates %v, scores %v; want %d of each", c.rules, est.WinRates, est.Scores, c.players)
		}
		sum, best := 0.0, 0
		for i, w := range est.WinRates {
			if w < 0 || w > 1 {
				t.Errorf("%s: win rate %v", c.rules, w)
			}
			sum += w
			if w > est.WinRates[best] {
				best = i
			}
		}
		if sum < 0.999 || sum > 1.001 {
			t.Errorf("%s: win rates %v add up to %v", c.rules, est.WinRates, sum)
		}
		if board.Color(best+1) != c.leader {
			t.Errorf("%s after %s: win rates %v, scores %v; want %v ahead", c.rules, c.moves, est.WinRates, est.Scores, c.leader)
		}
		if last := game.Actions(s); s.Graph().Name(last[len(last)-1].Move.Point) != before {
			t.Errorf("%s: the analysis changed the position", c.rules)
		}
	}
}

// TestTunedLevels: on 9x9 Go and Ki 11x11 a search level plays the tuned
// search (search.Options.Tune) without keeping its tree between moves,
// move for move as the search given those options by hand; in a game not
// in Tuned, such as Kee 9x9, which the search does tune, it plays
// search.DefaultOptions.
func TestTunedLevels(t *testing.T) {
	const playouts = 400
	for _, c := range []struct {
		rules, board string
		by           search.Options
	}{
		{"go", "9x9", search.Options{Learned: true, LearnedSqrt: true, LearnedGames: 210, PriorEven: 14}},
		{"ki", "11x11", search.Options{Learned: true, LearnedSqrt: true, LearnedGames: 210, PriorEven: 14}},
		{"kee", "9x9", search.Options{}},
	} {
		s, err := catalog.Start(catalog.Config{Rules: c.rules, Board: c.board})
		if err != nil {
			t.Fatal(err)
		}
		p, err := computer.New("1k playouts", s.Rules())
		if err != nil {
			t.Fatal(err)
		}
		sp := p.(computer.Player).Player.(*search.Player)
		if sp.Opt.Tuned != computer.Tuned[c.rules] {
			t.Errorf("%s: Tuned %v", c.rules, sp.Opt.Tuned)
		}
		sp.Opt.Seed, sp.Opt.Playouts = 5, playouts
		by := search.DefaultOptions()
		by.Seed, by.Playouts = 5, playouts
		by.Learned, by.LearnedSqrt = c.by.Learned, c.by.LearnedSqrt
		if c.by.LearnedGames > 0 {
			by.LearnedGames, by.PriorEven = c.by.LearnedGames, c.by.PriorEven
		}
		q := search.New(by)
		for i := 0; i < 2; i++ {
			m, err := sp.Genmove(s)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := q.Genmove(s); err != nil {
				t.Fatal(err)
			}
			a, b := sp.Last(), q.Last()
			a.Seconds, b.Seconds = 0, 0
			if fmt.Sprintf("%+v", a) != fmt.Sprintf("%+v", b) {
				t.Errorf("%s, move %d: the level's analysis differs from the search with %+v", c.rules, i+1, c.by)
			}
			if err := s.Play(m); err != nil {
				t.Fatal(err)
			}
			if err := s.Play(a.Candidates[0].PV[1]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
