package match

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"moku/board"
	"moku/catalog"
	"moku/record"
)

// MultiConfig describes a match between three or four engines in a game
// of as many players (Kee with --players 3 or 4).
type MultiConfig struct {
	// Engines are the command lines, one for each player of the game.
	// The seats rotate from game to game (see Seats): every engine plays
	// every colour equally often.
	Engines  []string
	Games    int
	Game     catalog.Config // the game, board and komi; the referee's rules
	Move     time.Duration  // the time limit for each genmove (0: none)
	MaxMoves int            // as in Config: 0 means 4 moves a point plus 20
	Dir      string         // where games are saved (game-0001.sgf, ...)
	Progress io.Writer      // progress line and forfeit notes (nil: none)
	Seed     uint64         // as in Config
	// OnMove, if set, is called after every move the referee accepts with
	// the game number, the number of moves played and the engines'
	// process ids, indexed by engine.
	OnMove func(game, moves int, pids []int)
}

// MultiGame is the outcome of one game of a multi-engine match.
type MultiGame struct {
	Number int
	Seats  []int // Seats[k] is the engine (0-based) that played colour k+1
	// Ranks[i] is engine i's place (1 is best; engines with equal scores
	// share the place, as in "1, 2, 2"; a forfeiting engine is last).
	Ranks   []int
	Result  string // the ranking as the game reports it, e.g. "1. black 12, 2. white 9, 3. red 4"
	Reason  string // why it ended: "passes", the move limit, or what the forfeiting engine did
	Forfeit int    // the engine that forfeited, or -1
	File    string
}

// Points returns engine i's points in the game: one point shared by the
// engines in first place.
func (g *MultiGame) Points(i int) float64 {
	if g.Ranks[i] != 1 {
		return 0
	}
	k := 0
	for _, r := range g.Ranks {
		if r == 1 {
			k++
		}
	}
	return 1 / float64(k)
}

// Place returns engine i's place with ties split evenly: two engines
// sharing second place of three both get 2.5, so that the places of a
// game always sum to 1+2+...+n.
func (g *MultiGame) Place(i int) float64 {
	k := 0
	for _, r := range g.Ranks {
		if r == g.Ranks[i] {
			k++
		}
	}
	return float64(g.Ranks[i]) + float64(k-1)/2
}

// MultiSummary is a multi-engine match's score.
type MultiSummary struct {
	Names []string // the engines' command lines
	Games []MultiGame
}

// meanCI returns the mean of xs, which lie in [lo, hi], and a 95%
// confidence interval for it: Wilson's score interval for the mean scaled
// to [0, 1]. A variable in [0, 1] with mean p has a variance of at most
// p(1-p), that of a win or loss, so the interval is conservative; and unlike
// the normal approximation it does not shrink to a point when every game
// ends alike.
func meanCI(xs []float64, lo, hi float64) (mean, l, h float64) {
	n := float64(len(xs))
	if n == 0 {
		return math.NaN(), lo, hi
	}
	for _, x := range xs {
		mean += x
	}
	mean /= n
	pl, ph := wilson((mean-lo)/(hi-lo), n)
	return mean, lo + (hi-lo)*pl, lo + (hi-lo)*ph
}

// Place returns engine i's average place (ties split) with a 95%
// confidence interval.
func (s *MultiSummary) Place(i int) (mean, lo, hi float64) {
	xs := make([]float64, len(s.Games))
	for k := range s.Games {
		xs[k] = s.Games[k].Place(i)
	}
	return meanCI(xs, 1, float64(len(s.Names)))
}

// Points returns engine i's average points a game (1 for first place,
// shared by ties) with a 95% confidence interval.
func (s *MultiSummary) Points(i int) (mean, lo, hi float64) {
	xs := make([]float64, len(s.Games))
	for k := range s.Games {
		xs[k] = s.Games[k].Points(i)
	}
	return meanCI(xs, 0, 1)
}

