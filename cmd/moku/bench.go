package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"moku/catalog"
	"moku/playout"
	"moku/search"
)

func init() {
	register("bench", "measures playouts per second per core for each game (and the search's thread speed-up)", runBench)
}

// benchGames are the games moku bench measures, by the key it prints.
// The light reference policy everywhere, and the tactical policy the
// search uses by default where a game has one ("-heavy": 9x9 Go, Keil
// side 7, Ki 11x11).
var benchGames = []struct {
	key   string
	cfg   catalog.Config
	heavy bool
}{
	{"go-9x9", catalog.Config{Rules: "go", Board: "9x9"}, false},
	{"go-9x9-heavy", catalog.Config{Rules: "go", Board: "9x9"}, true},
	{"keil-hex7", catalog.Config{Rules: "keil", Board: "hex:7"}, false},
	{"keil-hex7-heavy", catalog.Config{Rules: "keil", Board: "hex:7"}, true},
	{"kee-9x9-3p", catalog.Config{Rules: "kee players=3", Board: "9x9"}, false},
	{"ki-11x11", catalog.Config{Rules: "ki", Board: "11x11"}, false},
	{"ki-11x11-heavy", catalog.Config{Rules: "ki", Board: "11x11"}, true},
}

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	secs := fs.Float64("seconds", 2, "seconds of playouts per game")
	asJSON := fs.Bool("json", false, "print one JSON object")
	withSearch := fs.Bool("search", false, "also measure full MCTS iterations a second on 9x9 Go with 1 and 2 threads")
	seed := fs.Uint64("seed", 1, "random seed")
	if err := fs.Parse(args); err != nil {
		return err
	}
	d := time.Duration(*secs * float64(time.Second))
	out := map[string]any{}
	var order []string
	for _, g := range benchGames {
		st, err := playout.Measure(g.cfg, d, *seed, g.heavy)
		if err != nil {
			return err
		}
		out[g.key] = st
		order = append(order, g.key)
		if !*asJSON {
			fmt.Fprintf(stdout, "%-15s %9.0f playouts/s  %9.0f playouts/cpu-s  %6.1f moves/playout  black wins %.3f  (%d playouts, %.1f s, %.1f s of CPU, one thread)\n",
				g.key, st.PlayoutsPerSec, st.PlayoutsPerCPUSec, st.MovesPerPlay, st.BlackWinRate, st.Playouts, st.Seconds, st.CPUSeconds)
		}
	}
	if *withSearch {
		s, err := catalog.Start(catalog.Config{Rules: "go", Board: "9x9"})
		if err != nil {
			return err
		}
		// Wall-clock speed is what a player gets; CPU seconds show what
		// the second thread costs, which other work on the machine
		// disturbs less.
		rates, cpuRates := map[int]float64{}, map[int]float64{}
		for _, t := range []int{1, 2} {
			o := search.DefaultOptions()
			o.Playouts, o.Time, o.Threads, o.Seed, o.StopEarly = 0, d, t, *seed, false
			cpu0, ok0 := playout.ProcessCPU()
			a, err := search.Search(s, o)
			if err != nil {
				return err
			}
			cpu1, ok1 := playout.ProcessCPU()
			rates[t] = float64(a.Playouts) / a.Seconds
			key := fmt.Sprintf("mcts-go-9x9-%dt", t)
			m := map[string]float64{"playouts_per_s": rates[t], "seconds": a.Seconds}
			if ok0 && ok1 && cpu1 > cpu0 {
				cpuRates[t] = float64(a.Playouts) / (cpu1 - cpu0).Seconds()
				m["playouts_per_cpu_s"] = cpuRates[t]
				m["cpu_seconds"] = (cpu1 - cpu0).Seconds()
			}
			out[key] = m
			order = append(order, key)
			if !*asJSON {
				fmt.Fprintf(stdout, "%-15s %9.0f playouts/s  %9.0f playouts/cpu-s  (MCTS from the empty board, %d thread(s), %.1f s, %.1f s of CPU)\n",
					key, rates[t], cpuRates[t], t, a.Seconds, m["cpu_seconds"])
			}
		}
		out["mcts-speedup-2t"] = rates[2] / rates[1]
		if cpuRates[1] > 0 {
			out["mcts-cpu-efficiency-2t"] = cpuRates[2] / cpuRates[1]
		}
		if !*asJSON {
			fmt.Fprintf(stdout, "speed-up from 1 to 2 threads: %.2f (GOMAXPROCS %d); playouts per CPU second with 2 threads / with 1: %.2f\n",
				rates[2]/rates[1], runtime.GOMAXPROCS(0), cpuRates[2]/cpuRates[1])
		}
	}
	if *asJSON {
		b, err := json.MarshalIndent(out, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, string(b))
	}
	return nil
}
