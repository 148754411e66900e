// Package session is a game as moku serves it to people: the seats and
// their colours, the phases of the game (Keil's komi pie, play, the
// agreement on dead stones, the end), the actions a seat may take in each,
// undo by agreement, the move limit, and what a computer seat decides. A
// Game is rebuilt from its set-up and its log of actions, so it knows
// nothing of where they are kept or how they arrive; package server keeps
// them in a store and carries them over HTTP.
//
// Start with New and Apply; a computer seat's turn is found by Due and
// decided by Decide on a Clone.
package session

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/rules"
)

// SeatKind says who sits at a seat.
type SeatKind string

// The kinds of seat.
const (
	Human    SeatKind = "human"
	Computer SeatKind = "computer"
)

// Seat is one player's place at the game.
type Seat struct {
	Kind  SeatKind
	Name  string
	Level string // the computer's strength
}

// Phase is the stage a game is in.
type Phase string

// The phases of a game.
const (
	Setup   Phase = "setup"   // Keil's komi pie: the komi is being chosen
	Playing Phase = "playing" // moves are being made
	Scoring Phase = "scoring" // the players agree on dead stones
	Over    Phase = "over"
)

// Kind is the kind of an action.
type Kind string

// The kinds of action.
const (
	Move        Kind = "move"         // Arg: the move, as game.ParseMove reads it
	Komi        Kind = "komi"         // the komi pie's first seat names the komi (Arg)
	Choose      Kind = "choose"       // the second seat chooses its colour (Arg: black or white)
	UndoRequest Kind = "undo-request" // ask to take back one's last move
	UndoAccept  Kind = "undo-accept"  // grant the open request
	UndoDecline Kind = "undo-decline" // refuse it
	Mark        Kind = "mark"         // toggle the group on point Arg dead or alive
	Dead        Kind = "dead"         // propose a whole marking: Arg lists the dead stones' points
	Accept      Kind = "accept"       // accept the marking
	Refuse      Kind = "refuse"       // refuse any marking: the board counts as it stands
	Resume      Kind = "resume"       // go back to play
	Timeout     Kind = "timeout"      // the seat to move ran out of time (claimed by the server)
	Claim       Kind = "claim"        // another player ends the turn of a player silent for AbandonAfter (no clock)
)

var kinds = []Kind{Move, Komi, Choose, UndoRequest, UndoAccept, UndoDecline, Mark, Dead, Accept, Refuse, Resume, Timeout, Claim}

// ParseKind reads an action's kind.
func ParseKind(s string) (Kind, error) {
	for _, k := range kinds {
		if string(k) == s {
			return k, nil
		}
	}
	return "", fmt.Errorf("unknown action %q", s)
}

// Action is one entry of a game's log: what a seat did, and when (the
// clocks read it; the zero time where the game has no clock).
type Action struct {
	Seat int
	Kind Kind
	Arg  string
	At   time.Time
}

// Versions of the rules of serving, kept with each game so that a log
// always replays to the game it was: version 1 (games created before
// 25 November 2026) has no move limit, computer seats accept any marking,
// and Go counts two passes as they stand; version 2 (before 7 December
// 2026) lets any one player refuse a marking as soon as play stops,
// ending the game counted as the board stands, and has no limit on a
// game's actions; version 3 (before 8 December 2026) lets a marking be
// refused only once play has been resumed (Refusable), and ends a game
// scored as it stands at ActionLimit actions; version 4 is today's: an
// undo asked for on the asker's own turn charges it the time it thought
// (chargeRequester), and no undo takes back a resignation or, in Kee,
// follows a rescinding pass (Undoable).
const (
	Version1 = 1
	Version2 = 2
	Version3 = 3
	Version4 = 4
	// Current is the version of new games.
	Current = Version4
)

// Config is a game's set-up.
type Config struct {
	Rules rules.Ruleset
	Board *board.Graph
	Pie   bool // Keil's komi pie (two players): the komi is chosen before play
	Seats []Seat
	// Version is the rules of serving the game was created under (0:
	// Current).
	Version int
	// Clock is the game's time limit (the zero value: none), and Created
	// when the game was created: the first player's clock starts then
	// (after Keil's komi pie, when the colours are chosen).
	Clock   TimeControl
	Created time.Time
}

// MoveLimit returns the number of moves after which a served game on g
// is scored as it stands: 4 a point plus 20, as moku match does.
func MoveLimit(g *board.Graph) int { return 4*g.N() + 20 }

