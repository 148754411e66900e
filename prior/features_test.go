package prior

import (
	"maps"
	"math"
	"math/rand"
	"slices"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/game"

	"pgregory.net/rapid"
)

func start(t testing.TB, rules, spec string) game.State {
	t.Helper()
	s, err := catalog.Start(catalog.Config{Rules: rules, Board: spec})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// featuresOf returns the features of move m (in the game's notation)
// after moves.
func featuresOf(t *testing.T, rules, spec, moves, m string) Features {
	t.Helper()
	s := start(t, rules, spec)
	if err := game.PlayAll(s, moves); err != nil {
		t.Fatal(err)
	}
	mv, err := game.ParseMove(s.Graph(), m)
	if err != nil {
		t.Fatal(err)
	}
	before := game.Text(s)
	f := NewExtractor(s.Rules(), s.Graph()).Moves(s, []game.Move{mv}, nil)[0]
	if game.Text(s) != before {
		t.Fatalf("extracting the features changed the position")
	}
	return f
}

func TestTacticalFeatures(t *testing.T) {
	for _, c := range []struct {
		name, moves, move string
		group             Group
		want              uint32
	}{
		{"capture one stone", "e5 d5 a1 f5 a2 e6 a3", "e4", Capture, 1},
		{"capture the last stone", "a1 d5 a2 f5 a3 e6 e5", "e4", Capture, 3},
		{"capture two stones", "e5 d5 e4 f5 a1 d4 a2 f4 a3 e6 a4", "e3", Capture, 2},
		{"no capture", "e5 d5", "e4", Capture, 0},
		{"self-atari of one stone", "a1 d5 a2 f5 a3 e6", "e5", SelfAtari, 1},
		{"self-atari of two stones", "e5 d5 a1 f5 a2 d4 a3 f4 a4 e6", "e4", SelfAtari, 2},
		{"no self-atari", "e5 d5", "e4", SelfAtari, 0},
		{"one liberty after a capture is no self-atari", "b1 a1 j9 a3 j8 b2", "a2", SelfAtari, 0},
		{"the capture that leaves one liberty", "b1 a1 j9 a3 j8 b2", "a2", Capture, 1},
		{"escape", "e5 d5 a1 f5 a2 e6", "e4", Escape, 1},
		{"no escape without atari", "e5 d5 a1 f5", "e4", Escape, 0},
		{"atari", "e5 d5 d6 a1", "c5", Atari, 1},
		{"no atari", "e5 d5", "d6", Atari, 0},
		{"next to the last move", "e5 d5", "d4", Last, 1},
		{"two from the last move", "e5 d5", "c4", Last, 2},
		{"far from the last move", "e5 a9", "j1", Last, 5},
		{"near the move before", "e5 a9", "e4", Last2, 1},
		{"first move", "", "e5", Last, 0},
		{"first line", "", "a1", Edge, 1},
		{"second line", "", "b5", Edge, 2},
		{"centre", "", "e5", Edge, 5},
		{"capture that saves a group in atari", "e5 d5 c5 f5 d6 e6", "d4", Rescue, 1},
		{"which answers the last move's atari", "e5 d5 c5 f5 d6 e6", "d4", Answer, 1},
		{"a capture that saves nothing", "e5 d5 a1 f5 a2 e6 a3", "e4", Rescue, 0},
		{"escape from the last move's atari", "e5 d5 c5 f5 d6 e6", "e4", Answer, 1},
		{"escape from an older atari", "e5 d5 a1 f5 a2 e6 a3 j9", "e4", Answer, 0},
		{"which is still an escape", "e5 d5 a1 f5 a2 e6 a3 j9", "e4", Escape, 1},
		{"double atari", "c5 d5 d6 f5 g5 a9 f6 a8", "e5", DoubleAtari, 1},
		{"the double atari is an atari", "c5 d5 d6 f5 g5 a9 f6 a8", "e5", Atari, 1},
		{"one atari", "e5 d5 d6 a1", "c5", DoubleAtari, 0},
		{"pass", "e5", "pass", Pass, 1},
		{"pass after a pass", "e5 pass", "pass", Pass, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := featuresOf(t, "go", "9x9", c.moves, c.move)[c.group]; got != c.want {
				t.Errorf("after %q, %s has %s %d, want %d", c.moves, c.move, c.group, got, c.want)
			}
		})
	}
}

