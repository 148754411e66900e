package board

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// degrees counts the points of g by their number of neighbours.
func degrees(g *Graph) map[int]int {
	d := map[int]int{}
	for p := 0; p < g.N(); p++ {
		d[g.Degree(p)]++
	}
	return d
}

func edgeCount(g *Graph) int {
	e := 0
	for p := 0; p < g.N(); p++ {
		e += g.Degree(p)
	}
	return e / 2
}

// triangles counts the triangles of g.
func triangles(g *Graph) int {
	n := 0
	for p := 0; p < g.N(); p++ {
		for _, q := range g.Neighbors(p) {
			for _, r := range g.Neighbors(int(q)) {
				if int(q) > p && r > q && g.Adjacent(p, int(r)) {
					n++
				}
			}
		}
	}
	return n
}

// TestNamedGraphCounts: points, edges, and how many points have each
// number of neighbours, by the formulas of each shape.
func TestNamedGraphCounts(t *testing.T) {
	type want struct {
		points, edges int
		degrees       map[int]int
	}
	honeycomb := func(n int) want {
		return want{6 * n * n, 9*n*n - 3*n, map[int]int{2: 6 * n, 3: 6*n*n - 6*n}}
	}
	tri := func(n int) want {
		w := want{n * (n + 1) / 2, 3 * n * (n - 1) / 2, map[int]int{2: 3, 4: 3 * (n - 2), 6: (n - 2) * (n - 3) / 2}}
		if n == 1 {
			w.degrees = map[int]int{0: 1}
		}
		return w
	}
	cube := func(n int) want { return want{6 * n * n, 12 * n * n, map[int]int{4: 6 * n * n}} }
	for _, tc := range []struct {
		spec string
		want want
	}{
		{"honeycomb:1", want{6, 6, map[int]int{2: 6}}}, // one hexagon
		{"honeycomb:2", want{24, 30, map[int]int{2: 12, 3: 12}}},
		{"honeycomb:3", honeycomb(3)},
		{"honeycomb:4", honeycomb(4)},
		{"honeycomb:10", honeycomb(10)},
		{"tri:1", tri(1)},
		{"tri:2", want{3, 3, map[int]int{2: 3}}}, // one triangle
		{"tri:3", want{6, 9, map[int]int{2: 3, 4: 3}}},
		{"tri:7", tri(7)},
		{"tri:25", tri(25)},
		{"cube:1", want{6, 12, map[int]int{4: 6}}}, // the octahedron
		{"cube:2", cube(2)},
		{"cube:3", want{54, 108, map[int]int{4: 54}}}, // a Rubik's cube
		{"cube:10", cube(10)},
	} {
		g, err := Parse(tc.spec)
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		for d, c := range tc.want.degrees {
			if c == 0 {
				delete(tc.want.degrees, d)
			}
		}
		if g.N() != tc.want.points || edgeCount(g) != tc.want.edges || !mapsEqual(degrees(g), tc.want.degrees) {
			t.Errorf("%s: %d points, %d edges, degrees %v; want %d, %d, %v", tc.spec, g.N(), edgeCount(g), degrees(g),
				tc.want.points, tc.want.edges, tc.want.degrees)
		}
		if g.Spec() != tc.spec || g.Kind() != strings.Split(tc.spec, ":")[0] {
			t.Errorf("%s: spec %q, kind %q", tc.spec, g.Spec(), g.Kind())
		}
	}
}

