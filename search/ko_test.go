package search

import (
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
// agree. Replays stop at the first move the rules engine refuses (the
// playouts know simple ko alone, the rules superko).
func TestStepKo(t *testing.T) {
	for _, spec := range []string{"5x5", "torus:5x5"} { // the square board, the graph board
		kos, checked := 0, 0
		for seed := uint64(1); seed <= 300 && kos < 30; seed++ {
			s := start(t, "go", spec)
			b, err := playout.New(s.Rules(), s.Graph())
			if err != nil {
				t.Fatal(err)
			}
			b.Load(s)
			b.Playout(playout.NewRand(seed))
			for i, st := range b.Steps() {
				if s.ToMove() != st.Color {
					if s.Play(game.PassMove) != nil || s.ToMove() != st.Color {
						break
					}
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
		t.Logf("%s: %d kos in %d placements", spec, kos, checked)
		if kos == 0 {
			t.Fatalf("%s: no ko taken in %d placements checked", spec, checked)
		}
	}
}

// TestAMAFKoThreats: with KoThreats, a playout whose first move below a
// node takes a ko that is taken back three moves later gives the node's
// child of the same player's move 4 below (a ko threat) no AMAF game,
// and every other child its game as before; without KoThreats, or when
// the ko is not taken back, the threat counts too.
//
// The game below the root: Black a1 (tree, a ko capture), then the
// playout's White b1 (threat), Black c1 (answer), White d1 (takes back),
// Black e1 (threat), White a2, Black b2.
func TestAMAFKoThreats(t *testing.T) {
	const a1, b1, c1, d1, e1, a2, b2 = 0, 1, 2, 3, 4, 5, 6
	for _, c := range []struct {
		name      string
		koThreats bool
		takeBack  bool
		want      map[string]int64 // AMAF games of the root's children
	}{
		{"on", true, true, map[string]int64{"a1": 1, "c1": 1, "e1": 0, "b2": 1}},
		{"off", false, true, map[string]int64{"a1": 1, "c1": 1, "e1": 1, "b2": 1}},
		{"no taking back", true, false, map[string]int64{"a1": 1, "c1": 1, "e1": 1, "b2": 1}},
	} {
		root := newNode(game.PassMove, board.White, 0, 0)
		kids := map[string]*node{}
		var rootKids []*node
		for name, p := range map[string]int{"a1": a1, "c1": c1, "e1": e1, "b2": b2} {
			k := newNode(game.At(p), board.Black, 0, 0)
			kids[name] = k
			rootKids = append(rootKids, k)
		}
		root.children.Store(&rootKids)

		tr := &tree{opt: Options{KoThreats: c.koThreats}, players: 2, koThreats: c.koThreats}
		w := &worker{path: []*node{root, kids["a1"]}, seen: make([]board.Color, 9), seenAt: make([]int32, 9), treeKo: []bool{true}}
		steps := []playout.Step{
			{Point: b1, Color: board.White},
			{Point: c1, Color: board.Black},
			{Point: d1, Color: board.White, Ko: c.takeBack},
			{Point: e1, Color: board.Black},
			{Point: a2, Color: board.White},
			{Point: b2, Color: board.Black},
		}
		var units [board.MaxPlayers + 1]int64
		units[board.Black] = unit
		tr.amaf(w, steps, units)
		for name, k := range kids {
			if n, won := k.amafN.Load(), k.amafWins.Load(); n != c.want[name]*unit || won != n {
				t.Errorf("%s: root's child %s has %d AMAF games (%d won), want %d", c.name, name, n/unit, won/unit, c.want[name])
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
