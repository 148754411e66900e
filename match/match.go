package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"moku/board"
	"moku/game"
	"moku/games"
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
	Game    games.Config  // the game, board and komi; the referee's rules
	Move    time.Duration // the time limit for each genmove (0: none)
	// MaxMoves ends a game that has gone on that long; it is then scored
	// as the position stands. 0 means 4 moves a point plus 20.
	MaxMoves int
	Dir      string    // where games are saved (game-0001.sgf, ...)
	Progress io.Writer // progress bar and forfeit notes (nil: none)
	// OnMove, if set, is called after every move the referee accepts with
	// the game number, the number of moves played and the engines' process
	// ids, Black's first.
	OnMove func(game, moves int, pids [2]int)
}

// Game is the outcome of one game of a match.
type Game struct {
	Number int
	Black  int    // the engine (0 or 1) that played Black
	Winner int    // the engine that won, or -1 for a draw
	Result string // as SGF's RE: "B+3.5", "W+R", "B+F" (forfeit), "0"
	Reason string // why it ended: "passes", "resignation", or what the forfeiting engine did
	File   string
}

// Summary is a match's score.
type Summary struct {
	Names [2]string // the engines' command lines
	Games []Game
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
	for _, g := range s.Games {
		if strings.HasSuffix(g.Result, "+F") {
			fmt.Fprintf(&b, "game %d: %s by forfeit: %s\n", g.Number, g.Result, g.Reason)
		}
	}
	return b.String()
}

// fileName is where game n is saved.
func fileName(dir string, n int) string { return filepath.Join(dir, fmt.Sprintf("game-%04d.sgf", n)) }

// referee holds a match in progress.
type referee struct {
	engineSet
	cfg   Config
	sum   Summary
	rules string // the ruleset of the match, as saved in the records
	board string
}

// Run plays the match, or what remains of it: games already saved in
// cfg.Dir (by an earlier, interrupted run of the same match) are counted,
// not replayed. It returns the summary so far even on error; a cancelled
// ctx (Ctrl-C) stops it after killing the engines, and the game in progress
// is not saved.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	if cfg.Games < 1 {
		return nil, fmt.Errorf("the match needs at least one game")
	}
	r, g, err := cfg.Game.Build()
	if err != nil {
		return nil, err
	}
	if r.Players != 2 {
		return nil, fmt.Errorf("a match is between two engines: %d-player games are not supported", r.Players)
	}
	if cfg.MaxMoves == 0 {
		cfg.MaxMoves = 4*g.N() + 20
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	ref := &referee{engineSet: newEngineSet(cfg.Engines[:], cfg.Game), cfg: cfg, rules: r.String(), board: g.Spec()}
	ref.sum.Names = cfg.Engines
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
		if strings.HasSuffix(res.Result, "+F") && cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "\rgame %d: %s by forfeit: %s\n", n, res.Result, res.Reason)
		}
	}
	ref.progress(cfg.Games)
	ref.endProgress()
	return &ref.sum, nil
}

// progress draws the progress bar with the running score.
func (ref *referee) progress(done int) {
	if ref.cfg.Progress == nil {
		return
	}
	const width = 30
	fill := done * width / ref.cfg.Games
	w, l, d := ref.sum.Score()
	fmt.Fprintf(ref.cfg.Progress, "\r[%s%s] %d/%d games  engine 1 %d - %d engine 2, %d drawn ",
		strings.Repeat("#", fill), strings.Repeat("-", width-fill), done, ref.cfg.Games, w, l, d)
}

func (ref *referee) endProgress() {
	if ref.cfg.Progress != nil {
		fmt.Fprintln(ref.cfg.Progress)
	}
}

// blackEngine returns the engine playing Black in game n.
func (ref *referee) blackEngine(n int) int {
	if ref.cfg.Fixed || n%2 == 1 {
		return 0
	}
	return 1
}

// load reads game n if it was saved by an earlier run of this match.
func (ref *referee) load(n int) (*Game, error) {
	file := fileName(ref.cfg.Dir, n)
	rec, err := loadSaved(file, ref.rules, ref.board)
	if rec == nil || err != nil {
		return nil, err
	}
	black, _ := rec.Get("MKBLACK")
	b, err := strconv.Atoi(black)
	if err != nil || b < 1 || b > 2 {
		return nil, fmt.Errorf("%s: MKBLACK[%s]: want 1 or 2, the engine that played Black", file, black)
	}
	re, _ := rec.Get("RE")
	reason, _ := rec.Get("MKEND")
	g := &Game{Number: n, Black: b - 1, Winner: -1, Result: re, Reason: reason, File: file}
	switch {
	case strings.HasPrefix(re, "B+"):
		g.Winner = g.Black
	case strings.HasPrefix(re, "W+"):
		g.Winner = 1 - g.Black
	}
	return g, nil
}

