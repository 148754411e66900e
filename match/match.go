package match

import (
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/rating"
	"moku/record"
)

// Config describes a match.
type Config struct {
	// Engines are the two command lines. Engine 1 plays Black in odd
	// games and White in even ones (unless Fixed is set: then always Black).
	Engines [2]string
	Fixed   bool
	Games   int
	Game    catalog.Config // the game, board and komi; the referee's rules
	Move    time.Duration  // the time limit for each genmove (0: none)
	// MaxMoves ends a game that has gone on that long; it is then scored
	// as the position stands. 0 means 4 moves a point plus 20.
	MaxMoves int
	Dir      string    // where games are saved (game-0001.sgf, ...)
	Progress io.Writer // progress bar and forfeit notes (nil: none)
	// Seed varies the seeds engines that know moku-seed get before each
	// game (GameSeed).
	Seed uint64
	// OnMove, if set, is called after every move the referee accepts with
	// the game number, the number of moves played and the engines' process
	// ids, Black's first.
	OnMove func(game, moves int, pids [2]int)
	// StopBelow, when above 0, ends the match before its next game once
	// StopAfter games or more are in and the upper end of engine 1's 95%
	// interval (Summary.Rate) is below StopBelow: engine 1 can no longer
	// be shown to score that much (a futility rule, which never ends a
	// match for engine 1's doing well). A resumed match that the rule
	// ended plays no further game. StopAfter 0 means 20.
	StopBelow float64
	StopAfter int
}

// Game is the outcome of one game of a match.
type Game struct {
	Number int
	Black  int    // the engine (0 or 1) that played Black
	Winner int    // the engine that won, or -1 for a draw
	Result string // as SGF's RE: "B+3.5", "W+R", "B+F" (forfeit), "0"
	Reason string // why it ended: "passes", "resignation", or what the forfeiting engine did
	File   string
	// CPU[i] is the CPU time engine i used from the game's first move to
	// its end (its process's user and system time, every thread; Linux
	// only), or -1 where it is unknown; Moves[i] the moves it made.
	CPU   [2]time.Duration
	Moves [2]int
}

// Summary is a match's score.
type Summary struct {
	Names [2]string // the engines' command lines
	Games []Game
	// Stopped says why the match ended before its last game
	// (Config.StopBelow), or is "".
	Stopped string
}

// Score returns engine 0's wins, losses and draws.
func (s *Summary) Score() (wins, losses, draws int) {
	for _, g := range s.Games {
		switch g.Winner {
		case 0:
			wins++
		case 1:
			losses++
		default:
			draws++
		}
	}
	return
}

// Rate returns engine 0's score rate (a draw counts half) with a 95%
// confidence interval (Wilson's score interval).
func (s *Summary) Rate() (p, lo, hi float64) {
	w, l, d := s.Score()
	n := float64(w + l + d)
	if n == 0 {
		return 0.5, 0, 1
	}
	p = (float64(w) + float64(d)/2) / n
	lo, hi = wilson(p, n)
	return p, lo, hi
}

// wilson returns Wilson's 95% score interval for a rate p observed in n
// games.
func wilson(p, n float64) (lo, hi float64) {
	const z = 1.959963984540054
	den := 1 + z*z/n
	center := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return math.Max(0, center-half), math.Min(1, center+half)
}

