package search

import (
	"fmt"
	"testing"

	"moku/board"
	"moku/game"
	"moku/playout"
)

// TestKoLength: Pachi's amaf_ko_length, the moves below a point of the
// game through which a ko taken there goes on being taken back.
func TestKoLength(t *testing.T) {
	const x, o = true, false
	for _, c := range []struct {
		ko   []bool
		at   int
		want int
	}{
		{nil, 0, 0},
		{[]bool{o, o, o}, 0, 0},
		{[]bool{x}, 0, 1},
		{[]bool{x, o, o, o}, 0, 1},          // taken, never taken back
		{[]bool{x, o, o, x}, 0, 4},          // taken back at move 3
		{[]bool{x, o, o, x, o, o, x}, 0, 7}, // and again at 6
		{[]bool{x, o, o, x, o, o, o}, 0, 4},
		{[]bool{x, o, x, o, o, o}, 0, 1}, // a ko taken two moves later is no taking back
		{[]bool{o, x, o, o, x}, 1, 4},
		{[]bool{o, x, o, o, x}, 0, 0},
		{[]bool{x, o, o, x}, 9, 0}, // past the game
	} {
		if got := koLength(c.ko, c.at); got != c.want {
			t.Errorf("koLength(%v, %d) = %d, want %d", c.ko, c.at, got, c.want)
		}
	}
}

// TestTookKo: surrounded and tookKo tell a ko capture from the captures
// and placements that are none, on the rules engine's 5x5 Go.
func TestTookKo(t *testing.T) {
	for _, c := range []struct {
		name   string
		moves  []string // played first
		move   string   // then this, by the player to move
		around bool     // surrounded before the move
		ko     bool     // a ko capture
	}{
		// White b2 is taken from c2 inside Black a2 b1 b3, c2 inside
		// White c1 d2 c3: a ko (White may not take back at once).
		{"ko", []string{"b1", "c1", "a2", "d2", "b3", "c3", "e5", "b2"}, "c2", true, true},
		// The same capture from a point with liberties of its own: none.
		{"capture", []string{"b1", "e5", "a2", "e4", "b3", "b2"}, "c2", false, false},
		// Two stones, White b2 c2 inside Black a2 b1 b3 c1 c3, taken from
		// d2 inside White d1 d3 e2: the capture leaves b2 empty beside c2.
		{"two stones", []string{"a2", "b2", "b1", "c2", "b3", "d1", "c1", "d3", "c3", "e2"}, "d2", true, false},
		// An open placement.
		{"open", nil, "c3", false, false},
	} {
		s := start(t, "go", "5x5", c.moves...)
		p, ok := s.Graph().Point(c.move)
		if !ok {
			t.Fatalf("no point %s", c.move)
		}
		mover := s.ToMove()
		if got := surrounded(s, p, mover); got != c.around {
			t.Errorf("%s: surrounded(%s) = %v, want %v", c.name, c.move, got, c.around)
		}
		if err := s.Play(game.At(p)); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := c.around && tookKo(s, p); got != c.ko {
			t.Errorf("%s: took a ko %v, want %v", c.name, got, c.ko)
		}
	}
}

// TestStepKo: the Go playouts mark a step Ko exactly where the rules
// engine, replaying the playout, sees a ko taken (surrounded before the
// placement, tookKo after): the playouts' flags and the tree's test
// agree; and a step's Passes are the passes the replay needs before it. Replays stop at the first move the rules engine refuses (the
// playouts know simple ko alone, the rules superko).
func TestStepKo(t *testing.T) {
	for _, spec := range []string{"5x5", "torus:5x5"} { // the square board, the graph board
		kos, checked, passes := 0, 0, 0
		for seed := uint64(1); seed <= 300 && kos < 30; seed++ {
			s := start(t, "go", spec)
			b, err := playout.New(s.Rules(), s.Graph())
			if err != nil {
				t.Fatal(err)
			}
			b.Load(s)
			b.Playout(playout.NewRand(seed))
			for i, st := range b.Steps() {
				if (s.ToMove() != st.Color) != (st.Passes == 1) || st.Passes > 1 {
					t.Fatalf("%s, seed %d, step %d: %d passes before %s's placement with %s to move", spec, seed, i, st.Passes, st.Color, s.ToMove())
				}
				if st.Passes == 1 {
					if s.Play(game.PassMove) != nil || s.Over() {
						break
					}
					passes++
				}
				around := surrounded(s, int(st.Point), st.Color)
				if s.Play(game.At(int(st.Point))) != nil {
					break
				}
				want := around && tookKo(s, int(st.Point))
				if st.Ko != want {
					t.Fatalf("%s, seed %d, step %d (%s): Ko %v, the rules engine's %v", spec, seed, i, s.Graph().Name(int(st.Point)), st.Ko, want)
				}
				checked++
				if st.Ko {
					kos++
				}
			}
		}
		t.Logf("%s: %d kos and %d passes in %d placements", spec, kos, passes, checked)
		if kos == 0 || passes == 0 {
			t.Fatalf("%s: %d kos taken and %d passes made in %d placements checked", spec, kos, passes, checked)
		}
	}
}

