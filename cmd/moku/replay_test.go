package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayJudgesDeadStones: moku replay counts another program's Go
// record by area without the stones its estimator judges dead, says under
// which rules and compares with RE; -judge 0 counts the board as it stands.
func TestReplayJudgesDeadStones(t *testing.T) {
	corpus := filepath.Join("..", "..", "record", "testdata", "sgf-corpus", "gnugo-chinese-9x9.sgf")
	for _, tc := range []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"replay", corpus}, 0, []string{"35 moves, all legal", "RU[Chinese] is area counting", "judged dead (the record lists none): c3 c4\n", "game over (passes): B+18\n", "RE[B+18.0]: the count agrees\n"}},
		{[]string{"replay", "-judge", "0", corpus}, 0, []string{"game over (passes): W+20\n", "RE[B+18.0]: the record says B+18, this count W+20: 38 points apart, and a different result\n"}},
		{[]string{"replay", "-judge", "-1", corpus}, 2, nil},
	} {
		code, out, errs := moku(t, "", tc.args...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d\n%s%s", tc.args, code, tc.code, out, errs)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output lacks %q:\n%s", tc.args, w, out)
			}
		}
	}
}
