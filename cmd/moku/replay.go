package main

import (
	"fmt"
	"io"
	"moku/internal/cli"
	"os"

	"moku/game"
	"moku/record"
)

func init() {
	register("replay", "replay a game record: the first illegal move with its reason, or the final position and score", runReplay)
}

func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("replay")
	if err := cli.Parse(fs, args, stdout, cli.Spec{Args: "FILE", Min: 1, Max: 1, About: "Replays a game record (an SGF file or a plain move list; - reads standard\ninput): the first illegal move with its reason, or the final position and score."}); err != nil {
		return err
	}
	var data []byte
	var err error
	if name := fs.Arg(0); name == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return err
	}
	s, rec, games, err := record.Replay(fs.Arg(0), data)
	if s == nil {
		return err
	}
	if games > 1 {
		fmt.Fprintf(stdout, "the file holds %d games; replaying the first\n", games)
	}
	fmt.Fprintf(stdout, "rules %s\nboard %s\n", s.Rules(), s.Graph().Spec())
	if err != nil {
		fmt.Fprintf(stdout, "position before the illegal move:\n%s", game.Text(s))
		return err
	}
	n := len(game.Actions(s))
	if rec != nil {
		n = rec.MoveCount() // the file's moves: passes implied by moves out of turn are not counted
	}
	fmt.Fprintf(stdout, "%d moves, all legal\n%s%s", n, game.Text(s), record.Status(s, rec))
	return nil
}
