package catalog_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"moku/board"
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

// TestAllows: where people choose the board, Keil is played on the
// hexhex only, Ki on odd square rectangles only, Kee and Go on any board;
// each refusal says why.
func TestAllows(t *testing.T) {
	ring, err := board.ReadJSON([]byte(`{"name": "ring", "points": ["p", "q", "s"], "edges": [["p", "q"], ["q", "s"], ["s", "p"]]}`), "ring.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		game, board string
		want        string // "" allowed, else part of the refusal
	}{
		{"keil", "hex:5", ""},
		{"keil", "hex:13", ""},
		{"keil", "9x9", "Keil is not played on 9x9 here: its boards are the hexhex"},
		{"keil", "honeycomb:3", "Keil is not played on honeycomb:3 here"},
		{"keil", "tri:7", "Keil is not played on tri:7 here"},
		{"keil", "ring.json", "Keil is not played on ring.json here: its boards are the hexhex"},
		{"ki", "9x9", ""},
		{"ki", "25x25", ""},
		{"ki", "10x10", "ki is played on odd square boards (3x3, 5x5, ...; default 11x11), not 10x10: an even board allows ties"},
		{"ki", "9x7", "ki is played on square boards"},
		{"ki", "1x1", "ki needs a board of at least 3x3"},
		{"ki", "torus:9x9", "Ki is not played on torus:9x9 here: its boards are odd square boards"},
		{"ki", "cube:3", "Ki is not played on cube:3 here"},
		{"ki", "hex:5", "Ki is not played on hex:5 here"},
		{"ki", "ring.json", "Ki is not played on ring.json here"},
		{"kee", "ring.json", ""},
		{"kee", "cube:3", ""},
		{"kee", "honeycomb:4", ""},
		{"kee", "1x1", ""},
		{"go", "ring.json", ""},
		{"go", "torus:9x9", ""},
		{"go", "tri:9", ""},
	} {
		g, _ := catalog.Lookup(tc.game)
		b := ring
		if tc.board != "ring.json" {
			if b, err = board.Builtin(tc.board); err != nil {
				t.Fatal(err)
			}
		}
		err := g.Allows(b)
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s on %s: %v, want %q", tc.game, tc.board, err, tc.want)
		}
	}
	// The sides of a table's entry, where the rules would accept more.
	small := catalog.Game{Title: "Small Go", Rulesets: []string{"go"}, MinSide: 3, MaxSide: 5, OddSides: true}
	for spec, want := range map[string]string{"3x3": "", "5x3": "", "5x5": "", "torus:5x5": "", "hex:3": "", "cube:7": "",
		"7x7": "Small Go is not played on 7x7 here: sides 3 to 5 and odd", "4x3": "sides 3 to 5 and odd",
		"2x3": "sides 3 to 5", "hex:2": "not played on hex:2"} {
		b, err := board.Builtin(spec)
		if err != nil {
			t.Fatal(err)
		}
		err = small.Allows(b)
		if (want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), want)) {
			t.Errorf("small go on %s: %v, want %q", spec, err, want)
		}
	}
}

// TestGallery: each game's gallery holds exactly the boards of the
// table's gallery it allows (with its usual boards), each of which starts
// a game; Keil's are hexhexes, Ki's odd squares, Kee's and Go's all.
func TestGallery(t *testing.T) {
	for _, g := range catalog.Games {
		gallery := g.Gallery()
		for _, spec := range append(append([]string(nil), catalog.GalleryBoards...), g.Suggest...) {
			b, err := board.Builtin(spec)
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			if listed, allowed := slices.Contains(gallery, spec), g.Allows(b) == nil; listed != allowed {
				t.Errorf("%s: %s listed %v, allowed %v", g.Name, spec, listed, allowed)
			}
		}
		for _, spec := range gallery {
			if _, err := catalog.Start(catalog.Config{Rules: g.Rulesets[0], Board: spec}); err != nil {
				t.Errorf("%s on %s: %v", g.Name, spec, err)
			}
			b, _ := board.Builtin(spec)
			switch {
			case g.Name == "keil" && b.Kind() != "hex",
				g.Name == "ki" && (b.Kind() != "rect" || b.Side() != 0 || func() bool { w, h := b.Size(); return w != h || w%2 == 0 }()):
				t.Errorf("%s's gallery holds %s", g.Name, spec)
			}
		}
		if (g.Name == "kee" || g.Name == "go") && len(gallery) != len(catalog.GalleryBoards) {
			t.Errorf("%s's gallery %v lacks boards of %v", g.Name, gallery, catalog.GalleryBoards)
		}
		for _, s := range g.Suggest {
			if !slices.Contains(gallery, s) {
				t.Errorf("%s's gallery lacks its usual %s", g.Name, s)
			}
		}
	}
}
