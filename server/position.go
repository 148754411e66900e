package server

import (
	"net/http"
	"strings"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/rules"
	"moku/session"
)

// A position is any position of any game moku serves, named by its rules,
// its board and the moves from the start; it belongs to no stored game. The
// rules pages' small boards, the analysis board's variations and a record
// uploaded for review are positions. The server keeps nothing of them: each
// request replays its moves (at most the move limit of the board, on a board
// within the server's size caps).

// positionRequest names a position.
type positionRequest struct {
	// Rules is a ruleset as the game view names it ("kee players=3",
	// "keil komi=0.5"): a preset, then key=value settings.
	Rules string `json:"rules"`
	// Board is a board specification ("hex:5", "9x9"); "" for the game's
	// default.
	Board string `json:"board"`
	// Moves are the moves from the start, each for the player to move
	// ("e5", "pass", "button", "appeal-c3").
	Moves []string `json:"moves"`
	// Setup lists stones on the board before the first move, each a
	// colour's letter and a point ("b:d4"): a record's set-up (handicap
	// stones).
	Setup []string `json:"setup,omitempty"`
	// Game is the stored game the position comes from, if any: the
	// computer's judgement of it (evaluate, solve) is refused while people
	// play it, as its analysis is (analysisOpen).
	Game string `json:"game,omitempty"`
}

// aidsView is what the board aids draw, for the position's state: each
// only where the game has it.
type aidsView struct {
	// Links are Keil's links between adjacent points: each pair of
	// points (a < b) that links, with the points whose stones link it
	// (none where it links for another reason).
	Links []linkView `json:"links,omitempty"`
	// Control is, a point a symbol (. X O R U), the player who controls
	// it (Ki).
	Control string `json:"control,omitempty"`
	// Liberties is, a point, the number of liberties of the group on it
	// (0 on an empty point).
	Liberties []int `json:"liberties,omitempty"`
}

type linkView struct {
	A         int   `json:"a"`
	B         int   `json:"b"`
	Witnesses []int `json:"witnesses,omitempty"`
}

// positionView is a position as a page draws it.
type positionView struct {
	Game   string      `json:"game"`
	Rules  string      `json:"rules"`
	Board  boardView   `json:"board"`
	Stones string      `json:"stones"`
	Owners string      `json:"owners"`
	ToMove string      `json:"toMove"` // the colour to move, "" when over
	Over   bool        `json:"over"`
	Result string      `json:"result,omitempty"`
	Last   int         `json:"last"`
	Moves  []moveView  `json:"moves"`
	Legal  []string    `json:"legal"`
	Score  []scoreView `json:"score"`
	Aids   aidsView    `json:"aids"`
	// Appeal is the stone play an appealing pass has put in question
	// (Kee), or absent.
	Appeal *appealView `json:"appeal,omitempty"`
}

// aidsOf reads the board aids off s.
func aidsOf(s game.State) aidsView {
	var v aidsView
	g := s.Graph()
	if l, ok := s.(game.Linking); ok && s.Rules().Links != rules.Plain {
		for a := 0; a < g.N(); a++ {
			for _, q := range g.Neighbors(a) {
				b := int(q)
				if b > a && l.Linked(a, b) {
					v.Links = append(v.Links, linkView{A: a, B: b, Witnesses: l.Witnesses(a, b)})
				}
			}
		}
	}
	if c, ok := s.(game.Controlled); ok {
		sym := make([]byte, g.N())
		for p := range sym {
			sym[p] = c.Controller(p).Symbol()
		}
		v.Control = string(sym)
	}
	if gr, ok := s.(game.Grouped); ok {
		v.Liberties = make([]int, g.N())
		for p := range v.Liberties {
			if v.Liberties[p] != 0 || s.At(p) == board.Empty {
				continue
			}
			stones, libs := gr.Group(p)
			for _, q := range stones {
				v.Liberties[q] = len(libs)
			}
		}
	}
	return v
}

