package main

import (
	"fmt"
	"io"
	"moku/internal/cli"
	"sync/atomic"
	"time"

	"moku/catalog"
	"moku/selfplay"
)

func init() {
	register("selfplay", "play uniformly random games and print statistics (length, first-player wins, endings)", runSelfplay)
}

func runSelfplay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("selfplay")
	gf := catalog.AddFlags(fs)
	var opt selfplay.Options
	fs.IntVar(&opt.Games, "games", 1000, "number of games")
	fs.Uint64Var(&opt.Seed, "seed", 1, "random seed (the same seed plays the same games)")
	fs.IntVar(&opt.MaxMoves, "max-moves", 0, "stop a game after this many moves (0: 10 per point + 100)")
	quiet := fs.Bool("quiet", false, "no progress on standard error")
	if err := cli.Parse(fs, args, stdout, cli.Spec{About: "Plays N games of uniformly random legal moves (resignation aside) and prints\nthe average length, the first player's win rate, how the games ended and the\nspeed. Ctrl-C prints the figures of the games finished so far."}); err != nil {
		return err
	}
	cfg, err := cli.GameConfig(gf)
	if err != nil {
		return err
	}
	s, err := catalog.Start(cfg)
	if err != nil {
		return err
	}
	var stop atomic.Bool
	defer stopOnInterrupt(&stop)()
	opt.Stop = stop.Load
	last := time.Now()
	if !*quiet {
		opt.Progress = func(n int) {
			if time.Since(last) > 500*time.Millisecond {
				last = time.Now()
				fmt.Fprintf(stderr, "\rselfplay: %d of %d games", n, opt.Games)
			}
		}
	}
	fmt.Fprintf(stdout, "selfplay       %s on %s, %d uniformly random games, seed %d\n", s.Rules(), s.Graph().Spec(), opt.Games, opt.Seed)
	st, err := selfplay.Run(s, opt)
	if err != nil {
		return err
	}
	if !*quiet {
		fmt.Fprintf(stderr, "\rselfplay: %d of %d games\n", st.Games+st.Unfinished, opt.Games)
	}
	if stop.Load() {
		fmt.Fprintf(stdout, "interrupted    after %d of %d games\n", st.Games+st.Unfinished, opt.Games)
	}
	st.Write(stdout, s.Rules())
	return nil
}