func mapsEqual(a, b map[int]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestCubeCorners: whatever its size, the cube's surface has exactly eight
// triangles, the three squares around each corner of the cube, and its
// net's seven cuts each leave n edges undrawn.
func TestCubeCorners(t *testing.T) {
	for n := 1; n <= MaxCubeSide; n++ {
		g, err := Cube(n)
		if err != nil {
			t.Fatal(err)
		}
		if got := triangles(g); got != 8 {
			t.Errorf("cube:%d has %d triangles, want 8", n, got)
		}
		seams := 0
		for p := 0; p < g.N(); p++ {
			for _, q := range g.Neighbors(p) {
				if int(q) > p && g.Seam(p, int(q)) {
					seams++
				}
			}
		}
		if seams != 7*n {
			t.Errorf("cube:%d: %d seams, want %d", n, seams, 7*n)
		}
	}
	g, _ := Cube(3)
	for _, tc := range []struct{ p, want string }{
		{"fb2", "fa2 fb1 fb3 fc2"}, // the centre of the front: its own face
		{"fa3", "fa2 fb3 lc3 ua1"}, // the front's upper left corner: L and U
		{"ua3", "bc3 la3 ua2 ub3"}, // the far left corner of the top
		{"da1", "bc1 da2 db1 la1"}, // …and of the bottom
		{"ra2", "fc2 ra1 ra3 rb2"}, // across the fold from F
		{"la2", "bc2 la1 la3 lb2"}, // the belt wraps from L to B
		{"dc3", "db3 dc2 fc1 ra1"}, // the bottom under the front's right corner
		{"ub2", "ua2 ub1 ub3 uc2"}, // the centre of the top
		{"bc3", "bb3 bc2 la3 ua3"}, // the back's upper right, by L and U
		{"rc3", "ba3 rb3 rc2 uc3"}, // the right's upper right, by B and U
		{"rc1", "ba1 dc1 rb1 rc2"}, // …and its lower right, by B and D
		{"uc1", "fc3 ra3 ub1 uc2"}, // the top's corner over F and R
		{"lc3", "fa3 lb3 lc2 ua1"}, // L's corner by F and U
	} {
		p, ok := g.Point(tc.p)
		if !ok {
			t.Fatalf("no point %s", tc.p)
		}
		var nb []string
		for _, q := range g.Neighbors(p) {
			nb = append(nb, g.Name(int(q)))
		}
		slices.Sort(nb)
		if got := strings.Join(nb, " "); got != tc.want {
			t.Errorf("neighbours of %s: %s, want %s", tc.p, got, tc.want)
		}
	}
}

// TestHoneycombNames: rows from the bottom, letters from the left.
func TestHoneycombNames(t *testing.T) {
	g, _ := Honeycomb(2)
	rows := map[string]int{}
	for p := 0; p < g.N(); p++ {
		name := g.Name(p)
		rows[name[1:]]++
		x, y := g.Coord(p)
		if q, ok := g.Point(fmt.Sprintf("%c%s", name[0]+1, name[1:])); ok {
			qx, qy := g.Coord(q)
			if qy != y || qx <= x {
				t.Errorf("%s at (%v, %v) is not left of %s at (%v, %v)", name, x, y, g.Name(q), qx, qy)
			}
		}
	}
	if want := map[string]int{"1": 2, "2": 4, "3": 4, "4": 4, "5": 4, "6": 4, "7": 2}; !maps2Equal(rows, want) {
		t.Errorf("points by row: %v, want %v", rows, want)
	}
}

func maps2Equal(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestBuiltinNeverReadsFiles: Builtin refuses what is not a built-in
// board, a file name above all, and says which sizes are allowed.
func TestBuiltinNeverReadsFiles(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"board_test.go", "want hex:N, WxH"},
		{"testdata/x.json", "want hex:N, WxH"},
		{"/etc/passwd", "want hex:N"},
		{"honeycomb:11", "honeycomb side 11 out of range 1..10"},
		{"cube:0", "cube side 0 out of range 1..10"},
		{"tri:26", "triangle side 26 out of range 1..25"},
		{"honeycomb:x", `want honeycomb:N`},
		{"cube:99999999999999999999", `want cube:N`},
		{"99999x3", "want hex:N"},
		{"26x26", "out of range"},
	} {
		_, err := Builtin(tc.spec)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Builtin(%q) = %v, want …%s…", tc.spec, err, tc.want)
		}
	}
	for _, spec := range []string{"9x9", " Hex:5 ", "torus:7x7", "honeycomb:4", "TRI:9", "cube:3", "7"} {
		if _, err := Builtin(spec); err != nil {
			t.Errorf("Builtin(%q): %v", spec, err)
		}
	}
	// Parse names the shape's own error, without looking for a file.
	if _, err := Parse("honeycomb:x"); err == nil || !strings.Contains(err.Error(), "want honeycomb:N") {
		t.Errorf("Parse(honeycomb:x) = %v", err)
	}
}

// TestTorusSeams: a torus's wrap-around edges are its seams, and nothing
// else is.
func TestTorusSeams(t *testing.T) {
	g, _ := Torus(5, 4)
	for p := 0; p < g.N(); p++ {
		x, y := g.Coord(p)
		for _, q := range g.Neighbors(p) {
			qx, qy := g.Coord(int(q))
			long := math.Hypot(qx-x, qy-y) > 1.5
			if g.Seam(p, int(q)) != long {
				t.Errorf("%s-%s: seam %v, drawn %v long", g.Name(p), g.Name(int(q)), g.Seam(p, int(q)), math.Hypot(qx-x, qy-y))
			}
		}
	}
	r, _ := Rect(5, 5)
	a, _ := r.Point("a1")
	b, _ := r.Point("b1")
	if r.Seam(a, b) || r.Seam(a, a) {
		t.Error("a rectangle has seams")
	}
}

