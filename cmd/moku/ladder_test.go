package main

import (
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// buildMoku builds the moku command for engines to run.
func buildMoku(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "moku")
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if out, err := exec.Command(goCmd, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestLadderCommand plays short real matches (random against 50 playouts
// a move on Keil side 3, resumed half-way; and three players of Kee 5x5)
// and rates them.
func TestLadderCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: plays real games")
	}
	bin := buildMoku(t)
	root := t.TempDir()
	two := filepath.Join(root, "keil3", "50-random")
	keil := func(games string, seed1, seed2 int) []string {
		return []string{"match", "--game", "keil", "--board", "hex:3", "--time", "60s", "--quiet", "--out", two, "--games", games,
			"--engine1", bin + " gtp --game keil --board hex:3 --playouts 50 --seed " + strconv.Itoa(seed1),
			"--engine2", bin + " gtp --game keil --board hex:3 --player random --seed " + strconv.Itoa(seed2)}
	}
	if code, out, errs := moku(t, "", keil("2", 1, 2)...); code != 0 {
		t.Fatalf("match: exit %d\n%s%s", code, out, errs)
	}
	// Resume: the two saved games count, two more are played. The engines
	// start from new seeds: from the same ones they would replay games 1
	// and 2 (moku ladder would skip them, see below).
	code, out, errs := moku(t, "", keil("4", 3, 4)...)
	if code != 0 || !strings.Contains(out, "4 games: engine 1 won") {
		t.Fatalf("resumed match: exit %d\n%s%s", code, out, errs)
	}
	files, _ := filepath.Glob(filepath.Join(two, "game-*.sgf"))
	if len(files) != 4 {
		t.Fatalf("%d games saved, want 4", len(files))
	}
	three := filepath.Join(root, "kee5-3p", "random-20-50")
	code, out, errs = moku(t, "", "match", "--game", "kee", "--players", "3", "--board", "5x5", "--time", "60s", "--quiet",
		"--games", "3", "--out", three,
		"--engine1", bin+" gtp --game kee --players 3 --board 5x5 --player random --seed 1",
		"--engine2", bin+" gtp --game kee --players 3 --board 5x5 --playouts 20 --seed 2",
		"--engine3", bin+" gtp --game kee --players 3 --board 5x5 --playouts 50 --seed 3")
	if code != 0 {
		t.Fatalf("3-player match: exit %d\n%s%s", code, out, errs)
	}
	// The ladder's table of places must say what the match said.
	var places []string
	for i, rung := range []string{"random", "20", "50"} {
		m := regexp.MustCompile(fmt.Sprintf(`engine %d: average place ([0-9.]+) \(95%% confidence interval ([0-9.]+) to ([0-9.]+)\), points a game ([0-9.]+) \(([0-9.]+) to ([0-9.]+)\)`, i+1)).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("3-player match: no places for engine %d in\n%s", i+1, out)
		}
		places = append(places, fmt.Sprintf("| Kee 5x5, 3 players | random, 20, 50 | %s | 3 | %s (%s to %s) | %s (%s to %s) |", rung, m[1], m[2], m[3], m[4], m[5], m[6]))
	}
	// A copy of a saved game elsewhere is a replay, skipped.
	dup := filepath.Join(root, "keil3", "again")
	os.MkdirAll(dup, 0o755)
	data, _ := os.ReadFile(files[0])
	os.WriteFile(filepath.Join(dup, "game-0001.sgf"), data, 0o644)

	svg := filepath.Join(root, "ladder.svg")
	code, out, errs = moku(t, "", "ladder", "--svg", svg, filepath.Join(root, "keil3"), filepath.Join(root, "kee5-3p"))
	if code != 0 {
		t.Fatalf("ladder: exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{
		"| game | rung | games | score | Elo | 95% interval |",
		"| Keil side 3 | random | 4 | ",
		"| Kee 5x5, 3 players | 50 | 6 | ",
		"| game | pairing | games | wins-losses-draws | score | Elo difference (95% interval) |",
		"| Keil side 3 | 50 --heavy vs random | 4 | ",
		"| Kee 5x5, 3 players | 50 vs 20 | 3 | ",
		"| Kee 5x5, 3 players | 20 vs random | 3 | ",
		"| rung | Keil side 3 (4 games) | Kee 5x5, 3 players (3 games) |",
		"Kee 5x5, 3 players: each game counts as 3 pairwise comparisons",
		"| game | table | rung | games | average place (95% interval) | points a game (95% interval) |",
		places[0], places[1], places[2],
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errs, "1 games skipped as replays") {
		t.Errorf("stderr: %q, want the replay skipped", errs)
	}
	f, err := os.Open(svg)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d := xml.NewDecoder(f)
	circles := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", svg, err)
		}
		if s, ok := tok.(xml.StartElement); ok && s.Name.Local == "circle" {
			circles++
		}
	}
	// 2 rungs of Keil, 3 of Kee, and the legend's open circle.
	if circles != 6 {
		t.Errorf("%d circles in the plot, want 6", circles)
	}

	if code, _, errs := moku(t, "", "ladder", t.TempDir()); code != 1 || !strings.Contains(errs, "no games") {
		t.Errorf("empty directory: exit %d, %s", code, errs)
	}
}
