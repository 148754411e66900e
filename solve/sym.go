package solve

import (
	"math"
	"math/bits"

	"moku/board"
)

// symmetries returns the automorphisms of g that are rigid motions of its
// drawing: rotations by multiples of 60° and 90° about the centroid of the
// points, each with or without a reflection, kept only if they map every
// point onto a point and every edge onto an edge (so adjacency, and with it
// Keil's witnesses, is preserved). perm[0] is the identity. Each
// permutation maps a point p to perm[p]. Graphs without drawing symmetry get
// the identity alone, which is always correct.
func symmetries(g *board.Graph) [][]int {
	n := g.N()
	id := make([]int, n)
	for p := range id {
		id[p] = p
	}
	out := [][]int{id}
	if n == 0 || g.Kind() == "torus" {
		return out
	}
	var cx, cy float64
	for p := 0; p < n; p++ {
		x, y := g.Coord(p)
		cx += x
		cy += y
	}
	cx /= float64(n)
	cy /= float64(n)
	type key struct{ x, y int64 }
	round := func(x, y float64) key { return key{int64(math.Round(x * 1e4)), int64(math.Round(y * 1e4))} }
	at := make(map[key]int, n)
	for p := 0; p < n; p++ {
		x, y := g.Coord(p)
		at[round(x-cx, y-cy)] = p
	}
	for _, deg := range []float64{0, 60, 90, 120, 180, 240, 270, 300} {
		for _, mirror := range []bool{false, true} {
			if deg == 0 && !mirror {
				continue
			}
			th := deg * math.Pi / 180
			c, s := math.Cos(th), math.Sin(th)
			perm := make([]int, n)
			ok := true
			for p := 0; p < n && ok; p++ {
				x, y := g.Coord(p)
				x, y = x-cx, y-cy
				if mirror {
					x = -x
				}
				q, found := at[round(c*x-s*y, s*x+c*y)]
				perm[p], ok = q, found
			}
			if ok && isAutomorphism(g, perm) && !contains(out, perm) {
				out = append(out, perm)
			}
		}
	}
	return out
}

// isAutomorphism reports whether perm is a bijection of g's points that
// maps edges to edges.
func isAutomorphism(g *board.Graph, perm []int) bool {
	seen := make([]bool, len(perm))
	for _, q := range perm {
		if seen[q] {
			return false
		}
		seen[q] = true
	}
	for p := range perm {
		if g.Degree(p) != g.Degree(perm[p]) {
			return false
		}
		for _, q := range g.Neighbors(p) {
			if !g.Adjacent(perm[p], perm[q]) {
				return false
			}
		}
	}
	return true
}

func contains(list [][]int, perm []int) bool {
	for _, l := range list {
		same := true
		for i := range l {
			if l[i] != perm[i] {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}

// permuteMask maps a set of points (bit p) through perm.
func permuteMask(m uint64, perm []int) uint64 {
	var out uint64
	for m != 0 {
		p := bits.TrailingZeros64(m)
		m &= m - 1
		out |= 1 << uint(perm[p])
	}
	return out
}
