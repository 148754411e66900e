package main

import (
	"io"
	"moku/internal/cli"

	"moku/catalog"
	"moku/computer"
	"moku/gtp"
)

func init() {
	register("gtp", "a GTP (Go Text Protocol v2) engine on standard input and output", runGTP)
}

func runGTP(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("gtp")
	gf := catalog.AddFlags(fs)
	s := gtp.DefaultSettings()
	s.JudgePlayouts = computer.JudgePlayouts
	s.AddFlags(fs)
	if err := cli.Parse(fs, args, stdout, cli.Spec{About: "A GTP (Go Text Protocol v2) engine on standard input and output."}); err != nil {
		return err
	}
	s.Parsed(fs)
	cfg, err := cli.GameConfig(gf)
	if err != nil {
		return err
	}
	e, err := s.Engine(cfg)
	if err != nil {
		return err
	}
	return e.Run(stdin, stdout)
}
