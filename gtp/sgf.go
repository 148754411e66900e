package gtp

// GNU Go's record commands for every game moku plays:
//
//	loadsgf FILE [move]  loads the first game of an SGF file: its board,
//	                     ruleset and main line, stopping before move number
//	                     <move> or before the first move at vertex <move>;
//	                     answers the colour to move
//	printsgf [FILE]      writes the game as SGF to FILE, or answers with it;
//	                     after loadsgf, the record loaded with the moves
//	                     played since: its root properties (players, date,
//	                     rules as named, application...), comments and
//	                     variations are kept (record.Record.Follow)

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/record"
	"moku/rules"
)

// loaded is a record loaded by loadsgf: its board, which a board
// specification cannot name (a graph that travelled inside the record, or
// a board with set-up stones), and the record itself, which printsgf
// continues.
type loaded struct {
	play *board.Graph   // the board games start on
	base *board.Graph   // the record's board without its set-up
	rec  *record.Record // the record as read
}

func registerSGF(e *Engine) {
	e.Register("loadsgf", (*Engine).loadSGF)
	e.Register("printsgf", (*Engine).printSGF)
}

// build is cfg.Build, on the loaded board if there is one.
func (e *Engine) build() (rules.Ruleset, *board.Graph, error) {
	if e.loaded == nil {
		return e.cfg.Build()
	}
	g := e.loaded.play
	r, err := rules.Parse(e.cfg.Rules, g)
	if err != nil {
		return r, nil, err
	}
	for _, o := range e.cfg.Overrides {
		k, v, _ := strings.Cut(o, "=")
		if err := r.Set(k, v); err != nil {
			return r, nil, err
		}
	}
	return r, g, r.Validate(g)
}

// start starts a new game as configured.
func (e *Engine) start() (game.State, error) {
	r, g, err := e.build()
	if err != nil {
		return nil, err
	}
	return catalog.New(r, g)
}

func (e *Engine) loadSGF(a []string) (string, error) {
	if len(a) < 1 || len(a) > 2 {
		return "", fmt.Errorf("usage: loadsgf <file> [move number or vertex]")
	}
	data, err := os.ReadFile(a[0])
	if err != nil {
		return "", fmt.Errorf("cannot open or parse '%s': %v", a[0], err)
	}
	recs, err := record.ReadSGF(data)
	if err != nil {
		return "", fmt.Errorf("cannot open or parse '%s': %v", a[0], err)
	}
	rec := recs[0]
	s, err := rec.Start()
	if err != nil {
		return "", fmt.Errorf("%s: %v", a[0], err)
	}
	stopAt, stopVertex := -1, -1
	if len(a) == 2 {
		if n, err := strconv.Atoi(a[1]); err == nil {
			stopAt = n
		} else if p, ok := s.Graph().Point(a[1]); ok {
			stopVertex = p
		} else {
			return "", fmt.Errorf("invalid move number or vertex %q", a[1])
		}
	}
	number := 0
	for _, m := range rec.Moves {
		if !m.Implied {
			number++
		}
		if number == stopAt || (m.Move.Kind == game.Place && m.Move.Point == stopVertex) {
			break
		}
		if m.Player != s.ToMove() {
			return "", fmt.Errorf("%s: move %d (%s) %s: it is %s's turn", a[0], number, m.Pos, m.Player, s.ToMove())
		}
		if err := s.Play(m.Move); err != nil {
			return "", fmt.Errorf("%s: move %d (%s) %s: %v", a[0], number, m.Pos, m.Player, err)
		}
	}
	e.cfg = catalog.Config{Rules: rec.Rules.String(), Board: rec.Board.Spec()}
	e.game = rec.Rules.Game
	e.loaded = &loaded{play: s.Graph(), base: rec.Board, rec: rec}
	e.state = s
	return s.ToMove().String(), nil
}

func (e *Engine) printSGF(a []string) (string, error) {
	if len(a) > 1 {
		return "", fmt.Errorf("usage: printsgf [file]")
	}
	var rec *record.Record
	if e.loaded != nil {
		rec = e.loaded.rec.Follow(e.state)
	} else {
		rec = record.FromState(e.state)
		handicapAsSetup(rec, e.setup)
	}
	text := record.FormatSGF(rec.Tree())
	if len(a) == 0 {
		return strings.TrimRight(text, "\n"), nil
	}
	if err := os.WriteFile(a[0], []byte(text), 0o644); err != nil {
		return "", fmt.Errorf("cannot write '%s': %v", a[0], err)
	}
	return "", nil
}

// handicapAsSetup writes the first n moves of rec, the handicap stones
// and White's passes between them (fixed_handicap and the others), as
// other programs write a handicap: Black's set-up stones (AB), HA, and
// White to play (PL), so that a record read back starts from them.
func handicapAsSetup(rec *record.Record, n int) {
	if n <= 0 || n > len(rec.Moves) {
		return
	}
	var stones []board.Stone
	for _, m := range rec.Moves[:n] {
		switch {
		case m.Move.Kind == game.Place && m.Player == board.Black:
			stones = append(stones, board.Stone{Point: m.Move.Point, Color: board.Black})
		case m.Move.Kind == game.Pass && m.Player == board.White:
		default:
			return // not a handicap: leave the record as played
		}
	}
	rec.Setup = append(rec.Setup, stones...)
	pass := record.Move{Played: game.Played{Player: board.Black, Move: game.PassMove}, Implied: true}
	rec.Moves = append([]record.Move{pass}, rec.Moves[n:]...)
	rec.Set("HA", strconv.Itoa(len(stones)))
}
