package record

// Conversion between SGF game trees and moku games. The convention (see
// docs/records.md):
//
//   - The game is GM: GM[1] for Go and Kee (Go under the Kee Rules), and two
//     numbers no other game has registered, GM[501] for Keil and GM[502] for
//     Ki. MKRU carries moku's ruleset in full; KM the komi.
//   - A board SGF can name is SZ: a rectangle for GM[1] and GM[502], the
//     hexhex of side N for GM[501] (SZ[7] is hex:7). Any other board is
//     MKBD[spec], with the whole graph as JSON in MKGR for a graph board.
//   - Two-player games on such a board have ordinary B[]/W[] moves and
//     AB/AW/AE set-up: SGF coordinates on a rectangle ("tt" or empty for a
//     pass), moku's point names on the hexhex ("g7"; empty for a pass).
//     Games of three or four players and games on other boards write every
//     move as a private property MKMV[<colour letter>:<move>] in moku's
//     notation ("g7", "pass") and their set-up as MKSU.
//   - Moves SGF has no notation for (resign, button, appeal) are MKMV in
//     every record. Kee's rescinded plays are kept in the order played and
//     marked MKRS[]; MKPIE[B|W] records a komi-pie set-up (the colour the
//     second player chose after the first named the komi, KM).
//   - MKDEAD[<point>]... lists the stones the players agreed were dead
//     after play stopped (the agreement phase of Kee and of Go in the web
//     app), in moku's notation: they are removed before the count, and RE
//     is that count (Record.Result).
//   - MKVISITS[<move>:<playouts>]... on a move lists the playouts a search
//     gave each move of the position it was played in (Move.Visits).
//   - Variations are kept as read and written back: each move holds the
//     lines that branch off just before it (Move.Variations), the record
//     those that go on after its last move (Record.Continuations).
//
// Records written before GM[501], GM[502], SZ and B/W were used for Keil,
// Kee and Ki (GM[1] with MKBD and MKMV) are still read.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"moku"
	"sort"
	"strconv"
	"strings"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/liberty"
	"moku/rules"
)

// AppName is what moku writes in AP: "moku:" and its version.
const AppName = "moku:" + moku.Version

// The GM values moku writes and reads: Go (and Kee, Go under the Kee
// Rules) is SGF's GM[1]; Keil and Ki have no registered number (the
// registered numbers are small: Hex is 11), so moku uses two well clear of
// them.
const (
	GMGo   = 1
	GMKeil = 501
	GMKi   = 502
)

// gmOf returns the GM value of a game ("go", "kee", "keil", "ki").
func gmOf(game string) int {
	switch game {
	case "keil":
		return GMKeil
	case "ki":
		return GMKi
	}
	return GMGo
}

// Record is one game as a record keeps it: everything needed to replay it
// exactly, and the SGF properties moku does not interpret.
type Record struct {
	Rules rules.Ruleset
	Board *board.Graph // the board (a graph board's starting position included)
	// Setup lists stones placed before the first move (SGF AB/AW), on top
	// of the board's own starting position.
	Setup []board.Stone
	// Pie is the colour the second player chose in a komi-pie set-up
	// (the first player named the komi), or Empty.
	Pie   board.Color
	Moves []Move
	// Continuations are the variations that go on after the main line's
	// last move, kept as read (an SGF main line cannot stop where a
	// variation goes on, so they are written after an empty node).
	Continuations []*Tree
	// Dead lists the points of the stones the players agreed were dead
	// once play stopped (MKDEAD), removed before the count.
	Dead []int
	// Props are the game's other root properties in order: player names,
	// date, result, comments, application, unknown properties...
	Props []Property
	// native marks a record moku wrote (it carries moku's ruleset, MKRU)
	// or made (FromState): its RE counts the board with Dead removed and
	// nothing else. A foreign Go record's RE counted dead stones the file
	// does not list (Score).
	native bool
}

// Move is one move of a record.
type Move struct {
	game.Played
	// Rescinded marks a Kee play that a later non-appealing pass took out of
	// the history; it stays in the record, in the order played.
	Rescinded bool
	// Timeout marks a resignation that was a loss on time (MKTO[]): the
	// player's clock ran out.
	Timeout bool
	// Abandoned marks a resignation that was a game abandoned (MKAB[]):
	// the player to move of a game without a clock stayed silent, and
	// another player ended its game.
	Abandoned bool
	// Implied marks a pass moku inserted to replay a foreign Go record that
	// has a move out of turn (a handicap game starting with White): it is
	// not written back.
	Implied bool
	// Visits are the playouts a search gave each move of the position
	// this move was played in (MKVISITS), for learning the moves a search
	// favours (package label writes them, package prior reads them); nil
	// if the record has none.
	Visits []Visit
	// Props are the node's other properties (comments, times, markup...).
	Props []Property
	// Variations are the other lines of the game tree at this point: SGF
	// game trees that branch off just before this move, as read (not
	// replayed), written back as the move's siblings.
	Variations []*Tree
	// Pos is where the move's node starts in the file it was read from.
	Pos Pos
}

