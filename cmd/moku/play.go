package main

import (
	"flag"
	"fmt"
	"io"

	"moku/catalog"
	"moku/terminal"
)

func init() {
	register("play", "play a game at the terminal, people taking turns at one keyboard", runPlay)
}

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
	return terminal.Play(s, stdin, stdout)
}
