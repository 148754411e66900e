package gtp

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"moku/catalog"
	"moku/search"
)

// settingsEngine starts the engine that moku gtp starts with these flags.
func settingsEngine(t *testing.T, cfg catalog.Config, flags ...string) (*Engine, error) {
	t.Helper()
	s := DefaultSettings()
	fs := flag.NewFlagSet("gtp", flag.ContinueOnError)
	s.AddFlags(fs)
	if err := fs.Parse(flags); err != nil {
		t.Fatal(err)
	}
	s.Parsed(fs)
	return s.Engine(cfg)
}

// TestSettingsVersion: version names the player, and says "heavy
// playouts" only where the game has tactical playouts and "learned
// priors" only where it has learned weights (match records and the
// ladder read it).
func TestSettingsVersion(t *testing.T) {
	for _, tc := range []struct {
		cfg   catalog.Config
		flags []string
		want  string
	}{
		{catalog.Config{Rules: "go", Board: "9x9"}, nil, "0.1 (genmove: mcts 3000 playouts, heavy playouts, learned priors, tree kept, false eyes, 14 even prior games, distance RAVE 3, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "9x9"}, []string{"--tuned=false"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "9x9"}, []string{"--keep-tree"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, tree kept, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "9x9"}, []string{"--prior-even", "10"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "9x9"}, []string{"--learned-games", "50", "--tuned"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, learned priors, tree kept, false eyes, 14 even prior games, distance RAVE 3, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "9x9"}, []string{"--tuned", "--keep-tree=false"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, learned priors, 14 even prior games, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "9x9"}, []string{"--keep-tree=false"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "9x9"}, []string{"--distance-rave", "3"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, distance RAVE 3, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "9x9"}, []string{"--ko-threats"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, learned priors, tree kept, false eyes, 14 even prior games, distance RAVE 3, no AMAF for ko threats, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "9x9"}, []string{"--live-owners"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, learned priors, tree kept, false eyes, 14 even prior games, distance RAVE 3, live owners, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "9x9"}, []string{"--false-eyes=false", "--tuned"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, learned priors, tree kept, false eyes, 14 even prior games, distance RAVE 3, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "13x13"}, nil, "0.1 (genmove: mcts 3000 playouts, heavy playouts, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "13x13"}, []string{"--threads", "2"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, 2 threads)"},
		{catalog.Config{Rules: "go", Board: "13x13"}, []string{"--threads", "2", "--sqrt-vloss"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, virtual losses by sqrt(threads), 2 threads)"},
		{catalog.Config{Rules: "go", Board: "13x13"}, []string{"--threads", "2", "--root-parallel"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, a tree a thread, 2 threads)"},
		{catalog.Config{Rules: "go", Board: "13x13"}, []string{"--threads", "2", "--direct-amaf"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, AMAF unbuffered, 2 threads)"},
		{catalog.Config{Rules: "ki", Board: "11x11"}, nil, "0.1 (genmove: mcts 3000 playouts, heavy playouts, learned priors, tree kept, 14 even prior games, 1 threads)"},
		{catalog.Config{Rules: "ki", Board: "11x11"}, []string{"--tuned=false"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "9x9"}, []string{"--player", "random"}, "0.1 (genmove: uniformly random legal moves)"},
		{catalog.Config{Rules: "kee", Board: "9x9"}, nil, "0.1 (genmove: mcts 3000 playouts, heavy playouts, learned priors, tree kept, 14 even prior games, 1 threads)"},
		{catalog.Config{Rules: "kee", Board: "9x9"}, []string{"--tuned=false"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, 1 threads)"},
		{catalog.Config{Rules: "kee players=3", Board: "9x9"}, nil, "0.1 (genmove: mcts 3000 playouts, 1 threads)"},
		{catalog.Config{Rules: "kee players=3", Board: "5x5"}, nil, "0.1 (genmove: mcts 3000 playouts, 1 threads)"},
		{catalog.Config{Rules: "kee players=3", Board: "7x7"}, nil, "0.1 (genmove: mcts 3000 playouts, learned priors, 14 even prior games, 1 threads)"},
		{catalog.Config{Rules: "kee players=3", Board: "7x7"}, []string{"--tuned=false"}, "0.1 (genmove: mcts 3000 playouts, 1 threads)"},
		{catalog.Config{Rules: "keil", Board: "hex:3"}, []string{"--playouts", "1000", "--heavy=false", "--threads", "2"}, "0.1 (genmove: mcts 1000 playouts, 2 threads)"},
		{catalog.Config{Rules: "ki", Board: "5x5"}, []string{"--playouts", "0", "--time", "2"}, "0.1 (genmove: mcts 2s, heavy playouts, 1 threads)"},
		{catalog.Config{Rules: "go", Board: "9x9"}, []string{"--playouts", "1", "--random-moves", "0.25"}, "0.1 (genmove: mcts 1 playouts, heavy playouts, learned priors, tree kept, false eyes, 14 even prior games, distance RAVE 3, 1 threads, 25% random moves)"},
		{catalog.Config{Rules: "go", Board: "9x9"}, []string{"--learned"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, learned priors, 1 threads)"},
		{catalog.Config{Rules: "keil", Board: "hex:5"}, []string{"--learned"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, learned priors, 1 threads)"},
		{catalog.Config{Rules: "ki", Board: "7x7"}, []string{"--learned"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, learned priors, 1 threads)"},
		{catalog.Config{Rules: "ki", Board: "hex:4"}, []string{"--learned"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, 1 threads)"},
		{catalog.Config{Rules: "keil", Board: "hex:7"}, nil, "0.1 (genmove: mcts 3000 playouts, heavy playouts, learned priors, tree kept, 14 even prior games, 1 threads)"},
		{catalog.Config{Rules: "keil", Board: "hex:7"}, []string{"--tuned=false"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, 1 threads)"},
		{catalog.Config{Rules: "keil", Board: "hex:5"}, nil, "0.1 (genmove: mcts 3000 playouts, heavy playouts, 1 threads)"},
		{catalog.Config{Rules: "keil", Board: "hex:5"}, []string{"--keep-tree"}, "0.1 (genmove: mcts 3000 playouts, heavy playouts, tree kept, 1 threads)"},
	} {
		e, err := settingsEngine(t, tc.cfg, tc.flags...)
		if err != nil {
			t.Fatalf("%v %v: %v", tc.cfg, tc.flags, err)
		}
		if got, _ := e.Execute("version"); got != "= "+tc.want+"\n\n" {
			t.Errorf("%v %v: version %q, want %q", tc.cfg, tc.flags, got, tc.want)
		}
	}
	for _, tc := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--player", "oracle"}, "want mcts or random"},
		{[]string{"--playouts", "0"}, "--playouts 0 needs --time"},
		{[]string{"--random-moves", "1.5"}, "want a share from 0 to 1"},
		{[]string{"--random-moves", "-1"}, "want a share from 0 to 1"},
	} {
		if _, err := settingsEngine(t, catalog.Config{Rules: "go", Board: "5x5"}, tc.flags...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want …%s…", tc.flags, err, tc.want)
		}
	}
}

// TestVersionFollowsTheBoard: version names the player of the game as
// it is after boardsize and loadsgf, whose board may be tuned where the
// command line's was not, and the other way round.
func TestVersionFollowsTheBoard(t *testing.T) {
	const tuned = "0.1 (genmove: mcts 3000 playouts, heavy playouts, learned priors, tree kept, false eyes, 14 even prior games, distance RAVE 3, 1 threads)"
	const plain = "0.1 (genmove: mcts 3000 playouts, heavy playouts, 1 threads)"
	sgf := filepath.Join(t.TempDir(), "g.sgf")
	if err := os.WriteFile(sgf, []byte("(;GM[1]FF[4]SZ[9]KM[7.5];B[ee])"), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := settingsEngine(t, catalog.Config{Rules: "go", Board: "19x19"})
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct{ cmd, want string }{
		{"", plain},
		{"boardsize 9", tuned},
		{"boardsize 13", plain},
		{"loadsgf " + sgf, tuned},
	} {
		if step.cmd != "" {
			if got, _ := e.Execute(step.cmd); !strings.HasPrefix(got, "=") {
				t.Fatalf("%s: %q", step.cmd, got)
			}
		}
		if got, _ := e.Execute("version"); got != "= "+step.want+"\n\n" {
			t.Errorf("after %q: version %q, want %q", step.cmd, got, step.want)
		}
	}
	d, err := settingsEngine(t, catalog.Config{Rules: "go", Board: "19x19"}, "--random-moves", "0.5")
	if err != nil {
		t.Fatal(err)
	}
	d.Execute("boardsize 9")
	if got, want := func() string { s, _ := d.Execute("version"); return s }(), "= "+strings.TrimSuffix(tuned, ")")+", 50% random moves)\n\n"; got != want {
		t.Errorf("diluted, after boardsize 9: version %q, want %q", got, want)
	}
}

// TestSearchCommands: with the search, genmove plays, moku-analyze
// reports, time_settings and time_left are accepted and checked.
func TestSearchCommands(t *testing.T) {
	e, err := settingsEngine(t, catalog.Config{Rules: "go", Board: "7x7"}, "--playouts", "300")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ cmd, want string }{
		{"komi 7.5", "= \n\n"},
		{"time_settings 30 0 0", "= \n\n"},
		{"time_settings 30 x 0", "? syntax error\n\n"},
		{"genmove b", "= "},
		{"time_left w 29 0", "= \n\n"},
		{"time_left purple 29 0", "? invalid color\n\n"},
		{"time_left r 29 0", "? invalid color: the game has 2 players\n\n"},
		{"genmove w", "= "},
		{"moku-analyze 300", "= player black\nwinrate "},
		{"moku-analyze -1", "? usage: moku-analyze [playouts]\n\n"},
	} {
		got, _ := e.Execute(tc.cmd)
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: %q, want %q…", tc.cmd, got, tc.want)
		}
	}
	got, _ := e.Execute("moku-analyze 300")
	for _, want := range []string{"\nmove ", " visits ", " pv ", "\nownership a1 "} {
		if !strings.Contains(got, want) {
			t.Errorf("moku-analyze lacks %q:\n%s", want, got)
		}
	}
}

// TestPieCommands: moku-pie-komi proposes a whole komi within the board's
// range; moku-pie-color chooses White under a large komi, Black under a
// large negative one.
func TestPieCommands(t *testing.T) {
	e, err := settingsEngine(t, catalog.Config{Rules: "keil", Board: "hex:2"}, "--playouts", "300")
	if err != nil {
		t.Fatal(err)
	}
	resp, _ := e.Execute("moku-pie-komi")
	var komi float64
	if _, err := fmt.Sscanf(resp, "= %g black-winrate", &komi); err != nil || komi != float64(int(komi)) || komi < 0 || komi > 7 {
		t.Errorf("proposed komi: %q (want a whole number within the 7 points)", resp)
	}
	for _, tc := range []struct{ cmd, want string }{
		{"moku-pie-color 40", "= white winrate"},
		{"moku-pie-color -40", "= black winrate"},
		{"moku-pie-color x", "? komi not a float\n\n"},
	} {
		if got, _ := e.Execute(tc.cmd); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: %q, want %q…", tc.cmd, got, tc.want)
		}
	}
}

// TestTuningFlags: the tree's tuning flags reach the search and its name,
// and bad values are refused.
func TestTuningFlags(t *testing.T) {
	s := DefaultSettings()
	fs := flag.NewFlagSet("gtp", flag.ContinueOnError)
	s.AddFlags(fs)
	if err := fs.Parse([]string{"--expand-visits", "4", "--prior-even", "20", "--rave-equiv", "1000", "--distance-rave", "3", "--widening", "40", "--learned-floor", "0.001"}); err != nil {
		t.Fatal(err)
	}
	o := s.Options()
	if o.ExpandVisits != 4 || o.PriorEven != 20 || o.RaveEquiv != 1000 || o.DistanceRave != 3 || o.Widening != 40 || o.LearnedFloor != 0.001 {
		t.Fatalf("options %+v", o)
	}
	if name := search.New(o).Name(); !strings.Contains(name, "expanded after 4 visits, 20 even prior games, RAVE equivalence 1000") || !strings.Contains(name, "distance RAVE 3") ||
		!strings.Contains(name, "widening from 40 playouts by 1.4") {
		t.Errorf("name %q", name)
	}
	if name := search.New(DefaultSettings().Options()).Name(); strings.Contains(name, "expanded") || strings.Contains(name, "RAVE") || strings.Contains(name, "distance") || strings.Contains(name, "widening") {
		t.Errorf("default name %q names the defaults", name)
	}
	for _, bad := range []Settings{{ExpandVisits: -1}, {PriorEven: -1}, {RaveEquiv: math.Inf(1)}, {DistanceRave: -1}, {DistanceRave: 101},
		{Widening: -1}, {Widening: math.NaN()}, {Widening: 40, WideningRate: 1}, {Widening: 40, WideningRate: 0.5}, {Widening: 40, WideningRate: math.Inf(1)},
		{LearnedFloor: -0.1}, {LearnedFloor: 1}, {LearnedFloor: math.NaN()}} {
		b := DefaultSettings()
		b.ExpandVisits, b.PriorEven, b.RaveEquiv, b.DistanceRave = bad.ExpandVisits, bad.PriorEven, bad.RaveEquiv, bad.DistanceRave
		b.Widening, b.WideningRate, b.LearnedFloor = bad.Widening, bad.WideningRate, bad.LearnedFloor
		if _, err := b.Engine(catalog.Config{Rules: "go", Board: "9x9"}); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// With --keep-tree a GTP engine's genmove after play searches on from
// its last tree: the root's moves hold more visits than its new playouts.
func TestKeepTreeThroughGTP(t *testing.T) {
	e, err := settingsEngine(t, catalog.Config{Rules: "go", Board: "7x7"}, "--keep-tree", "--playouts", "1500", "--stop-early=false")
	if err != nil {
		t.Fatal(err)
	}
	p, ok := e.player.(*search.Player)
	if !ok {
		t.Fatalf("the player is a %T", e.player)
	}
	if r, ok := e.Execute("genmove b"); !ok || !strings.HasPrefix(r, "=") {
		t.Fatalf("genmove b: %q", r)
	}
	pv := p.Last().Candidates[0].PV
	if len(pv) < 2 {
		t.Fatalf("no expected answer in %v", pv)
	}
	if r, ok := e.Execute("play w " + pv[1].Format(e.state.Graph())); !ok || !strings.HasPrefix(r, "=") {
		t.Fatalf("play: %q", r)
	}
	if r, ok := e.Execute("genmove b"); !ok || !strings.HasPrefix(r, "=") {
		t.Fatalf("genmove b: %q", r)
	}
	visits := 0
	for _, c := range p.Last().Candidates {
		visits += c.Visits
	}
	if a := p.Last(); a.Playouts != 1500 || visits <= a.Playouts {
		t.Errorf("second genmove: %d new playouts, %d visits at the root: nothing kept", a.Playouts, visits)
	}
}
