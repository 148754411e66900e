// Package board provides the boards moku's games are played on: finite
// undirected graphs of named points, with each point's neighbours, the
// witnesses of every adjacent pair (the points adjacent to both, which Keil's
// linking rule consults), drawing coordinates for renderers, and an optional
// starting position.
//
// Start with Parse (a board from "hex:7", "9x9", "torus:9x9",
// "honeycomb:4", "tri:9", "cube:3" or a JSON file), then the Graph's Name,
// Point and Neighbors; Example draws a board.
//
// Boards are built by Hex (the hexhex of Keil), Rect, Torus, Honeycomb
// (points of three neighbours), Tri (the triangular grid), Cube (a cube's
// surface), ReadJSON, or Parse from a short specification; Builtin parses
// the built-in boards' specifications and never reads a file. A Graph is
// immutable once built and safe for concurrent use.
package board

import (
	"fmt"
	"strings"
)

// Color is what occupies a point: Empty or one player's stones. Players are
// numbered from 1 in turn order: Black, White, Red, Blue.
type Color uint8

// The colours, in turn order. MaxPlayers is the most players a game may have.
const (
	Empty Color = iota
	Black
	White
	Red
	Blue
	MaxPlayers = 4
)

var colorNames = [...]string{"empty", "black", "white", "red", "blue"}

// String returns the colour's lower-case name ("black").
func (c Color) String() string {
	if int(c) < len(colorNames) {
		return colorNames[c]
	}
	return fmt.Sprintf("color(%d)", int(c))
}

// Letter returns the colour's one-letter abbreviation: B, W, R, U (blue), or
// "." for Empty.
func (c Color) Letter() string {
	return [...]string{".", "B", "W", "R", "U"}[c]
}

// ParseColor reads a colour by name or initial, ignoring case: "black", "b",
// "White", "w", "red", "r", "blue", "u" (and "bl"). It never returns Empty.
func ParseColor(s string) (Color, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "b", "black":
		return Black, nil
	case "w", "white":
		return White, nil
	case "r", "red":
		return Red, nil
	case "u", "bl", "blue":
		return Blue, nil
	}
	return Empty, fmt.Errorf("unknown colour %q (want black, white, red or blue)", s)
}

// Stone is a stone of Color on Point, as in a starting position.
type Stone struct {
	Point int
	Color Color
}

// Graph is a board: points 0..N()-1 with names, adjacency, witnesses and
// drawing coordinates. Adjacency is stored as compressed rows: the directed
// edges leaving point p are the indices EdgeRange(p) returns, so the hot
// paths of the engines iterate without allocating.
type Graph struct {
	kind          string // "hex", "rect", "torus", "honeycomb", "tri", "cube" or "graph"
	spec          string // canonical specification, as Parse accepts it
	width, height int    // rect and torus
	side          int    // hex, honeycomb, tri, cube
	title         string // a JSON board's "name"

	names    []string
	index    map[string]int // lower-cased name -> point
	edgeFrom []int32        // edgeFrom[p]..edgeFrom[p+1]-1 are p's edges
	edgeTo   []int32
	witFrom  []int32 // witFrom[e]..witFrom[e+1]-1 index wit for edge e
	wit      []int32
	x, y     []float64 // drawing coordinates, y grows upwards
	seam     []bool    // by directed edge: left out of the drawing (nil: none)
	lattice  [][2]int8 // hex: axial coordinates
	zobrist  []uint64  // zobrist[p*(MaxPlayers+1)+c]
	start    []Stone
	warnings []string
}

// Key returns the Zobrist key of colour c on point p: hashing a position is
// the XOR of the keys of its stones. Keys are fixed pseudo-random numbers, the
// same for every board of the same size.
func (g *Graph) Key(p int, c Color) uint64 { return g.zobrist[p*(MaxPlayers+1)+int(c)] }

// sideKeys are the keys of the player to move.
var sideKeys = [MaxPlayers + 1]uint64{0, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f}

// SideKey returns the Zobrist key of "c is to move", which engines fold
// into a position's hash; SideKey(Empty) is 0.
func SideKey(c Color) uint64 { return sideKeys[c] }

// splitmix64 is the SplitMix64 generator's output function.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// N returns the number of points.
func (g *Graph) N() int { return len(g.names) }

// Kind returns "hex", "rect", "torus", "honeycomb", "tri", "cube" (the
// built-in boards) or "graph" (a board read from JSON).
func (g *Graph) Kind() string { return g.kind }

// Spec returns the board's specification as Parse accepts it: "hex:7",
// "9x9", "torus:9x9", "honeycomb:4", "tri:9", "cube:3", or the name a
// graph was read under.
func (g *Graph) Spec() string { return g.spec }

// Size returns the width and height of a rectangle or torus, (2n-1, 2n-1)
// for a hexhex of side n, and (0, 0) for other graphs.
func (g *Graph) Size() (w, h int) {
	if g.kind == "hex" {
		return 2*g.side - 1, 2*g.side - 1
	}
	return g.width, g.height
}

// Title returns the "name" of a JSON board, and "" for other boards.
func (g *Graph) Title() string { return g.title }

// Side returns the side of a hexhex, honeycomb, triangle or cube (the n of
// "hex:n", "honeycomb:n", "tri:n", "cube:n"), and 0 for other boards.
func (g *Graph) Side() int { return g.side }

// Name returns the name of point p in the game's notation ("g7").
func (g *Graph) Name(p int) string { return g.names[p] }

// Point returns the point with the given name, ignoring case and
// surrounding space.
func (g *Graph) Point(name string) (int, bool) {
	p, ok := g.index[strings.ToLower(strings.TrimSpace(name))]
	return p, ok
}

