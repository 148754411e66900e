package gtp

import (
	"fmt"
	"strconv"
	"strings"

	"moku/board"
	"moku/game"
	"moku/search"
)

// GoGui's game-rules extension (the "ruler" protocol of GoGui 1.5 and later,
// https://github.com/Remi-Coulom/gogui) lets GoGui draw and play games other
// than Go: it asks the engine for the board (gogui-rules_board), its size and
// shape (gogui-rules_board_size), the legal moves, the side to move and the
// result, and sends plain play, genmove, boardsize and clear_board.
//
// GoGui names points as GTP does: a column letter A..Z without I, upper
// case, and the row from 1 at the bottom. It draws a hexagonal board as a
// rhombus whose point (x, y) touches (x±1, y), (x, y±1), (x+1, y+1) and
// (x-1, y-1): the lattice of moku's hexhex (board.Hex), so a hexhex of side
// n is the rhombus of width 2n-1 with the cells outside the hexagon marked
// off ("?" in gogui-rules_board). It knows no button and no appeal.
//
// So an engine talking to GoGui speaks GoGui's dialect, which it takes up
// at the first gogui-rules_ command other than gogui-rules_game_id it
// receives (GoGui asks each program it attaches, player or ruler, for
// gogui-rules_board_size before any move; moku match asks only for
// gogui-rules_game_id, and its engines keep moku's moves) and keeps until
// it ends:
//   - play and genmove write points in GoGui's names (on a hexhex of side 5
//     or more, moku's column i is GoGui's J, and so on);
//   - GoGui's pass is the button when the button is legal and a pass is not
//     (Keil), and a point is an appeal on it when only the appeal is legal
//     there (Kee); genmove answers a button as pass and an appeal by its
//     point;
//   - boardsize N with N the width GoGui was told (2n-1 for a hexhex) keeps
//     the board and clears it, another odd N on a hexhex asks for the side
//     (N+1)/2.
//
// Outside that dialect, play, genmove and boardsize are moku's own. The gogui-rules_ answers are always in GoGui's
// names.

// ownershipPlayouts is the number of playouts of the ownership display when
// the engine has no estimator of its own (SetEstimator).
const ownershipPlayouts = 400

// goguiAlphabet are GoGui's column letters: A..Z without I.
const goguiAlphabet = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

// goguiFrame places a board's points on GoGui's grid.
type goguiFrame struct {
	w, h int
	geom string // "rect" or "hex"
	xy   [][2]int
	at   []int // point at x + y*w, or -1
}

// newGoGuiFrame reads a rectangle's, torus's or hexhex's points from their
// names (column letter, then row from 1: board.Rect, board.Hex); other
// boards have no place on GoGui's grid.
func newGoGuiFrame(g *board.Graph) (*goguiFrame, error) {
	f := &goguiFrame{geom: "rect"}
	letters := "abcdefghjklmnopqrstuvwxyz" // board.Rect's
	switch g.Kind() {
	case "rect", "torus":
		f.w, f.h = g.Size()
	case "hex":
		f.w, f.h, f.geom = 2*g.Side()-1, 2*g.Side()-1, "hex"
		letters = "abcdefghijklmnopqrstuvwxy" // board.Hex's
	default:
		return nil, fmt.Errorf("GoGui draws rectangles and hexagons, not the board %s", g.Spec())
	}
	f.xy = make([][2]int, g.N())
	f.at = make([]int, f.w*f.h)
	for i := range f.at {
		f.at[i] = -1
	}
	for p := 0; p < g.N(); p++ {
		name := g.Name(p)
		x := strings.IndexByte(letters, name[0])
		y, err := strconv.Atoi(name[1:])
		if x < 0 || x >= f.w || err != nil || y < 1 || y > f.h || f.at[x+(y-1)*f.w] >= 0 {
			return nil, fmt.Errorf("GoGui: point %s of the board %s has no place on a %dx%d grid", name, g.Spec(), f.w, f.h)
		}
		f.xy[p] = [2]int{x, y - 1}
		f.at[x+(y-1)*f.w] = p
	}
	return f, nil
}

// size answers gogui-rules_board_size: "N" for a square, "W H" for another
// rectangle, "D hex" for a hexhex in its rhombus of width D.
func (f *goguiFrame) size() string {
	switch {
	case f.geom == "hex":
		return fmt.Sprintf("%d hex", f.w)
	case f.w == f.h:
		return strconv.Itoa(f.w)
	}
	return fmt.Sprintf("%d %d", f.w, f.h)
}

// name returns point p's GoGui name ("J5").
func (f *goguiFrame) name(p int) string {
	return goguiAlphabet[f.xy[p][0]:f.xy[p][0]+1] + strconv.Itoa(f.xy[p][1]+1)
}

