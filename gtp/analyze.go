package gtp

// Live analysis in the formats of Leela Zero and KataGo, for Sabaki,
// Lizzie and the tools that speak them:
//
//	lz-analyze [colour] [interval] [key value]...
//	kata-analyze [colour] [interval] [key value]...
//	genmove_analyze, lz-genmove_analyze, kata-genmove_analyze (same arguments)
//
// The interval is in centiseconds; the keys are interval N, maxmoves N
// (report at most N moves), minmoves N (report at least N moves, untried
// ones with 0 visits) and, for kata-analyze, ownership true|false. The
// analysis commands answer "=" alone on a line, then every interval one
// line of "info move ... visits ... winrate ... prior ... lcb ... order
// ... pv ..." items until the next line of input arrives, then a blank
// line; the genmove commands search as genmove does, report the same way,
// and end with "play <move>" and a blank line.

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"moku/board"
	"moku/game"
	"moku/search"
)

// analyzeRequest is what an analysis command asks for.
type analyzeRequest struct {
	color     board.Color
	interval  time.Duration
	kata      bool // KataGo's format (floats), else Leela Zero's (integers in 0..10000)
	ownership bool
	minMoves  int
	maxMoves  int
}

// defaultInterval is the interval of an analysis command that names none.
const defaultInterval = time.Second

// parseAnalyze reads the arguments of an analysis command.
func (e *Engine) parseAnalyze(a []string, kata bool) (analyzeRequest, error) {
	r := analyzeRequest{color: e.state.ToMove(), interval: defaultInterval, kata: kata}
	if len(a) > 0 {
		if c, err := board.ParseColor(a[0]); err == nil {
			if int(c) > e.state.Rules().Players {
				return r, fmt.Errorf("invalid color: the game has %d players", e.state.Rules().Players)
			}
			r.color, a = c, a[1:]
		}
	}
	centis := func(s string) error {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return fmt.Errorf("interval %q: want centiseconds, a whole number from 0", s)
		}
		r.interval = max(time.Duration(n)*10*time.Millisecond, 10*time.Millisecond)
		return nil
	}
	if len(a) > 0 {
		if _, err := strconv.Atoi(a[0]); err == nil {
			if err := centis(a[0]); err != nil {
				return r, err
			}
			a = a[1:]
		}
	}
	for ; len(a) > 0; a = a[2:] {
		if len(a) < 2 {
			return r, fmt.Errorf("%s: a key without a value", a[0])
		}
		key, val := strings.ToLower(a[0]), a[1]
		var err error
		switch key {
		case "interval":
			err = centis(val)
		case "maxmoves", "minmoves":
			n, perr := strconv.Atoi(val)
			if perr != nil || n < 0 {
				err = fmt.Errorf("%s %q: want a whole number from 0", key, val)
			} else if key == "maxmoves" {
				r.maxMoves = n
			} else {
				r.minMoves = n
			}
		case "ownership":
			if !kata {
				err = fmt.Errorf("ownership: only kata-analyze reports it")
			} else if r.ownership, err = strconv.ParseBool(val); err != nil {
				err = fmt.Errorf("ownership %q: want true or false", val)
			}
		default:
			err = fmt.Errorf("unknown key %q (want interval, maxmoves, minmoves%s)", a[0], map[bool]string{true: " or ownership"}[kata])
		}
		if err != nil {
			return r, err
		}
	}
	return r, nil
}

// analysisLimit is the playouts at which live analysis stops searching
// (the tree's memory grows with them) when Settings.AnalyzePlayouts does
// not say: ten million over the board's points, at least 10000.
func analysisLimit(s game.State) int { return max(10000, 10_000_000/s.Graph().N()) }

