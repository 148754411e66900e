package solve

import (
	"bytes"
	"encoding/json"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/game"
)

// Published values: area scoring, positional superko, no komi, Black first
// (John Tromp; see docs/rules/go.md).
func TestPublishedGoValues(t *testing.T) {
	for _, c := range []struct {
		board string
		want  float64
	}{
		{"1x1", 0}, {"2x1", 0}, {"1x2", 0}, {"3x1", 3}, {"1x3", 3}, {"4x1", 4}, {"2x2", 1}, {"3x3", 9},
	} {
		t.Run(c.board, func(t *testing.T) {
			res, err := build(t, "go", c.board).Solve()
			if err != nil {
				t.Fatal(err)
			}
			if !res.Exact || res.Value != c.want {
				t.Errorf("%s: value %v (exact %v), want %v; pv %v", c.board, res.Value, res.Exact, c.want, res.PV)
			}
			checkPV(t, "go", c.board, res)
		})
	}
}

// checkPV replays the principal variation on a fresh engine with the
// real rules: every move legal, the game over at the end, and the final
// margin equal to the value.
func checkPV(t *testing.T, rulesDesc, boardSpec string, res *Result) {
	t.Helper()
	st, err := catalog.Start(catalog.Config{Rules: rulesDesc, Board: boardSpec})
	if err != nil {
		t.Fatal(err)
	}
	for i, tok := range res.PV {
		m, err := game.ParseMove(st.Graph(), tok)
		if err != nil {
			t.Fatalf("pv move %d %q: %v", i+1, tok, err)
		}
		if err := st.Play(m); err != nil {
			t.Fatalf("pv move %d %q: %v (pv %v)", i+1, tok, err, res.PV)
		}
	}
	if !st.Over() {
		t.Fatalf("pv %v does not end the game", res.PV)
	}
	r := st.Result()
	if got := r.Score[board.Black] - r.Score[board.White]; got != res.Value {
		t.Errorf("pv %v ends %v, value %v", res.PV, got, res.Value)
	}
}

// Every option combination gives the same value: with and without the
// table, with and without symmetry, with and without Benson bounds, with and
// without the deepening ply cap.
func TestOptionsAgree(t *testing.T) {
	for _, c := range []struct{ rules, board string }{
		{"go", "2x2"}, {"go", "4x1"}, {"go-situational", "2x2"}, {"tromp-taylor", "3x1"},
		{"go", "3x3"}, {"go", "2x3"}, {"go-situational", "2x3"},
		{"keil", "hex:2"}, {"keil-2019 komi=7", "hex:2"}, {"ki", "3x3"},
	} {
		agree(t, c.rules, c.board, []Options{{}, {NoSymmetry: true}, {NoTable: true}, {NoBounds: true}, {NoTable: true, NoSymmetry: true, NoBounds: true},
			{NoDeepen: true}, {NoDeepen: true, NoTable: true, NoSymmetry: true, NoBounds: true}})
	}
}

// agree solves rules on board under each of opts: every solve must be
// exact, its PV must replay to its value, and the values must be equal.
func agree(t *testing.T, rules, board string, opts []Options) {
	t.Helper()
	var values []float64
	for _, opt := range opts {
		r, g, err := catalog.Config{Rules: rules, Board: board}.Build()
		if err != nil {
			t.Fatal(err)
		}
		opt.MaxNodes = 20_000_000
		s, err := New(r, g, opt)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Solve()
		if err != nil {
			t.Fatalf("%s %s %+v: %v", rules, board, opt, err)
		}
		if !res.Exact {
			t.Fatalf("%s %s %+v: not exact", rules, board, opt)
		}
		values = append(values, res.Value)
		checkPV(t, rules, board, res)
	}
	for _, v := range values[1:] {
		if v != values[0] {
			t.Errorf("%s %s: values differ across options %+v: %v", rules, board, opts, values)
		}
	}
}

// The symmetries found are automorphisms of the boards, and as many as
// the shapes have.
func TestSymmetries(t *testing.T) {
	for _, c := range []struct {
		spec string
		want int
	}{
		{"1x1", 1}, {"2x1", 2}, {"3x2", 4}, {"3x3", 8}, {"4x4", 8}, {"hex:2", 12}, {"hex:3", 12}, {"torus:3x3", 1},
	} {
		g, err := board.Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		syms := symmetries(g)
		if len(syms) != c.want {
			t.Errorf("%s: %d symmetries, want %d", c.spec, len(syms), c.want)
		}
		for i, p := range syms {
			if !isAutomorphism(g, p) {
				t.Errorf("%s: symmetry %d is not an automorphism", c.spec, i)
			}
			// Witnesses are preserved too (Keil's links depend on them).
			for a := 0; a < g.N(); a++ {
				for _, b := range g.Neighbors(a) {
					if len(g.Witnesses(a, int(b))) != len(g.Witnesses(p[a], p[b])) {
						t.Errorf("%s: symmetry %d changes the witnesses of %s-%s", c.spec, i, g.Name(a), g.Name(int(b)))
					}
				}
			}
		}
		for q := 0; q < g.N(); q++ {
			if syms[0][q] != q {
				t.Fatalf("%s: first symmetry is not the identity", c.spec)
			}
		}
	}
}