// In Keil a capture is read through the links: the rules engine decides.
func TestKeilFeatures(t *testing.T) {
	s := start(t, "keil", "hex:4")
	x := NewExtractor(s.Rules(), s.Graph())
	for i := 0; i < 30 && !s.Over(); i++ {
		moves := s.LegalMoves(nil)
		fs := x.Moves(s, moves, nil)
		for k, m := range moves {
			switch m.Kind {
			case game.Place:
				if fs[k][Pattern] == 0 || fs[k][Pass] != 0 {
					t.Fatalf("placement %s has features %v", m.Format(s.Graph()), fs[k])
				}
			case game.Button:
				if fs[k] != (Features{Pass: 3}) {
					t.Fatalf("the button has features %v", fs[k])
				}
			}
		}
		if err := s.Play(moves[(i*7)%len(moves)]); err != nil {
			t.Fatal(err)
		}
	}
}

// On the hexhex a point's ring is its neighbours in order around it, with
// off-board cells where it has fewer than six, and holds the witnesses of
// each of its adjacencies.
func TestHexRingHoldsWitnesses(t *testing.T) {
	g, _ := board.Hex(5)
	geo := GeometryOf(g)
	for p := 0; p < g.N(); p++ {
		ring := geo.Ring(p)
		in := map[int32]bool{}
		off := 0
		for _, q := range ring {
			if q < 0 {
				off++
				continue
			}
			in[q] = true
			if !g.Adjacent(p, int(q)) {
				t.Fatalf("%s: ring cell %s is not a neighbour", g.Name(p), g.Name(int(q)))
			}
		}
		if len(in)+off != 6 || len(in) != g.Degree(p) {
			t.Fatalf("%s: ring %v of %d neighbours", g.Name(p), ring, g.Degree(p))
		}
		for _, q := range g.Neighbors(p) {
			for _, w := range g.Witnesses(p, int(q)) {
				if !in[w] {
					t.Fatalf("%s: witness %s of its edge to %s is not in its ring", g.Name(p), g.Name(int(w)), g.Name(int(q)))
				}
			}
		}
		// consecutive ring cells are neighbours: the ring goes around p
		for i := range ring {
			a, b := ring[i], ring[(i+1)%6]
			if a >= 0 && b >= 0 && !g.Adjacent(int(a), int(b)) {
				t.Fatalf("%s: ring cells %s and %s are not neighbours", g.Name(p), g.Name(int(a)), g.Name(int(b)))
			}
		}
	}
}

// The board's symmetries: each maps a point to its image by drawing
// coordinates, turned by k steps of 360/turns degrees about the board's
// centre, mirrored first if mirror.
func symmetry(g *board.Graph, turns, k int, mirror bool) []int {
	at := map[[2]int64]int{}
	key := func(x, y float64) [2]int64 { return [2]int64{int64(math.Round(x * 1000)), int64(math.Round(y * 1000))} }
	var cx, cy float64
	for p := 0; p < g.N(); p++ {
		x, y := g.Coord(p)
		at[key(x, y)] = p
		cx, cy = cx+x/float64(g.N()), cy+y/float64(g.N())
	}
	img := make([]int, g.N())
	a := 2 * math.Pi * float64(k) / float64(turns)
	for p := range img {
		x, y := g.Coord(p)
		x, y = x-cx, y-cy
		if mirror {
			x = -x
		}
		x, y = x*math.Cos(a)-y*math.Sin(a), x*math.Sin(a)+y*math.Cos(a)
		q, ok := at[key(x+cx, y+cy)]
		if !ok {
			panic("not a symmetry of the board")
		}
		img[p] = q
	}
	return img
}

