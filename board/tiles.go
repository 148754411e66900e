package board

import (
	"fmt"
	"math"
	"sort"
	"strconv"
)

// Size limits of the named graph boards.
const (
	MaxHoneycombSide = 10 // 600 points
	MaxTriSide       = 25 // columns a..y, 325 points
	MaxCubeSide      = 10 // 600 points
)

// axial is a point of the triangular lattice: (i, j) is drawn at
// (i + j/2, j·√3/2), and its six neighbours are triSteps away.
type axial struct{ i, j int }

func (a axial) add(b axial) axial { return axial{a.i + b.i, a.j + b.j} }

// triSteps are the six neighbours of a lattice point, in turn around it:
// consecutive steps are 60° apart.
var triSteps = [6]axial{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}

// Honeycomb returns the honeycomb of side n: the corners of the hexagonal
// cells of a hexagon n cells a side (3n(n-1)+1 cells), each corner a point,
// each side of a cell an edge. It has 6n² points: 6n of them, on the rim,
// with two neighbours, the others with three. Rows are numbered from 1 at
// the bottom, and the points of a row lettered from a at the left ("a1" is
// the bottom row's left point).
func Honeycomb(n int) (*Graph, error) {
	if n < 1 || n > MaxHoneycombSide {
		return nil, fmt.Errorf("honeycomb side %d out of range 1..%d", n, MaxHoneycombSide)
	}
	// The cells' centres are the lattice points with i ≡ j (mod 3); the
	// other lattice points are the cells' corners. Cells within n-1 steps
	// of the centre cell make the hexagon.
	cellSteps := [6]axial{{1, 1}, {2, -1}, {1, -2}, {-1, -1}, {-2, 1}, {-1, 2}}
	cells := map[axial]bool{{}: true}
	ring := []axial{{}}
	for d := 1; d < n; d++ {
		var next []axial
		for _, c := range ring {
			for _, s := range cellSteps {
				if q := c.add(s); !cells[q] {
					cells[q] = true
					next = append(next, q)
				}
			}
		}
		ring = next
	}
	corner := map[axial]bool{}
	for c := range cells {
		for _, s := range triSteps {
			corner[c.add(s)] = true
		}
	}
	pts := make([]axial, 0, len(corner))
	for p := range corner {
		pts = append(pts, p)
	}
	sort.Slice(pts, func(a, b int) bool {
		if pts[a].j != pts[b].j {
			return pts[a].j < pts[b].j
		}
		return pts[a].i < pts[b].i
	})
	var b builder
	id := make(map[axial]int, len(pts))
	low, col := pts[0].j, 0
	for k, p := range pts {
		if col++; k == 0 || pts[k-1].j != p.j {
			col = 0
		}
		x, y := latticeXY(p)
		id[p] = b.add(fmt.Sprintf("%c%d", hexLetters[col], p.j-low+1), x, y)
	}
	// Two corners next to each other on the lattice are the ends of a
	// side of the two cells beside them, and an edge when either cell is
	// on the board.
	for _, p := range pts {
		for k, s := range triSteps {
			q, ok := id[p.add(s)]
			if !ok || q < id[p] {
				continue
			}
			if cells[p.add(triSteps[(k+1)%6])] || cells[p.add(triSteps[(k+5)%6])] {
				b.link(id[p], q)
			}
		}
	}
	g := b.build("honeycomb", "honeycomb:"+strconv.Itoa(n))
	g.side = n
	return g, nil
}

// latticeXY returns the drawing coordinates of a lattice point.
func latticeXY(p axial) (x, y float64) {
	return float64(p.i) + float64(p.j)/2, float64(p.j) * math.Sqrt(3) / 2
}

// Tri returns the triangle of side n on the triangular grid: n(n+1)/2
// points, n along each side; the three corners have two neighbours, the
// other points of the sides four, the inner points six. Point (x, y) has
// 0 <= y <= x <= n-1 and is named, as on the hexhex, by the column letter
// a+x and the row y+1 ("a1" is the lower left corner, the top one is
// named by the last column and row n); its neighbours are (x±1, y),
// (x, y±1), (x+1, y+1) and (x-1, y-1).
func Tri(n int) (*Graph, error) {
	if n < 1 || n > MaxTriSide {
		return nil, fmt.Errorf("triangle side %d out of range 1..%d", n, MaxTriSide)
	}
	var b builder
	h := math.Sqrt(3) / 2
	id := make([]int, n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			id[y*n+x] = -1
			if y <= x {
				id[y*n+x] = b.add(fmt.Sprintf("%c%d", hexLetters[x], y+1), float64(x)-float64(y)/2, float64(y)*h)
			}
		}
	}
	for y := 0; y < n; y++ {
		for x := y; x < n; x++ {
			for _, d := range [3][2]int{{1, 0}, {0, 1}, {1, 1}} {
				if qx, qy := x+d[0], y+d[1]; qx < n && qy < n && qy <= qx {
					b.link(id[y*n+x], id[qy*n+qx])
				}
			}
		}
	}
	g := b.build("tri", "tri:"+strconv.Itoa(n))
	g.side = n
	return g, nil
}

