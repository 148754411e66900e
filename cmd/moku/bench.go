package main

import (
	"encoding/json"
	"fmt"
	"io"
	"moku/internal/cli"
	"runtime"
	"time"

	"moku/catalog"
	"moku/playout"
	"moku/search"
)

func init() {
	register("bench", "measures playouts per second per core for each game (and the search's thread speed-up)", runBench)
}

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("bench")
	secs := fs.Float64("seconds", 2, "seconds of playouts per game")
	asJSON := fs.Bool("json", false, "print one JSON object")
	withSearch := fs.Bool("search", false, "also measure full MCTS iterations a second on 9x9 Go with 1 and 2 threads")
	seed := fs.Uint64("seed", 1, "random seed")
	if err := cli.Parse(fs, args, stdout, cli.Spec{About: "Measures playouts per second per core for each game, and with --search the search's speed-up from 1 to 2 threads."}); err != nil {
		return err
	}
	d := time.Duration(*secs * float64(time.Second))
	out := map[string]any{}
	text := io.Discard
	if !*asJSON {
		text = stdout
	}
	for _, g := range playout.Benches {
		st, err := playout.Measure(g.Game, d, *seed, g.Heavy)
		if err != nil {
			return err
		}
		out[g.Key] = st
		fmt.Fprintf(text, "%-15s %9.0f playouts/s  %9.0f playouts/cpu-s  %6.1f moves/playout  black wins %.3f  (%d playouts, %.1f s, %.1f s of CPU, one thread)\n",
			g.Key, st.PlayoutsPerSec, st.PlayoutsPerCPUSec, st.MovesPerPlay, st.BlackWinRate, st.Playouts, st.Seconds, st.CPUSeconds)
	}
	var sp [3]search.Speed
	for t := 1; t <= 2 && *withSearch; t++ {
		var err error
		if sp[t], err = search.MeasureSpeed(catalog.Config{Rules: "go", Board: "9x9"}, d, t, *seed); err != nil {
			return err
		}
		key := fmt.Sprintf("mcts-go-9x9-%dt", t)
		out[key] = sp[t]
		fmt.Fprintf(text, "%-15s %9.0f playouts/s  %9.0f playouts/cpu-s  (MCTS from the empty board, %d thread(s), %.1f s, %.1f s of CPU)\n",
			key, sp[t].PlayoutsPerSec, sp[t].PlayoutsPerCPUSec, t, sp[t].Seconds, sp[t].CPUSeconds)
	}
	if *withSearch {
		out["mcts-speedup-2t"] = sp[2].PlayoutsPerSec / sp[1].PlayoutsPerSec
		if sp[1].PlayoutsPerCPUSec > 0 {
			out["mcts-cpu-efficiency-2t"] = sp[2].PlayoutsPerCPUSec / sp[1].PlayoutsPerCPUSec
		}
		fmt.Fprintf(text, "speed-up from 1 to 2 threads: %.2f (GOMAXPROCS %d); playouts per CPU second with 2 threads / with 1: %.2f\n",
			sp[2].PlayoutsPerSec/sp[1].PlayoutsPerSec, runtime.GOMAXPROCS(0), sp[2].PlayoutsPerCPUSec/sp[1].PlayoutsPerCPUSec)
	}
	if !*asJSON {
		return nil
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, string(b))
	return err
}
