package record_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"moku/game"
	"moku/record"
)

// lineText is a line in moku's notation, to compare lines.
func lineText(r *record.Record, l record.Line) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d:", l.From)
	for _, p := range l.Moves {
		fmt.Fprintf(&b, " %s%s", p.Player.Letter(), p.Move.Format(r.Board))
	}
	return b.String()
}

// TestLinesRoundTrip: variations added to the record of a random game, of
// every game and board, come back the same from its SGF: lines that share
// moves with the main line or with each other branch off where they part,
// and a line added twice or within another adds nothing.
func TestLinesRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := randomGame(t, []string{"go", "kee", "keil", "ki"})
		main := game.Actions(s)
		rec := record.FromState(s)
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "lines"), 2))
		var added []record.Line
		for range rapid.IntRange(0, 6).Draw(t, "count") {
			// A line: a prefix of the main line or of a line already
			// added, then random moves.
			from := rng.IntN(len(main) + 1)
			var moves []game.Played
			if len(added) > 0 && rng.IntN(3) == 0 {
				old := added[rng.IntN(len(added))]
				from = old.From
				moves = slices.Clone(old.Moves[:rng.IntN(len(old.Moves)+1)])
			}
			st, err := rec.Start()
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range append(slices.Clone(main[:from]), moves...) {
				if err := st.Play(p.Move); err != nil {
					t.Fatal(err)
				}
			}
			for n := rng.IntN(6); n > 0 && !st.Over(); n-- {
				legal := st.LegalMoves(nil)
				m := legal[rng.IntN(len(legal))]
				moves = append(moves, game.Played{Player: st.ToMove(), Move: m})
				if err := st.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			if len(moves) == 0 {
				continue
			}
			l := record.Line{From: from, Moves: moves}
			if err := rec.AddLine(l); err != nil {
				t.Fatal(err)
			}
			added = append(added, l)
		}
		// What should come back: each line with the moves it shares with
		// the main line taken off, without lines that another holds.
		want := map[string]bool{}
		var norm []record.Line
		for _, l := range added {
			for len(l.Moves) > 0 && l.From < len(main) && main[l.From] == l.Moves[0] {
				l.From++
				l.Moves = l.Moves[1:]
			}
			if len(l.Moves) > 0 {
				norm = append(norm, l)
			}
		}
		for i, l := range norm {
			inside := false
			for j, o := range norm {
				if j != i && o.From == l.From && len(o.Moves) >= len(l.Moves) && slices.Equal(o.Moves[:len(l.Moves)], l.Moves) &&
					(len(o.Moves) > len(l.Moves) || j < i) {
					inside = true
				}
			}
			if !inside {
				want[lineText(rec, l)] = true
			}
		}
		var buf bytes.Buffer
		if err := rec.WriteSGF(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := record.ReadSGF(buf.Bytes())
		if err != nil {
			t.Fatalf("%v\n%s", err, buf.String())
		}
		lines, err := back[0].Lines()
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, l := range lines {
			got[lineText(back[0], l)] = true
		}
		if len(got) != len(lines) || !mapsEqual(got, want) {
			t.Fatalf("lines read back %v; want %v\n%s", got, want, buf.String())
		}
		if n := len(back[0].Moves); n != len(rec.Moves) {
			t.Fatalf("the main line has %d moves read back, %d written", n, len(rec.Moves))
		}
	})
}

func mapsEqual(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// TestLinesOfOtherPrograms: the variations of records other programs
// wrote are read as lines that replay from the main line, nested ones
// whole; a variation stops before a set-up node.
func TestLinesOfOtherPrograms(t *testing.T) {
	for _, c := range []struct {
		file  string
		lines int
	}{
		{"2016-03-10a.sgf", 0}, // many: counted below
		{"katago-messy.sgf", 0},
		{"gnugo-chinese-9x9.sgf", 0},
	} {
		data, err := os.ReadFile("testdata/sgf-corpus/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := record.ReadSGF(data)
		if err != nil {
			t.Fatal(err)
		}
		lines, err := recs[0].Lines()
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		replayed := 0
		for _, l := range lines {
			if _, err := recs[0].PlayLine(l); err == nil {
				replayed++
			}
		}
		t.Logf("%s: %d lines, %d replay", c.file, len(lines), replayed)
		switch c.file {
		case "2016-03-10a.sgf":
			if len(lines) < 50 || replayed != len(lines) {
				t.Errorf("%s: %d lines, %d replay; want many, all replaying", c.file, len(lines), replayed)
			}
		case "katago-messy.sgf":
			if len(lines) < 3 {
				t.Errorf("%s: %d lines", c.file, len(lines))
			}
		case "gnugo-chinese-9x9.sgf":
			if len(lines) != 0 {
				t.Errorf("%s has no variations; read %d", c.file, len(lines))
			}
		}
	}
}

// TestAddLineErrors: a line from outside the main line is refused.
func TestAddLineErrors(t *testing.T) {
	recs, err := record.ReadSGF([]byte("(;GM[1]SZ[5];B[cc];W[dd])"))
	if err != nil {
		t.Fatal(err)
	}
	for _, from := range []int{-1, 3} {
		if err := recs[0].AddLine(record.Line{From: from, Moves: []game.Played{{Player: 1, Move: game.PassMove}}}); err == nil || !strings.Contains(err.Error(), "2 moves") {
			t.Errorf("from %d: %v", from, err)
		}
	}
}

// TestEachLineStops: EachLine stops when asked, in a file of a long
// variation that branches many times at its end, and gives each line
// whole.
func TestEachLineStops(t *testing.T) {
	var b strings.Builder
	b.WriteString("(;GM[1]SZ[19];B[aa](;W[bb])(;W[ab]")
	for i := 0; i < 3000; i++ {
		b.WriteString(";B[tt];W[tt]")
	}
	for i := 0; i < 500; i++ {
		fmt.Fprintf(&b, "(;B[%c%c])", 'c'+i%17, 'c'+i/17%17)
	}
	b.WriteString("))")
	recs, err := record.ReadSGF([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	err = recs[0].EachLine(func(l record.Line) bool {
		calls++
		if l.From != 1 || len(l.Moves) != 6002 {
			t.Errorf("line %d: from %d, %d moves", calls, l.From, len(l.Moves))
		}
		return calls < 10
	})
	if err != nil || calls != 10 {
		t.Errorf("%d calls, %v", calls, err)
	}
	lines, err := recs[0].Lines()
	if err != nil || len(lines) != 500 || lines[0].Moves[6001] == lines[1].Moves[6001] {
		t.Errorf("%d lines, %v", len(lines), err)
	}
}
