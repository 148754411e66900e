package record_test

import (
	"bytes"
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
