package search_test

import (
	"fmt"

	"moku/catalog"
	"moku/game"
	"moku/search"
)

// A search of 10,000 playouts from the empty 3x3 Go board (komi 7.5)
// finds the centre, the first move that takes the whole board (3x3 is
// B+9), and says that Black is winning.
func ExampleSearch() {
	s, _ := catalog.Start(catalog.Config{Rules: "go", Board: "3x3"})
	o := search.DefaultOptions()
	o.Playouts = 10000
	a, err := search.Search(s, o)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Best.Format(s.Graph()), a.WinRate > 0.5, len(a.Ownership))
	// Output: b2 true 9
}

// After White's pass, with Black's stone alone in the centre of 3x3, the
// board is Black's: the player passes to end the game it has won, without
// a search.
func ExamplePlayer_Genmove() {
	s, _ := catalog.Start(catalog.Config{Rules: "go komi=0", Board: "3x3"})
	if err := game.PlayAll(s, "b2 pass"); err != nil {
		fmt.Println(err)
		return
	}
	p := search.New(search.DefaultOptions())
	m, _ := p.Genmove(s)
	fmt.Println(m.Format(s.Graph()))
	// Output: pass
}
