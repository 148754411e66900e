package solve

import (
	"bytes"
	"math/bits"
	"math/rand"
	"strings"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/game"
)

// newKi returns a KiSolver for Ki on spec with opt.
func newKi(t testing.TB, spec string, opt Options) *KiSolver {
	t.Helper()
	r, g, err := catalog.Config{Rules: "ki", Board: spec}.Build()
	if err != nil {
		t.Fatal(err)
	}
	k, err := NewKi(r, g, opt)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestKiFastAgrees checks the bitboard solver against the general one
// (Solver: the full rules engine, the history-checked table, the deepening
// ply cap) from the start of 3x3 and from random positions of 3x3, 5x5 and
// 7x7 with few empty points left, in every combination of table,
// symmetries and bounds; and that the principal variation replays on the
// rules engine to the value.
func TestKiFastAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	variants := []Options{{}, {NoSymmetry: true}, {NoTable: true}, {NoBounds: true}, {MaxEntries: 1}, {Threads: 2}, {Threads: 3, MaxEntries: 1 << 10}}
	checked := 0
	for _, c := range []struct {
		spec        string
		games, left int // positions, and at most this many empty points
	}{{"3x3", 60, 9}, {"5x5", 60, 9}, {"7x7", 20, 8}} {
		for i := 0; i < c.games; i++ {
			gen := build(t, "ki", c.spec)
			st := gen.st
			n := gen.g.N()
			if i > 0 || c.spec != "3x3" {
				for empties(st, n) > 1+rng.Intn(c.left) && !st.Over() {
					randomMove(rng, st, 0, board.Empty)
				}
			}
			if st.Over() {
				continue
			}
			want, err := gen.Solve()
			if err != nil {
				t.Fatal(err)
			}
			for _, opt := range variants {
				k := newKi(t, c.spec, opt)
				k.SetPosition(st)
				got, err := k.Solve()
				if err != nil {
					t.Fatal(err)
				}
				if !got.Exact || got.Value != want.Value {
					t.Fatalf("%s after %v, %+v: bitboard solver %v (exact %v), general solver %v", c.spec, st.History(), opt, got.Value, got.Exact, want.Value)
				}
				if v := replayPV(t, st, got.PV); v != got.Value {
					t.Fatalf("%s after %v: the PV %v ends at %v, not %v", c.spec, st.History(), got.PV, v, got.Value)
				}
			}
			checked++
		}
	}
	if checked < 100 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// empties counts the empty points of st.
func empties(st game.State, n int) int {
	e := 0
	for p := 0; p < n; p++ {
		if st.At(p) == board.Empty {
			e++
		}
	}
	return e
}

// replayPV plays pv on st, returns Black's margin at its end (the game
// must end) and takes the moves back.
func replayPV(t *testing.T, st game.State, pv []string) float64 {
	t.Helper()
	cp := st
	played := 0
	defer func() {
		for ; played > 0; played-- {
			cp.Undo()
		}
	}()
	for _, name := range pv {
		m, err := game.ParseMove(cp.Graph(), name)
		if err != nil {
			t.Fatal(err)
		}
		if err := cp.Play(m); err != nil {
			t.Fatalf("PV %v: %s: %v", pv, name, err)
		}
		played++
	}
	if !cp.Over() {
		t.Fatalf("PV %v does not end the game", pv)
	}
	r := cp.Result()
	return r.Score[board.Black] - r.Score[board.White]
}

// TestKiFastMoves: legal and place agree with the rules engine.
func TestKiFastMoves(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, spec := range []string{"3x3", "5x5", "7x7"} {
		for i := 0; i < 200; i++ {
			gen := build(t, "ki", spec)
			st := gen.st
			for j := rng.Intn(3 * gen.g.N()); j > 0 && !st.Over(); j-- {
				randomMove(rng, st, 0, board.Empty)
			}
			if st.Over() {
				continue
			}
			k := newKi(t, spec, Options{NoTable: true})
			k.SetPosition(st)
			me, opp := k.root.b, k.root.w
			if !k.root.black {
				me, opp = opp, me
			}
			var want uint64
			for _, m := range st.LegalMoves(nil) {
				if m.Kind == game.Place {
					want |= 1 << uint(m.Point)
				}
			}
			if got := k.legal(me, opp); got != want {
				t.Fatalf("%s after %v: legal %b, engine %b", spec, st.History(), got, want)
			}
			for m := want; m != 0; m &= m - 1 {
				p := bits.TrailingZeros64(m)
				nm, no := k.place(me, opp, p)
				if err := st.Play(game.Move{Kind: game.Place, Point: p}); err != nil {
					t.Fatal(err)
				}
				k2 := newKi(t, spec, Options{NoTable: true})
				k2.SetPosition(st)
				st.Undo()
				wm, wo := k2.root.b, k2.root.w
				if !k.root.black {
					wm, wo = wo, wm
				}
				if nm != wm || no != wo {
					t.Fatalf("%s after %v, %s: bitboards (%b, %b), engine (%b, %b)", spec, st.History(), gen.g.Name(p), nm, no, wm, wo)
				}
			}
		}
	}
}

// TestKiFastTableResume interrupts a 5x5 solve by its node limit, saves
// the table, and solves a late position again from the loaded table.
func TestKiFastTableResume(t *testing.T) {
	gen := build(t, "ki", "5x5")
	rng := rand.New(rand.NewSource(1))
	for empties(gen.st, 25) > 14 {
		randomMove(rng, gen.st, 0, board.Empty)
	}
	fresh := newKi(t, "5x5", Options{})
	fresh.SetPosition(gen.st)
	want, err := fresh.Solve()
	if err != nil {
		t.Fatal(err)
	}
	first := newKi(t, "5x5", Options{MaxNodes: want.Nodes / 3})
	first.SetPosition(gen.st)
	if _, err := first.Solve(); err != ErrNodeLimit {
		t.Fatalf("first run: %v after %d of %d nodes", err, first.nodes, want.Nodes)
	}
	var buf bytes.Buffer
	if err := first.SaveTable(&buf); err != nil {
		t.Fatal(err)
	}
	second := newKi(t, "5x5", Options{})
	n, err := second.LoadTable(bytes.NewReader(buf.Bytes()))
	if err != nil || n == 0 || int64(n) != first.used.Load() {
		t.Fatalf("loaded %d entries of %d: %v", n, first.used, err)
	}
	second.SetPosition(gen.st)
	got, err := second.Solve()
	if err != nil || got.Value != want.Value || got.SolveNodes >= want.SolveNodes {
		t.Fatalf("resumed: %v in %d nodes (%v), fresh: %v in %d", got.Value, got.SolveNodes, err, want.Value, want.SolveNodes)
	}
	other := newKi(t, "3x3", Options{})
	if _, err := other.LoadTable(bytes.NewReader(buf.Bytes())); err == nil || !strings.Contains(err.Error(), "saved for") {
		t.Errorf("a 5x5 table loaded for 3x3: %v", err)
	}
}

// TestKiFastMappedTable solves with the table mapped outside the heap (as
// tables of a gigabyte or more are) and checks the values against a heap
// table.
func TestKiFastMappedTable(t *testing.T) {
	defer func(h int) { hugeTable = h }(hugeTable)
	rng := rand.New(rand.NewSource(4))
	for i := 0; i < 10; i++ {
		gen := build(t, "ki", "5x5")
		for empties(gen.st, 25) > 8+rng.Intn(4) {
			randomMove(rng, gen.st, 0, board.Empty)
		}
		var vals [2]float64
		for j, huge := range []int{1 << 62, 1 << 20} {
			hugeTable = huge
			k := newKi(t, "5x5", Options{MaxEntries: 1 << 16})
			if mapped := k.free != nil; mapped != (j == 1) {
				t.Fatalf("table of %d bytes with the threshold at %d: mapped %v", len(k.tab)*24, huge, mapped)
			}
			k.SetPosition(gen.st)
			res, err := k.Solve()
			if err != nil {
				t.Fatal(err)
			}
			vals[j] = res.Value
			k.Close()
		}
		if vals[0] != vals[1] {
			t.Fatalf("after %v: %v with a heap table, %v mapped", gen.st.History(), vals[0], vals[1])
		}
	}
}

// TestKiFastThreads: two and three threads sharing the table find the
// single thread's values and PVs of the same value, on 5x5 positions big
// enough for the threads to stop each other many times.
func TestKiFastThreads(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	for i := 0; i < 4; i++ {
		gen := build(t, "ki", "5x5")
		for empties(gen.st, 25) > 14 {
			randomMove(rng, gen.st, 0, board.Empty)
		}
		one := newKi(t, "5x5", Options{})
		one.SetPosition(gen.st)
		want, err := one.Solve()
		if err != nil {
			t.Fatal(err)
		}
		for _, threads := range []int{2, 3} {
			k := newKi(t, "5x5", Options{Threads: threads})
			k.SetPosition(gen.st)
			got, err := k.Solve()
			if err != nil {
				t.Fatal(err)
			}
			if got.Value != want.Value || !got.Exact {
				t.Fatalf("after %v: %d threads %v, one %v", gen.st.History(), threads, got.Value, want.Value)
			}
			if v := replayPV(t, gen.st, got.PV); v != got.Value {
				t.Fatalf("after %v: %d threads' PV %v ends at %v, not %v", gen.st.History(), threads, got.PV, v, got.Value)
			}
			t.Logf("%d threads: %v, %d nodes (one thread: %d)", threads, got.Value, got.Nodes, want.Nodes)
		}
	}
}
