package solve_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"moku/catalog"
	"moku/solve"
)

// TestFor: For picks the bitboard solver for Ki unless told general, the
// general one otherwise, and both find the same value.
func TestFor(t *testing.T) {
	for _, tc := range []struct {
		rules, board string
		general      bool
		want         string // the solver's type
		value        string
	}{
		{"ki", "3x3", false, "*solve.KiSolver", "B+3"},
		{"ki", "3x3", true, "*solve.Solver", "B+3"},
		{"go komi=0", "2x2", false, "*solve.Solver", "B+1"},
		{"go komi=0", "2x2", true, "*solve.Solver", "B+1"},
	} {
		r, g, err := catalog.Config{Rules: tc.rules, Board: tc.board}.Build()
		if err != nil {
			t.Fatal(err)
		}
		s, err := solve.For(r, g, solve.Options{}, tc.general)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.rules, tc.board, err)
		}
		res, err := s.Solve()
		s.Close()
		if err != nil {
			t.Fatalf("%s %s: %v", tc.rules, tc.board, err)
		}
		if got := typeName(s); got != tc.want || solve.FormatValue(res.Value) != tc.value {
			t.Errorf("%s %s general=%v: %s found %s, want %s finding %s", tc.rules, tc.board, tc.general, got, solve.FormatValue(res.Value), tc.want, tc.value)
		}
	}
	r, g, _ := catalog.Config{Rules: "kee players=3", Board: "2x2"}.Build()
	if _, err := solve.For(r, g, solve.Options{}, false); err == nil {
		t.Errorf("For took a 3-player game")
	}
}

func typeName(s solve.Exact) string {
	switch s.(type) {
	case *solve.KiSolver:
		return "*solve.KiSolver"
	case *solve.Solver:
		return "*solve.Solver"
	}
	return "?"
}

// TestTableFile: a table saved with SaveFile loads with LoadFile (a
// missing file loads nothing), and a damaged file is refused with its
// name.
func TestTableFile(t *testing.T) {
	r, g, _ := catalog.Config{Rules: "go komi=0", Board: "2x2"}.Build()
	name := filepath.Join(t.TempDir(), "go2x2.tab")
	s, _ := solve.For(r, g, solve.Options{}, false)
	if n, err := solve.LoadFile(s, name); n != 0 || err != nil {
		t.Fatalf("missing file: %d, %v", n, err)
	}
	res, err := s.Solve()
	if err != nil {
		t.Fatal(err)
	}
	if err := solve.SaveFile(s, name); err != nil {
		t.Fatal(err)
	}
	s2, _ := solve.For(r, g, solve.Options{}, false)
	if n, err := solve.LoadFile(s2, name); n == 0 || n > res.Entries || err != nil {
		t.Errorf("loaded %d entries (%v), saved at most %d", n, err, res.Entries)
	}
	os.WriteFile(name, []byte("not a table"), 0o644)
	if _, err := solve.LoadFile(s2, name); err == nil || !strings.Contains(err.Error(), name) {
		t.Errorf("damaged file: %v", err)
	}
}
