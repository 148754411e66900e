package main

import (
	"flag"
	"io"

	"moku/gtp"
)

func init() {
	register("gtp", "a GTP (Go Text Protocol v2) engine on standard input and output", runGTP)
}

func runGTP(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gtp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := addGameFlags(fs)
	seed := fs.Uint64("seed", 1, "seed of genmove's random choices")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := gf.config()
	if err != nil {
		return err
	}
	e, err := gtp.New(cfg, *seed)
	if err != nil {
		return err
	}
	return e.Run(stdin, stdout)
}
