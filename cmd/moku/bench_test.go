package main

import (
	"encoding/json"
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
