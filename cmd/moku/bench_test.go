package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestBenchJSON(t *testing.T) {
	code, out, errs := moku(t, "", "bench", "--json", "--seconds", "0.05")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got map[string]struct {
		PlayoutsPerS    float64 `json:"playouts_per_s"`
		MovesPerPlayout float64 `json:"moves_per_playout"`
		BlackWinRate    float64 `json:"black_win_rate"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	for _, k := range []string{"go-9x9", "go-9x9-heavy", "keil-hex7", "keil-hex7-heavy", "kee-9x9-3p", "ki-11x11", "ki-11x11-heavy"} {
		g, ok := got[k]
		if !ok || g.PlayoutsPerS <= 0 || g.MovesPerPlayout < 20 || g.BlackWinRate < 0 || g.BlackWinRate > 1 {
			t.Errorf("%s: %+v (present %v)", k, g, ok)
		}
	}
}

// TestGTPSearch: the default player is the search; genmove plays legal
// moves, moku-analyze reports, time_settings and time_left are accepted,
// and --player random still works.
func TestGTPSearch(t *testing.T) {
	in := "boardsize 7\nkomi 7.5\ntime_settings 30 0 0\ngenmove b\ntime_left w 29 0\ngenmove w\nmoku-analyze 300\nquit\n"
	code, out, errs := moku(t, in, "gtp", "--playouts", "300")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"= \n\n= \n\n= \n\n= ", "player black\nwinrate ", "\nmove ", " visits ", " pv ", "\nownership a1 "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "?") {
		t.Errorf("an error:\n%s", out)
	}
	code, out, _ = moku(t, "genmove b\nquit\n", "gtp", "--player", "random", "--game", "keil", "--board", "hex:3")
	if code != 0 || !strings.HasPrefix(out, "= ") {
		t.Errorf("random player: exit %d\n%s", code, out)
	}
	if code, _, errs := moku(t, "", "gtp", "--player", "oracle"); code != 1 || !strings.Contains(errs, "want mcts or random") {
		t.Errorf("--player oracle: exit %d, %s", code, errs)
	}
}
