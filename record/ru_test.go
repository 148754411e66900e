package record_test

import (
	"bytes"
	"strings"
	"testing"

	"moku/catalog"
	"moku/record"
)

// TestRUWritten: every record moku makes (FromState: the web app's, a
// match's, GTP's printsgf of a game not loaded from a file) names its rules
// in RU, the name other programs know for the Go rulesets that have one,
// besides MKRU.
func TestRUWritten(t *testing.T) {
	for _, tc := range []struct{ rules, board, ru string }{
		{"go", "9x9", "Chinese"},
		{"tromp-taylor", "9x9", "Tromp-Taylor"},
		{"go-situational", "9x9", "AGA"},
		{"go-simple", "9x9", "go-simple"},
		{"kee", "9x9", "kee"},
		{"keil", "hex:4", "keil"},
		{"keil-2019", "hex:4", "keil-2019"},
		{"ki", "9x9", "ki"},
	} {
		s, err := catalog.Start(catalog.Config{Rules: tc.rules, Board: tc.board})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := record.FromState(s).WriteSGF(&buf); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), "RU["+tc.ru+"]") {
			t.Errorf("%s: no RU[%s] in %s", tc.rules, tc.ru, buf.String())
		}
	}
}
