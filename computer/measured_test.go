package computer_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"moku/catalog"
	"moku/computer"
	"moku/ladder"
	"moku/record"
	"moku/search"
)

// TestAnchorsMeasured: every anchor is the fit of the anchor matches
// kept in results/anchors, as moku ladder makes it, its deviation the
// width of its interval (at most MaxAnchorDeviation), and of a tuned game
// (Tuned) the rung of the tuned search: an anchor copied wrong, or
// matches added without the anchors updated, fail here.
func TestAnchorsMeasured(t *testing.T) {
	for _, c := range []struct{ game, dir, label string }{
		{"go", "go9", "Go 9x9"},
		{"keil", "keil5", "Keil side 5"},
		{"kee", "kee9", "Kee 9x9, 2 players"},
		{"ki", "ki11", "Ki 11x11"},
	} {
		l, err := ladder.Read("../results/anchors/" + c.dir)
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Fit("random"); err != nil {
			t.Fatal(err)
		}
		rungs := l.Ratings()[c.label]
		suffix := ""
		if computer.Tuned[c.game] {
			suffix = " --tuned --keep-tree=false"
		}
		for level, rung := range map[string]string{"1k playouts": "1k --heavy", "10k playouts": "10k --heavy", "30k playouts": "30k --heavy"} {
			rung += suffix
			a := computer.Anchors[c.game][level]
			found := false
			for _, r := range rungs {
				if r.Player != rung {
					continue
				}
				found = true
				if math.Abs(r.Elo-a.Elo) > 1 {
					t.Errorf("%s %s: anchor %+.0f, the matches fit %+.0f", c.game, level, a.Elo, r.Elo)
				}
				dev := float64(computer.MaxAnchorDeviation)
				if !math.IsInf(r.Lo, 0) && !math.IsInf(r.Hi, 0) {
					dev = min(dev, (r.Hi-r.Lo)/(2*1.96))
				}
				if math.Abs(dev-a.Deviation) > 1 {
					t.Errorf("%s %s: deviation %.0f, the interval gives %.0f", c.game, level, a.Deviation, dev)
				}
			}
			if !found {
				t.Errorf("%s: no rung %q in results/anchors/%s", c.game, rung, c.dir)
			}
		}
	}
}

// TestAnchorsPlayTheLevels: the records behind each level's anchor were
// played by the search the level plays today, as its engine named itself
// in them ("moku 0.1 (genmove: mcts 1000 playouts, heavy playouts,
// learned priors, …)"): a tuning changed (search.Options.Tune) without
// the level's matches played again fails here, though the rungs' command
// lines ("--tuned --keep-tree=false") read the same, as far as the name
// shows the change (search.Player.Name: not --learned-sqrt or
// --learned-games, for one).
func TestAnchorsPlayTheLevels(t *testing.T) {
	for _, c := range []struct{ rules, board, dir string }{
		{"go", "9x9", "go9"},
		{"keil", "hex:5", "keil5"},
		{"kee", "9x9", "kee9"},
		{"ki", "11x11", "ki11"},
	} {
		s, err := catalog.Start(catalog.Config{Rules: c.rules, Board: c.board})
		if err != nil {
			t.Fatal(err)
		}
		r, g := s.Rules(), s.Graph()
		files, err := filepath.Glob("../results/anchors/" + c.dir + "/*/*.sgf")
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no records in results/anchors/%s (%v)", c.rules, c.dir, err)
		}
		for _, level := range []string{"1k playouts", "10k playouts", "30k playouts"} {
			p, err := computer.New(level, r)
			if err != nil {
				t.Fatal(err)
			}
			// As moku gtp names the search it plays.
			want := search.New(p.(computer.Player).Player.(*search.Player).Opt.In(r, g)).Name()
			rung := strings.TrimSuffix(level, "k playouts") + "k --heavy"
			if computer.Tuned[r.Game] {
				rung += " --tuned --keep-tree=false"
			}
			games, stale, example := 0, 0, ""
			for _, f := range files {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				recs, err := record.ReadSGF(data)
				if err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				for _, tag := range []string{"PB", "PW"} {
					name, _ := recs[0].Get(tag)
					self, command, ok := strings.Cut(name, ") (engine ")
					_, self, _ = strings.Cut(self, "(genmove: ")
					_, command, _ = strings.Cut(command, ": ")
					if !ok || ladder.RungName(strings.TrimSuffix(command, ")"), name) != rung {
						continue
					}
					games++
					if self != want {
						stale++
						example = fmt.Sprintf("%s played as %q", f, self)
					}
				}
			}
			if stale > 0 {
				t.Errorf("%s %s: %d of %d games of rung %q not the level's search %q (%s)", c.rules, level, stale, games, rung, want, example)
			}
			if games < 30 {
				t.Errorf("%s %s: %d games of rung %q in results/anchors/%s, want 30 or more", c.rules, level, games, rung, c.dir)
			}
		}
	}
}
