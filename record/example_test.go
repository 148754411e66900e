package record_test

import (
	"fmt"
	"os"

	"moku/game"
	"moku/record"
)

// Reading a game another program wrote: RU[Chinese] reads as moku's go
// ruleset, the game replays under it, and the record written back keeps
// what moku does not interpret (the comment) beside the ruleset in full.
func ExampleReadSGF() {
	recs, err := record.ReadSGF([]byte("(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese];B[cc];W[dc]C[a reply];B[dd])"))
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := recs[0].Replay()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Rules().Name, len(s.History()), "moves,", s.ToMove(), "to move")
	fmt.Print(game.Text(s))
	recs[0].WriteSGF(os.Stdout)
	// Output:
	// go 3 moves, white to move
	//     a b c d e
	//   5 . . . . . 5
	//   4 . . . . . 4
	//   3 . . X O . 3
	//   2 . . .>X . 2
	//   1 . . . . . 1
	//     a b c d e
	// (;GM[1]FF[4]CA[UTF-8]SZ[5]KM[0.5]MKRU[go links=plain ko=positional suicide=forbidden scoring=area button=off komi=0.5 players=2]RU[Chinese]
	// ;B[cc]
	// ;W[dc]C[a reply]
	// ;B[dd])
}
