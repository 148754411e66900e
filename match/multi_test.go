package match_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"syscall"
	"testing"
	"time"

	"moku/board"
	"moku/catalog"
	"moku/match"
)

// kee3 is Kee with three players on a tiny board.
var kee3 = catalog.Config{Rules: "kee", Board: "5x5", Overrides: []string{"players=3"}}

func keeEngine(args string) string { return moku + " gtp --game kee --players 3 " + args }

// checkMulti replays every saved game and checks it against the summary:
// the seats, the players' names, and the places (from the replayed count
// when no engine forfeited).
func checkMulti(t *testing.T, sum *match.MultiSummary, want int) {
	t.Helper()
	if len(sum.Games) != want {
		t.Fatalf("%d games, want %d", len(sum.Games), want)
	}
	for _, g := range sum.Games {
		rec, s := replaySaved(t, g.File, g.Result)
		seats := match.Seats(g.Number, len(sum.Names))
		if fmt.Sprint(seats) != fmt.Sprint(g.Seats) {
			t.Errorf("game %d: seats %v, want %v", g.Number, g.Seats, seats)
		}
		for k, i := range g.Seats {
			c := board.Color(k + 1)
			if p, _ := rec.Get("P" + c.Letter()); !strings.Contains(p, fmt.Sprintf("(engine %d: ", i+1)) {
				t.Errorf("%s: P%s[%s], want engine %d", g.File, c.Letter(), p, i+1)
			}
		}
		if g.Forfeit < 0 {
			rank := s.Result().Rank()
			for k, i := range g.Seats {
				if g.Ranks[i] != rank[k+1] {
					t.Errorf("game %d: engine %d placed %d, the replayed game says %d", g.Number, i+1, g.Ranks[i], rank[k+1])
				}
			}
			if s.Over() && s.Result().String() != g.Result {
				t.Errorf("game %d: replayed result %s, summary %s", g.Number, s.Result(), g.Result)
			}
		}
		var points, places float64
		for i := range sum.Names {
			points += g.Points(i)
			places += g.Place(i)
		}
		if math.Abs(points-1) > 1e-9 || math.Abs(places-6) > 1e-9 {
			t.Errorf("game %d (ranks %v): points sum to %v, places to %v", g.Number, g.Ranks, points, places)
		}
	}
}

func TestSeats(t *testing.T) {
	for _, p := range []int{3, 4} {
		fact := 1
		for k := 2; k <= p; k++ {
			fact *= k
		}
		seen := map[string]bool{}
		for n := 1; n <= fact; n++ {
			seats := match.Seats(n, p)
			seen[fmt.Sprint(seats)] = true
			if n%p == 0 {
				// The last p games: every engine played every colour once.
				for c := 0; c < p; c++ {
					engines := map[int]bool{}
					for m := n - p + 1; m <= n; m++ {
						engines[match.Seats(m, p)[c]] = true
					}
					if len(engines) != p {
						t.Errorf("%d players, games %d-%d: colour %d played by %v", p, n-p+1, n, c+1, engines)
					}
				}
			}
		}
		if len(seen) != fact {
			t.Errorf("%d players: %d different seatings in %d games, want all %d", p, len(seen), fact, fact)
		}
	}
}