// Elo returns the Elo difference a score rate p implies (±Inf at 0 and 1).
func Elo(p float64) float64 {
	if p <= 0 {
		return math.Inf(-1)
	}
	if p >= 1 {
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

// String reports the match: the score, the win rate of engine 1 with its
// 95% confidence interval and the Elo difference, and every forfeit.
func (s *Summary) String() string {
	w, l, d := s.Score()
	p, lo, hi := s.Rate()
	var b strings.Builder
	fmt.Fprintf(&b, "engine 1: %s\nengine 2: %s\n", s.Names[0], s.Names[1])
	fmt.Fprintf(&b, "%d games: engine 1 won %d, lost %d, drew %d\n", len(s.Games), w, l, d)
	fmt.Fprintf(&b, "engine 1 win rate %.1f%% (95%% confidence interval %.1f%% to %.1f%%)\n", 100*p, 100*lo, 100*hi)
	fmt.Fprintf(&b, "Elo difference (engine 1 - engine 2): %s (95%% confidence interval %s to %s)\n", rating.Format(Elo(p)), rating.Format(Elo(lo)), rating.Format(Elo(hi)))
	if cpu, games := s.CPUPerMove(); games > 0 {
		fmt.Fprintf(&b, "CPU a move: engine 1 %.3f s, engine 2 %.3f s (%d games measured)\n", cpu[0].Seconds(), cpu[1].Seconds(), games)
	}
	for _, g := range s.Games {
		if note := g.forfeitNote(); note != "" {
			fmt.Fprintln(&b, note)
		}
	}
	if s.Stopped != "" {
		fmt.Fprintf(&b, "stopped: %s\n", s.Stopped)
	}
	return b.String()
}

// CPUPerMove returns each engine's CPU time a move, over the games whose
// record has both engines' times, and the number of those games.
func (s *Summary) CPUPerMove() (cpu [2]time.Duration, games int) {
	var total [2]time.Duration
	var moves [2]int
	for _, g := range s.Games {
		if g.CPU[0] < 0 || g.CPU[1] < 0 {
			continue
		}
		games++
		for i := range total {
			total[i] += g.CPU[i]
			moves[i] += g.Moves[i]
		}
	}
	for i := range cpu {
		if moves[i] > 0 {
			cpu[i] = total[i] / time.Duration(moves[i])
		}
	}
	return cpu, games
}

// Run plays the match, or what remains of it: games already saved in
// cfg.Dir (by an earlier, interrupted run of the same match) are counted,
// not replayed. It returns the summary so far even on error; a cancelled
// ctx (Ctrl-C) stops it after killing the engines, and the game in progress
// is not saved.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	if !(cfg.StopBelow >= 0 && cfg.StopBelow <= 1) || cfg.StopAfter < 0 {
		return nil, fmt.Errorf("a stopping rule of %g after %d games: want a rate from 0 (none) to 1, after 1 game or more (0: 20)", cfg.StopBelow, cfg.StopAfter)
	}
	two := &twoEngines{fixed: cfg.Fixed, sum: Summary{Names: cfg.Engines}, stopBelow: cfg.StopBelow, stopAfter: cfg.StopAfter}
	if two.stopAfter == 0 {
		two.stopAfter = 20
	}
	ref, err := newReferee(cfg.settings(two), func(players int) error {
		if players != 2 {
			return fmt.Errorf("a match is between two engines: %d-player games are not supported", players)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = run(ctx, ref, two)
	return &two.sum, err
}

// settings returns what the referee takes from cfg; two says who plays
// Black in each game.
func (cfg Config) settings(two *twoEngines) settings {
	s := settings{engines: cfg.Engines[:], games: cfg.Games, game: cfg.Game, move: cfg.Move,
		maxMoves: cfg.MaxMoves, dir: cfg.Dir, progress: cfg.Progress, seed: cfg.Seed}
	if cfg.OnMove != nil {
		s.onMove = func(game, moves int, pids []int) {
			seats := two.seats(game)
			cfg.OnMove(game, moves, [2]int{pids[seats[0]], pids[seats[1]]})
		}
	}
	return s
}

// twoEngines is the kind of a two-engine match.
type twoEngines struct {
	fixed     bool // engine 1 always plays Black
	sum       Summary
	stopBelow float64 // Config.StopBelow
	stopAfter int
}

// seats returns who plays game n: engine 1 plays Black in odd games and
// White in even ones, unless the colours are fixed.
func (two *twoEngines) seats(n int) []int {
	if two.fixed || n%2 == 1 {
		return []int{0, 1}
	}
	return []int{1, 0}
}

// load returns game n from rec, its record saved in file.
func (two *twoEngines) load(n int, file string, rec *record.Record) (*Game, error) {
	black, _ := rec.Get("MKBLACK")
	b, err := strconv.Atoi(black)
	if err != nil || b < 1 || b > 2 {
		return nil, fmt.Errorf("%s: MKBLACK[%s]: want 1 or 2, the engine that played Black", file, black)
	}
	re, _ := rec.Get("RE")
	reason, _ := rec.Get("MKEND")
	g := &Game{Number: n, Black: b - 1, Winner: -1, Result: re, Reason: reason, File: file, CPU: [2]time.Duration{-1, -1}}
	engine := [3]int{board.Black: g.Black, board.White: 1 - g.Black}
	for _, c := range []board.Color{board.Black, board.White} {
		if v, ok := rec.Get("MKCPU" + c.Letter()); ok {
			t, err := strconv.ParseFloat(v, 64)
			if err != nil || t < 0 {
				return nil, fmt.Errorf("%s: MKCPU%s[%s]: want the seconds of CPU the engine used", file, c.Letter(), v)
			}
			g.CPU[engine[c]] = time.Duration(t * float64(time.Second))
		}
	}
	for _, m := range rec.Moves {
		if m.Player == board.Black || m.Player == board.White {
			g.Moves[engine[m.Player]]++
		}
	}
	switch {
	case strings.HasPrefix(re, "B+"):
		g.Winner = g.Black
	case strings.HasPrefix(re, "W+"):
		g.Winner = 1 - g.Black
	}
	return g, nil
}

// score returns the outcome of game p: a forfeit is the other engine's win.
func (two *twoEngines) score(p *played) *Game {
	black := p.seats[0]
	g := &Game{Number: p.n, Black: black, Winner: -1, Reason: p.reason, File: p.file, CPU: [2]time.Duration{-1, -1}}
	for k, i := range p.seats {
		if k < len(p.cpu) {
			g.CPU[i] = p.cpu[k]
		}
	}
	for _, m := range game.Actions(p.state) {
		if k := int(m.Player) - 1; k >= 0 && k < len(p.seats) {
			g.Moves[p.seats[k]]++
		}
	}
	res := p.state.Result()
	winner := res.Winner()
	g.Result = res.String()
	if p.forfeit >= 0 {
		winner = 3 - p.colour(p.forfeit)
		g.Result = winner.Letter() + "+F"
	}
	if winner == board.Black {
		g.Winner = black
	} else if winner == board.White {
		g.Winner = 1 - black
	}
	return g
}

func (two *twoEngines) add(g *Game) { two.sum.Games = append(two.sum.Games, *g) }

// stopped returns why the match ends before its next game under
// Config.StopBelow, or "", noting it in the summary.
func (two *twoEngines) stopped() string {
	if two.stopBelow <= 0 || len(two.sum.Games) < two.stopAfter {
		return ""
	}
	if p, _, hi := two.sum.Rate(); hi < two.stopBelow {
		two.sum.Stopped = fmt.Sprintf("after %d games engine 1 scored %.1f%%, the upper end of its 95%% interval %.1f%%, below %.1f%%",
			len(two.sum.Games), 100*p, 100*hi, 100*two.stopBelow)
	}
	return two.sum.Stopped
}

// standing returns the running score.
func (two *twoEngines) standing() string {
	w, l, d := two.sum.Score()
	return fmt.Sprintf("engine 1 %d - %d engine 2, %d drawn", w, l, d)
}

// verdict returns what g's record says: the result, MKBLACK (the engine,
// 1 or 2, that played Black) and the reason.
func (g *Game) verdict() verdict {
	return verdict{result: g.Result, reason: g.Reason, marks: []property{{"MKBLACK", strconv.Itoa(g.Black + 1)}}}
}

// forfeitNote returns the line that reports g's forfeit, or "".
func (g *Game) forfeitNote() string {
	if !strings.HasSuffix(g.Result, "+F") {
		return ""
	}
	return fmt.Sprintf("game %d: %s by forfeit: %s", g.Number, g.Result, g.Reason)
}

// Saved lists the games saved in dir, in order.
func Saved(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "game-*.sgf"))
	sort.Strings(files)
	return files, err
}
