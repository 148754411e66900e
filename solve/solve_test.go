package solve

import (
	"testing"

	"moku/catalog"
)

func build(t testing.TB, rulesDesc, boardSpec string) *Solver {
	t.Helper()
	r, g, err := catalog.Config{Rules: rulesDesc, Board: boardSpec}.Build()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(r, g, Options{MaxNodes: 50_000_000})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCrossCheckReference(t *testing.T) {
	for _, c := range []struct{ rules, board string }{
		{"go", "1x1"}, {"go", "2x1"}, {"go", "3x1"}, {"go", "2x2"}, {"go", "4x1"},
		{"go-situational", "2x2"}, {"go-situational", "3x1"}, {"go-situational", "4x1"},
		{"tromp-taylor", "2x2"}, {"go komi=1", "2x2"},
		{"keil", "hex:2"}, {"keil-2019", "hex:2"}, {"ki", "3x3"},
		{"go", "2x3"}, {"go-situational", "2x3"}, {"go", "2x4"},
	} {
		t.Run(c.rules+"/"+c.board, func(t *testing.T) {
			s := build(t, c.rules, c.board)
			res, err := s.Solve()
			if err != nil {
				t.Fatal(err)
			}
			st, err := catalog.Start(catalog.Config{Rules: c.rules, Board: c.board})
			if err != nil {
				t.Fatal(err)
			}
			equal, nodes, ok := ReferenceVerify(st, res.Value, 20_000_000, 1<<16)
			t.Logf("solver %v (%d nodes), reference agrees %v (%d nodes, complete %v), pv %v", res.Value, res.Nodes, equal, nodes, ok, res.PV)
			if !ok {
				t.Fatal("reference search too large")
			}
			if !equal {
				ref, _, _ := Reference(st, 20_000_000, 1<<16)
				t.Errorf("solver %v, reference %v", res.Value, ref)
			}
		})
	}
}
