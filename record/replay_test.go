package record_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"moku/computer"
	"moku/game"
	"moku/record"
	"moku/search"
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

// The position of TestScoreJudged: Black's wall on column b, White's on
// column c, and a white stone at a3 that is obviously dead in Black's one
// column (its RE, W+5, counts it taken off: the board as it stands is
// W+11).
const deadA3 = "SZ[5]KM[0]AB[ba][bb][bc][bd][be]AW[ca][cb][cc][cd][ce][ac];B[tt];W[tt])"

// TestScoreJudged: a Go record from another program is counted by area
// without the stones the estimator moku's GTP uses judges dead, says under
// which rules, and is compared with its RE; moku's own records and a
// missing estimator count as before.
func TestScoreJudged(t *testing.T) {
	corpus, err := os.ReadFile("testdata/sgf-corpus/gnugo-chinese-9x9.sgf")
	if err != nil {
		t.Fatal(err)
	}
	est := search.Playouts{N: computer.JudgePlayouts, Seed: 1}
	for _, tc := range []struct {
		name, data string
		est        game.Estimator
		judged     bool
		dead       string // the stones taken off
		result     string
		want       []string // in StatusJudged's text
	}{
		{"GNU Go under Chinese rules", string(corpus), est, true, "c3 c4", "B+18",
			[]string{"RU[Chinese] is area counting", "judged dead (the record lists none): c3 c4\n", "game over (passes): B+18\n", "RE[B+18.0]: the count agrees"}},
		{"a dead stone, Chinese", "(;GM[1]RU[Chinese]RE[W+5]" + deadA3, est, true, "a3", "W+5",
			[]string{"judged dead (the record lists none): a3\n", "white 15 = 5 stones + 10 territory", "RE[W+5]: the count agrees"}},
		{"AGA", "(;GM[1]RU[AGA]RE[W+5]" + deadA3, est, true, "a3", "W+5", []string{"RU[AGA] is area counting"}},
		{"Japanese: area instead, said so", "(;GM[1]RU[Japanese]RE[W+5]" + deadA3, est, true, "a3", "W+5",
			[]string{"RU[Japanese] counts territory, which moku does not: counted by area instead"}},
		{"no RU", "(;GM[1]RE[W+7]" + deadA3, est, true, "a3", "W+5",
			[]string{"the record names no rules (no RU)", "RE[W+7]: the record says W+7, this count W+5: 2 points apart\n"}},
		{"a different winner", "(;GM[1]RU[Chinese]RE[B+0.5]" + deadA3, est, true, "a3", "W+5",
			[]string{"5.5 points apart, and a different result"}},
		{"no estimator: as it stands", "(;GM[1]RU[Chinese]RE[W+5]" + deadA3, nil, false, "", "W+11",
			[]string{"game over (passes): W+11\n", "RE[W+5]: the record says W+5, this count W+11: 6 points apart"}},
		{"moku's own record: MKDEAD is the agreement", "(;GM[1]RU[Chinese]MKRU[go komi=0]RE[W+11]" + deadA3, est, false, "", "W+11",
			[]string{"RE[W+11]: the count agrees"}},
		{"moku's own record with MKDEAD", "(;GM[1]RU[Chinese]MKRU[go komi=0]MKDEAD[a3]RE[W+5]" + deadA3, est, false, "a3", "W+5",
			[]string{"agreed dead: a3\n", "RE[W+5]: the count agrees"}},
		{"a resignation is not counted", "(;GM[1]RU[Chinese]RE[B+R]SZ[5];B[cc];MKMV[W:resign])", est, false, "", "",
			[]string{"RE[B+R]: the same result\n"}},
		{"a resignation the record gives the other player", "(;GM[1]RU[Chinese]RE[W+R]SZ[5];B[cc];MKMV[W:resign])", est, false, "", "B+R",
			[]string{"RE[W+R]: the record's result, not a count to compare with B+R\n"}},
		{"an unfinished record with a count", "(;GM[1]RU[Chinese]RE[W+5]" + strings.Replace(deadA3, ";B[tt];W[tt]", "", 1), est, true, "a3", "W+5",
			[]string{"black to move, but the record's RE is a count: without the stones judged dead the board scores W+5"}},
	} {
		s, rec, _, err := record.Replay("-", []byte(tc.data))
		if err != nil && s == nil || rec == nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		c, err := rec.Score(s, tc.est)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var dead []string
		for _, q := range c.Dead {
			dead = append(dead, s.Graph().Name(q))
		}
		if c.Judged != tc.judged || strings.Join(dead, " ") != tc.dead || tc.result != "" && c.Result.String() != tc.result {
			t.Errorf("%s: judged %v, dead %q, %s; want %v, %q, %s", tc.name, c.Judged, dead, c.Result, tc.judged, tc.dead, tc.result)
		}
		got, err := record.StatusJudged(s, rec, tc.est)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: status lacks %q:\n%s", tc.name, w, got)
			}
		}
	}
}

// TestScoreEstimatorFails: an estimator's error is the count's.
func TestScoreEstimatorFails(t *testing.T) {
	s, rec, _, err := record.Replay("-", []byte("(;GM[1]RU[Chinese]"+deadA3))
	if err != nil {
		t.Fatal(err)
	}
	failing := game.EstimatorFunc(func(game.State) (game.Estimate, error) { return game.Estimate{}, errors.New("no playouts") })
	if _, err := record.StatusJudged(s, rec, failing); err == nil || err.Error() != "no playouts" {
		t.Errorf("error %v, want the estimator's", err)
	}
}
