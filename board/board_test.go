package board

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
)

func TestHexCounts(t *testing.T) {
	for n := 1; n <= MaxHexSide; n++ {
		g, err := Hex(n)
		if err != nil {
			t.Fatal(err)
		}
		if want := 3*n*(n-1) + 1; g.N() != want {
			t.Errorf("hex:%d has %d points, want %d", n, g.N(), want)
		}
		// Every interior point has 6 neighbours; corners 3; other edge points 4.
		corners, edges := 0, 0
		for p := 0; p < g.N(); p++ {
			switch d := g.Degree(p); {
			case n > 1 && d == 3:
				corners++
			case d == 4:
				edges++
			case d != 6 && n > 1:
				t.Errorf("hex:%d point %s has %d neighbours", n, g.Name(p), d)
			}
		}
		if n > 1 && (corners != 6 || edges != 6*(n-2)) {
			t.Errorf("hex:%d: %d corners, %d edge points; want 6, %d", n, corners, edges, 6*(n-2))
		}
	}
	if _, err := Hex(14); err == nil {
		t.Error("hex:14 accepted")
	}
}

func TestHexNamesAndNeighbours(t *testing.T) {
	g, _ := Hex(7)
	for _, name := range []string{"a1", "g1", "m7", "m13", "g13", "a7"} {
		p, ok := g.Point(name)
		if !ok || g.Degree(p) != 3 {
			t.Errorf("corner %s: found %v, degree %d", name, ok, g.Degree(p))
		}
	}
	c, _ := g.Point("G7")
	var nb []string
	for _, q := range g.Neighbors(c) {
		nb = append(nb, g.Name(int(q)))
	}
	if got, want := strings.Join(sorted(nb), " "), "f6 f7 g6 g8 h7 h8"; got != want {
		t.Errorf("neighbours of g7 = %s, want %s", got, want)
	}
	for _, bad := range []string{"n1", "a8", "m1", "a0", "", "g"} {
		if _, ok := g.Point(bad); ok {
			t.Errorf("point %q exists on hex:7", bad)
		}
	}
}

func TestWitnesses(t *testing.T) {
	g, _ := Hex(7)
	for _, tc := range []struct{ a, b, want string }{
		{"g7", "h7", "g6 h8"},
		{"g7", "h8", "g8 h7"},
		{"a1", "b2", "a2 b1"}, // the corner's inner pair: witnessed by the two edge neighbours
		{"a1", "b1", "b2"},    // along an edge: one witness
		{"a1", "c1", ""},      // not adjacent
	} {
		a, _ := g.Point(tc.a)
		b, _ := g.Point(tc.b)
		var got []string
		for _, w := range g.Witnesses(a, b) {
			got = append(got, g.Name(int(w)))
		}
		if s := strings.Join(sorted(got), " "); s != tc.want {
			t.Errorf("witnesses of %s-%s = %q, want %q", tc.a, tc.b, s, tc.want)
		}
	}
	// Every adjacent pair of a hexhex has one witness on the edge, two inside;
	// a square grid has none.
	r, _ := Rect(5, 5)
	for p := 0; p < r.N(); p++ {
		lo, hi := r.EdgeRange(p)
		for e := lo; e < hi; e++ {
			if len(r.EdgeWitnesses(e)) != 0 {
				t.Fatal("a square grid pair has a witness")
			}
		}
	}
	for p := 0; p < g.N(); p++ {
		lo, hi := g.EdgeRange(p)
		for e := lo; e < hi; e++ {
			if n := len(g.EdgeWitnesses(e)); n != 1 && n != 2 {
				t.Fatalf("hex pair %s-%s has %d witnesses", g.Name(p), g.Name(g.EdgeTo(e)), n)
			}
		}
	}
}

func TestDrawingCoordinatesAreUnitSpaced(t *testing.T) {
	for _, spec := range []string{"hex:5", "9x9", "2x1", "torus:5x4"} {
		g, err := Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		for p := 0; p < g.N(); p++ {
			x, y := g.Coord(p)
			for _, q := range g.Neighbors(p) {
				qx, qy := g.Coord(int(q))
				d := math.Hypot(qx-x, qy-y)
				if g.Kind() != "torus" && math.Abs(d-1) > 1e-9 {
					t.Fatalf("%s: %s-%s at distance %v", spec, g.Name(p), g.Name(int(q)), d)
				}
			}
		}
	}
}

