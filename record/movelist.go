// This file implements moku's plain move list, a line-oriented text
// format:
//
//	# a comment runs to the end of the line
//	rules keil-2019 komi=3      (a ruleset as rules.Parse reads it; default go)
//	board hex:5                 (a board as board.Parse reads it; default the game's)
//	B g7                        (a colour, then a move)
//	W f6
//	button                      (the colour may be left out: it is the player to move)
//	12. B pass                  (move numbers such as "12." are ignored)
//
// Several moves may share a line ("B g7 W f6"). Moves are point names,
// pass, button, resign and appeal-<point>, as game.ParseMove reads them.

package record

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"moku/board"
	"moku/catalog"
	"moku/game"
)

// MoveList is a parsed plain move list.
type MoveList struct {
	Rules string // ruleset description ("" for go)
	Board string // board specification ("" for the game's default)
	Moves []Entry
}

// Entry is one move of a move list as written.
type Entry struct {
	Line  int         // 1-based line number in the file
	Color board.Color // the colour written before the move, or Empty
	Move  string      // the move as written
}

// ParseMoveList reads a plain move list. Errors name the line.
func ParseMoveList(r io.Reader) (*MoveList, error) {
	ml := &MoveList{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	sawMove := false
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		switch key := strings.ToLower(fields[0]); key {
		case "rules", "board":
			if sawMove {
				return nil, fmt.Errorf("line %d: %q must come before the first move", n, key)
			}
			if len(fields) < 2 {
				return nil, fmt.Errorf("line %d: %q needs a value", n, key)
			}
			if key == "rules" {
				ml.Rules = strings.Join(fields[1:], " ")
			} else {
				ml.Board = strings.Join(fields[1:], " ")
			}
			continue
		}
		color := board.Empty
		for _, f := range fields {
			if strings.HasSuffix(f, ".") && strings.Trim(f, "0123456789.") == "" {
				continue
			}
			if c, err := board.ParseColor(f); err == nil && color == board.Empty {
				color = c
				continue
			}
			ml.Moves = append(ml.Moves, Entry{Line: n, Color: color, Move: f})
			color = board.Empty
			sawMove = true
		}
		if color != board.Empty {
			return nil, fmt.Errorf("line %d: colour %s with no move after it", n, color)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return ml, nil
}

// ReplayError is the first illegal or unreadable move of a replay.
type ReplayError struct {
	Number int   // 1-based move number
	Entry  Entry // the move as written
	Err    error // why it is illegal
}

// Error names the move that could not be replayed and why.
func (e *ReplayError) Error() string {
	col := ""
	if e.Entry.Color != board.Empty {
		col = e.Entry.Color.Letter() + " "
	}
	return fmt.Sprintf("move %d (line %d) %s%s: %v", e.Number, e.Entry.Line, col, e.Entry.Move, e.Err)
}

// Config returns the game the move list is played under.
func (ml *MoveList) Config() catalog.Config {
	return catalog.Config{Rules: ml.Rules, Board: ml.Board}
}

// Replay plays the move list from the start. It returns the game as far as
// it got and, if a move is unreadable, out of turn or illegal, a
// *ReplayError for the first such move.
func (ml *MoveList) Replay() (game.State, error) {
	s, err := catalog.Start(ml.Config())
	if err != nil {
		return nil, err
	}
	for i, en := range ml.Moves {
		fail := func(err error) (game.State, error) {
			return s, &ReplayError{Number: i + 1, Entry: en, Err: err}
		}
		if en.Color != board.Empty && en.Color != s.ToMove() {
			if s.Over() {
				return fail(fmt.Errorf("the game is over (%s)", s.Result()))
			}
			return fail(fmt.Errorf("it is %s's turn, not %s's", s.ToMove(), en.Color))
		}
		m, err := game.ParseMove(s.Graph(), en.Move)
		if err != nil {
			return fail(err)
		}
		if err := s.Play(m); err != nil {
			return fail(err)
		}
	}
	return s, nil
}

// WriteMoveList writes the game s as a plain move list.
func WriteMoveList(w io.Writer, s game.State) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# moku move list\nrules %s\nboard %s\n", s.Rules(), s.Graph().Spec())
	for i, m := range game.Actions(s) {
		fmt.Fprintf(bw, "%d. %s %s\n", i+1, m.Player.Letter(), m.Move.Format(s.Graph()))
	}
	if s.Over() {
		fmt.Fprintf(bw, "# result %s (%s)\n", s.Result(), s.Result().Reason)
	}
	return bw.Flush()
}
