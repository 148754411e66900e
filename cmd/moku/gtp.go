package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"moku/board"
	"moku/computer"
	"moku/gtp"
	"moku/search"
)

func init() {
	register("gtp", "a GTP (Go Text Protocol v2) engine on standard input and output", runGTP)
}

func runGTP(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gtp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := addGameFlags(fs)
	seed := fs.Uint64("seed", 1, "seed of genmove's random choices")
	player := fs.String("player", "mcts", "who chooses genmove's moves: mcts (Monte-Carlo tree search) or random")
	playouts := fs.Int("playouts", 3000, "mcts: playouts a move (0: as many as --time allows)")
	secs := fs.Float64("time", 0, "mcts: seconds a move (0: as many as --playouts takes); GTP time_settings overrides")
	threads := fs.Int("threads", 1, "mcts: search threads")
	resign := fs.Bool("resign", true, "mcts: resign hopeless games")
	stopEarly := fs.Bool("stop-early", true, "mcts: end a move's search once the playouts left could not change the move (exact under --playouts; under --time at the speed so far)")
	heavy := fs.Bool("heavy", true, "mcts: tactical playouts where the game has them (two players: answers to atari, and on a rectangle 3x3 shapes, no big self-ataris; Keil on the hexhex: captures and rescues through linking; Ki: captures); --heavy=false for the light reference policy")
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
	e.SetEstimator(search.Playouts{N: computer.JudgePlayouts, Seed: *seed})
	switch *player {
	case "random":
		e.SetPlayer(gtp.RandomPlayer{Rand: rand.New(rand.NewPCG(*seed, 0x6d6f6b75))})
	case "mcts":
		o := search.DefaultOptions()
		o.Playouts, o.Time, o.Threads, o.Seed, o.Resign, o.Heavy, o.StopEarly = *playouts, time.Duration(*secs*float64(time.Second)), *threads, *seed, *resign, *heavy, *stopEarly
		if o.Playouts <= 0 && o.Time <= 0 {
			return fmt.Errorf("--playouts 0 needs --time")
		}
		p := search.New(o)
		p.Clock = &search.Clock{}
		e.SetPlayer(p)
		registerSearch(e, p)
	default:
		return fmt.Errorf("--player %q: want mcts or random", *player)
	}
	// The version names the player, so that match records say who played.
	desc := "genmove: uniformly random legal moves"
	if *player == "mcts" {
		r, g, _ := cfg.Build()
		tactical := *heavy && search.HasTactics(r, g)
		desc = "genmove: " + search.New(search.Options{Playouts: *playouts, Time: time.Duration(*secs * float64(time.Second)), Threads: *threads, Heavy: tactical}).Name()
	}
	e.Register("version", func(*gtp.Engine, []string) (string, error) {
		return strings.SplitN(gtp.Version, " ", 2)[0] + " (" + desc + ")", nil
	})
	return e.Run(stdin, stdout)
}

// registerSearch adds the commands of the MCTS player: GTP's time_settings
// and time_left, and moku-analyze.
func registerSearch(e *gtp.Engine, p *search.Player) {
	e.Register("time_settings", func(e *gtp.Engine, a []string) (string, error) {
		if len(a) != 3 {
			return "", fmt.Errorf("usage: time_settings <main_time> <byo_yomi_time> <byo_yomi_stones>")
		}
		main, err1 := strconv.ParseFloat(a[0], 64)
		byo, err2 := strconv.ParseFloat(a[1], 64)
		stones, err3 := strconv.Atoi(a[2])
		if err1 != nil || err2 != nil || err3 != nil || main < 0 || byo < 0 || stones < 0 {
			return "", fmt.Errorf("syntax error")
		}
		p.Clock.Settings(seconds(main), seconds(byo), stones)
		return "", nil
	})
	e.Register("time_left", func(e *gtp.Engine, a []string) (string, error) {
		if len(a) != 3 {
			return "", fmt.Errorf("usage: time_left <color> <time> <stones>")
		}
		if _, err := board.ParseColor(a[0]); err != nil {
			return "", fmt.Errorf("invalid color")
		}
		left, err1 := strconv.ParseFloat(a[1], 64)
		stones, err2 := strconv.Atoi(a[2])
		if err1 != nil || err2 != nil {
			return "", fmt.Errorf("syntax error")
		}
		p.Clock.Left(seconds(left), stones)
		return "", nil
	})
	// The komi pie (Keil): moku-pie-komi proposes the komi the search
	// believes balances the game from its start; moku-pie-color KOMI
	// chooses the colour it would rather play under that komi, with that
	// colour's win rate.
	e.Register("moku-pie-komi", func(e *gtp.Engine, a []string) (string, error) {
		start := e.State().Clone()
		for start.Undo() {
		}
		prop, err := search.ProposeKomi(start, p.Opt)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%s black-winrate %.3f margin %.1f", strconv.FormatFloat(prop.Komi, 'f', -1, 64), prop.BlackWinRate, prop.Margin), nil
	})
	e.Register("moku-pie-color", func(e *gtp.Engine, a []string) (string, error) {
		if len(a) != 1 {
			return "", fmt.Errorf("usage: moku-pie-color <komi>")
		}
		komi, err := strconv.ParseFloat(a[0], 64)
		if err != nil {
			return "", fmt.Errorf("komi not a float")
		}
		start := e.State().Clone()
		for start.Undo() {
		}
		c, rate, err := search.ChooseColor(start, komi, p.Opt)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%s winrate %.3f", c, rate), nil
	})
	// moku-analyze [playouts]: search the position for the player to move
	// without playing, and print the win rate and expected score margin of
	// that player, the top candidates with their visits, win rates and
	// principal variations, and the ownership of every point (+1: the
	// player to move's, -1: another player's).
	e.Register("moku-analyze", func(e *gtp.Engine, a []string) (string, error) {
		s := e.State()
		if s.Over() {
			return "", fmt.Errorf("the game is over")
		}
		o := p.Opt
		o.StopEarly = false // the statistics of the whole budget
		if len(a) > 0 {
			n, err := strconv.Atoi(a[0])
			if err != nil || n <= 0 {
				return "", fmt.Errorf("usage: moku-analyze [playouts]")
			}
			o.Playouts, o.Time = n, 0
		}
		an, err := search.Search(s, o)
		if err != nil {
			return "", err
		}
		g := s.Graph()
		var b strings.Builder
		fmt.Fprintf(&b, "player %s\nwinrate %.3f\nmargin %.1f\nplayouts %d\nseconds %.2f\n", s.ToMove(), an.WinRate, an.Margin, an.Playouts, an.Seconds)
		for i, c := range an.Candidates {
			if i == 10 || (i > 0 && c.Visits == 0) {
				break
			}
			pv := make([]string, len(c.PV))
			for j, m := range c.PV {
				pv[j] = m.Format(g)
			}
			fmt.Fprintf(&b, "move %s visits %d winrate %.3f pv %s\n", c.Move.Format(g), c.Visits, c.WinRate, strings.Join(pv, " "))
		}
		b.WriteString("ownership")
		for q, v := range an.Ownership {
			fmt.Fprintf(&b, " %s %.2f", g.Name(q), v)
		}
		return b.String(), nil
	})
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
