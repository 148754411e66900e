package record

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"moku/catalog"
	"moku/game"
)

func TestReplayReportsFirstIllegalMove(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"suicide", "rules keil\nboard hex:3\nB button\nW a1 b1 c3 a2\nW a1\nb1\n",
			"move 6 (line 5) W a1: illegal move a1: suicide: the stone at a1 would have no liberty"},
		{"occupied", "board 5x5\nB c3\nW c3\n", "move 2 (line 3) W c3: illegal move c3: c3 is occupied"},
		{"turn", "board 5x5\nB c3\nB c4\n", "move 2 (line 3) B c4: it is white's turn, not black's"},
		{"point", "board 5x5\nB z9\n", `move 1 (line 2) B z9: "z9" is not a point of this board (5x5)`},
		{"button", "rules keil\nboard hex:4\n1. B pass\n", "move 1 (line 3) B pass: illegal move pass: passing is not allowed before the button is taken"},
		{"over", "board 2x2\nB pass W pass B a1\n", "move 3 (line 2) B a1: illegal move a1: the game is over"},
	} {
		ml, err := ParseMoveList(strings.NewReader(tc.text))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		_, err = ml.Replay()
		var re *ReplayError
		if !errors.As(err, &re) || err.Error() != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.name, err, tc.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"B c3\nboard 5x5\n", `line 2: "board" must come before the first move`},
		{"rules\n", `line 1: "rules" needs a value`},
		{"c3 W\n", "line 1: colour white with no move after it"},
	} {
		if _, err := ParseMoveList(strings.NewReader(tc.text)); err == nil || err.Error() != tc.want {
			t.Errorf("%q: got %v, want %s", tc.text, err, tc.want)
		}
	}
}

// TestWriteThenReplay checks that a written record replays to the same game.
func TestWriteThenReplay(t *testing.T) {
	for _, c := range []catalog.Config{
		{Rules: "keil-2019 komi=3", Board: "hex:4"},
		{Rules: "go-simple", Board: "5x5"},
		{Rules: "tromp-taylor", Board: "torus:4x4"},
	} {
		s, err := catalog.Start(c)
		if err != nil {
			t.Fatal(err)
		}
		// A deterministic game: the first legal non-pass move, then the last one.
		for i := 0; i < 60 && !s.Over(); i++ {
			moves := s.LegalMoves(nil)
			m := moves[0]
			if i%2 == 1 {
				m = moves[len(moves)-1]
			}
			if err := s.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		var buf bytes.Buffer
		if err := WriteMoveList(&buf, s); err != nil {
			t.Fatal(err)
		}
		ml, err := ParseMoveList(&buf)
		if err != nil {
			t.Fatal(err)
		}
		r, err := ml.Replay()
		if err != nil {
			t.Fatalf("%v\n%s", err, buf.String())
		}
		if r.Hash() != s.Hash() || game.Text(r) != game.Text(s) || r.Rules() != s.Rules() || len(r.History()) != len(s.History()) {
			t.Errorf("%v: replay differs:\n%s\nvs\n%s", c, game.Text(r), game.Text(s))
		}
	}
}

func FuzzParseMoveList(f *testing.F) {
	f.Add("rules keil\nboard hex:3\nB button\nW a1 b1 c3 a2\n")
	f.Add("12. B pass # x\n")
	f.Fuzz(func(t *testing.T, text string) {
		ml, err := ParseMoveList(strings.NewReader(text))
		if err != nil {
			return
		}
		if len(ml.Board) > 20 || strings.Contains(ml.Board, ".json") {
			return // keep the fuzzer off the file system
		}
		s, err := ml.Replay()
		if s != nil && err == nil && len(s.History()) != len(ml.Moves) {
			t.Fatalf("replayed %d of %d moves without an error", len(s.History()), len(ml.Moves))
		}
	})
}