// A position and its mirror image solve to the same value.
func TestSymmetricPositionsSameValue(t *testing.T) {
	for _, pair := range [][2]string{{"a1", "b2"}, {"a1", "b1"}, {"a2", "b1"}} {
		var vals []float64
		for _, first := range pair {
			s := build(t, "go", "2x2")
			p, ok := s.g.Point(first)
			if !ok {
				t.Fatal(first)
			}
			if err := s.st.Play(game.At(p)); err != nil {
				t.Fatal(err)
			}
			res, err := s.Solve()
			if err != nil {
				t.Fatal(err)
			}
			vals = append(vals, res.Value)
		}
		if vals[0] != vals[1] {
			t.Errorf("2x2 after %s: %v, after %s: %v", pair[0], vals[0], pair[1], vals[1])
		}
	}
}

func TestJSON(t *testing.T) {
	res, err := build(t, "go", "3x1").Solve()
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"value", "pv", "nodes", "seconds", "rules"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, b)
		}
	}
	if m["value"] != 3.0 || m["rules"] != "go links=plain ko=positional suicide=forbidden scoring=area button=off komi=0 players=2" {
		t.Errorf("JSON %s", b)
	}
}

// A saved table resumes a solve: the second run needs far fewer nodes.
func TestTableResume(t *testing.T) {
	s := build(t, "go", "2x2")
	first, err := s.Solve()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := s.SaveTable(&buf); err != nil {
		t.Fatal(err)
	}
	s2 := build(t, "go", "2x2")
	if _, err := s2.LoadTable(&buf); err != nil {
		t.Fatal(err)
	}
	second, err := s2.Solve()
	if err != nil {
		t.Fatal(err)
	}
	if second.Value != first.Value || second.Nodes >= first.Nodes {
		t.Errorf("resumed: value %v in %d nodes; first %v in %d", second.Value, second.Nodes, first.Value, first.Nodes)
	}
	if _, err := build(t, "go", "3x1").LoadTable(bytes.NewReader(buf.Bytes())); err == nil {
		t.Error("a table for 2x2 was accepted for 3x1")
	}
}

func TestRefusesEndlessRules(t *testing.T) {
	r, g, err := catalog.Config{Rules: "go-simple", Board: "2x2"}.Build()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(r, g, Options{}); err == nil {
		t.Error("simple ko accepted: its games need not end")
	}
}

func BenchmarkSolve2x2(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := build(b, "go", "2x2").Solve(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSolveKeilHex2(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := build(b, "keil", "hex:2").Solve(); err != nil {
			b.Fatal(err)
		}
	}
}

// Kee 2016 from the empty board: the seed's examples I, J and K claim
// draws on 2x1, 2x2 and 3x2; the solver must prove each value exactly (the
// ply cap not binding) and its PV must replay on the engine.
func TestKeeSeedBoards(t *testing.T) {
	for _, c := range []struct {
		board  string
		maxPly int
	}{{"2x1", 0}, {"3x2", 0}, {"2x2", 64}} {
		r, g, err := catalog.Config{Rules: "kee", Board: c.board}.Build()
		if err != nil {
			t.Fatal(err)
		}
		s, err := New(r, g, Options{MaxPly: c.maxPly, MaxNodes: 20_000_000})
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Solve()
		if err != nil {
			t.Fatal(err)
		}
		if !res.Exact || res.Value != 0 {
			t.Errorf("kee %s: value %v in [%v, %v] (exact %v), the seed claims a draw", c.board, res.Value, res.Lower, res.Upper, res.Exact)
			continue
		}
		checkPV(t, "kee", c.board, res)
	}
}

// The Bloom filter never forgets a position it was given.
func TestBloomNoFalseNegatives(t *testing.T) {
	var b bloom
	var added []uint64
	x := uint64(1)
	for i := 0; i < 300; i++ {
		x = mix(x)
		b.add(x)
		added = append(added, x)
		for _, y := range added {
			if !b.has(y) {
				t.Fatalf("lost %x after %d additions", y, i+1)
			}
		}
	}
	var c bloom
	c.union(&b)
	for _, y := range added {
		if !c.has(y) {
			t.Fatal("union lost a position")
		}
	}
	if (&bloom{}).has(mix(12345)) {
		t.Error("the empty filter contains a position")
	}
}

// The deepening ply cap (capped lines scored worst, then best, for Black,
// and the table's capped-game entries) gives the value of the unbounded
// search on every board where that search finishes, including ones with
// long superko fights, with komi, with the button and under Ki's rule; and
// each PV replays to the value.
func TestDeepenAgrees(t *testing.T) {
	for _, c := range []struct{ rules, board string }{
		{"go", "2x2"}, {"go", "3x2"}, {"go", "2x4"}, {"go", "2x5"}, {"go-situational", "2x4"},
		{"go komi=0.5", "2x3"}, {"go komi=3", "3x3"}, {"tromp-taylor", "2x3"},
		{"keil", "hex:2"}, {"keil-2019", "hex:2"}, {"keil komi=6", "hex:2"}, {"keil komi=7", "hex:2"},
		{"ki", "3x3"}, {"ki komi=3", "3x3"}, {"ki komi=4", "3x3"},
	} {
		agree(t, c.rules, c.board, []Options{{NoDeepen: true}, {}, {NoSymmetry: true}, {NoBounds: true}})
	}
}

// 3x4 Go: the published value is +4 (Black wins by 4); the solver must
// prove it (with the deepening cap) and its PV must replay.
func TestGo3x4(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: about 250 k nodes")
	}
	res, err := build(t, "go", "3x4").Solve()
	if err != nil {
		t.Fatal(err)
	}
	if !res.Exact || res.Value != 4 {
		t.Errorf("3x4: value %v (exact %v), want 4; pv %v", res.Value, res.Exact, res.PV)
	}
	checkPV(t, "go", "3x4", res)
}