// Visit is one move of a searched position and the playouts through it
// (Move.Visits).
type Visit struct {
	Move   game.Move
	Visits int
}

// Get returns root property id's first value as text.
func (r *Record) Get(id string) (string, bool) {
	n := Node{Props: r.Props}
	return n.Get(id)
}

// Set replaces (or appends) root property id.
func (r *Record) Set(id string, values ...string) {
	n := Node{Props: r.Props}
	n.Set(id, values...)
	r.Props = n.Props
}

// Delete removes root property id.
func (r *Record) Delete(id string) {
	n := Node{Props: r.Props}
	n.Delete(id)
	r.Props = n.Props
}

// Result scores s, the game the record replays to, as the record's
// players did: with the stones agreed dead (Dead) removed.
//
// A game whose last move is a resignation marked as a loss on time
// (MKTO) ended on time: its result says so ("W+T").
func (r *Record) Result(s game.State) game.Result {
	if w, ok := s.(game.DeadRemovable); ok && len(r.Dead) > 0 {
		return w.ResultWithout(r.Dead)
	}
	res := s.Result()
	if n := len(r.Moves); n > 0 && s.Over() && r.Moves[n-1].Timeout && r.Moves[n-1].Move.Kind == game.Resign {
		res.Reason = game.TimeReason
	}
	if n := len(r.Moves); n > 0 && s.Over() && r.Moves[n-1].Abandoned && r.Moves[n-1].Move.Kind == game.Resign {
		res.Reason = game.AbandonReason
	}
	return res
}

// FromState returns the record of game s. A Kee game's record holds every
// play, rescinded plays marked. The root holds AP, RU (the ruleset's name)
// and, once the game is over, RE.
func FromState(s game.State) *Record {
	r := &Record{Rules: s.Rules(), Board: s.Graph(), native: true}
	if g := r.Board; g.Kind() != "graph" && len(g.Start()) > 0 {
		// A built-in board with a starting position: set-up stones on the
		// board SGF names (SZ and AB/AW).
		if bare, err := g.WithStart(nil); err == nil {
			r.Board, r.Setup = bare, append([]board.Stone(nil), g.Start()...)
		}
	}
	if p, ok := s.(*liberty.Position); ok && p.Record() != nil {
		for _, e := range p.Record() {
			r.Moves = append(r.Moves, Move{Played: e.Played, Rescinded: e.Rescinded})
		}
	} else {
		for _, h := range s.History() {
			r.Moves = append(r.Moves, Move{Played: h})
		}
	}
	r.Set("AP", AppName)
	r.Set("RU", ruleName(r.Rules))
	if s.Over() {
		r.Set("RE", s.Result().String())
	}
	return r
}

// ruleName is the RU value moku writes: a name other programs know for the
// Go rulesets that have one, otherwise the preset's name.
func ruleName(r rules.Ruleset) string {
	switch r.Name {
	case "go":
		return "Chinese"
	case "tromp-taylor":
		return "Tromp-Taylor"
	case "go-situational":
		return "AGA"
	}
	return r.Name
}

// rulesFromRU maps another program's RU value to a moku preset: the
// repetition rule is what matters for replaying. Unknown names get "go".
func rulesFromRU(ru string) string {
	switch strings.ToLower(strings.TrimSpace(ru)) {
	case "japanese", "jp", "korean", "ing", "goe":
		return "go-simple"
	case "aga", "nz", "new zealand":
		return "go-situational"
	case "tromp-taylor", "tromp taylor", "tt":
		return "tromp-taylor"
	}
	return "go"
}

// gm returns the record's GM value.
func (r *Record) gm() int { return gmOf(r.Rules.Game) }

// sized reports whether SZ names the record's board under its GM: a
// rectangle up to 52x52 for Go, Kee and Ki, the hexhex for Keil.
func (r *Record) sized() bool {
	if r.gm() == GMKeil {
		return r.Board.Kind() == "hex"
	}
	if r.Board.Kind() != "rect" {
		return false
	}
	w, h := r.Board.Size()
	return w <= 52 && h <= 52
}

// standard reports whether the record's moves and set-up are SGF's B, W,
// AB, AW and AE: two players on a board SZ names.
func (r *Record) standard() bool { return r.Rules.Players == 2 && r.sized() }

// ordinary reports whether the record is ordinary Go SGF, whose moves out
// of turn are replayed after implied passes.
func (r *Record) ordinary() bool { return r.Rules.Game == "go" && r.standard() }

