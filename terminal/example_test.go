package terminal_test

import (
	"fmt"
	"strings"

	"moku/catalog"
	"moku/terminal"
)

// A move and a refused one on 2x2 Go, then quit: the board after each
// move, the prompt, the reason for the refusal.
func ExamplePlay() {
	s, err := catalog.Start(catalog.Config{Rules: "go komi=0", Board: "2x2"})
	if err != nil {
		fmt.Println(err)
		return
	}
	var out strings.Builder
	terminal.Play(s, strings.NewReader("a1\na1\nquit\n"), &out)
	for _, line := range strings.Split(out.String(), "\n")[4:] {
		fmt.Println(strings.TrimRight(line, " "))
	}
	// Output:
	//     a b
	//   2 . . 2
	//   1 . . 1
	//     a b
	// move 1, black to play>
	//     a b
	//   2 . . 2
	//   1>X . 1
	//     a b
	// move 2, white to play> illegal move a1: a1 is occupied
	// move 2, white to play>
}