// String reports the match: every engine's average place and points a
// game with 95% confidence intervals, and every forfeit.
func (s *MultiSummary) String() string {
	var b strings.Builder
	for i, name := range s.Names {
		fmt.Fprintf(&b, "engine %d: %s\n", i+1, name)
	}
	fmt.Fprintf(&b, "%d games (places: ties split; points: 1 for first place, shared by ties)\n", len(s.Games))
	for i := range s.Names {
		p, plo, phi := s.Place(i)
		q, qlo, qhi := s.Points(i)
		fmt.Fprintf(&b, "engine %d: average place %.2f (95%% confidence interval %.2f to %.2f), points a game %.3f (%.3f to %.3f)\n",
			i+1, p, plo, phi, q, qlo, qhi)
	}
	for _, g := range s.Games {
		if note := g.forfeitNote(); note != "" {
			fmt.Fprintln(&b, note)
		}
	}
	return b.String()
}

// Seats returns who plays which colour in game n (1-based) of a match of
// p engines: seats[k] is the engine playing colour k+1. Each run of p
// games is a rotation of one seating order, so every engine plays every
// colour once in it; the orders themselves (engine 1 first, the others in
// every order) follow one another, so over p! games every seating is
// played once.
func Seats(n, p int) []int {
	orders := permutations(p - 1)
	k := n - 1
	base := append([]int{0}, orders[(k/p)%len(orders)]...)
	for j := 1; j < p; j++ {
		base[j]++
	}
	seats := make([]int, p)
	for c := range seats {
		seats[c] = base[(c+k)%p]
	}
	return seats
}

// permutations returns every order of 0..n-1, in lexicographic order.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for first := 0; first < n; first++ {
		for _, rest := range permutations(n - 1) {
			p := []int{first}
			for _, x := range rest {
				if x >= first {
					x++
				}
				p = append(p, x)
			}
			out = append(out, p)
		}
	}
	return out
}

// RunMulti plays a match of three or four engines, or what remains of it,
// as Run does for two: games saved in cfg.Dir are counted, not replayed; a
// forfeit (illegal move, crash, hang) places the engine last, ends the
// game, and the engine is restarted for the next one.
func RunMulti(ctx context.Context, cfg MultiConfig) (*MultiSummary, error) {
	multi := &multiEngines{engines: cfg.Engines, sum: MultiSummary{Names: append([]string(nil), cfg.Engines...)}}
	ref, err := newReferee(cfg.settings(), func(players int) error {
		if len(cfg.Engines) != players {
			return fmt.Errorf("%d engines for a %d-player game: want one engine a player", len(cfg.Engines), players)
		}
		if players < 3 {
			return fmt.Errorf("RunMulti is for 3 or 4 players; use Run for two")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = run(ctx, ref, multi)
	return &multi.sum, err
}

// settings returns what the referee takes from cfg.
func (cfg MultiConfig) settings() settings {
	return settings{engines: cfg.Engines, games: cfg.Games, game: cfg.Game, move: cfg.Move,
		maxMoves: cfg.MaxMoves, dir: cfg.Dir, progress: cfg.Progress, onMove: cfg.OnMove, seed: cfg.Seed}
}

// multiEngines is the kind of a match of three or four engines.
type multiEngines struct {
	engines []string // the engines' command lines
	sum     MultiSummary
}

// seats returns who plays game n: see Seats.
func (multi *multiEngines) seats(n int) []int { return Seats(n, len(multi.engines)) }

func joinInts(xs []int, add int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x + add)
	}
	return strings.Join(s, ",")
}

func splitInts(s string, n, min, max, add int) ([]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("want %d numbers", n)
	}
	xs := make([]int, n)
	for i, p := range parts {
		x, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || x < min || x > max {
			return nil, fmt.Errorf("want numbers from %d to %d", min, max)
		}
		xs[i] = x + add
	}
	return xs, nil
}

