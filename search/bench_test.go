package search

import (
	"testing"

	"moku/games"
)

// benchSearch searches the empty board of a game with one thread, 10,000
// playouts an op (the whole budget: StopEarly off), and reports playouts
// a second: what the tree costs on top of the playouts (compare the
// playout package's benchmarks of the same boards).
func benchSearch(b *testing.B, rules, spec string, heavy bool) {
	s, err := games.Start(games.Config{Rules: rules, Board: spec})
	if err != nil {
		b.Fatal(err)
	}
	o := DefaultOptions()
	o.Playouts, o.Resign, o.StopEarly, o.Heavy = 10000, false, false, heavy
	b.ReportAllocs()
	playouts := 0
	for i := 0; i < b.N; i++ {
		o.Seed = uint64(i + 1)
		a, err := Search(s, o)
		if err != nil {
			b.Fatal(err)
		}
		playouts += a.Playouts
	}
	b.ReportMetric(float64(playouts)/b.Elapsed().Seconds(), "playouts/s")
}

// BenchmarkSearch9x9 is 9x9 Go with the tactical playouts.
func BenchmarkSearch9x9(b *testing.B) { benchSearch(b, "go", "9x9", true) }

// BenchmarkSearchKeil7 is Keil side 7, the ladder's costliest game.
func BenchmarkSearchKeil7(b *testing.B) { benchSearch(b, "keil", "hex:7", false) }