// A pattern, and each large shape, is the same feature under every
// rotation and reflection of the board, and with the colours exchanged
// along with the mover.
func TestPatternSymmetry(t *testing.T) {
	for _, c := range []struct {
		spec         string
		turns, sizes int
	}{{"9x9", 4, 4}, {"7x7", 4, 4}, {"hex:5", 6, 2}} {
		t.Run(c.spec, func(t *testing.T) {
			g, err := board.Parse(c.spec)
			if err != nil {
				t.Fatal(err)
			}
			x := NewExtractor(start(t, "go", "3x3").Rules(), g)
			rapid.Check(t, func(rt *rapid.T) {
				cells := rapid.SliceOfN(rapid.IntRange(0, 2), g.N(), g.N()).Draw(rt, "board")
				img := symmetry(g, c.turns, rapid.IntRange(0, c.turns-1).Draw(rt, "turn"), rapid.Bool().Draw(rt, "mirror"))
				swap := rapid.Bool().Draw(rt, "swap colours")
				var a, b []board.Stone
				for p, v := range cells {
					if v != 0 {
						a = append(a, board.Stone{Point: p, Color: board.Color(v)})
						w := v
						if swap {
							w = 3 - v
						}
						b = append(b, board.Stone{Point: img[p], Color: board.Color(w)})
					}
				}
				ga, err := g.WithStart(a)
				if err != nil {
					rt.Fatal(err)
				}
				gb, _ := g.WithStart(b)
				sa := stateOn(rt, ga)
				sb := stateOn(rt, gb)
				mover, moverB := board.Black, board.Black
				if swap {
					moverB = board.White
				}
				p := rapid.IntRange(0, g.N()-1).Draw(rt, "point")
				if pa, pb := x.PatternAt(sa, p, mover), x.PatternAt(sb, img[p], moverB); pa != pb {
					rt.Fatalf("%s: pattern %s, at its image %s: %s", g.Name(p), PatternString(pa), g.Name(img[p]), PatternString(pb))
				}
				la, lb := x.LargeAt(sa, p, mover), x.LargeAt(sb, img[p], moverB)
				for k := range la {
					if la[k] != lb[k] {
						rt.Fatalf("%s: spatial%d %x, at its image %s %x", g.Name(p), k+5, la[k], g.Name(img[p]), lb[k])
					}
					if got, want := la[k] != 0, k < c.sizes; got != want {
						rt.Fatalf("%s: spatial%d %x", g.Name(p), k+5, la[k])
					}
				}
			})
		})
	}
}

func stateOn(t *rapid.T, g *board.Graph) game.State {
	r, _, err := catalog.Config{Rules: "go", Board: "3x3"}.Build()
	if err != nil {
		t.Fatal(err)
	}
	s, err := catalog.New(r, g)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// With plain links, a placement read as quiet without being played has
// the features it has when played: on positions of random games, the
// extractor's features are those of one that plays every placement.
func TestQuietPlacements(t *testing.T) {
	for _, c := range []struct{ rules, spec string }{{"go", "9x9"}, {"kee players=3", "7x7"}, {"go", "torus:7x7"}} {
		t.Run(c.rules+" "+c.spec, func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) {
				s := start(t, c.rules, c.spec)
				for i, n := 0, rapid.IntRange(0, 120).Draw(rt, "moves"); i < n && !s.Over(); i++ {
					legal := s.LegalMoves(nil)
					if err := s.Play(legal[rapid.IntRange(0, len(legal)-1).Draw(rt, "move")]); err != nil {
						rt.Fatal(err)
					}
				}
				legal := s.LegalMoves(nil)
				fast := NewExtractor(s.Rules(), s.Graph())
				full := NewExtractor(s.Rules(), s.Graph())
				full.full = true
				a, b := fast.Moves(s, legal, nil), full.Moves(s, legal, nil)
				for i := range legal {
					if a[i] != b[i] {
						rt.Fatalf("%s: features %v read quiet, %v played\n%s", legal[i].Format(s.Graph()), a[i], b[i], game.Text(s))
					}
				}
			})
		})
	}
}