// point reads a GoGui name, in either case.
func (f *goguiFrame) point(s string) (int, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if len(s) < 2 {
		return -1, false
	}
	x := strings.IndexByte(goguiAlphabet, s[0])
	y, err := strconv.Atoi(s[1:])
	if x < 0 || x >= f.w || err != nil || y < 1 || y > f.h {
		return -1, false
	}
	p := f.at[x+(y-1)*f.w]
	return p, p >= 0
}

// gogui is an engine's GoGui dialect.
type gogui struct {
	on    bool
	graph *board.Graph // the board frame was made for
	frame *goguiFrame
}

// frameOf returns the GoGui grid of the engine's board.
func (gg *gogui) frameOf(e *Engine) (*goguiFrame, error) {
	g := e.state.Graph()
	if gg.graph != g || gg.frame == nil {
		f, err := newGoGuiFrame(g)
		if err != nil {
			return nil, err
		}
		gg.graph, gg.frame = g, f
	}
	return gg.frame, nil
}

// registerGoGui adds GoGui's game-rules commands and the ownership display
// to e, and makes play, genmove and boardsize speak GoGui's dialect once a
// gogui-rules_ command has come.
func registerGoGui(e *Engine) {
	gg := &gogui{}
	// Any rules command but gogui-rules_game_id turns the dialect on:
	// GoGui asks gogui-rules_board_size of each program it attaches before
	// anything else, while moku match asks only for the game's name, and
	// its engines must go on speaking moku's own moves (the button).
	rule := func(h func(e *Engine, f *goguiFrame) (string, error)) Handler {
		return func(e *Engine, _ []string) (string, error) {
			gg.on = true
			f, err := gg.frameOf(e)
			if err != nil {
				return "", err
			}
			return h(e, f)
		}
	}
	e.Register("gogui-rules_game_id", func(e *Engine, _ []string) (string, error) {
		return map[string]string{"go": "Go", "keil": "Keil", "kee": "Kee", "ki": "Ki"}[e.game], nil
	})
	e.Register("gogui-rules_board_size", rule(func(_ *Engine, f *goguiFrame) (string, error) { return f.size(), nil }))
	e.Register("gogui-rules_board", rule(goguiBoard))
	e.Register("gogui-rules_legal_moves", rule(goguiLegalMoves))
	e.Register("gogui-rules_side_to_move", rule(func(e *Engine, _ *goguiFrame) (string, error) {
		return e.state.ToMove().String(), nil
	}))
	e.Register("gogui-rules_final_result", rule(func(e *Engine, _ *goguiFrame) (string, error) {
		if !e.state.Over() {
			return "unknown", nil
		}
		r, err := e.judged()
		if err != nil {
			return "", err
		}
		return r.String(), nil
	}))
	e.Register("gogui-rules_captured_count", rule(goguiCaptured))
	e.Register("gogui-analyze_commands", func(*Engine, []string) (string, error) {
		return "gfx/Ownership/moku-ownership-gfx", nil
	})
	e.Register("moku-ownership-gfx", func(e *Engine, _ []string) (string, error) {
		f, err := gg.frameOf(e)
		if err != nil {
			return "", err
		}
		return ownershipGfx(e, f)
	})

	play, boardsize := e.handlers["play"], e.handlers["boardsize"]
	e.Register("play", func(e *Engine, a []string) (string, error) {
		if !gg.on || len(a) != 2 {
			return play(e, a)
		}
		f, err := gg.frameOf(e)
		if err != nil {
			return "", err
		}
		m, err := goguiMove(e, f, a[1])
		if err != nil {
			return "", err
		}
		return play(e, []string{a[0], m})
	})
	for _, name := range []string{"genmove", "reg_genmove"} {
		genmove := e.handlers[name]
		e.Register(name, func(e *Engine, a []string) (string, error) {
			out, err := genmove(e, a)
			if !gg.on || err != nil {
				return out, err
			}
			f, err := gg.frameOf(e)
			if err != nil {
				return "", err
			}
			m, err := game.ParseMove(e.state.Graph(), out)
			if err != nil {
				return out, nil // resign
			}
			return goguiName(f, m), nil
		})
	}
	e.Register("boardsize", func(e *Engine, a []string) (string, error) {
		if !gg.on || len(a) != 1 {
			return boardsize(e, a)
		}
		n, err := strconv.Atoi(a[0])
		f, ferr := gg.frameOf(e)
		if err != nil || ferr != nil {
			return boardsize(e, a)
		}
		switch {
		case n == f.w:
			return "", e.rebuild(nil)
		case f.geom != "hex":
			return boardsize(e, a)
		case n%2 == 0:
			return "", fmt.Errorf("unacceptable size: GoGui's hexagons are %d wide (2n-1 for side n), not %d", f.w, n)
		}
		return boardsize(e, []string{strconv.Itoa((n + 1) / 2)})
	})
}

