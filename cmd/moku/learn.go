package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"

	"moku/game"
	"moku/internal/cli"
	"moku/prior"
	"moku/search"
)

func init() {
	register("learn", "learn move priors (gammas of patterns and tactical features) from a directory of SGF records", runLearn)
}

func runLearn(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("learn")
	var c prior.LearnConfig
	fs.StringVar(&c.Out, "out", "", "the weights file to write after every iteration, and to resume from (default: prior/weights/GAME-GEOMETRY.txt under the current directory, GAMEn-GEOMETRY.txt for n-player records)")
	fs.IntVar(&c.Iterations, "iterations", 20, "MM iterations in all (a resumed run counts those done)")
	fs.Float64Var(&c.Prior, "prior", 1, "weight of the prior: a virtual win and loss of every feature against a move of strength 1")
	fs.IntVar(&c.TestEvery, "test-every", 10, "hold out every n-th record to test the model on (0: none)")
	fs.IntVar(&c.MinCount, "min-count", 0, "leave out every feature found among fewer than this many candidate moves of the training positions (its gamma then counts 1): for the large shapes, which are mostly rare")
	fs.Float64Var(&c.PlayedShare, "played-share", 0, "in a position whose move carries a search's visits (MKVISITS, moku label), the share of the target the move played gets, the visits the rest: 0 learns the visits alone, 1 the move played alone")
	note := fs.String("note", "", "a comment line for the weights file, e.g. where the records came from")
	quiet := fs.Bool("quiet", false, "no progress on standard error")
	owners := fs.Bool("owners", false, fmt.Sprintf("learn the owner feature too: each point's owner at the end of %d playouts from each position, as the search computes it (slower)", search.OwnerPlayouts))
	if err := cli.Parse(fs, args, stdout, cli.Spec{Args: "DIR", Min: 1, Max: 1, About: "Learns the gammas of a generalized Bradley-Terry model of moves (Coulom's\nminorization-maximization) from the SGF records in DIR, one game and kind of\nboard, and writes them as a weights file (see \"go doc moku/prior\"). The file\nis written after every iteration; run the same command again to resume an\ninterrupted run. Ctrl-C stops after the record being read or the group\nbeing fitted."}); err != nil {
		return err
	}
	c.Records = fs.Arg(0)
	if *owners {
		c.Owners = func(s game.State) []game.Shares { return search.Owners(s, 1) }
	}
	if !*quiet {
		c.Progress = stderr
	}
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = a
		if a == "" || strings.ContainsAny(a, " \t\"'") {
			quoted[i] = strconv.Quote(a)
		}
	}
	c.Notes = []string{"command: moku learn " + strings.Join(quoted, " ")}
	if *note != "" {
		c.Notes = append(c.Notes, *note)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	m, err := prior.Learn(ctx, &c)
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted: %s holds the last whole iteration; run the same command again to resume", c.Out)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %s, %d features, %d iterations\n", c.Out, prior.Key(m.Game, m.Players, m.Geometry), len(m.Gamma), m.Iteration)
	for _, n := range m.Notes[len(m.Notes)-2:] {
		fmt.Fprintln(stdout, n)
	}
	return nil
}
