package gtp_test

import (
	"context"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"
	"time"

	"moku/catalog"
	"moku/gtp"
	"moku/match"
	"moku/search"
)

// TestFinalStatusList: with the estimator of the web app's computer seats,
// final_status_list names the dead stones GNU Go names, in positions
// where play has stopped: walls with territory, and stones left inside
// the other side's territory.
func TestFinalStatusList(t *testing.T) {
	path, err := exec.LookPath("gnugo")
	if err != nil {
		path = "/usr/games/gnugo"
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("GNU Go is not installed (apt-get install gnugo, or run scripts/test): %v", err)
	}
	for _, tc := range []struct{ board, moves, dead string }{
		{"5x5", "b1 d1 b2 d2 b3 d3 b4 d4 b5 d5 e3 pass", "e3"},
		{"9x9", "c1 g1 c2 g2 c3 g3 c4 g4 c5 g5 c6 g6 c7 g7 c8 g8 c9 g9 h5 b5 j5 a6 pass", "a6 b5 h5 j5"},
		{"9x9", "c1 g1 c2 g2 c3 g3 c4 g4 c5 g5 c6 g6 c7 g7 c8 g8 c9 g9 pass", ""},
	} {
		e, err := gtp.New(catalog.Config{Rules: "go komi=0", Board: tc.board}, 1)
		if err != nil {
			t.Fatal(err)
		}
		e.SetEstimator(search.Playouts{N: 2000, Seed: 1})
		gg, err := match.StartEngine(path + " --mode gtp --level 1")
		if err != nil {
			t.Fatal(err)
		}
		size := strings.Split(tc.board, "x")[0]
		send := func(cmd string) string {
			r, err := gg.Send(context.Background(), cmd, 30*time.Second)
			if err != nil {
				t.Fatalf("gnugo %s: %v", cmd, err)
			}
			return r
		}
		send("boardsize " + size)
		send("komi 0")
		color := "b"
		var out strings.Builder
		for _, m := range strings.Fields(tc.moves) {
			send("play " + color + " " + m)
			if err := e.Run(strings.NewReader("play "+color+" "+m+"\n"), &out); err != nil {
				t.Fatal(err)
			}
			color = map[string]string{"b": "w", "w": "b"}[color]
		}
		out.Reset()
		if err := e.Run(strings.NewReader("final_status_list dead\n"), &out); err != nil {
			t.Fatal(err)
		}
		got := sorted(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(out.String()), "=")))
		want := sorted(send("final_status_list dead"))
		gg.Close()
		if got != want || got != tc.dead {
			t.Errorf("%s after %s: moku says dead %q, GNU Go %q, want %q", tc.board, tc.moves, got, want, tc.dead)
		}
	}
}

func sorted(s string) string {
	f := strings.Fields(strings.ToLower(s))
	sort.Strings(f)
	return strings.Join(f, " ")
}