// ActionLimit returns the number of actions (moves, undo requests and
// answers, markings…) after which a served game on g (version 3 on) ends,
// scored as the position stands: twice MoveLimit, so that no loop of
// actions that leaves the moves where they were (a pass resumed and
// passed again, a move taken back and played again) grows a game's log
// without end.
func ActionLimit(g *board.Graph) int { return 2 * MoveLimit(g) }

// Game is one served game. It is not safe for concurrent use.
type Game struct {
	cfg     Config
	r       rules.Ruleset // the ruleset, with the komi once the pie chose it
	state   game.State    // nil while the komi pie is being cut
	colors  []board.Color // seat index -> colour
	phase   Phase
	pieKomi string // the komi the first player proposed, "" before
	chosen  bool   // the second player chose a colour (the pie's end)
	undoBy  int    // the seat asking to take back its move, or -1
	dead    []bool // Scoring: points marked dead
	accept  []bool // Scoring: seats that accepted the marking
	// proposed: Scoring: seats whose own marking was proposed since play
	// last stopped.
	proposed []bool
	// resumed: play was resumed after it stopped (version 3: a marking
	// may be refused only then, once every player could capture in play
	// the stones in question).
	resumed bool
	final   *game.Result
	version int // actions applied

	clocks    []Clock     // by seat
	turnStart time.Time   // when the clock of the seat to move started
	timedOut  []int       // seats that lost on time, in order
	abandoned []int       // seats whose game a claim ended, in order
	lastActed []time.Time // by seat: its last action (claim.go)
}

// New starts a game from its set-up.
func New(cfg Config) (*Game, error) {
	if cfg.Version == 0 {
		cfg.Version = Current
	}
	if cfg.Version < Version1 || cfg.Version > Current {
		return nil, fmt.Errorf("unknown version %d of the rules of serving", cfg.Version)
	}
	if len(cfg.Seats) != cfg.Rules.Players {
		return nil, fmt.Errorf("%d seats for %d players", len(cfg.Seats), cfg.Rules.Players)
	}
	for i, s := range cfg.Seats {
		if s.Kind != Human && s.Kind != Computer {
			return nil, fmt.Errorf("seat %d: kind %q: want human or computer", i+1, s.Kind)
		}
	}
	if cfg.Pie && cfg.Rules.Players != 2 {
		return nil, fmt.Errorf("the komi pie needs two players")
	}
	if err := cfg.Clock.Validate(); err != nil {
		return nil, err
	}
	g := &Game{cfg: cfg, r: cfg.Rules, undoBy: -1, turnStart: cfg.Created}
	for i := range cfg.Seats {
		g.colors = append(g.colors, board.Color(i+1))
		g.clocks = append(g.clocks, cfg.Clock.Start())
	}
	if cfg.Pie {
		g.phase = Setup
	} else if err := g.start(cfg.Rules); err != nil {
		return nil, err
	}
	return g, nil
}

// Replay rebuilds a game from its set-up and its log.
func Replay(cfg Config, log []Action) (*Game, error) {
	g, err := New(cfg)
	if err != nil {
		return nil, err
	}
	for i, a := range log {
		if err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("action %d (%s %s): %w", i+1, a.Kind, a.Arg, err)
		}
	}
	return g, nil
}

func (g *Game) start(r rules.Ruleset) error {
	s, err := catalog.New(r, g.cfg.Board)
	if err != nil {
		return err
	}
	g.r, g.state, g.phase = r, s, Playing
	return nil
}

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	if g.state != nil {
		c.state = g.state.Clone()
	}
	c.colors = slices.Clone(g.colors)
	c.dead = slices.Clone(g.dead)
	c.accept = slices.Clone(g.accept)
	c.proposed = slices.Clone(g.proposed)
	c.clocks = slices.Clone(g.clocks)
	c.timedOut = slices.Clone(g.timedOut)
	c.abandoned = slices.Clone(g.abandoned)
	c.lastActed = slices.Clone(g.lastActed)
	if g.final != nil {
		f := *g.final
		c.final = &f
	}
	return &c
}

// Config returns the game's set-up.
func (g *Game) Config() Config { return g.cfg }

// Rules returns the ruleset (with the komi the pie chose).
func (g *Game) Rules() rules.Ruleset { return g.r }

// Board returns the board.
func (g *Game) Board() *board.Graph { return g.cfg.Board }

// State returns the game being played, nil during the komi pie. The
// caller must not change it.
func (g *Game) State() game.State { return g.state }

// Version returns the number of actions applied.
func (g *Game) Version() int { return g.version }

// Phase returns the game's phase.
func (g *Game) Phase() Phase { return g.phase }