// replayPosition builds the position req names: the rule work is the
// catalog's and the game's; this checks only the server's caps.
func replayPosition(req positionRequest) (game.State, error) {
	bad := func(format string, a ...any) error { return fail(http.StatusBadRequest, format, a...) }
	desc := strings.TrimSpace(req.Rules)
	if desc == "" {
		return nil, bad("no rules: name a game's rules, e.g. \"keil\"")
	}
	fields := strings.Fields(desc)
	preset, err := rules.Preset(fields[0], nil)
	if err != nil {
		return nil, bad("%v", err)
	}
	spec := strings.TrimSpace(req.Board)
	if spec == "" {
		spec = catalog.DefaultBoard(preset.Game)
	}
	if len(spec) > maxBoardName {
		return nil, bad("board %s: not a board's specification (hex:N, WxH, torus:WxH, honeycomb:N, tri:N, cube:N)", truncate(spec, 20))
	}
	b, err := board.Builtin(spec) // never a file
	if err != nil {
		return nil, bad("%v", err)
	}
	cfg := catalog.Config{Rules: fields[0], Graph: b, Overrides: fields[1:]}
	rs, g, err := cfg.Build()
	if err != nil {
		return nil, bad("%v", err)
	}
	if len(req.Setup) > 0 {
		if len(req.Setup) > g.N() {
			return nil, bad("%d set-up stones on a board of %d points", len(req.Setup), g.N())
		}
		stones := g.Start()
		for _, v := range req.Setup {
			letter, name, _ := strings.Cut(v, ":")
			c, err := board.ParseColor(letter)
			p, found := g.Point(name)
			if err != nil || !found || c < board.Black || int(c) > rs.Players {
				return nil, bad("set-up stone %q: want a player's letter and a point of %s, e.g. \"b:%s\"", v, g.Spec(), g.Name(0))
			}
			stones = append(stones, board.Stone{Point: p, Color: c})
		}
		if g, err = g.WithStart(stones); err != nil {
			return nil, bad("set-up: %v", err)
		}
	}
	if len(req.Moves) > session.MoveLimit(g) {
		return nil, bad("%d moves: at most %d on this board", len(req.Moves), session.MoveLimit(g))
	}
	s, err := catalog.New(rs, g)
	if err != nil {
		return nil, bad("%v", err)
	}
	for i, w := range req.Moves {
		if s.Over() {
			return nil, bad("move %d (%s): the game is over", i+1, w)
		}
		m, err := game.ParseMove(g, w)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			return nil, bad("move %d (%s): %v", i+1, w, err)
		}
	}
	return s, nil
}

// viewPosition is s as a page draws it.
func viewPosition(s game.State) positionView {
	g := s.Graph()
	r := s.Rules()
	v := positionView{Game: r.Game, Rules: r.String(), Board: viewBoard(g), Stones: stonesOf(s), Last: -1,
		Moves: []moveView{}, Legal: []string{}, Score: []scoreView{}, Over: s.Over(), Aids: aidsOf(s)}
	if o, ok := s.(game.Owned); ok {
		owners := make([]byte, g.N())
		for p, c := range o.Owners(nil) {
			owners[p] = c.Symbol()
		}
		v.Owners = string(owners)
	}
	v.Moves = movesOf(s)
	for _, m := range game.Actions(s) {
		v.Last = -1
		if m.Move.Kind == game.Place {
			v.Last = m.Move.Point
		}
	}
	res := s.Result()
	if s.Over() {
		v.Result = res.String()
	} else {
		v.Appeal = appealOf(s)
		v.ToMove = s.ToMove().String()
		for _, m := range s.LegalMoves(nil) {
			v.Legal = append(v.Legal, m.Format(g))
		}
	}
	v.Score = scoresOf(res)
	return v
}

// position answers POST /api/position: the position the request names,
// with its legal moves, score and board aids.
func (s *Server) position(w http.ResponseWriter, r *http.Request) {
	var req positionRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	st, err := replayPosition(req)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, viewPosition(st))
}
