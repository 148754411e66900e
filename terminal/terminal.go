// Package terminal plays a game at the terminal: people taking turns at
// one keyboard, and the computer in the seats given to it (moku play).
// Play reads commands (a point, pass, button, appeal, resign, undo, save,
// board, help, quit) and prints the board after each move; the computer's
// seats move by themselves.
//
// Lines are read through a LineReader: plain lines of any reader
// (Lines), or, at a real terminal, x/term's line editor, with arrow keys
// and history (Console).
//
// Start with Play.
package terminal

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/record"
	"moku/rules"
)

// Help is the move syntax and the commands, which the help command prints
// after the rules of the game being played.
const Help = `Type a point to place a stone there (case and spaces don't matter: "G 7" is g7),
or one of: pass, button (Keil), appeal <point> (Kee), resign, undo,
save FILE (write the game as a move list), board, help, quit.
`

// LineReader reads the lines typed, each after a prompt. Lines and a
// golang.org/x/term Terminal are LineReaders.
type LineReader interface {
	SetPrompt(prompt string)
	// ReadLine returns the next line, or io.EOF at the end of the input.
	ReadLine() (string, error)
}

// Lines returns a LineReader of the plain lines of in, writing each prompt
// to out: for input that is not a terminal (a file, a pipe, a test).
func Lines(in io.Reader, out io.Writer) LineReader {
	return &plainLines{sc: bufio.NewScanner(in), out: out}
}

type plainLines struct {
	sc     *bufio.Scanner
	out    io.Writer
	prompt string
}

func (p *plainLines) SetPrompt(prompt string) { p.prompt = prompt }

func (p *plainLines) ReadLine() (string, error) {
	fmt.Fprint(p.out, p.prompt)
	if !p.sc.Scan() {
		fmt.Fprintln(p.out)
		if err := p.sc.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	return p.sc.Text(), nil
}

// Options are the settings of a game at the terminal.
type Options struct {
	// Computer holds the players of the seats the computer plays (nil:
	// people play every seat).
	Computer map[board.Color]game.Player
	// Lines reads what the people type; nil reads plain lines of the
	// input given to Play.
	Lines LineReader
}

// Play plays s with the commands read from in until quit or the end of
// in, writing the board and the prompts to out, people at every seat.
func Play(s game.State, in io.Reader, out io.Writer) error {
	return PlayWith(s, in, out, Options{})
}

// PlayWith plays s as Play does, the computer moving in the seats
// opt.Computer gives it. A refused command (an illegal move, a file that
// cannot be written) is reported and play goes on; a move the computer
// cannot make ends the game with its error.
func PlayWith(s game.State, in io.Reader, out io.Writer, opt Options) error {
	lines := opt.Lines
	if lines == nil {
		lines = Lines(in, out)
	}
	fmt.Fprintf(out, "moku: %s on %s\n", s.Rules(), s.Graph().Spec())
	for _, c := range seats(s) {
		if p, ok := opt.Computer[c]; ok {
			fmt.Fprintf(out, "%s is the computer (%s)\n", c, p.Name())
		}
	}
	fmt.Fprint(out, Help)
	show := true
	for {
		if show {
			fmt.Fprint(out, "\n"+game.Text(s))
			if h := buttonHolder(s); h != board.Empty {
				fmt.Fprintf(out, "%s holds the button (½ point)\n", h)
			}
			if s.Over() {
				fmt.Fprint(out, record.Status(s, nil))
			}
		}
		if p, ok := opt.Computer[s.ToMove()]; ok && !s.Over() {
			// The start of the line first: the search may take seconds.
			c := s.ToMove()
			fmt.Fprintf(out, "move %d, %s (the computer) plays ", len(s.History())+1, c)
			m, err := p.Genmove(s)
			if err != nil {
				fmt.Fprintln(out)
				return fmt.Errorf("the computer (%s): %v", c, err)
			}
			fmt.Fprintln(out, m.Format(s.Graph()))
			if err := playMove(s, m, out); err != nil {
				return fmt.Errorf("the computer (%s): %v", c, err)
			}
			show = true
			continue
		}
		if s.Over() {
			lines.SetPrompt("game over> ")
		} else {
			lines.SetPrompt(fmt.Sprintf("move %d, %s to play> ", len(s.History())+1, s.ToMove()))
		}
		line, err := lines.ReadLine()
		if err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		var quit bool
		show, quit = command(s, strings.TrimSpace(line), out)
		if quit {
			return nil
		}
	}
}

// seats lists the players of s in turn order.
func seats(s game.State) []board.Color {
	var cs []board.Color
	for c := board.Black; int(c) <= s.Rules().Players; c++ {
		cs = append(cs, c)
	}
	return cs
}

// buttonHolder returns the player who took Keil's button, or board.Empty.
func buttonHolder(s game.State) board.Color {
	for _, p := range s.History() {
		if p.Move.Kind == game.Button {
			return p.Player
		}
	}
	return board.Empty
}

// playMove plays m and, when the move took plays back (a Kee pass that
// rescinds), says which.
func playMove(s game.State, m game.Move, out io.Writer) error {
	before, mover := slices.Clone(s.History()), s.ToMove()
	if err := s.Play(m); err != nil {
		return err
	}
	after := s.History()
	if len(after) > len(before) {
		return nil
	}
	// The history lost moves: the plays after the common prefix were
	// rescinded (K12-K14).
	keep := len(after)
	for _, p := range before[keep:] {
		if p.Move.Kind == game.Place {
			fmt.Fprintf(out, "%s's pass rescinds %s's play at %s, which an opponent appealed against: it is taken back with the passes after it, and %s is to play again, not at %s\n",
				mover, p.Player, p.Move.Format(s.Graph()), p.Player, p.Move.Format(s.Graph()))
		}
	}
	return nil
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
		fmt.Fprint(out, RulesHelp(s.Rules())+Help)
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
		err = playMove(s, m, out)
	}
	if err != nil {
		fmt.Fprintln(out, err)
		return false, false
	}
	return true, false
}

