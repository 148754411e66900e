package prior

import (
	"math"
	"sync"

	"moku/board"
)

// Geometry is what the features need to know of a board, computed once
// per graph: each point's ring (the cells of its pattern, in order around
// it), the symmetries of the rings, the graph distances between points
// (capped) and each point's distance to the edge.
type Geometry struct {
	g    *board.Graph
	kind string // "square", "hex" or "graph": which rings (see Ring)
	k    int    // cells in a full ring (square 8, hex 6, graph: the most neighbours, at most maxRing)
	step int    // the ring turns by step cells under the board's rotations
	// cells[p*k : p*k+k] are p's ring cells, -1 where the ring leaves the
	// board; on a "graph" board the ring is p's neighbours by angle and
	// ringLen[p] says how many.
	cells   []int32
	ringLen []uint8
	large   []int32 // square boards and the hexhex: large[p*shapes.stride+i], the cells of p's largest shape, whose first shapes.cells[k] are those of Spatial5+k (-1 off the board); nil on others
	shapes  *layout // the large shapes' layout: squareShapes or hexShapes; nil without large shapes
	spatial []int32 // square boards: spatial[p*spatialCells+i], the cells of p's Spatial pattern (-1 off the board); nil on others
	dist    []uint8 // dist[p*n+q]: graph distance, capped at maxDist
	edge    []uint8 // distance to the nearest edge point, capped at maxDist; nil without an edge (torus)
}

// squareCells returns, for every point of a w x h rectangle (a torus if
// wrap), the points at offs from it, len(offs) a point, -1 off the board.
func squareCells(w, h int, wrap bool, offs [][2]int) []int32 {
	cells := make([]int32, w*h*len(offs))
	for p := 0; p < w*h; p++ {
		px, py := p%w, p/w
		for i, o := range offs {
			qx, qy := px+o[0], py+o[1]
			if wrap {
				qx, qy = (qx+w)%w, (qy+h)%h
			}
			q := int32(-1)
			if qx >= 0 && qy >= 0 && qx < w && qy < h {
				q = int32(qy*w + qx)
			}
			cells[p*len(offs)+i] = q
		}
	}
	return cells
}

// spatialCells is the size of a Spatial pattern.
const spatialCells = 12

// spatialOffsets are the cells of a Spatial pattern: the 3x3 ring
// clockwise from north (the first eight, the square ring of Pattern, y
// growing upwards), then the points two steps north, east, south and
// west.
var spatialOffsets = [spatialCells][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1},
	{0, 2}, {2, 0}, {0, -2}, {-2, 0}}

// spatialSymmetries[k][i] is where cell i of a Spatial pattern goes under
// the k-th of the square's eight symmetries: a quarter turn moves the
// ring two cells on and the outer cells one; the mirror (x to -x) sends
// ring cell i to 8-i and outer cell j to 4-j.
var spatialSymmetries = func() (t [8][spatialCells]int) {
	for k := 0; k < 8; k++ {
		turns, mirror := k%4, k >= 4
		for i := 0; i < 8; i++ {
			j := i
			if mirror {
				j = (8 - j) % 8
			}
			t[k][i] = (j + 2*turns) % 8
		}
		for i := 0; i < 4; i++ {
			j := i
			if mirror {
				j = (4 - j) % 4
			}
			t[k][8+i] = 8 + (j+turns)%4
		}
	}
	return t
}()

// largeMax is the size of a Spatial8 pattern, largeSizes the number of
// large sizes (5 to 8), largeCells[s-5] the size of the pattern of size s.
const (
	largeMax   = 48
	largeSizes = 4
)

var largeCells = [largeSizes]uint8{20, 28, 36, 48}

// largeOffsets are the cells of the Spatial8 pattern: Spatial's twelve,
// then those at gridcular distance 5, 6, 7 and 8 in turn.
var largeOffsets = func() (offs [largeMax][2]int) {
	n := copy(offs[:], spatialOffsets[:])
	for d := 5; d <= 8; d++ {
		for dy := -4; dy <= 4; dy++ {
			for dx := -4; dx <= 4; dx++ {
				ax, ay := max(dx, -dx), max(dy, -dy)
				if ax+ay+max(ax, ay) == d {
					offs[n] = [2]int{dx, dy}
					n++
				}
			}
		}
	}
	return offs
}()

// A layout is where the cells of a board's large shapes are and how its
// symmetries move them.
type layout struct {
	stride int     // cells of the largest shape
	cells  []uint8 // cells[k]: the cells of Spatial5+k, the first of the largest shape's
	syms   int     // the board's symmetries
	// bits[i*syms+k] is the bit of cell i's two in the shape's code (up
	// to 128 bits) under the k-th of the board's symmetries: a cell's
	// together, as largeAt reads them.
	bits []uint8
}