// Start returns the record's starting position: its board with the set-up
// stones, under its ruleset.
func (r *Record) Start() (game.State, error) {
	g := r.Board
	if len(r.Setup) > 0 {
		var err error
		if g, err = r.Board.WithStart(append(append([]board.Stone(nil), r.Board.Start()...), r.Setup...)); err != nil {
			return nil, err
		}
	}
	return catalog.New(r.Rules, g)
}

// MoveError is the first move of a record that cannot be replayed.
type MoveError struct {
	Number int // 1-based move number in the record
	Pos    Pos // where its node is in the file (0:0 if not read from one)
	Player board.Color
	Move   string // the move in moku's notation
	Err    error
}

// Error names the move, its node's place and why it cannot be replayed.
func (e *MoveError) Error() string {
	at := ""
	if e.Pos.Line > 0 {
		at = " (" + e.Pos.String() + ")"
	}
	return fmt.Sprintf("move %d%s %s %s: %v", e.Number, at, e.Player.Letter(), e.Move, e.Err)
}

// Unwrap returns the rules engine's error (a *game.IllegalError for an illegal move).
func (e *MoveError) Unwrap() error { return e.Err }

// Replay plays the record from its start. It returns the game as far as it
// got and, for the first move that is out of turn or illegal, a *MoveError.
// A Kee record's rescinded marks must agree with the rules.
func (r *Record) Replay() (game.State, error) {
	s, err := r.Start()
	if err != nil {
		return nil, err
	}
	for i, m := range r.Moves {
		fail := func(err error) (game.State, error) {
			return s, &MoveError{Number: i + 1, Pos: m.Pos, Player: m.Player, Move: m.Move.Format(s.Graph()), Err: err}
		}
		if s.Over() {
			return fail(fmt.Errorf("the game is over (%s)", s.Result()))
		}
		if m.Player != s.ToMove() {
			return fail(fmt.Errorf("it is %s's turn, not %s's", s.ToMove(), m.Player))
		}
		if err := s.Play(m.Move); err != nil {
			return fail(err)
		}
	}
	if p, ok := s.(*liberty.Position); ok && p.Record() != nil {
		rec := p.Record()
		if len(rec) == len(r.Moves) {
			for i, e := range rec {
				if e.Rescinded != r.Moves[i].Rescinded {
					m := r.Moves[i]
					what := "is marked rescinded (MKRS) but was not rescinded"
					if e.Rescinded {
						what = "was rescinded but is not marked so (MKRS)"
					}
					return s, &MoveError{Number: i + 1, Pos: m.Pos, Player: m.Player, Move: m.Move.Format(s.Graph()), Err: errors.New(what)}
				}
			}
		}
	} else {
		for i, m := range r.Moves {
			if m.Rescinded {
				return s, &MoveError{Number: i + 1, Pos: m.Pos, Player: m.Player, Move: m.Move.Format(s.Graph()), Err: errors.New("marked rescinded (MKRS), but only kee rescinds plays")}
			}
		}
	}
	return s, nil
}

// point returns how a standard record writes point p: SGF coordinates on
// a rectangle, the point's name on the hexhex.
func (r *Record) point(p int) string {
	if r.Board.Kind() == "hex" {
		return r.Board.Name(p)
	}
	return sgfPoint(r.Board, p)
}

// parsePoint reads a point of a standard record; pass reports a pass ("",
// or "tt" on rectangles up to 19x19).
func (r *Record) parsePoint(v string) (p int, pass bool, err error) {
	if r.Board.Kind() != "hex" {
		return parsePoint(r.Board, v)
	}
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, true, nil
	}
	p, ok := r.Board.Point(v)
	if !ok {
		return 0, false, fmt.Errorf("%q is not a point of %s", v, r.Board.Spec())
	}
	return p, false, nil
}

// sgfPoint returns the SGF coordinates of point p on a rectangle of height h.
func sgfPoint(g *board.Graph, p int) string {
	w, h := g.Size()
	x, y := p%w, h-1-p/w
	return string([]byte{sgfLetter(x), sgfLetter(y)})
}

func sgfLetter(i int) byte {
	if i < 26 {
		return byte('a' + i)
	}
	return byte('A' + i - 26)
}

func sgfIndex(c byte) int {
	switch {
	case c >= 'a' && c <= 'z':
		return int(c - 'a')
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 26
	}
	return -1
}

// parsePoint reads SGF coordinates on a rectangle; pass reports "" or "tt"
// (on boards up to 19x19).
func parsePoint(g *board.Graph, v string) (p int, pass bool, err error) {
	w, h := g.Size()
	v = strings.TrimSpace(v)
	if v == "" || (v == "tt" && w <= 19 && h <= 19) {
		return 0, true, nil
	}
	if len(v) != 2 {
		return 0, false, fmt.Errorf("%q is not a point: want two letters", v)
	}
	x, y := sgfIndex(v[0]), sgfIndex(v[1])
	if x < 0 || y < 0 || x >= w || y >= h {
		return 0, false, fmt.Errorf("%q is off the %dx%d board", v, w, h)
	}
	return (h-1-y)*w + x, false, nil
}

