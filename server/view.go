package server

import (
	"encoding/json"
	"moku/board"
	"moku/catalog"
	"moku/game"
)

// boardView is the board's geometry, for drawing.
type boardView struct {
	Spec   string      `json:"spec"`
	Kind   string      `json:"kind"`
	Side   int         `json:"side,omitempty"`
	Width  int         `json:"width,omitempty"`
	Height int         `json:"height,omitempty"`
	Points []pointView `json:"points"`
	Edges  [][2]int    `json:"edges"`

	enc []byte // the above as JSON, made once: every view sends it
}

// MarshalJSON returns the geometry's JSON, made by viewBoard.
func (v boardView) MarshalJSON() ([]byte, error) {
	if v.enc != nil {
		return v.enc, nil
	}
	type plain boardView
	return json.Marshal(plain(v))
}

type pointView struct {
	Name string  `json:"name"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

func viewBoard(g *board.Graph) boardView {
	v := boardView{Spec: g.Spec(), Kind: g.Kind(), Side: g.Side(), Edges: [][2]int{}}
	if g.Kind() == "rect" || g.Kind() == "torus" {
		v.Width, v.Height = g.Size()
	}
	for p := 0; p < g.N(); p++ {
		x, y := g.Coord(p)
		v.Points = append(v.Points, pointView{Name: g.Name(p), X: x, Y: y})
		for _, q := range g.Neighbors(p) {
			if int(q) > p {
				v.Edges = append(v.Edges, [2]int{p, int(q)})
			}
		}
	}
	enc, err := v.MarshalJSON()
	if err != nil {
		panic(err) // plain data: it always encodes
	}
	v.enc = enc
	return v
}

type seatView struct {
	Color string `json:"color"`
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Level string `json:"level,omitempty"`
}

type moveView struct {
	Color string `json:"color"`
	Move  string `json:"move"`
}

type scoreView struct {
	Color     string  `json:"color"`
	Stones    int     `json:"stones"`
	Territory int     `json:"territory"`
	Bonus     float64 `json:"bonus"`
	Total     float64 `json:"total"`
	Rank      int     `json:"rank"`
}

// gameView is everything a page shows of a game; it is sent whole on every
// change, so a client that reconnects misses nothing.
type gameView struct {
	ID       string      `json:"id"`
	Version  int         `json:"version"` // number of actions: the seq of the next is Version+1
	Game     string      `json:"game"`
	Rules    string      `json:"rules"`
	Board    boardView   `json:"board"`
	Seats    []seatView  `json:"seats"`
	Phase    string      `json:"phase"`
	ToMove   int         `json:"toMove"` // seat, or -1
	PieKomi  string      `json:"pieKomi,omitempty"`
	Stones   string      `json:"stones"` // a symbol a point: . X O R U
	Owners   string      `json:"owners"` // the player each point counts for
	Dead     []int       `json:"dead,omitempty"`
	Accepted []bool      `json:"accepted,omitempty"`
	Last     int         `json:"last"` // the last placement's point, or -1
	Moves    []moveView  `json:"moves"`
	Legal    []string    `json:"legal"` // the legal moves of the player to move
	UndoBy   int         `json:"undoBy"`
	Undoable []int       `json:"undoable"` // by seat: the moves its undo would take back (0: it may not ask)
	Result   string      `json:"result,omitempty"`
	Reason   string      `json:"reason,omitempty"`
	Score    []scoreView `json:"score"`
	Button   bool        `json:"button"`
	Komi     float64     `json:"komi"`
}

// stonesOf writes the board as a string of symbols.
func stonesOf(s game.State) string {
	b := make([]byte, s.Graph().N())
	for p := range b {
		b[p] = s.At(p).Symbol()
	}
	return string(b)
}

func (t *table) view() gameView {
	v := gameView{ID: t.meta.ID, Version: len(t.actions), Game: t.r.Game, Rules: t.r.String(),
		Board: t.geom, Phase: t.phase, ToMove: t.toMoveSeat(), PieKomi: t.pieKomi,
		Last: -1, UndoBy: t.undoBy, Moves: []moveView{}, Legal: []string{}, Score: []scoreView{},
		Button: t.r.Button, Komi: t.r.Komi}
	for i, s := range t.meta.Seats {
		v.Seats = append(v.Seats, seatView{Color: t.colorName(i), Kind: s.Kind, Name: s.Name, Level: s.Level})
		n := 0
		if t.state != nil {
			n = t.undoable(i)
		}
		v.Undoable = append(v.Undoable, n)
	}
	if t.state == nil {
		v.Stones = string(make([]byte, 0))
		empty := make([]byte, t.g.N())
		for i := range empty {
			empty[i] = '.'
		}
		v.Stones, v.Owners = string(empty), string(empty)
		return v
	}
	v.Stones = stonesOf(t.state)
	owners := []byte(v.Stones)
	if o, ok := t.state.(interface {
		Owners([]board.Color) []board.Color
	}); ok {
		for p, c := range o.Owners(nil) {
			owners[p] = c.Symbol()
		}
	}
	for q, d := range t.dead {
		if d {
			v.Dead = append(v.Dead, q)
		}
	}
	if len(v.Dead) > 0 {
		owners = t.ownersWithoutDead()
	}
	v.Accepted = t.accept
	v.Owners = string(owners)
	for _, m := range game.Actions(t.state) {
		v.Moves = append(v.Moves, moveView{Color: m.Player.String(), Move: m.Move.Format(t.g)})
		if m.Move.Kind == game.Place {
			v.Last = m.Move.Point
		} else {
			v.Last = -1
		}
	}
	if t.phase == phasePlaying {
		for _, m := range t.state.LegalMoves(nil) {
			v.Legal = append(v.Legal, m.Format(t.g))
		}
	}
	res := t.result()
	if t.phase == phaseOver {
		v.Result, v.Reason = res.String(), res.Reason
	}
	rank := res.Rank()
	for c := board.Black; int(c) <= res.Players; c++ {
		v.Score = append(v.Score, scoreView{Color: c.String(), Stones: res.Stones[c], Territory: res.Territory[c],
			Bonus: res.Bonus[c], Total: res.Score[c], Rank: rank[c]})
	}
	return v
}

// positions replays the game and returns the board after each move, the
// start first, for moving back and forth through a game.
func (t *table) positions() ([]string, error) {
	if t.state == nil {
		return []string{}, nil
	}
	s, err := catalog.New(t.r, t.g)
	if err != nil {
		return nil, err
	}
	out := []string{stonesOf(s)}
	for _, m := range game.Actions(t.state) {
		if err := s.Play(m.Move); err != nil {
			return out, err
		}
		out = append(out, stonesOf(s))
	}
	return out, nil
}

// ownersWithoutDead returns the owner symbol of every point with the stones
// marked dead taken off, as the score counts them (Kee's area scoring: an
// empty region belongs to the one colour it touches, if only one).
func (t *table) ownersWithoutDead() []byte {
	n := t.g.N()
	color := make([]board.Color, n)
	for p := range n {
		if !t.dead[p] {
			color[p] = t.state.At(p)
		}
	}
	out := make([]byte, n)
	seen := make([]bool, n)
	for p := range n {
		if color[p] != board.Empty {
			out[p] = color[p].Symbol()
			continue
		}
		if seen[p] {
			continue
		}
		region, touch := []int{p}, board.Empty
		mixed := false
		seen[p] = true
		for i := 0; i < len(region); i++ {
			for _, q := range t.g.Neighbors(region[i]) {
				switch c := color[q]; {
				case c == board.Empty && !seen[q]:
					seen[q] = true
					region = append(region, int(q))
				case c != board.Empty && touch == board.Empty:
					touch = c
				case c != board.Empty && c != touch:
					mixed = true
				}
			}
		}
		owner := touch
		if mixed {
			owner = board.Empty
		}
		for _, q := range region {
			out[q] = owner.Symbol()
		}
	}
	return out
}
