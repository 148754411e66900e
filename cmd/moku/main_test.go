package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// moku runs one command line and returns its exit code and output.
func moku(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestReplayCommand(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte("rules go\nboard 2x1\n1. B a1\nW pass\nB pass\n"), 0o644)
	code, out, _ := moku(t, "", "replay", good)
	if code != 0 || !strings.Contains(out, "game over (passes): B+2") || !strings.Contains(out, "black 2 = 1 stones + 1 territory") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	code, out, errs := moku(t, "rules keil\nboard hex:3\nB button\nW a1 b1 c3 a2\nW a1\n", "replay", "-")
	if code != 1 || !strings.Contains(errs, "move 6 (line 5) W a1: illegal move a1: suicide") || !strings.Contains(out, "position before the illegal move") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	if code, _, errs := moku(t, "", "replay", filepath.Join(dir, "missing.txt")); code != 1 || !strings.Contains(errs, "no such file") {
		t.Errorf("missing file: exit %d, %s", code, errs)
	}
	// A handicap game whose White moves first: the file's two moves, not
	// the pass implied before them.
	if code, out, _ := moku(t, "", "replay", filepath.Join("..", "..", "record", "testdata", "sgf-corpus", "9handicap.sgf")); code != 0 || !strings.Contains(out, "2 moves, all legal") {
		t.Errorf("9handicap.sgf: exit %d, output:\n%s", code, out)
	}
}