// amafGames returns the AMAF games that one playout, won by Black, gives
// the children of the nodes of a path: the tree's moves below the root
// (Ko: the move took a ko), then the playout's steps; kids[d] are the
// children of the path's node at depth d (0 the root), each named
// "depth point" and counted in whole games.
func amafGames(koThreats bool, treeMoves []playout.Step, kids map[int][]playout.Step, steps []playout.Step) map[string]int64 {
	tr := &tree{opt: Options{KoThreats: koThreats}, players: 2, koThreats: koThreats}
	w := &worker{seen: make([]board.Color, 32), seenAt: make([]int32, 32)}
	w.path = append(w.path, newNode(game.PassMove, board.White, 0, 0))
	for _, m := range treeMoves {
		w.path = append(w.path, newNode(game.At(int(m.Point)), m.Color, 0, 0))
		w.treeKo = append(w.treeKo, m.Ko)
	}
	named := map[string]*node{}
	for d, ks := range kids {
		var children []*node
		for _, k := range ks {
			n := newNode(game.At(int(k.Point)), k.Color, 0, 0)
			named[fmt.Sprintf("%d %d", d, k.Point)] = n
			children = append(children, n)
		}
		w.path[d].children.Store(&children)
	}
	var units [board.MaxPlayers + 1]int64
	units[board.Black] = unit
	tr.amaf(w, steps, units)
	got := map[string]int64{}
	for name, n := range named {
		got[name] = n.amafN.Load() / unit
	}
	return got
}