// Properties the conversion interprets at the root and in move nodes.
var (
	rootIdents  = map[string]bool{"GM": true, "FF": true, "SZ": true, "KM": true, "MKRU": true, "MKBD": true, "MKGR": true, "MKPIE": true, "MKDEAD": true}
	setupIdents = map[string]bool{"AB": true, "AW": true, "AE": true, "PL": true, "MKSU": true}
	moveIdents  = map[string]bool{"B": true, "W": true, "MKMV": true, "MKRS": true, "MKTO": true, "MKAB": true, "MKVISITS": true}
)

// mainLine returns the nodes of t's main line and, by node index, the
// variations that branch off just before that node.
func mainLine(t *Tree) ([]*Node, map[int][]*Tree) {
	var nodes []*Node
	vars := map[int][]*Tree{}
	for t != nil {
		nodes = append(nodes, t.Nodes...)
		if len(t.Children) == 0 {
			break
		}
		if len(t.Children) > 1 {
			vars[len(nodes)] = t.Children[1:]
		}
		t = t.Children[0]
	}
	return nodes, vars
}

// FromTree reads an SGF game tree as a moku record: the main line is the
// game, and the other variations are kept as read (Move.Variations,
// Record.Continuations). Errors name the line and column.
func FromTree(t *Tree) (*Record, error) {
	nodes, vars := mainLine(t)
	root := nodes[0]
	at := func(p Property, format string, a ...any) error {
		return fmt.Errorf("%s: %s[%s]: %s", p.Pos, p.Ident, strings.Join(p.Values, "]["), fmt.Sprintf(format, a...))
	}
	r := &Record{}
	get := func(id string) (Property, bool) { return root.Prop(id) }

	// The game: GM[1] (or none) is Go or Kee, or any game in the records
	// moku wrote before Keil and Ki had their own numbers.
	gm := GMGo
	if p, ok := get("GM"); ok {
		var err error
		gm, err = strconv.Atoi(strings.TrimSpace(p.Values[0]))
		if err != nil || (gm != GMGo && gm != GMKeil && gm != GMKi) {
			return nil, at(p, "game %s is not one moku plays: GM[%d] is Go or Kee, GM[%d] Keil, GM[%d] Ki", p.Values[0], GMGo, GMKeil, GMKi)
		}
	}
	gameName := map[int]string{GMKeil: "keil", GMKi: "ki"}[gm]
	// The board.
	var err error
	if p, ok := get("MKGR"); ok {
		spec := "record.json"
		if q, ok := get("MKBD"); ok {
			spec = Text(q.Values[0])
		}
		if r.Board, err = board.ReadJSON([]byte(Text(p.Values[0])), spec); err != nil {
			return nil, at(p, "%v", err)
		}
	} else if p, ok := get("MKBD"); ok {
		spec := strings.TrimSpace(Text(p.Values[0]))
		if strings.HasSuffix(strings.ToLower(spec), ".json") {
			return nil, at(p, "a graph board travels inside the record, in MKGR")
		}
		if r.Board, err = board.Parse(spec); err != nil {
			return nil, at(p, "%v", err)
		}
	} else if p, ok := get("SZ"); ok {
		a, b, isRect := strings.Cut(strings.TrimSpace(p.Values[0]), ":")
		w, err := strconv.Atoi(strings.TrimSpace(a))
		if err != nil {
			return nil, at(p, "want a board size")
		}
		h := w
		if isRect {
			if h, err = strconv.Atoi(strings.TrimSpace(b)); err != nil {
				return nil, at(p, "want a board size")
			}
		}
		if gm == GMKeil {
			if isRect {
				return nil, at(p, "a Keil board (GM[%d]) is the hexhex of side N: SZ[N]", GMKeil)
			}
			r.Board, err = board.Hex(w)
		} else {
			r.Board, err = board.Rect(w, h)
		}
		if err != nil {
			return nil, at(p, "%v", err)
		}
	} else {
		spec := "19x19" // SGF's default for Go
		if gameName != "" {
			spec = catalog.DefaultBoard(gameName)
		}
		if r.Board, err = board.Parse(spec); err != nil {
			return nil, fmt.Errorf("%s: %v", root.Pos, err)
		}
	}
	// The ruleset.
	if p, ok := get("MKRU"); ok {
		r.native = true
		if r.Rules, err = rules.Parse(Text(p.Values[0]), r.Board); err != nil {
			return nil, at(p, "%v", err)
		}
		if gm != GMGo && r.Rules.Game != gameName {
			return nil, at(p, "a %s ruleset in a record of GM[%d], %s", r.Rules.Game, gm, gameName)
		}
	} else {
		ru, _ := root.Get("RU")
		preset := rulesFromRU(ru)
		if gameName != "" {
			preset = gameName
			if p, err := rules.Preset(ru, r.Board); err == nil && p.Game == gameName {
				preset = ru
			}
		}
		if r.Rules, err = rules.Preset(preset, r.Board); err != nil {
			return nil, err
		}
		// A file without moku's ruleset: FF[4] gives KM no default value,
		// and no komi is what a missing KM has always meant to readers.
		r.Rules.Komi = 0
	}
	if p, ok := get("KM"); ok {
		if err := r.Rules.Set("komi", strings.TrimSpace(p.Values[0])); err != nil {
			return nil, at(p, "%v", err)
		}
	}
	if p, ok := get("MKPIE"); ok {
		c, err := board.ParseColor(p.Values[0])
		if err != nil || c > board.White {
			return nil, at(p, "want B or W, the colour the second player chose")
		}
		r.Pie = c
	}
	if err := r.Rules.Validate(r.Board); err != nil {
		return nil, fmt.Errorf("%s: %v", root.Pos, err)
	}
	if p, ok := get("MKDEAD"); ok {
		for _, v := range p.Values {
			q, found := r.Board.Point(strings.TrimSpace(v))
			if !found {
				return nil, at(p, "MKDEAD[%s]: want a point of %s", v, r.Board.Spec())
			}
			r.Dead = append(r.Dead, q)
		}
	}
	for _, p := range root.Props {
		if p.Ident == "CA" && strings.EqualFold(strings.TrimSpace(p.Values[0]), "UTF-8") {
			continue // what moku writes; another charset is kept as read
		}
		if !rootIdents[p.Ident] && !setupIdents[p.Ident] && !moveIdents[p.Ident] {
			r.Props = append(r.Props, p)
		}
	}

	// Set-up, then moves.
	setup := map[int]board.Color{}
	var setupOrder []int
	var pending []*Tree // variations waiting for the next move
	pl := ""            // the player to move first, from the set-up
	for i, n := range nodes {
		pending = append(pending, vars[i]...)
		var moveProps []Property
		var mv []Property
		for _, p := range n.Props {
			switch {
			case setupIdents[p.Ident]:
				if len(r.Moves) > 0 {
					return nil, at(p, "set-up after the first move: moku's games start from one position")
				}
				if p.Ident == "PL" {
					pl = Text(p.Values[0])
				}
				if err := r.addSetup(p, setup, &setupOrder); err != nil {
					return nil, err
				}
			case moveIdents[p.Ident]:
				mv = append(mv, p)
			case i > 0 && rootIdents[p.Ident]:
				// Read from the root only: elsewhere it would be kept
				// but mean nothing, and be written back into the root.
				return nil, at(p, "%s after the root node: moku reads the game, board, komi and rules from the root", p.Ident)
			case i > 0:
				moveProps = append(moveProps, p)
			}
		}
		if len(mv) == 0 {
			// A node without a move: its properties stay with the move
			// before it (or the root).
			if i > 0 {
				if k := len(r.Moves); k > 0 {
					r.Moves[k-1].Props = append(r.Moves[k-1].Props, moveProps...)
				} else {
					r.Props = append(r.Props, moveProps...)
				}
			}
			continue
		}
		m, err := r.readMove(n, mv)
		if err != nil {
			return nil, err
		}
		m.Props = moveProps
		m.Pos = n.Pos
		m.Variations, pending = pending, nil
		r.Moves = append(r.Moves, m)
	}
	r.Continuations = pending
	sort.Ints(setupOrder)
	for _, p := range setupOrder {
		if c := setup[p]; c != board.Empty {
			r.Setup = append(r.Setup, board.Stone{Point: p, Color: c})
		}
	}
	if r.ordinary() {
		first := board.Black
		if c, err := board.ParseColor(pl); err == nil && c == board.White {
			first = board.White
		}
		r.implyPasses(first)
	}
	return r, nil
}

