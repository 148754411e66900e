// Package terminal plays a game at the terminal, people taking turns at
// one keyboard: moku play. Play reads commands (a point, pass, button,
// appeal, resign, undo, save, board, help, quit) and prints the board
// after each move.
//
// Start with Play.
package terminal

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"moku/game"
	"moku/record"
)

// Help is what the help command prints.
const Help = `Type a point to place a stone there (case and spaces don't matter: "G 7" is g7),
or one of: pass, button (Keil), appeal <point> (Kee), resign, undo,
save FILE (write the game as a move list), board, help, quit.
`

// Play plays s with the commands read from in until quit or the end of
// in, writing the board and the prompts to out. A refused command (an
// illegal move, a file that cannot be written) is reported and play goes
// on.
func Play(s game.State, in io.Reader, out io.Writer) error {
	fmt.Fprintf(out, "moku: %s on %s\n%s", s.Rules(), s.Graph().Spec(), Help)
	sc := bufio.NewScanner(in)
	show := true
	for {
		if show {
			fmt.Fprint(out, "\n"+game.Text(s))
			if s.Over() {
				fmt.Fprint(out, record.Status(s, nil))
			}
		}
		if s.Over() {
			fmt.Fprint(out, "game over> ")
		} else {
			fmt.Fprintf(out, "move %d, %s to play> ", len(s.History())+1, s.ToMove())
		}
		if !sc.Scan() {
			fmt.Fprintln(out)
			return sc.Err()
		}
		var quit bool
		show, quit = command(s, strings.TrimSpace(sc.Text()), out)
		if quit {
			return nil
		}
	}
}

// command carries out one line typed, and says whether the board is to
// be shown again and whether to quit.
func command(s game.State, line string, out io.Writer) (show, quit bool) {
	word, rest, _ := strings.Cut(strings.ToLower(line), " ")
	switch word {
	case "":
		return false, false
	case "quit", "exit", "q":
		return false, true
	case "help", "?":
		fmt.Fprint(out, Help)
		return false, false
	case "board", "score":
		fmt.Fprint(out, record.Status(s, nil))
		return true, false
	case "undo":
		if !s.Undo() {
			fmt.Fprintln(out, "nothing to undo")
			return false, false
		}
		return true, false
	case "save":
		if err := save(strings.TrimSpace(line[len(word):]), s); err != nil {
			fmt.Fprintln(out, "cannot save:", err)
		} else {
			fmt.Fprintln(out, "saved")
		}
		return false, false
	}
	if word == "appeal" {
		line = "appeal-" + rest
	}
	m, err := game.ParseMove(s.Graph(), line)
	if err == nil {
		err = s.Play(m)
	}
	if err != nil {
		fmt.Fprintln(out, err)
		return false, false
	}
	return true, false
}

// save writes s as a plain move list to the file name.
func save(name string, s game.State) error {
	if name == "" {
		return fmt.Errorf("say where: save FILE")
	}
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := record.WriteMoveList(f, s); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
