package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"moku/board"
	"moku/game"
	"moku/games"
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
	Game     games.Config  // the game, board and komi; the referee's rules
	Move     time.Duration // the time limit for each genmove (0: none)
	MaxMoves int           // as in Config: 0 means 4 moves a point plus 20
	Dir      string        // where games are saved (game-0001.sgf, ...)
	Progress io.Writer     // progress line and forfeit notes (nil: none)
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
		if g.Forfeit >= 0 {
			fmt.Fprintf(&b, "game %d: engine %d forfeited: %s\n", g.Number, g.Forfeit+1, g.Reason)
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

// multiReferee holds a multi-engine match in progress.
type multiReferee struct {
	engineSet
	cfg     MultiConfig
	sum     MultiSummary
	rules   string
	board   string
	players int
}

// RunMulti plays a match of three or four engines, or what remains of it,
// as Run does for two: games saved in cfg.Dir are counted, not replayed; a
// forfeit (illegal move, crash, hang) places the engine last, ends the
// game, and the engine is restarted for the next one.
func RunMulti(ctx context.Context, cfg MultiConfig) (*MultiSummary, error) {
	if cfg.Games < 1 {
		return nil, fmt.Errorf("the match needs at least one game")
	}
	r, g, err := cfg.Game.Build()
	if err != nil {
		return nil, err
	}
	if len(cfg.Engines) != r.Players {
		return nil, fmt.Errorf("%d engines for a %d-player game: want one engine a player", len(cfg.Engines), r.Players)
	}
	if r.Players < 3 {
		return nil, fmt.Errorf("RunMulti is for 3 or 4 players; use Run for two")
	}
	if cfg.MaxMoves == 0 {
		cfg.MaxMoves = 4*g.N() + 20
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	p := r.Players
	ref := &multiReferee{engineSet: newEngineSet(cfg.Engines, cfg.Game), cfg: cfg, rules: r.String(), board: g.Spec(), players: p}
	ref.sum.Names = append([]string(nil), cfg.Engines...)
	defer ref.closeEngines()
	for n := 1; n <= cfg.Games; n++ {
		if old, err := ref.load(n); err != nil {
			return &ref.sum, err
		} else if old != nil {
			ref.sum.Games = append(ref.sum.Games, *old)
			continue
		}
		ref.progress(n - 1)
		res, err := ref.play(ctx, n)
		if err != nil {
			ref.endProgress()
			return &ref.sum, err
		}
		ref.sum.Games = append(ref.sum.Games, *res)
		if res.Forfeit >= 0 && cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "\rgame %d: engine %d forfeited: %s\n", n, res.Forfeit+1, res.Reason)
		}
	}
	ref.progress(cfg.Games)
	ref.endProgress()
	return &ref.sum, nil
}

// progress draws the progress bar with every engine's average place.
func (ref *multiReferee) progress(done int) {
	if ref.cfg.Progress == nil {
		return
	}
	const width = 30
	fill := done * width / ref.cfg.Games
	var places []string
	for i := range ref.engines {
		if len(ref.sum.Games) == 0 {
			places = append(places, "-")
			continue
		}
		m, _, _ := ref.sum.Place(i)
		places = append(places, strconv.FormatFloat(m, 'f', 2, 64))
	}
	fmt.Fprintf(ref.cfg.Progress, "\r[%s%s] %d/%d games  average places %s ",
		strings.Repeat("#", fill), strings.Repeat("-", width-fill), done, ref.cfg.Games, strings.Join(places, " / "))
}

func (ref *multiReferee) endProgress() {
	if ref.cfg.Progress != nil {
		fmt.Fprintln(ref.cfg.Progress)
	}
}

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

