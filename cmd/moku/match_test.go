package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func gnugoCommand(t *testing.T) string {
	path, err := exec.LookPath("gnugo")
	if err != nil {
		path = "/usr/games/gnugo"
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("GNU Go is not installed (apt-get install gnugo, or run scripts/test): %v", err)
	}
	return path + " --mode gtp --level 1"
}

// TestMatchCommand runs a short match of GNU Go against itself and replays
// the saved games with moku replay.
func TestMatchCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	gg := gnugoCommand(t)
	code, out, errs := moku(t, "", "match", "--black", gg, "--white", gg, "--rules", "go-simple", "--board", "5x5",
		"--games", "2", "--time", "10s", "--out", dir)
	if code != 0 || !strings.Contains(out, "2 games: engine 1 won") || !strings.Contains(out, "95% confidence interval") || !strings.Contains(errs, "2/2 games") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	for _, f := range []string{"game-0001.sgf", "game-0002.sgf"} {
		code, out, errs := moku(t, "", "replay", filepath.Join(dir, f))
		if code != 0 || !strings.Contains(out, "all legal") || !strings.Contains(out, "board 5x5") {
			t.Errorf("replay %s: exit %d\n%s%s", f, code, out, errs)
		}
	}
	// Run again: both games are already saved.
	code, out, _ = moku(t, "", "match", "--black", gg, "--white", gg, "--rules", "go-simple", "--board", "5x5",
		"--games", "2", "--out", dir, "--quiet")
	if code != 0 || !strings.Contains(out, "2 games") {
		t.Errorf("resume: exit %d\n%s", code, out)
	}
	if code, _, errs := moku(t, "", "match", "--black", gg); code != 2 && !strings.Contains(errs, "want two engines") {
		t.Errorf("one engine: exit %d, %s", code, errs)
	}
}

func TestReplaySGF(t *testing.T) {
	code, out, errs := moku(t, "(;GM[1]SZ[5]KM[0.5]\n;B[cc];W[dd];B[tt];W[tt])", "replay", "-")
	if code != 0 || !strings.Contains(out, "4 moves, all legal") || !strings.Contains(out, "game over (passes)") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = moku(t, "(;MKRU[keil]MKBD[hex:3]\n;MKMV[B:button];MKMV[W:a1];MKMV[B:a1])", "replay", "-")
	if code != 1 || !strings.Contains(errs, "move 3 (2:27) B a1: illegal move a1: a1 is occupied") || !strings.Contains(out, "position before the illegal move") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	code, _, errs = moku(t, "(;GM[1]SZ[5]\n;B[cc", "replay", "-")
	if code != 1 || !strings.Contains(errs, "-: 2:3: value opened here is not closed") {
		t.Errorf("exit %d, %s", code, errs)
	}
}