// RulesHelp sums up in a few lines the rules of the game r describes, as
// the help command shows them.
func RulesHelp(r rules.Ruleset) string {
	var b strings.Builder
	if g, ok := catalog.Lookup(r.Game); ok {
		fmt.Fprintf(&b, "%s: %s\n", g.Title, g.Summary)
	}
	if r.Family == rules.Liberty {
		b.WriteString("A group of stones with no empty neighbour (liberty) is captured;\n")
		if r.Suicide == rules.SuicideForbidden {
			b.WriteString("a move that would leave its own group without a liberty is illegal.\n")
		} else {
			b.WriteString("a move may capture its own group (suicide is allowed).\n")
		}
	}
	switch r.Ko {
	case rules.KoPositional:
		b.WriteString("No move may bring back an earlier board (positional superko).\n")
	case rules.KoSituational:
		b.WriteString("No move may bring back an earlier board with the same player to move.\n")
	case rules.KoSimple:
		b.WriteString("A single stone taken in a ko may not be retaken at once.\n")
	case rules.KoOwn:
		b.WriteString("No move may bring back a position you made before.\n")
	case rules.KoCycle:
		b.WriteString("A play that brings back a board can be appealed against: the next player\n" +
			"passes with \"appeal POINT\"; if the player who made it then passes, the pass\n" +
			"rescinds it: it is taken back and that player must play something else.\n")
	case rules.KoControl:
		b.WriteString("A position that recurs ends the game.\n")
	}
	if r.Button {
		b.WriteString("The button (\"button\") can be taken once, by either player, for ½ point;\nno one may pass before it is taken.\n")
	}
	fmt.Fprintf(&b, "Passes in a row by every player end the game; scoring: %s", r.Scoring)
	if r.Players > 2 {
		b.WriteString(".\n")
	} else {
		fmt.Fprintf(&b, ", komi %g to white.\n", r.Komi)
	}
	return b.String()
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
