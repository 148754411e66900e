package record

// Conversion between SGF game trees and moku games. The convention (see
// docs/records.md):
//
//   - Plain Go on a rectangle with two players is ordinary SGF: GM[1], SZ,
//     KM, B[]/W[] moves in SGF coordinates ("tt" or empty for a pass),
//     AB/AW set-up stones; MKRU carries moku's ruleset in full.
//   - Every other game (Keil, Kee, Ki, Go on other boards or with more
//     players) is still GM[1] SGF, but the board is MKBD[spec] (with the
//     whole graph as JSON in MKGR for a graph board) and every move is a
//     private property MKMV[<colour letter>:<move>], the move written in
//     moku's notation: "g7", "pass", "button", "appeal-c3", "resign".
//   - Moves SGF has no notation for (resign, button, appeal) are MKMV in
//     every record. Kee's rescinded plays are kept in the order played and
//     marked MKRS[]; MKPIE[B|W] records a komi-pie set-up (the colour the
//     second player chose after the first named the komi, KM).
//   - MKDEAD[<point>]... lists the stones the players agreed were dead
//     after play stopped (the agreement phase of Kee and of Go in the web
//     app), in moku's notation: they are removed before the count, and RE
//     is that count (Record.Result).

import (
	"bytes"
	"encoding/json"
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
	// Dead lists the points of the stones the players agreed were dead
	// once play stopped (MKDEAD), removed before the count.
	Dead []int
	// Props are the game's other root properties in order: player names,
	// date, result, comments, application, unknown properties...
	Props []Property
}