// TestAMAFKoThreats: with KoThreats, below a node whose next move takes
// a ko that is then taken back every third move, the node's children
// of the same player's moves 4, 10, ... below (ko threats) get no AMAF
// game, and every other child its game as before; without KoThreats, or
// when the ko is not taken back, the threats count too. Moves are
// counted in the tree and in the playout alike, the playout's passes
// with them.
func TestAMAFKoThreats(t *testing.T) {
	B, W := board.Black, board.White
	st := func(p int32, c board.Color) playout.Step { return playout.Step{Point: p, Color: c} }
	ko := func(s playout.Step) playout.Step { s.Ko = true; return s }
	blacks := func(ps ...int32) []playout.Step {
		var k []playout.Step
		for _, p := range ps {
			k = append(k, st(p, B))
		}
		return k
	}
	// Black 0 takes a ko in the tree; the playout: White 1 threatens,
	// Black 2 answers, White 3 takes back, Black 4 threatens, 5, 6.
	game1 := []playout.Step{st(1, W), st(2, B), ko(st(3, W)), st(4, B), st(5, W), st(6, B)}
	noBack := []playout.Step{st(1, W), st(2, B), st(3, W), st(4, B), st(5, W), st(6, B)}
	// Taken back at moves 3, 6 and 9: threats at 4 and 10.
	long := []playout.Step{st(1, W), st(2, B), ko(st(3, W)), st(4, B), st(5, W), ko(st(6, B)),
		st(7, W), st(8, B), ko(st(9, W)), st(10, B), st(11, W), st(12, B)}
	// Black passes at move 2 instead of answering: White 3 takes back at
	// move 3, Black 4 threatens at move 4.
	passed := []playout.Step{st(1, W), {Point: 3, Color: W, Ko: true, Passes: 1}, st(4, B), st(5, W), st(6, B)}
	for _, c := range []struct {
		name      string
		koThreats bool
		tree      []playout.Step
		kids      map[int][]playout.Step
		steps     []playout.Step
		want      map[string]int64
	}{
		{"on", true, []playout.Step{ko(st(0, B))}, map[int][]playout.Step{0: blacks(0, 2, 4, 6)}, game1,
			map[string]int64{"0 0": 1, "0 2": 1, "0 4": 0, "0 6": 1}},
		{"off", false, []playout.Step{ko(st(0, B))}, map[int][]playout.Step{0: blacks(0, 2, 4, 6)}, game1,
			map[string]int64{"0 0": 1, "0 2": 1, "0 4": 1, "0 6": 1}},
		{"not taken back", true, []playout.Step{ko(st(0, B))}, map[int][]playout.Step{0: blacks(0, 2, 4, 6)}, noBack,
			map[string]int64{"0 0": 1, "0 2": 1, "0 4": 1, "0 6": 1}},
		{"taken back twice more", true, []playout.Step{ko(st(0, B))}, map[int][]playout.Step{0: blacks(0, 2, 4, 6, 8, 10, 12)}, long,
			map[string]int64{"0 0": 1, "0 2": 1, "0 4": 0, "0 6": 1, "0 8": 1, "0 10": 0, "0 12": 1}},
		{"a pass counts", true, []playout.Step{ko(st(0, B))}, map[int][]playout.Step{0: blacks(0, 4, 6)}, passed,
			map[string]int64{"0 0": 1, "0 4": 0, "0 6": 1}},
		// The tree's moves Black 0 (a ko), White 1, Black 2; the playout
		// from move 3 on: White 3 takes back, Black 4 threatens.
		{"first played in the tree", true, []playout.Step{ko(st(0, B)), st(1, W), st(2, B)}, map[int][]playout.Step{0: blacks(0, 2, 4, 6)},
			[]playout.Step{ko(st(3, W)), st(4, B), st(5, W), st(6, B)},
			map[string]int64{"0 0": 1, "0 2": 1, "0 4": 0, "0 6": 1}},
		// Below the tree's Black 0 (no ko), White 1 takes a ko in the
		// playout and Black 4 takes it back: of the children of the node
		// of Black 0 (White's moves), White 5, a threat, gets none; the
		// root's children, whose next move took no ko, all count.
		{"below a node, in the playout", true, []playout.Step{st(0, B)},
			map[int][]playout.Step{0: blacks(0, 2, 6), 1: {st(1, W), st(3, W), st(5, W), st(7, W)}},
			[]playout.Step{ko(st(1, W)), st(2, B), st(3, W), ko(st(4, B)), st(5, W), st(6, B), st(7, W)},
			map[string]int64{"0 0": 1, "0 2": 1, "0 6": 1, "1 1": 1, "1 3": 1, "1 5": 0, "1 7": 1}},
	} {
		got := amafGames(c.koThreats, c.tree, c.kids, c.steps)
		for name, want := range c.want {
			if got[name] != want {
				t.Errorf("%s: child %s has %d AMAF games, want %d", c.name, name, got[name], want)
			}
		}
	}
}

// TestSearchKoThreats: searches with KoThreats, on one thread and two,
// from a position whose ko the tree takes and takes back, make exactly
// their playouts, leave the position as it was and return a legal move.
func TestSearchKoThreats(t *testing.T) {
	for _, threads := range []int{1, 2} {
		s := start(t, "go", "5x5", "b1", "c1", "a2", "d2", "b3", "c3", "e5", "b2")
		before := game.Text(s)
		a, err := Search(s, Options{Playouts: 3000, Threads: threads, Heavy: true, KoThreats: true, DistanceRave: 3})
		if err != nil {
			t.Fatal(err)
		}
		if game.Text(s) != before {
			t.Fatalf("%d threads: the search changed the position", threads)
		}
		if err := s.Legal(a.Best); err != nil || a.Playouts != 3000 {
			t.Fatalf("%d threads: best move %s (%v) after %d playouts, want 3000", threads, a.Best.Format(s.Graph()), err, a.Playouts)
		}
	}
}
