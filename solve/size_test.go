package solve

import (
	"errors"
	"strings"
	"testing"

	"moku/catalog"
)

// TestBoardSizes starts every solver on boards up to MaxPoints points and
// beyond, for every game: each either stops at a tiny node cap or refuses
// the board at once with a message naming it; none panics.
func TestBoardSizes(t *testing.T) {
	for _, tc := range []struct {
		rules, board string
		refusal      string // "": the solver starts
	}{
		{"go", "8x8", ""},
		{"go", "9x9", "the exact solver handles boards up to 64 points; 9x9 has 81"},
		{"go", "19x19", "19x19 has 361"},
		{"keil", "hex:5", ""},
		{"keil", "hex:6", "hex:6 has 91"},
		{"kee", "8x8", ""},
		{"kee", "9x9", "9x9 has 81"},
		{"kee players=3", "8x8", ""},
		{"kee players=3", "9x9", "9x9 has 81"},
		{"kee players=4", "9x9", "9x9 has 81"},
		{"ki", "7x7", ""},
		{"ki", "9x9", "9x9 has 81"},
	} {
		r, g, err := catalog.Config{Rules: tc.rules, Board: tc.board}.Build()
		if err != nil {
			t.Fatal(err)
		}
		var errs []error
		if r.Players > 2 {
			_, err := SolveMulti(r, g, MultiOptions{MaxNodes: 50})
			errs = append(errs, err)
		} else {
			for _, general := range []bool{false, true} {
				s, err := For(r, g, Options{MaxNodes: 50}, general)
				if err == nil {
					_, err = s.Solve()
					s.Close()
				}
				errs = append(errs, err)
			}
		}
		for _, err := range errs {
			switch {
			case tc.refusal == "" && !errors.Is(err, ErrNodeLimit):
				t.Errorf("%s on %s: %v; want the node limit", tc.rules, tc.board, err)
			case tc.refusal != "" && (err == nil || !strings.Contains(err.Error(), tc.refusal)):
				t.Errorf("%s on %s: %v; want …%s…", tc.rules, tc.board, err, tc.refusal)
			}
		}
	}
}
