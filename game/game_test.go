package game_test

import (
	"fmt"
	"testing"

	"moku/board"
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