// Degree returns the number of neighbours of p.
func (g *Graph) Degree(p int) int { return int(g.edgeFrom[p+1] - g.edgeFrom[p]) }

// Neighbors returns the neighbours of p. The slice is shared: do not modify it.
func (g *Graph) Neighbors(p int) []int32 { return g.edgeTo[g.edgeFrom[p]:g.edgeFrom[p+1]] }

// EdgeRange returns the half-open range of directed edge indices leaving p.
func (g *Graph) EdgeRange(p int) (lo, hi int) { return int(g.edgeFrom[p]), int(g.edgeFrom[p+1]) }

// EdgeTo returns the point that directed edge e leads to.
func (g *Graph) EdgeTo(e int) int { return int(g.edgeTo[e]) }

// EdgeWitnesses returns the witnesses of directed edge e: the points adjacent
// to both of its ends. The slice is shared: do not modify it.
func (g *Graph) EdgeWitnesses(e int) []int32 { return g.wit[g.witFrom[e]:g.witFrom[e+1]] }

// Adjacent reports whether p and q are neighbours.
func (g *Graph) Adjacent(p, q int) bool {
	for _, r := range g.Neighbors(p) {
		if int(r) == q {
			return true
		}
	}
	return false
}

// Witnesses returns the witnesses of the adjacent pair (p, q), or nil if p
// and q are not adjacent.
func (g *Graph) Witnesses(p, q int) []int32 {
	lo, hi := g.EdgeRange(p)
	for e := lo; e < hi; e++ {
		if g.EdgeTo(e) == q {
			return g.EdgeWitnesses(e)
		}
	}
	return nil
}

// Coord returns the drawing coordinates of p: any unit, y grows upwards.
// On the built-in boards neighbouring points are at distance 1.
func (g *Graph) Coord(p int) (x, y float64) { return g.x[p], g.y[p] }

// Start returns the stones of the starting position (empty for the built-in
// boards). The slice is shared: do not modify it.
func (g *Graph) Start() []Stone { return g.start }

// Warnings returns what is odd but allowed about the board, such as a
// disconnected graph.
func (g *Graph) Warnings() []string { return g.warnings }

// String returns the board's specification.
func (g *Graph) String() string { return g.spec }

// builder assembles a Graph from points and undirected edges.
type builder struct {
	names []string
	x, y  []float64
	adj   [][]int32
}

func (b *builder) add(name string, x, y float64) int {
	b.names = append(b.names, name)
	b.x = append(b.x, x)
	b.y = append(b.y, y)
	b.adj = append(b.adj, nil)
	return len(b.names) - 1
}

// link adds the edge p-q unless it is already there.
func (b *builder) link(p, q int) {
	for _, r := range b.adj[p] {
		if int(r) == q {
			return
		}
	}
	b.adj[p] = append(b.adj[p], int32(q))
	b.adj[q] = append(b.adj[q], int32(p))
}

func (b *builder) build(kind, spec string) *Graph {
	n := len(b.names)
	g := &Graph{kind: kind, spec: spec, names: b.names, x: b.x, y: b.y,
		index: make(map[string]int, n), edgeFrom: make([]int32, n+1)}
	for p, name := range b.names {
		g.index[strings.ToLower(name)] = p
		g.edgeFrom[p+1] = g.edgeFrom[p] + int32(len(b.adj[p]))
		g.edgeTo = append(g.edgeTo, b.adj[p]...)
	}
	g.zobrist = make([]uint64, n*(MaxPlayers+1))
	for i := range g.zobrist {
		if i%(MaxPlayers+1) != int(Empty) {
			g.zobrist[i] = splitmix64(uint64(i))
		}
	}
	g.witFrom = make([]int32, len(g.edgeTo)+1)
	for p := 0; p < n; p++ {
		for e := g.edgeFrom[p]; e < g.edgeFrom[p+1]; e++ {
			q := int(g.edgeTo[e])
			for _, c := range b.adj[p] {
				if int(c) != q && g.Adjacent(int(c), q) {
					g.wit = append(g.wit, c)
				}
			}
			g.witFrom[e+1] = int32(len(g.wit))
		}
	}
	if n > 0 && !g.connected() {
		g.warnings = append(g.warnings, "the board graph is not connected")
	}
	return g
}

func (g *Graph) connected() bool {
	seen := make([]bool, g.N())
	stack := []int{0}
	seen[0] = true
	count := 1
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, q := range g.Neighbors(p) {
			if !seen[q] {
				seen[q] = true
				count++
				stack = append(stack, int(q))
			}
		}
	}
	return count == g.N()
}

// WithStart returns a copy of g whose starting position is stones instead of
// g's own: the same kind, specification and drawing, so a rectangle with
// set-up stones (a handicap) is still a rectangle. Each stone needs a point
// of g, a player's colour and a point of its own.
func (g *Graph) WithStart(stones []Stone) (*Graph, error) {
	seen := make(map[int]bool, len(stones))
	for _, s := range stones {
		if s.Point < 0 || s.Point >= g.N() {
			return nil, fmt.Errorf("starting stone on point %d: %s has points 0..%d", s.Point, g.spec, g.N()-1)
		}
		if s.Color < Black || s.Color > MaxPlayers {
			return nil, fmt.Errorf("starting stone on %s: colour %d is no player's", g.Name(s.Point), s.Color)
		}
		if seen[s.Point] {
			return nil, fmt.Errorf("two starting stones on %s", g.Name(s.Point))
		}
		seen[s.Point] = true
	}
	c := *g
	c.start = append([]Stone(nil), stones...)
	return &c, nil
}
