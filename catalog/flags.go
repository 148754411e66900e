package catalog

import (
	"flag"
	"fmt"
	"strings"
)

// Flags are the command-line flags that choose a game: --game, --rules,
// --board and one flag for each ruleset override. Every command of moku
// that starts a game defines them with AddFlags and reads them with
// Config.
type Flags struct {
	Game, Rules, Board string
	// Overrides holds the value of each override flag by its name ("komi",
	// "ko", ...); an empty value leaves the preset's.
	Overrides map[string]*string
}

// overrideFlags are the ruleset overrides that are flags, in the order
// Config writes them.
var overrideFlags = []struct{ key, help string }{
	{"links", "connectivity: plain, keil or keil-2019"},
	{"ko", "repetition rule: none, simple, positional, situational, own-position, cycle"},
	{"suicide", "suicide: forbidden or allowed"},
	{"scoring", "scoring: area or linked"},
	{"button", "Keil's button: on or off"},
	{"komi", "komi added to the second player's score"},
	{"players", "number of players (kee: 2..4)"},
}

// AddFlags defines --game, --rules, --board and one flag for each ruleset
// override (--komi, --button, --ko, --suicide, --links, --players,
// --scoring) on fs.
func AddFlags(fs *flag.FlagSet) *Flags {
	f := &Flags{Overrides: map[string]*string{}}
	fs.StringVar(&f.Game, "game", "go", "game: go, keil, kee or ki")
	fs.StringVar(&f.Rules, "rules", "", "ruleset preset (default: the game's own): go, go-situational, go-simple, tromp-taylor, keil, keil-2019, kee, ki")
	fs.StringVar(&f.Board, "board", "", "board: hex:N, WxH, N, torus:WxH, honeycomb:N, tri:N, cube:N or a .json file (default: 19x19 go, hex:7 keil, 9x9 kee, 11x11 ki)")
	for _, k := range overrideFlags {
		f.Overrides[k.key] = fs.String(k.key, "", k.help)
	}
	return f
}

// IsFlag reports whether name is one of the flags AddFlags defines.
func IsFlag(name string) bool {
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	AddFlags(fs)
	return fs.Lookup(name) != nil
}

// Config returns the Config the flags describe, checked to build. An
// unknown --game is refused with the list of games.
func (f *Flags) Config() (Config, error) {
	if _, ok := Lookup(f.Game); !ok {
		names := make([]string, len(Games))
		for i, g := range Games {
			names[i] = g.Name
		}
		return Config{}, fmt.Errorf("--game %s: unknown game (the games: %s)", f.Game, strings.Join(names, ", "))
	}
	preset := f.Rules
	if preset == "" {
		preset = f.Game
	}
	c := Config{Rules: preset, Board: f.Board}
	for _, k := range overrideFlags {
		if v := *f.Overrides[k.key]; v != "" {
			c.Overrides = append(c.Overrides, k.key+"="+v)
		}
	}
	if _, _, err := c.Build(); err != nil {
		return c, fmt.Errorf("%v", err)
	}
	return c, nil
}
