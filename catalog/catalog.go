// Package catalog is the table of the games moku plays (Games: names,
// titles, default boards, players, board limits, how a game ends), and
// starts a game of any kind from a ruleset description and a board
// specification, choosing the engine for the ruleset's family.
//
// Start with Start (a game from a Config), Games (the table) and Flags (the
// command line's game flags).
package catalog

import (
	"fmt"
	"slices"
	"strings"

	"moku/board"
	"moku/game"
	"moku/ki"
	"moku/liberty"
	"moku/rules"
)

// Game is one of the games moku plays, as the command line and the web
// app present it.
type Game struct {
	Name  string // the name rules.Preset takes: "keil"
	Title string // for people: "Keil"
	// Summary says in a line what the game is.
	Summary string
	// Rulesets are the presets of the game, the default first.
	Rulesets []string
	// Board is the board of the command line when none is named; WebBoard
	// the one the web app offers first (smaller, for a quick game).
	Board, WebBoard string
	// MinPlayers and MaxPlayers bound the number of players.
	MinPlayers, MaxPlayers int
	// Boards says in words which boards the game is played on (each
	// refusal comes from rules.Ruleset.Validate with its reason).
	Boards string
	// MinSide and MaxSide bound the side of the boards the web app offers
	// (hex:N for the hexhex, NxN otherwise); OddSides keeps to odd sides.
	MinSide, MaxSide int
	OddSides         bool
	// Suggest lists boards worth offering first, the usual ones.
	Suggest []string
	// Kinds lists the kinds of board (board.Graph.Kind) the game is
	// played on where people choose the board (Allows); nil: any kind.
	Kinds []string
}

// Games is the table of games, in the order they are offered.
var Games = []Game{
	{Name: "keil", Title: "Keil", Summary: "Go on the hexhex, where linking decides which neighbours connect; a button and komi.",
		Rulesets: []string{"keil", "keil-2019"}, Board: "hex:7", WebBoard: "hex:5", MinPlayers: 2, MaxPlayers: 2,
		Boards: "the hexhex, hex:N (hex:7 is the usual board); other graphs on the command line", MinSide: 1, MaxSide: board.MaxHexSide,
		Suggest: []string{"hex:3", "hex:4", "hex:5", "hex:6", "hex:7", "hex:8"}, Kinds: []string{"hex"}},
	{Name: "kee", Title: "Go under the Kee Rules", Summary: "Go on any board for two to four players, with a cycle prohibition, appealing passes and rescission.",
		Rulesets: []string{"kee"}, Board: "9x9", WebBoard: "9x9", MinPlayers: 2, MaxPlayers: board.MaxPlayers,
		Boards: "any board: rectangles WxH, tori, the hexhex, honeycombs, triangles, cubes, graph files", MinSide: 1, MaxSide: board.MaxRectSide,
		Suggest: []string{"5x5", "7x7", "9x9", "13x13", "19x19", "hex:5", "torus:9x9"}},
	{Name: "ki", Title: "Ki", Summary: "Majority control on an odd square board: two or more of your stones around a point, and more than your opponent's, make it yours.",
		Rulesets: []string{"ki"}, Board: "11x11", WebBoard: "11x11", MinPlayers: 2, MaxPlayers: 2,
		Boards: "odd square boards NxN from 3x3 (an even board allows ties; 11x11 is the usual board)", MinSide: 3, MaxSide: board.MaxRectSide, OddSides: true,
		Suggest: []string{"5x5", "7x7", "9x9", "11x11", "13x13"}, Kinds: []string{"rect"}},
	{Name: "go", Title: "Go", Summary: "Plain Go under area scoring, as other programs play it.",
		Rulesets: []string{"go", "go-situational", "go-simple", "tromp-taylor"}, Board: "19x19", WebBoard: "9x9", MinPlayers: 2, MaxPlayers: 2,
		Boards: "rectangles WxH (19x19, 13x13, 9x9), tori, any graph", MinSide: 1, MaxSide: board.MaxRectSide,
		Suggest: []string{"5x5", "7x7", "9x9", "13x13", "19x19"}},
}

// GalleryBoards are the boards the web app draws for people to choose
// from: rectangles, hexhexes, tori and the named graph boards (a
// honeycomb, whose points have three neighbours; the triangular grid,
// with six; a cube's surface). Each game offers those it allows
// (Game.Gallery).
var GalleryBoards = []string{
	"5x5", "7x7", "9x9", "11x11", "13x13", "19x19",
	"hex:3", "hex:4", "hex:5", "hex:6", "hex:7", "hex:8",
	"torus:7x7", "torus:9x9",
	"honeycomb:2", "honeycomb:3", "honeycomb:4",
	"tri:7", "tri:9", "tri:11",
	"cube:2", "cube:3", "cube:4",
}