// Refusable reports whether a seat may refuse the marking of dead stones
// now, ending the game counted as the board stands: in version 3, once
// play has been resumed after it first stopped (so that every player
// could capture in play the stones in question); before, at once.
func (g *Game) Refusable() bool {
	return g.phase == Scoring && (g.cfg.Version < Version3 || g.resumed)
}

// Color returns the colour seat i plays.
func (g *Game) Color(i int) board.Color { return g.colors[i] }

// PieKomi returns the komi the first seat named in the komi pie, or "".
func (g *Game) PieKomi() string { return g.pieKomi }

// PieChosen reports whether the second player of a komi pie chose a
// colour (false for a game abandoned before, see claim).
func (g *Game) PieChosen() bool { return g.chosen }

// UndoBy returns the seat whose undo request is open, or -1.
func (g *Game) UndoBy() int { return g.undoBy }

// Dead returns the points marked dead, in order (Scoring).
func (g *Game) Dead() []int {
	var out []int
	for q, d := range g.dead {
		if d {
			out = append(out, q)
		}
	}
	return out
}

// Accepted returns, by seat, who has accepted the marking (Scoring).
func (g *Game) Accepted() []bool { return slices.Clone(g.accept) }

// Agreed reports whether the game ended with a marking of dead stones all
// players accepted (then Dead lists them).
func (g *Game) Agreed() bool {
	return g.phase == Over && g.accept != nil && !slices.Contains(g.accept, false)
}

// seatOf returns the seat playing colour c.
func (g *Game) seatOf(c board.Color) int { return slices.Index(g.colors, c) }

// ToMove returns the seat whose turn it is in the current phase, or -1.
func (g *Game) ToMove() int {
	switch g.phase {
	case Setup:
		if g.pieKomi == "" {
			return 0
		}
		return 1
	case Playing:
		return g.seatOf(g.state.ToMove())
	}
	return -1
}

// Apply checks action a against the game and applies it; an action that
// does not fit changes nothing and returns an error saying why.
func (g *Game) Apply(a Action) error {
	if a.Seat < 0 || a.Seat >= len(g.cfg.Seats) {
		return fmt.Errorf("no seat %d", a.Seat)
	}
	if err := g.do(a); err != nil {
		return err
	}
	if limit := ActionLimit(g.cfg.Board); g.cfg.Version >= Version3 && g.phase != Over && g.state != nil && g.version+1 >= limit {
		res := g.state.Result()
		res.Over, res.Reason = true, fmt.Sprintf("action limit (%d actions): scored as the position stands", limit)
		g.final, g.phase = &res, Over
		g.dead, g.accept, g.proposed = nil, nil, nil // nothing is removed
	}
	if g.lastActed == nil {
		g.lastActed = make([]time.Time, len(g.cfg.Seats))
	}
	if a.Kind != Claim && a.At.After(g.lastActed[a.Seat]) {
		g.lastActed[a.Seat] = a.At
	}
	g.version++
	return nil
}

func (g *Game) do(a Action) error {
	switch a.Kind {
	case Komi:
		return g.komi(a)
	case Choose:
		return g.choose(a)
	case Move:
		return g.move(a)
	case UndoRequest:
		if g.Undoable(a.Seat) == 0 {
			return errors.New("you can ask to take back only your own last move (with the computer's replies after it), while the game is in play")
		}
		if g.undoBy >= 0 {
			return errors.New("an undo request is already open")
		}
		g.undoBy = a.Seat
	case UndoAccept, UndoDecline:
		if g.undoBy < 0 || g.undoBy == a.Seat {
			return errors.New("there is no undo request for you to answer")
		}
		if a.Kind == UndoAccept {
			if err := g.chargeRequester(a.At); err != nil {
				return err
			}
			for n := g.Undoable(g.undoBy); n > 0; n-- {
				g.state.Undo()
			}
			g.turnStart = a.At // the time spent is not given back
		}
		g.undoBy = -1
	case Mark, Dead, Accept, Refuse, Resume:
		if err := g.score(a); err != nil {
			return err
		}
		if a.Kind == Resume {
			g.turnStart = a.At
		}
	case Timeout:
		return g.timeout(a)
	case Claim:
		return g.claim(a)
	default:
		return fmt.Errorf("unknown action %q", a.Kind)
	}
	return nil
}

func (g *Game) komi(a Action) error {
	if g.phase != Setup || g.pieKomi != "" || a.Seat != 0 {
		return errors.New("only the first player names the komi, once, before the game")
	}
	k, err := strconv.ParseFloat(a.Arg, 64)
	if err != nil || k != k || k > 1000 || k < -1000 {
		return fmt.Errorf("komi %q is not a number between -1000 and 1000", a.Arg)
	}
	g.pieKomi = strconv.FormatFloat(k, 'f', -1, 64)
	g.turnStart = a.At // the second player's silence starts now (claim)
	return nil
}

