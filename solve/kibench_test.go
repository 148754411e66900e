package solve

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"testing"

	"moku/board"
)

// BenchmarkKiFast5x5 solves five random 5x5 positions with 16 empty
// points (a proxy for the opening: nodes and time per solve);
// KITHREADS=N searches with N threads.
func BenchmarkKiFast5x5(b *testing.B) {
	rng := rand.New(rand.NewSource(2))
	left, count := 16, 5 // KIBENCH=left,count changes them
	if v := os.Getenv("KIBENCH"); v != "" {
		var a, c int
		if _, err := fmt.Sscanf(v, "%d,%d", &a, &c); err == nil {
			left, count = a, c
		}
	}
	var gens []*Solver
	for len(gens) < count {
		g := build(b, "ki", "5x5")
		for empties(g.st, 25) > left && !g.st.Over() {
			randomMove(rng, g.st, 0, board.Empty)
		}
		gens = append(gens, g)
	}
	b.ResetTimer()
	var nodes int64
	for i := 0; i < b.N; i++ {
		for _, g := range gens {
			threads, _ := strconv.Atoi(os.Getenv("KITHREADS"))
			k := newKi(b, "5x5", Options{MaxEntries: 1 << 22, Threads: threads})
			k.SetPosition(g.st)
			res, err := k.Solve()
			if err != nil {
				b.Fatal(err)
			}
			nodes += res.SolveNodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
