package computer_test

import (
	"fmt"

	"moku/computer"
	"moku/rules"
)

// The levels a computer seat plays at, each a player with its name; the
// first level plays uniformly random moves.
func ExampleNew() {
	r, _ := rules.Preset("keil", nil)
	for _, level := range computer.Levels {
		p, err := computer.New(level, r)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %s\n", level, p.Name())
	}
	_, err := computer.New("grandmaster", r)
	fmt.Println(err != nil)
	// Output:
	// random: random
	// 1k playouts: mcts 1000 playouts, heavy playouts, 1 threads
	// 10k playouts: mcts 10000 playouts, heavy playouts, 1 threads
	// 30k playouts: mcts 30000 playouts, heavy playouts, 1 threads
	// true
}