// load returns game n from rec, its record saved in file; a game with
// other seats or other engines is of another match.
func (multi *multiEngines) load(n int, file string, rec *record.Record) (*MultiGame, error) {
	p := len(multi.engines)
	seatsText, _ := rec.Get("MKSEATS")
	seats, err := splitInts(seatsText, p, 1, p, -1)
	if err != nil {
		return nil, fmt.Errorf("%s: MKSEATS[%s]: %v (the engine that played each colour)", file, seatsText, err)
	}
	if want := Seats(n, p); joinInts(want, 1) != joinInts(seats, 1) {
		return nil, fmt.Errorf("%s: MKSEATS[%s], but game %d of this match seats %s: a game of another match, use another directory", file, seatsText, n, joinInts(want, 1))
	}
	for k, i := range seats {
		c := board.Color(k + 1)
		pl, _ := rec.Get("P" + c.Letter())
		if want := fmt.Sprintf("(engine %d: %s)", i+1, multi.engines[i]); !strings.HasSuffix(pl, want) {
			return nil, fmt.Errorf("%s: P%s[%s]: a game of another match (engine %d is now %q): use another directory", file, c.Letter(), pl, i+1, multi.engines[i])
		}
	}
	ranksText, _ := rec.Get("MKRANKS")
	ranks, err := splitInts(ranksText, p, 1, p, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: MKRANKS[%s]: %v (each engine's place)", file, ranksText, err)
	}
	re, _ := rec.Get("RE")
	reason, _ := rec.Get("MKEND")
	g := &MultiGame{Number: n, Seats: seats, Ranks: ranks, Result: re, Reason: reason, Forfeit: -1, File: file}
	if f, ok := rec.Get("MKFORFEIT"); ok {
		if i, err := strconv.Atoi(f); err == nil && i >= 1 && i <= p {
			g.Forfeit = i - 1
		}
	}
	return g, nil
}

// score ranks game p. Without a forfeit the game's own ranking counts;
// with one, the forfeiting engine is last and the others are ranked by
// the position's count as it stands.
func (multi *multiEngines) score(p *played) *MultiGame {
	res := p.state.Result()
	g := &MultiGame{Number: p.n, Seats: p.seats, Ranks: make([]int, len(p.seats)), Reason: p.reason, Forfeit: p.forfeit, File: p.file}
	rank := res.Rank()
	if p.forfeit < 0 {
		for k, i := range p.seats {
			g.Ranks[i] = rank[k+1]
		}
		g.Result = res.String()
		return g
	}
	lost := p.colour(p.forfeit)
	// The others keep the order of the count; the forfeiter is last.
	var parts []string
	place := 0
	var prev board.Color
	for idx, c := range res.Order() {
		if c == lost {
			continue
		}
		place++
		r := place
		if idx > 0 && prev != board.Empty && rank[c] == rank[prev] {
			r = g.Ranks[p.seats[prev-1]]
		}
		g.Ranks[p.seats[c-1]] = r
		parts = append(parts, fmt.Sprintf("%d. %s %s", r, c, strconv.FormatFloat(res.Score[c], 'f', -1, 64)))
		prev = c
	}
	last := len(p.seats)
	g.Ranks[p.forfeit] = last
	parts = append(parts, fmt.Sprintf("%d. %s forfeit", last, lost))
	g.Result = strings.Join(parts, ", ")
	return g
}

func (multi *multiEngines) add(g *MultiGame) { multi.sum.Games = append(multi.sum.Games, *g) }

// stopped: a match of several engines has no stopping rule.
func (multi *multiEngines) stopped() string { return "" }

// standing returns every engine's average place so far.
func (multi *multiEngines) standing() string {
	var places []string
	for i := range multi.engines {
		if len(multi.sum.Games) == 0 {
			places = append(places, "-")
			continue
		}
		m, _, _ := multi.sum.Place(i)
		places = append(places, strconv.FormatFloat(m, 'f', 2, 64))
	}
	return "average places " + strings.Join(places, " / ")
}

// verdict returns what g's record says: the ranking, MKSEATS (the engine,
// from 1, that played each colour), MKRANKS (each engine's place),
// MKFORFEIT (the engine that forfeited, if one did) and the reason.
func (g *MultiGame) verdict() verdict {
	v := verdict{result: g.Result, reason: g.Reason, marks: []property{
		{"MKSEATS", joinInts(g.Seats, 1)},
		{"MKRANKS", joinInts(g.Ranks, 0)},
	}}
	if g.Forfeit >= 0 {
		v.marks = append(v.marks, property{"MKFORFEIT", strconv.Itoa(g.Forfeit + 1)})
	}
	return v
}

// forfeitNote returns the line that reports g's forfeit, or "".
func (g *MultiGame) forfeitNote() string {
	if g.Forfeit < 0 {
		return ""
	}
	return fmt.Sprintf("game %d: engine %d forfeited: %s", g.Number, g.Forfeit+1, g.Reason)
}
