package session_test

import (
	"fmt"

	"moku/board"
	"moku/rules"
	"moku/session"
)

// A game between two people on 5x5 Go: they play, pass, agree that no
// stone is dead, and the game is over.
func ExampleNew() {
	g, _ := board.Parse("5x5")
	r, _ := rules.Parse("go komi=0.5", g)
	game, err := session.New(session.Config{Rules: r, Board: g, Seats: []session.Seat{{Kind: session.Human, Name: "Ann"}, {Kind: session.Human, Name: "Bob"}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range []session.Action{
		{Seat: 0, Kind: session.Move, Arg: "c3"},
		{Seat: 1, Kind: session.Move, Arg: "pass"},
		{Seat: 0, Kind: session.Move, Arg: "pass"},
	} {
		if err := game.Apply(a); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(game.Phase())
	fmt.Println(game.Apply(session.Action{Seat: 1, Kind: session.Move, Arg: "d4"}))
	game.Apply(session.Action{Seat: 0, Kind: session.Accept})
	game.Apply(session.Action{Seat: 1, Kind: session.Accept})
	fmt.Println(game.Phase(), game.Result())
	// Output:
	// scoring
	// the game is not in play (scoring)
	// over B+24.5
}