// addSetup applies a set-up property (AB, AW, AE, PL, MKSU).
func (r *Record) addSetup(p Property, setup map[int]board.Color, order *[]int) error {
	put := func(q int, c board.Color) {
		if _, seen := setup[q]; !seen {
			*order = append(*order, q)
		}
		setup[q] = c
	}
	switch p.Ident {
	case "PL":
		return nil // the order of play is the moves'
	case "MKSU":
		for _, v := range p.Values {
			cs, name, ok := strings.Cut(Text(v), ":")
			c, err := board.ParseColor(cs)
			q, found := r.Board.Point(name)
			if !ok || err != nil || !found || int(c) > r.Rules.Players {
				return fmt.Errorf("%s: MKSU[%s]: want <colour letter>:<point of %s>", p.Pos, v, r.Board.Spec())
			}
			put(q, c)
		}
		return nil
	}
	if !r.standard() {
		return fmt.Errorf("%s: %s: set-up of a %s record on %s is written MKSU[<colour>:<point>]", p.Pos, p.Ident, r.Rules.Game, r.Board.Spec())
	}
	c := map[string]board.Color{"AB": board.Black, "AW": board.White, "AE": board.Empty}[p.Ident]
	for _, v := range p.Values {
		var pts []int
		var err error
		if r.Board.Kind() == "hex" {
			var q int
			var pass bool
			if q, pass, err = r.parsePoint(v); err == nil && pass {
				err = fmt.Errorf("not a point")
			}
			pts = []int{q}
		} else {
			pts, err = pointList(r.Board, v)
		}
		if err != nil {
			return fmt.Errorf("%s: %s[%s]: %v", p.Pos, p.Ident, v, err)
		}
		for _, q := range pts {
			put(q, c)
		}
	}
	return nil
}

