package gtp

// Handicap and the commands of kgsGtp, the bridge between GTP engines and
// the KGS Go server:
//
//	fixed_handicap N       places N black stones on the standard points
//	                       (GTP 2: 2..9 on odd boards from 9x9, 2..4 on
//	                       7x7 and even boards from 8x8; the 3rd line up to
//	                       12x12, the 4th from 13x13) and lists them
//	place_free_handicap N  places N black stones where the engine likes:
//	                       the standard points as far as they go, then its
//	                       player's choices
//	set_free_handicap V... places black stones on the vertices given
//	kgs-genmove_cleanup C  genmove that does not pass (nor resign) while
//	                       the other side has stones the estimator judges
//	                       dead: it plays on their liberties instead
//	kgs-time_settings ...  none | absolute MAIN | byoyomi MAIN PERIOD
//	                       PERIODS | canadian MAIN PERIOD STONES
//	kgs-rules R            chinese | aga | new_zealand | japanese, as ko
//	                       and suicide rules (moku's Go is scored by area)
//
// Handicap stones are played as moves, Black's stones with White's passes
// between them, so that White moves next and the rules engine sees an
// ordinary game; undo does not take them back (as in GNU Go).

import (
	"fmt"
	"strconv"
	"strings"

	"moku/board"
	"moku/game"
	"moku/search"
)

func init() {
	standard["fixed_handicap"] = (*Engine).fixedHandicap
	standard["place_free_handicap"] = (*Engine).placeFreeHandicap
	standard["set_free_handicap"] = (*Engine).setFreeHandicap
	standard["kgs-genmove_cleanup"] = (*Engine).genmoveCleanup
	standard["kgs-rules"] = (*Engine).kgsRules
}

// handicapPoints returns the standard handicap points of an n×n board for
// k stones, in GTP 2's order, or an error where they are not defined.
func handicapPoints(g *board.Graph, k int) ([]int, error) {
	n, _ := g.Size()
	most := fixedMost(g)
	if k < 2 || k > most {
		if most < 0 {
			return nil, fmt.Errorf("fixed handicap is defined on square boards only, not %s", g.Spec())
		}
		if most == 0 {
			return nil, fmt.Errorf("invalid number of stones: no fixed handicap on %dx%d", n, n)
		}
		return nil, fmt.Errorf("invalid number of stones: %d (2..%d on %dx%d)", k, most, n, n)
	}
	lo := 2 // the 3rd line, from 0
	if n >= 13 {
		lo = 3
	}
	hi, mid := n-1-lo, n/2
	at := func(x, y int) int { return y*n + x }
	corners := []int{at(lo, lo), at(hi, hi), at(lo, hi), at(hi, lo)} // D4 Q16 D16 Q4 on 19x19
	sides := []int{at(lo, mid), at(hi, mid)}                         // D10 Q10
	edges := []int{at(mid, lo), at(mid, hi)}                         // K4 K16
	center := at(mid, mid)
	var pts []int
	switch {
	case k <= 4:
		pts = corners[:k]
	case k == 5:
		pts = append(corners, center)
	case k == 6:
		pts = append(corners, sides...)
	case k == 7:
		pts = append(append(corners, sides...), center)
	case k == 8:
		pts = append(append(corners, sides...), edges...)
	default:
		pts = append(append(append(corners, sides...), edges...), center)
	}
	return pts, nil
}

// fixedMost returns the most stones of fixed handicap on g: 9 on odd
// squares from 9x9, 4 on 7x7 and even squares from 8x8, 0 on smaller
// squares, and -1 on other boards.
func fixedMost(g *board.Graph) int {
	n, h := g.Size()
	switch {
	case g.Kind() != "rect" || n != h:
		return -1
	case n < 7:
		return 0
	case n%2 == 0 || n == 7:
		return 4
	}
	return 9
}

// handicapReady checks that a handicap can be placed: two-player Go on an
// empty board with no move made.
func (e *Engine) handicapReady() error {
	if e.game != "go" || e.state.Rules().Players != 2 {
		return fmt.Errorf("handicap stones are for two-player Go, not %s", e.game)
	}
	if len(e.state.History()) > 0 {
		return fmt.Errorf("board not empty")
	}
	for p := 0; p < e.state.Graph().N(); p++ {
		if e.state.At(p) != board.Empty {
			return fmt.Errorf("board not empty")
		}
	}
	return nil
}