// TestLadderFeatures: an atari whose ladder runs to the edge captures
// (Ladder 1), and the escape from it is caught (Ladder 2); a white stone
// on the ladder's path (g7) breaks it, and neither feature is set, while
// Atari and Escape still are.
func TestLadderFeatures(t *testing.T) {
	const start = "c4 d4 d3 a1 e3"
	for _, c := range []struct {
		name, moves, move string
		group             Group
		want              uint32
	}{
		{"atari into a ladder", start + " b1", "d5", Ladder, 1},
		{"the same atari", start + " b1", "d5", Atari, 1},
		{"atari with a ladder breaker", start + " g7", "d5", Ladder, 0},
		{"the breaker's atari is an atari", start + " g7", "d5", Atari, 1},
		{"escape into a ladder", start + " b1 d5", "e4", Ladder, 2},
		{"that escape is an escape", start + " b1 d5", "e4", Escape, 1},
		{"escape past a ladder breaker", start + " g7 d5", "e4", Ladder, 0},
		// c4 has one liberty (c3): White escapes by capturing it.
		{"an atari escaped by a capture", "c4 d4 d3 b4 e3 c5", "d5", Ladder, 0},
		{"that is an atari", "c4 d4 d3 b4 e3 c5", "d5", Atari, 1},
		{"no atari", start + " b1", "j9", Ladder, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := featuresOf(t, "go", "9x9", c.moves, c.move)[c.group]; got != c.want {
				t.Errorf("after %q, %s has %s %d, want %d", c.moves, c.move, c.group, got, c.want)
			}
		})
	}
	// Three players take no ladder features (turns do not alternate).
	if got := featuresOf(t, "kee players=3", "9x9", "", "e5")[Ladder]; got != 0 {
		t.Errorf("three-player Kee: ladder %d", got)
	}
}

// TestSpatialSymmetry: the Spatial feature is the same for a point of a
// position and for its image in the position turned or mirrored, on a
// 9x9 board (which each of the eight symmetries maps onto itself), and
// random positions show many patterns. Each value has bit 24 set; a 9x9
// corner point sees seven cells off the board.
func TestSpatialSymmetry(t *testing.T) {
	const w = 9
	sym := func(k, p int) int {
		x, y := p%w, p/w
		for i := 0; i < k%4; i++ {
			x, y = y, w-1-x
		}
		if k >= 4 {
			x = w - 1 - x
		}
		return y*w + x
	}
	seen := map[uint32]bool{}
	rapid.Check(t, func(rt *rapid.T) {
		moves := rapid.SliceOfN(rapid.IntRange(0, w*w-1), 0, 40).Draw(rt, "moves")
		k := rapid.IntRange(1, 7).Draw(rt, "symmetry")
		s, img := start(t, "go", "9x9"), start(t, "go", "9x9")
		for _, p := range moves {
			if s.Play(game.At(p)) != nil {
				continue
			}
			if err := img.Play(game.At(sym(k, p))); err != nil {
				rt.Fatalf("the image of a legal move is illegal: %v", err)
			}
		}
		x := NewExtractor(s.Rules(), s.Graph())
		for p := 0; p < w*w; p++ {
			if s.At(p) != board.Empty {
				continue
			}
			a, b := x.SpatialAt(s, p, s.ToMove()), x.SpatialAt(img, sym(k, p), img.ToMove())
			if a != b {
				rt.Fatalf("%s: spatial %x, its image under symmetry %d %x\n%s", s.Graph().Name(p), a, k, b, game.Text(s))
			}
			if a&(1<<24) == 0 {
				rt.Fatalf("%s: spatial %x without bit 24", s.Graph().Name(p), a)
			}
			seen[a] = true
			la, lb := x.LargeAt(s, p, s.ToMove()), x.LargeAt(img, sym(k, p), img.ToMove())
			for i := range la {
				a, b := la[i], lb[i]
				if a != b {
					rt.Fatalf("%s: spatial%d %x, its image under symmetry %d %x\n%s", s.Graph().Name(p), i+5, a, k, b, game.Text(s))
				}
				if a>>28 != 1 {
					rt.Fatalf("%s: spatial%d %x without bit 28 alone above the hash", s.Graph().Name(p), i+5, a)
				}
			}
		}
	})
	if len(seen) < 50 {
		t.Errorf("only %d spatial patterns in random positions", len(seen))
	}
	s := start(t, "go", "9x9")
	v := NewExtractor(s.Rules(), s.Graph()).SpatialAt(s, 0, board.Black)
	off := 0
	for i := 0; i < spatialCells; i++ {
		if v>>(2*i)&3 == cellOff {
			off++
		}
	}
	if off != 7 {
		t.Errorf("a1 on the empty board: spatial %x has %d cells off the board, want 7", v, off)
	}
}

