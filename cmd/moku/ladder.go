package main

import (
	"bytes"
	"fmt"
	"io"
	"moku/internal/cli"
	"os"

	"moku/ladder"
)

func init() {
	register("ladder", "Elo ratings (random = 0) from the games of moku match directories: a Markdown table and an SVG plot", runLadder)
}

func runLadder(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("ladder")
	svg := fs.String("svg", "", "write the plot (Elo by rung, one line a game) to this SVG file")
	anchor := fs.String("anchor", "random", "the rung rated 0")
	if err := cli.Parse(fs, args, stdout, cli.Spec{Args: "DIR...", Min: 1, Max: -1, About: "Reads the games (game-NNNN.sgf) that moku match saved in each DIR and the\ndirectories below it, fits Elo ratings for each game (rules and board) and\nprints them as Markdown tables."}); err != nil {
		return err
	}
	l, err := ladder.Read(fs.Args()...)
	if err != nil {
		return err
	}
	if err := l.Fit(*anchor); err != nil {
		return err
	}
	l.WriteMarkdown(stdout)
	if n := l.Skipped(); n > 0 {
		fmt.Fprintf(stderr, "moku ladder: %d games skipped as replays of earlier ones (same players, same moves)\n", n)
	}
	if *svg == "" {
		return nil
	}
	var b bytes.Buffer
	l.WriteSVG(&b)
	return os.WriteFile(*svg, b.Bytes(), 0o644)
}