// forfeit ends a game lost by the engine playing colour c.
type forfeit struct {
	loser  board.Color
	reason string
}

// play plays game n and saves it.
func (ref *referee) play(ctx context.Context, n int) (*Game, error) {
	black := ref.blackEngine(n)
	engineOf := map[board.Color]int{board.Black: black, board.White: 1 - black}
	for _, i := range []int{black, 1 - black} {
		if err := ref.setup(ctx, i); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			// A crash during set-up is the engine's loss, like any other.
			var ee *ExitError
			if errors.As(err, &ee) || errors.Is(err, ErrTimeout) {
				c := board.Black
				if i != black {
					c = board.White
				}
				ref.drop(i)
				return ref.finish(n, black, nil, &forfeit{loser: c, reason: err.Error()})
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
		i := engineOf[c]
		e := ref.engines[i]
		who := fmt.Sprintf("engine %d (%s)", i+1, c)
		resp, err := e.Send(ctx, "genmove "+c.String(), ref.cfg.Move)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			return ref.finish(n, black, s, ref.failure(i, c, who, "genmove", err))
		}
		m, err := game.ParseMove(s.Graph(), resp)
		if err != nil {
			return ref.finish(n, black, s, &forfeit{c, fmt.Sprintf("%s answered genmove with %q: %v", who, resp, err)})
		}
		if err := s.Play(m); err != nil {
			return ref.finish(n, black, s, &forfeit{c, fmt.Sprintf("%s played %s: %v", who, m.Format(s.Graph()), err)})
		}
		if m.Kind != game.Resign {
			o := 1 - i
			if _, err := ref.engines[o].Send(ctx, "play "+c.String()+" "+m.Format(s.Graph()), ref.cfg.Move); err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				oc := board.Color(3 - c)
				return ref.finish(n, black, s, ref.failure(o, oc, fmt.Sprintf("engine %d (%s)", o+1, oc), "play "+m.Format(s.Graph()), err))
			}
		}
		if ref.cfg.OnMove != nil {
			ref.cfg.OnMove(n, len(s.History()), [2]int{ref.engines[black].Pid(), ref.engines[1-black].Pid()})
		}
	}
	return ref.finish(n, black, s, nil)
}

// failure turns an engine's failure to answer into a forfeit.
func (ref *referee) failure(i int, c board.Color, who, cmd string, err error) *forfeit {
	return &forfeit{c, ref.failed(i, who, cmd, ref.cfg.Move, err)}
}

// finish scores game n, saves it and returns its outcome. s is the game
// as far as it went (nil if it never started).
func (ref *referee) finish(n, black int, s game.State, f *forfeit) (*Game, error) {
	if s == nil {
		var err error
		if s, err = games.Start(ref.cfg.Game); err != nil {
			return nil, err
		}
	}
	res := s.Result()
	g := &Game{Number: n, Black: black, Winner: -1, File: fileName(ref.cfg.Dir, n)}
	var winner board.Color
	switch {
	case f != nil:
		winner = 3 - f.loser
		g.Result = winner.Letter() + "+F"
		g.Reason = f.reason
	case s.Over():
		winner = res.Winner()
		g.Result = res.String()
		g.Reason = res.Reason
	default:
		winner = res.Winner()
		g.Result = res.String()
		g.Reason = fmt.Sprintf("move limit (%d moves): scored as the position stands", ref.cfg.MaxMoves)
	}
	if winner == board.Black {
		g.Winner = black
	} else if winner == board.White {
		g.Winner = 1 - black
	}
	rec := record.FromState(s)
	engineOf := [3]int{0, black, 1 - black}
	for _, c := range []board.Color{board.Black, board.White} {
		i := engineOf[c]
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
	rec.Set("MKBLACK", strconv.Itoa(black+1))
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

// Saved lists the games saved in dir, in order.
func Saved(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "game-*.sgf"))
	sort.Strings(files)
	return files, err
}