// squareShapes are the square board's large shapes: Spatial5 to Spatial8,
// under the square's eight symmetries: k%4 quarter turns after the mirror
// image (x to -x) for k >= 4.
var squareShapes = layout{stride: largeMax, cells: largeCells[:], syms: 8,
	bits: bitsOf(largeOffsets[:], 8, func(k, x, y int) (int, int) {
		if k >= 4 {
			x = -x
		}
		for r := 0; r < k%4; r++ {
			x, y = y, -x
		}
		return x, y
	})}

// bitsOf returns the bits of a layout whose cells are at offs, under the
// n symmetries that move the offset (x, y) to sym(k, x, y): two bits a
// cell, cell i's at twice the index of its image, in layout.bits' order.
// A symmetry keeps each cell's distance, so the cells of each smaller
// shape stay among their own.
func bitsOf(offs [][2]int, n int, sym func(k, x, y int) (int, int)) []uint8 {
	index := map[[2]int]int{}
	for i, o := range offs {
		index[o] = i
	}
	t := make([]uint8, n*len(offs))
	for i, o := range offs {
		for k := 0; k < n; k++ {
			x, y := sym(k, o[0], o[1])
			t[i*n+k] = uint8(2 * index[[2]int{x, y}])
		}
	}
	return t
}

// hexMax is the size of the hexhex's largest shape, hexSizes the number
// of its large shapes: Spatial5, the cells within two steps of the
// point (the six neighbours and the twelve beyond them, which hold the
// witnesses of every adjacency of the neighbours, so under Keil's link
// rule what links the stones the move touches), and Spatial6, those
// within three (36 cells).
const (
	hexMax   = 36
	hexSizes = 2
)

// hexOffsets are the cells of the hexhex's Spatial6 shape, nearest first
// (6, 12 and 18 at distance 1, 2 and 3): the offset (dx, dy) is dx steps
// east and dy steps at 120 degrees (so (1, 1) is the neighbour at 60),
// whose distance is max(|dx|, |dy|) where dx and dy have one sign and
// |dx| + |dy| where they have not.
var hexOffsets = func() (offs [hexMax][2]int) {
	n := 0
	for d := 1; d <= 3; d++ {
		for dy := -3; dy <= 3; dy++ {
			for dx := -3; dx <= 3; dx++ {
				if hexDist(dx, dy) == d {
					offs[n] = [2]int{dx, dy}
					n++
				}
			}
		}
	}
	return offs
}()

// hexDist is the number of steps from a point to the cell at offset
// (dx, dy) of hexOffsets.
func hexDist(dx, dy int) int {
	ax, ay := max(dx, -dx), max(dy, -dy)
	if dx*dy >= 0 {
		return max(ax, ay)
	}
	return ax + ay
}

// hexShapes are the hexhex's large shapes: Spatial5 and Spatial6, under
// the hexagon's twelve symmetries: k%6 turns of 60 degrees ((dx, dy) to
// (dx-dy, dx)) after the mirror image ((dx, dy) to (dy, dx)) for k >= 6.
var hexShapes = layout{stride: hexMax, cells: []uint8{18, 36}, syms: 12,
	bits: bitsOf(hexOffsets[:], 12, func(k, x, y int) (int, int) {
		if k >= 6 {
			x, y = y, x
		}
		for r := 0; r < k%6; r++ {
			x, y = x-y, x
		}
		return x, y
	})}

// maxDist caps the distances the features tell apart.
const maxDist = 5

// maxRing is the largest ring a pattern holds (2 bits a cell in 16 bits).
const maxRing = 8

var geometries sync.Map // *board.Graph → *Geometry

// GeometryOf returns g's geometry, computed on first use and shared.
func GeometryOf(g *board.Graph) *Geometry {
	if x, ok := geometries.Load(g); ok {
		return x.(*Geometry)
	}
	x, _ := geometries.LoadOrStore(g, newGeometry(g))
	return x.(*Geometry)
}

// sizes returns the number of the board's large shapes (Spatial5 on):
// 4 on square boards, 2 on the hexhex, 0 on others.
func (x *Geometry) sizes() int {
	if x.shapes == nil {
		return 0
	}
	return len(x.shapes.cells)
}

// Kind returns which rings the board's patterns use: "square" (the 3x3
// square around the point: rectangles and tori), "hex" (the six
// neighbours of the hexhex, off-board cells included) or "graph" (any
// other board: the neighbours in the order of their angle around the
// point, without off-board cells).
func (x *Geometry) Kind() string { return x.kind }

// Ring returns the cells of p's pattern in order around p, -1 for a cell
// off the board. The slice is shared: do not modify it.
func (x *Geometry) Ring(p int) []int32 {
	return x.cells[p*x.k : p*x.k+int(x.ringLen[p])]
}