func TestPlayCommand(t *testing.T) {
	input := "G 7\nbutton\n f 6\nh 9\ng7\nundo\nF6\npass\npass\nquit\n"
	code, out, _ := moku(t, input, "play", "--game", "keil", "--board", "hex:4")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, want := range []string{
		`"h 9" is not a point of this board (hex:4)`,
		"illegal move g7: g7 is occupied",
		"move 3, black to play> ",
		"game over (passes): B+",
		"     7 . . . X\n", // the hexhex drawn as a hexagon: the top row is indented
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestPlayComputer plays moku play against the computer at its random
// level: it moves for White, the person passes until the game ends.
func TestPlayComputer(t *testing.T) {
	code, out, errs := moku(t, strings.Repeat("pass\n", 500), "play", "--game", "go", "--board", "3x3", "--computer", "white", "--level", "random")
	for _, want := range []string{"white is the computer (random)\n", "move 2, white (the computer) plays ", "move 3, black to play> ", "game over"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d, output lacks %q:\n%s\n%s", code, want, out, errs)
		}
	}
	if strings.Contains(out, "white to play> ") {
		t.Errorf("the computer's seat was asked for a move:\n%s", out)
	}
}

func TestGTPCommand(t *testing.T) {
	code, out, _ := moku(t, "1 name\n2 boardsize 3\n3 play b b2\n4 list_stones black\nquit\n", "gtp", "--game", "keil")
	if code != 0 || out != "=1 moku\n\n=2 \n\n=3 \n\n=4 b2\n\n= \n\n" {
		t.Errorf("exit %d, output %q", code, out)
	}
	if code, _, errs := moku(t, "", "gtp", "--game", "ki", "--board", "10x10"); code != 2 || !strings.Contains(errs, "odd square boards") {
		t.Errorf("ki 10x10: exit %d, %s", code, errs)
	}
}

// TestCommandLine: help on standard output with status 0, the usage on
// standard error with status 2 for a command line that is wrong, each
// error said once with a pointer to -h.
func TestCommandLine(t *testing.T) {
	games := "unknown game (the games: keil, kee, ki, go)"
	for _, tc := range []struct {
		args           []string
		code           int
		stdout, stderr string // each a part of the output ("": none at all)
	}{
		{[]string{"help"}, 0, "usage: moku COMMAND [flags]", ""},
		{[]string{"-h"}, 0, "  replay ", ""},
		{[]string{"--help"}, 0, "usage: moku COMMAND [flags]", ""},
		{nil, 2, "", "usage: moku COMMAND [flags]"},
		{[]string{"frobnicate"}, 2, "", `moku: unknown command "frobnicate"`},
		{[]string{"--version"}, 0, "moku 0.1\n", ""},
		{[]string{"play", "-h"}, 0, "usage: moku play [flags]\n", ""},
		{[]string{"play", "--help"}, 0, "  -computer string\n", ""},
		{[]string{"solve", "-h"}, 0, "usage: moku solve [flags]\n", ""},
		{[]string{"replay", "-h"}, 0, "usage: moku replay [flags] FILE\n", ""},
		{[]string{"ladder", "--help"}, 0, "usage: moku ladder [flags] DIR...\n", ""},
		{[]string{"gtp", "-h"}, 0, "  -playouts int\n", ""},
		{[]string{"play", "--bogus"}, 2, "", "moku play: flag provided but not defined: -bogus\nRun \"moku play -h\" for its usage.\n"},
		{[]string{"gtp", "--playouts", "-5"}, 2, "", "moku gtp: --playouts -5: must not be negative"},
		{[]string{"gtp", "--threads", "0"}, 2, "", "moku gtp: --threads 0: must be at least 1"},
		{[]string{"gtp", "--time", "-1"}, 2, "", "moku gtp: --time -1: must not be negative"},
		{[]string{"match", "--time", "-1s"}, 2, "", "moku match: --time -1s: must not be negative"},
		{[]string{"solve", "--threads", "0"}, 2, "", "--threads 0: must be at least 1"},
		{[]string{"selfplay", "--games", "0"}, 2, "", "--games 0: must be at least 1"},
		{[]string{"bench", "--seconds", "0"}, 2, "", "--seconds 0: must be more than 0"},
		{[]string{"gtp", "--playouts", "many"}, 2, "", `invalid value "many" for flag -playouts`},
		{[]string{"play", "extra"}, 2, "", `moku play: unexpected argument "extra" (moku play takes only flags)`},
		{[]string{"solve", "--board", "3x3", "now"}, 2, "", `unexpected argument "now"`},
		{[]string{"replay"}, 2, "", "moku replay: missing FILE"},
		{[]string{"replay", "a.sgf", "b.sgf"}, 2, "", `unexpected argument "b.sgf" (moku replay takes FILE)`},
		{[]string{"ladder"}, 2, "", "moku ladder: missing DIR..."},
		{[]string{"play", "--game", "chess"}, 2, "", "moku play: --game chess: " + games},
		{[]string{"gtp", "--game", "chess"}, 2, "", games},
		{[]string{"solve", "--game", "chess"}, 2, "", games},
		{[]string{"selfplay", "--game", "chess"}, 2, "", games},
		{[]string{"match", "--game", "chess"}, 2, "", games},
		{[]string{"play", "--level", "hard"}, 2, "", `--level "hard": unknown level (the levels: "random", "1k playouts", "10k playouts", "30k playouts")`},
		{[]string{"play", "--computer", "green"}, 2, "", `--computer green: unknown colour "green"`},
		{[]string{"play", "--game", "kee", "--computer", "red"}, 2, "", "--computer red: a 2-player game has no red"},
	} {
		code, out, errs := moku(t, "", tc.args...)
		if code != tc.code || !strings.Contains(out, tc.stdout) || !strings.Contains(errs, tc.stderr) ||
			(tc.stdout == "") != (out == "") || (tc.stderr == "") != (errs == "") {
			t.Errorf("moku %v: exit %d, stdout %q, stderr %q", tc.args, code, out, errs)
		}
		// Said once, in one line, then the pointer to -h: no message of
		// package flag followed by moku's repeat of it.
		if len(tc.args) > 0 && commands[tc.args[0]].run != nil && tc.code == 2 {
			lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
			if len(lines) != 2 || lines[1] != "Run \"moku "+tc.args[0]+" -h\" for its usage." {
				t.Errorf("moku %v: stderr %q, want one line and the pointer to -h", tc.args, errs)
			}
		}
	}
}

func TestMatchEngineFlags(t *testing.T) {
	out := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "kee", "--players", "3", "--engine1", "a", "--engine2", "b"}, "a 3-player game wants 3 engines"},
		{[]string{"--game", "kee", "--players", "3", "--black", "a", "--white", "b", "--engine3", "c"}, "--black, --white and --fixed are for two engines"},
		{[]string{"--game", "go", "--engine1", "a", "--engine2", "b", "--engine3", "c"}, "--engine3 and --engine4 are for 3- and 4-player games"},
		{[]string{"--game", "kee", "--players", "3", "--engine1", "a", "--engine2", "b", "--engine3", "c", "--engine4", "d"}, "a 3-player game has only 3 engines"},
		{[]string{"--game", "kee", "--players", "3", "--engine1", "a", "--engine2", "b", "--engine3", "c", "--stop-below", "0.5"}, "--stop-below is for a match of two engines"},
		{[]string{"--engine1", "a", "--engine2", "b", "--stop-below", "0.5", "--stop-after", "0"}, "--stop-after 0: want 1 game or more"},
		{[]string{"--engine1", "a", "--engine2", "b", "--stop-below", "2"}, "a stopping rule of 2 after 20 games"},
	} {
		code, _, errs := moku(t, "", append([]string{"match", "--out", out}, tc.args...)...)
		if code != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want …%s…", tc.args, code, errs, tc.want)
		}
	}
}
