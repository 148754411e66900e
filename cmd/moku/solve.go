package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"moku/board"
	"moku/catalog"
	"moku/rules"
	"moku/solve"
)

func init() {
	register("solve", "solve a small board exactly: value, principal variation, nodes, time", runSolve)
}

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := catalog.AddFlags(fs)
	asJSON := fs.Bool("json", false, "print one JSON object: value, pv, nodes, seconds, rules (and more)")
	table := fs.String("table", "", "transposition table file: loaded if it exists, saved when the solve ends or is interrupted")
	noTable := fs.Bool("no-table", false, "search without a transposition table")
	noSym := fs.Bool("no-symmetry", false, "do not reduce positions by the board's symmetries")
	noDeepen := fs.Bool("no-deepen", false, "answer each score test by one unbounded depth-first search, without the deepening ply cap (the older method)")
	maxNodes := fs.Int64("max-nodes", 0, "stop after this many nodes (0: no limit)")
	maxPly := fs.Int("max-ply", 0, "kee only: ply cap, checked not to bind (default 4 x points + 16)")
	maxEntries := fs.Int("max-entries", 0, "transposition table size limit in entries, about 400 bytes each with the capped-game table (default 1<<23)")
	deepen := fs.Bool("deepen", false, "kee with 3-4 players: solve with ply caps 2, 4, 6, ... up to --max-ply until no line reaches the cap (the default when --max-ply is not given, up to 8 x points + 32); Ctrl-C or --max-nodes reports the last cap solved")
	noPrune := fs.Bool("no-prune", false, "kee with 3-4 players: plain max-n, no shallow pruning")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	threads := fs.Int("threads", 1, "ki: threads searching, sharing the table")
	general := fs.Bool("general", false, "ki: use the general solver (the reference, with the deepening ply cap and the history-checked table) instead of the bitboard one")
	guess := fs.String("guess", "", "first score to test (default: the largest margin the board allows)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: moku solve --game G --board B [--komi K] [ruleset flags] [--json] [--table FILE]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := gf.Config()
	if err != nil {
		return err
	}
	r, g, err := cfg.Build()
	if err != nil {
		return err
	}
	var stop atomic.Bool
	if r.Players > 2 {
		mo := solve.MultiOptions{MaxNodes: *maxNodes, MaxPly: *maxPly, NoPrune: *noPrune, Deepen: *deepen, Stop: &stop}
		if *maxPly == 0 {
			// Without a cap, deepen up to the default one: each cap solved
			// is a result, and Ctrl-C reports the last.
			mo.Deepen, mo.MaxPly = true, 8*g.N()+32
		}
		if !*quiet {
			mo.CapSolved = func(res *solve.MultiResult) {
				fmt.Fprintf(stderr, "solve: cap %d: %s, %d capped lines, %d nodes, %.1fs\n",
					res.MaxPly, solve.FormatScores(res.Value), res.CappedLines, res.Nodes, res.Seconds)
			}
		}
		return solveMulti(r, g, mo, *asJSON, stdout)
	}
	opt := solve.Options{NoTable: *noTable, NoSymmetry: *noSym, NoDeepen: *noDeepen, MaxNodes: *maxNodes, MaxPly: *maxPly, MaxEntries: *maxEntries, Threads: *threads, Stop: &stop}
	if !*quiet {
		opt.Progress = func(p solve.Progress) {
			cap := ""
			if p.Cap > 0 {
				cap = fmt.Sprintf(", ply cap %d", p.Cap)
			}
			fmt.Fprintf(stderr, "solve: %.0fs %d nodes (%.0f/s), value in [%s, %s], %d table entries%s\n",
				p.Seconds, p.Nodes, float64(p.Nodes)/p.Seconds, solve.FormatValue(p.Lower), solve.FormatValue(p.Upper), p.Entries, cap)
		}
	}
	if *guess != "" {
		v, err := strconv.ParseFloat(*guess, 64)
		if err != nil {
			return fmt.Errorf("--guess %q: %v", *guess, err)
		}
		opt.Guess = &v
	}
	var s exactSolver
	if solve.KiFast(r, g) && !*general {
		k, kerr := solve.NewKi(r, g, opt)
		if kerr == nil {
			defer k.Close()
		}
		s, err = k, kerr
	} else {
		s, err = solve.New(r, g, opt)
	}
	if err != nil {
		return err
	}
	if *table != "" {
		if f, err := os.Open(*table); err == nil {
			n, err := s.LoadTable(f)
			f.Close()
			if err != nil {
				return fmt.Errorf("%s: %v", *table, err)
			}
			if !*quiet {
				fmt.Fprintf(stderr, "solve: loaded %d table entries from %s\n", n, *table)
			}
		}
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	go func() {
		if _, ok := <-sig; ok {
			stop.Store(true)
		}
	}()
	res, serr := s.Solve()
	if *table != "" {
		if err := saveTable(s, *table); err != nil {
			return err
		}
		if !*quiet {
			fmt.Fprintf(stderr, "solve: saved %d table entries to %s\n", res.Entries, *table)
		}
	}
	if serr != nil && !errors.Is(serr, solve.ErrInterrupted) && !errors.Is(serr, solve.ErrNodeLimit) {
		return serr
	}
	if *asJSON {
		b, err := json.Marshal(res)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		value := solve.FormatValue(res.Value)
		if !res.Exact {
			value = fmt.Sprintf("between %s and %s (not solved)", solve.FormatValue(res.Lower), solve.FormatValue(res.Upper))
		}
		fmt.Fprintf(stdout, "value  %s\n", value)
		fmt.Fprintf(stdout, "pv     %s\n", strings.Join(res.PV, " "))
		fmt.Fprintf(stdout, "nodes  %d\n", res.Nodes)
		fmt.Fprintf(stdout, "time   %s (%.0f nodes/s)\n", time.Duration(res.Seconds*float64(time.Second)).Round(time.Millisecond), res.NPS)
		fmt.Fprintf(stdout, "board  %s\n", res.Board)
		fmt.Fprintf(stdout, "rules  %s\n", res.Rules)
		fmt.Fprintf(stdout, "method %s\n", res.Method)
		if res.PlyCap > 0 {
			fmt.Fprintf(stdout, "cap    %d plies (the largest deepening cap that decided a test)\n", res.PlyCap)
		}
	}
	if serr != nil {
		return fmt.Errorf("%v after %d nodes; the value is only bounded%s", serr, res.Nodes, map[bool]string{true: "; the table is saved, run again to resume", false: ""}[*table != ""])
	}
	return nil
}

// exactSolver is a two-player solver: solve.Solver, or solve.KiSolver for Ki.
type exactSolver interface {
	Solve() (*solve.Result, error)
	SaveTable(io.Writer) error
	LoadTable(io.Reader) (int, error)
}

func saveTable(s exactSolver, name string) error {
	tmp := name + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := s.SaveTable(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

// solveMulti solves a Kee game of 3-4 players by max-n search.
func solveMulti(r rules.Ruleset, g *board.Graph, opt solve.MultiOptions, asJSON bool, stdout io.Writer) error {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	go func() {
		if _, ok := <-sig; ok {
			opt.Stop.Store(true)
		}
	}()
	res, err := solve.SolveMulti(r, g, opt)
	if res == nil {
		return err
	}
	if err != nil {
		return fmt.Errorf("%v after %d nodes: no value", err, res.Nodes)
	}
	if asJSON {
		b, err := json.Marshal(res)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s\n", b)
		return nil
	}
	value := solve.FormatScores(res.Value)
	if !res.Exact {
		value += fmt.Sprintf(" (the capped game: %d lines reached the ply cap %d and count as the worst outcome for all)", res.CappedLines, res.MaxPly)
	}
	if len(res.Caps) > 0 {
		value += fmt.Sprintf(" [caps solved: %v]", res.Caps)
	}
	fmt.Fprintf(stdout, "value   %s\n", value)
	fmt.Fprintf(stdout, "ranking %s\n", strings.Join(res.Ranking, ", "))
	fmt.Fprintf(stdout, "pv      %s\n", strings.Join(res.PV, " "))
	fmt.Fprintf(stdout, "nodes   %d\n", res.Nodes)
	fmt.Fprintf(stdout, "time    %s (%.0f nodes/s)\n", time.Duration(res.Seconds*float64(time.Second)).Round(time.Millisecond), res.NPS)
	fmt.Fprintf(stdout, "board   %s\n", res.Board)
	fmt.Fprintf(stdout, "rules   %s\n", res.Rules)
	fmt.Fprintf(stdout, "method  %s\n", res.Method)
	return nil
}
