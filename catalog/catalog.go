// Package catalog starts a game of any kind moku plays from a ruleset
// description and a board specification, choosing the engine for the
// ruleset's family.
package catalog

import (
	"fmt"
	"strings"

	"moku/board"
	"moku/game"
	"moku/ki"
	"moku/liberty"
	"moku/rules"
)

// DefaultBoard returns the board a game is played on when none is named:
// 19x19 for go, hex:7 for keil, 9x9 for kee, 11x11 for ki.
func DefaultBoard(gameName string) string {
	switch gameName {
	case "keil":
		return "hex:7"
	case "kee":
		return "9x9"
	case "ki":
		return "11x11"
	}
	return "19x19"
}

// Config names a game: a ruleset description as rules.Parse reads it (a
// preset such as "keil" or "go", optionally followed by key=value
// overrides), a board specification ("" for the game's default), and further
// overrides applied after the board is known.
type Config struct {
	Rules     string
	Board     string
	Overrides []string // "key=value", as rules.Ruleset.Set takes them
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
	spec := c.Board
	if spec == "" {
		spec = DefaultBoard(preset.Game)
	}
	g, err := board.Parse(spec)
	if err != nil {
		return rules.Ruleset{}, nil, err
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
