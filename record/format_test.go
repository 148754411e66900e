package record_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/record"
)

// TestWhatEachGameWrites pins the SGF each game is written as: square
// two-colour games (Go, two-player Kee, Ki) and Keil on the hexhex with SZ
// and B/W, the rest with moku's private properties.
func TestWhatEachGameWrites(t *testing.T) {
	for _, c := range []struct{ rules, board, moves, root, nodes string }{
		{"go komi=0.5", "5x5", "c3 d4 pass resign", "GM[1]FF[4]CA[UTF-8]SZ[5]KM[0.5]MKRU[go", ";B[cc];W[db];B[tt];MKMV[W:resign]"},
		{"kee", "2x1", "a1 b1 appeal-a1 pass", "GM[1]FF[4]CA[UTF-8]SZ[2:1]KM[0]MKRU[kee", ";B[aa];W[ba]MKRS[];MKMV[B:appeal-a1]MKRS[];W[tt]"},
		{"ki", "5x5", "c3 b2", "GM[502]FF[4]CA[UTF-8]SZ[5]KM[0]MKRU[ki", ";B[cc];W[bd]"},
		{"keil komi=3", "hex:3", "c3 button e5 pass", "GM[501]FF[4]CA[UTF-8]SZ[3]KM[3]MKRU[keil", ";B[c3];MKMV[W:button];B[e5];W[]"},
		{"kee players=3", "3x3", "a1 b2 c3 pass", "GM[1]FF[4]CA[UTF-8]SZ[3]KM[0]MKRU[kee", ";MKMV[B:a1];MKMV[W:b2];MKMV[R:c3];MKMV[B:pass]"},
		{"go", "torus:3x3", "a1 pass", "GM[1]FF[4]CA[UTF-8]MKBD[torus:3x3]KM[0]MKRU[go", ";MKMV[B:a1];MKMV[W:pass]"},
		{"ki", "hex:2", "a1", "GM[502]FF[4]CA[UTF-8]MKBD[hex:2]KM[0]MKRU[ki", ";MKMV[B:a1]"},
		{"keil", "3x3", "button pass", "GM[501]FF[4]CA[UTF-8]MKBD[3x3]KM[0]MKRU[keil", ";MKMV[B:button];MKMV[W:pass]"},
		{"kee", "honeycomb:2", "c3 d3 pass", "GM[1]FF[4]CA[UTF-8]MKBD[honeycomb:2]KM[0]MKRU[kee", ";MKMV[B:c3];MKMV[W:d3];MKMV[B:pass]"},
		{"go", "tri:4", "b2 c3", "GM[1]FF[4]CA[UTF-8]MKBD[tri:4]KM[0]MKRU[go", ";MKMV[B:b2];MKMV[W:c3]"},
		{"kee players=3", "cube:2", "fa1 ub2 lb2", "GM[1]FF[4]CA[UTF-8]MKBD[cube:2]KM[0]MKRU[kee", ";MKMV[B:fa1];MKMV[W:ub2];MKMV[R:lb2]"},
	} {
		s, err := catalog.Start(catalog.Config{Rules: c.rules, Board: c.board})
		if err != nil {
			t.Fatal(err)
		}
		if err := game.PlayAll(s, c.moves); err != nil {
			t.Fatalf("%s: %v", c.rules, err)
		}
		text := record.FormatSGF(record.FromState(s).Tree())
		nodes := strings.ReplaceAll(text[strings.Index(text, "\n"):], "\n", "")
		if !strings.HasPrefix(text, "(;"+c.root) || nodes != c.nodes+")" {
			t.Errorf("%s on %s:\n%s\nwant the root to start %s and the moves %s", c.rules, c.board, text, c.root, c.nodes)
		}
		back := roundTrip(t, record.FromState(s))
		s2, err := back.Replay()
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.rules, err, text)
		}
		if !reflect.DeepEqual(game.Actions(s2), game.Actions(s)) || s2.Hash() != s.Hash() {
			t.Errorf("%s: replays to another game\n%s", c.rules, text)
		}
	}
}