func (g *Game) choose(a Action) error {
	if g.phase != Setup || g.pieKomi == "" || a.Seat != 1 {
		return errors.New("only the second player chooses a colour, once the komi is named")
	}
	c, err := board.ParseColor(a.Arg)
	if err != nil || c > board.White {
		return fmt.Errorf("choose black or white, not %q", a.Arg)
	}
	r := g.r
	if err := r.Set("komi", g.pieKomi); err != nil {
		return err
	}
	if err := g.start(r); err != nil {
		return err
	}
	g.colors[1], g.colors[0] = c, 3-c
	g.chosen = true
	g.turnStart = a.At // the clocks start with play
	return nil
}

func (g *Game) move(a Action) error {
	if g.phase != Playing {
		return fmt.Errorf("the game is not in play (%s)", g.phase)
	}
	if seat := g.ToMove(); seat != a.Seat {
		return fmt.Errorf("it is %s's turn", g.state.ToMove())
	}
	m, err := game.ParseMove(g.cfg.Board, a.Arg)
	if err != nil {
		return err
	}
	clock, err := g.spend(a)
	if err != nil {
		return err
	}
	if err := g.state.Play(m); err != nil {
		return err
	}
	g.clocks[a.Seat], g.turnStart = clock, a.At
	g.undoBy = -1
	g.afterMove()
	return nil
}

// Moves returns the number of moves played (for the move limit): every
// move of the record, rescinded ones included.
func (g *Game) Moves() int {
	if g.state == nil {
		return 0
	}
	return len(game.Actions(g.state))
}

// afterMove moves the game to scoring or over when the engine says it
// ended, or the move limit is reached.
func (g *Game) afterMove() {
	if !g.state.Over() {
		if limit := MoveLimit(g.cfg.Board); g.cfg.Version >= Version2 && g.Moves() >= limit {
			res := g.state.Result()
			res.Over, res.Reason = true, fmt.Sprintf("move limit (%d moves): scored as the position stands", limit)
			g.final, g.phase = &res, Over
		}
		return
	}
	res := g.state.Result()
	if res.Reason == "passes" && g.agreement() {
		g.phase = Scoring
		g.dead = make([]bool, g.cfg.Board.N())
		g.accept = make([]bool, len(g.cfg.Seats))
		g.proposed = make([]bool, len(g.cfg.Seats))
		if g.cfg.Version == Version1 {
			g.acceptForComputers()
		}
		return
	}
	g.final, g.phase = &res, Over
}

// agreement reports whether the game ends with an agreement on dead
// stones: under the rulesets that have one (catalog.Agreement), with a
// person at the table. (Version 1: Kee only, computers or not.)
func (g *Game) agreement() bool {
	if g.cfg.Version == Version1 {
		return g.r.Game == "kee"
	}
	if !catalog.Agreement(g.r) {
		return false
	}
	for _, s := range g.cfg.Seats {
		if s.Kind == Human {
			return true
		}
	}
	return false
}

// acceptForComputers makes every computer seat accept (version 1).
func (g *Game) acceptForComputers() {
	for i, s := range g.cfg.Seats {
		g.accept[i] = s.Kind == Computer
	}
}

// score applies an action of the agreement phase.
func (g *Game) score(a Action) error {
	if g.phase != Scoring {
		switch a.Kind {
		case Resume:
			return errors.New("only a game being scored can be resumed")
		case Mark, Dead:
			return errors.New("stones are marked dead only after play has stopped, in the games that agree on dead stones")
		}
		return fmt.Errorf("there is nothing to %s", a.Kind)
	}
	switch a.Kind {
	case Mark:
		q, ok := g.cfg.Board.Point(a.Arg)
		if !ok || g.state.At(q) == board.Empty {
			return fmt.Errorf("%q is not a stone", a.Arg)
		}
		mark := !g.dead[q]
		for _, s := range g.group(q) {
			g.dead[s] = mark
		}
		g.resetAccepts()
	case Dead:
		dead := make([]bool, g.cfg.Board.N())
		for _, w := range strings.Fields(a.Arg) {
			q, ok := g.cfg.Board.Point(w)
			if !ok || g.state.At(q) == board.Empty {
				return fmt.Errorf("%q is not a stone", w)
			}
			for _, s := range g.group(q) {
				dead[s] = true
			}
		}
		g.dead = dead
		g.resetAccepts()
		g.accept[a.Seat], g.proposed[a.Seat] = true, true
	case Accept:
		g.accept[a.Seat] = true
		if !slices.Contains(g.accept, false) {
			res := g.scoreWithDead()
			g.final, g.phase = &res, Over
		}
	case Refuse:
		if !g.Refusable() {
			return errors.New("a marking can be refused only once play has been resumed: resume play, so that the stones in question can be captured")
		}
		res := g.state.Result() // nothing is removed
		g.final, g.phase = &res, Over
		g.accept = nil
	case Resume:
		g.state.Undo() // take back the last pass: its player moves again
		g.phase, g.dead, g.accept, g.proposed = Playing, nil, nil, nil
		g.resumed = true
	}
	return nil
}

