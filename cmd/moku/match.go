package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"moku/catalog"
	"moku/match"
)

func init() {
	register("match", "referee a match between GTP engines (two, or 3-4 in Kee); every game saved as SGF", runMatch)
}

func runMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := catalog.AddFlags(fs)
	var e1, e2, e3, e4, black, white string
	fs.StringVar(&e1, "engine1", "", "command line of engine 1 (Black in odd games, White in even ones)")
	fs.StringVar(&e2, "engine2", "", "command line of engine 2")
	fs.StringVar(&e3, "engine3", "", "command line of engine 3 (a 3- or 4-player game: seats rotate every game)")
	fs.StringVar(&e4, "engine4", "", "command line of engine 4 (a 4-player game)")
	fs.StringVar(&black, "black", "", "command line of the engine that plays Black first (engine 1; colours alternate unless --fixed)")
	fs.StringVar(&white, "white", "", "command line of the engine that plays White first (engine 2)")
	fixed := fs.Bool("fixed", false, "do not alternate colours: engine 1 always plays Black")
	n := fs.Int("games", 10, "number of games")
	moveTime := fs.Duration("time", 10*time.Second, "time limit for each move (0: none)")
	maxMoves := fs.Int("max-moves", 0, "end a game after this many moves and score it as it stands (0: 4 a point + 20)")
	dir := fs.String("out", "match", "directory for the games (game-0001.sgf, ...); a match found there is resumed")
	quiet := fs.Bool("quiet", false, "no progress bar")
	seed := fs.Uint64("seed", 0, "engines that know moku-seed (moku's) get the seed 1000000 x this + 1000 x game + engine before each game, so that each game is new and a resumed match plays as an unbroken one")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: moku match --black \"gnugo --mode gtp --level 1\" --white \"moku gtp\" [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if black != "" {
		e1 = black
	}
	if white != "" {
		e2 = white
	}
	cfg0, err := gf.Config()
	if err != nil {
		return err
	}
	if r, _, err := cfg0.Build(); err == nil && r.Players > 2 {
		if black != "" || white != "" || *fixed {
			return fmt.Errorf("--black, --white and --fixed are for two engines: a %d-player match takes --engine1 to --engine%d (seats rotate)", r.Players, r.Players)
		}
		return runMultiMatch(match.MultiConfig{Engines: []string{e1, e2, e3, e4}, Games: *n, Game: cfg0, Move: *moveTime, MaxMoves: *maxMoves, Dir: *dir, Seed: *seed}, r.Players, *quiet, stdout, stderr)
	}
	if e3 != "" || e4 != "" {
		return fmt.Errorf("--engine3 and --engine4 are for 3- and 4-player games (--game kee --players 3 or 4)")
	}
	if e1 == "" || e2 == "" {
		fs.Usage()
		return fmt.Errorf("want two engines: --engine1 and --engine2 (or --black and --white)")
	}
	cfg, err := gf.Config()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	mc := match.Config{Engines: [2]string{e1, e2}, Fixed: *fixed, Games: *n, Game: cfg,
		Move: *moveTime, MaxMoves: *maxMoves, Dir: *dir, Seed: *seed}
	if !*quiet {
		mc.Progress = stderr
	}
	sum, err := match.Run(ctx, mc)
	saved := 0
	if sum != nil {
		saved = len(sum.Games)
	}
	return matchEnded(ctx, sum, saved, err, mc.Dir, stdout)
}

// matchEnded prints the summary of a match that saved games, and returns
// its error: for a match stopped by Ctrl-C, how to resume it.
func matchEnded(ctx context.Context, sum fmt.Stringer, saved int, err error, dir string, stdout io.Writer) error {
	if saved > 0 {
		fmt.Fprint(stdout, sum)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted: %d games saved in %s; run the same command again to resume", saved, dir)
	}
	return err
}

// runMultiMatch referees a match of 3 or 4 engines in a game of as many
// players.
func runMultiMatch(mc match.MultiConfig, players int, quiet bool, stdout, stderr io.Writer) error {
	for i, e := range mc.Engines {
		if i < players && e == "" {
			return fmt.Errorf("a %d-player game wants %d engines: --engine1 to --engine%d", players, players, players)
		}
		if i >= players && e != "" {
			return fmt.Errorf("--engine%d: a %d-player game has only %d engines", i+1, players, players)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	mc.Engines = mc.Engines[:players]
	if !quiet {
		mc.Progress = stderr
	}
	sum, err := match.RunMulti(ctx, mc)
	saved := 0
	if sum != nil {
		saved = len(sum.Games)
	}
	return matchEnded(ctx, sum, saved, err, mc.Dir, stdout)
}
