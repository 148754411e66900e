package ladder_test

import (
	"fmt"

	"moku/ladder"
)

// A rung is named by the settings of moku's engine (the seed, the game's
// flags and the defaults left out), any other engine by its command line.
func ExampleRungName() {
	self := "moku 0.1 (genmove: mcts 10000 playouts, 2 threads)"
	for _, command := range []string{
		"moku gtp --game keil --board hex:5 --player random --seed 2",
		"moku gtp --game keil --board hex:5 --playouts 10000 --threads 2 --heavy=false --seed 1",
		"gnugo --mode gtp --level 1",
	} {
		fmt.Println(ladder.RungName(command, self))
	}
	// Output:
	// random
	// 10k --threads 2
	// gnugo --mode gtp --level 1
}
