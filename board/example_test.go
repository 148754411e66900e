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