// TestOldRecordsRead: records moku wrote before Keil and Ki had their GM
// numbers and square games their SZ and B/W (GM[1], MKBD, MKMV) read as
// before, to the same game as the new form.
func TestOldRecordsRead(t *testing.T) {
	for _, c := range []struct{ old, rules, board, moves string }{
		{"(;GM[1]FF[4]CA[UTF-8]MKBD[hex:3]KM[3]MKRU[keil links=keil ko=own-position suicide=forbidden scoring=linked button=on komi=3 players=2]AP[moku:0.1]RU[keil]\n;MKMV[B:c3]\n;MKMV[W:button]\n;MKMV[B:e5]\n;MKMV[W:pass])",
			"keil komi=3", "hex:3", "c3 button e5 pass"},
		{"(;GM[1]FF[4]CA[UTF-8]MKBD[2x1]KM[0]MKRU[kee links=plain ko=cycle suicide=allowed scoring=area button=off komi=0 players=2]\n;MKMV[B:a1]\n;MKMV[W:b1]MKRS[]\n;MKMV[B:appeal-a1]MKRS[]\n;MKMV[W:pass])",
			"kee", "2x1", "a1 b1 appeal-a1 pass"},
		{"(;GM[1]FF[4]CA[UTF-8]MKBD[5x5]KM[0]MKRU[ki links=plain ko=recurrence suicide=forbidden scoring=stones button=off komi=0 players=2]\n;MKMV[B:c3]\n;MKMV[W:b2])",
			"ki", "5x5", "c3 b2"},
	} {
		recs, err := record.ReadSGF([]byte(c.old))
		if err != nil {
			t.Fatalf("%s: %v", c.rules, err)
		}
		got, err := recs[0].Replay()
		if err != nil {
			t.Fatalf("%s: %v", c.rules, err)
		}
		want, _ := catalog.Start(catalog.Config{Rules: c.rules, Board: c.board})
		if err := game.PlayAll(want, c.moves); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(game.Actions(got), game.Actions(want)) || got.Hash() != want.Hash() || got.Rules() != want.Rules() {
			t.Errorf("%s: the old record replays to %v under %s", c.rules, game.Actions(got), got.Rules())
		}
		// Written again, in the new form.
		if text := record.FormatSGF(recs[0].Tree()); strings.Contains(text, "MKMV[B:c3]") || strings.Contains(text, "MKBD") {
			t.Errorf("%s: rewritten in the old form:\n%s", c.rules, text)
		}
	}
}

// TestMissingKomi: FF[4] gives KM no default; a record without KM or
// MKRU has no komi, whatever the board.
func TestMissingKomi(t *testing.T) {
	for _, c := range []struct {
		src  string
		want float64
	}{
		{"(;GM[1]SZ[19];B[dd])", 0},
		{"(;GM[1]SZ[9]RU[Japanese];B[dd])", 0},
		{"(;GM[1]SZ[9]KM[6.5];B[dd])", 6.5},
		{"(;GM[1]SZ[9]MKRU[go komi=5.5];B[dd])", 5.5},
		{"(;GM[1]SZ[9]KM[2]MKRU[go komi=5.5];B[dd])", 2},
	} {
		recs, err := record.ReadSGF([]byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		if got := recs[0].Rules.Komi; got != c.want {
			t.Errorf("%s: komi %v, want %v", c.src, got, c.want)
		}
	}
}

// TestVariationsWrittenBack: a record read from a file with variations
// (at the root, in the middle, after a comment node, after the last move)
// is written back with them, in the same places.
func TestVariationsWrittenBack(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"(;GM[1]SZ[5](;B[cc](;W[dd];B[bb])(;W[bd]C[other]))(;B[aa]))",
			"(;GM[1]FF[4]CA[UTF-8]SZ[5]KM[0]MKRU[go links=plain ko=positional suicide=forbidden scoring=area button=off komi=0 players=2]\n(;B[cc]\n(;W[dd]\n;B[bb])\n(;W[bd]C[other]))\n(;B[aa]))\n"},
		{"(;GM[1]SZ[5]PB[Alice];B[cc];C[note](;W[dd])(;W[bd]))",
			"(;GM[1]FF[4]CA[UTF-8]SZ[5]KM[0]MKRU[go links=plain ko=positional suicide=forbidden scoring=area button=off komi=0 players=2]PB[Alice]\n;B[cc]C[note]\n(;W[dd])\n(;W[bd]))\n"},
		{"(;GM[1]SZ[5];B[cc](;C[the main line ends])(;W[bd]))",
			"(;GM[1]FF[4]CA[UTF-8]SZ[5]KM[0]MKRU[go links=plain ko=positional suicide=forbidden scoring=area button=off komi=0 players=2]\n;B[cc]C[the main line ends]\n(;)\n(;W[bd]))\n"},
	} {
		recs, err := record.ReadSGF([]byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		got := record.FormatSGF(recs[0].Tree())
		if got != c.want {
			t.Errorf("%s: written\n%s\nwant\n%s", c.src, got, c.want)
		}
		if back := roundTrip(t, recs[0]); !sameRecord(recs[0], back) {
			t.Errorf("%s: changed on a round trip", c.src)
		}
	}
	// Every corpus file's variations survive: as many nodes written as read.
	files, _ := filepath.Glob("testdata/sgf-corpus/*.sgf")
	for _, f := range files {
		data, _ := os.ReadFile(f)
		trees, err := record.ParseSGF(data)
		if err != nil {
			t.Fatal(err)
		}
		for i, tr := range trees {
			r, err := record.FromTree(tr)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if got, want := countNodes(r.Tree()), countNodes(tr); got < want-countMoveless(tr) || got > want+1 {
				t.Errorf("%s game %d: %d nodes written, %d read", f, i+1, got, want)
			}
			if got, want := countVariations(r.Tree()), countVariations(tr); got != want {
				t.Errorf("%s game %d: %d variations written, %d read", f, i+1, got, want)
			}
		}
	}
}

