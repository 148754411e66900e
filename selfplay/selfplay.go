// Package selfplay plays games of uniformly random legal moves and gathers
// their statistics: length, the first player's wins with a 95% interval,
// how the games ended, and the speed. moku selfplay prints them; they check
// that an engine's games end, and how long random games are.
//
// Start with Run, then Stats.Write.
package selfplay

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// Options say how many games Run plays and how.
type Options struct {
	Games int    // number of games
	Seed  uint64 // the same seed plays the same games
	// MaxMoves stops a game after this many moves (0: 10 a point + 100);
	// such a game counts as unfinished.
	MaxMoves int
	// Stop, if set, is asked before each game; true ends the run there.
	Stop func() bool
	// Progress, if set, is called after each game with the number played.
	Progress func(played int)
}

// Stats are the figures of a run of games.
type Stats struct {
	Games      int // finished
	Unfinished int // stopped at the move limit
	Moves      int // of finished games
	MinLen     int
	MaxLen     int
	Passes     int
	// Wins counts the finished games by winner; index 0 counts ties.
	Wins [board.MaxPlayers + 1]int
	// Reasons counts the games by how they ended (game.Result.Reason,
	// every recurring position as one).
	Reasons map[string]int
	// Recurrence counts the games ended by a recurring position.
	Recurrence int
	Elapsed    time.Duration
	sumSq      float64
}

// Run plays opt.Games games of uniformly random legal moves, each from
// the start of s's game (s is left at its start). An engine that
// refuses its own legal move, or has none in a game not over, is an error.
func Run(s game.State, opt Options) (*Stats, error) {
	limit := opt.MaxMoves
	if limit == 0 {
		limit = 10*s.Graph().N() + 100
	}
	st := &Stats{Reasons: map[string]int{}}
	rng := rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x9e3779b97f4a7c15))
	moves := make([]game.Move, 0, s.Graph().N()+4)
	start := time.Now()
	defer func() { st.Elapsed = time.Since(start) }()
	for i := 0; i < opt.Games && (opt.Stop == nil || !opt.Stop()); i++ {
		played, passes := 0, 0
		for !s.Over() && played < limit {
			moves = s.LegalMoves(moves[:0])
			if len(moves) == 0 {
				return st, fmt.Errorf("game %d: no legal move at move %d, and the game is not over", i+1, played+1)
			}
			m := moves[rng.IntN(len(moves))]
			if err := s.Play(m); err != nil {
				return st, fmt.Errorf("game %d: the engine refused its own legal move %s: %v", i+1, m.Format(s.Graph()), err)
			}
			played++
			if m.Kind == game.Pass {
				passes++
			}
		}
		st.add(s, played, passes)
		for s.Undo() {
		}
		if opt.Progress != nil {
			opt.Progress(i + 1)
		}
	}
	return st, nil
}

// add counts one game that ended after n moves (with the given number of
// passes), or that hit the move limit.
func (st *Stats) add(s game.State, n, passes int) {
	if !s.Over() {
		st.Unfinished++
		return
	}
	st.Games++
	st.Moves += n
	st.sumSq += float64(n) * float64(n)
	if st.Games == 1 || n < st.MinLen {
		st.MinLen = n
	}
	st.MaxLen = max(st.MaxLen, n)
	st.Passes += passes
	res := s.Result()
	st.Wins[res.Winner()]++
	reason := res.Reason
	if strings.HasPrefix(reason, "recurring position") {
		reason = "recurring position"
		st.Recurrence++
	}
	st.Reasons[reason]++
}

// Wilson returns the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int) (lo, hi float64) {
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

// Write prints the figures of games under ruleset r, one a line: games,
// length, each player's wins, ties, endings, the recurring-position
// safeguard (Ki), and speed.
func (st *Stats) Write(w io.Writer, r rules.Ruleset) {
	fmt.Fprintf(w, "games          %d finished", st.Games)
	if st.Unfinished > 0 {
		fmt.Fprintf(w, ", %d stopped at the move limit (left out below)", st.Unfinished)
	}
	fmt.Fprintln(w)
	if st.Games == 0 {
		return
	}
	n := float64(st.Games)
	mean := float64(st.Moves) / n
	sd := math.Sqrt(math.Max(0, st.sumSq/n-mean*mean))
	fmt.Fprintf(w, "length         %.1f moves on average (sd %.1f, min %d, max %d); %.2f passes per game\n",
		mean, sd, st.MinLen, st.MaxLen, float64(st.Passes)/n)
	lo, hi := Wilson(st.Wins[board.Black], st.Games)
	fmt.Fprintf(w, "black (first)  wins %d of %d = %.1f%% (95%% interval %.1f%% to %.1f%%, Wilson)\n",
		st.Wins[board.Black], st.Games, 100*float64(st.Wins[board.Black])/n, 100*lo, 100*hi)
	for c := board.White; int(c) <= r.Players; c++ {
		fmt.Fprintf(w, "%-14s wins %d = %.1f%%\n", c, st.Wins[c], 100*float64(st.Wins[c])/n)
	}
	fmt.Fprintf(w, "ties           %d\n", st.Wins[board.Empty])
	fmt.Fprintf(w, "ended by       %s\n", st.endings())
	if r.Ko == rules.KoControl {
		fmt.Fprintf(w, "recurring position safeguard fired in %d of %d games (%.2f%%)", st.Recurrence, st.Games, 100*float64(st.Recurrence)/n)
		if st.Recurrence > 0 {
			fmt.Fprint(w, "; those games were scored as they stood, where equal counts tie (project rule, not the seed's)")
		} else {
			fmt.Fprint(w, " (no position can recur in Ki: see package ki)")
		}
		fmt.Fprintln(w)
	}
	secs := st.Elapsed.Seconds()
	fmt.Fprintf(w, "speed          %.0f games/s, %.0f moves/s (%.2f s)\n",
		float64(st.Games+st.Unfinished)/secs, float64(st.Moves)/secs, secs)
}

// endings lists the endings with their counts, by name: "passes 80,
// resignation 20".
func (st *Stats) endings() string {
	var reasons []string
	for k := range st.Reasons {
		reasons = append(reasons, k)
	}
	sort.Strings(reasons)
	parts := make([]string, len(reasons))
	for i, k := range reasons {
		parts[i] = fmt.Sprintf("%s %d", k, st.Reasons[k])
	}
	return strings.Join(parts, ", ")
}
