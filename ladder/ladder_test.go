package ladder

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRungOrder: rungs are shown from the random player up, the search
// diluted by random moves between them, the more random the lower.
func TestRungOrder(t *testing.T) {
	want := []string{"random", "1 --random-moves 0.75 --heavy", "1 --random-moves 0.5 --heavy", "1 --random-moves 0.25 --heavy",
		"1 --heavy", "300", "1k --heavy", "10k", "gnugo --mode gtp"}
	for i := range want {
		for j := range want {
			if rungLess(want[i], want[j]) != (i < j) {
				t.Errorf("rungLess(%q, %q) = %v", want[i], want[j], !(i < j))
			}
		}
	}
}

func TestRungName(t *testing.T) {
	for _, tc := range []struct{ command, want string }{
		{"/tmp/moku-ladder gtp --game keil --board hex:5 --player random --seed 2", "random"},
		{"moku gtp --playouts 1000 --heavy=false", "1k"},
		{"moku gtp --game keil --board hex:5 --playouts 1000 --seed 1", "1k"},
		{"moku gtp --playouts=100000 --seed=3 --game=kee --players 3 --board 7x7", "100k"},
		{"moku gtp --playouts 300", "300"},
		{"moku gtp", "3k"},
		{"moku gtp --playouts 10000 --threads 2 --heavy", "10k --threads 2 --heavy"},
		{"moku gtp --playouts 1000 --threads 1 --resign", "1k"},
		{"moku gtp --playouts 1000 --resign=false", "1k --resign false"},
		{"./moku gtp --player random --komi 7.5", "random"},
		{"gnugo --mode gtp --level 1", "gnugo --mode gtp --level 1"},
		{"moku serve", "moku serve"},
	} {
		if got := RungName(tc.command, "moku 0.1 (genmove: mcts 1000 playouts, 1 threads)"); got != tc.want {
			t.Errorf("RungName(%q) = %q, want %q", tc.command, got, tc.want)
		}
	}
	// A newer binary says in its name that its search plays tactical
	// playouts, which the ladder's defaults (light playouts) are not.
	for _, tc := range []struct{ command, self, want string }{
		{"moku gtp --playouts 1000", "moku 0.1 (genmove: mcts 1000 playouts, heavy playouts, 1 threads)", "1k --heavy"},
		{"moku gtp --playouts 1000 --heavy", "moku 0.1 (genmove: mcts 1000 playouts, heavy playouts, 1 threads)", "1k --heavy"},
		{"moku gtp --playouts 1000 --heavy=false", "moku 0.1 (genmove: mcts 1000 playouts, 1 threads)", "1k"},
		{"moku gtp --player random", "moku 0.1 (genmove: uniformly random legal moves)", "random"},
		{"moku gtp --playouts 1 --random-moves 0.5", "moku 0.1 (genmove: mcts 1 playouts, heavy playouts, 1 threads, 50% random moves)", "1 --random-moves 0.5 --heavy"},
		// A binary that tunes 9x9 Go by default (search.Options.Tune).
		{"moku gtp --game go --board 9x9 --playouts 1000", "moku 0.1 (genmove: mcts 1000 playouts, heavy playouts, learned priors, tree kept, 14 even prior games, 1 threads)", "1k --heavy --tuned"},
		{"moku gtp --game go --board 9x9 --playouts 1000 --tuned", "moku 0.1 (genmove: mcts 1000 playouts, heavy playouts, learned priors, tree kept, 14 even prior games, 1 threads)", "1k --heavy --tuned"},
		{"moku gtp --game go --board 9x9 --playouts 1000 --tuned=false --tuned --keep-tree=false", "moku 0.1 (genmove: mcts 1000 playouts, heavy playouts, learned priors, 14 even prior games, 1 threads)", "1k --heavy --tuned --keep-tree=false"},
		{"moku gtp --game keil --playouts 1000 --tuned --keep-tree=false", "moku 0.1 (genmove: mcts 1000 playouts, heavy playouts, 1 threads)", "1k --heavy"},
		{"moku gtp --game go --board 9x9 --playouts 1000 --tuned=false", "moku 0.1 (genmove: mcts 1000 playouts, heavy playouts, 1 threads)", "1k --heavy"},
		{"moku gtp --game go --board 9x9 --playouts 1000 --learned", "moku 0.1 (genmove: mcts 1000 playouts, heavy playouts, learned priors, 1 threads)", "1k --learned --heavy"},
		{"moku gtp --game keil --playouts 1000", "moku 0.1 (genmove: mcts 1000 playouts, heavy playouts, 1 threads)", "1k --heavy"},
	} {
		if got := RungName(tc.command, tc.self); got != tc.want {
			t.Errorf("RungName(%q, %q) = %q, want %q", tc.command, tc.self, got, tc.want)
		}
	}
}

func TestRungOrderPlayouts(t *testing.T) {
	want := []string{"random", "50", "1k", "10k", "10k --threads 2", "100k", "gnugo --mode gtp"}
	for i := range want {
		for j := range want {
			if got := rungLess(want[i], want[j]); got != (i < j) {
				t.Errorf("rungLess(%q, %q) = %v", want[i], want[j], got)
			}
		}
	}
}

// TestReadResults rates the Keil side 5 ladder of results/ladder (300
// games moku match saved) and checks the figures docs/results.md quotes,
// and the plot's points: one circle a rung and the legend's.
func TestReadResults(t *testing.T) {
	l, err := Read("../results/ladder/keil5")
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Fit("random"); err != nil {
		t.Fatal(err)
	}
	var md, svg strings.Builder
	l.WriteMarkdown(&md)
	for _, want := range []string{
		"| Keil side 5 | random | 100 | 0 | 0 | (anchor) |",
		"| Keil side 5 | 1k | 200 | 108 | +inf | at least +685 |",
		"| Keil side 5 | 10k vs 1k | 100 | 92-8-0 | 92.0% | +424 (+310 to +564) |",
		"| rung | Keil side 5 (300 games) |",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("tables lack %q:\n%s", want, md.String())
		}
	}
	if l.Skipped() != 0 {
		t.Errorf("%d games skipped, want 0", l.Skipped())
	}
	l.WriteSVG(&svg)
	if n := strings.Count(svg.String(), "<circle "); n != 5 {
		t.Errorf("%d circles in the plot, want 5 (4 rungs and the legend)", n)
	}
	if _, err := Read(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no games") {
		t.Errorf("an empty directory: %v, want no games", err)
	}
}

// TestReplaySkipped: a copy of a saved game is a replay, not new evidence.
func TestReplaySkipped(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../results/ladder/keil5/1k-random/game-0001.sgf")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a/game-0001.sgf", "b/game-0001.sgf"} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if l.Skipped() != 1 || l.groups[0].files != 1 {
		t.Errorf("skipped %d, counted %d; want 1 and 1", l.Skipped(), l.groups[0].files)
	}
}
