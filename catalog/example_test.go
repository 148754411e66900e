package catalog_test

import (
	"fmt"

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
