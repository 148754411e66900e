package main

import (
	"fmt"
	"io"
	"moku/internal/cli"
	"os"

	"moku/computer"
	"moku/game"
	"moku/record"
	"moku/search"
)

func init() {
	register("replay", "replay a game record: the first illegal move with its reason, or the final position and score", runReplay)
}

func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("replay")
	judge := fs.Int("judge", computer.JudgePlayouts, "playouts by which the dead stones of another program's Go record are judged\n(0: count the board as it stands)")
	if err := cli.Parse(fs, args, stdout, cli.Spec{Args: "FILE", Min: 1, Max: 1, About: "Replays a game record (an SGF file or a plain move list; - reads standard\ninput): the first illegal move with its reason, or the final position and score.\nA Go record of another program that ends in a count is counted by area\nwithout the stones moku judges dead, and compared with its RE."}); err != nil {
		return err
	}
	if *judge < 0 {
		return cli.Usagef("-judge %d: want 0 or more playouts", *judge)
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
	var est game.Estimator
	if *judge > 0 {
		est = search.Playouts{N: *judge, Seed: 1}
	}
	status, err := record.StatusJudged(s, rec, est)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d moves, all legal\n%s%s", n, game.Text(s), status)
	return nil
}
