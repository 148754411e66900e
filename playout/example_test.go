package playout_test

import (
	"fmt"

	"moku/board"
	"moku/catalog"
	"moku/playout"
)

// A fast board for the position of a rules engine: load it, play a random
// game to the end, and count. Every point of 5x5 Go is then Black's or
// White's, or shared out between them when a playout ends in seki or
// with neutral points.
func ExampleNew() {
	s, err := catalog.Start(catalog.Config{Rules: "go komi=0", Board: "5x5"})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := playout.New(s.Rules(), s.Graph())
	if err != nil {
		fmt.Println(err)
		return
	}
	r := playout.NewRand(1)
	b.Load(s)
	n := b.Playout(r)
	score := b.Score()
	fmt.Println(n >= len(b.Steps()), score[board.Black]+score[board.White] <= 25)
	// Output: true true
}
