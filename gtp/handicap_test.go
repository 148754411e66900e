package gtp_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"moku/catalog"
	"moku/gtp"
	"moku/match"
)

// gnugo starts GNU Go in GTP mode, failing the test if it is not
// installed.
func gnugo(t *testing.T) *match.Engine {
	t.Helper()
	path, err := exec.LookPath("gnugo")
	if err != nil {
		path = "/usr/games/gnugo"
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("GNU Go is not installed (apt-get install gnugo, or run scripts/test): %v", err)
	}
	gg, err := match.StartEngine(path + " --mode gtp --level 1")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(gg.Close)
	return gg
}

// TestHandicapLikeGNUGo runs the same commands on moku and GNU Go and
// compares the answers (as sets of vertices; a failure must fail on
// both): fixed_handicap on 19x19, 13x13, 9x9, 8x8 and 7x7 with every
// number of stones, the boards where it is not defined, set_free_handicap,
// moves out of turn, and list_stones after them.
func TestHandicapLikeGNUGo(t *testing.T) {
	gg := gnugo(t)
	e, err := gtp.New(catalog.Config{Rules: "go", Board: "19x19"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var script []string
	for _, size := range []string{"19", "13", "9", "8", "7", "6"} {
		for k := 1; k <= 10; k++ {
			script = append(script, "boardsize "+size, "clear_board", "fixed_handicap "+string(rune('0'+k%10)))
			if k == 10 {
				script[len(script)-1] = "fixed_handicap 10"
			}
		}
	}
	script = append(script,
		"boardsize 9", "clear_board", "fixed_handicap 3", "undo", "play w e5", "play w c5", "list_stones black", "list_stones white",
		"play b d5", "play b d6", "list_stones black", "fixed_handicap 2",
		"clear_board", "set_free_handicap a1 j9 e5", "list_stones black", "play b b2", "list_stones black",
		"clear_board", "set_free_handicap a1", "set_free_handicap a1 a1", "set_free_handicap a1 z9",
		"clear_board", "play b c3", "play b d3", "play w e3", "play w f3", "list_stones black", "list_stones white",
	)
	for _, cmd := range script {
		want, gerr := gg.Send(context.Background(), cmd, 30*time.Second)
		var gtpErr *match.GTPError
		if gerr != nil && !errors.As(gerr, &gtpErr) {
			t.Fatalf("gnugo %s: %v", cmd, gerr)
		}
		resp, _ := e.Execute(cmd)
		failed := strings.HasPrefix(resp, "?")
		if failed != (gerr != nil) {
			t.Errorf("%s: moku %q, GNU Go %q (error %v)", cmd, resp, want, gerr)
			continue
		}
		got := strings.TrimSpace(strings.TrimPrefix(resp, "="))
		if !failed && sorted(got) != sorted(want) {
			t.Errorf("%s: moku %q, GNU Go %q", cmd, got, want)
		}
	}
}

// TestHandicapOrder: fixed_handicap places GTP 2's points in its order,
// White moves next, undo leaves the handicap alone, and the search can
// play after a handicap and after a move out of turn.
func TestHandicapOrder(t *testing.T) {
	e, err := gtp.New(catalog.Config{Rules: "go", Board: "19x19"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range [][2]string{
		{"fixed_handicap 2", "= d4 q16\n\n"},
		{"clear_board", "= \n\n"},
		{"fixed_handicap 3", "= d4 q16 d16\n\n"},
		{"clear_board", "= \n\n"},
		{"fixed_handicap 8", "= d4 q16 d16 q4 d10 q10 k4 k16\n\n"},
		{"gogui-rules_side_to_move", "= white\n\n"},
		{"undo", "? cannot undo\n\n"},
		{"play w k10", "= \n\n"},
		{"undo", "= \n\n"},
		{"undo", "? cannot undo\n\n"},
		{"clear_board", "= \n\n"},
		{"place_free_handicap 4", "= d4 q16 d16 q4\n\n"},
		{"place_free_handicap 4", "? board not empty\n\n"},
		{"gogui-rules_side_to_move", "= white\n\n"},
	} {
		if got, _ := e.Execute(tc[0]); got != tc[1] {
			t.Errorf("%s: %q, want %q", tc[0], got, tc[1])
		}
	}
	// place_free_handicap beyond the standard points: the player chooses the rest.
	e, _ = gtp.New(catalog.Config{Rules: "go", Board: "9x9"}, 1)
	got, _ := e.Execute("place_free_handicap 12")
	if n := len(strings.Fields(strings.TrimPrefix(got, "="))); n != 12 {
		t.Errorf("place_free_handicap 12: %q (%d stones)", got, n)
	}
	if got, _ := e.Execute("list_stones black"); len(strings.Fields(strings.TrimPrefix(got, "="))) != 12 {
		t.Errorf("after place_free_handicap 12, black has %q", got)
	}
	for _, tc := range []struct{ rules, board, cmd, want string }{
		{"go", "hex:4", "fixed_handicap 2", "? fixed handicap is defined on square boards only, not hex:4\n\n"},
		{"go", "9x7", "fixed_handicap 2", "? fixed handicap is defined on square boards only, not 9x7\n\n"},
		{"kee players=3", "9x9", "fixed_handicap 2", "? handicap stones are for two-player Go, not kee\n\n"},
		{"keil", "hex:3", "play w a1", "? illegal move: it is black's turn, not white's\n\n"},
		{"go", "5x5", "place_free_handicap 25", "? invalid number of stones: \"25\" (2..24 on this board)\n\n"},
		{"go", "9x9", "fixed_handicap 1", "? invalid number of stones: 1 (2..9 on 9x9)\n\n"},
		{"go", "9x9", "fixed_handicap two", "? syntax error: \"two\" is not a number of stones\n\n"},
	} {
		e, err := gtp.New(catalog.Config{Rules: tc.rules, Board: tc.board}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := e.Execute(tc.cmd); got != tc.want {
			t.Errorf("%s %s: %s: %q, want %q", tc.rules, tc.board, tc.cmd, got, tc.want)
		}
	}
}