// pointList reads a point or a compressed rectangle "aa:cc".
func pointList(g *board.Graph, v string) ([]int, error) {
	a, b, rect := strings.Cut(v, ":")
	p, pass, err := parsePoint(g, a)
	if err != nil || pass {
		if err == nil {
			err = fmt.Errorf("not a point")
		}
		return nil, err
	}
	if !rect {
		return []int{p}, nil
	}
	q, pass, err := parsePoint(g, b)
	if err != nil || pass {
		if err == nil {
			err = fmt.Errorf("not a point")
		}
		return nil, err
	}
	w, _ := g.Size()
	var pts []int
	for y := min(p/w, q/w); y <= max(p/w, q/w); y++ {
		for x := min(p%w, q%w); x <= max(p%w, q%w); x++ {
			pts = append(pts, y*w+x)
		}
	}
	return pts, nil
}

// readMove reads the move of a node.
func (r *Record) readMove(n *Node, props []Property) (Move, error) {
	var m Move
	found := 0
	for _, p := range props {
		switch p.Ident {
		case "MKRS":
			m.Rescinded = true
			continue
		case "MKTO":
			m.Timeout = true
			continue
		case "MKAB":
			m.Abandoned = true
			continue
		case "MKVISITS":
			vs, err := r.readVisits(p)
			if err != nil {
				return m, err
			}
			m.Visits = vs
			continue
		case "MKMV":
			cs, mv, ok := strings.Cut(Text(p.Values[0]), ":")
			c, err := board.ParseColor(cs)
			if !ok || err != nil {
				return m, fmt.Errorf("%s: MKMV[%s]: want <colour letter>:<move>", p.Pos, p.Values[0])
			}
			if int(c) > r.Rules.Players {
				return m, fmt.Errorf("%s: MKMV[%s]: the game has %d players", p.Pos, p.Values[0], r.Rules.Players)
			}
			mm, err := game.ParseMove(r.Board, mv)
			if err != nil {
				return m, fmt.Errorf("%s: MKMV[%s]: %v", p.Pos, p.Values[0], err)
			}
			m.Played = game.Played{Player: c, Move: mm}
		case "B", "W":
			if !r.standard() {
				return m, fmt.Errorf("%s: %s[%s]: moves of a %d-player %s record on %s are written MKMV[<colour>:<move>]", p.Pos, p.Ident, p.Values[0], r.Rules.Players, r.Rules.Game, r.Board.Spec())
			}
			q, pass, err := r.parsePoint(p.Values[0])
			if err != nil {
				return m, fmt.Errorf("%s: %s[%s]: %v", p.Pos, p.Ident, p.Values[0], err)
			}
			c := board.Black
			if p.Ident == "W" {
				c = board.White
			}
			m.Played = game.Played{Player: c, Move: game.PassMove}
			if !pass {
				m.Move = game.At(q)
			}
		}
		found++
	}
	if found != 1 {
		return m, fmt.Errorf("%s: a node with %d moves: want one (B, W or MKMV)", n.Pos, found)
	}
	return m, nil
}

// readVisits reads an MKVISITS property: values <move>:<playouts>, each
// move once, the playouts not negative.
func (r *Record) readVisits(p Property) ([]Visit, error) {
	vs := make([]Visit, 0, len(p.Values))
	seen := map[game.Move]bool{}
	for _, v := range p.Values {
		ms, ns, ok := strings.Cut(Text(v), ":")
		if !ok {
			return nil, fmt.Errorf("%s: MKVISITS[%s]: want <move>:<playouts>", p.Pos, v)
		}
		m, err := game.ParseMove(r.Board, ms)
		if err != nil {
			return nil, fmt.Errorf("%s: MKVISITS[%s]: %v", p.Pos, v, err)
		}
		n, err := strconv.Atoi(ns)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%s: MKVISITS[%s]: the playouts must be a whole number, 0 or more", p.Pos, v)
		}
		if seen[m] {
			return nil, fmt.Errorf("%s: MKVISITS[%s]: %s named twice", p.Pos, v, ms)
		}
		seen[m] = true
		vs = append(vs, Visit{Move: m, Visits: n})
	}
	return vs, nil
}