func countNodes(t *record.Tree) int {
	n := len(t.Nodes)
	for _, c := range t.Children {
		n += countNodes(c)
	}
	return n
}

func countVariations(t *record.Tree) int {
	n := 0
	if len(t.Children) > 1 {
		n = len(t.Children) - 1
	}
	for _, c := range t.Children {
		n += countVariations(c)
	}
	return n
}

// countMoveless counts the main line's nodes after the root without a
// move, which are merged into the move before them.
func countMoveless(t *record.Tree) int {
	n := 0
	for i, node := range t.MainLine() {
		_, b := node.Prop("B")
		_, w := node.Prop("W")
		if i > 0 && !b && !w {
			n++
		}
	}
	return n
}

// TestSetupRoundTrip: set-up stones are AB/AW where the moves are B/W
// (Go, Keil on the hexhex with point names, Ki) and MKSU otherwise; the
// board stays what it was (a rectangle with set-up stones is a rectangle),
// and the record read back replays to the same position.
func TestSetupRoundTrip(t *testing.T) {
	for _, c := range []struct{ rules, board, setup, moves, want string }{
		{"go", "9x9", "B:c3 B:g7 W:e5", "d4", "AB[cg][gc]AW[ee]"},
		{"keil", "hex:3", "B:c3 W:a1", "e5", "AB[c3]AW[a1]"},
		{"ki", "5x5", "B:c3 W:b2", "d4", "AB[cc]AW[bd]"},
		{"kee players=3", "3x3", "R:b2", "a1", "MKSU[R:b2]"},
	} {
		g, err := board.Parse(c.board)
		if err != nil {
			t.Fatal(err)
		}
		var stones []board.Stone
		for _, f := range strings.Fields(c.setup) {
			col, name, _ := strings.Cut(f, ":")
			cl, _ := board.ParseColor(col)
			p, _ := g.Point(name)
			stones = append(stones, board.Stone{Point: p, Color: cl})
		}
		withStones, err := g.WithStart(stones)
		if err != nil {
			t.Fatal(err)
		}
		r, _, err := catalog.Config{Rules: c.rules, Board: c.board}.Build()
		if err != nil {
			t.Fatal(err)
		}
		s, err := catalog.New(r, withStones)
		if err != nil {
			t.Fatal(err)
		}
		if err := game.PlayAll(s, c.moves); err != nil {
			t.Fatal(err)
		}
		rec := record.FromState(s)
		text := record.FormatSGF(rec.Tree())
		if !strings.Contains(text, c.want) || strings.Contains(text, "MKGR") {
			t.Errorf("%s: set-up not written %s:\n%s", c.rules, c.want, text)
		}
		back := roundTrip(t, rec)
		s2, err := back.Replay()
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.rules, err, text)
		}
		if s2.Hash() != s.Hash() || s2.Graph().Kind() != g.Kind() || game.Text(s2) != game.Text(s) {
			t.Errorf("%s: replayed on %s to\n%s\nwant\n%s", c.rules, s2.Graph().Kind(), game.Text(s2), game.Text(s))
		}
	}
}