// TestLargeShapes: Spatial5 to Spatial8 see the cells within gridcular
// distance 5 to 8 and no farther: a stone at distance d changes the
// shapes of size d and more, and no smaller one.
func TestLargeShapes(t *testing.T) {
	seen := map[[2]int]bool{}
	for i, o := range largeOffsets {
		ax, ay := max(o[0], -o[0]), max(o[1], -o[1])
		d := ax + ay + max(ax, ay)
		size := 5
		for size < 9 && i >= int(largeCells[size-5]) {
			size++
		}
		if seen[o] || d < 2 || d > 8 || d > size || i >= 12 && d != size || i < 12 && d > 4 {
			t.Errorf("cell %d %v (distance %d) among the cells of size %d", i, o, d, size)
		}
		seen[o] = true
	}
	// e5 is the centre of 9x9: c4 (dx -2, dy -1) is at distance 5, c3
	// (-2, -2) and b5 (-3, 0) at 6, b4 (-3, -1) at 7, b3 (-3, -2) and a5
	// (-4, 0) at 8, a4 (-4, -1) at 9; d5 (-1, 0) at 2.
	for stone, d := range map[string]int{"d5": 2, "c4": 5, "c3": 6, "b5": 6, "b4": 7, "b3": 8, "a5": 8, "a4": 9} {
		s := start(t, "go", "9x9")
		x := NewExtractor(s.Rules(), s.Graph())
		e5, _ := s.Graph().Point("e5")
		before := x.LargeAt(s, e5, board.Black)
		if err := game.PlayAll(s, stone+" pass"); err != nil {
			t.Fatal(err)
		}
		after := x.LargeAt(s, e5, board.Black)
		for k := range after {
			if got, want := after[k] != before[k], d <= k+5; got != want {
				t.Errorf("a stone on %s (distance %d) changes spatial%d: %v, want %v", stone, d, k+5, got, want)
			}
		}
	}
}

// TestHexShapes: on the hexhex, Spatial5 and Spatial6 see the points
// within two and three steps and no farther: each cell of the layout is
// at its distance from the point, and a stone at distance d changes the
// shapes of size d-1 (Spatial5 for 2) and more, and no smaller one.
func TestHexShapes(t *testing.T) {
	s := start(t, "keil", "hex:7")
	g := s.Graph()
	geo := GeometryOf(g)
	centre, _ := g.Point("g7")
	seen := map[int32]bool{}
	for i, q := range geo.large[centre*hexMax : (centre+1)*hexMax] {
		d := hexDist(hexOffsets[i][0], hexOffsets[i][1])
		if q < 0 || seen[q] || geo.Dist(centre, int(q)) != d {
			t.Fatalf("cell %d %v (distance %d) is point %d", i, hexOffsets[i], d, q)
		}
		seen[q] = true
	}
	// a1, a corner (120 degrees), has 3, 5 and 7 points at distance 1, 2 and 3: 21 cells of its Spatial6 are off the board.
	off := 0
	for _, q := range geo.large[0:hexMax] {
		if q < 0 {
			off++
		}
	}
	if off != 36-3-5-7 {
		t.Errorf("a1: %d cells off the board, want %d", off, 36-3-5-7)
	}
	x := NewExtractor(s.Rules(), g)
	before := x.LargeAt(s, centre, board.Black)
	for q := 0; q < g.N(); q++ {
		if q == centre {
			continue
		}
		s := start(t, "keil", "hex:7")
		if err := game.PlayAll(s, g.Name(q)); err != nil {
			t.Fatal(err)
		}
		after := x.LargeAt(s, centre, board.White)
		d := geo.Dist(centre, q)
		for k := range after {
			if got, want := after[k] != before[k], k < hexSizes && d <= k+2; got != want {
				t.Errorf("a stone on %s (distance %d) changes spatial%d: %v, want %v", g.Name(q), d, k+5, got, want)
			}
		}
	}
}

