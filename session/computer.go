package session

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"moku/board"
	"moku/catalog"
	"moku/game"
)

// Player is a computer seat's mind: its moves, its side of Keil's komi
// pie, and its estimate of how a finished game stands, by which it judges
// a marking of dead stones.
type Player interface {
	game.Player
	game.Estimator
	// ProposeKomi names the komi that balances the game starting as s.
	ProposeKomi(s game.State) (float64, error)
	// ChooseColor chooses the colour to play once the komi is named.
	ChooseColor(s game.State, komi float64) (board.Color, error)
}

// Due returns the computer seat that must act now, if any: to answer an
// undo request, to name the komi or choose a colour, to move, or to judge
// a marking of dead stones.
func (g *Game) Due() (seat int, ok bool) {
	if g.undoBy >= 0 {
		for i, s := range g.cfg.Seats {
			if s.Kind == Computer && i != g.undoBy {
				return i, true
			}
		}
	}
	if g.phase == Scoring {
		for i, s := range g.cfg.Seats {
			if s.Kind == Computer && !g.accept[i] {
				return i, true
			}
		}
		return -1, false
	}
	seat = g.ToMove()
	if seat >= 0 && g.cfg.Seats[seat].Kind == Computer {
		return seat, true
	}
	return -1, false
}

// Decide returns the action of computer seat seat, due now (Due), as p
// decides it. It thinks on the game, which it may change: call it on a
// Clone when the game is shared.
func (g *Game) Decide(seat int, p Player) (Action, error) {
	a := Action{Seat: seat}
	switch {
	case g.undoBy >= 0 && g.undoBy != seat:
		a.Kind = UndoAccept
	case g.phase == Scoring:
		return g.judge(seat, p)
	case g.phase == Setup && seat == 0:
		start, err := catalog.New(g.r, g.cfg.Board)
		if err != nil {
			return a, err
		}
		komi, err := p.ProposeKomi(start)
		if err != nil {
			return a, err
		}
		a.Kind, a.Arg = Komi, strconv.FormatFloat(komi, 'f', -1, 64)
	case g.phase == Setup:
		start, err := catalog.New(g.r, g.cfg.Board)
		if err != nil {
			return a, err
		}
		komi, _ := strconv.ParseFloat(g.pieKomi, 64)
		c, err := p.ChooseColor(start, komi)
		if err != nil {
			return a, err
		}
		a.Kind, a.Arg = Choose, c.String()
	case g.phase == Playing:
		m, err := p.Genmove(g.state)
		if err != nil {
			return a, err
		}
		a.Kind, a.Arg = Move, m.Format(g.cfg.Board)
	default:
		return a, fmt.Errorf("seat %d has nothing to do (%s)", seat, g.phase)
	}
	return a, nil
}

// judge is a computer seat's answer to the marking of dead stones: it
// accepts a marking that kills none of its stones it holds alive and
// leaves it no worse off than its own estimate says it is (the marking it
// would make itself, or a gift); otherwise it
// proposes its own marking, once since play stopped, and if the others
// still mark otherwise, it goes back to play, so that the board decides.
func (g *Game) judge(seat int, p Player) (Action, error) {
	a := Action{Seat: seat}
	est, err := p.Estimate(g.state)
	if err != nil {
		return a, err
	}
	own := game.DeadStones(g.state, est)
	c := g.colors[seat]
	if g.acceptable(own, c) {
		a.Kind = Accept
		return a, nil
	}
	if !g.proposed[seat] {
		var names []string
		for _, q := range own {
			names = append(names, g.cfg.Board.Name(q))
		}
		a.Kind, a.Arg = Dead, strings.Join(names, " ")
		return a, nil
	}
	a.Kind = Resume
	return a, nil
}

// acceptable reports whether player c, whose own marking is own, accepts
// the marking as it stands: it marks none of c's stones that c holds
// alive, and leaves c no worse off than c's own marking would (a gift of
// the others' stones is taken; a marking that spares their dead stones is
// not).
func (g *Game) acceptable(own []int, c board.Color) bool {
	marked := g.Dead()
	if slices.Equal(own, marked) {
		return true
	}
	for _, q := range marked {
		if g.state.At(q) == c && !slices.Contains(own, q) {
			return false
		}
	}
	return !worse(g.resultWithout(marked), g.resultWithout(own), c)
}

// resultWithout scores the board with the stones on dead removed.
func (g *Game) resultWithout(dead []int) game.Result {
	if w, ok := g.state.(game.DeadRemovable); ok {
		return w.ResultWithout(dead)
	}
	return g.state.Result()
}

// worse reports whether result x is worse for player c than result y: a
// lower rank, or the same rank with a smaller lead over the best other
// player (a larger deficit).
func worse(x, y game.Result, c board.Color) bool {
	rx, ry := x.Rank()[c], y.Rank()[c]
	if rx != ry {
		return rx > ry
	}
	return lead(x, c) < lead(y, c)
}

// lead returns c's score minus the best other player's.
func lead(r game.Result, c board.Color) float64 {
	best := 0.0
	first := true
	for o := board.Black; int(o) <= r.Players; o++ {
		if o != c && (first || r.Score[o] > best) {
			best, first = r.Score[o], false
		}
	}
	return r.Score[c] - best
}
