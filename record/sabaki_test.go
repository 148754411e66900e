package record

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/game"
)

// TestOtherParserReadsMokuRecords checks the SGF convention against an
// independent parser: Sabaki's @sabaki/sgf (installed by scripts/test with
// npm ci in testdata/sabaki) must read the records moku writes for every
// game, with the same nodes and properties, and find B/W moves wherever
// the board is a rectangle (or Keil's hexhex) with two colours; a record
// read from a file with variations keeps them.
func TestOtherParserReadsMokuRecords(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node (Node.js) is missing: it runs the independent SGF parser")
	}
	dir, _ := filepath.Abs("testdata/sabaki")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@sabaki", "sgf")); err != nil {
		t.Fatalf("@sabaki/sgf is not installed: run npm ci --prefix %s (scripts/test does)", dir)
	}
	graph, err := board.ReadJSON([]byte(`{"name": "kite", "points": ["p", "q", "s", "t", "v"],
		"edges": [["p", "q"], ["q", "s"], ["s", "p"], ["s", "t"], ["t", "v"]], "stones": {"white": ["v"]}}`), "kite.json")
	if err != nil {
		t.Fatal(err)
	}
	configs := []struct {
		rules, board string
		g            *board.Graph
	}{
		{"go", "9x9", nil}, {"keil", "hex:3", nil}, {"keil-2019 komi=3", "hex:4", nil},
		{"kee players=3 komi=0,1,2", "3x3", nil}, {"kee", "2x2", nil}, {"ki", "5x5", nil},
		{"tromp-taylor", "torus:4x4", nil}, {"kee players=4", "", graph},
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var files []string
	var want []*Tree
	var states []game.State
	for i, c := range configs {
		var s game.State
		if c.g != nil {
			r, _, err := catalog.Config{Rules: c.rules, Board: "3x3"}.Build()
			if err != nil {
				t.Fatal(err)
			}
			s, err = catalog.New(r, c.g)
			if err != nil {
				t.Fatal(err)
			}
		} else if s, err = catalog.Start(catalog.Config{Rules: c.rules, Board: c.board}); err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 60 && !s.Over(); n++ {
			moves := s.LegalMoves(nil)
			if err := s.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		states = append(states, s)
		rec := FromState(s)
		rec.Set("C", `a comment with ] and \ and a "quote"`)
		var b strings.Builder
		if err := rec.WriteSGF(&b); err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(t.TempDir(), strings.NewReplacer(" ", "_", ":", "_", "=", "_", ",", "_").Replace(c.rules)+".sgf")
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
		trees, err := ParseSGF([]byte(b.String()))
		if err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		want = append(want, trees[0])
	}
	// A record with variations, read and written back.
	varRecs, err := ReadSGF([]byte("(;GM[1]SZ[5]PB[Alice](;B[cc];W[dd](;B[bb])(;B[bd];W[ee]))(;B[aa]))"))
	if err != nil {
		t.Fatal(err)
	}
	varText := FormatSGF(varRecs[0].Tree())
	varFile := filepath.Join(t.TempDir(), "variations.sgf")
	if err := os.WriteFile(varFile, []byte(varText), 0o644); err != nil {
		t.Fatal(err)
	}
	files = append(files, varFile)
	cmd := exec.Command(node, append([]string{filepath.Join(dir, "parse.js")}, files...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("sabaki's parser failed: %v\n%s", err, out)
	}
	var got []struct {
		Games    int                   `json:"games"`
		Nodes    int                   `json:"nodes"`
		MainLine []map[string][]string `json:"mainLine"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if v := got[len(got)-1]; v.Games != 1 || v.Nodes != 7 || len(v.MainLine) != 4 || v.MainLine[0]["PB"][0] != "Alice" || v.MainLine[3]["B"][0] != "bb" {
		t.Errorf("sabaki read the record with variations as %+v\n%s", v, varText)
	}
	for i, c := range configs {
		// Where the board is a rectangle (or Keil's hexhex) with two
		// colours, every placement and pass is a B or W that Sabaki finds.
		s := states[i]
		if g := s.Graph(); s.Rules().Players == 2 && (g.Kind() == "rect" || g.Kind() == "hex" && s.Rules().Game == "keil") {
			want := 0
			for _, m := range s.History() {
				if m.Move.Kind == game.Place || m.Move.Kind == game.Pass {
					want++
				}
			}
			moves := 0
			for _, n := range got[i].MainLine {
				if len(n["B"])+len(n["W"]) > 0 {
					moves++
				}
			}
			if moves != want || want == 0 {
				t.Errorf("%s on %s: sabaki found %d B/W moves, the game has %d placements and passes", c.rules, g.Spec(), moves, want)
			}
		}
		line := want[i].MainLine()
		if got[i].Games != 1 || len(got[i].MainLine) != len(line) {
			t.Errorf("%s: sabaki read %d games, %d nodes; moku wrote 1 game, %d nodes", c.rules, got[i].Games, len(got[i].MainLine), len(line))
			continue
		}
		for k, n := range line {
			for _, p := range n.Props {
				vals := got[i].MainLine[k][p.Ident]
				if len(vals) != len(p.Values) {
					t.Errorf("%s node %d %s: sabaki %q, moku %q", c.rules, k, p.Ident, vals, p.Values)
					continue
				}
				for j, v := range p.Values {
					if Text(v) != strings.ReplaceAll(vals[j], "\r\n", "\n") && v != vals[j] {
						t.Errorf("%s node %d %s[%d]: sabaki %q, moku %q", c.rules, k, p.Ident, j, vals[j], v)
					}
				}
			}
		}
	}
}
