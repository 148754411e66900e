package main

import (
	"flag"
	"fmt"

	"moku/catalog"
)

// gameFlags are the flags every command that starts a game shares.
type gameFlags struct {
	game, rules, board string
	overrides          map[string]*string
}

// addGameFlags defines --game, --rules, --board and one flag for each
// ruleset override (--komi, --button, --ko, --suicide, --links, --players,
// --scoring) on fs.
func addGameFlags(fs *flag.FlagSet) *gameFlags {
	f := &gameFlags{overrides: map[string]*string{}}
	fs.StringVar(&f.game, "game", "go", "game: go, keil, kee or ki")
	fs.StringVar(&f.rules, "rules", "", "ruleset preset (default: the game's own): go, go-situational, go-simple, tromp-taylor, keil, keil-2019, kee, ki")
	fs.StringVar(&f.board, "board", "", "board: hex:N, WxH, N, torus:WxH or a .json file (default: 19x19 go, hex:7 keil, 9x9 kee, 11x11 ki)")
	for _, k := range []struct{ key, help string }{
		{"komi", "komi added to the second player's score"},
		{"button", "Keil's button: on or off"},
		{"ko", "repetition rule: none, simple, positional, situational, own-position, cycle"},
		{"suicide", "suicide: forbidden or allowed"},
		{"links", "connectivity: plain, keil or keil-2019"},
		{"players", "number of players (kee: 2..4)"},
		{"scoring", "scoring: area or linked"},
	} {
		f.overrides[k.key] = fs.String(k.key, "", k.help)
	}
	return f
}

// config returns the catalog.Config the flags describe.
func (f *gameFlags) config() (catalog.Config, error) {
	preset := f.rules
	if preset == "" {
		preset = f.game
	}
	c := catalog.Config{Rules: preset, Board: f.board}
	for _, k := range []string{"links", "ko", "suicide", "scoring", "button", "komi", "players"} {
		if v := *f.overrides[k]; v != "" {
			c.Overrides = append(c.Overrides, k+"="+v)
		}
	}
	if _, _, err := c.Build(); err != nil {
		return c, fmt.Errorf("%v", err)
	}
	return c, nil
}
