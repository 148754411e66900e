package server

import (
	"fmt"
	"strings"

	"moku/board"
	"moku/rules"
	"moku/session"
	"moku/store"
)

// table is one game being served: its stored set-up and action log, and
// the served game (package session) rebuilt from them. Its methods need
// the caller to hold the game's lock (see Server.tables).
type table struct {
	meta    store.Game
	actions []store.Action
	game    *session.Game
	geom    boardView // the board's geometry, for every view
	// noTakeBacks: a rated game against the computer, whose take-backs
	// (which the computer grants at once) would rate the person's
	// second thoughts: its undo requests are refused.
	noTakeBacks bool
	// longestName is the bytes of the board's longest point name (maxArg).
	longestName int
}

// boardOf rebuilds a game's board from its stored set-up: a board file
// stored with the game, or a built-in board (never a file of the server's
// disk).
func boardOf(meta *store.Game) (*board.Graph, error) {
	if meta.BoardJSON != "" {
		return board.ReadJSON([]byte(meta.BoardJSON), meta.Board)
	}
	return board.Builtin(meta.Board)
}

// configOf returns the served game's set-up stored in meta.
func configOf(meta *store.Game) (session.Config, error) {
	g, err := boardOf(meta)
	if err != nil {
		return session.Config{}, err
	}
	r, err := rules.Parse(meta.Rules, g)
	if err != nil {
		return session.Config{}, err
	}
	tc, err := clockOf(meta)
	if err != nil {
		return session.Config{}, err
	}
	cfg := session.Config{Rules: r, Board: g, Pie: meta.Setup == "pie", Version: max(meta.Serving, session.Version1),
		Clock: tc, Created: meta.Created}
	for _, s := range meta.Seats {
		cfg.Seats = append(cfg.Seats, session.Seat{Kind: session.SeatKind(s.Kind), Name: s.Name, Level: s.Level})
	}
	return cfg, nil
}

// newTable rebuilds a game from its set-up and its actions.
func newTable(meta *store.Game, actions []store.Action) (*table, error) {
	cfg, err := configOf(meta)
	if err != nil {
		return nil, err
	}
	g, err := session.New(cfg)
	if err != nil {
		return nil, err
	}
	t := &table{meta: *meta, game: g, geom: viewBoard(cfg.Board)}
	for p := range cfg.Board.N() {
		t.longestName = max(t.longestName, len(cfg.Board.Name(p)))
	}
	for _, a := range actions {
		if err := t.apply(a); err != nil {
			return nil, fmt.Errorf("game %s, action %d (%s %s): %v", meta.ID, a.Seq, a.Kind, a.Arg, err)
		}
	}
	return t, nil
}

// apply checks action a against the game and applies it; an action that
// does not fit changes nothing and returns an error saying why.
func (t *table) apply(a store.Action) error {
	if a.Seq != len(t.actions)+1 {
		return fmt.Errorf("action %d out of sequence (next is %d)", a.Seq, len(t.actions)+1)
	}
	kind, err := session.ParseKind(a.Kind)
	if err != nil {
		return err
	}
	if err := t.game.Apply(session.Action{Seat: a.Seat, Kind: kind, Arg: a.Arg, At: a.At}); err != nil {
		return err
	}
	t.actions = append(t.actions, a)
	return nil
}

// clone returns an independent copy of the table.
func (t *table) clone() *table {
	c := *t
	c.actions = append([]store.Action(nil), t.actions...)
	c.game = t.game.Clone()
	return &c
}

// status returns the game's status for the store.
func (t *table) status() store.Status {
	st := store.Status{Phase: string(t.game.Phase()), ToMove: t.game.ToMove()}
	if _, at, ok := t.game.Deadline(); ok {
		st.Deadline = at
	}
	if t.game.Phase() == session.Over {
		st.Result = t.game.Result().String()
	}
	var colors []string
	turnOrder := true
	for i := range t.meta.Seats {
		c := t.game.Color(i)
		colors = append(colors, c.String())
		turnOrder = turnOrder && c == board.Color(i+1)
	}
	if !turnOrder {
		st.Colors = strings.Join(colors, " ")
	}
	return st
}

// colorName names seat i's colour.
func (t *table) colorName(i int) string { return t.game.Color(i).String() }

// describe names the game in a line: "keil on hex:7".
func (t *table) describe() string {
	return strings.TrimSpace(fmt.Sprintf("%s on %s", t.game.Rules().Name, t.game.Board().Spec()))
}
