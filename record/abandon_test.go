package record_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"moku/catalog"
	"moku/game"
	"moku/record"
)

// TestAbandoned: a resignation marked MKAB is a game abandoned: the record
// replays to "B+F", as its RE says; without the mark it is "B+R".
func TestAbandoned(t *testing.T) {
	s, _ := catalog.Start(catalog.Config{Rules: "go", Board: "5x5"})
	if err := game.PlayAll(s, "c3 resign"); err != nil {
		t.Fatal(err)
	}
	rec := record.FromState(s)
	rec.Moves[len(rec.Moves)-1].Abandoned = true
	rec.Set("RE", "B+F")
	var buf bytes.Buffer
	rec.WriteSGF(&buf)
	if !strings.Contains(buf.String(), "MKAB[]") {
		t.Fatalf("no MKAB in %s", buf.String())
	}
	recs, err := record.ReadSGF(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	back, err := recs[0].Replay()
	if err != nil {
		t.Fatal(err)
	}
	if got := recs[0].Result(back); got.String() != "B+F" || got.Reason != game.AbandonReason {
		t.Errorf("replays to %s (%s), want B+F (%s)", got, got.Reason, game.AbandonReason)
	}
	recs[0].Moves[len(recs[0].Moves)-1].Abandoned = false
	if got := recs[0].Result(back).String(); got != "B+R" {
		t.Errorf("without MKAB: %s, want B+R", got)
	}
}

// TestVisitsRoundTrip: a move's search visits (MKVISITS) are written in
// moku's move notation and read back as they were, pass and resignation
// included; a reader that does not know them keeps them as a node
// property, and moves without them have none.
func TestVisitsRoundTrip(t *testing.T) {
	for _, c := range []struct{ rules, board, moves string }{
		{"go", "5x5", "c3 b2 pass"},
		{"keil", "hex:3", "a1 button b2"},
		{"kee players=3", "4x4", "a1 b2 c3"},
	} {
		s, err := catalog.Start(catalog.Config{Rules: c.rules, Board: c.board})
		if err != nil {
			t.Fatal(err)
		}
		if err := game.PlayAll(s, c.moves); err != nil {
			t.Fatalf("%s: %v", c.rules, err)
		}
		rec := record.FromState(s)
		g := rec.Board
		want := [][]record.Visit{
			{{Move: game.At(0), Visits: 120}, {Move: game.PassMove, Visits: 0}, {Move: game.At(g.N() - 1), Visits: 7}},
			nil,
			{{Move: game.ResignMove, Visits: 3}},
		}
		for i := range rec.Moves {
			rec.Moves[i].Visits = want[i]
		}
		var buf bytes.Buffer
		if err := rec.WriteSGF(&buf); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(buf.String(), "MKVISITS["); n != 2 {
			t.Errorf("%s: %d MKVISITS in %s, want 2", c.rules, n, buf.String())
		}
		recs, err := record.ReadSGF(buf.Bytes())
		if err != nil {
			t.Fatalf("%s: %v in %s", c.rules, err, buf.String())
		}
		for i, m := range recs[0].Moves {
			if fmt.Sprint(m.Visits) != fmt.Sprint(want[i]) {
				t.Errorf("%s: move %d: visits %v, want %v", c.rules, i+1, m.Visits, want[i])
			}
			if len(m.Props) != 0 {
				t.Errorf("%s: move %d: other properties %v", c.rules, i+1, m.Props)
			}
		}
		trees, err := record.ParseSGF(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := trees[0].MainLine()[1].Get("MKVISITS"); !ok || v != g.Name(0)+":120" {
			t.Errorf("%s: the first move's node has MKVISITS %q (%v)", c.rules, v, ok)
		}
	}
}

// Follow keeps each move's visits and properties while the game follows
// the record, and not past where it departs from it.
func TestFollowKeepsVisits(t *testing.T) {
	s, _ := catalog.Start(catalog.Config{Rules: "go", Board: "5x5"})
	if err := game.PlayAll(s, "c3 b2 d4"); err != nil {
		t.Fatal(err)
	}
	rec := record.FromState(s)
	for i := range rec.Moves {
		rec.Moves[i].Visits = []record.Visit{{Move: rec.Moves[i].Move, Visits: 10 + i}}
		rec.Moves[i].Props = []record.Property{{Ident: "C", Values: []string{"note"}}}
	}
	played, _ := rec.Start()
	if err := game.PlayAll(played, "c3 b2 e5"); err != nil {
		t.Fatal(err)
	}
	got := rec.Follow(played)
	for i, m := range got.Moves {
		kept := i < 2
		if (m.Visits != nil) != kept || (len(m.Props) > 0) != kept {
			t.Errorf("move %d (%s): visits %v, properties %v; want them kept: %v", i+1, m.Move.Format(rec.Board), m.Visits, m.Props, kept)
		}
	}
	if len(got.Moves[2].Variations) != 1 {
		t.Errorf("the record's d4 is not a variation at move 3: %v", got.Moves[2].Variations)
	}
}

// TestFollowKeepsResult: a record of another program's, replayed to its
// end and nothing played on, keeps its own result: GNU Go's B+18 (two
// dead stones removed), not moku's count of the board as it stands (W+20);
// once play departs from it, the result is the new game's.
func TestFollowKeepsResult(t *testing.T) {
	data, err := os.ReadFile("testdata/sgf-corpus/gnugo-chinese-9x9.sgf")
	if err != nil {
		t.Fatal(err)
	}
	recs, err := record.ReadSGF(data)
	if err != nil {
		t.Fatal(err)
	}
	rec := recs[0]
	want, _ := rec.Get("RE")
	s, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := rec.Follow(s).Get("RE"); got != want {
		t.Errorf("the record followed to its end: RE %q, want the record's %q", got, want)
	}
	s.Undo()
	if got, ok := rec.Follow(s).Get("RE"); ok {
		t.Errorf("the record followed one move short: RE %q, want none", got)
	}
}

// TestFollowKeepsEndings: a record whose last move is a timeout's or an
// abandonment's resignation, followed to its end (GTP's loadsgf, then
// printsgf), keeps the mark, so that it replays to its own RE again.
func TestFollowKeepsEndings(t *testing.T) {
	for _, tc := range []struct {
		name, re string
		mark     func(*record.Move)
	}{
		{"timeout", "B+T", func(m *record.Move) { m.Timeout = true }},
		{"abandoned", "B+F", func(m *record.Move) { m.Abandoned = true }},
	} {
		s, _ := catalog.Start(catalog.Config{Rules: "go", Board: "5x5"})
		if err := game.PlayAll(s, "c3 resign"); err != nil {
			t.Fatal(err)
		}
		rec := record.FromState(s)
		tc.mark(&rec.Moves[len(rec.Moves)-1])
		rec.Set("RE", tc.re)
		back, err := rec.Replay()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := rec.Follow(back).WriteSGF(&buf); err != nil {
			t.Fatal(err)
		}
		recs, err := record.ReadSGF(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		again, err := recs[0].Replay()
		if err != nil {
			t.Fatal(err)
		}
		if got := recs[0].Result(again).String(); got != tc.re {
			t.Errorf("%s: the followed record replays to %s, want %s:\n%s", tc.name, got, tc.re, buf.String())
		}
	}
}
