package server

import (
	"fmt"
	"strconv"
	"strings"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/rules"
	"moku/store"
)

// Phases of a served game.
const (
	phaseSetup   = "setup"   // Keil's komi pie: the komi is being chosen
	phasePlaying = "playing" // moves are being made
	phaseScoring = "scoring" // Kee: the players agree on dead stones (K17a)
	phaseOver    = "over"
)

// table is one game being served: its set-up, its action log, and
// everything rebuilt from the log. Its methods need the caller to hold the
// game's lock (see Server.tables).
type table struct {
	meta    store.Game
	actions []store.Action
	r       rules.Ruleset
	g       *board.Graph
	geom    boardView     // the board's geometry, for every view
	state   game.State    // nil while the komi pie is being cut
	colors  []board.Color // seat index -> colour
	phase   string
	pieKomi string // the komi the first player proposed, "" before
	undoBy  int    // the seat asking to take back its move, or -1
	dead    []bool // Kee scoring: points marked dead
	accept  []bool // Kee scoring: seats that accepted the marks
	final   *game.Result
}

// boardOf rebuilds a game's board from its stored set-up.
func boardOf(meta *store.Game) (*board.Graph, error) {
	if meta.BoardJSON != "" {
		return board.ReadJSON([]byte(meta.BoardJSON), meta.Board)
	}
	return board.Parse(meta.Board)
}

// newTable rebuilds a game from its set-up and its actions.
func newTable(meta *store.Game, actions []store.Action) (*table, error) {
	g, err := boardOf(meta)
	if err != nil {
		return nil, err
	}
	r, err := rules.Parse(meta.Rules, g)
	if err != nil {
		return nil, err
	}
	t := &table{meta: *meta, r: r, g: g, geom: viewBoard(g), undoBy: -1}
	for i := range meta.Seats {
		t.colors = append(t.colors, board.Color(i+1))
	}
	if meta.Setup == "pie" {
		t.phase = phaseSetup
	} else if err := t.start(r); err != nil {
		return nil, err
	}
	for _, a := range actions {
		if err := t.apply(a); err != nil {
			return nil, fmt.Errorf("game %s, action %d (%s %s): %v", meta.ID, a.Seq, a.Kind, a.Arg, err)
		}
	}
	return t, nil
}

func (t *table) start(r rules.Ruleset) error {
	s, err := catalog.New(r, t.g)
	if err != nil {
		return err
	}
	t.r, t.state, t.phase = r, s, phasePlaying
	return nil
}

// seatOf returns the seat playing colour c.
func (t *table) seatOf(c board.Color) int {
	for i, x := range t.colors {
		if x == c {
			return i
		}
	}
	return -1
}

// toMoveSeat returns the seat whose turn it is in the current phase, or -1.
func (t *table) toMoveSeat() int {
	switch t.phase {
	case phaseSetup:
		if t.pieKomi == "" {
			return 0
		}
		return 1
	case phasePlaying:
		return t.seatOf(t.state.ToMove())
	}
	return -1
}

// apply checks action a against the game and applies it; an action that
// does not fit changes nothing and returns an error saying why.
func (t *table) apply(a store.Action) error {
	if a.Seq != len(t.actions)+1 {
		return fmt.Errorf("action %d out of sequence (next is %d)", a.Seq, len(t.actions)+1)
	}
	if a.Seat < 0 || a.Seat >= len(t.meta.Seats) {
		return fmt.Errorf("no seat %d", a.Seat)
	}
	if err := t.do(a); err != nil {
		return err
	}
	t.actions = append(t.actions, a)
	return nil
}

