package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"

	"moku/gtp"
	"moku/internal/cli"
	"moku/label"
)

func init() {
	register("label", "search every position of a directory of SGF records and write each move's search visits (MKVISITS), for moku learn", runLabel)
}

func runLabel(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("label")
	s := gtp.DefaultSettings()
	s.StopEarly, s.Resign = false, false
	s.AddFlags(fs)
	out := fs.String("out", "", "the directory to write the labelled records to (required); records already there are skipped")
	jobs := fs.Int("jobs", 1, "records searched at once, each search on --threads threads")
	quiet := fs.Bool("quiet", false, "no progress on standard error")
	if err := cli.Parse(fs, args, stdout, cli.Spec{Args: "DIR", Min: 1, Max: 1, About: "Searches the position before every move of each SGF record in DIR (the first\ngame of each file, up to a resignation or the end) with a fresh tree, as\nmoku gtp's flags say (by default its tuned search at 3000 playouts, the\nwhole budget: --stop-early=false), and writes the record into --out with\neach move's MKVISITS: the playouts the search gave every move of the\nposition. moku learn then learns the search's shares of the moves instead\nof the move played. Run the same command again to go on after an\ninterruption: records already in --out are skipped. Ctrl-C stops, keeping\nthe records finished."}); err != nil {
		return err
	}
	s.Parsed(fs)
	if *out == "" {
		return cli.Usagef("--out is required: the directory to write the labelled records to")
	}
	if s.Player != "mcts" {
		return cli.Usagef("--player %s: moku label searches (mcts)", s.Player)
	}
	o := label.Options{Search: s.Options(), Jobs: *jobs}
	if !*quiet {
		o.Progress = func(st label.Stats) {
			rate := float64(st.Positions) / st.Elapsed.Seconds()
			left := st.Records - st.Skipped - st.Done
			fmt.Fprintf(stderr, "labelled %d/%d records (%d skipped), %d positions, %.2f positions/s", st.Skipped+st.Done, st.Records, st.Skipped, st.Positions, rate)
			if st.Done > 0 && left > 0 {
				perRecord := st.Elapsed.Seconds() / float64(st.Done)
				fmt.Fprintf(stderr, ", about %.0f min left", perRecord*float64(left)/60)
			}
			fmt.Fprintln(stderr)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	st, err := label.Dir(ctx, fs.Arg(0), *out, o)
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted: %d records labelled in this run are in %s; run the same command again to go on", st.Done, *out)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d records labelled, %d already there; %d positions in %.0f s\n", *out, st.Done, st.Skipped, st.Positions, st.Elapsed.Seconds())
	return nil
}