// placeHandicap plays Black's stones on pts with White's passes between
// them; on failure it takes them back and changes nothing.
func (e *Engine) placeHandicap(pts []int) error {
	made := 0
	fail := func(err error) error {
		for ; made > 0; made-- {
			e.state.Undo()
		}
		return err
	}
	for i, p := range pts {
		if i > 0 {
			if err := impliedPass(e.state); err != nil {
				return fail(fmt.Errorf("white's pass between handicap stones %v", err))
			}
			made++
		}
		if err := e.state.Play(game.Move{Kind: game.Place, Point: p}); err != nil {
			return fail(err)
		}
		made++
	}
	e.setup = made
	return nil
}

func (e *Engine) fixedHandicap(a []string) (string, error) {
	if len(a) != 1 {
		return "", fmt.Errorf("usage: fixed_handicap <number of stones>")
	}
	k, err := strconv.Atoi(a[0])
	if err != nil {
		return "", fmt.Errorf("syntax error: %q is not a number of stones", a[0])
	}
	if err := e.handicapReady(); err != nil {
		return "", err
	}
	pts, err := handicapPoints(e.state.Graph(), k)
	if err != nil {
		return "", err
	}
	if err := e.placeHandicap(pts); err != nil {
		return "", err
	}
	return e.names(pts), nil
}

func (e *Engine) placeFreeHandicap(a []string) (string, error) {
	if len(a) != 1 {
		return "", fmt.Errorf("usage: place_free_handicap <number of stones>")
	}
	k, err := strconv.Atoi(a[0])
	n := e.state.Graph().N()
	if err != nil || k < 2 || k >= n {
		return "", fmt.Errorf("invalid number of stones: %q (2..%d on this board)", a[0], n-1)
	}
	if err := e.handicapReady(); err != nil {
		return "", err
	}
	var pts []int
	if most := fixedMost(e.state.Graph()); most >= 2 {
		pts, _ = handicapPoints(e.state.Graph(), min(k, most))
	}
	if err := e.placeHandicap(pts); err != nil {
		return "", err
	}
	for len(pts) < k {
		if len(pts) > 0 {
			if err := impliedPass(e.state); err != nil {
				return "", e.undoSetup(fmt.Errorf("white's pass between handicap stones %v", err))
			}
		}
		m, err := e.player.Genmove(e.state)
		if err == nil && m.Kind != game.Place {
			m, err = firstPlacement(e.state)
		}
		if err == nil {
			err = e.state.Play(m)
		}
		if err != nil {
			if len(pts) > 0 {
				e.state.Undo()
			}
			return "", e.undoSetup(err)
		}
		pts = append(pts, m.Point)
	}
	e.setup = len(e.state.History())
	return e.names(pts), nil
}

// undoSetup takes back every move (the handicap placed so far) and
// returns err.
func (e *Engine) undoSetup(err error) error {
	for e.state.Undo() {
	}
	e.setup = 0
	return err
}

// firstPlacement returns the first legal placement of s.
func firstPlacement(s game.State) (game.Move, error) {
	for _, m := range s.LegalMoves(nil) {
		if m.Kind == game.Place {
			return m, nil
		}
	}
	return game.Move{}, fmt.Errorf("no room for another handicap stone")
}

func (e *Engine) setFreeHandicap(a []string) (string, error) {
	n := e.state.Graph().N()
	if len(a) < 2 || len(a) >= n {
		return "", fmt.Errorf("bad vertex list: want 2..%d vertices", n-1)
	}
	if err := e.handicapReady(); err != nil {
		return "", err
	}
	seen := map[int]bool{}
	var pts []int
	for _, v := range a {
		p, ok := e.state.Graph().Point(v)
		if !ok || seen[p] {
			return "", fmt.Errorf("bad vertex list: %q", v)
		}
		seen[p] = true
		pts = append(pts, p)
	}
	if err := e.placeHandicap(pts); err != nil {
		return "", fmt.Errorf("bad vertex list: %v", err)
	}
	return "", nil
}

func (e *Engine) names(pts []int) string {
	names := make([]string, len(pts))
	for i, p := range pts {
		names[i] = e.state.Graph().Name(p)
	}
	return strings.Join(names, " ")
}

// cleanupPlayouts is the look-ahead of kgs-genmove_cleanup's judgement of
// dead stones when the engine has no estimator (SetEstimator).
const cleanupPlayouts = 1000