// implyPasses inserts a pass before each move of a two-player Go record
// made out of turn (handicap games start with White; some files have two
// moves of one colour in a row), so that moku's engine can replay it.
//
// first is the player to move first (SGF's PL in the set-up): with White
// first, Black's first move is an implied pass.
func (r *Record) implyPasses(first board.Color) {
	var out []Move
	next := board.Black
	if first == board.White {
		out = append(out, Move{Played: game.Played{Player: board.Black, Move: game.PassMove}, Implied: true})
		next = board.White
	}
	for _, m := range r.Moves {
		if m.Player != next {
			out = append(out, Move{Played: game.Played{Player: next, Move: game.PassMove}, Implied: true, Pos: m.Pos})
		}
		out = append(out, m)
		next = 3 - m.Player
	}
	r.Moves = out
}

// MoveCount returns the number of moves the record holds, the passes implied
// by moves out of turn not counted: the moves of the file.
func (r *Record) MoveCount() int {
	n := 0
	for _, m := range r.Moves {
		if !m.Implied {
			n++
		}
	}
	return n
}

// Tree returns the record as an SGF game tree (see the package's
// convention), its variations included.
func (r *Record) Tree() *Tree {
	root := &Node{}
	root.Set("GM", strconv.Itoa(r.gm()))
	root.Set("FF", "4")
	if _, ok := r.Get("CA"); !ok {
		root.Set("CA", "UTF-8")
	}
	komi := strconv.FormatFloat(r.Rules.Komi, 'f', -1, 64)
	switch w, h := r.Board.Size(); {
	case r.sized() && r.Board.Kind() == "hex":
		root.Set("SZ", strconv.Itoa(r.Board.Side()))
	case r.sized() && w == h:
		root.Set("SZ", strconv.Itoa(w))
	case r.sized():
		root.Set("SZ", fmt.Sprintf("%d:%d", w, h))
	default:
		root.Set("MKBD", r.Board.Spec())
		if r.Board.Kind() == "graph" {
			root.Set("MKGR", string(graphJSON(r.Board, nil)))
		}
	}
	root.Set("KM", komi)
	root.Set("MKRU", r.Rules.String())
	if r.Pie != board.Empty {
		root.Set("MKPIE", r.Pie.Letter())
	}
	if len(r.Dead) > 0 {
		var dead []string
		for _, q := range r.Dead {
			dead = append(dead, r.Board.Name(q))
		}
		root.Set("MKDEAD", dead...)
	}
	if len(r.Setup) > 0 {
		if r.standard() {
			var ab, aw []string
			for _, s := range r.Setup {
				if s.Color == board.Black {
					ab = append(ab, r.point(s.Point))
				} else {
					aw = append(aw, r.point(s.Point))
				}
			}
			if len(ab) > 0 {
				root.Set("AB", ab...)
			}
			if len(aw) > 0 {
				root.Set("AW", aw...)
			}
		} else {
			var su []string
			for _, s := range r.Setup {
				su = append(su, s.Color.Letter()+":"+r.Board.Name(s.Point))
			}
			root.Set("MKSU", su...)
		}
	}
	if r.ordinary() && len(r.Moves) > 0 && r.Moves[0].Implied && r.Moves[0].Player == board.Black {
		root.Set("PL", "W")
	}
	root.Props = append(root.Props, r.Props...)
	t := &Tree{Nodes: []*Node{root}}
	r.appendLine(t, r.Moves, r.Continuations)
	return t
}

// appendLine appends moves to the game tree t (which has a node), each
// move's variations branching off before it, then the continuations after
// an empty node that ends the line.
func (r *Record) appendLine(t *Tree, moves []Move, continuations []*Tree) {
	cur := t
	for _, m := range moves {
		if m.Implied {
			continue
		}
		if len(m.Variations) > 0 {
			next := &Tree{}
			cur.Children = append([]*Tree{next}, m.Variations...)
			cur = next
		}
		cur.Nodes = append(cur.Nodes, r.moveNode(m))
	}
	if len(continuations) > 0 {
		cur.Children = append([]*Tree{{Nodes: []*Node{{}}}}, continuations...)
	}
}

// lines returns moves (and the continuations after them) as game trees
// that branch off one node: the line of the moves first, then the first
// move's variations.
func (r *Record) lines(moves []Move, continuations []*Tree) []*Tree {
	for len(moves) > 0 && moves[0].Implied {
		moves = moves[1:]
	}
	if len(moves) == 0 {
		return continuations
	}
	t := &Tree{Nodes: []*Node{r.moveNode(moves[0])}}
	r.appendLine(t, moves[1:], continuations)
	return append([]*Tree{t}, moves[0].Variations...)
}