// cubeFaces are the faces of the cube as its net draws them, a cross:
//
//	   U
//	L  F  R  B
//	   D
//
// with each face's place in the net (in faces) and the 3-D centre of its
// square (c, r) (column c from the left, row r from the bottom, as the net
// shows the face), on the cube [0,n]³: x to the right, y up, z towards
// the viewer of F.
var cubeFaces = [6]struct {
	letter byte
	nx, ny int
	centre func(n, c, r float64) [3]float64
}{
	{'u', 1, 2, func(n, c, r float64) [3]float64 { return [3]float64{c + .5, n, n - r - .5} }},
	{'l', 0, 1, func(n, c, r float64) [3]float64 { return [3]float64{0, r + .5, c + .5} }},
	{'f', 1, 1, func(n, c, r float64) [3]float64 { return [3]float64{c + .5, r + .5, n} }},
	{'r', 2, 1, func(n, c, r float64) [3]float64 { return [3]float64{n, r + .5, n - c - .5} }},
	{'b', 3, 1, func(n, c, r float64) [3]float64 { return [3]float64{n - c - .5, r + .5, 0} }},
	{'d', 1, 0, func(n, c, r float64) [3]float64 { return [3]float64{c + .5, 0, r + .5} }},
}

// cubeGap is the space between two faces of the cube's net, beyond the
// unit between neighbouring squares: the faces stand apart.
const cubeGap = 0.5

// Cube returns the surface of a cube whose faces are n×n squares, each
// square a point (as the stickers of a Rubik's cube): 6n² points, each with
// four neighbours (the squares sharing a side with it, on its face or
// across the cube's edge; the three squares at a corner of the cube are
// neighbours of each other). The points are named by the face (u, l, f,
// r, b, d: up, left, front, right, back, down), then the column letter and
// the row number on that face as the net draws it ("fa1" is the lower left
// square of the front). The drawing is the cross-shaped net: U above F,
// then L, F, R, B in a row, D below F. The edges across the net's seven
// cuts (U's and D's sides other than F's, and L's left with B's right)
// join squares drawn apart: Seam reports them.
func Cube(n int) (*Graph, error) {
	if n < 1 || n > MaxCubeSide {
		return nil, fmt.Errorf("cube side %d out of range 1..%d", n, MaxCubeSide)
	}
	var b builder
	type sq struct {
		face int
		at   [3]float64
	}
	var squares []sq
	pitch := float64(n-1) + 1 + cubeGap
	for f, face := range cubeFaces {
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				b.add(fmt.Sprintf("%c%c%d", face.letter, goLetters[c], r+1), float64(face.nx)*pitch+float64(c), float64(face.ny)*pitch+float64(r))
				squares = append(squares, sq{f, face.centre(float64(n), float64(c), float64(r))})
			}
		}
	}
	// Squares of one face are neighbours at distance 1; squares of two
	// faces, across the cube's edge, at √½.
	var seams [][2]int
	for p := range squares {
		for q := p + 1; q < len(squares); q++ {
			d := 0.0
			for k := range 3 {
				d += (squares[p].at[k] - squares[q].at[k]) * (squares[p].at[k] - squares[q].at[k])
			}
			same := squares[p].face == squares[q].face
			if (same && math.Abs(d-1) < 1e-9) || (!same && math.Abs(d-.5) < 1e-9) {
				b.link(p, q)
				if math.Hypot(b.x[p]-b.x[q], b.y[p]-b.y[q]) > 1+cubeGap+1e-9 {
					seams = append(seams, [2]int{p, q})
				}
			}
		}
	}
	g := b.build("cube", "cube:"+strconv.Itoa(n))
	g.side = n
	g.markSeams(seams)
	return g, nil
}

// markSeams records the undirected edges of pairs as seams.
func (g *Graph) markSeams(pairs [][2]int) {
	if len(pairs) == 0 {
		return
	}
	g.seam = make([]bool, len(g.edgeTo))
	for _, pq := range pairs {
		for _, e := range [2][2]int{pq, {pq[1], pq[0]}} {
			lo, hi := g.EdgeRange(e[0])
			for i := lo; i < hi; i++ {
				if g.EdgeTo(i) == e[1] {
					g.seam[i] = true
				}
			}
		}
	}
}

// Seam reports whether the edge p-q joins points the drawing puts apart,
// so that a renderer leaves it out instead of drawing a line across the
// board: the wrap-around edges of a torus and the edges across the cuts of
// a cube's net. It is false for points that are not adjacent.
func (g *Graph) Seam(p, q int) bool {
	if g.seam == nil {
		return false
	}
	lo, hi := g.EdgeRange(p)
	for e := lo; e < hi; e++ {
		if g.EdgeTo(e) == q {
			return g.seam[e]
		}
	}
	return false
}

// Description says in a few words what the board is, for people choosing
// one: "9×9, 81 points", "hexhex of side 5, 61 points", "cube of 3×3
// faces, 54 points", a JSON board's name (or its Spec) and its points.
func (g *Graph) Description() string {
	w, h := g.Size()
	var what string
	switch g.kind {
	case "rect":
		what = fmt.Sprintf("%d×%d", w, h)
	case "torus":
		what = fmt.Sprintf("torus %d×%d", w, h)
	case "hex":
		what = fmt.Sprintf("hexhex of side %d", g.side)
	case "honeycomb":
		what = fmt.Sprintf("honeycomb of side %d", g.side)
	case "tri":
		what = fmt.Sprintf("triangle of side %d", g.side)
	case "cube":
		what = fmt.Sprintf("cube of %d×%d faces", g.side, g.side)
	default:
		what = g.title
		if what == "" {
			what = g.spec
		}
	}
	unit := "points"
	if g.N() == 1 {
		unit = "point"
	}
	return fmt.Sprintf("%s, %d %s", what, g.N(), unit)
}