// Dist returns the graph distance between p and q, capped at 5.
func (x *Geometry) Dist(p, q int) int { return int(x.dist[p*x.g.N()+q]) }

func newGeometry(g *board.Graph) *Geometry {
	n := g.N()
	x := &Geometry{g: g}
	switch g.Kind() {
	case "rect", "torus":
		x.kind, x.k, x.step = "square", 8, 2
		w, h := g.Size()
		wrap := g.Kind() == "torus"
		// clockwise from north: N, NE, E, SE, S, SW, W, NW (y grows upwards)
		x.cells = squareCells(w, h, wrap, spatialOffsets[:8])
		x.ringLen = make([]uint8, n)
		for p := range x.ringLen {
			x.ringLen[p] = 8
		}
		x.spatial = squareCells(w, h, wrap, spatialOffsets[:])
		x.large, x.shapes = squareCells(w, h, wrap, largeOffsets[:]), &squareShapes
	case "hex":
		x.kind, x.k, x.step = "hex", 6, 1
		at := map[[2]int64]int32{}
		key := func(cx, cy float64) [2]int64 {
			return [2]int64{int64(math.Round(cx * 1000)), int64(math.Round(cy * 1000))}
		}
		for p := 0; p < n; p++ {
			at[key(g.Coord(p))] = int32(p)
		}
		x.cells = make([]int32, n*6)
		x.ringLen = make([]uint8, n)
		for p := 0; p < n; p++ {
			px, py := g.Coord(p)
			x.ringLen[p] = 6
			for i := 0; i < 6; i++ { // counter-clockwise from east, 60° apart
				a := float64(i) * math.Pi / 3
				q, ok := at[key(px+math.Cos(a), py+math.Sin(a))]
				if !ok {
					q = -1
				}
				x.cells[p*6+i] = q
			}
		}
		// The large shapes: the cells at hexOffsets, where the offset
		// (dx, dy) is dx steps east and dy steps at 120 degrees.
		x.shapes = &hexShapes
		x.large = make([]int32, n*hexMax)
		for p := 0; p < n; p++ {
			px, py := g.Coord(p)
			for i, o := range hexOffsets {
				dx, dy := float64(o[0]), float64(o[1])
				q, ok := at[key(px+dx-dy/2, py+dy*math.Sqrt(3)/2)]
				if !ok {
					q = -1
				}
				x.large[p*hexMax+i] = q
			}
		}
	default:
		x.kind, x.step = "graph", 1
		for p := 0; p < n; p++ {
			x.k = max(x.k, min(g.Degree(p), maxRing))
		}
		x.cells = make([]int32, n*x.k)
		x.ringLen = make([]uint8, n)
		for p := 0; p < n; p++ {
			nb := append([]int32(nil), g.Neighbors(p)...)
			px, py := g.Coord(p)
			angle := func(q int32) float64 { qx, qy := g.Coord(int(q)); return math.Atan2(qy-py, qx-px) }
			for i := 1; i < len(nb); i++ { // insertion sort by angle: a handful of neighbours
				for j := i; j > 0 && angle(nb[j]) < angle(nb[j-1]); j-- {
					nb[j], nb[j-1] = nb[j-1], nb[j]
				}
			}
			if len(nb) > maxRing {
				nb = nb[:0] // no pattern on points of more than maxRing neighbours
			}
			x.ringLen[p] = uint8(len(nb))
			copy(x.cells[p*x.k:], nb)
		}
	}
	x.dist = make([]uint8, n*n)
	queue := make([]int32, 0, n)
	for p := 0; p < n; p++ {
		row := x.dist[p*n : (p+1)*n]
		for q := range row {
			row[q] = maxDist
		}
		row[p] = 0
		queue = append(queue[:0], int32(p))
		for i := 0; i < len(queue); i++ {
			a := queue[i]
			if row[a]+1 >= maxDist {
				break
			}
			for _, b := range g.Neighbors(int(a)) {
				if row[b] == maxDist && int(b) != p {
					row[b] = row[a] + 1
					queue = append(queue, b)
				}
			}
		}
	}
	maxDeg, minDeg := 0, math.MaxInt
	for p := 0; p < n; p++ {
		maxDeg, minDeg = max(maxDeg, g.Degree(p)), min(minDeg, g.Degree(p))
	}
	if minDeg < maxDeg {
		x.edge = make([]uint8, n)
		for p := 0; p < n; p++ {
			x.edge[p] = maxDist
			for q := 0; q < n; q++ {
				if g.Degree(q) < maxDeg {
					x.edge[p] = min(x.edge[p], x.dist[p*n+q])
				}
			}
		}
	}
	return x
}
