package board_test

import (
	"fmt"

	"moku/board"
)

// The hexhex of side 2, Keil's smallest board: 7 points, the centre with
// six neighbours, and the two witnesses of a pair of neighbours (the
// points next to both), which Keil's linking rule reads.
func ExampleHex() {
	g, _ := board.Hex(2)
	centre, _ := g.Point("b2")
	fmt.Println(g.N(), g.Kind(), g.Degree(centre))
	var names []string
	for _, q := range g.Neighbors(centre) {
		names = append(names, g.Name(int(q)))
	}
	fmt.Println(names)
	a1, _ := g.Point("a1")
	for _, w := range g.Witnesses(centre, a1) {
		fmt.Print(g.Name(int(w)), ";")
	}
	fmt.Println()
	fmt.Print(g.Text(func(int) board.Color { return board.Empty }, -1))
	// Output:
	// 7 hex 6
	// [a1 b1 a2 c2 b3 c3]
	// b1;a2;
	//    3 . .
	//   2 . . .
	//    1 . . c
	//       a b
}

// The honeycomb of side 2: seven hexagonal cells, their 24 corners the
// points, each with two or three neighbours.
func ExampleHoneycomb() {
	g, _ := board.Honeycomb(2)
	fmt.Println(g.Description())
	count := map[int]int{}
	for p := 0; p < g.N(); p++ {
		count[g.Degree(p)]++
	}
	fmt.Println(count)
	// The bottom row's left point: its row neighbour, and the point above
	// it in row 2 (a2 is further left, a corner of the lower left cell).
	a1, _ := g.Point("a1")
	var names []string
	for _, q := range g.Neighbors(a1) {
		names = append(names, g.Name(int(q)))
	}
	fmt.Println(names)
	// Output:
	// honeycomb of side 2, 24 points
	// map[2:12 3:12]
	// [b1 b2]
}

// The surface of a cube of 2×2 faces: 24 squares, each with four
// neighbours. The front's upper left square touches the left face and the
// top across the cube's edges; the net draws the top beside it but leaves
// the edge to the left face's top out (a seam: the net is cut there).
func ExampleCube() {
	g, _ := board.Cube(2)
	fmt.Println(g.Description())
	fa2, _ := g.Point("fa2")
	var names []string
	for _, q := range g.Neighbors(fa2) {
		names = append(names, g.Name(int(q)))
	}
	fmt.Println(names)
	ua1, _ := g.Point("ua1")
	lb2, _ := g.Point("lb2")
	fmt.Println(g.Adjacent(ua1, lb2), g.Seam(ua1, lb2), g.Seam(ua1, fa2))
	// Output:
	// cube of 2×2 faces, 24 points
	// [ua1 lb2 fa1 fb2]
	// true true false
}

// Builtin reads the specification of a built-in board, and never a file:
// what a server takes from anyone.
func ExampleBuiltin() {
	for _, spec := range []string{"tri:4", "cube:3", "honeycomb:3", "moku.json"} {
		g, err := board.Builtin(spec)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(g.Kind(), g.Description())
	}
	// Output:
	// tri triangle of side 4, 10 points
	// cube cube of 3×3 faces, 54 points
	// honeycomb honeycomb of side 3, 54 points
	// board "moku.json": want hex:N, WxH, N, torus:WxH, honeycomb:N, tri:N or cube:N
}
