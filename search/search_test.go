package search

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/playout"
)

func start(t testing.TB, rules, spec string, moves ...string) game.State {
	t.Helper()
	s, err := catalog.Start(catalog.Config{Rules: rules, Board: spec})
	if err != nil {
		t.Fatal(err)
	}
	if err := game.PlayAll(s, strings.Join(moves, " ")); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSearchLeavesPosition: a search with two threads returns a legal move
// and statistics that add up, after exactly its playouts, and leaves the
// position as it was.
func TestSearchLeavesPosition(t *testing.T) {
	for _, c := range []struct{ rules, board string }{{"go", "9x9"}, {"keil", "hex:5"}, {"kee players=3", "7x7"}, {"ki", "9x9"}} {
		s := start(t, c.rules, c.board)
		before := game.Text(s)
		a, err := Search(s, Options{Playouts: 2000, Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		if game.Text(s) != before || len(s.History()) != 0 {
			t.Fatalf("%s: the search changed the position", c.rules)
		}
		if err := s.Legal(a.Best); err != nil {
			t.Fatalf("%s: best move %s illegal: %v", c.rules, a.Best.Format(s.Graph()), err)
		}
		if a.Playouts != 2000 || a.Best != a.Candidates[0].Move || len(a.Ownership) != s.Graph().N() {
			t.Fatalf("%s: %d playouts (want 2000), best %s, first candidate %s, %d owners for %d points", c.rules, a.Playouts,
				a.Best.Format(s.Graph()), a.Candidates[0].Move.Format(s.Graph()), len(a.Ownership), s.Graph().N())
		}
		visits := 0
		for _, k := range a.Candidates {
			visits += k.Visits
		}
		if visits < a.Playouts-2 || visits > a.Playouts {
			t.Fatalf("%s: candidates have %d visits, %d playouts", c.rules, visits, a.Playouts)
		}
		if a.WinRate < 0.05 || a.WinRate > 0.95 {
			t.Fatalf("%s: win rate %.2f on an empty board", c.rules, a.WinRate)
		}
		t.Logf("%s %s: %s after %d playouts, win rate %.2f, margin %.1f, top %s %d %.2f", c.rules, c.board,
			a.Best.Format(s.Graph()), a.Playouts, a.WinRate, a.Margin, a.Candidates[0].Move.Format(s.Graph()), a.Candidates[0].Visits, a.Candidates[0].WinRate)
	}
}

// TestCapturesBigGroup: with komi making the capture the only way to win,
// the search captures three white stones in atari (e3), or nets them (e2
// or f3: White's escape at e3 then leaves one liberty).
func TestCapturesBigGroup(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		s := start(t, "go komi=20", "7x7",
			"b4", "c4", "f4", "d4", "c5", "e4", "d5", "pass", "e5", "pass", "c3", "pass", "d3", "pass")
		p := New(Options{Playouts: 3000, Seed: seed, Resign: false})
		m, err := p.Genmove(s)
		if err != nil {
			t.Fatal(err)
		}
		a := p.Last()
		t.Logf("seed %d: %s (win rate %.2f)", seed, m.Format(s.Graph()), a.Candidates[0].WinRate)
		if name := m.Format(s.Graph()); name != "e3" && name != "e2" && name != "f3" {
			t.Errorf("seed %d: %s, want the capture e3\n%s", seed, name, game.Text(s))
		}
	}
}

// TestPassWhenPassingWins: after the opponent's pass, the player passes
// when the count as it stands wins.
func TestPassWhenPassingWins(t *testing.T) {
	p := New(Options{Playouts: 300, Resign: false})
	for _, c := range []struct {
		rules string
		moves []string
	}{
		{"go komi=0", []string{"b2", "pass"}},         // Black owns the 3x3 board
		{"go komi=0.5", []string{"b2", "a1", "pass"}}, // White wins 1.5 to 1
	} {
		s := start(t, c.rules, "3x3", c.moves...)
		m, err := p.Genmove(s)
		if err != nil {
			t.Fatal(err)
		}
		if m.Kind != game.Pass {
			t.Errorf("%s %v: %s, want pass", c.rules, c.moves, m.Format(s.Graph()))
		}
	}
}

// TestResign: a hopeless game is resigned when resigning is on, and played
// on otherwise.
func TestResign(t *testing.T) {
	s := start(t, "go komi=40", "5x5")
	m, err := New(Options{Playouts: 1000, Resign: true}).Genmove(s)
	if err != nil || m.Kind != game.Resign {
		t.Fatalf("komi 40 on 5x5: %v %v, want resign", m, err)
	}
	m, err = New(Options{Playouts: 1000, Resign: false}).Genmove(s)
	if err != nil || m.Kind != game.Place {
		t.Fatalf("komi 40 on 5x5 without resigning: %v %v, want a placement", m, err)
	}
}

// TestSelfPlay plays whole games of every kind between two searches with
// few playouts: every move the player chooses must be legal in the rules
// engine (superko, the button, appeals, forced passes) and the games end.
func TestSelfPlay(t *testing.T) {
	for _, c := range []struct{ rules, board string }{
		{"go", "5x5"}, {"go-situational", "5x5"}, {"keil", "hex:4"}, {"keil-2019", "hex:3"},
		{"kee", "4x4"}, {"kee players=3", "5x5"}, {"ki", "5x5"},
	} {
		s := start(t, c.rules, c.board)
		p := New(Options{Playouts: 300, Threads: 2, Resign: false})
		for n := 0; !s.Over(); n++ {
			if n > 400 {
				t.Fatalf("%s %s: no end after 400 moves", c.rules, c.board)
			}
			m, err := p.Genmove(s)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Play(m); err != nil {
				t.Fatalf("%s %s move %d: %v\n%s", c.rules, c.board, n+1, err, game.Text(s))
			}
		}
		t.Logf("%s %s: %d moves, %s", c.rules, c.board, len(s.History()), s.Result())
	}
}

// TestClock: the time manager's budgets.
func TestClock(t *testing.T) {
	s := start(t, "go", "9x9")
	var c Clock
	if _, ok := c.Budget(s); ok {
		t.Fatal("a budget without time settings")
	}
	c.Settings(60*time.Second, 0, 0)
	d, ok := c.Budget(s)
	if !ok || d < time.Second || d > 2*time.Second {
		t.Fatalf("60 s for a 9x9 game: %v a move", d)
	}
	c.Left(board.White, time.Second, 0)
	if d, _ := c.Budget(s); d < time.Second {
		t.Fatalf("White's 1 s left cut Black's budget to %v a move", d)
	}
	c.Left(board.Black, time.Second, 0)
	if d, _ := c.Budget(s); d > 100*time.Millisecond {
		t.Fatalf("1 s left: %v a move", d)
	}
	c.Settings(0, 30*time.Second, 10)
	if d, _ := c.Budget(s); d < 2*time.Second || d > 3*time.Second {
		t.Fatalf("byo-yomi 30 s / 10 stones: %v a move", d)
	}
	c.Settings(10*time.Second, 30*time.Second, 10)
	c.Spent(board.White, 11*time.Second)
	if d, _ := c.Budget(s); d < time.Second {
		t.Fatalf("White's main time spent cut Black's budget to %v a move", d)
	}
	c.Spent(board.Black, 11*time.Second)
	if d, _ := c.Budget(s); d < 2*time.Second || d > 3*time.Second {
		t.Fatalf("main time spent, byo-yomi 30 s / 10 stones: %v a move", d)
	}
}

// TestClockCopy: a clock's copy budgets as the clock does, and time
// spent on either leaves the other's as it was.
func TestClockCopy(t *testing.T) {
	s := start(t, "go", "9x9")
	var c Clock
	c.Settings(60*time.Second, 0, 0)
	want, _ := c.Budget(s)
	cp := c.Copy()
	if d, ok := cp.Budget(s); !ok || d != want {
		t.Fatalf("the copy's budget %v (%v), the clock's %v", d, ok, want)
	}
	cp.Spent(board.Black, 30*time.Second)
	if d, _ := c.Budget(s); d != want {
		t.Fatalf("time spent on the copy changed the clock's budget to %v from %v", d, want)
	}
	spent, _ := cp.Budget(s)
	if spent >= want {
		t.Fatalf("the copy's budget after 30 s spent: %v, before %v", spent, want)
	}
	c.Spent(board.Black, 50*time.Second)
	if d, _ := cp.Budget(s); d != spent {
		t.Fatalf("time spent on the clock changed the copy's budget to %v from %v", d, spent)
	}
}

// TestReseed: a player reseeded after some moves chooses as a new player
// with that seed does (moku-seed in GTP relies on it).
func TestReseed(t *testing.T) {
	play := func(p *Player) string {
		s := start(t, "go", "5x5")
		var out []string
		for range 4 {
			m, err := p.Genmove(s)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Play(m); err != nil {
				t.Fatal(err)
			}
			out = append(out, m.Format(s.Graph()))
		}
		return strings.Join(out, " ")
	}
	used := New(Options{Playouts: 40, Seed: 3, Resign: false})
	play(used)
	used.Reseed(11)
	if got, want := play(used), play(New(Options{Playouts: 40, Seed: 11, Resign: false})); got != want {
		t.Errorf("reseeded: %s, new: %s", got, want)
	}
}

// TestStopEarlySameMove: a search that stops once its move is decided
// chooses the move the whole search chooses (one thread, the same seed),
// from the start and from random positions part-way through each game,
// and some of the searches do stop early.
func TestStopEarlySameMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	saved, searches := 0, 0
	for _, c := range []struct{ rules, board string }{{"go", "9x9"}, {"keil", "hex:4"}, {"kee players=3", "5x5"}, {"ki", "7x7"}} {
		for i := 0; i < 6; i++ {
			s := start(t, c.rules, c.board)
			for k := rng.IntN(3 * s.Graph().N() / 2); k > 0 && !s.Over(); k-- {
				moves := s.LegalMoves(nil)
				if err := s.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
			if s.Over() {
				continue
			}
			o := DefaultOptions()
			o.Playouts, o.Seed, o.StopEarly = 1500, uint64(i+1), false
			full, err := Search(s, o)
			if err != nil {
				t.Fatal(err)
			}
			o.StopEarly = true
			early, err := Search(s, o)
			if err != nil {
				t.Fatal(err)
			}
			g := s.Graph()
			if early.Best != full.Best || early.Playouts > full.Playouts {
				t.Fatalf("%s %s after %d moves: stopping early chose %s after %d playouts, the whole search %s after %d",
					c.rules, c.board, len(s.History()), early.Best.Format(g), early.Playouts, full.Best.Format(g), full.Playouts)
			}
			saved += full.Playouts - early.Playouts
			searches++
		}
	}
	if saved == 0 {
		t.Fatalf("no search of %d stopped early", searches)
	}
	t.Logf("%d searches of 1500 playouts: %d playouts saved (%.0f%%)", searches, saved, 100*float64(saved)/float64(1500*searches))
}

// TestDecidedUnderTime: under a time limit the playouts left are those
// the speed so far fits in the time left: 1000 playouts in the first
// second of two leave about 1000, so a lead of 1100 visits decides and a
// lead of 900 does not.
func TestDecidedUnderTime(t *testing.T) {
	for _, c := range []struct {
		lead int64
		want bool
	}{{1100, true}, {900, false}} {
		now := time.Now()
		tr := &tree{limit: math.MaxInt64, begin: now.Add(-time.Second), deadline: now.Add(time.Second)}
		tr.done.Store(1000)
		a, b := newNode(game.PassMove, board.Black, float64(c.lead+50), 0), newNode(game.PassMove, board.Black, 50, 0)
		tr.root = &node{}
		kids := []*node{b, a}
		tr.root.children.Store(&kids)
		if got := tr.decided(); got != c.want {
			t.Errorf("lead %d after 1000 playouts in 1 s of 2: decided %v, want %v", c.lead, got, c.want)
		}
	}
}

// TestEstimateBlack: the estimate is from Black's side whoever is to
// move: after Black takes the centre of 5x5 (komi 0), Black is ahead, and
// the centre stone counts mostly for Black, with White to move and with
// Black.
func TestEstimateBlack(t *testing.T) {
	for _, moves := range []string{"c3", "c3 pass"} {
		s := start(t, "go komi=0", "5x5", moves)
		est, err := EstimateBlack(s, 2000)
		if err != nil {
			t.Fatal(err)
		}
		c3, _ := s.Graph().Point("c3")
		if est.WinRate <= 0.5 || est.Margin <= 0 || est.Ownership[c3] < 0.5 || len(est.Ownership) != 25 {
			t.Errorf("after %s: Black's win rate %.2f, margin %.1f, c3 owned %.2f", moves, est.WinRate, est.Margin, est.Ownership[c3])
		}
	}
}

// TestHasTactics: the games whose fast board has a tactical policy that
// serves them, as Options.Heavy documents.
func TestHasTactics(t *testing.T) {
	for _, c := range []struct {
		rules, board string
		want         bool
	}{
		{"go", "9x9", true},             // SquareBoard
		{"go", "hex:4", true},           // GoBoard, two players
		{"kee", "torus:5x5", true},      // GoBoard, two players
		{"kee players=3", "7x7", false}, // GoBoard, three players: light only
		{"kee players=4", "hex:4", false},
		{"keil", "hex:5", true}, // HexKeilBoard
		{"keil-2019", "hex:3", true},
		{"keil", "5x5", false}, // KeilBoard off the hexhex: light only
		{"ki", "11x11", true},  // KiBoard
	} {
		s := start(t, c.rules, c.board)
		if got := HasTactics(s.Rules(), s.Graph()); got != c.want {
			t.Errorf("%s on %s: HasTactics %v, want %v", c.rules, c.board, got, c.want)
		}
	}
}

// TestCandidateWinRatesArePlayouts: a candidate's win rate is that of its
// own playouts, without the prior's games: every playout goes through one
// root move, so the candidates' wins add up to the root's, and with two
// players a move's wins are a whole number of half games. A move no
// playout went through has no win rate (NaN).
func TestCandidateWinRatesArePlayouts(t *testing.T) {
	for _, c := range []struct {
		rules, board string
		moves        []string
	}{
		{"go", "5x5", nil},
		{"go", "5x5", []string{"c3", "b3"}},
		{"go komi=7", "7x7", []string{"d4"}},
	} {
		s := start(t, c.rules, c.board, c.moves...)
		a, err := Search(s, Options{Playouts: 400, Threads: 1, StopEarly: false})
		if err != nil {
			t.Fatal(err)
		}
		var wins float64
		unvisited := 0
		for _, k := range a.Candidates {
			name := k.Move.Format(s.Graph())
			if k.Visits == 0 {
				unvisited++
				if !math.IsNaN(k.WinRate) {
					t.Errorf("%s %v: %s has no playouts but win rate %v", c.board, c.moves, name, k.WinRate)
				}
				continue
			}
			if k.WinRate < 0 || k.WinRate > 1 {
				t.Errorf("%s %v: %s win rate %v", c.board, c.moves, name, k.WinRate)
			}
			halves := k.WinRate * float64(k.Visits) * 2
			if math.Abs(halves-math.Round(halves)) > 1e-6 {
				t.Errorf("%s %v: %s: win rate %.4f over %d playouts is not a count of half games", c.board, c.moves, name, k.WinRate, k.Visits)
			}
			wins += k.WinRate * float64(k.Visits)
		}
		if root := a.WinRate * float64(a.Playouts); math.Abs(wins-root) > 1e-6 {
			t.Errorf("%s %v: the candidates won %.2f playouts, the root %.2f", c.board, c.moves, wins, root)
		}
		if unvisited == 0 {
			t.Logf("%s %v: every move was visited", c.board, c.moves)
		}
	}
}

// TestStopAndReport: a search reports its analysis so far while it runs,
// and stops early when Stop is closed.
func TestStopAndReport(t *testing.T) {
	s := start(t, "go", "7x7")
	stop := make(chan struct{})
	var reports []Analysis
	o := Options{Playouts: 50_000_000, Threads: 2, StopEarly: false, Stop: stop, ReportEvery: time.Millisecond,
		Report: func(a Analysis) {
			reports = append(reports, a)
			if len(reports) == 3 {
				close(stop)
			}
		}}
	a, err := Search(s, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) < 3 || a.Playouts >= o.Playouts {
		t.Fatalf("%d reports, %d playouts", len(reports), a.Playouts)
	}
	for i, r := range reports {
		if len(r.Candidates) == 0 || len(r.Ownership) != 49 || (i > 0 && r.Playouts < reports[i-1].Playouts) {
			t.Errorf("report %d: %d candidates, %d playouts", i, len(r.Candidates), r.Playouts)
		}
	}
	if a.Playouts < reports[2].Playouts {
		t.Errorf("final analysis has %d playouts, the last report %d", a.Playouts, reports[2].Playouts)
	}
}

// TestThreadsMatchPlayer plays a few moves with the player of the
// two-thread matches against Pachi (9x9 Go tuned, moggy's shapes, the kept
// tree, two threads sharing one tree): each move legal, no search over
// its budget (but a playout a thread under way as it ran out), and the
// root's children holding at least the playouts of their search (the kept
// tree adds its own). scripts/test runs it under the race detector too,
// which is what checks the lockless tree.
func TestThreadsMatchPlayer(t *testing.T) {
	s := start(t, "go komi=7.5", "9x9")
	o := DefaultOptions()
	o.Tuned, o.Threads, o.Playouts = true, 2, 3000
	o.Tactics = playout.Tactics{MoggyShapes: true}
	p := New(o.In(s.Rules(), s.Graph())) // the options tuned for 9x9 Go, so that Name shows them
	for _, want := range []string{"moggy shapes", "learned priors", "tree kept", "2 threads"} {
		if !strings.Contains(p.Name(), want) {
			t.Fatalf("player %q is not the match's: no %q", p.Name(), want)
		}
	}
	for i := 0; i < 6; i++ {
		m, err := p.Genmove(s)
		if err != nil {
			t.Fatal(err)
		}
		a := p.Last()
		visits := 0
		for _, k := range a.Candidates {
			visits += k.Visits
		}
		// Each thread looks at the count before its playout and adds to it
		// after, so the last playouts of the threads may pass the budget by
		// one each but the first's.
		if a.Playouts < 1 || a.Playouts > o.Playouts+o.Threads-1 || visits < a.Playouts-2 {
			t.Fatalf("move %d: %d playouts, %d visits in the candidates", i+1, a.Playouts, visits)
		}
		if err := s.Play(m); err != nil {
			t.Fatalf("move %d: %s: %v", i+1, m.Format(s.Graph()), err)
		}
	}
}
