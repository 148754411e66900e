package gtp_test

import (
	"fmt"
	"strings"

	"moku/catalog"
	"moku/gtp"
)

// A GTP session with a Keil engine on the hexhex of side 3: moves, an
// illegal one refused with its reason, the button, and the board with its
// count.
func ExampleEngine_Execute() {
	e, err := gtp.New(catalog.Config{Rules: "keil", Board: "hex:3"}, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, cmd := range []string{"play b c3", "play w c3", "play w d4", "play b button", "showboard"} {
		resp, _ := e.Execute(cmd)
		fmt.Println(cmd)
		for _, line := range strings.Split(strings.TrimSpace(resp), "\n") {
			fmt.Println(strings.TrimRight(line, " "))
		}
	}
	// Output:
	// play b c3
	// =
	// play w c3
	// ? illegal move c3: c3 is occupied
	// play w d4
	// =
	// play b button
	// =
	// showboard
	// =
	//     5 . . .
	//    4 . . O .
	//   3 . . X . .
	//    2 . . . . e
	//     1 . . . d
	//        a b c
	// white to move; move 4; black 1.5 = 1 stones + 0 territory + 0.5 komi/button; white 2 = 1 stones + 1 territory
}