// moveNode returns the node of move m.
func (r *Record) moveNode(m Move) *Node {
	n := &Node{}
	w, h := r.Board.Size()
	switch {
	case r.standard() && m.Move.Kind == game.Place:
		n.Set(m.Player.Letter(), r.point(m.Move.Point))
	case r.standard() && m.Move.Kind == game.Pass:
		v := ""
		if r.gm() == GMGo && w <= 19 && h <= 19 {
			v = "tt"
		}
		n.Set(m.Player.Letter(), v)
	default:
		n.Set("MKMV", m.Player.Letter()+":"+m.Move.Format(r.Board))
	}
	if m.Rescinded {
		n.Set("MKRS", "")
	}
	if m.Timeout {
		n.Set("MKTO", "")
	}
	if m.Abandoned {
		n.Set("MKAB", "")
	}
	if len(m.Visits) > 0 {
		vs := make([]string, len(m.Visits))
		for i, v := range m.Visits {
			vs[i] = v.Move.Format(r.Board) + ":" + strconv.Itoa(v.Visits)
		}
		n.Set("MKVISITS", vs...)
	}
	n.Props = append(n.Props, m.Props...)
	return n
}

// Follow returns the record of game s, a game started from r's start
// position (loaded from r, then played on), keeping what r holds beside
// its moves: its root properties, and each move's properties, search visits and
// variations while s plays r's moves. Where s departs from r's main line,
// r's remaining moves become a variation there; where s stops within it,
// they go on after s's last move as a continuation. r's result (RE) and
// agreed dead stones stay only if s has played exactly r's moves.
func (r *Record) Follow(s game.State) *Record {
	n := FromState(s)
	if n.Board.Spec() == r.Board.Spec() && n.Board.Kind() == r.Board.Kind() {
		n.Board, n.Setup = r.Board, r.Setup
	}
	n.Pie = r.Pie
	re, over := n.Get("RE")
	ru, _ := n.Get("RU")
	n.Props = append([]Property(nil), r.Props...)
	common := 0
	for common < len(n.Moves) && common < len(r.Moves) && n.Moves[common].Played == r.Moves[common].Played {
		old := r.Moves[common]
		n.Moves[common].Implied = old.Implied
		n.Moves[common].Props = old.Props
		n.Moves[common].Visits = old.Visits
		n.Moves[common].Variations = old.Variations
		n.Moves[common].Pos = old.Pos
		n.Moves[common].Timeout = old.Timeout
		n.Moves[common].Abandoned = old.Abandoned
		common++
	}
	same := common == len(n.Moves) && common == len(r.Moves)
	_, hadRE := r.Get("RE")
	switch {
	case same && hadRE: // the record's own result (another program's, say) stands
	case over:
		n.Set("RE", re)
	case !same:
		n.Delete("RE")
	}
	if same {
		n.Dead = r.Dead
	}
	if s.Rules().Name != r.Rules.Name {
		n.Set("RU", ru) // RU as read while the rules are the record's
	}
	rest := r.lines(r.Moves[common:], r.Continuations)
	if common < len(n.Moves) {
		n.Moves[common].Variations = rest
	} else {
		n.Continuations = rest
	}
	return n
}

// WriteSGF writes the record as an SGF file.
func (r *Record) WriteSGF(w io.Writer) error { return WriteSGF(w, []*Tree{r.Tree()}) }

// ReadSGF reads every game of an SGF collection as records.
func ReadSGF(data []byte) ([]*Record, error) {
	trees, err := ParseSGF(data)
	if err != nil {
		return nil, err
	}
	recs := make([]*Record, len(trees))
	for i, t := range trees {
		if recs[i], err = FromTree(t); err != nil {
			if len(trees) > 1 {
				return nil, fmt.Errorf("game %d: %w", i+1, err)
			}
			return nil, err
		}
	}
	return recs, nil
}

// IsSGF reports whether data looks like SGF: its first non-space
// characters are "(;" (possibly with space between).
func IsSGF(data []byte) bool {
	s := bytes.TrimLeft(data, " \t\r\n\ufeff")
	s = bytes.TrimPrefix(s, []byte("\xef\xbb\xbf"))
	if len(s) == 0 || s[0] != '(' {
		return false
	}
	s = bytes.TrimLeft(s[1:], " \t\r\n")
	return len(s) > 0 && s[0] == ';'
}

// graphJSON writes board g as a JSON board file (see board.ReadJSON), with
// its starting position plus the stones extra.
func graphJSON(g *board.Graph, extra []board.Stone) []byte {
	if len(extra) > 0 {
		if h, err := g.WithStart(append(append([]board.Stone(nil), g.Start()...), extra...)); err == nil {
			g = h
		}
	}
	return g.JSON()
}
