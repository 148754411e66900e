// Package game holds the vocabulary every moku game shares: moves, results,
// illegal-move errors, the State interface the engines implement, the
// optional capabilities some engines add (capability.go), and the Player
// and Estimator interfaces that the computer players implement. The GTP
// engine, the terminal player, records, the search, the served game and
// the server are written against it.
//
// Start with State (what every engine does: LegalMoves, Play, Undo,
// Result), Move and ParseMove, and Text to print a position; catalog.Start
// gives a State of any game.
package game

import (
	"fmt"
	"strings"

	"moku/board"
	"moku/rules"
)

// Kind is the kind of a move.
type Kind uint8

// The kinds of move.
const (
	Place  Kind = iota // a stone on Point
	Pass               // a pass (in Kee, a non-appealing pass)
	Button             // Keil: take the button
	Appeal             // Kee: an appealing pass naming Point
	Resign             // give up (with 3-4 players, leave the game)
)

// Move is one turn's action. Point is meaningful for Place and Appeal only.
type Move struct {
	Kind  Kind
	Point int
}

// At returns the placement on point p.
func At(p int) Move { return Move{Kind: Place, Point: p} }

// Common moves without a point.
var (
	PassMove   = Move{Kind: Pass}
	ButtonMove = Move{Kind: Button}
	ResignMove = Move{Kind: Resign}
)

// Format writes m in the game's notation on board g: a point name ("g7"),
// "pass", "button", "resign" or "appeal-<point>".
func (m Move) Format(g *board.Graph) string {
	switch m.Kind {
	case Place:
		return g.Name(m.Point)
	case Pass:
		return "pass"
	case Button:
		return "button"
	case Appeal:
		return "appeal-" + g.Name(m.Point)
	case Resign:
		return "resign"
	}
	return fmt.Sprintf("move(%d)", m.Kind)
}

// ParseMove reads a move on board g, forgiving case and spaces: "G7", " g 7 ",
// "Pass", "button", "resign", "appeal-a1" (also "appeal a1").
func ParseMove(g *board.Graph, s string) (Move, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "pass":
		return PassMove, nil
	case "button":
		return ButtonMove, nil
	case "resign":
		return ResignMove, nil
	case "":
		return Move{}, fmt.Errorf("empty move")
	}
	kind := Place
	if rest, ok := strings.CutPrefix(t, "appeal"); ok {
		kind, t = Appeal, strings.TrimLeft(rest, "- \t")
	}
	if p, ok := g.Point(t); ok {
		return Move{Kind: kind, Point: p}, nil
	}
	if p, ok := g.Point(strings.Join(strings.Fields(t), "")); ok {
		return Move{Kind: kind, Point: p}, nil
	}
	return Move{}, fmt.Errorf("%q is not a point of this board (%s)", strings.TrimSpace(s), g.Spec())
}

// PlayAll plays the moves written in moves, separated by spaces ("d4
// pass e5 button"), each for the player to move in turn. It stops at the
// first move it cannot read or that is illegal, which stays unplayed, and
// says which one it was: its number in the list and what is wrong with it.
func PlayAll(s State, moves string) error {
	for i, w := range strings.Fields(moves) {
		m, err := ParseMove(s.Graph(), w)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			return fmt.Errorf("move %d of the list (%s): %w", i+1, w, err)
		}
	}
	return nil
}

// Played is a move together with the player who made it.
type Played struct {
	Player board.Color
	Move   Move
}

// IllegalError says why a move is illegal.
type IllegalError struct {
	Move   string // the move as written, e.g. "g7" or "pass"
	Reason string // e.g. "occupied", "suicide", "repeats your position after move 17"
}

// Error says which move is illegal and why: "illegal move c3: c3 is occupied".
func (e *IllegalError) Error() string { return "illegal move " + e.Move + ": " + e.Reason }

// Illegal returns an *IllegalError for m on g.
func Illegal(g *board.Graph, m Move, format string, a ...any) error {
	return &IllegalError{Move: m.Format(g), Reason: fmt.Sprintf(format, a...)}
}

// State is a game in progress under one ruleset: the board, whose turn it
// is, the history, and the rules that decide what is legal. Engines keep no
// state outside it, so a State can be searched by Play and Undo.
type State interface {
	Graph() *board.Graph
	Rules() rules.Ruleset
	// At returns the contents of point p.
	At(p int) board.Color
	// ToMove returns the player whose turn it is.
	ToMove() board.Color
	// Legal returns nil if m is legal for the player to move, or an
	// *IllegalError saying why not.
	Legal(m Move) error
	// Play makes move m for the player to move, or returns an
	// *IllegalError and changes nothing.
	Play(m Move) error
	// Undo takes back the last move; it reports false if there is none.
	Undo() bool
	// LegalMoves appends every legal move (resignation aside) to dst.
	LegalMoves(dst []Move) []Move
	// History returns the moves played so far, in order.
	History() []Played
	// Hash returns a Zobrist hash of the position (the board and everything
	// else the rules consider part of a position).
	Hash() uint64
	// Over reports whether the game has ended.
	Over() bool
	// Result scores the game: the final result once it is over, otherwise
	// the count of the position as it stands.
	Result() Result
	// Clone returns an independent copy of the game: the same position,
	// history and rules, which later moves on either do not affect.
	Clone() State
}

// Text draws s's board as text with the last placement marked.
func Text(s State) string {
	last := -1
	if h := s.History(); len(h) > 0 && h[len(h)-1].Move.Kind == Place {
		last = h[len(h)-1].Move.Point
	}
	return s.Graph().Text(s.At, last)
}

// Actions returns every move made in s, in order, such that playing them on
// a new game reproduces s exactly. For most games that is the History; a
// game whose history can lose moves (Kee's rescissions) provides an Actions
// method with its whole record.
func Actions(s State) []Played {
	if a, ok := s.(Recorded); ok {
		return a.Actions()
	}
	return s.History()
}
