package playout

import (
	"math/bits"

	"moku/board"
	"moku/game"
	"moku/internal/cacheline"
)

// turn is what the liberty boards (GoBoard, SquareBoard, KeilBoard,
// HexKeilBoard) keep of a game beside their stones: whose turn it is, the
// simple-ko ban, the passes in succession, Keil's button, each player's
// komi, and the placements and owners the search reads after a playout.
// The boards differ in how they lay out and link their points; the turn
// order, the end of a playout and the bonuses of the count are the same
// for all of them, and live here.
type turn struct {
	n       int // points of the graph
	players int
	toMove  board.Color
	ko      int32 // the board's index the player to move may not play, or -1
	passes  int   // passes in succession (taking the button is not one)
	button  bool  // the button is in play (Keil)
	taken   board.Color
	komi    [board.MaxPlayers + 1]float64 // by player
	steps   []Step
	owner   []board.Color // by point of the graph, as the last Score left it
}

// newTurn returns the turn of the start of a game on n points, with
// White's komi (the search's Load sets every player's from the rules).
func newTurn(n, players int, button bool, komi float64) turn {
	t := turn{n: n, players: players, toMove: board.Black, ko: -1, button: button,
		steps: cacheline.Make[Step](0, 3*n+1), owner: cacheline.Make[board.Color](n, n)}
	t.komi[board.White] = komi
	return t
}

// load takes the turn of position s: the player to move, the komis and
// the button (s must have a Button method, as liberty.Position has, for
// the button to be known taken). The ko ban and the passes start afresh:
// the rules engine has already decided the position's repetitions.
func (t *turn) load(s game.State) {
	t.toMove = s.ToMove()
	r := s.Rules()
	for c := board.Black; int(c) <= t.players; c++ {
		t.komi[c] = r.KomiOf(c)
	}
	t.button = r.Button
	t.taken = board.Empty
	if bs, ok := s.(interface{ Button() board.Color }); ok {
		t.taken = bs.Button()
	}
	t.ko, t.passes = -1, 0
	t.steps = t.steps[:0]
}

// The ways a turn ends, as Play takes them: a placement (any point >= 0),
// a pass, or taking the button.
const (
	passTurn   = -1
	takeButton = -2
)

// end ends the turn of the player to move, who placed a stone (p >= 0),
// passed, or took the button.
func (t *turn) end(p int) {
	switch {
	case p >= 0:
		t.passes = 0
	case p == takeButton:
		t.taken = t.toMove
		t.passes, t.ko = 0, -1
	default:
		t.passes++
		t.ko = -1
	}
	t.toMove = t.toMove%board.Color(t.players) + 1
}

// ButtonLegal reports whether the player to move may take the button.
func (t *turn) ButtonLegal() bool { return t.button && t.taken == board.Empty }

// ToMove returns the player to move.
func (t *turn) ToMove() board.Color { return t.toMove }

// Steps returns the placements of the last playout.
func (t *turn) Steps() []Step { return t.steps }

// Owner returns whom point p counted for at the end of the last Score.
func (t *turn) Owner(p int) board.Color { return t.owner[p] }

// mover is a board's move of the policy: it places a stone of the player
// to move where its policy chooses and reports whether it found a place.
type mover interface {
	randomMove(r *Rand) bool
}

// playout is the loop every liberty board plays: the policy's move; a
// player without one takes the button if it is there and passes
// otherwise. It stops when every player has passed in succession, or
// after 3 moves a point, and returns the moves made.
func (t *turn) playout(m mover, r *Rand) int {
	t.steps = t.steps[:0]
	limit := 3 * t.n
	moves := 0
	for t.passes < t.players && moves < limit {
		switch {
		case m.randomMove(r):
			t.end(0)
		case t.ButtonLegal():
			t.end(takeButton)
		default:
			t.end(passTurn)
		}
		moves++
	}
	return moves
}

// bonus adds to a count each player's komi and the button's half point.
func (t *turn) bonus(score *[board.MaxPlayers + 1]float64) {
	for c := board.Black; int(c) <= t.players; c++ {
		score[c] += t.komi[c]
	}
	if t.taken != board.Empty {
		score[t.taken] += 0.5
	}
}

// soleOwner returns the player whose bit (1<<colour) is the only one set
// in touch: the owner of an empty region that reaches that player's
// stones alone. It returns Empty for a region that reaches no stones or
// several players'.
func soleOwner(touch uint8) board.Color {
	if touch == 0 || touch&(touch-1) != 0 {
		return board.Empty
	}
	return board.Color(bits.TrailingZeros8(touch))
}
