package server

import (
	"encoding/json"
	"math"
	"strings"
	"time"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/session"
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
	// Seams are the edges (indices into Edges) a drawing leaves out: they
	// join points drawn apart (board.Graph.Seam).
	Seams []int `json:"seams,omitempty"`

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
	scale := drawingScale(g)
	for p := 0; p < g.N(); p++ {
		x, y := g.Coord(p)
		v.Points = append(v.Points, pointView{Name: g.Name(p), X: x * scale, Y: y * scale})
		for _, q := range g.Neighbors(p) {
			if int(q) > p {
				if g.Seam(p, int(q)) {
					v.Seams = append(v.Seams, len(v.Edges))
				}
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

// drawingScale is the factor that brings a board file's drawing to the
// built-in boards' unit, its two closest points 1 apart, so that stones of
// the page's size fit (the file's coordinates may be in any unit); 1 for
// the built-in boards, drawn so already.
func drawingScale(g *board.Graph) float64 {
	if g.Kind() != "graph" || g.N() < 2 {
		return 1
	}
	closest := math.Inf(1)
	for p := 0; p < g.N(); p++ {
		x, y := g.Coord(p)
		for q := p + 1; q < g.N(); q++ {
			qx, qy := g.Coord(q)
			closest = min(closest, math.Hypot(qx-x, qy-y))
		}
	}
	scale := 1 / closest
	for p := 0; p < g.N(); p++ {
		x, y := g.Coord(p)
		if math.IsInf(x*scale, 0) || math.IsInf(y*scale, 0) || math.IsNaN(x*scale) || math.IsNaN(y*scale) {
			return 1 // a drawing no scale makes legible (never a file the server took)
		}
	}
	return scale
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
	// Rescinded: a rescission took the move out of the history (Kee).
	Rescinded bool `json:"rescinded,omitempty"`
}

// appealView is a stone play an appealing pass has put in question (Kee,
// game.Appealing): while it stands, its player's next non-appealing pass
// rescinds it, and any stone play settles it.
type appealView struct {
	Color   string     `json:"color"` // the stone play's player
	Move    string     `json:"move"`  // its point's name
	Point   int        `json:"point"`
	At      int        `json:"at"`      // its index in the moves
	Appeals []moveView `json:"appeals"` // the opponents' appealing passes since it
}

// movesOf lists the moves of s (game.Actions) as a view shows them, with
// each one's player and whether it was rescinded.
func movesOf(s game.State) []moveView {
	g := s.Graph()
	var resc []bool
	if a, ok := s.(game.Appealing); ok {
		resc = a.Rescinded()
	}
	out := []moveView{}
	for i, m := range game.Actions(s) {
		out = append(out, moveView{Color: m.Player.String(), Move: m.Move.Format(g), Rescinded: i < len(resc) && resc[i]})
	}
	return out
}

// appealOf is the stone play of s under appeal, or nil.
func appealOf(s game.State) *appealView {
	a, ok := s.(game.Appealing)
	if !ok {
		return nil
	}
	play, at, appeals, ok := a.UnderAppeal()
	if !ok {
		return nil
	}
	g := s.Graph()
	v := &appealView{Color: play.Player.String(), Move: play.Move.Format(g), Point: play.Move.Point, At: at, Appeals: []moveView{}}
	for _, m := range appeals {
		v.Appeals = append(v.Appeals, moveView{Color: m.Player.String(), Move: m.Move.Format(g)})
	}
	return v
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
	ID       string     `json:"id"`
	Version  int        `json:"version"` // number of actions: the seq of the next is Version+1
	Game     string     `json:"game"`
	Rules    string     `json:"rules"`
	Board    boardView  `json:"board"`
	Seats    []seatView `json:"seats"`
	Phase    string     `json:"phase"`
	ToMove   int        `json:"toMove"` // seat, or -1
	PieKomi  string     `json:"pieKomi,omitempty"`
	Stones   string     `json:"stones"` // a symbol a point: . X O R U
	Owners   string     `json:"owners"` // the player each point counts for
	Dead     []int      `json:"dead,omitempty"`
	Accepted []bool     `json:"accepted,omitempty"`
	// Refusable: Scoring: a seat may refuse the marking, the board then
	// counted as it stands (session.Game.Refusable).
	Refusable bool        `json:"refusable,omitempty"`
	Last      int         `json:"last"` // the last placement's point, or -1
	Moves     []moveView  `json:"moves"`
	Legal     []string    `json:"legal"` // the legal moves of the player to move
	UndoBy    int         `json:"undoBy"`
	Undoable  []int       `json:"undoable"` // by seat: the moves its undo would take back (0: it may not ask)
	Result    string      `json:"result,omitempty"`
	Reason    string      `json:"reason,omitempty"`
	Score     []scoreView `json:"score"`
	Button    bool        `json:"button"`
	Komi      float64     `json:"komi"`
	// Agreement: the game ends with an agreement on dead stones.
	Agreement bool `json:"agreement"`
	// Clock is the time control's kind ("" none); Clocks each seat's
	// clock when its last turn ended; ClockSeat the seat whose clock runs
	// (-1: none), since TurnStart, until Deadline (RFC 3339).
	Clock     string      `json:"clock,omitempty"`
	Clocks    []clockView `json:"clocks,omitempty"`
	ClockSeat int         `json:"clockSeat"`
	TurnStart string      `json:"turnStart,omitempty"`
	Deadline  string      `json:"deadline,omitempty"`
	TimedOut  []int       `json:"timedOut,omitempty"`
	// ClaimFrom (RFC 3339), in a game without a clock in play, and in
	// any game's komi pie (where no clock runs), is when the others may
	// end the turn of the player to move if it stays silent (a "claim"
	// action); Abandoned lists the seats so ended.
	ClaimFrom string `json:"claimFrom,omitempty"`
	Abandoned []int  `json:"abandoned,omitempty"`
	// Aids are what the board aids draw (position.go).
	Aids aidsView `json:"aids"`
	// Appeal, in play, is the stone play an appealing pass has put in
	// question (Kee), or absent.
	Appeal *appealView `json:"appeal,omitempty"`
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
	g := t.game
	r := g.Rules()
	v := gameView{ID: t.meta.ID, Version: len(t.actions), Game: r.Game, Rules: r.String(),
		Board: t.geom, Phase: string(g.Phase()), ToMove: g.ToMove(), PieKomi: g.PieKomi(),
		Last: -1, UndoBy: g.UndoBy(), Moves: []moveView{}, Legal: []string{}, Score: []scoreView{},
		Button: r.Button, Komi: r.Komi, Agreement: catalog.Agreement(r)}
	for i, s := range t.meta.Seats {
		v.Seats = append(v.Seats, seatView{Color: t.colorName(i), Kind: s.Kind, Name: s.Name, Level: s.Level})
		n := g.Undoable(i)
		if t.noTakeBacks {
			n = 0
		}
		v.Undoable = append(v.Undoable, n)
	}
	v.ClockSeat = -1
	if tc := g.Config().Clock; tc.Kind != session.NoClock {
		v.Clock = string(tc.Kind)
		for _, c := range g.Clocks() {
			v.Clocks = append(v.Clocks, clockView{LeftMs: c.Left.Milliseconds(), Periods: c.Periods})
		}
		if seat, at, ok := g.Deadline(); ok {
			v.ClockSeat, v.Deadline = seat, at.UTC().Format(time.RFC3339Nano)
			v.TurnStart = g.TurnStart().UTC().Format(time.RFC3339Nano)
		}
		v.TimedOut = g.TimedOut()
	}
	if ph := g.Phase(); ph == session.Setup || ph == session.Playing && g.Config().Clock.Kind == session.NoClock {
		v.ClaimFrom = g.SilentSince(g.ToMove()).Add(session.AbandonAfter).UTC().Format(time.RFC3339Nano)
	}
	v.Abandoned = g.Abandoned()
	s := g.State()
	if s == nil {
		empty := strings.Repeat(".", g.Board().N())
		v.Stones, v.Owners = empty, empty
		return v
	}
	v.Stones = stonesOf(s)
	v.Aids = aidsOf(s)
	owners := make([]byte, g.Board().N())
	for p, c := range g.Owners() {
		owners[p] = c.Symbol()
	}
	v.Owners = string(owners)
	v.Dead = g.Dead()
	v.Accepted = g.Accepted()
	v.Refusable = g.Refusable()
	timedOut := map[board.Color]bool{}
	for _, seat := range g.TimedOut() {
		timedOut[g.Color(seat)] = true
	}
	abandoned := map[board.Color]bool{}
	for _, seat := range g.Abandoned() {
		abandoned[g.Color(seat)] = true
	}
	v.Moves = movesOf(s)
	for i, m := range game.Actions(s) {
		if m.Move.Kind == game.Resign && timedOut[m.Player] {
			v.Moves[i].Move = "out of time"
		}
		if m.Move.Kind == game.Resign && abandoned[m.Player] {
			v.Moves[i].Move = "left (silent for a week)"
		}
		if m.Move.Kind == game.Place {
			v.Last = m.Move.Point
		} else {
			v.Last = -1
		}
	}
	for _, m := range g.Legal() {
		v.Legal = append(v.Legal, m.Format(g.Board()))
	}
	if g.Phase() == session.Playing {
		v.Appeal = appealOf(s)
	}
	res := g.Result()
	if g.Phase() == session.Over {
		v.Result, v.Reason = res.String(), res.Reason
	}
	v.Score = scoresOf(res)
	return v
}

// scoresOf is each player's count in res, with their rank.
func scoresOf(res game.Result) []scoreView {
	out := []scoreView{}
	rank := res.Rank()
	for c := board.Black; int(c) <= res.Players; c++ {
		out = append(out, scoreView{Color: c.String(), Stones: res.Stones[c], Territory: res.Territory[c],
			Bonus: res.Bonus[c], Total: res.Score[c], Rank: rank[c]})
	}
	return out
}

// positions returns the board after each move, the start first, for
// moving back and forth through a game.
func (t *table) positions() ([]string, error) {
	out := []string{}
	err := t.game.Positions(func(_ int, _ game.Played, s game.State) error {
		out = append(out, stonesOf(s))
		return nil
	})
	return out, err
}
