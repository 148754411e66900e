package match_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"moku/catalog"
	"moku/game"
	"moku/match"
	"moku/record"
)

var (
	gnugo = "gnugo --mode gtp --level 1"
	moku  string // a moku binary built for the tests
)

func TestMain(m *testing.M) {
	path, err := exec.LookPath("gnugo")
	if err != nil {
		path = "/usr/games/gnugo"
	}
	if _, err := os.Stat(path); err != nil {
		// The tests need GNU Go: scripts/test installs it. Fail, never skip.
		println("match tests: GNU Go is not installed (apt-get install gnugo, or run scripts/test)")
		os.Exit(1)
	}
	gnugo = path + " --mode gtp --level 1"
	dir, err := os.MkdirTemp("", "moku-match-test")
	if err != nil {
		panic(err)
	}
	moku = filepath.Join(dir, "moku")
	if out, err := exec.Command("go", "build", "-o", moku, "moku/cmd/moku").CombinedOutput(); err != nil {
		println("building moku:", string(out))
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// checkSaved replays every saved game and checks its result and players.
func checkSaved(t *testing.T, sum *match.Summary, want int) {
	t.Helper()
	if len(sum.Games) != want {
		t.Fatalf("%d games, want %d", len(sum.Games), want)
	}
	for _, g := range sum.Games {
		rec, s := replaySaved(t, g.File, g.Result)
		re, _ := rec.Get("RE")
		if !strings.HasSuffix(re, "+F") && s.Over() && s.Result().String() != re {
			t.Errorf("%s: replayed result %s, RE[%s]", g.File, s.Result(), re)
		}
		if pb, _ := rec.Get("PB"); !strings.Contains(pb, "engine") {
			t.Errorf("%s: PB[%s]", g.File, pb)
		}
	}
}

// replaySaved reads the record of a game saved in file, checks that its RE
// is result, the summary's, and replays it.
func replaySaved(t *testing.T, file, result string) (*record.Record, game.State) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := record.ReadSGF(data)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	s, err := recs[0].Replay()
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if re, _ := recs[0].Get("RE"); re != result {
		t.Errorf("%s: RE[%s], summary says %s", file, re, result)
	}
	return recs[0], s
}

func TestGnuGoAgainstItself(t *testing.T) {
	dir := t.TempDir()
	var progress strings.Builder
	sum, err := match.Run(context.Background(), match.Config{
		Engines: [2]string{gnugo, gnugo}, Games: 2, Dir: dir, Move: 10 * time.Second,
		Game: catalog.Config{Rules: "go-simple", Board: "5x5", Overrides: []string{"komi=0.5"}}, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	checkSaved(t, sum, 2)
	// Colours alternate: the same engine wins with the same colour.
	if sum.Games[0].Black != 0 || sum.Games[1].Black != 1 {
		t.Errorf("colours did not alternate: %+v", sum.Games)
	}
	if !strings.Contains(progress.String(), "2/2 games") {
		t.Errorf("progress: %q", progress.String())
	}
	if s := sum.String(); !strings.Contains(s, "win rate") || !strings.Contains(s, "Elo difference") {
		t.Errorf("summary:\n%s", s)
	}
}

func TestRandomAgainstGnuGo(t *testing.T) {
	dir := t.TempDir()
	sum, err := match.Run(context.Background(), match.Config{
		Engines: [2]string{moku + " gtp --rules go-simple --seed 3", gnugo}, Games: 2, Dir: dir, Move: 10 * time.Second,
		Game: catalog.Config{Rules: "go-simple", Board: "5x5"}})
	if err != nil {
		t.Fatal(err)
	}
	checkSaved(t, sum, 2)
	for _, g := range sum.Games {
		if strings.HasSuffix(g.Result, "+F") {
			t.Errorf("game %d forfeited: %s", g.Number, g.Reason)
		}
	}
}

// TestKilledEngine kills an engine in the middle of the first game: that
// engine loses it, and the match goes on with a restarted engine.
func TestKilledEngine(t *testing.T) {
	dir := t.TempDir()
	killed := 0
	sum, err := match.Run(context.Background(), match.Config{
		Engines: [2]string{gnugo, moku + " gtp --rules go-simple"}, Games: 2, Dir: dir, Move: 10 * time.Second,
		Game: catalog.Config{Rules: "go-simple", Board: "5x5"},
		OnMove: func(game, moves int, pids [2]int) {
			if game == 1 && moves == 4 {
				killed = pids[1] // White: moku
				syscall.Kill(pids[1], syscall.SIGKILL)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if killed == 0 {
		t.Fatal("the engine was never killed")
	}
	checkSaved(t, sum, 2)
	g := sum.Games[0]
	if g.Result != "B+F" || g.Winner != 0 || !strings.Contains(g.Reason, "engine 2 (white) crashed") {
		t.Errorf("game 1: %+v", g)
	}
	if g := sum.Games[1]; strings.HasSuffix(g.Result, "+F") {
		t.Errorf("game 2 (restarted engine): %+v", g)
	}
	if !strings.Contains(sum.String(), "game 1: B+F by forfeit: engine 2 (white) crashed") {
		t.Errorf("summary:\n%s", sum)
	}
}

// TestHungEngine stops an engine (SIGSTOP) mid-game: the referee's time
// limit scores the game as its loss and the match goes on. (moku searches
// only 200 playouts a move here, and the limit is 8 s, so that neither
// engine's honest moves come near it on a machine starved by other work:
// at 3 s the test failed so beside four matches.)
func TestHungEngine(t *testing.T) {
	dir := t.TempDir()
	sum, err := match.Run(context.Background(), match.Config{
		Engines: [2]string{moku + " gtp --rules go-simple --playouts 200", gnugo}, Games: 2, Dir: dir, Move: 8 * time.Second,
		Game: catalog.Config{Rules: "go-simple", Board: "5x5"},
		OnMove: func(game, moves int, pids [2]int) {
			if game == 1 && moves == 3 {
				stop(t, pids[1]) // White: gnugo
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	checkSaved(t, sum, 2)
	if g := sum.Games[0]; g.Result != "B+F" || !strings.Contains(g.Reason, "engine 2 (white) did not answer") {
		t.Errorf("game 1: %+v", g)
	}
	if g := sum.Games[1]; strings.HasSuffix(g.Result, "+F") {
		t.Errorf("game 2: %+v", g)
	}
}

// TestIllegalMove: an engine (a shell loop) that answers every genmove with
// a1 loses as soon as a1 is taken.
func TestIllegalMove(t *testing.T) {
	dir := t.TempDir()
	a1 := `sh -c 'while read cmd; do case "$cmd" in genmove*) printf "= a1\n\n";; *) printf "= \n\n";; esac; done'`
	sum, err := match.Run(context.Background(), match.Config{
		Engines: [2]string{a1, gnugo}, Games: 1, Dir: dir, Move: 10 * time.Second,
		Game: catalog.Config{Rules: "go-simple", Board: "5x5"}})
	if err != nil {
		t.Fatal(err)
	}
	checkSaved(t, sum, 1)
	if g := sum.Games[0]; g.Result != "W+F" || !strings.Contains(g.Reason, "engine 1 (black) played a1: illegal move a1") {
		t.Errorf("%+v", g)
	}
}

// TestResume interrupts a match in its second game and runs it again: the
// saved game is kept, the interrupted one played again.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cfg := match.Config{Engines: [2]string{gnugo, moku + " gtp --rules go-simple"}, Games: 3, Dir: dir,
		Move: 10 * time.Second, Game: catalog.Config{Rules: "go-simple", Board: "5x5"},
		OnMove: func(game, moves int, pids [2]int) {
			if game == 2 && moves == 2 {
				cancel()
			}
		}}
	sum, err := match.Run(ctx, cfg)
	if !errors.Is(err, context.Canceled) || len(sum.Games) != 1 {
		t.Fatalf("interrupted run: %v, %d games", err, len(sum.Games))
	}
	saved, _ := match.Saved(dir)
	if len(saved) != 1 {
		t.Fatalf("saved %v", saved)
	}
	first, _ := os.ReadFile(saved[0])
	var played []int
	cfg.OnMove = func(game, moves int, pids [2]int) {
		if moves == 1 {
			played = append(played, game)
		}
	}
	sum, err = match.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkSaved(t, sum, 3)
	if len(played) != 2 || played[0] != 2 || played[1] != 3 {
		t.Errorf("resumed run played games %v, want [2 3]", played)
	}
	if again, _ := os.ReadFile(saved[0]); string(again) != string(first) {
		t.Errorf("game 1 was rewritten")
	}
	// Another match's directory is refused.
	cfg.Game.Board = "7x7"
	if _, err := match.Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "a game of another match") {
		t.Errorf("got %v", err)
	}
}

func TestStatistics(t *testing.T) {
	sum := &match.Summary{}
	for i := 0; i < 10; i++ {
		w := 1
		if i < 7 {
			w = 0
		}
		sum.Games = append(sum.Games, match.Game{Number: i + 1, Winner: w})
	}
	p, lo, hi := sum.Rate()
	// Wilson interval for 7 of 10: 0.3968 to 0.8922.
	if p != 0.7 || math.Abs(lo-0.3968) > 1e-3 || math.Abs(hi-0.8922) > 1e-3 {
		t.Errorf("rate %v (%v, %v)", p, lo, hi)
	}
	if e := match.Elo(0.75); math.Abs(e-190.85) > 0.01 {
		t.Errorf("Elo(0.75) = %v", e)
	}
	if !math.IsInf(match.Elo(1), 1) || match.Elo(0.5) != 0 {
		t.Errorf("Elo at the ends")
	}
}

func TestSplitCommand(t *testing.T) {
	got, err := match.SplitCommand(`gnugo --mode gtp "a b" 'c\d' e\ f`)
	want := []string{"gnugo", "--mode", "gtp", "a b", `c\d`, "e f"}
	if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, %v", got, err)
	}
	if _, err := match.SplitCommand(`a "b`); err == nil {
		t.Error("unterminated quote accepted")
	}
}

// TestRefusedMove: an engine that refuses a legal move forfeits the game.
// The records of a two-engine match name the move alone, those of a match
// of more engines the colour that played it too.
func TestRefusedMove(t *testing.T) {
	refuse := `sh -c 'while read cmd; do case "$cmd" in genmove*) printf "= pass\n\n";; play*) printf "? nope\n\n";; "known_command gogui-rules_game_id") printf "= true\n\n";; gogui-rules_game_id) printf "= kee\n\n";; *) printf "= \n\n";; esac; done'`
	for _, tc := range []struct {
		name string
		run  func(t *testing.T, dir string) (reason string, err error)
		want string // the reason, as a regular expression
	}{
		{"two engines", func(t *testing.T, dir string) (string, error) {
			sum, err := match.Run(context.Background(), match.Config{
				Engines: [2]string{moku + " gtp --rules go-simple --player random --seed 3", refuse}, Games: 1, Dir: dir,
				Move: 10 * time.Second, Game: catalog.Config{Rules: "go-simple", Board: "5x5"}})
			if err != nil {
				return "", err
			}
			checkSaved(t, sum, 1)
			return sum.Games[0].Reason, nil
		}, `^engine 2 \(white\) refused the legal move [a-e][1-5]: nope$`},
		{"three engines", func(t *testing.T, dir string) (string, error) {
			sum, err := match.RunMulti(context.Background(), match.MultiConfig{
				Engines: []string{refuse, keeEngine("--player random --seed 5"), keeEngine("--player random --seed 6")},
				Games:   1, Dir: dir, Move: 10 * time.Second, Game: kee3})
			if err != nil {
				return "", err
			}
			checkMulti(t, sum, 1)
			return sum.Games[0].Reason, nil
		}, `^engine 1 \(black\) refused the legal move white ([a-e][1-5]|pass): nope$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reason, err := tc.run(t, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if !regexp.MustCompile(tc.want).MatchString(reason) {
				t.Errorf("forfeit: %q, want %s", reason, tc.want)
			}
		})
	}
}

// stop stops process pid with SIGSTOP and waits until every one of its
// threads has stopped. kill(2) returns before that: the stop begins when
// the thread the signal was given to next runs, and until then another
// thread (one woken by a command on its standard input) can still read
// the command and answer it, which made the hung-engine tests flaky on a
// loaded machine.
func stop(t *testing.T, pid int) {
	t.Helper()
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatalf("stopping %d: %v", pid, err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/stat", pid))
		if err != nil || len(tasks) == 0 {
			t.Fatalf("stopping %d: no threads in /proc (%v)", pid, err)
		}
		stopped := 0
		for _, f := range tasks {
			b, err := os.ReadFile(f)
			// The state follows the command name in parentheses.
			if i := bytes.LastIndexByte(b, ')'); err == nil && i >= 0 && i+2 < len(b) && (b[i+2] == 'T' || b[i+2] == 't') {
				stopped++
			}
		}
		if stopped == len(tasks) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("process %d: %d of %d threads stopped after 10 s", pid, stopped, len(tasks))
		}
		time.Sleep(time.Millisecond)
	}
}

// TestCPUTimes: on Linux every game's record has the CPU time each
// engine used (MKCPUB, MKCPUW), a searching engine's more than nothing,
// and a resumed match reads the same times back from the records.
func TestCPUTimes(t *testing.T) {
	dir := t.TempDir()
	cfg := match.Config{Engines: [2]string{moku + " gtp --rules go-simple --playouts 4000 --stop-early=false --resign=false", gnugo}, Games: 2, Dir: dir,
		Move: 20 * time.Second, Game: catalog.Config{Rules: "go-simple", Board: "5x5"}}
	sum, err := match.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkSaved(t, sum, 2)
	if runtime.GOOS != "linux" {
		for _, g := range sum.Games {
			if g.CPU != [2]time.Duration{-1, -1} {
				t.Errorf("game %d: CPU %v where it cannot be read", g.Number, g.CPU)
			}
		}
		return
	}
	for _, g := range sum.Games {
		rec, _ := replaySaved(t, g.File, g.Result)
		for _, id := range []string{"MKCPUB", "MKCPUW"} {
			if v, ok := rec.Get(id); !ok || v == "" {
				t.Errorf("%s: no %s", g.File, id)
			}
		}
		if g.CPU[0] <= 0 || g.CPU[1] < 0 {
			t.Errorf("game %d: CPU %v, want moku's above 0 and GNU Go's known", g.Number, g.CPU)
		}
		if g.Moves[0] == 0 || g.Moves[1] == 0 || g.Moves[0]+g.Moves[1] != len(rec.Moves) {
			t.Errorf("game %d: moves %v of %d", g.Number, g.Moves, len(rec.Moves))
		}
	}
	if _, games := sum.CPUPerMove(); games != 2 || !strings.Contains(sum.String(), "CPU a move: engine 1 ") {
		t.Errorf("%d games measured; summary:\n%s", games, sum)
	}
	// All the games are saved: running the match again reads them.
	again, err := match.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range again.Games {
		for e := range g.CPU {
			if d := g.CPU[e] - sum.Games[i].CPU[e]; d < -5*time.Millisecond || d > 5*time.Millisecond || g.Moves[e] != sum.Games[i].Moves[e] {
				t.Errorf("game %d, engine %d: read back %v in %d moves, played %v in %d", g.Number, e+1, g.CPU[e], g.Moves[e], sum.Games[i].CPU[e], sum.Games[i].Moves[e])
			}
		}
	}
}

// TestStopBelow: a match with a stopping rule ends before its next game
// at the first count of games, from StopAfter on, whose 95% upper bound
// of engine 1's score is below the rate, and not before; run again it
// plays no game; without the rule it plays on. Random moves against a
// 300-playout search on 5x5, both seeded each game.
func TestStopBelow(t *testing.T) {
	dir := t.TempDir()
	cfg := match.Config{Engines: [2]string{moku + " gtp --rules go-simple --player random", moku + " gtp --rules go-simple --playouts 300"},
		Games: 14, Dir: dir, Seed: 7, Move: 10 * time.Second, Game: catalog.Config{Rules: "go-simple", Board: "5x5"},
		StopBelow: 0.5, StopAfter: 6}
	sum, err := match.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	upper := func(games []match.Game) float64 {
		_, _, hi := (&match.Summary{Games: games}).Rate()
		return hi
	}
	n := len(sum.Games)
	want := cfg.Games
	for k := cfg.StopAfter; k < cfg.Games && k <= n; k++ {
		if upper(sum.Games[:k]) < cfg.StopBelow {
			want = k
			break
		}
	}
	if n != want || n == cfg.Games || sum.Stopped == "" {
		t.Fatalf("stopped after %d of %d games (%q), want %d: engine 1 scored %v", n, cfg.Games, sum.Stopped, want, sum)
	}
	t.Logf("stopped after %d games: %s", n, sum.Stopped)
	if !strings.Contains(sum.String(), "stopped: after "+fmt.Sprint(n)+" games") {
		t.Errorf("summary:\n%s", sum)
	}
	checkSaved(t, sum, n)
	played := 0
	cfg.OnMove = func(game, moves int, pids [2]int) { played++ }
	again, err := match.Run(context.Background(), cfg)
	if err != nil || len(again.Games) != n || played != 0 || again.Stopped != sum.Stopped {
		t.Fatalf("run again: %v, %d games, %d moves played, stopped %q", err, len(again.Games), played, again.Stopped)
	}
	cfg.StopBelow, cfg.Games = 0, n+1
	more, err := match.Run(context.Background(), cfg)
	if err != nil || len(more.Games) != n+1 || more.Stopped != "" {
		t.Fatalf("without the rule: %v, %d games, stopped %q", err, len(more.Games), more.Stopped)
	}
	for _, bad := range []match.Config{{StopBelow: 1.5}, {StopBelow: -0.1}, {StopBelow: 0.5, StopAfter: -1}} {
		bad.Engines, bad.Games, bad.Dir, bad.Game = cfg.Engines, 1, t.TempDir(), cfg.Game
		if _, err := match.Run(context.Background(), bad); err == nil {
			t.Errorf("StopBelow %g StopAfter %d accepted", bad.StopBelow, bad.StopAfter)
		}
	}
}
