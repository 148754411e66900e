package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// selfPlayRecords copies the first n records of results/learn/go9-selfplay-1k
// into a new directory and returns it.
func selfPlayRecords(t *testing.T, n int) string {
	t.Helper()
	src := filepath.Join("..", "..", "results", "learn", "go9-selfplay-1k")
	dir := t.TempDir()
	for i := 1; i <= n; i++ {
		name := filepath.Join(src, fmt.Sprintf("game-%04d.sgf", i))
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(name)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// moku learn trains on a directory of records, writes the weights file,
// resumes from it, and refuses bad arguments.
func TestLearnCommand(t *testing.T) {
	dir := selfPlayRecords(t, 12)
	out := filepath.Join(t.TempDir(), "w.txt")
	code, stdout, stderr := moku(t, "", "learn", "--out", out, "--iterations", "2", "--test-every", "4", "--note", "twelve games", dir)
	if code != 0 || !strings.Contains(stdout, out+": go-square, ") || !strings.Contains(stdout, "2 iterations") ||
		!strings.Contains(stderr, "iteration 2/2") || !strings.Contains(stdout, "test: log-likelihood") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	data, _ := os.ReadFile(out)
	if !strings.Contains(string(data), `# command: moku learn --out `+out+` --iterations 2 --test-every 4 --note "twelve games" `+dir) {
		t.Errorf("the file does not say how it was made:\n%.600s", data)
	}
	code, _, stderr = moku(t, "", "learn", "--out", out, "--iterations", "3", "--test-every", "4", "--quiet=false", dir)
	if code != 0 || !strings.Contains(stderr, "resuming from "+out+": 2 iterations done") || !strings.Contains(stderr, "iteration 3/3") {
		t.Errorf("second run: exit %d\n%s", code, stderr)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"learn"}, 2, "missing DIR"},
		{[]string{"learn", "--iterations", "0", dir}, 2, "--iterations 0: must be at least 1"},
		{[]string{"learn", "--prior", "-1", dir}, 2, "--prior -1: must not be negative"},
		{[]string{"learn", "--out", out, t.TempDir()}, 1, "no SGF records"},
	} {
		if code, _, stderr := moku(t, "", c.args...); code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %s", c.args, code, stderr)
		}
	}
}

// moku label writes each record with its moves' search visits, skips
// what it has done when run again, and moku learn trains on the result;
// it refuses a missing --out or another player.
func TestLabelCommand(t *testing.T) {
	dir, out := selfPlayRecords(t, 2), filepath.Join(t.TempDir(), "labelled")
	code, stdout, stderr := moku(t, "", "label", "--playouts", "50", "--jobs", "2", "--out", out, dir)
	if code != 0 || !strings.Contains(stdout, out+": 2 records labelled, 0 already there") || !strings.Contains(stderr, "labelled 2/2 records") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	data, _ := os.ReadFile(filepath.Join(out, "game-0001.sgf"))
	if strings.Count(string(data), "MKVISITS[") < 10 {
		t.Errorf("the labelled record:\n%.800s", data)
	}
	code, stdout, _ = moku(t, "", "label", "--playouts", "50", "--quiet", "--out", out, dir)
	if code != 0 || !strings.Contains(stdout, "0 records labelled, 2 already there") {
		t.Errorf("again: exit %d, %s", code, stdout)
	}
	w := filepath.Join(t.TempDir(), "w.txt")
	if code, stdout, stderr := moku(t, "", "learn", "--out", w, "--iterations", "1", "--test-every", "0", "--played-share", "0.25", out); code != 0 || !strings.Contains(stdout, "1 iterations") ||
		!strings.Contains(stderr, "positions learn a search's visits (MKVISITS), the move played weighing 0.25") {
		t.Errorf("learn on the labelled records: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if code, _, stderr := moku(t, "", "learn", "--out", w, "--played-share", "1.5", out); code != 1 || !strings.Contains(stderr, "the played move's share 1.5: want 0 to 1") {
		t.Errorf("--played-share 1.5: exit %d, %s", code, stderr)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"label", dir}, 2, "--out is required"},
		{[]string{"label", "--out", out, "--player", "random", dir}, 2, "--player random: moku label searches"},
		{[]string{"label", "--out", out, "--jobs", "0", dir}, 2, "--jobs 0: must be at least 1"},
		{[]string{"label", "--out", out}, 2, "missing DIR"},
	} {
		if code, _, stderr := moku(t, "", c.args...); code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %s", c.args, code, stderr)
		}
	}
}
