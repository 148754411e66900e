package liberty_test

import (
	"fmt"

	"moku/board"
	"moku/game"
	"moku/liberty"
	"moku/rules"
)

// A capture on 3x3 Go, a move the rules refuse, and the count.
func ExampleNew() {
	g, _ := board.Rect(3, 3)
	r, _ := rules.Preset("go", g)
	r.Komi = 0
	p, err := liberty.New(r, g)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Black surrounds White's a1 and takes it.
	if err := game.PlayAll(p, "b1 a1 a2"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(game.Text(p))
	m, _ := game.ParseMove(g, "a1")
	fmt.Println(p.Play(m)) // a1 is suicide for White: it has no liberty
	fmt.Println(p.Result())
	// Output:
	//     a b c
	//   3 . . . 3
	//   2>X . . 2
	//   1 . X . 1
	//     a b c
	// illegal move a1: suicide: the stone at a1 would have no liberty
	// B+9
}
