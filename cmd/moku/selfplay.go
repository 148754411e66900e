package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"sort"
	"strings"
	"time"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/rules"
)

func init() {
	register("selfplay", "play uniformly random games and print statistics (length, first-player wins, endings)", runSelfplay)
}

// selfplayStats gathers the figures of finished self-play games.
type selfplayStats struct {
	games      int
	unfinished int // stopped at the move limit
	moves      int // of finished games
	minLen     int
	maxLen     int
	sumSq      float64
	passes     int
	wins       [board.MaxPlayers + 1]int // by winner; index 0 counts ties
	reasons    map[string]int
	recurrence int
}

// add counts one game that ended after n moves (with the given number of
// passes), or that hit the move limit.
func (st *selfplayStats) add(s game.State, n, passes int) {
	if !s.Over() {
		st.unfinished++
		return
	}
	st.games++
	st.moves += n
	st.sumSq += float64(n) * float64(n)
	if st.games == 1 || n < st.minLen {
		st.minLen = n
	}
	if n > st.maxLen {
		st.maxLen = n
	}
	st.passes += passes
	res := s.Result()
	st.wins[res.Winner()]++
	reason := res.Reason
	if strings.HasPrefix(reason, "recurring position") {
		reason = "recurring position"
		st.recurrence++
	}
	st.reasons[reason]++
}

// wilson returns the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return math.Max(0, c-h), math.Min(1, c+h)
}

func (st *selfplayStats) print(w io.Writer, r rules.Ruleset, elapsed time.Duration) {
	fmt.Fprintf(w, "games          %d finished", st.games)
	if st.unfinished > 0 {
		fmt.Fprintf(w, ", %d stopped at the move limit (left out below)", st.unfinished)
	}
	fmt.Fprintln(w)
	if st.games == 0 {
		return
	}
	n := float64(st.games)
	mean := float64(st.moves) / n
	sd := math.Sqrt(math.Max(0, st.sumSq/n-mean*mean))
	fmt.Fprintf(w, "length         %.1f moves on average (sd %.1f, min %d, max %d); %.2f passes per game\n",
		mean, sd, st.minLen, st.maxLen, float64(st.passes)/n)
	lo, hi := wilson(st.wins[board.Black], st.games)
	fmt.Fprintf(w, "black (first)  wins %d of %d = %.1f%% (95%% interval %.1f%% to %.1f%%, Wilson)\n",
		st.wins[board.Black], st.games, 100*float64(st.wins[board.Black])/n, 100*lo, 100*hi)
	for c := board.White; int(c) <= r.Players; c++ {
		fmt.Fprintf(w, "%-14s wins %d = %.1f%%\n", c, st.wins[c], 100*float64(st.wins[c])/n)
	}
	fmt.Fprintf(w, "ties           %d\n", st.wins[board.Empty])
	var reasons []string
	for k := range st.reasons {
		reasons = append(reasons, k)
	}
	sort.Strings(reasons)
	var parts []string
	for _, k := range reasons {
		parts = append(parts, fmt.Sprintf("%s %d", k, st.reasons[k]))
	}
	fmt.Fprintf(w, "ended by       %s\n", strings.Join(parts, ", "))
	if r.Ko == rules.KoControl {
		fmt.Fprintf(w, "recurring position safeguard fired in %d of %d games (%.2f%%)", st.recurrence, st.games, 100*float64(st.recurrence)/n)
		if st.recurrence > 0 {
			fmt.Fprint(w, "; those games were scored as they stood, where equal counts tie (project rule, not the seed's)")
		} else {
			fmt.Fprint(w, " (no position can recur in Ki: see package ki)")
		}
		fmt.Fprintln(w)
	}
	secs := elapsed.Seconds()
	fmt.Fprintf(w, "speed          %.0f games/s, %.0f moves/s (%.2f s)\n",
		float64(st.games+st.unfinished)/secs, float64(st.moves)/secs, secs)
}

func runSelfplay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := catalog.AddFlags(fs)
	n := fs.Int("games", 1000, "number of games")
	seed := fs.Uint64("seed", 1, "random seed (the same seed plays the same games)")
	maxMoves := fs.Int("max-moves", 0, "stop a game after this many moves (0: 10 per point + 100)")
	quiet := fs.Bool("quiet", false, "no progress on standard error")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: moku selfplay [--game ki] [--board 11x11] [--games N] [--seed S]\n\nPlays N games of uniformly random legal moves (resignation aside) and prints\nthe average length, the first player's win rate, how the games ended and the\nspeed. Ctrl-C prints the figures of the games finished so far.\n\nflags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *n < 1 {
		return fmt.Errorf("--games %d: want at least 1", *n)
	}
	if *maxMoves < 0 {
		return fmt.Errorf("--max-moves %d: want 0 or more", *maxMoves)
	}
	cfg, err := gf.Config()
	if err != nil {
		return err
	}
	s, err := catalog.Start(cfg)
	if err != nil {
		return err
	}
	limit := *maxMoves
	if limit == 0 {
		limit = 10*s.Graph().N() + 100
	}

	interrupt := make(chan os.Signal, 1)
	signal.Notify(interrupt, os.Interrupt)
	defer signal.Stop(interrupt)

	fmt.Fprintf(stdout, "selfplay       %s on %s, %d uniformly random games, seed %d\n", s.Rules(), s.Graph().Spec(), *n, *seed)
	st := &selfplayStats{reasons: map[string]int{}}
	rng := rand.New(rand.NewPCG(*seed, *seed^0x9e3779b97f4a7c15))
	moves := make([]game.Move, 0, s.Graph().N()+4)
	start := time.Now()
	lastReport := start
	stopped := false
	for i := 0; i < *n && !stopped; i++ {
		select {
		case <-interrupt:
			stopped = true
			continue
		default:
		}
		played, passes := 0, 0
		for !s.Over() && played < limit {
			moves = s.LegalMoves(moves[:0])
			if len(moves) == 0 {
				return fmt.Errorf("game %d: no legal move at move %d, and the game is not over", i+1, played+1)
			}
			m := moves[rng.IntN(len(moves))]
			if err := s.Play(m); err != nil {
				return fmt.Errorf("game %d: the engine refused its own legal move %s: %v", i+1, m.Format(s.Graph()), err)
			}
			played++
			if m.Kind == game.Pass {
				passes++
			}
		}
		st.add(s, played, passes)
		for s.Undo() {
		}
		if !*quiet && time.Since(lastReport) > 500*time.Millisecond {
			lastReport = time.Now()
			fmt.Fprintf(stderr, "\rselfplay: %d of %d games", i+1, *n)
		}
	}
	if !*quiet {
		fmt.Fprintf(stderr, "\rselfplay: %d of %d games\n", st.games+st.unfinished, *n)
	}
	if stopped {
		fmt.Fprintf(stdout, "interrupted    after %d of %d games\n", st.games+st.unfinished, *n)
	}
	st.print(stdout, s.Rules(), time.Since(start))
	return nil
}