func TestRectAndTorus(t *testing.T) {
	for _, tc := range []struct {
		spec       string
		n, edges   int
		kind, name string
	}{
		{"1x1", 1, 0, "rect", "a1"},
		{"2x1", 2, 1, "rect", "b1"},
		{"9", 81, 144, "rect", "j9"},
		{"25x25", 625, 1200, "rect", "z25"},
		{"19x13", 247, 2*19*13 - 19 - 13, "rect", "t13"},
		{"torus:3x3", 9, 18, "torus", "c3"},
		{"torus:9x9", 81, 162, "torus", "j9"},
	} {
		g, err := Parse(tc.spec)
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		e := 0
		for p := 0; p < g.N(); p++ {
			e += g.Degree(p)
		}
		if g.N() != tc.n || e/2 != tc.edges || g.Kind() != tc.kind {
			t.Errorf("%s: %d points, %d edges, kind %s; want %d, %d, %s", tc.spec, g.N(), e/2, g.Kind(), tc.n, tc.edges, tc.kind)
		}
		if _, ok := g.Point(tc.name); !ok {
			t.Errorf("%s has no point %s", tc.spec, tc.name)
		}
		if _, ok := g.Point("i1"); ok {
			t.Errorf("%s has a column i", tc.spec)
		}
		if len(g.Warnings()) != 0 {
			t.Errorf("%s: warnings %v", tc.spec, g.Warnings())
		}
	}
	for _, bad := range []string{"0x5", "26x26", "torus:2x5", "hex:0", "hex:x", "nonsense", "torus:9x"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestJSONBoard(t *testing.T) {
	g, err := ReadJSON([]byte(`{
		"name": "triangle with a tail",
		"points": ["p", "q", {"name": "s", "x": 0.5, "y": 0.87}, "t"],
		"edges": [["p", "q"], ["q", "s"], ["s", "p"], ["s", "t"]],
		"stones": {"black": ["p"], "white": ["T"]}
	}`), "tri.json")
	if err != nil {
		t.Fatal(err)
	}
	if g.N() != 4 || g.Title() != "triangle with a tail" || g.Spec() != "tri.json" {
		t.Errorf("got %d points, title %q", g.N(), g.Title())
	}
	p, _ := g.Point("p")
	q, _ := g.Point("q")
	s, _ := g.Point("s")
	if w := g.Witnesses(p, q); len(w) != 1 || int(w[0]) != s {
		t.Errorf("witnesses of p-q = %v, want s", w)
	}
	if st := g.Start(); len(st) != 2 || st[0] != (Stone{Point: p, Color: Black}) || st[1].Color != White {
		t.Errorf("start = %v", st)
	}
	if len(g.Warnings()) != 0 {
		t.Errorf("warnings %v", g.Warnings())
	}
	d, err := ReadJSON([]byte(`{"points": ["p", "q", "r1"], "edges": [["p", "q"]]}`), "d.json")
	if err != nil || len(d.Warnings()) != 1 || !strings.Contains(d.Warnings()[0], "not connected") {
		t.Errorf("disconnected graph: %v, warnings %v", err, d.Warnings())
	}
}

func TestJSONErrors(t *testing.T) {
	for _, tc := range []struct{ json, want string }{
		{``, "empty file"},
		{`{"points": ["p", "q"], "edges": [["p", "zz"]]}`, `edges[0]: unknown point "zz"`},
		{`{"points": ["p", "q", "P"]}`, `points[2]: duplicate name "P" (first at points[0])`},
		{`{"points": ["p", "q"], "edges": [["p", "q"], ["q", "q"]]}`, `edges[1]: self-loop at "q"`},
		{`{"points": ["p", "q"], "edges": [["p", "q"], ["q", "p"]]}`, `edges[1]: duplicate edge q-p (first at edges[0])`},
		{`{"points": ["p", "q"], "edges": [["p", "q", "p"]]}`, `edges[0]: an edge joins two points, not 3`},
		{`{"points": ["p"], "stones": {"black": ["x"]}}`, `stones.black[0]: unknown point "x"`},
		{`{"points": ["p"], "stones": {"black": ["p"], "white": ["p"]}}`, `stones.white[0]: point "p" already holds a black stone`},
		{`{"points": ["p"], "stones": {"green": ["p"]}}`, `stones: unknown colour "green"`},
		{`{"points": []}`, `points: no points`},
		{`{"points": ["pass"]}`, `points[0]: point name "pass" is a move word`},
		{`{"points": ["W"]}`, `points[0]: point name "W" is a colour word`},
		{`{"points": ["a b"]}`, `points[0]: point name "a b" contains a space`},
		{`{"points": [""]}`, `points[0]: empty point name`},
		{`{"points": [7]}`, `points[0]: want a name`},
		{"{\n  \"points\": [\"p\",\n  ]\n}", `tri.json: 3:3: invalid character ']'`},
		{`{"points": "p"}`, `1:15: points: want a list, not string`},
		{`{"pointz": []}`, `unknown field "pointz"`},
		{"{\n  \"points\": [\"p\",", `tri.json: 2:18: the file ends before its JSON is complete`},
		{`{"points": [{"name": "p", "neighbors": ["zz"]}]}`, `points[0] ("p"): unknown neighbour "zz"`},
		{`{"points": [{"name": "p", "neighbors": ["q"]}, {"name": "q", "neighbors": []}]}`,
			`points[0] ("p"): lists "q" as its neighbour, but points[1] ("q") does not list "p"`},
		{`{"points": [{"name": "p", "neighbors": ["q"]}, "q"]}`, `points[1] ("q") does not list "p"`},
		{`{"points": [{"name": "p", "neighbors": ["P"]}]}`, `points[0] ("p"): lists itself as its neighbour`},
		{`{"points": [{"name": "p", "neighbors": ["q", "Q"]}, {"name": "q", "neighbors": ["p"]}]}`, `points[0] ("p"): lists "Q" twice`},
		{`{"points": [{"name": "p", "neighbors": ["q"]}, {"name": "q", "neighbors": ["p"]}], "edges": [["p", "q"]]}`,
			`edges: give the edges either in edges or in the points' neighbors, not both`},
		{`{"points": [{"name": "p", "x": 1}]}`, `points[0] ("p"): give both coordinates, x and y, or neither`},
		{`{"points": [{"name": "p", "x": 1, "y": 2}, {"name": "q", "x": 1, "y": 2}]}`, `points[1] ("q"): at the same place as points[0] ("p"), (1, 2)`},
		{`{"points": [{"name": "p", "x": 0, "y": 0}, {"name": "q", "x": -0, "y": 0}]}`, `points[1] ("q"): at the same place as points[0] ("p")`},
		{`{"points": [{"name": "p", "nieghbors": []}]}`, `points[0]: unknown field "nieghbors" (a point has name, x, y and neighbors)`},
		{`{"points": [{"name": "p", "x": "1", "y": 2}]}`, `points[0]: x: want a number, not string`},
	} {
		_, err := ReadJSON([]byte(tc.json), "tri.json")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant …%s…", tc.json, err, tc.want)
		}
	}
}

func TestParseColor(t *testing.T) {
	for s, want := range map[string]Color{"b": Black, "BLACK": Black, "w": White, "White": White, "r": Red, "red": Red, "u": Blue, "blue": Blue} {
		if c, err := ParseColor(s); err != nil || c != want {
			t.Errorf("ParseColor(%q) = %v, %v", s, c, err)
		}
	}
	if _, err := ParseColor("green"); err == nil {
		t.Error("green accepted")
	}
}

func TestZobristKeysDistinct(t *testing.T) {
	g, _ := Rect(25, 25)
	seen := map[uint64]string{}
	for p := 0; p < g.N(); p++ {
		if g.Key(p, Empty) != 0 {
			t.Fatal("empty points must not change the hash")
		}
		for c := Black; c <= MaxPlayers; c++ {
			k := g.Key(p, c)
			if prev, dup := seen[k]; dup {
				t.Fatalf("key of %s %v equals %s", g.Name(p), c, prev)
			}
			seen[k] = fmt.Sprint(g.Name(p), c)
		}
	}
}

func TestTextHexIsAHexagon(t *testing.T) {
	g, _ := Hex(3)
	b, _ := g.Point("c3")
	got := g.Text(func(p int) Color {
		if p == b {
			return Black
		}
		return Empty
	}, b)
	want := "" +
		"    5 . . .\n" +
		"   4 . . . .\n" +
		"  3 . .>X . .\n" +
		"   2 . . . . e\n" +
		"    1 . . . d\n" +
		"       a b c\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestTextGrid(t *testing.T) {
	g, _ := Rect(3, 2)
	got := g.Text(func(p int) Color { return Color(p % 3) }, 4)
	want := "" +
		"    a b c\n" +
		"  2 .>X O 2\n" +
		"  1 . X O 1\n" +
		"    a b c\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func FuzzReadJSON(f *testing.F) {
	f.Add([]byte(`{"points": ["p", "q", {"name": "s", "x": 1, "y": 2}], "edges": [["p", "q"], ["q", "s"]], "stones": {"black": ["p"]}}`))
	f.Add([]byte(`{"points": ["p"], "edges": [["p", "p"]]}`))
	f.Add([]byte(`{`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadJSON(data, "fuzz.json")
		if err != nil {
			return
		}
		// A board that loads is consistent: symmetric adjacency, named points.
		for p := 0; p < g.N(); p++ {
			if q, ok := g.Point(g.Name(p)); !ok || q != p {
				t.Fatalf("point %d named %q looks up as %d", p, g.Name(p), q)
			}
			for _, q := range g.Neighbors(p) {
				if int(q) == p || !g.Adjacent(int(q), p) {
					t.Fatalf("edge %d-%d is not symmetric", p, q)
				}
			}
		}
	})
}

func sorted(s []string) []string {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

// TestWithStart: a board with a starting position keeps its kind and
// specification (a rectangle with handicap stones is drawn as a grid), and
// bad stones are refused.
func TestWithStart(t *testing.T) {
	for _, spec := range []string{"9x9", "hex:3", "torus:3x3"} {
		g, err := Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.WithStart([]Stone{{Point: 0, Color: Black}, {Point: 2, Color: White}})
		if err != nil {
			t.Fatal(err)
		}
		if s.Kind() != g.Kind() || s.Spec() != g.Spec() || len(s.Start()) != 2 || len(g.Start()) != 0 {
			t.Errorf("%s: kind %s, spec %s, %d stones (the original %d)", spec, s.Kind(), s.Spec(), len(s.Start()), len(g.Start()))
		}
		at := func(p int) Color {
			for _, st := range s.Start() {
				if st.Point == p {
					return st.Color
				}
			}
			return Empty
		}
		if got, want := s.Text(at, -1), g.Text(func(int) Color { return Empty }, -1); strings.Count(got, "\n") != strings.Count(want, "\n") || !strings.Contains(got, "X") {
			t.Errorf("%s: drawn\n%s\nnot as the board\n%s", spec, got, want)
		}
		bare, err := s.WithStart(nil)
		if err != nil || len(bare.Start()) != 0 {
			t.Errorf("%s: no stones: %v %v", spec, bare.Start(), err)
		}
	}
	g, _ := Rect(3, 3)
	for _, c := range []struct {
		stones []Stone
		want   string
	}{
		{[]Stone{{Point: 9, Color: Black}}, "point 9"},
		{[]Stone{{Point: 1, Color: Empty}}, "no player's"},
		{[]Stone{{Point: 1, Color: Black}, {Point: 1, Color: White}}, "two starting stones on b1"},
	} {
		if _, err := g.WithStart(c.stones); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.stones, err, c.want)
		}
	}
}

