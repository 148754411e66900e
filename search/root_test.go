package search

import (
	"testing"

	"moku/game"
)

// A root-parallel search is its trees summed: each tree searches on one
// thread with its share of the playouts and its own seed, exactly as a
// one-thread search of that seed, and each root move's playouts and wins
// are the sums of the trees'; the trees' shares make the whole budget,
// though it does not divide by the threads.
func TestRootParallelSums(t *testing.T) {
	for _, tc := range []struct {
		game, board string
		threads     int
	}{{"go", "9x9", 2}, {"go", "7x7", 3}, {"ki", "9x9", 2}} {
		const playouts = 3001
		s := start(t, tc.game, tc.board)
		opt := DefaultOptions()
		opt.Playouts, opt.StopEarly, opt.Seed = playouts, false, 7
		par := opt
		par.Threads, par.RootParallel = tc.threads, true
		got, err := Search(s, par)
		if err != nil {
			t.Fatal(err)
		}
		visits := map[game.Move]int{}
		wins := map[game.Move]float64{}
		total := 0
		for i := range tc.threads {
			one := opt
			one.Playouts, one.Seed = playouts/tc.threads, rootSeed(opt.Seed, i)
			if i < playouts%tc.threads {
				one.Playouts++
			}
			a, err := Search(s, one)
			if err != nil {
				t.Fatal(err)
			}
			total += a.Playouts
			for _, c := range a.Candidates {
				visits[c.Move] += c.Visits
				wins[c.Move] += c.WinRate * float64(c.Visits)
			}
		}
		if got.Playouts != total || total != playouts || got.Threads != tc.threads {
			t.Errorf("%s %s: %d playouts on %d threads, the trees %d, want %d on %d", tc.game, tc.board, got.Playouts, got.Threads, total, playouts, tc.threads)
		}
		if len(got.Candidates) != len(visits) {
			t.Errorf("%s %s: %d root moves, the trees have %d", tc.game, tc.board, len(got.Candidates), len(visits))
		}
		for _, c := range got.Candidates {
			if c.Visits != visits[c.Move] {
				t.Errorf("%s %s: %v has %d playouts, the trees %d", tc.game, tc.board, c.Move, c.Visits, visits[c.Move])
			}
			if c.Visits > 0 {
				if w := wins[c.Move] / float64(c.Visits); c.WinRate-w > 1e-9 || w-c.WinRate > 1e-9 {
					t.Errorf("%s %s: %v wins %.6f, the trees %.6f", tc.game, tc.board, c.Move, c.WinRate, w)
				}
			}
			if len(c.PV) == 0 || c.PV[0] != c.Move {
				t.Errorf("%s %s: %v's principal variation %v does not start with it", tc.game, tc.board, c.Move, c.PV)
			}
		}
		if got.Best != got.Candidates[0].Move {
			t.Errorf("%s %s: best %v, the most played %v", tc.game, tc.board, got.Best, got.Candidates[0].Move)
		}
	}
}

// With Options.KeepTree a root-parallel player keeps every thread's tree:
// after a move and its answer each tree starts from its node for them, so
// the root's moves carry more playouts than the new ones.
func TestRootParallelKeepsTrees(t *testing.T) {
	const playouts = 4000
	s := start(t, "go", "7x7")
	p := New(Options{Playouts: playouts, Threads: 2, RootParallel: true, Seed: 5, KeepTree: true})
	m, err := p.Genmove(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.kept.more) != 1 || p.kept.root == nil || p.kept.more[0] == nil || p.kept.more[0] == p.kept.root {
		t.Fatalf("kept %v and %v, want two trees", p.kept.root, p.kept.more)
	}
	playAnswered(t, s, m, p.Last())
	roots := p.kept.descend(s, p.Opt)
	if len(roots) != 2 {
		t.Fatalf("%d kept trees continued, want 2", len(roots))
	}
	if _, err := p.Genmove(s); err != nil {
		t.Fatal(err)
	}
	a := p.Last()
	if a.Playouts != playouts {
		t.Errorf("%d new playouts, want %d", a.Playouts, playouts)
	}
	if v := visitsOf(a); v <= playouts {
		t.Errorf("the root's moves have %d playouts after %d new ones: nothing kept", v, playouts)
	}
}