// goguiName writes m as GoGui reads it: a point, or pass for a pass or the
// button; an appeal is its point.
func goguiName(f *goguiFrame, m game.Move) string {
	switch m.Kind {
	case game.Place, game.Appeal:
		return f.name(m.Point)
	case game.Pass, game.Button:
		return "pass"
	}
	return "resign"
}

// goguiMove reads GoGui's move s into moku's notation: pass is the button
// where only the button is legal, a point is the appeal on it where only the
// appeal is legal.
func goguiMove(e *Engine, f *goguiFrame, s string) (string, error) {
	g := e.state.Graph()
	switch t := strings.ToLower(strings.TrimSpace(s)); t {
	case "pass":
		if e.state.Legal(game.PassMove) != nil && e.state.Legal(game.ButtonMove) == nil {
			return "button", nil
		}
		return t, nil
	case "resign":
		return t, nil
	}
	p, ok := f.point(s)
	if !ok {
		return "", fmt.Errorf("invalid coordinate: %q is not a point of GoGui's %dx%d board", s, f.w, f.h)
	}
	appeal := game.Move{Kind: game.Appeal, Point: p}
	if e.state.Legal(game.At(p)) != nil && e.state.Legal(appeal) == nil {
		return appeal.Format(g), nil
	}
	return g.Name(p), nil
}

// goguiBoard answers gogui-rules_board: the rows from the top, "X" black,
// "O" white, "." empty and "?" a cell of the rhombus outside the hexagon.
func goguiBoard(e *Engine, f *goguiFrame) (string, error) {
	if n := e.state.Rules().Players; n > 2 {
		return "", fmt.Errorf("GoGui draws two players' stones; this game has %d", n)
	}
	var sb strings.Builder
	for y := f.h - 1; y >= 0; y-- {
		sb.WriteByte('\n')
		for x := 0; x < f.w; x++ {
			if x > 0 {
				sb.WriteByte(' ')
			}
			p := f.at[x+y*f.w]
			if p < 0 {
				sb.WriteByte('?')
				continue
			}
			sb.WriteByte(e.state.At(p).Symbol())
		}
	}
	return sb.String(), nil
}

// goguiLegalMoves answers gogui-rules_legal_moves: the points where the
// player to move may play or appeal, then pass if passing or the button is
// legal; nothing once the game is over.
func goguiLegalMoves(e *Engine, f *goguiFrame) (string, error) {
	if e.state.Over() {
		return "", nil
	}
	var names []string
	seen := map[string]bool{}
	for _, m := range e.state.LegalMoves(nil) {
		n := goguiName(f, m)
		if m.Kind == game.Resign || seen[n] {
			continue
		}
		seen[n] = true
		names = append(names, n)
	}
	// pass last, as GoGui's own rulers write it
	for i, n := range names {
		if n == "pass" {
			names = append(append(names[:i:i], names[i+1:]...), "pass")
			break
		}
	}
	return strings.Join(names, " "), nil
}

// goguiCaptured answers gogui-rules_captured_count: the white stones
// captured (by Black), then the black stones captured (by White), counted
// as the stones played or set up that are no longer on the board.
func goguiCaptured(e *Engine, _ *goguiFrame) (string, error) {
	s, err := e.start()
	if err != nil {
		return "", err
	}
	var lost [board.MaxPlayers + 1]int
	g := s.Graph()
	for p := 0; p < g.N(); p++ {
		lost[s.At(p)]++
		lost[e.state.At(p)]--
	}
	for _, m := range e.state.History() {
		if m.Move.Kind == game.Place {
			lost[m.Player]++
		}
	}
	return fmt.Sprintf("%d %d", lost[board.White], lost[board.Black]), nil
}

// ownershipGfx answers moku-ownership-gfx, GoGui's gfx display of who owns
// each point: INFLUENCE from +1 (Black's) to -1 (White's), by the engine's
// estimator or, without one, by search.Playouts, and Black's winning
// chance and expected margin as TEXT.
func ownershipGfx(e *Engine, f *goguiFrame) (string, error) {
	if n := e.state.Rules().Players; n > 2 {
		return "", fmt.Errorf("the ownership display is for two players; this game has %d", n)
	}
	est := e.estimator
	if est == nil {
		est = search.Playouts{N: ownershipPlayouts, Seed: 1}
	}
	r, err := est.Estimate(e.state)
	if err != nil {
		return "", err
	}
	g := e.state.Graph()
	if len(r.Ownership) != g.N() {
		return "", fmt.Errorf("the estimator gave no ownership")
	}
	var sb strings.Builder
	sb.WriteString("INFLUENCE")
	for p := 0; p < g.N(); p++ {
		fmt.Fprintf(&sb, " %s %.2f", f.name(p), r.Ownership[p])
	}
	fmt.Fprintf(&sb, "\nTEXT black wins %.0f%%, expected margin %+.1f", 100*r.WinRate, r.Margin)
	return sb.String(), nil
}
