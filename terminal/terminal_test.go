package terminal

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"moku/catalog"
	"moku/record"
)

// TestPlay plays scripted sessions and checks what the players see.
func TestPlay(t *testing.T) {
	dir := t.TempDir()
	saved := filepath.Join(dir, "game.txt")
	for _, tc := range []struct {
		rules, board, input string
		want                []string
	}{
		{"keil", "hex:4", "G 7\nbutton\n f 6\nh 9\ng7\nundo\nF6\npass\npass\nquit\n", []string{
			`"h 9" is not a point of this board (hex:4)`,
			"illegal move g7: g7 is occupied",
			"move 3, black to play> ",
			"game over (passes): B+",
			"     7 . . . X\n", // the hexhex drawn as a hexagon: the top row is indented
		}},
		{"go", "3x3", "undo\nhelp\nsave\nsave " + saved + "\nb2\nsave " + saved + "\nboard\n", []string{
			"nothing to undo", "save FILE (write the game as a move list)", "cannot save: say where: save FILE",
			"saved", "white to move; the board as it stands scores B+9",
		}},
		{"kee players=3", "3x3", "appeal b2\nb2\nappeal b2\n", []string{"move 2, white to play> "}},
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
				t.Errorf("%s: output lacks %q:\n%s", tc.rules, w, out.String())
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
