package record_test

import (
	"errors"
	"strings"
	"testing"

	"moku/record"
)

// TestReplay: SGF and plain move lists, by their look or their name; the
// position before an illegal move; unreadable records named.
func TestReplay(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		games      int    // 0: nothing replayed
		moves      int    // of the game replayed
		err        string // "" for none
		record     bool
	}{
		{"a.sgf", "(;GM[1]SZ[5]KM[0.5];B[cc];W[dd];B[tt];W[tt])", 1, 4, "", true},
		{"-", "(;GM[1]SZ[5];B[cc])(;GM[1]SZ[5];B[dd];W[cc])", 2, 1, "", true},
		{"-", "(;MKRU[keil]MKBD[hex:3]\n;MKMV[B:button];MKMV[W:a1];MKMV[B:a1])", 1, 2, "move 3 (2:27) B a1: illegal move a1: a1 is occupied", true},
		{"b.sgf", "(;GM[1]SZ[5]\n;B[cc", 0, 0, "b.sgf: 2:3: value opened here is not closed", false},
		{"c.txt", "rules go\nboard 2x1\n1. B a1\nW pass\nB pass\n", 1, 3, "", false},
		{"-", "rules keil\nboard hex:3\nB button\nW a1 b1 c3 a2\nW a1\n", 1, 5, "move 6 (line 5) W a1: illegal move a1: suicide", false},
		{"d.txt", "rules chess\n", 0, 0, `unknown ruleset "chess"`, false},
	} {
		s, rec, games, err := record.Replay(tc.name, []byte(tc.data))
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s %q: error %v, want %q", tc.name, tc.data, err, tc.err)
		}
		if (s != nil) != (tc.games > 0) || games != tc.games || (rec != nil) != tc.record {
			t.Errorf("%s %q: state %v, %d games, record %v", tc.name, tc.data, s != nil, games, rec != nil)
			continue
		}
		if s != nil && len(s.History()) != tc.moves {
			t.Errorf("%s %q: %d moves replayed, want %d", tc.name, tc.data, len(s.History()), tc.moves)
		}
	}
	_, _, _, err := record.Replay("-", []byte("rules go\nboard 3x3\nB a1\nB b1\n"))
	var re *record.ReplayError
	if !errors.As(err, &re) || re.Number != 2 {
		t.Errorf("out of turn: %v, want a ReplayError for move 2", err)
	}
}

// TestStatus: the player to move or the result, and the stones a record
// says were agreed dead, counted removed.
func TestStatus(t *testing.T) {
	for _, tc := range []struct {
		data string
		want []string
	}{
		{"(;GM[1]SZ[3]KM[0];B[bb])", []string{"white to move; the board as it stands scores B+9\n", "score: black 9 = 1 stones + 8 territory"}},
		{"(;GM[1]SZ[3]KM[0];B[bb];W[tt];B[tt])", []string{"game over (passes): B+9\n"}},
		{"(;GM[1]SZ[3]KM[0]MKDEAD[a3];B[bb];W[aa];B[tt];W[tt])", []string{"agreed dead: a3\n", "game over (passes): B+9\n"}},
	} {
		s, rec, _, err := record.Replay("-", []byte(tc.data))
		if err != nil {
			t.Fatalf("%s: %v", tc.data, err)
		}
		got := record.Status(s, rec)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: status lacks %q:\n%s", tc.data, w, got)
			}
		}
	}
}
