package ki_test

import (
	"fmt"

	"moku/board"
	"moku/game"
	"moku/ki"
	"moku/rules"
)

// A short game on 5x5: black's c3 captures the white stone on c2, which
// black then controls, so white may not go back there.
func Example() {
	g, _ := board.Parse("5x5")
	r, _ := rules.Preset("ki", g)
	p, err := ki.New(r, g)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{"b2", "c2", "d2", "a1", "c3", "c2"} {
		m, _ := game.ParseMove(g, s)
		if err := p.Play(m); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Print(game.Text(p))
	fmt.Println(p.ToMove(), "to move; count:", p.Result())
	// Output:
	// illegal move c2: black controls c2: 3 against 0
	//     a b c d e
	//   5 . . . . . 5
	//   4 . . . . . 4
	//   3 . .>X . . 3
	//   2 . X . X . 2
	//   1 O . . . . 1
	//     a b c d e
	// white to move; count: B+2
}
