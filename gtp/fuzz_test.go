package gtp

import (
	"strings"
	"testing"

	"moku/catalog"
)

// FuzzExecute feeds arbitrary command lines to an engine: every line gets a
// well-formed response, and the engine's game stays consistent.
func FuzzExecute(f *testing.F) {
	for _, s := range []string{"play b c3", "1 boardsize 7", "genmove w", "komi 6.5", "all_legal b", "undo", "play w appeal-a1", "boardsize 99999999999999999999", "\x00\t#"} {
		f.Add("keil", s)
		f.Add("go", s)
	}
	f.Fuzz(func(t *testing.T, rules, line string) {
		if rules != "keil" && rules != "go" && rules != "ki" {
			rules = "go"
		}
		e, err := New(catalog.Config{Rules: rules, Board: "5x5"}, 1)
		if rules == "keil" {
			e, err = New(catalog.Config{Rules: rules, Board: "hex:3"}, 1)
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(line, "\n") {
			resp, ok := e.Execute(l)
			if !ok {
				continue
			}
			if !(strings.HasPrefix(resp, "=") || strings.HasPrefix(resp, "?")) || !strings.HasSuffix(resp, "\n\n") || strings.Count(resp, "\n\n") != 1 {
				t.Fatalf("%q: malformed response %q", l, resp)
			}
		}
		s := e.State()
		if h := s.History(); len(h) > 0 {
			if !s.Undo() {
				t.Fatal("cannot undo a played move")
			}
		}
	})
}