// TestBuiltinBoardsProperties: on every built-in board, adjacency is
// symmetric and without loops, the board is connected, names look up their
// points, no two points are drawn closer than 1 (stones never overlap),
// every edge drawn is 1 to 1.5 long and every seam longer, and the board
// comes back whole from its Spec and from its JSON.
func TestBuiltinBoardsProperties(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		var spec string
		switch rapid.IntRange(0, 5).Draw(rt, "shape") {
		case 0:
			spec = fmt.Sprintf("honeycomb:%d", rapid.IntRange(1, MaxHoneycombSide).Draw(rt, "n"))
		case 1:
			spec = fmt.Sprintf("tri:%d", rapid.IntRange(1, MaxTriSide).Draw(rt, "n"))
		case 2:
			spec = fmt.Sprintf("cube:%d", rapid.IntRange(1, MaxCubeSide).Draw(rt, "n"))
		case 3:
			spec = fmt.Sprintf("hex:%d", rapid.IntRange(1, MaxHexSide).Draw(rt, "n"))
		case 4:
			spec = fmt.Sprintf("torus:%dx%d", rapid.IntRange(3, 12).Draw(rt, "w"), rapid.IntRange(3, 12).Draw(rt, "h"))
		default:
			spec = fmt.Sprintf("%dx%d", rapid.IntRange(1, 12).Draw(rt, "w"), rapid.IntRange(1, 12).Draw(rt, "h"))
		}
		g, err := Builtin(spec)
		if err != nil {
			rt.Fatal(err)
		}
		if len(g.Warnings()) != 0 || (g.N() > 0 && !g.connected()) {
			rt.Fatalf("%s: not connected: %v", spec, g.Warnings())
		}
		for p := 0; p < g.N(); p++ {
			if q, ok := g.Point(g.Name(p)); !ok || q != p {
				rt.Fatalf("%s: %s looks up as %d", spec, g.Name(p), q)
			}
			x, y := g.Coord(p)
			seen := map[int32]bool{}
			for _, q := range g.Neighbors(p) {
				if int(q) == p || seen[q] || !g.Adjacent(int(q), p) || g.Seam(p, int(q)) != g.Seam(int(q), p) {
					rt.Fatalf("%s: edge %s-%s is a loop, listed twice, or one-way", spec, g.Name(p), g.Name(int(q)))
				}
				seen[q] = true
				qx, qy := g.Coord(int(q))
				d := math.Hypot(qx-x, qy-y)
				if g.Seam(p, int(q)) != (d > 1.5+1e-9) || d < 1-1e-9 {
					rt.Fatalf("%s: edge %s-%s drawn %v long, seam %v", spec, g.Name(p), g.Name(int(q)), d, g.Seam(p, int(q)))
				}
			}
			for q := p + 1; q < g.N(); q++ {
				qx, qy := g.Coord(q)
				if math.Hypot(qx-x, qy-y) < 1-1e-9 {
					rt.Fatalf("%s: %s and %s drawn %v apart", spec, g.Name(p), g.Name(q), math.Hypot(qx-x, qy-y))
				}
			}
		}
		again, err := Builtin(g.Spec())
		if err != nil || !sameGraph(g, again) || again.Kind() != g.Kind() {
			rt.Fatalf("%s: built again from its spec: %v", spec, err)
		}
		read, err := ReadJSON(g.JSON(), g.Spec())
		if err != nil || !sameGraph(g, read) {
			rt.Fatalf("%s: read back from its JSON: %v", spec, err)
		}
	})
}

// sameGraph reports whether a and b have the same points (names and
// drawing places, in order) and edges.
func sameGraph(a, b *Graph) bool {
	if a.N() != b.N() {
		return false
	}
	for p := 0; p < a.N(); p++ {
		ax, ay := a.Coord(p)
		bx, by := b.Coord(p)
		if a.Name(p) != b.Name(p) || ax != bx || ay != by || a.Degree(p) != b.Degree(p) {
			return false
		}
		for _, q := range a.Neighbors(p) {
			if !b.Adjacent(p, int(q)) {
				return false
			}
		}
	}
	return true
}

func TestDescription(t *testing.T) {
	for spec, want := range map[string]string{
		"9x9":         "9×9, 81 points",
		"torus:7x7":   "torus 7×7, 49 points",
		"hex:5":       "hexhex of side 5, 61 points",
		"honeycomb:3": "honeycomb of side 3, 54 points",
		"tri:7":       "triangle of side 7, 28 points",
		"cube:3":      "cube of 3×3 faces, 54 points",
		"1x1":         "1×1, 1 point",
	} {
		g, err := Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Description(); got != want {
			t.Errorf("%s: %q, want %q", spec, got, want)
		}
	}
	g, _ := ReadJSON([]byte(`{"name": "ring", "points": ["p", "q"], "edges": [["p", "q"]]}`), "ring.json")
	h, _ := ReadJSON([]byte(`{"points": ["p", "q"], "edges": [["p", "q"]]}`), "pair.json")
	if g.Description() != "ring, 2 points" || h.Description() != "pair.json, 2 points" {
		t.Errorf("%q, %q", g.Description(), h.Description())
	}
}
