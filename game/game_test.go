package game_test

import (
	"fmt"
	"strings"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/game"
)

func TestParseMove(t *testing.T) {
	hex, _ := board.Hex(7)
	for _, tc := range []struct{ in, want string }{
		{"g7", "g7"}, {"G7", "g7"}, {" g 7 ", "g7"}, {"M13", "m13"},
		{"pass", "pass"}, {"PASS", "pass"}, {"Button", "button"}, {"resign", "resign"},
		{"appeal-a1", "appeal-a1"}, {"appeal a1", "appeal-a1"}, {"Appeal-A 1", "appeal-a1"},
	} {
		m, err := game.ParseMove(hex, tc.in)
		if err != nil || m.Format(hex) != tc.want {
			t.Errorf("ParseMove(%q) = %v, %v; want %s", tc.in, m.Format(hex), err, tc.want)
		}
	}
	for _, bad := range []string{"", "n1", "a0", "g 7 7", "appeal-", "appeal-zz", "pas"} {
		if _, err := game.ParseMove(hex, bad); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
}

func TestResult(t *testing.T) {
	two := game.Result{Players: 2}
	two.Score[board.Black], two.Score[board.White] = 40, 41.5
	if got := two.String(); got != "W+1.5" {
		t.Errorf("two players: %s", got)
	}
	two.Score[board.White] = 40
	if got := two.String(); got != "0" || two.Winner() != board.Empty {
		t.Errorf("tie: %s, winner %v", got, two.Winner())
	}
	two.Resigned = []board.Color{board.White}
	if got := two.String(); got != "B+R" {
		t.Errorf("resignation: %s", got)
	}
	four := game.Result{Players: 4}
	four.Score = [5]float64{0, 10, 12, 12, 3}
	if got := four.String(); got != "1. white 12, 1. red 12, 3. black 10, 4. blue 3" {
		t.Errorf("four players: %s", got)
	}
	four.Resigned = []board.Color{board.Red, board.White}
	if got := four.String(); got != "1. black 10, 2. blue 3, 3. white resigned, 4. red resigned" {
		t.Errorf("four players with resignations: %s", got)
	}
}

func ExampleParseMove() {
	g, _ := board.Hex(4)
	m, _ := game.ParseMove(g, " D 4 ")
	fmt.Println(m.Format(g), m.Kind == game.Place)
	// Output: d4 true
}

func TestPlayAll(t *testing.T) {
	s, err := catalog.Start(catalog.Config{Rules: "go", Board: "5x5"})
	if err != nil {
		t.Fatal(err)
	}
	if err := game.PlayAll(s, "c3 d4  pass"); err != nil {
		t.Fatal(err)
	}
	if n := len(s.History()); n != 3 || s.ToMove() != board.White {
		t.Fatalf("after three moves: %d played, %v to move", n, s.ToMove())
	}
	for _, tc := range []struct{ moves, want string }{
		{"b2 c3 e5", "move 2 of the list (c3): illegal move c3: "},
		{"a1 z9", "move 2 of the list (z9): \"z9\" is not a point"},
	} {
		before := len(s.History())
		err := game.PlayAll(s, tc.moves)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("PlayAll(%q) = %v, want %q…", tc.moves, err, tc.want)
		}
		if got := len(s.History()); got != before+1 {
			t.Errorf("PlayAll(%q) played %d moves, want the 1 before the bad one", tc.moves, got-before)
		}
	}
}

func ExamplePlayAll() {
	s, _ := catalog.Start(catalog.Config{Rules: "keil", Board: "hex:3"})
	fmt.Println(game.PlayAll(s, "c3 button b2"))
	fmt.Println(game.PlayAll(s, "c3"))
	// Output:
	// <nil>
	// move 1 of the list (c3): illegal move c3: c3 is occupied
}