func (t *table) do(a store.Action) error {
	switch a.Kind {
	case "komi":
		if t.phase != phaseSetup || t.pieKomi != "" || a.Seat != 0 {
			return fmt.Errorf("only the first player names the komi, once, before the game")
		}
		k, err := strconv.ParseFloat(a.Arg, 64)
		if err != nil || k != k || k > 1000 || k < -1000 {
			return fmt.Errorf("komi %q is not a number between -1000 and 1000", a.Arg)
		}
		t.pieKomi = strconv.FormatFloat(k, 'f', -1, 64)
	case "choose":
		if t.phase != phaseSetup || t.pieKomi == "" || a.Seat != 1 {
			return fmt.Errorf("only the second player chooses a colour, once the komi is named")
		}
		c, err := board.ParseColor(a.Arg)
		if err != nil || c > board.White {
			return fmt.Errorf("choose black or white, not %q", a.Arg)
		}
		r := t.r
		if err := r.Set("komi", t.pieKomi); err != nil {
			return err
		}
		if err := t.start(r); err != nil {
			return err
		}
		t.colors[1], t.colors[0] = c, 3-c
	case "move":
		if t.phase != phasePlaying {
			return fmt.Errorf("the game is not in play (%s)", t.phase)
		}
		if seat := t.toMoveSeat(); seat != a.Seat {
			return fmt.Errorf("it is %s's turn", t.state.ToMove())
		}
		m, err := game.ParseMove(t.g, a.Arg)
		if err != nil {
			return err
		}
		if err := t.state.Play(m); err != nil {
			return err
		}
		t.undoBy = -1
		t.afterMove()
	case "undo-request":
		if t.undoable(a.Seat) == 0 {
			return fmt.Errorf("you can ask to take back only your own last move (with the computer's replies after it), while the game is in play")
		}
		if t.undoBy >= 0 {
			return fmt.Errorf("an undo request is already open")
		}
		t.undoBy = a.Seat
	case "undo-accept", "undo-decline":
		if t.undoBy < 0 || t.undoBy == a.Seat {
			return fmt.Errorf("there is no undo request for you to answer")
		}
		if a.Kind == "undo-accept" {
			for n := t.undoable(t.undoBy); n > 0; n-- {
				t.state.Undo()
			}
		}
		t.undoBy = -1
	case "mark":
		if t.phase != phaseScoring {
			return fmt.Errorf("stones are marked dead only after the game, under the kee rules")
		}
		q, ok := t.g.Point(a.Arg)
		if !ok || t.state.At(q) == board.Empty {
			return fmt.Errorf("%q is not a stone", a.Arg)
		}
		mark := !t.dead[q]
		for _, s := range t.groupOf(q) {
			t.dead[s] = mark
		}
		for i := range t.accept {
			t.accept[i] = t.meta.Seats[i].Kind == "computer"
		}
	case "accept":
		if t.phase != phaseScoring {
			return fmt.Errorf("there is nothing to accept")
		}
		t.accept[a.Seat] = true
		for _, ok := range t.accept {
			if !ok {
				return nil
			}
		}
		res := t.scoreWithDead()
		t.final, t.phase = &res, phaseOver
	case "refuse":
		if t.phase != phaseScoring {
			return fmt.Errorf("there is nothing to refuse")
		}
		res := t.state.Result() // K17a: nothing is removed
		t.final, t.phase = &res, phaseOver
	case "resume":
		if t.phase != phaseScoring {
			return fmt.Errorf("only a game being scored can be resumed")
		}
		t.state.Undo() // take back the last pass: its player moves again
		t.phase, t.dead, t.accept = phasePlaying, nil, nil
	default:
		return fmt.Errorf("unknown action %q", a.Kind)
	}
	return nil
}

// undoable returns how many moves an undo asked for by seat would take
// back: its last move and the moves of computer seats after it (a
// computer answers at once, so against one the requester's own move is
// seldom the last). It returns 0 where seat may not ask: outside play,
// before its first move, or after a human player has moved since.
func (t *table) undoable(seat int) int {
	if t.phase != phasePlaying || seat < 0 || seat >= len(t.colors) {
		return 0
	}
	h := t.state.History()
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Player == t.colors[seat] {
			return len(h) - i
		}
		if k := t.seatOf(h[i].Player); k < 0 || t.meta.Seats[k].Kind != "computer" {
			return 0
		}
	}
	return 0
}

// afterMove moves the game to scoring or over when the engine says it ended.
func (t *table) afterMove() {
	if !t.state.Over() {
		return
	}
	res := t.state.Result()
	if t.r.Game == "kee" && res.Reason == "passes" {
		t.phase = phaseScoring
		t.dead = make([]bool, t.g.N())
		t.accept = make([]bool, len(t.meta.Seats))
		for i, s := range t.meta.Seats {
			t.accept[i] = s.Kind == "computer"
		}
		return
	}
	t.final, t.phase = &res, phaseOver
}

// groupOf returns the stones connected to q by stones of its colour.
func (t *table) groupOf(q int) []int {
	c := t.state.At(q)
	seen := map[int]bool{q: true}
	stack := []int{q}
	for i := 0; i < len(stack); i++ {
		for _, r := range t.g.Neighbors(stack[i]) {
			if !seen[int(r)] && t.state.At(int(r)) == c {
				seen[int(r)] = true
				stack = append(stack, int(r))
			}
		}
	}
	return stack
}

// scoreWithDead scores the board with the marked stones removed.
func (t *table) scoreWithDead() game.Result {
	type without interface{ ResultWithout([]int) game.Result }
	var dead []int
	for q, d := range t.dead {
		if d {
			dead = append(dead, q)
		}
	}
	if w, ok := t.state.(without); ok {
		return w.ResultWithout(dead)
	}
	return t.state.Result()
}

// result returns the result: final once over, else the count as it stands.
func (t *table) result() game.Result {
	if t.final != nil {
		return *t.final
	}
	if t.phase == phaseScoring {
		return t.scoreWithDead()
	}
	return t.state.Result()
}

// status returns the game's status and result for the store.
func (t *table) status() (string, string) {
	if t.phase == phaseOver {
		return phaseOver, t.result().String()
	}
	return t.phase, ""
}

// colorName names seat i's colour.
func (t *table) colorName(i int) string { return t.colors[i].String() }

// describe names the game in a line: "keil on hex:7".
func (t *table) describe() string {
	return strings.TrimSpace(fmt.Sprintf("%s on %s", t.r.Name, t.g.Spec()))
}