// Move is one move of a record.
type Move struct {
	game.Played
	// Rescinded marks a Kee play that a later non-appealing pass took out of
	// the history; it stays in the record, in the order played.
	Rescinded bool
	// Implied marks a pass moku inserted to replay a foreign Go record that
	// has a move out of turn (a handicap game starting with White): it is
	// not written back.
	Implied bool
	// Props are the node's other properties (comments, times, markup...).
	Props []Property
	// Pos is where the move's node starts in the file it was read from.
	Pos Pos
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
func (r *Record) Result(s game.State) game.Result {
	if w, ok := s.(game.DeadRemovable); ok && len(r.Dead) > 0 {
		return w.ResultWithout(r.Dead)
	}
	return s.Result()
}

// FromState returns the record of game s. A Kee game's record holds every
// play, rescinded plays marked. The root holds AP, RU (the ruleset's name)
// and, once the game is over, RE.
func FromState(s game.State) *Record {
	r := &Record{Rules: s.Rules(), Board: s.Graph()}
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

// ordinary reports whether the game is written as ordinary Go SGF.
func (r *Record) ordinary() bool {
	if r.Rules.Game != "go" || r.Board.Kind() != "rect" || r.Rules.Players != 2 {
		return false
	}
	w, h := r.Board.Size()
	return w <= 52 && h <= 52
}

// Start returns the record's starting position: its board with the set-up
// stones, under its ruleset.
func (r *Record) Start() (game.State, error) {
	g := r.Board
	if len(r.Setup) > 0 {
		var err error
		if g, err = withStones(r.Board, r.Setup); err != nil {
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
	rootIdents  = map[string]bool{"GM": true, "FF": true, "CA": true, "SZ": true, "KM": true, "MKRU": true, "MKBD": true, "MKGR": true, "MKPIE": true, "MKDEAD": true}
	setupIdents = map[string]bool{"AB": true, "AW": true, "AE": true, "PL": true, "MKSU": true}
	moveIdents  = map[string]bool{"B": true, "W": true, "MKMV": true, "MKRS": true}
)

// FromTree reads the main line of an SGF game tree as a moku record.
// Variations are not part of the record. Errors name the line and column.
func FromTree(t *Tree) (*Record, error) {
	nodes := t.MainLine()
	root := nodes[0]
	at := func(p Property, format string, a ...any) error {
		return fmt.Errorf("%s: %s[%s]: %s", p.Pos, p.Ident, strings.Join(p.Values, "]["), fmt.Sprintf(format, a...))
	}
	r := &Record{}
	get := func(id string) (Property, bool) { return root.Prop(id) }

	if p, ok := get("GM"); ok && strings.TrimSpace(p.Values[0]) != "1" {
		return nil, at(p, "game %s is not Go (GM[1]); moku's own games are written GM[1] with MKRU", p.Values[0])
	}
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
	} else {
		w, h := 19, 19
		if p, ok := get("SZ"); ok {
			a, b, isRect := strings.Cut(strings.TrimSpace(p.Values[0]), ":")
			if w, err = strconv.Atoi(strings.TrimSpace(a)); err != nil {
				return nil, at(p, "want a board size")
			}
			h = w
			if isRect {
				if h, err = strconv.Atoi(strings.TrimSpace(b)); err != nil {
					return nil, at(p, "want a board size")
				}
			}
		}
		if r.Board, err = board.Rect(w, h); err != nil {
			return nil, fmt.Errorf("%s: %v", root.Pos, err)
		}
	}
	// The ruleset.
	if p, ok := get("MKRU"); ok {
		if r.Rules, err = rules.Parse(Text(p.Values[0]), r.Board); err != nil {
			return nil, at(p, "%v", err)
		}
	} else {
		ru, _ := root.Get("RU")
		if r.Rules, err = rules.Preset(rulesFromRU(ru), r.Board); err != nil {
			return nil, err
		}
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
	ordinary := r.ordinary()
	for _, p := range root.Props {
		if !rootIdents[p.Ident] && !setupIdents[p.Ident] && !moveIdents[p.Ident] {
			r.Props = append(r.Props, p)
		}
	}

	// Set-up, then moves.
	setup := map[int]board.Color{}
	var setupOrder []int
	pl := "" // the player to move first, from the set-up
	for i, n := range nodes {
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
				if err := r.addSetup(p, ordinary, setup, &setupOrder); err != nil {
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
		m, err := r.readMove(n, mv, ordinary)
		if err != nil {
			return nil, err
		}
		m.Props = moveProps
		m.Pos = n.Pos
		r.Moves = append(r.Moves, m)
	}
	sort.Ints(setupOrder)
	for _, p := range setupOrder {
		if c := setup[p]; c != board.Empty {
			r.Setup = append(r.Setup, board.Stone{Point: p, Color: c})
		}
	}
	if ordinary {
		first := board.Black
		if c, err := board.ParseColor(pl); err == nil && c == board.White {
			first = board.White
		}
		r.implyPasses(first)
	}
	return r, nil
}

// addSetup applies a set-up property (AB, AW, AE, PL, MKSU).
func (r *Record) addSetup(p Property, ordinary bool, setup map[int]board.Color, order *[]int) error {
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
	if !ordinary {
		return fmt.Errorf("%s: %s: set-up of a %s record on %s is written MKSU[<colour>:<point>]", p.Pos, p.Ident, r.Rules.Game, r.Board.Spec())
	}
	c := map[string]board.Color{"AB": board.Black, "AW": board.White, "AE": board.Empty}[p.Ident]
	for _, v := range p.Values {
		pts, err := pointList(r.Board, v)
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
func (r *Record) readMove(n *Node, props []Property, ordinary bool) (Move, error) {
	var m Move
	found := 0
	for _, p := range props {
		switch p.Ident {
		case "MKRS":
			m.Rescinded = true
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
			if !ordinary {
				return m, fmt.Errorf("%s: %s[%s]: moves of a %s record on %s are written MKMV[<colour>:<move>]", p.Pos, p.Ident, p.Values[0], r.Rules.Game, r.Board.Spec())
			}
			q, pass, err := parsePoint(r.Board, p.Values[0])
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

// Tree returns the record as an SGF game tree (see the package's
// convention).
func (r *Record) Tree() *Tree {
	root := &Node{}
	root.Set("GM", "1")
	root.Set("FF", "4")
	root.Set("CA", "UTF-8")
	ordinary := r.ordinary()
	komi := strconv.FormatFloat(r.Rules.Komi, 'f', -1, 64)
	if ordinary {
		w, h := r.Board.Size()
		if w == h {
			root.Set("SZ", strconv.Itoa(w))
		} else {
			root.Set("SZ", fmt.Sprintf("%d:%d", w, h))
		}
	} else {
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
		if ordinary {
			var ab, aw []string
			for _, s := range r.Setup {
				if s.Color == board.Black {
					ab = append(ab, sgfPoint(r.Board, s.Point))
				} else {
					aw = append(aw, sgfPoint(r.Board, s.Point))
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
	if ordinary && len(r.Moves) > 0 && r.Moves[0].Implied && r.Moves[0].Player == board.Black {
		root.Set("PL", "W")
	}
	root.Props = append(root.Props, r.Props...)
	t := &Tree{Nodes: []*Node{root}}
	w, h := r.Board.Size()
	for _, m := range r.Moves {
		if m.Implied {
			continue
		}
		n := &Node{}
		switch {
		case ordinary && m.Move.Kind == game.Place:
			n.Set(m.Player.Letter(), sgfPoint(r.Board, m.Move.Point))
		case ordinary && m.Move.Kind == game.Pass:
			v := ""
			if w <= 19 && h <= 19 {
				v = "tt"
			}
			n.Set(m.Player.Letter(), v)
		default:
			n.Set("MKMV", m.Player.Letter()+":"+m.Move.Format(r.Board))
		}
		if m.Rescinded {
			n.Set("MKRS", "")
		}
		n.Props = append(n.Props, m.Props...)
		t.Nodes = append(t.Nodes, n)
	}
	return t
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
	type point struct {
		Name string  `json:"name"`
		X    float64 `json:"x"`
		Y    float64 `json:"y"`
	}
	var jb struct {
		Name   string              `json:"name,omitempty"`
		Points []point             `json:"points"`
		Edges  [][2]string         `json:"edges"`
		Stones map[string][]string `json:"stones,omitempty"`
	}
	jb.Name = g.Title()
	for p := 0; p < g.N(); p++ {
		x, y := g.Coord(p)
		jb.Points = append(jb.Points, point{g.Name(p), x, y})
		for _, q := range g.Neighbors(p) {
			if int(q) > p {
				jb.Edges = append(jb.Edges, [2]string{g.Name(p), g.Name(int(q))})
			}
		}
	}
	stones := append(append([]board.Stone(nil), g.Start()...), extra...)
	if len(stones) > 0 {
		jb.Stones = map[string][]string{}
		for _, s := range stones {
			jb.Stones[s.Color.String()] = append(jb.Stones[s.Color.String()], g.Name(s.Point))
		}
		for _, v := range jb.Stones {
			sort.Strings(v)
		}
	}
	data, err := json.Marshal(jb)
	if err != nil {
		panic(err) // plain strings and finite floats always marshal
	}
	return data
}

// withStones returns board g with the stones added to its starting position.
func withStones(g *board.Graph, stones []board.Stone) (*board.Graph, error) {
	return board.ReadJSON(graphJSON(g, stones), g.Spec()+" with set-up stones")
}
