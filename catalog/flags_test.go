package catalog

import (
	"flag"
	"slices"
	"strings"
	"testing"
)

// TestFlags: the flags give the preset (the game's own, or --rules), the
// board and the overrides in a fixed order; a game that cannot be built
// is refused with the reason.
func TestFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want Config
		err  string
	}{
		{nil, Config{Rules: "go"}, ""},
		{[]string{"--game", "keil", "--komi", "3", "--links", "plain"}, Config{Rules: "keil", Overrides: []string{"links=plain", "komi=3"}}, ""},
		{[]string{"--game", "go", "--rules", "tromp-taylor", "--board", "7x7"}, Config{Rules: "tromp-taylor", Board: "7x7"}, ""},
		{[]string{"--game", "kee", "--players", "3"}, Config{Rules: "kee", Overrides: []string{"players=3"}}, ""},
		{[]string{"--game", "chess"}, Config{}, "--game chess: unknown game (the games: keil, kee, ki, go)"},
		{[]string{"--game", "go", "--rules", "chess"}, Config{}, `unknown ruleset "chess"`},
		{[]string{"--game", "ki", "--board", "10x10"}, Config{}, "odd square boards"},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		f := AddFlags(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		c, err := f.Config()
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: error %v, want %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil || c.Rules != tc.want.Rules || c.Board != tc.want.Board || !slices.Equal(c.Overrides, tc.want.Overrides) {
			t.Errorf("%v: %+v, %v; want %+v", tc.args, c, err, tc.want)
		}
	}
	for name, want := range map[string]bool{"game": true, "komi": true, "scoring": true, "seed": false, "playouts": false} {
		if IsFlag(name) != want {
			t.Errorf("IsFlag(%q) = %v", name, !want)
		}
	}
}