// load reads game n if it was saved by an earlier run of this match.
func (ref *multiReferee) load(n int) (*MultiGame, error) {
	file := fileName(ref.cfg.Dir, n)
	rec, err := loadSaved(file, ref.rules, ref.board)
	if rec == nil || err != nil {
		return nil, err
	}
	p := ref.players
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
		if want := fmt.Sprintf("(engine %d: %s)", i+1, ref.cfg.Engines[i]); !strings.HasSuffix(pl, want) {
			return nil, fmt.Errorf("%s: P%s[%s]: a game of another match (engine %d is now %q): use another directory", file, c.Letter(), pl, i+1, ref.cfg.Engines[i])
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

// multiForfeit ends a game lost by engine i.
type multiForfeit struct {
	engine int
	reason string
}

// play plays game n and saves it.
func (ref *multiReferee) play(ctx context.Context, n int) (*MultiGame, error) {
	seats := Seats(n, ref.players)
	for _, i := range seats {
		if err := ref.setup(ctx, i); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			var ee *ExitError
			if errors.As(err, &ee) || errors.Is(err, ErrTimeout) {
				ref.drop(i)
				return ref.finish(n, seats, nil, &multiForfeit{i, err.Error()})
			}
			return nil, err
		}
	}
	s, err := games.Start(ref.cfg.Game)
	if err != nil {
		return nil, err
	}
	for !s.Over() && len(s.History()) < ref.cfg.MaxMoves {
		c := s.ToMove()
		i := seats[c-1]
		who := fmt.Sprintf("engine %d (%s)", i+1, c)
		resp, err := ref.engines[i].Send(ctx, "genmove "+c.String(), ref.cfg.Move)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			return ref.finish(n, seats, s, ref.failure(i, who, "genmove", err))
		}
		m, err := game.ParseMove(s.Graph(), resp)
		if err != nil {
			return ref.finish(n, seats, s, &multiForfeit{i, fmt.Sprintf("%s answered genmove with %q: %v", who, resp, err)})
		}
		if err := s.Play(m); err != nil {
			return ref.finish(n, seats, s, &multiForfeit{i, fmt.Sprintf("%s played %s: %v", who, m.Format(s.Graph()), err)})
		}
		// Every other engine is told the move (a resignation too: the
		// game goes on without the player who resigned).
		for k, o := range seats {
			if o == i {
				continue
			}
			oc := board.Color(k + 1)
			cmd := "play " + c.String() + " " + m.Format(s.Graph())
			if _, err := ref.engines[o].Send(ctx, cmd, ref.cfg.Move); err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				return ref.finish(n, seats, s, ref.failure(o, fmt.Sprintf("engine %d (%s)", o+1, oc), cmd, err))
			}
		}
		if ref.cfg.OnMove != nil {
			pids := make([]int, ref.players)
			for k, e := range ref.engines {
				pids[k] = e.Pid()
			}
			ref.cfg.OnMove(n, len(s.History()), pids)
		}
	}
	return ref.finish(n, seats, s, nil)
}

// failure turns engine i's failure to answer into a forfeit.
func (ref *multiReferee) failure(i int, who, cmd string, err error) *multiForfeit {
	return &multiForfeit{i, ref.failed(i, who, cmd, ref.cfg.Move, err)}
}

// finish ranks game n, saves it and returns its outcome. s is the game as
// far as it went (nil if it never started). Without a forfeit the game's
// own ranking counts; with one, the forfeiting engine is last and the
// others are ranked by the position's count as it stands.
func (ref *multiReferee) finish(n int, seats []int, s game.State, f *multiForfeit) (*MultiGame, error) {
	if s == nil {
		var err error
		if s, err = games.Start(ref.cfg.Game); err != nil {
			return nil, err
		}
	}
	p := ref.players
	res := s.Result()
	g := &MultiGame{Number: n, Seats: seats, Ranks: make([]int, p), Forfeit: -1, File: fileName(ref.cfg.Dir, n)}
	colourOf := make([]board.Color, p)
	for k, i := range seats {
		colourOf[i] = board.Color(k + 1)
	}
	rank := res.Rank()
	switch {
	case f != nil:
		g.Forfeit = f.engine
		g.Reason = f.reason
		lost := colourOf[f.engine]
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
				r = g.Ranks[seats[prev-1]]
			}
			g.Ranks[seats[c-1]] = r
			parts = append(parts, fmt.Sprintf("%d. %s %s", r, c, strconv.FormatFloat(res.Score[c], 'f', -1, 64)))
			prev = c
		}
		g.Ranks[f.engine] = p
		parts = append(parts, fmt.Sprintf("%d. %s forfeit", p, lost))
		g.Result = strings.Join(parts, ", ")
	default:
		for k, i := range seats {
			g.Ranks[i] = rank[k+1]
		}
		g.Result = res.String()
		g.Reason = res.Reason
		if !s.Over() {
			g.Reason = fmt.Sprintf("move limit (%d moves): scored as the position stands", ref.cfg.MaxMoves)
		}
	}
	rec := record.FromState(s)
	for k, i := range seats {
		c := board.Color(k + 1)
		name := ref.names[i]
		if name == "" {
			name = ref.cfg.Engines[i]
		}
		rec.Set("P"+c.Letter(), fmt.Sprintf("%s (engine %d: %s)", name, i+1, ref.cfg.Engines[i]))
	}
	rec.Set("RE", g.Result)
	rec.Set("DT", time.Now().Format("2006-01-02"))
	rec.Set("EV", "moku match")
	rec.Set("RO", strconv.Itoa(n))
	if ref.cfg.Move > 0 {
		rec.Set("OT", fmt.Sprintf("%v per move", ref.cfg.Move))
	}
	rec.Set("MKSEATS", joinInts(seats, 1))
	rec.Set("MKRANKS", joinInts(g.Ranks, 0))
	if g.Forfeit >= 0 {
		rec.Set("MKFORFEIT", strconv.Itoa(g.Forfeit+1))
	}
	rec.Set("MKEND", g.Reason)
	rec.Set("C", fmt.Sprintf("game %d of a moku match: %s (%s)", n, g.Result, g.Reason))
	tmp := g.File + ".tmp"
	out, err := os.Create(tmp)
	if err != nil {
		return nil, err
	}
	if err := rec.WriteSGF(out); err != nil {
		out.Close()
		return nil, err
	}
	if err := out.Close(); err != nil {
		return nil, err
	}
	return g, os.Rename(tmp, g.File)
}
