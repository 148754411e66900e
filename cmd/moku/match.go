package main

import (
	"context"
	"fmt"
	"io"
	"moku/internal/cli"
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
	fs := cli.NewFlagSet("match")
	gf := catalog.AddFlags(fs)
	var e [4]string
	var black, white string
	var mc match.MultiConfig // the settings of either kind of match
	fs.StringVar(&e[0], "engine1", "", "command line of engine 1 (Black in odd games, White in even ones)")
	fs.StringVar(&e[1], "engine2", "", "command line of engine 2")
	fs.StringVar(&e[2], "engine3", "", "command line of engine 3 (a 3- or 4-player game: seats rotate every game)")
	fs.StringVar(&e[3], "engine4", "", "command line of engine 4 (a 4-player game)")
	fs.StringVar(&black, "black", "", "command line of the engine that plays Black first (engine 1; colours alternate unless --fixed)")
	fs.StringVar(&white, "white", "", "command line of the engine that plays White first (engine 2)")
	fixed := fs.Bool("fixed", false, "do not alternate colours: engine 1 always plays Black")
	fs.IntVar(&mc.Games, "games", 10, "number of games")
	fs.DurationVar(&mc.Move, "time", 10*time.Second, "time limit for each move (0: none)")
	fs.IntVar(&mc.MaxMoves, "max-moves", 0, "end a game after this many moves and score it as it stands (0: 4 a point + 20)")
	fs.StringVar(&mc.Dir, "out", "match", "directory for the games (game-0001.sgf, ...); a match found there is resumed")
	quiet := fs.Bool("quiet", false, "no progress bar")
	var stop match.Config // the stopping rule of a two-engine match
	fs.Float64Var(&stop.StopBelow, "stop-below", 0, "two engines: end the match before its next game once the upper end of engine 1's 95% interval is below this rate (e.g. 0.5), after --stop-after games; a resumed match it ended plays no more (0: play every game)")
	fs.IntVar(&stop.StopAfter, "stop-after", 20, "the games --stop-below waits for")
	fs.Uint64Var(&mc.Seed, "seed", 0, "engines that know moku-seed (moku's) get the seed 1000000 x this + 1000 x game + engine before each game, so that each game is new and a resumed match plays as an unbroken one")
	if err := cli.Parse(fs, args, stdout, cli.Spec{About: "Referees a match between GTP engines, e.g.\n  moku match --black \"gnugo --mode gtp --level 1\" --white \"moku gtp\"\nEvery game is saved as SGF in --out."}); err != nil {
		return err
	}
	var err error
	if mc.Game, err = cli.GameConfig(gf); err != nil {
		return err
	}
	r, _, _ := mc.Game.Build()
	if mc.Engines, err = matchEngines(e, black, white, *fixed, r.Players); err != nil {
		return err
	}
	if !*quiet {
		mc.Progress = stderr
	}
	if stop.StopBelow != 0 && len(mc.Engines) != 2 {
		return fmt.Errorf("--stop-below is for a match of two engines")
	}
	if stop.StopAfter < 1 {
		return fmt.Errorf("--stop-after %d: want 1 game or more", stop.StopAfter)
	}
	return runMatches(mc, *fixed, stop, stdout)
}

// matchEngines returns the engines' command lines the flags give, checked
// against the number of players; for a two-player game without both, none.
func matchEngines(e [4]string, black, white string, fixed bool, players int) ([]string, error) {
	if black != "" {
		e[0] = black
	}
	if white != "" {
		e[1] = white
	}
	if players == 2 {
		if e[2] != "" || e[3] != "" {
			return e[:2], fmt.Errorf("--engine3 and --engine4 are for 3- and 4-player games (--game kee --players 3 or 4)")
		}
		if e[0] == "" || e[1] == "" {
			return nil, fmt.Errorf("want two engines: --engine1 and --engine2 (or --black and --white)")
		}
		return e[:2], nil
	}
	if black != "" || white != "" || fixed {
		return e[:], fmt.Errorf("--black, --white and --fixed are for two engines: a %d-player match takes --engine1 to --engine%d (seats rotate)", players, players)
	}
	for i, c := range e {
		if i < players && c == "" {
			return e[:], fmt.Errorf("a %d-player game wants %d engines: --engine1 to --engine%d", players, players, players)
		}
		if i >= players && c != "" {
			return e[:], fmt.Errorf("--engine%d: a %d-player game has only %d engines", i+1, players, players)
		}
	}
	return e[:players], nil
}

// runMatches referees the match (match.Run for two engines, with rule's
// stopping rule; RunMulti for more) and prints its summary; a match
// stopped by Ctrl-C says how to resume it.
func runMatches(mc match.MultiConfig, fixed bool, rule match.Config, stdout io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var sum fmt.Stringer
	saved := 0
	var err error
	if len(mc.Engines) == 2 {
		var s *match.Summary
		s, err = match.Run(ctx, match.Config{Engines: [2]string{mc.Engines[0], mc.Engines[1]}, Fixed: fixed, Games: mc.Games,
			Game: mc.Game, Move: mc.Move, MaxMoves: mc.MaxMoves, Dir: mc.Dir, Progress: mc.Progress, Seed: mc.Seed,
			StopBelow: rule.StopBelow, StopAfter: rule.StopAfter})
		if s != nil {
			sum, saved = s, len(s.Games)
		}
	} else {
		var s *match.MultiSummary
		s, err = match.RunMulti(ctx, mc)
		if s != nil {
			sum, saved = s, len(s.Games)
		}
	}
	if saved > 0 {
		fmt.Fprint(stdout, sum)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted: %d games saved in %s; run the same command again to resume", saved, mc.Dir)
	}
	return err
}