func TestOwnerFeature(t *testing.T) {
	s := start(t, "go", "9x9")
	if err := game.PlayAll(s, "e5"); err != nil {
		t.Fatal(err)
	}
	// White to move. Point 0 owned by White in every playout, point 1 by
	// Black in every one, point 2 by White in half of them, point 3 by
	// neither: the feature is the mover's (White's) share in ninths.
	owners := make([]game.Shares, s.Graph().N())
	owners[0][board.White] = 1
	owners[1][board.Black] = 1
	owners[2][board.White], owners[2][board.Black] = 0.5, 0.5
	moves := []game.Move{game.At(0), game.At(1), game.At(2), game.At(3)}
	x := NewExtractor(s.Rules(), s.Graph())
	for _, f := range x.Moves(s, moves, nil) {
		if f[Owner] != 0 {
			t.Fatalf("owner feature %d without owners", f[Owner])
		}
	}
	x.SetOwners(owners)
	got := x.Moves(s, moves, nil)
	for i, want := range []uint32{9, 1, 5, 1} {
		if got[i][Owner] != want {
			t.Errorf("point %d: owner %d, want %d", i, got[i][Owner], want)
		}
	}
	for share, want := range map[float64]uint32{0: 1, 0.11: 1, 0.112: 2, 0.5: 5, 0.88: 8, 0.89: 9, 1: 9} {
		if got := ownerValue(share); got != want {
			t.Errorf("ownerValue(%g) = %d, want %d", share, got, want)
		}
	}
}

// TestSetModelSparesUnknownShapes: an extractor told its model reads the
// large shapes only as far as the model knows them, and the model's
// probabilities of every position's moves stay the same. The model knows
// the features found at least twice among the moves of random positions
// (DropRare), each with a gamma of its own.
func TestSetModelSparesUnknownShapes(t *testing.T) {
	positions := func(seed int64, n int) ([]game.State, [][]game.Move) {
		r := rand.New(rand.NewSource(seed))
		var states []game.State
		var moves [][]game.Move
		for i := 0; i < n; i++ {
			s := start(t, "go", "9x9")
			for k := r.Intn(50); k > 0 && !s.Over(); k-- {
				legal := s.LegalMoves(nil)
				if s.Play(legal[r.Intn(len(legal))]) != nil {
					t.Fatal("a legal move refused")
				}
			}
			states, moves = append(states, s), append(moves, s.LegalMoves(nil))
		}
		return states, moves
	}
	// Random early positions repeat their shapes: the model knows some
	// large ones of every size.
	states, moves := positions(1, 300)
	x := NewExtractor(states[0].Rules(), states[0].Graph())
	var train []Position
	for i, s := range states {
		train = append(train, Position{Moves: x.Moves(s, moves[i], nil)})
	}
	DropRare(train, 2)
	m := &Model{Gamma: map[Feature]float64{}}
	for _, p := range train {
		for _, fs := range p.Moves {
			for g, v := range fs {
				if v != 0 {
					m.Gamma[Feature{Group(g), v}] = 0.5 + float64(v%13)/4
				}
			}
		}
	}
	known := 0
	for f := range m.Gamma {
		if f.Group >= Spatial5 && f.Group <= Spatial8 {
			known++
		}
	}
	if !m.Uses(Spatial8) || known < 20 {
		t.Fatalf("the model knows %d large shapes, Spatial8 %v: the test needs more", known, m.Uses(Spatial8))
	}
	told := NewExtractor(states[0].Rules(), states[0].Graph())
	told.SetModel(m)
	spared := 0
	states, moves = positions(2, 300)
	for i, s := range states {
		all, some := x.Moves(s, moves[i], nil), told.Moves(s, moves[i], nil)
		for j := range all {
			for g := Spatial5; g <= Spatial8; g++ {
				if some[j][g] != 0 && some[j][g] != all[j][g] {
					t.Fatalf("%s: %v %x, read in full %x", moves[i][j].Format(s.Graph()), g, some[j][g], all[j][g])
				}
				if some[j][g] == 0 && all[j][g] != 0 {
					spared++
				}
			}
		}
		a, b := m.Probabilities(all, nil), m.Probabilities(some, nil)
		for j := range a {
			if a[j] != b[j] {
				t.Fatalf("%s: probability %g told the model, %g not\n%s", moves[i][j].Format(s.Graph()), b[j], a[j], game.Text(s))
			}
		}
	}
	if spared == 0 {
		t.Error("no shape spared")
	}
	// A model without large shapes reads none.
	told.SetModel(&Model{Gamma: map[Feature]float64{{Edge, 1}: 2}})
	if got := told.LargeAt(states[0], moves[0][0].Point, states[0].ToMove()); got != [largeSizes]uint32{} {
		t.Errorf("a model without large shapes: %x", got)
	}
}