// TestThreeEngines plays a short Kee match between a random player and two
// MCTS players (moku gtp processes).
func TestThreeEngines(t *testing.T) {
	dir := t.TempDir()
	var progress strings.Builder
	sum, err := match.RunMulti(context.Background(), match.MultiConfig{
		Engines: []string{keeEngine("--player random --seed 5"), keeEngine("--playouts 30"), keeEngine("--playouts 100")},
		Games:   3, Dir: dir, Move: 10 * time.Second, Game: kee3, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	checkMulti(t, sum, 3)
	for _, g := range sum.Games {
		if g.Forfeit >= 0 {
			t.Errorf("game %d forfeited: %s", g.Number, g.Reason)
		}
	}
	// Three games: each engine played each colour once.
	for i := 0; i < 3; i++ {
		colours := map[int]bool{}
		for _, g := range sum.Games {
			for k, e := range g.Seats {
				if e == i {
					colours[k] = true
				}
			}
		}
		if len(colours) != 3 {
			t.Errorf("engine %d played colours %v", i+1, colours)
		}
	}
	if !strings.Contains(progress.String(), "3/3 games") {
		t.Errorf("progress: %q", progress.String())
	}
	if s := sum.String(); !strings.Contains(s, "engine 3: average place") || !strings.Contains(s, "points a game") {
		t.Errorf("summary:\n%s", s)
	}
}

// TestMultiKilledEngine kills an engine in the middle of the first game: it
// is placed last, the game is saved, and the match goes on with the engine
// restarted.
func TestMultiKilledEngine(t *testing.T) {
	dir := t.TempDir()
	killed := 0
	sum, err := match.RunMulti(context.Background(), match.MultiConfig{
		Engines: []string{keeEngine("--player random"), keeEngine("--player random --seed 2"), keeEngine("--player random --seed 3")},
		Games:   2, Dir: dir, Move: 10 * time.Second, Game: kee3,
		OnMove: func(game, moves int, pids []int) {
			if game == 1 && moves == 4 {
				killed = pids[1]
				syscall.Kill(pids[1], syscall.SIGKILL)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if killed == 0 {
		t.Fatal("the engine was never killed")
	}
	checkMulti(t, sum, 2)
	g := sum.Games[0]
	// Game 1 seats engine 1 on black, 2 on white, 3 on red.
	if g.Forfeit != 1 || g.Ranks[1] != 3 || !strings.Contains(g.Reason, "engine 2 (white) crashed") ||
		!strings.HasSuffix(g.Result, "3. white forfeit") || g.Points(1) != 0 {
		t.Errorf("game 1: %+v", g)
	}
	if g.Ranks[0] == 3 || g.Ranks[2] == 3 {
		t.Errorf("game 1: the others placed %d and %d, behind the forfeit", g.Ranks[0], g.Ranks[2])
	}
	if g := sum.Games[1]; g.Forfeit >= 0 {
		t.Errorf("game 2 (restarted engine): %+v", g)
	}
	if !strings.Contains(sum.String(), "game 1: engine 2 forfeited: engine 2 (white) crashed") {
		t.Errorf("summary:\n%s", sum)
	}
}

// TestMultiHungAndIllegal: an engine stopped with SIGSTOP forfeits on the
// time limit; an engine that always answers a1 forfeits when a1 is taken.
func TestMultiHungAndIllegal(t *testing.T) {
	dir := t.TempDir()
	a1 := `sh -c 'while read cmd; do case "$cmd" in genmove*) printf "= a1\n\n";; "known_command gogui-rules_game_id") printf "= true\n\n";; gogui-rules_game_id) printf "= kee\n\n";; *) printf "= \n\n";; esac; done'`
	sum, err := match.RunMulti(context.Background(), match.MultiConfig{
		Engines: []string{a1, keeEngine("--player random"), keeEngine("--player random --seed 7")},
		Games:   2, Dir: dir, Move: 3 * time.Second, Game: kee3,
		OnMove: func(game, moves int, pids []int) {
			if game == 2 && moves == 1 {
				stop(t, pids[2]) // engine 3, white in game 2
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	checkMulti(t, sum, 2)
	if g := sum.Games[0]; g.Forfeit != 0 || !strings.Contains(g.Reason, "engine 1 (black) played a1") || g.Ranks[0] != 3 {
		t.Errorf("game 1: %+v", g)
	}
	// Game 2 seats engine 2 on black, 3 on white (stopped before its first move), 1 on red.
	if g := sum.Games[1]; g.Forfeit != 2 || !strings.Contains(g.Reason, "engine 3 (white) did not answer") || g.Ranks[2] != 3 {
		t.Errorf("game 2: %+v", g)
	}
}

// TestMultiResume interrupts a match in its second game and runs it again.
func TestMultiResume(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cfg := match.MultiConfig{
		Engines: []string{keeEngine("--player random"), keeEngine("--player random --seed 2"), keeEngine("--player random --seed 3")},
		Games:   3, Dir: dir, Move: 10 * time.Second, Game: kee3,
		OnMove: func(game, moves int, pids []int) {
			if game == 2 && moves == 2 {
				cancel()
			}
		}}
	sum, err := match.RunMulti(ctx, cfg)
	if !errors.Is(err, context.Canceled) || len(sum.Games) != 1 {
		t.Fatalf("interrupted run: %v, %d games", err, len(sum.Games))
	}
	first := sum.Games[0]
	var played []int
	cfg.OnMove = func(game, moves int, pids []int) {
		if moves == 1 {
			played = append(played, game)
		}
	}
	sum, err = match.RunMulti(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkMulti(t, sum, 3)
	if fmt.Sprint(played) != "[2 3]" {
		t.Errorf("resumed run played games %v, want [2 3]", played)
	}
	if g := sum.Games[0]; fmt.Sprint(g) != fmt.Sprint(first) {
		t.Errorf("game 1 loaded as %+v, was %+v", g, first)
	}
	other := cfg
	other.Engines = append([]string{keeEngine("--player random --seed 9")}, cfg.Engines[1:]...)
	if _, err := match.RunMulti(context.Background(), other); err == nil || !strings.Contains(err.Error(), "a game of another match (engine 1 is now") {
		t.Errorf("other engines: got %v", err)
	}
	cfg.Game.Board = "6x6"
	if _, err := match.RunMulti(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "a game of another match") {
		t.Errorf("another board: got %v", err)
	}
	cfg.Game.Board = "5x5"
	cfg.Engines = cfg.Engines[:2]
	if _, err := match.RunMulti(context.Background(), cfg); err == nil {
		t.Error("two engines for three players accepted")
	}
}

func TestMultiStatistics(t *testing.T) {
	sum := &match.MultiSummary{Names: []string{"a", "b", "c"}}
	for n := 1; n <= 10; n++ {
		ranks := []int{1, 2, 2} // a first, b and c tied second
		if n > 7 {
			ranks = []int{2, 1, 3}
		}
		sum.Games = append(sum.Games, match.MultiGame{Number: n, Ranks: ranks, Forfeit: -1})
	}
	// a: 7 wins of 10, Wilson's interval 0.3968 to 0.8922.
	if p, lo, hi := sum.Points(0); p != 0.7 || math.Abs(lo-0.3968) > 1e-3 || math.Abs(hi-0.8922) > 1e-3 {
		t.Errorf("a's points %v (%v, %v)", p, lo, hi)
	}
	// a's places: 1 seven times, 2 three times: 1.3, the interval scaled to 1..3.
	if p, lo, hi := sum.Place(0); math.Abs(p-1.3) > 1e-9 || lo < 1 || hi > 3 || lo >= p || hi <= p {
		t.Errorf("a's place %v (%v, %v)", p, lo, hi)
	}
	// c never wins: the interval still has width (Wilson: 0 to 0.2775).
	if p, lo, hi := sum.Points(2); p != 0 || lo != 0 || math.Abs(hi-0.2775) > 1e-3 {
		t.Errorf("c's points %v (%v, %v)", p, lo, hi)
	}
	// b: 2.5 seven times, 1 three times.
	if p, _, _ := sum.Place(1); math.Abs(p-(7*2.5+3)/10) > 1e-9 {
		t.Errorf("b's place %v", p)
	}
}

// TestRulesMismatch: an engine started for another ruleset (two players
// in a three-player match, or another komi in a two-player one) is
// refused before the first game, and the match stops with a clear error.
func TestRulesMismatch(t *testing.T) {
	_, err := match.RunMulti(context.Background(), match.MultiConfig{
		Engines: []string{keeEngine("--player random"), keeEngine("--player random"), moku + " gtp --game kee --player random"},
		Games:   1, Dir: t.TempDir(), Move: 10 * time.Second, Game: kee3})
	if err == nil || !strings.Contains(err.Error(), "engine 3") || !strings.Contains(err.Error(), "players=2") {
		t.Errorf("three-player match with a two-player engine: %v", err)
	}
	_, err = match.Run(context.Background(), match.Config{
		Engines: [2]string{moku + " gtp --rules go-simple --player random", moku + " gtp --rules go --player random"},
		Games:   1, Dir: t.TempDir(), Move: 10 * time.Second,
		Game: catalog.Config{Rules: "go-simple", Board: "5x5"}})
	if err == nil || !strings.Contains(err.Error(), "engine 2") || !strings.Contains(err.Error(), "ko=positional") {
		t.Errorf("go-simple match with a go engine: %v", err)
	}
}

// TestResumeSeeds: a match interrupted in game 2 and resumed plays games 2
// and 3 move for move as an unbroken match does (the referee seeds moku
// engines per game with moku-seed), and its games are not replays of
// game 1, though every engine is started with the same command line.
func TestResumeSeeds(t *testing.T) {
	moves := func(g match.MultiGame) string {
		t.Helper()
		_, s := replaySaved(t, g.File, g.Result)
		var out []string
		for _, h := range s.History() {
			out = append(out, h.Move.Format(s.Graph()))
		}
		return strings.Join(out, " ")
	}
	engines := []string{keeEngine("--player random"), keeEngine("--player random"), keeEngine("--playouts 30")}
	whole := match.MultiConfig{Engines: engines, Games: 3, Dir: t.TempDir(), Move: 10 * time.Second, Game: kee3, Seed: 4}
	sum, err := match.RunMulti(context.Background(), whole)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, g := range sum.Games {
		want = append(want, moves(g))
	}
	if want[0] == want[1] || want[1] == want[2] {
		t.Fatalf("games repeat one another:\n%s", strings.Join(want, "\n"))
	}
	ctx, cancel := context.WithCancel(context.Background())
	broken := whole
	broken.Dir = t.TempDir()
	broken.OnMove = func(game, n int, _ []int) {
		if game == 2 && n == 3 {
			cancel()
		}
	}
	if _, err := match.RunMulti(ctx, broken); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v", err)
	}
	broken.OnMove = nil
	sum, err = match.RunMulti(context.Background(), broken)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range sum.Games {
		if got := moves(g); got != want[i] {
			t.Errorf("game %d resumed: %s\nunbroken: %s", i+1, got, want[i])
		}
	}
}