// Gallery returns the boards of GalleryBoards that g allows, in their
// order, then those of g's Suggest the gallery lacks.
func (g Game) Gallery() []string {
	var out []string
	for _, spec := range append(append([]string(nil), GalleryBoards...), g.Suggest...) {
		if slices.Contains(out, spec) {
			continue
		}
		if b, err := board.Builtin(spec); err == nil && g.Allows(b) == nil {
			out = append(out, spec)
		}
	}
	return out
}

// Allows says whether g is played on board b where people choose the
// board (the web app; the command line plays g on any board its rules
// accept): b must be of one of g's Kinds; g's default ruleset must accept
// b (rules.Ruleset.Validate); and a rectangle's or torus's sides, and a
// hexhex's side, must be within MinSide..MaxSide (odd if OddSides). It
// returns nil, or the reason b is refused.
func (g Game) Allows(b *board.Graph) error {
	if g.Kinds != nil && !slices.Contains(g.Kinds, b.Kind()) {
		return fmt.Errorf("%s is not played on %s here: its boards are %s", g.Title, b.Spec(), g.Boards)
	}
	if len(g.Rulesets) == 0 {
		return fmt.Errorf("%s has no ruleset", g.Title)
	}
	// The rules' own reason first (Ki's even board allows ties), then
	// the sides the table offers.
	if _, _, err := (Config{Rules: g.Rulesets[0], Graph: b}).Build(); err != nil {
		return err
	}
	var sides []int
	switch b.Kind() {
	case "rect", "torus":
		w, h := b.Size()
		sides = []int{w, h}
	case "hex":
		sides = []int{b.Side()}
	}
	for _, n := range sides {
		if n < g.MinSide || n > g.MaxSide || (g.OddSides && n%2 == 0) {
			odd := ""
			if g.OddSides {
				odd = " and odd"
			}
			return fmt.Errorf("%s is not played on %s here: sides %d to %d%s", g.Title, b.Spec(), g.MinSide, g.MaxSide, odd)
		}
	}
	return nil
}

// Lookup returns the game named name.
func Lookup(name string) (Game, bool) {
	for _, g := range Games {
		if g.Name == name {
			return g, true
		}
	}
	return Game{}, false
}

// DefaultBoard returns the board a game is played on when none is named:
// 19x19 for go, hex:7 for keil, 9x9 for kee, 11x11 for ki.
func DefaultBoard(gameName string) string {
	if g, ok := Lookup(gameName); ok {
		return g.Board
	}
	return "19x19"
}

// Agreement reports whether a game under ruleset r ends, where people play
// it, with a phase in which the players agree on dead stones before the
// count (Kee's K17a; Go as on every Go server: go, go-situational and
// go-simple). tromp-taylor counts the board as it stands; Keil and Ki have
// endings of their own.
func Agreement(r rules.Ruleset) bool {
	switch r.Name {
	case "kee", "go", "go-situational", "go-simple":
		return true
	}
	return false
}

// Config names a game: a ruleset description as rules.Parse reads it (a
// preset such as "keil" or "go", optionally followed by key=value
// overrides), a board specification ("" for the game's default), and further
// overrides applied after the board is known.
type Config struct {
	Rules     string
	Board     string
	Overrides []string // "key=value", as rules.Ruleset.Set takes them
	// Graph, if not nil, is the board, already built (a board file from
	// someone else): Board is then not read.
	Graph *board.Graph
}

// Build parses the board and the ruleset and checks that they fit together.
func (c Config) Build() (rules.Ruleset, *board.Graph, error) {
	desc := strings.TrimSpace(c.Rules)
	if desc == "" {
		desc = "go"
	}
	preset, err := rules.Preset(strings.Fields(desc)[0], nil)
	if err != nil {
		return rules.Ruleset{}, nil, err
	}
	g := c.Graph
	if g == nil {
		spec := c.Board
		if spec == "" {
			spec = DefaultBoard(preset.Game)
		}
		if g, err = board.Parse(spec); err != nil {
			return rules.Ruleset{}, nil, err
		}
	}
	r, err := rules.Parse(desc, g)
	if err != nil {
		return r, nil, err
	}
	for _, o := range c.Overrides {
		k, v, ok := strings.Cut(o, "=")
		if !ok {
			return r, nil, fmt.Errorf("override %q: want key=value", o)
		}
		if err := r.Set(k, v); err != nil {
			return r, nil, err
		}
	}
	if err := r.Validate(g); err != nil {
		return r, nil, err
	}
	return r, g, nil
}

// New starts a game under ruleset r on board g with the engine of r's family.
func New(r rules.Ruleset, g *board.Graph) (game.State, error) {
	switch r.Family {
	case rules.Liberty:
		return liberty.New(r, g)
	case rules.Control:
		return ki.New(r, g)
	}
	return nil, fmt.Errorf("ruleset %s: the %s family has no engine yet", r.Name, r.Family)
}

// Start builds c and starts its game.
func Start(c Config) (game.State, error) {
	r, g, err := c.Build()
	if err != nil {
		return nil, err
	}
	return New(r, g)
}