// resetAccepts clears the acceptances after the marking changed.
func (g *Game) resetAccepts() {
	if g.cfg.Version == Version1 {
		g.acceptForComputers()
		return
	}
	clear(g.accept)
}

// group returns the stones that live and die with the stone on q.
func (g *Game) group(q int) []int {
	if gr, ok := g.state.(game.Grouped); ok {
		stones, _ := gr.Group(q)
		return stones
	}
	return []int{q}
}

// scoreWithDead scores the board with the marked stones removed.
func (g *Game) scoreWithDead() game.Result {
	if w, ok := g.state.(game.DeadRemovable); ok {
		return w.ResultWithout(g.Dead())
	}
	return g.state.Result()
}

// Undoable returns how many moves an undo asked for by seat would take
// back: its last move and the moves of computer seats after it (a
// computer answers at once, so against one the requester's own move is
// seldom the last). It returns 0 where seat may not ask: outside play,
// before its first move, after a human player has moved since, across a
// resignation (a player who left, lost on time or was claimed stays
// out), and in Kee after a rescinding pass (which the history does not
// show).
func (g *Game) Undoable(seat int) int {
	if g.phase != Playing || seat < 0 || seat >= len(g.colors) {
		return 0
	}
	v4 := g.cfg.Version >= Version4
	if r, ok := g.state.(interface{ LastRescinds() bool }); v4 && ok && r.LastRescinds() {
		return 0 // Kee: Undo would take back the rescinding pass, not the history's last play
	}
	h := g.state.History()
	for i := len(h) - 1; i >= 0; i-- {
		if v4 && h[i].Move.Kind == game.Resign {
			return 0 // a player left (or lost on time, or was claimed): not taken back
		}
		if h[i].Player == g.colors[seat] {
			return len(h) - i
		}
		if k := g.seatOf(h[i].Player); k < 0 || g.cfg.Seats[k].Kind != Computer {
			return 0
		}
	}
	return 0
}

// Result returns the result: final once over, else the count as it
// stands (during the agreement, with the marked stones removed).
func (g *Game) Result() game.Result {
	switch {
	case g.final != nil:
		return *g.final
	case g.state == nil:
		return game.Result{Players: g.r.Players}
	case g.phase == Scoring:
		return g.scoreWithDead()
	}
	return g.state.Result()
}

// Owners returns, for every point, the player it counts for in Result
// (with the marked stones removed during and after the agreement), or
// nil during the komi pie.
func (g *Game) Owners() []board.Color {
	if g.state == nil {
		return nil
	}
	if dead := g.Dead(); len(dead) > 0 && (g.phase == Scoring || g.Agreed()) {
		if w, ok := g.state.(game.DeadRemovable); ok {
			return w.OwnersWithout(dead, nil)
		}
	}
	if o, ok := g.state.(game.Owned); ok {
		return o.Owners(nil)
	}
	out := make([]board.Color, g.cfg.Board.N())
	for p := range out {
		out[p] = g.state.At(p)
	}
	return out
}

// Legal returns the legal moves of the player to move, in play.
func (g *Game) Legal() []game.Move {
	if g.phase != Playing {
		return nil
	}
	return g.state.LegalMoves(nil)
}

// Positions replays the game and calls f with the position before the
// first move and after each (i moves played, the move just made; the
// start has i = 0 and a zero Move). s must not be kept: it changes.
func (g *Game) Positions(f func(i int, m game.Played, s game.State) error) error {
	if g.state == nil {
		return nil
	}
	s, err := catalog.New(g.r, g.cfg.Board)
	if err != nil {
		return err
	}
	if err := f(0, game.Played{}, s); err != nil {
		return err
	}
	for i, m := range game.Actions(g.state) {
		if err := s.Play(m.Move); err != nil {
			return fmt.Errorf("move %d: %v", i+1, err)
		}
		if err := f(i+1, m, s); err != nil {
			return err
		}
	}
	return nil
}
