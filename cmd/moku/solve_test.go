package main

import (
	"strings"
	"testing"
)

// TestSolveBoardSizes runs moku solve on small and large boards of every
// game: each either starts (and stops at a tiny node cap) or refuses the
// board with a clear message before searching; none panics.
func TestSolveBoardSizes(t *testing.T) {
	const refusal = "the exact solver handles boards up to 64 points"
	for _, tc := range []struct {
		game, board string // board "" is the game's default
		refused     bool
	}{
		{"go", "2x2", false},
		{"go", "8x8", false},
		{"go", "9x9", true},
		{"go", "", true},
		{"keil", "hex:3", false},
		{"keil", "hex:5", false},
		{"keil", "hex:6", true},
		{"keil", "", true},
		{"kee --players 2", "3x3", false},
		{"kee --players 2", "9x9", true},
		{"kee --players 2", "", true},
		{"kee --players 3", "2x2", false},
		{"kee --players 3", "8x8", false},
		{"kee --players 3", "9x9", true},
		{"kee --players 3", "", true},
		{"ki", "3x3", false},
		{"ki", "7x7", false},
		{"ki", "9x9", true},
		{"ki", "", true},
	} {
		args := append([]string{"solve", "--quiet", "--max-nodes", "50", "--game"}, strings.Fields(tc.game)...)
		if tc.board != "" {
			args = append(args, "--board", tc.board)
		}
		var code int
		var out, errs string
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%v: panic %v", args, p)
				}
			}()
			code, out, errs = moku(t, "", args...)
		}()
		switch {
		case tc.refused && (code != 1 || !strings.Contains(errs, refusal) || out != ""):
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want the refusal", args, code, out, errs)
		case !tc.refused && (strings.Contains(errs, refusal) || !strings.Contains(out+errs, "node")):
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want a start", args, code, out, errs)
		}
	}
}
