package catalog_test

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"moku/catalog"
	"moku/game"
)

// TestClone: a clone is the same game (position, player to move, history,
// hash, legal moves, result), and moves on either side afterwards leave
// the other as it was, in every game moku plays, Kee's rescissions
// included.
func TestClone(t *testing.T) {
	configs := []catalog.Config{
		{Rules: "go", Board: "5x5"},
		{Rules: "go-simple", Board: "4x4"},
		{Rules: "keil", Board: "hex:3"},
		{Rules: "keil-2019", Board: "hex:3"},
		{Rules: "kee", Board: "3x3"},
		{Rules: "kee players=3", Board: "4x4"},
		{Rules: "kee", Board: "hex:2"},
		{Rules: "ki", Board: "5x5"},
	}
	for _, cfg := range configs {
		t.Run(cfg.Rules+" "+cfg.Board, func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) {
				s, err := catalog.Start(cfg)
				if err != nil {
					rt.Fatal(err)
				}
				playRandom(rt, s, rapid.IntRange(0, 40).Draw(rt, "before"), "a")
				before := snapshot(s)
				c := s.Clone()
				if got := snapshot(c); !got.equal(before) {
					rt.Fatalf("clone differs from the original:\n%+v\n%+v", got, before)
				}
				playRandom(rt, c, rapid.IntRange(1, 20).Draw(rt, "clone"), "b")
				if got := snapshot(s); !got.equal(before) {
					rt.Fatalf("moves on the clone changed the original")
				}
				after := snapshot(c)
				playRandom(rt, s, rapid.IntRange(1, 20).Draw(rt, "original"), "c")
				for s.Undo() {
				}
				if got := snapshot(c); !got.equal(after) {
					rt.Fatalf("moves and undos on the original changed the clone")
				}
			})
		})
	}
}

// playRandom plays up to n random legal moves (passes and appeals included).
func playRandom(t *rapid.T, s game.State, n int, label string) {
	for i := 0; i < n && !s.Over(); i++ {
		moves := s.LegalMoves(nil)
		if len(moves) == 0 {
			return
		}
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, label)]
		if err := s.Play(m); err != nil {
			t.Fatalf("legal move %v refused: %v", m, err)
		}
	}
}

type state struct {
	board   []byte
	toMove  int
	hash    uint64
	history []game.Played
	actions []game.Played
	legal   []game.Move
	result  string
	over    bool
}

func snapshot(s game.State) state {
	st := state{toMove: int(s.ToMove()), hash: s.Hash(), history: s.History(), actions: slices.Clone(game.Actions(s)),
		legal: s.LegalMoves(nil), result: s.Result().Breakdown() + " " + s.Result().String(), over: s.Over()}
	for p := 0; p < s.Graph().N(); p++ {
		st.board = append(st.board, s.At(p).Symbol())
	}
	return st
}

func (a state) equal(b state) bool {
	return string(a.board) == string(b.board) && a.toMove == b.toMove && a.hash == b.hash &&
		slices.Equal(a.history, b.history) && slices.Equal(a.actions, b.actions) &&
		slices.Equal(a.legal, b.legal) && a.result == b.result && a.over == b.over
}
