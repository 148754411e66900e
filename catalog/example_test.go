package catalog_test

import (
	"fmt"

	"moku/board"
	"moku/catalog"
)

// A game of any kind from a ruleset and a board: Ki on its default board,
// then Kee for three players on 5x5.
func ExampleStart() {
	for _, c := range []catalog.Config{
		{Rules: "ki"},
		{Rules: "kee players=3", Board: "5x5"},
	} {
		s, err := catalog.Start(c)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s on %s: %s to move\n", s.Rules().Name, s.Graph().Spec(), s.ToMove())
	}
	_, err := catalog.Start(catalog.Config{Rules: "ki", Board: "10x10"})
	fmt.Println(err != nil)
	// Output:
	// ki on 11x11: black to move
	// kee on 5x5: black to move
	// true
}

// The table of games, as the command line and the web app offer them.
func ExampleGames() {
	for _, g := range catalog.Games {
		fmt.Printf("%-5s %-23s %s, %d to %d players\n", g.Name, g.Title, g.Board, g.MinPlayers, g.MaxPlayers)
	}
	// Output:
	// keil  Keil                    hex:7, 2 to 2 players
	// kee   Go under the Kee Rules  9x9, 2 to 4 players
	// ki    Ki                      11x11, 2 to 2 players
	// go    Go                      19x19, 2 to 2 players
}

// The boards a game is offered on where people choose one, and why
// another is refused.
func ExampleGame_Gallery() {
	keil, _ := catalog.Lookup("keil")
	fmt.Println(keil.Gallery())
	ki, _ := catalog.Lookup("ki")
	fmt.Println(ki.Gallery())
	cube, _ := board.Builtin("cube:3")
	fmt.Println(ki.Allows(cube))
	// Output:
	// [hex:3 hex:4 hex:5 hex:6 hex:7 hex:8]
	// [5x5 7x7 9x9 11x11 13x13 19x19]
	// Ki is not played on cube:3 here: its boards are odd square boards NxN from 3x3 (an even board allows ties; 11x11 is the usual board)
}