// TestJSONNeighbourLists: a board whose points list their neighbours is the
// board of the same edges listed as pairs.
func TestJSONNeighbourLists(t *testing.T) {
	lists, err := ReadJSON([]byte(`{"points": [
		{"name": "p", "x": 0, "y": 0, "neighbors": ["q", "s"]},
		{"name": "q", "x": 1, "y": 0, "neighbors": ["p", "s"]},
		{"name": "s", "x": 0.5, "y": 0.87, "neighbors": ["Q", "p", "t"]},
		{"name": "t", "x": 0.5, "y": 1.87, "neighbors": ["s"]}]}`), "lists.json")
	if err != nil {
		t.Fatal(err)
	}
	pairs, err := ReadJSON([]byte(`{"points": [{"name": "p", "x": 0, "y": 0}, {"name": "q", "x": 1, "y": 0},
		{"name": "s", "x": 0.5, "y": 0.87}, {"name": "t", "x": 0.5, "y": 1.87}],
		"edges": [["p", "q"], ["q", "s"], ["s", "p"], ["s", "t"]]}`), "pairs.json")
	if err != nil {
		t.Fatal(err)
	}
	if !sameGraph(lists, pairs) || edgeCount(lists) != 4 {
		t.Errorf("the lists make %d edges, not the pairs' graph", edgeCount(lists))
	}
}

