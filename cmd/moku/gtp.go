package main

import (
	"flag"
	"io"

	"moku/catalog"
	"moku/computer"
	"moku/gtp"
)

func init() {
	register("gtp", "a GTP (Go Text Protocol v2) engine on standard input and output", runGTP)
}

func runGTP(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gtp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := catalog.AddFlags(fs)
	s := gtp.DefaultSettings()
	s.JudgePlayouts = computer.JudgePlayouts
	s.AddFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := gf.Config()
	if err != nil {
		return err
	}
	e, err := s.Engine(cfg)
	if err != nil {
		return err
	}
	return e.Run(stdin, stdout)
}