// registerAnalysis adds the live analysis commands of the search p.
func (e *Engine) registerAnalysis(p *search.Player, limit int) {
	analyze := func(kata bool) StreamHandler {
		return func(e *Engine, a []string) (Stream, bool, error) {
			r, err := e.parseAnalyze(a, kata)
			if err != nil {
				return nil, false, err
			}
			s := e.state.Clone()
			if s.Over() {
				return nil, false, fmt.Errorf("the game is over")
			}
			if r.color != s.ToMove() {
				if !e.outOfTurn() {
					return nil, false, fmt.Errorf("it is %s's turn, not %s's", s.ToMove(), r.color)
				}
				if err := impliedPass(s); err != nil {
					return nil, false, fmt.Errorf("%s cannot move out of turn: a pass %v", r.color, err)
				}
			}
			o := p.Opt
			o.StopEarly, o.Time, o.Playouts = false, 0, limit
			if limit <= 0 {
				o.Playouts = analysisLimit(s)
			}
			return func(ctx context.Context, out func(string)) string {
				o.Stop, o.ReportEvery = ctx.Done(), r.interval
				o.Report = func(an search.Analysis) { out(r.format(s, an)) }
				an, err := search.Search(s, o)
				if ctx.Err() == nil {
					if err != nil {
						out("error " + oneLine(err.Error()))
					} else {
						out(r.format(s, an)) // the whole search, reported once more
					}
				}
				<-ctx.Done()
				return ""
			}, true, nil
		}
	}
	genmove := func(kata bool) StreamHandler {
		return func(e *Engine, a []string) (Stream, bool, error) {
			r, err := e.parseAnalyze(a, kata)
			if err != nil {
				return nil, false, err
			}
			if !e.state.Over() && r.color != e.state.ToMove() && !e.outOfTurn() {
				return nil, false, fmt.Errorf("it is %s's turn, not %s's", e.state.ToMove(), r.color)
			}
			return func(ctx context.Context, out func(string)) string {
				if e.state.Over() {
					return "play pass"
				}
				old := p.Opt
				defer func() { p.Opt = old }()
				s := e.state
				p.Opt.ReportEvery = r.interval
				p.Opt.Report = func(an search.Analysis) { out(r.format(s, an)) }
				m, err := e.genmoveFor(r.color, p)
				if err != nil {
					return "error " + oneLine(err.Error())
				}
				return "play " + vertex(e.state.Graph(), m)
			}, false, nil
		}
	}
	e.RegisterStream("lz-analyze", analyze(false))
	e.RegisterStream("kata-analyze", analyze(true))
	e.RegisterStream("genmove_analyze", genmove(false))
	e.RegisterStream("lz-genmove_analyze", genmove(false))
	e.RegisterStream("kata-genmove_analyze", genmove(true))
}

// vertex writes a move as Leela Zero and KataGo do: points in capitals,
// "pass" and "resign" in small letters.
func vertex(g *board.Graph, m game.Move) string {
	if m.Kind == game.Place {
		return strings.ToUpper(m.Format(g))
	}
	return m.Format(g)
}

// lcb is the lower bound of the 95% Wilson interval of a win rate over n
// playouts: what a move's win rate can be trusted to be at least (0
// without playouts).
func lcb(rate float64, n int) float64 {
	if n == 0 || math.IsNaN(rate) {
		return 0
	}
	const z = 1.96
	v := float64(n)
	low := (rate + z*z/(2*v) - z*math.Sqrt(rate*(1-rate)/v+z*z/(4*v*v))) / (1 + z*z/v)
	return min(1, max(0, low))
}

// format writes one line of analysis: an info item for each move the
// search has tried, in the order of its preference, then with ownership
// the ownership of every point from the player to move's side (a
// rectangle row by row from the top left, as KataGo does; other boards in
// the order of their points).
func (r analyzeRequest) format(s game.State, an search.Analysis) string {
	g := s.Graph()
	var b strings.Builder
	n := 0
	for _, c := range an.Candidates {
		if c.Visits == 0 && n >= r.minMoves {
			continue
		}
		if r.maxMoves > 0 && n >= r.maxMoves {
			break
		}
		rate := c.WinRate
		if c.Visits == 0 {
			rate = 0
		}
		if n > 0 {
			b.WriteByte(' ')
		}
		if r.kata {
			fmt.Fprintf(&b, "info move %s visits %d winrate %.6f prior %.6f lcb %.6f order %d pv", vertex(g, c.Move), c.Visits, rate, c.Prior, lcb(rate, c.Visits), n)
		} else {
			fmt.Fprintf(&b, "info move %s visits %d winrate %d prior %d lcb %d order %d pv", vertex(g, c.Move), c.Visits,
				per10000(rate), per10000(c.Prior), per10000(lcb(rate, c.Visits)), n)
		}
		for _, m := range c.PV {
			b.WriteString(" " + vertex(g, m))
		}
		n++
	}
	if r.ownership {
		if n > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("ownership")
		for _, p := range topDown(g) {
			fmt.Fprintf(&b, " %.4f", an.Ownership[p])
		}
	}
	return b.String()
}

func per10000(x float64) int { return int(math.Round(min(1, max(0, x)) * 10000)) }

// topDown lists a rectangle's points row by row from the top left (a1 is
// point 0, rows go up), other boards' in their order.
func topDown(g *board.Graph) []int {
	pts := make([]int, 0, g.N())
	w, h := g.Size()
	if (g.Kind() == "rect" || g.Kind() == "torus") && w*h == g.N() {
		for y := h - 1; y >= 0; y-- {
			for x := 0; x < w; x++ {
				pts = append(pts, y*w+x)
			}
		}
		return pts
	}
	for p := 0; p < g.N(); p++ {
		pts = append(pts, p)
	}
	return pts
}
