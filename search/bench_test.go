package search

import (
	"fmt"
	"runtime"
	"testing"

	"moku/catalog"
)

// benchSearch searches the empty board of a game with the given number of
// threads, 10,000 playouts an op (the whole budget: StopEarly off), and
// reports playouts a second: with one thread, what the tree costs on top
// of the playouts (compare the playout package's benchmarks of the same
// boards); with two, the speed-up of tree parallelism.
func benchSearch(b *testing.B, rules, spec string, heavy bool, threads int) {
	benchSearchWith(b, rules, spec, heavy, threads, false, false)
}

// benchSearchWith is benchSearch, with learned priors if learned and
// the tuned settings (Options.Tuned) if tuned.
func benchSearchWith(b *testing.B, rules, spec string, heavy bool, threads int, learned, tuned bool) {
	benchSearchOpts(b, rules, spec, func(o *Options) {
		o.Heavy, o.Threads, o.Learned, o.Tuned = heavy, threads, learned, tuned
	})
}

// benchSearchOpts is benchSearch with the options set changes: it also
// reports, on two threads or more, the share of playouts that started
// from a leaf another thread's descent was under way through
// (Analysis.Shared).
func benchSearchOpts(b *testing.B, rules, spec string, set func(*Options)) {
	s, err := catalog.Start(catalog.Config{Rules: rules, Board: spec})
	if err != nil {
		b.Fatal(err)
	}
	o := DefaultOptions()
	set(&o)
	o.Playouts, o.Resign, o.StopEarly = 10000, false, false
	b.ReportAllocs()
	playouts, shared := 0, 0
	for i := 0; i < b.N; i++ {
		o.Seed = uint64(i + 1)
		a, err := Search(s, o)
		if err != nil {
			b.Fatal(err)
		}
		playouts += a.Playouts
		shared += a.Shared
	}
	b.ReportMetric(float64(playouts)/b.Elapsed().Seconds(), "playouts/s")
	if o.Threads > 1 {
		b.ReportMetric(float64(shared)/float64(max(playouts, 1)), "shared/playout")
	}
}

// BenchmarkSearch9x9 is 9x9 Go with the tactical playouts.
func BenchmarkSearch9x9(b *testing.B) { benchSearch(b, "go", "9x9", true, 1) }

// BenchmarkSearch9x9Learned is 9x9 Go with the tactical playouts and the
// learned priors: what reading the features of every new child's move
// costs.
func BenchmarkSearch9x9Learned(b *testing.B) { benchSearchWith(b, "go", "9x9", true, 1, true, false) }

// BenchmarkSearch9x9Tuned is 9x9 Go as moku gtp plays it by default:
// the tactical playouts and the tuning (Options.Tune) of 9x9 Go.
func BenchmarkSearch9x9Tuned(b *testing.B) { benchSearchWith(b, "go", "9x9", true, 1, true, true) }

// BenchmarkSearch9x9Threads2 is the same on two threads sharing one tree.
func BenchmarkSearch9x9Threads2(b *testing.B) { benchSearch(b, "go", "9x9", true, 2) }

// BenchmarkSearchKeil7 is Keil side 7, the ladder's costliest game.
func BenchmarkSearchKeil7(b *testing.B) { benchSearch(b, "keil", "hex:7", false, 1) }

// BenchmarkSearchKeil7Tuned is Keil side 7 as moku gtp plays it by
// default: the tactical playouts and Keil side 7's tuning, with the
// learned priors' large shapes on the hexhex.
func BenchmarkSearchKeil7Tuned(b *testing.B) {
	benchSearchWith(b, "keil", "hex:7", true, 1, true, true)
}

// BenchmarkKeptTree9x9 measures what a tuned player keeps between moves
// on 9x9 Go at 30,000 playouts a move: the live heap after its first
// move, with the kept tree (moku gtp's tuning) and without it
// (ForgetTree, the web app's levels), in KiB.
func BenchmarkKeptTree9x9(b *testing.B) {
	for _, keep := range []bool{true, false} {
		name := "kept"
		if !keep {
			name = "forgotten"
		}
		b.Run(name, func(b *testing.B) {
			var kib float64
			for i := 0; i < b.N; i++ {
				s, err := catalog.Start(catalog.Config{Rules: "go", Board: "9x9"})
				if err != nil {
					b.Fatal(err)
				}
				o := DefaultOptions()
				o.Playouts, o.StopEarly, o.Seed, o.Tuned, o.ForgetTree = 30000, false, uint64(i+1), true, !keep
				p := New(o)
				HasLearned(s.Rules(), s.Graph()) // the model, loaded once for every player, before the measure
				runtime.GC()
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				if _, err := p.Genmove(s); err != nil {
					b.Fatal(err)
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
				runtime.KeepAlive(p)
				kib += (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / 1024
			}
			b.ReportMetric(kib/float64(b.N), "KiB-held")
		})
	}
}

// BenchmarkSearch9x9TunedThreads2 is 9x9 Go as moku gtp plays it by
// default, on two threads sharing one tree.
func BenchmarkSearch9x9TunedThreads2(b *testing.B) {
	benchSearchWith(b, "go", "9x9", true, 2, true, true)
}

// BenchmarkSearch9x9TunedVirtualLoss is BenchmarkSearch9x9TunedThreads2
// with each descent under way K lost games (Options.VirtualLoss; K = 1
// is the default's plain virtual loss): the larger K, the fewer
// playouts start where the other thread's descent is under way
// (shared/playout), if the two threads truly run at once.
func BenchmarkSearch9x9TunedVirtualLoss(b *testing.B) {
	for _, k := range []float64{1, 3, 6} {
		b.Run(fmt.Sprintf("K=%g", k), func(b *testing.B) {
			benchSearchOpts(b, "go", "9x9", func(o *Options) {
				o.Heavy, o.Threads, o.Learned, o.Tuned = true, 2, true, true
				if k > 1 {
					o.VirtualLoss = k
				}
			})
		})
	}
}