// TestJSONOptions: the checks of a board file from someone else.
func TestJSONOptions(t *testing.T) {
	star := `{"points": [{"name": "c", "x": 0, "y": 0}, {"name": "n", "x": 0, "y": 1}, {"name": "e", "x": 1, "y": 0}, {"name": "s", "x": 0, "y": -1}],
		"edges": [["c", "n"], ["c", "e"], ["c", "s"]]}`
	for _, tc := range []struct {
		json string
		o    JSONOptions
		want string
	}{
		{`{"points": ["p", {"name": "q", "x": 0, "y": 0}]}`, JSONOptions{Placed: true}, `points[0] ("p"): no drawing coordinates: every point needs its x and y`},
		{star, JSONOptions{MaxPoints: 3}, `points: 4 points, at most 3 allowed`},
		{star, JSONOptions{MaxDegree: 2}, `points[0] ("c"): 3 neighbours, at most 2 allowed`},
		{star, JSONOptions{MaxPoints: 4, MaxDegree: 3, Placed: true}, ""},
		{`{"points": [{"name": "p", "x": 0, "y": 0}, {"name": "q", "x": 0.01, "y": 0}, {"name": "s", "x": 0, "y": 3}]}`, JSONOptions{Placed: true},
			`points[0] ("p") and points[1] ("q") are 0.01 apart, and the drawing 3 wide: at most 256 times as wide as the two closest points are apart`},
		{`{"points": [{"name": "p", "x": -1e308, "y": 0}, {"name": "q", "x": 1e308, "y": 0}]}`, JSONOptions{Placed: true}, `points[0] ("p"): coordinates beyond ±1e+09`},
		{`{"points": [{"name": "p", "x": -1e308, "y": 0}, {"name": "q", "x": 1e308, "y": 0}]}`, JSONOptions{}, ""},
		{`{"points": ["p", "q"]}`, JSONOptions{}, ""}, // laid out on a circle
	} {
		_, err := ReadJSONOptions([]byte(tc.json), "up.json", tc.o)
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), "up.json: "+tc.want)) {
			t.Errorf("%+v: got %v, want %q", tc.o, err, tc.want)
		}
	}
}

// TestExampleFile: the example board file of the documentation, an
// annulus of four rings of twelve points, reads as a board a web server
// takes (coordinates on every point, evenly spread).
func TestExampleFile(t *testing.T) {
	data, err := os.ReadFile("testdata/annulus.json")
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReadJSONOptions(data, "annulus.json", JSONOptions{MaxPoints: 625, MaxDegree: 12, Placed: true})
	if err != nil {
		t.Fatal(err)
	}
	// Ring edges 4×12, spokes 3×12; the inner and outer rings' points have
	// three neighbours, the middle rings' four.
	if g.N() != 48 || edgeCount(g) != 84 || !mapsEqual(degrees(g), map[int]int{3: 24, 4: 24}) || g.Title() != "annulus" || len(g.Warnings()) != 0 {
		t.Errorf("%d points, %d edges, degrees %v, title %q, warnings %v", g.N(), edgeCount(g), degrees(g), g.Title(), g.Warnings())
	}
}
