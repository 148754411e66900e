package board

import (
	"fmt"
	"sort"
	"strings"
)

// Symbol returns the character a text diagram uses for c: '.' empty,
// 'X' black, 'O' white, 'R' red, 'U' blue.
func (c Color) Symbol() byte { return ".XORU"[c] }

// Text draws a position as text: a hexhex as a hexagon, a rectangle or torus
// as a Go diagram with coordinates, any other graph as a list of points. at
// gives each point's contents; the point last (if >= 0) is marked with '>'.
func (g *Graph) Text(at func(p int) Color, last int) string {
	switch g.kind {
	case "hex":
		return g.hexText(at, last)
	case "rect", "torus":
		return g.gridText(at, last)
	}
	return g.listText(at, last)
}

// canvas is a grid of characters.
type canvas [][]byte

func newCanvas(rows, cols int) canvas {
	c := make(canvas, rows)
	for i := range c {
		c[i] = []byte(strings.Repeat(" ", cols))
	}
	return c
}

func (c canvas) put(row, col int, s string) {
	copy(c[row][col:], s)
}

func (c canvas) String() string {
	var sb strings.Builder
	for _, line := range c {
		sb.WriteString(strings.TrimRight(string(line), " "))
		sb.WriteByte('\n')
	}
	return sb.String()
}

// hexText draws rows from the top, each row's points two columns apart and
// offset by one per row, so the board is a hexagon. Row numbers stand at the
// left; each column letter stands one step beyond the column's lowest point.
func (g *Graph) hexText(at func(p int) Color, last int) string {
	n, d := g.side, 2*g.side-1
	const left = 4 // room for the row number
	c := newCanvas(d+1, left+4*n+2)
	for p := range g.names {
		x, y := g.hexXY(p)
		row, col := d-1-y, left+2*x-y+n-1
		c[row][col] = at(p).Symbol()
		if p == last {
			c[row][col-1] = '>'
		}
	}
	for y := 0; y < d; y++ {
		lo := max(0, y-(n-1))
		c.put(d-1-y, left+2*lo-y+n-1-4, fmt.Sprintf("%3d", y+1))
	}
	for x := 0; x < d; x++ {
		y := max(0, x-(n-1)) // the column's lowest row
		c[d-y][left+2*x-y+n] = hexLetters[x]
	}
	return c.String()
}

// hexXY returns a hexhex point's lattice coordinates.
func (g *Graph) hexXY(p int) (x, y int) { return int(g.lattice[p][0]), int(g.lattice[p][1]) }

func (g *Graph) gridText(at func(p int) Color, last int) string {
	w, h := g.width, g.height
	var sb strings.Builder
	letters := "   "
	for x := 0; x < w; x++ {
		letters += " " + string(goLetters[x])
	}
	sb.WriteString(letters + "\n")
	for y := h - 1; y >= 0; y-- {
		fmt.Fprintf(&sb, "%3d", y+1)
		for x := 0; x < w; x++ {
			p := y*w + x
			if p == last {
				sb.WriteByte('>')
			} else {
				sb.WriteByte(' ')
			}
			sb.WriteByte(at(p).Symbol())
		}
		fmt.Fprintf(&sb, " %d\n", y+1)
	}
	sb.WriteString(letters + "\n")
	return sb.String()
}

func (g *Graph) listText(at func(p int) Color, last int) string {
	order := make([]int, g.N())
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if g.y[a] != g.y[b] {
			return g.y[a] > g.y[b]
		}
		return g.x[a] < g.x[b]
	})
	var sb strings.Builder
	for _, p := range order {
		mark := " "
		if p == last {
			mark = ">"
		}
		fmt.Fprintf(&sb, "%s%s %c\n", mark, g.names[p], at(p).Symbol())
	}
	return sb.String()
}
