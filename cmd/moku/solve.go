package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"moku/internal/cli"
	"os"
	"os/signal"
	"strconv"
	"sync/atomic"

	"moku/catalog"
	"moku/solve"
)

func init() {
	register("solve", "solve a small board exactly: value, principal variation, nodes, time", runSolve)
}

// solveFlags are the flags of moku solve besides the game's.
type solveFlags struct {
	asJSON, quiet, general, deepen, noPrune bool
	table, guess                            string
	opt                                     solve.Options
}

func (f *solveFlags) add(fs *flag.FlagSet) {
	fs.BoolVar(&f.asJSON, "json", false, "print one JSON object: value, pv, nodes, seconds, rules (and more)")
	fs.StringVar(&f.table, "table", "", "transposition table file: loaded if it exists, saved when the solve ends or is interrupted")
	fs.BoolVar(&f.opt.NoTable, "no-table", false, "search without a transposition table")
	fs.BoolVar(&f.opt.NoSymmetry, "no-symmetry", false, "do not reduce positions by the board's symmetries")
	fs.BoolVar(&f.opt.NoDeepen, "no-deepen", false, "answer each score test by one unbounded depth-first search, without the deepening ply cap (the older method)")
	fs.Int64Var(&f.opt.MaxNodes, "max-nodes", 0, "stop after this many nodes (0: no limit)")
	fs.IntVar(&f.opt.MaxPly, "max-ply", 0, "kee only: ply cap, checked not to bind (default 4 x points + 16)")
	fs.IntVar(&f.opt.MaxEntries, "max-entries", 0, "transposition table size limit in entries, about 400 bytes each with the capped-game table (default 1<<23)")
	fs.BoolVar(&f.deepen, "deepen", false, "kee with 3-4 players: solve with ply caps 2, 4, 6, ... up to --max-ply until no line reaches the cap (the default when --max-ply is not given, up to 8 x points + 32); Ctrl-C or --max-nodes reports the last cap solved")
	fs.BoolVar(&f.noPrune, "no-prune", false, "kee with 3-4 players: plain max-n, no shallow pruning")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress on stderr")
	fs.IntVar(&f.opt.Threads, "threads", 1, "ki: threads searching, sharing the table")
	fs.BoolVar(&f.general, "general", false, "ki: use the general solver (the reference, with the deepening ply cap and the history-checked table) instead of the bitboard one")
	fs.StringVar(&f.guess, "guess", "", "first score to test (default: the largest margin the board allows)")
}

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("solve")
	gf := catalog.AddFlags(fs)
	var f solveFlags
	f.add(fs)
	if err := cli.Parse(fs, args, stdout, cli.Spec{About: "Solves a small board (at most 64 points) exactly: the value, a principal\nvariation, the nodes searched and the time."}); err != nil {
		return err
	}
	cfg, err := cli.GameConfig(gf)
	if err != nil {
		return err
	}
	r, g, err := cfg.Build()
	if err != nil {
		return err
	}
	if g.N() > solve.MaxPoints {
		return fmt.Errorf("the exact solver handles boards up to %d points; %s has %d: choose a smaller board, e.g. --board 3x3 or --board hex:3", solve.MaxPoints, g.Spec(), g.N())
	}
	var stop atomic.Bool
	defer stopOnInterrupt(&stop)()
	if r.Players > 2 {
		mo := solve.MultiOptions{MaxNodes: f.opt.MaxNodes, MaxPly: f.opt.MaxPly, NoPrune: f.noPrune, Deepen: f.deepen, Stop: &stop}
		if f.opt.MaxPly == 0 {
			// Without a cap, deepen up to the default one: each cap solved
			// is a result, and Ctrl-C reports the last.
			mo.Deepen, mo.MaxPly = true, 8*g.N()+32
		}
		if !f.quiet {
			mo.CapSolved = func(res *solve.MultiResult) { fmt.Fprintln(stderr, "solve:", res.CapSummary()) }
		}
		res, err := solve.SolveMulti(r, g, mo)
		if res == nil {
			return err
		} else if err != nil {
			return fmt.Errorf("%v after %d nodes: no value", err, res.Nodes)
		}
		return printResult(stdout, f.asJSON, res)
	}
	f.opt.Stop = &stop
	if !f.quiet {
		f.opt.Progress = func(p solve.Progress) { fmt.Fprintln(stderr, "solve:", p) }
	}
	if f.guess != "" {
		v, err := strconv.ParseFloat(f.guess, 64)
		if err != nil {
			return fmt.Errorf("--guess %q: %v", f.guess, err)
		}
		f.opt.Guess = &v
	}
	s, err := solve.For(r, g, f.opt, f.general)
	if err != nil {
		return err
	}
	defer s.Close()
	return solveTwo(s, f, stdout, stderr)
}

// solveTwo solves a two-player game with s, the table loaded from and
// saved to --table.
func solveTwo(s solve.Exact, f solveFlags, stdout, stderr io.Writer) error {
	if f.table != "" {
		n, err := solve.LoadFile(s, f.table)
		if err != nil {
			return err
		}
		if n > 0 && !f.quiet {
			fmt.Fprintf(stderr, "solve: loaded %d table entries from %s\n", n, f.table)
		}
	}
	res, serr := s.Solve()
	if f.table != "" {
		if err := solve.SaveFile(s, f.table); err != nil {
			return err
		}
		if !f.quiet {
			fmt.Fprintf(stderr, "solve: saved %d table entries to %s\n", res.Entries, f.table)
		}
	}
	if serr != nil && !errors.Is(serr, solve.ErrInterrupted) && !errors.Is(serr, solve.ErrNodeLimit) {
		return serr
	}
	if err := printResult(stdout, f.asJSON, res); err != nil || serr == nil {
		return err
	}
	resume := ""
	if f.table != "" {
		resume = "; the table is saved, run again to resume"
	}
	return fmt.Errorf("%v after %d nodes; the value is only bounded%s", serr, res.Nodes, resume)
}

// printResult prints a result as JSON or as text.
func printResult(w io.Writer, asJSON bool, res interface{ WriteText(io.Writer) }) error {
	if !asJSON {
		res.WriteText(w)
		return nil
	}
	b, err := json.Marshal(res)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// stopOnInterrupt sets stop on Ctrl-C until the returned function is
// called.
func stopOnInterrupt(stop *atomic.Bool) func() {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	go func() {
		if _, ok := <-sig; ok {
			stop.Store(true)
		}
	}()
	return func() { signal.Stop(sig); close(sig) }
}
