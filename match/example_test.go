package match_test

import (
	"fmt"

	"moku/match"
)

// An engine's command line, split as a shell would (quotes and
// backslashes), before match starts it.
func ExampleSplitCommand() {
	words, err := match.SplitCommand(`gnugo --mode gtp --level 1 --comment "a b" c\ d`)
	fmt.Printf("%q %v\n", words, err)
	// Output: ["gnugo" "--mode" "gtp" "--level" "1" "--comment" "a b" "c d"] <nil>
}

// The seats of a three-player match rotate from game to game: Seats(n, p)
// gives the engine (0-based) at each colour in game n.
func ExampleSeats() {
	for n := 1; n <= 3; n++ {
		fmt.Println(match.Seats(n, 3))
	}
	// Output:
	// [0 1 2]
	// [1 2 0]
	// [2 0 1]
}
