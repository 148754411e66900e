package main

import (
	"fmt"
	"io"
	"moku/internal/cli"
	"os"
	"slices"
	"strings"

	"moku/board"
	"moku/catalog"
	"moku/computer"
	"moku/game"
	"moku/terminal"
)

func init() {
	register("play", "play a game at the terminal: people at one keyboard, the computer in the seats given to it", runPlay)
}

var playSpec = cli.Spec{About: `Plays a game at the terminal, the board drawn as text. People take turns at
one keyboard; --computer gives seats to the computer, e.g.
  moku play --game keil --board hex:5 --computer white --level "1k playouts"
Type "help" during the game for its rules and the commands.`}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("play")
	gf := catalog.AddFlags(fs)
	seatList := fs.String("computer", "", `the seats the computer plays, comma-separated: black, white (Kee: red, blue too), or "all"`)
	level := fs.String("level", computer.Levels[1], "the computer's strength: "+strings.Join(quoted(computer.Levels), ", "))
	if err := cli.Parse(fs, args, stdout, playSpec); err != nil {
		return err
	}
	if !slices.Contains(computer.Levels, *level) {
		return cli.Usagef("--level %q: unknown level (the levels: %s)", *level, strings.Join(quoted(computer.Levels), ", "))
	}
	cfg, err := cli.GameConfig(gf)
	if err != nil {
		return err
	}
	s, err := catalog.Start(cfg)
	if err != nil {
		return err
	}
	seats, err := parseSeats(*seatList, s.Rules().Players)
	if err != nil {
		return cli.UsageError{Msg: err.Error()}
	}
	opt := terminal.Options{Computer: map[board.Color]game.Player{}}
	for _, c := range seats {
		p, err := computer.New(*level, s.Rules())
		if err != nil {
			return err
		}
		opt.Computer[c] = p
	}
	for _, w := range s.Graph().Warnings() {
		fmt.Fprintln(stderr, "warning:", w)
	}
	out := stdout
	if f, ok := stdin.(*os.File); ok {
		lines, w, restore, isTerm, err := terminal.Console(f, stdout)
		if err != nil {
			return err
		}
		if isTerm {
			defer restore()
			opt.Lines, out = lines, w
		}
	}
	return terminal.PlayWith(s, stdin, out, opt)
}

// parseSeats reads --computer: colours separated by commas, or "all".
func parseSeats(list string, players int) ([]board.Color, error) {
	var seats []board.Color
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	if strings.EqualFold(strings.TrimSpace(list), "all") {
		for c := board.Black; int(c) <= players; c++ {
			seats = append(seats, c)
		}
		return seats, nil
	}
	for _, name := range strings.Split(list, ",") {
		c, err := board.ParseColor(name)
		if err != nil {
			return nil, fmt.Errorf("--computer %s: %v", list, err)
		}
		if int(c) > players {
			return nil, fmt.Errorf("--computer %s: a %d-player game has no %s", list, players, c)
		}
		if !slices.Contains(seats, c) {
			seats = append(seats, c)
		}
	}
	return seats, nil
}

// quoted returns each string in double quotes.
func quoted(ss []string) []string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return q
}
