package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"moku/catalog"
	"moku/game"
	"moku/record"
)

func init() {
	register("play", "play a game at the terminal, people taking turns at one keyboard", runPlay)
}

const playHelp = `Type a point to place a stone there (case and spaces don't matter: "G 7" is g7),
or one of: pass, button (Keil), appeal <point> (Kee), resign, undo,
save FILE (write the game as a move list), board, help, quit.
`

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := catalog.AddFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := gf.Config()
	if err != nil {
		return err
	}
	s, err := catalog.Start(cfg)
	if err != nil {
		return err
	}
	for _, w := range s.Graph().Warnings() {
		fmt.Fprintln(stderr, "warning:", w)
	}
	fmt.Fprintf(stdout, "moku: %s on %s\n%s", s.Rules(), s.Graph().Spec(), playHelp)
	in := bufio.NewScanner(stdin)
	show := true
	for {
		if show {
			fmt.Fprint(stdout, "\n"+game.Text(s))
			if s.Over() {
				fmt.Fprint(stdout, status(s, nil))
			}
		}
		show = true
		if s.Over() {
			fmt.Fprint(stdout, "game over> ")
		} else {
			fmt.Fprintf(stdout, "move %d, %s to play> ", len(s.History())+1, s.ToMove())
		}
		if !in.Scan() {
			fmt.Fprintln(stdout)
			return in.Err()
		}
		line := strings.TrimSpace(in.Text())
		word, rest, _ := strings.Cut(strings.ToLower(line), " ")
		switch word {
		case "":
			show = false
		case "quit", "exit", "q":
			return nil
		case "help", "?":
			fmt.Fprint(stdout, playHelp)
			show = false
		case "board", "score":
			fmt.Fprint(stdout, status(s, nil))
		case "undo":
			if !s.Undo() {
				fmt.Fprintln(stdout, "nothing to undo")
				show = false
			}
		case "save":
			if err := save(strings.TrimSpace(line[len(word):]), s); err != nil {
				fmt.Fprintln(stdout, "cannot save:", err)
			} else {
				fmt.Fprintln(stdout, "saved")
			}
			show = false
		default:
			if word == "appeal" {
				line = "appeal-" + rest
			}
			m, err := game.ParseMove(s.Graph(), line)
			if err == nil {
				err = s.Play(m)
			}
			if err != nil {
				fmt.Fprintln(stdout, err)
				show = false
			}
		}
	}
}

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
