package record_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"moku/catalog"
	"moku/game"
	"moku/record"
)

// TestDeadStones: the stones agreed dead are written in MKDEAD, read
// back, and removed by Result: the record replays to the result its RE
// states (issue 18: a Kee game whose players marked a lone stone dead
// ended B+25 and its record replayed to a draw).
func TestDeadStones(t *testing.T) {
	for _, tc := range []struct{ rules, moves, dead, want, standing string }{
		{"kee", "c3 pass pass", "", "B+25", "B+25"},
		{"kee", "c3 b2 pass pass", "b2", "B+25", "0"},
		{"go komi=0", "b1 d1 b2 d2 b3 d3 b4 d4 b5 d5 e3 pass pass", "e3", "0", "B+6"},
	} {
		s, err := catalog.Start(catalog.Config{Rules: tc.rules, Board: "5x5"})
		if err != nil {
			t.Fatal(err)
		}
		if err := game.PlayAll(s, tc.moves); err != nil {
			t.Fatal(err)
		}
		rec := record.FromState(s)
		for _, w := range strings.Fields(tc.dead) {
			q, _ := s.Graph().Point(w)
			rec.Dead = append(rec.Dead, q)
		}
		rec.Set("RE", rec.Result(s).String())
		var buf bytes.Buffer
		if err := rec.WriteSGF(&buf); err != nil {
			t.Fatal(err)
		}
		if tc.dead != "" && !strings.Contains(buf.String(), "MKDEAD["+tc.dead+"]") {
			t.Errorf("%s: no MKDEAD in %s", tc.moves, buf.String())
		}
		recs, err := record.ReadSGF(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		back, err := recs[0].Replay()
		if err != nil {
			t.Fatal(err)
		}
		re, _ := recs[0].Get("RE")
		if got := recs[0].Result(back).String(); got != tc.want || re != tc.want || !slices.Equal(recs[0].Dead, rec.Dead) {
			t.Errorf("%s, dead %q: RE[%s], replays to %s, dead %v; want %s", tc.moves, tc.dead, re, got, recs[0].Dead, tc.want)
		}
		if got := back.Result().String(); got != tc.standing {
			t.Errorf("%s: the board as it stands counts %s, want %s", tc.moves, got, tc.standing)
		}
	}
	if _, err := record.ReadSGF([]byte("(;GM[1]MKRU[kee]MKBD[5x5]MKDEAD[z9])")); err == nil || !strings.Contains(err.Error(), "MKDEAD") {
		t.Errorf("a dead stone off the board: %v", err)
	}
}

// TestTimeout: a resignation marked MKTO is a loss on time: the record
// replays to "B+T", as its RE says.
func TestTimeout(t *testing.T) {
	s, _ := catalog.Start(catalog.Config{Rules: "go", Board: "5x5"})
	if err := game.PlayAll(s, "c3 resign"); err != nil {
		t.Fatal(err)
	}
	rec := record.FromState(s)
	rec.Moves[len(rec.Moves)-1].Timeout = true
	rec.Set("RE", "B+T")
	var buf bytes.Buffer
	rec.WriteSGF(&buf)
	if !strings.Contains(buf.String(), "MKTO[]") {
		t.Fatalf("no MKTO in %s", buf.String())
	}
	recs, err := record.ReadSGF(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	back, err := recs[0].Replay()
	if err != nil {
		t.Fatal(err)
	}
	if got := recs[0].Result(back).String(); got != "B+T" {
		t.Errorf("replays to %s, want B+T", got)
	}
	recs[0].Moves[len(recs[0].Moves)-1].Timeout = false
	if got := recs[0].Result(back).String(); got != "B+R" {
		t.Errorf("without MKTO: %s, want B+R", got)
	}
}
