package search

import (
	"testing"

	"moku/games"
)

// BenchmarkSearch9x9 searches the empty 9x9 Go board with one thread,
// 10,000 playouts an op, and reports playouts a second: what the tree
// costs on top of the playouts (compare the playout package's
// BenchmarkGo9x9Heavy).
func BenchmarkSearch9x9(b *testing.B) {
	s, err := games.Start(games.Config{Rules: "go", Board: "9x9"})
	if err != nil {
		b.Fatal(err)
	}
	o := DefaultOptions()
	o.Playouts, o.Resign = 10000, false
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