// TestIndexGamma: the index a model keeps for lookups gives every
// feature's gamma as the map does, and 1 for a feature it lacks, whatever
// the groups and values (small ones, shapes, values too large to pack).
func TestIndexGamma(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		value := rapid.OneOf(rapid.Uint32Range(1, 40), rapid.Uint32Range(1, 1<<20), rapid.Uint32Range(1<<28, 1<<29+5), rapid.Uint32())
		feature := rapid.Custom(func(t *rapid.T) Feature {
			return Feature{Group(rapid.IntRange(0, int(NumGroups)-1).Draw(t, "group")), value.Draw(t, "value")}
		})
		m := &Model{Gamma: map[Feature]float64{}}
		for _, f := range rapid.SliceOf(feature).Draw(t, "features") {
			if f.Value != 0 {
				m.Gamma[f] = rapid.Float64Range(0, 100).Draw(t, "gamma")
			}
		}
		ix := m.index()
		for _, f := range append(rapid.SliceOf(feature).Draw(t, "absent"), slices.Collect(maps.Keys(m.Gamma))...) {
			want, ok := m.Gamma[f]
			if !ok {
				want = 1
			}
			if got := ix.gamma(f.Group, f.Value); got != want {
				t.Fatalf("%v: gamma %g, want %g", f, got, want)
			}
		}
		for g := range NumGroups {
			n := 0
			for f := range m.Gamma {
				if f.Group == g {
					n++
				}
			}
			if m.Uses(g) != (n > 0) {
				t.Fatalf("Uses(%v) = %v with %d gammas", g, m.Uses(g), n)
			}
		}
	})
}

// BenchmarkMovesGo9x9 times what a search does at each new node of 9x9
// Go with the embedded weights: the features of every legal move and
// their probabilities, over positions of random games.
func BenchmarkMovesGo9x9(b *testing.B) { benchMoves(b, "go", "9x9") }

// BenchmarkMovesKeil7 is the same on Keil side 7, whose weights have the
// hexhex's large shapes.
func BenchmarkMovesKeil7(b *testing.B) { benchMoves(b, "keil", "hex:7") }

func benchMoves(b *testing.B, rules, spec string) {
	r := rand.New(rand.NewSource(1))
	var states []game.State
	for range 64 {
		s := start(b, rules, spec)
		for k := r.Intn(40); k > 0 && !s.Over(); k-- {
			legal := s.LegalMoves(nil)
			if s.Play(legal[r.Intn(len(legal))]) != nil {
				b.Fatal("a legal move refused")
			}
		}
		states = append(states, s)
	}
	m := For(states[0].Rules(), states[0].Graph())
	if m == nil {
		b.Fatalf("no embedded weights for %s %s", rules, spec)
	}
	x := NewExtractor(states[0].Rules(), states[0].Graph())
	x.SetModel(m)
	var moves []game.Move
	var fs []Features
	var probs []float64
	for i := 0; b.Loop(); i++ {
		s := states[i%len(states)]
		moves = s.LegalMoves(moves[:0])
		fs = x.Moves(s, moves, fs[:0])
		probs = m.Probabilities(fs, probs)
	}
}