// genmoveCleanup answers kgs-genmove_cleanup <color>: as genmove, but
// while the other side has stones judged dead (by the engine's estimator,
// or playouts), it neither passes nor resigns: it plays a liberty of the
// dead group with the fewest liberties, where that is legal and not a
// self-atari, so that the dead stones come off the board.
func (e *Engine) genmoveCleanup(a []string) (string, error) {
	if len(a) != 1 {
		return "", fmt.Errorf("usage: kgs-genmove_cleanup <color>")
	}
	c, err := e.color(a[0])
	if err != nil {
		return "", err
	}
	// A game ended by passes is resumed (the dispute over dead stones
	// that kgsGtp settles by cleanup); if the move chosen is a pass after
	// all, the game ends as it did.
	redo := e.resume()
	if e.state.Over() {
		return "pass", nil
	}
	back, err := e.turn(c)
	if err != nil {
		if redo != nil {
			redo()
		}
		return "", err
	}
	m, err := e.player.Genmove(e.state)
	if err == nil && m.Kind != game.Place {
		if cm, ok, cerr := e.cleanupMove(c); cerr != nil {
			err = cerr
		} else if ok {
			m = cm
		}
	}
	if err == nil && redo != nil && (m.Kind == game.Pass || m.Kind == game.Resign) {
		// Nothing to clean up: the game that two passes ended stays so
		// (a resignation here would throw away its result).
		if back != nil {
			back()
		}
		redo()
		return "pass", nil
	}
	if err == nil {
		if err = e.state.Play(m); err != nil {
			err = fmt.Errorf("%s player chose an illegal move: %v", e.player.Name(), err)
		}
	}
	if err != nil {
		if back != nil {
			back()
		}
		if redo != nil {
			redo()
		}
		return "", err
	}
	return m.Format(e.state.Graph()), nil
}

// cleanupMove finds a placement for c on a liberty of the other side's
// dead stones: of the group with the fewest liberties, the first liberty
// that is legal and leaves c's new group more than one liberty (or
// captures). ok is false when no stone is dead or no such move exists.
func (e *Engine) cleanupMove(c board.Color) (game.Move, bool, error) {
	est := e.estimator
	if est == nil {
		est = search.Playouts{N: cleanupPlayouts, Seed: uint64(len(e.state.History()))}
	}
	estimate, err := est.Estimate(e.state)
	if err != nil {
		return game.Move{}, false, err
	}
	s := e.state
	g := s.Graph()
	grouped, _ := s.(game.Grouped)
	dead := map[int]bool{}
	for _, q := range game.DeadStones(s, estimate) {
		if s.At(q) != c {
			dead[q] = true
		}
	}
	var best []int
	done := map[int]bool{}
	for q := 0; q < g.N(); q++ {
		if !dead[q] || done[q] {
			continue
		}
		stones, libs := []int{q}, []int(nil)
		if grouped != nil {
			stones, libs = grouped.Group(q)
		} else {
			for _, n := range g.Neighbors(q) {
				if s.At(int(n)) == board.Empty {
					libs = append(libs, int(n))
				}
			}
		}
		for _, p := range stones {
			done[p] = true
		}
		var ok []int
		for _, p := range libs {
			m := game.Move{Kind: game.Place, Point: p}
			if s.Play(m) != nil {
				continue
			}
			safe := grouped == nil || s.At(q) == board.Empty
			if !safe {
				_, own := grouped.Group(p)
				safe = len(own) > 1
			}
			s.Undo()
			if safe {
				ok = append(ok, p)
			}
		}
		if len(ok) > 0 && (best == nil || len(libs) < len(best)) {
			best = ok
			if len(libs) == 1 {
				break
			}
		}
	}
	if len(best) == 0 {
		return game.Move{}, false, nil
	}
	return game.Move{Kind: game.Place, Point: best[0]}, true, nil
}

// kgsRules answers kgs-rules: the ko and suicide rules of KGS's rulesets
// (the same as KataGo's shorthands); moku's Go is scored by area under
// each of them.
func (e *Engine) kgsRules(a []string) (string, error) {
	if len(a) != 1 {
		return "", fmt.Errorf("usage: kgs-rules chinese|aga|japanese|new_zealand")
	}
	if e.game != "go" {
		return "", fmt.Errorf("kgs-rules: the game is %s, not go", e.game)
	}
	set := map[string][2]string{
		"chinese":     {"positional", "forbidden"},
		"aga":         {"situational", "forbidden"},
		"japanese":    {"simple", "forbidden"},
		"new_zealand": {"situational", "allowed"},
	}[strings.ToLower(a[0])]
	if set[0] == "" {
		return "", fmt.Errorf("kgs-rules: unknown rules %q (want chinese, aga, japanese or new_zealand)", a[0])
	}
	old := e.cfg
	if err := e.setOverride("ko", set[0], true); err != nil {
		return "", err
	}
	if err := e.setOverride("suicide", set[1], true); err != nil {
		e.cfg = old
		_ = e.rebuildKeeping()
		return "", err
	}
	return "", nil
}

// rebuildKeeping replays the game under e.cfg.
func (e *Engine) rebuildKeeping() error { return e.rebuild(game.Actions(e.state)) }
