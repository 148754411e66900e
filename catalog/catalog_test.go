package catalog_test

import (
	"fmt"
	"strings"
	"testing"

	"moku/catalog"
	"moku/rules"
)

// TestGames: every game of the table starts on its boards under each of
// its rulesets, its presets belong to it, and every preset belongs to one
// game.
func TestGames(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range catalog.Games {
		for _, name := range g.Rulesets {
			seen[name] = true
			r, err := rules.Preset(name, nil)
			if err != nil || r.Game != g.Name {
				t.Errorf("%s: ruleset %s: %v (game %q)", g.Name, name, err, r.Game)
			}
			for _, b := range append([]string{g.Board, g.WebBoard}, g.Suggest...) {
				if _, err := catalog.Start(catalog.Config{Rules: name, Board: b}); err != nil {
					t.Errorf("%s on %s: %v", name, b, err)
				}
			}
		}
		if catalog.DefaultBoard(g.Name) != g.Board {
			t.Errorf("DefaultBoard(%s) = %s, want %s", g.Name, catalog.DefaultBoard(g.Name), g.Board)
		}
		if g.Title == "" || g.Summary == "" || g.Boards == "" || g.MinPlayers < 2 || g.MaxPlayers < g.MinPlayers {
			t.Errorf("%s: incomplete entry %+v", g.Name, g)
		}
	}
	for _, p := range rules.Presets {
		if !seen[p] {
			t.Errorf("preset %s belongs to no game of the table", p)
		}
	}
}

// TestSides: the sides the table offers are the sides the rules accept,
// and every refusal says why.
func TestSides(t *testing.T) {
	for _, g := range catalog.Games {
		for n := 1; n <= g.MaxSide+2; n++ {
			spec := fmt.Sprintf("%dx%d", n, n)
			if g.Name == "keil" {
				spec = fmt.Sprintf("hex:%d", n)
			}
			_, err := catalog.Start(catalog.Config{Rules: g.Name, Board: spec})
			offered := n >= g.MinSide && n <= g.MaxSide && (!g.OddSides || n%2 == 1)
			if offered && err != nil {
				t.Errorf("%s: %s offered but refused: %v", g.Name, spec, err)
			}
			if !offered && n <= g.MaxSide && err == nil {
				t.Errorf("%s: %s accepted but not offered", g.Name, spec)
			}
			if err != nil && strings.TrimSpace(err.Error()) == "" {
				t.Errorf("%s: %s refused without a reason", g.Name, spec)
			}
		}
	}
}

// TestAgreement: the games that end with an agreement on dead stones.
func TestAgreement(t *testing.T) {
	want := map[string]bool{"kee": true, "go": true, "go-situational": true, "go-simple": true}
	for _, p := range rules.Presets {
		r, _ := rules.Preset(p, nil)
		if got := catalog.Agreement(r); got != want[p] {
			t.Errorf("Agreement(%s) = %v, want %v", p, got, want[p])
		}
	}
}

func ExampleLookup() {
	g, _ := catalog.Lookup("ki")
	fmt.Println(g.Title, g.Board, g.Boards)
	// Output: Ki 11x11 odd square boards NxN from 3x3 (an even board allows ties; 11x11 is the usual board)
}
