package terminal

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/computer"
	"moku/game"
	"moku/record"
)

// TestPlay plays scripted sessions and checks what the players see.
func TestPlay(t *testing.T) {
	dir := t.TempDir()
	saved := filepath.Join(dir, "game.txt")
	for _, tc := range []struct {
		rules, board, input string
		want, not           []string
	}{
		{"keil", "hex:4", "G 7\nbutton\n f 6\nh 9\ng7\nundo\nF6\npass\npass\nquit\n", []string{
			`"h 9" is not a point of this board (hex:4)`,
			"illegal move g7: g7 is occupied",
			"move 3, black to play> ",
			"game over (passes): B+",
			"     7 . . . X\n", // the hexhex drawn as a hexagon: the top row is indented
			"white holds the button (½ point)\n",
		}, nil},
		{"keil", "hex:3", "c3\n", nil, []string{"holds the button"}},
		{"go", "3x3", "undo\nhelp\nsave\nsave " + saved + "\nb2\nsave " + saved + "\nboard\n", []string{
			"nothing to undo", "save FILE (write the game as a move list)", "cannot save: say where: save FILE",
			"saved", "white to move; the board as it stands scores B+9",
		}, nil},
		{"kee players=3", "3x3", "appeal b2\nb2\nappeal b2\n", []string{"move 2, white to play> "}, nil},
		// The worked example of docs/rules/kee.md: White's pass rescinds
		// its recapture, which Black appealed against.
		{"kee komi=0", "2x1", "a1\nb1\na1\nappeal a1\npass\npass\npass\n", []string{
			"illegal move a1",
			"white's pass rescinds white's play at b1, which an opponent appealed against: it is taken back with the passes after it, and white is to play again, not at b1\n",
			"game over (passes): B+2",
		}, nil},
		{"kee komi=0", "2x1", "a1\nb1\nappeal a1\nappeal a1\npass\n", []string{"game over (passes): W+2"}, []string{"rescinds"}},
		// help: the rules of the game being played, then the commands.
		{"keil", "hex:3", "help\n", []string{
			"Keil: Go on the hexhex", "No move may bring back a position you made before.",
			"The button (\"button\") can be taken once", "scoring: linked, komi", "Type a point to place a stone there",
		}, nil},
		{"go", "3x3", "?\n", []string{"Go: Plain Go", "positional superko", "without a liberty is illegal", "komi 0 to white"}, []string{"The button"}},
		{"kee", "3x3", "help\n", []string{"Go under the Kee Rules", `passes with "appeal POINT"`, "rescinds it", "suicide is allowed"}, nil},
		{"ki", "3x3", "help\n", []string{"Ki: Majority control", "A position that recurs ends the game."}, []string{"liberty"}},
	} {
		s, err := catalog.Start(catalog.Config{Rules: tc.rules, Board: tc.board})
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		if err := Play(s, strings.NewReader(tc.input), &out); err != nil {
			t.Errorf("%s: %v", tc.rules, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s %q: output lacks %q:\n%s", tc.rules, tc.input, w, out.String())
			}
		}
		for _, w := range tc.not {
			if strings.Contains(out.String(), w) {
				t.Errorf("%s %q: output has %q:\n%s", tc.rules, tc.input, w, out.String())
			}
		}
	}
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	ml, err := record.ParseMoveList(strings.NewReader(string(data)))
	if err != nil || len(ml.Moves) != 1 || ml.Moves[0].Move != "b2" {
		t.Errorf("saved %q: %+v, %v", data, ml, err)
	}
}

// TestPlayComputer plays against the computer at its random level: its
// seats move by themselves, the people's are asked for, and a game given
// wholly to the computer plays to its end without a line read.
func TestPlayComputer(t *testing.T) {
	for _, tc := range []struct {
		rules, board string
		seats        []board.Color
		input        string
		ends         bool // the game must end (else it is quit)
	}{
		{"go", "3x3", []board.Color{board.White}, strings.Repeat("pass\n", 500), true},
		{"kee players=3", "3x3", []board.Color{board.White, board.Red}, strings.Repeat("pass\n", 20) + "quit\n", false},
		{"keil", "hex:2", []board.Color{board.Black, board.White}, "", true},
	} {
		s, err := catalog.Start(catalog.Config{Rules: tc.rules, Board: tc.board})
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{Computer: map[board.Color]game.Player{}}
		for _, c := range tc.seats {
			if opt.Computer[c], err = computer.New("random", s.Rules()); err != nil {
				t.Fatal(err)
			}
		}
		var out strings.Builder
		if err := PlayWith(s, strings.NewReader(tc.input), &out, opt); err != nil {
			t.Fatalf("%s: %v", tc.rules, err)
		}
		text := out.String()
		if tc.ends && (!s.Over() || !strings.Contains(text, "game over")) {
			t.Errorf("%s: the game did not end:\n%s", tc.rules, text)
		}
		for _, c := range tc.seats {
			if !strings.Contains(text, c.String()+" is the computer (random)\n") || !strings.Contains(text, ", "+c.String()+" (the computer) plays ") {
				t.Errorf("%s: no word of %s, the computer:\n%s", tc.rules, c, text)
			}
			if strings.Contains(text, ", "+c.String()+" to play> ") {
				t.Errorf("%s: %s, the computer's seat, was asked for a move:\n%s", tc.rules, c, text)
			}
		}
		for _, p := range s.History() {
			if _, ok := opt.Computer[p.Player]; !ok && p.Move.Kind != game.Pass {
				t.Errorf("%s: %s, a person who only passes, made %v", tc.rules, p.Player, p.Move.Format(s.Graph()))
			}
		}
	}
}
