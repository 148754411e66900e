package ki

import (
	"strings"
	"testing"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// Why the recurrence rule never fires in Ki (on any graph).
//
// Let S be the number of stones, and of the edges between two stones let
// same be those joining stones of one colour and diff those joining the two
// colours. Then phi = S + same - diff never decreases:
//
//   - Black places on p with b black and w white neighbours: phi grows by
//     1 + b - w. White does not control p, so w <= 1 or w <= b; either way
//     1 + b - w >= 0, with equality only for b = 0, w = 1.
//   - Black then removes a set R of white stones on p's neighbours; each r
//     in R has B_r >= 2 black neighbours and B_r > W_r white ones. The
//     removal loses k = |R| stones and exactly sum B_r black-white edges,
//     and at most sum W_r white-white edges (those inside R twice counted),
//     so phi changes by at least -k + sum (B_r - W_r) >= 0.
//   - A pass leaves phi alone.
//
// A recurrence repeats the board, so every move in between leaves phi
// unchanged: each placement has b = 0 and w = 1 and hence captures at most
// its one enemy neighbour; S returns to its value, so each captures exactly
// one. Such a placement leaves its stone with no stone beside it. Repeat
// the cycle forever (legality depends only on the board and the player to
// move): a stone placed on p in it must be removed later, since p is placed
// on again. Take the first placement next to p after p's: p is then its only
// stone neighbour. If it is p's colour, b = 1, not 0; if not, it must
// capture p with at least two stones around p, but there is one. So the
// cycle has no placement; it is all passes, and two passes cannot follow
// each other before the board is full (an empty point the one player may
// not take is controlled by, hence open to, the other). No position recurs.
//
// The safeguard stays, as the spec demands; its mechanism is tested below
// directly, and TestNoRecurrenceReachable and the property tests check the
// argument: phi never falls, and exhaustive search of small boards finds no
// reachable cycle.

// phi is the potential of the argument above.
func phi(p *Position) int {
	v := 0
	for q, c := range p.color {
		if c == board.Empty {
			continue
		}
		v++
		for _, r := range p.g.Neighbors(q) {
			if int(r) > q && p.color[r] != board.Empty {
				if p.color[r] == c {
					v++
				} else {
					v--
				}
			}
		}
	}
	return v
}

// The recurrence mechanism, exercised by making a position's key in the
// history equal to the one a move is about to produce.
func TestRecurrenceDetector(t *testing.T) {
	t.Run("recurs finds the latest earlier position", func(t *testing.T) {
		p := setup(t, "5x5", "", board.Black)
		keys := []uint64{p.Hash()}
		for _, m := range strings.Fields("c3 a1 e5 a5 e1") {
			play(t, p, m)
			keys = append(keys, p.Hash())
		}
		for i, k := range keys {
			p.hist = append(p.hist, ply{}) // recurs skips the latest ply
			if got := p.recurs(k); got != i {
				t.Errorf("recurs(key of move %d) = %d", i, got)
			}
			p.hist = p.hist[:len(p.hist)-1]
		}
		if got := p.recurs(keys[2] ^ 1); got != -1 {
			t.Errorf("recurs(unknown key) = %d, want -1", got)
		}
		if p.Over() {
			t.Error("a game without recurrence ended")
		}
	})

	t.Run("a recurring position ends the game and is scored as it stands", func(t *testing.T) {
		p := setup(t, "5x5", "", board.Black)
		play(t, p, "c3 a1 e5 a5")
		// The position after e1 would be...
		e1 := game.At(pt(t, p, "e1"))
		play(t, p, "e1")
		key := p.Hash()
		p.Undo()
		// ...as if it had been the one after move 2.
		p.hist[1].key = key
		hash := p.Hash()
		if err := p.Play(e1); err != nil {
			t.Fatal(err)
		}
		first, again, ok := p.Recurrence()
		res := p.Result()
		if !p.Over() || !ok || first != 2 || again != 5 || !res.Over {
			t.Fatalf("over %v, recurrence %d %d %v", p.Over(), first, again, ok)
		}
		if !strings.HasPrefix(res.Reason, "recurring position: move 5 repeats the position after move 2") ||
			!strings.Contains(res.Reason, "equal counts tie") {
			t.Errorf("reason %q", res.Reason)
		}
		if res.String() != "B+1" || res.Stones[board.Black] != 3 || res.Stones[board.White] != 2 {
			t.Errorf("result %s %v", res, res.Stones)
		}
		if p.Legal(game.At(0)) == nil || p.LegalMoves(nil) != nil {
			t.Error("moves still legal after the recurrence")
		}
		p.Undo()
		if p.Over() || p.Hash() != hash || p.Result().Reason != "" {
			t.Error("undo did not reopen the game")
		}
		if _, _, ok := p.Recurrence(); ok {
			t.Error("recurrence reported after undo")
		}
	})

	t.Run("equal counts are a tie; the starting position counts", func(t *testing.T) {
		p := setup(t, "5x5", "", board.Black)
		play(t, p, "c3 a1 e5")
		play(t, p, "a5")
		key := p.Hash()
		p.Undo()
		p.startKey = key
		play(t, p, "a5")
		first, again, ok := p.Recurrence()
		res := p.Result()
		if !ok || first != 0 || again != 4 {
			t.Fatalf("recurrence %d %d %v", first, again, ok)
		}
		if res.String() != "0" || res.Winner() != board.Empty || !strings.Contains(res.Reason, "repeats the starting position") {
			t.Errorf("result %s, reason %q", res, res.Reason)
		}
	})

	t.Run("the player to move is part of the position", func(t *testing.T) {
		// After white's forced pass the board is the starting one, with
		// the other player to move: no recurrence.
		p := setup(t, "3x3", "b:b1 a2 c2 b3", board.White)
		play(t, p, "pass")
		if p.Over() || p.BoardHash() != p.hist[0].hashBefore {
			t.Fatal("the pass ended the game or changed the board")
		}
	})
}

// Exhaustive search of every position reachable on small boards: the move
// graph has no cycle, so no game can reach the recurrence rule, and phi
// never falls along any move.
func TestNoRecurrenceReachable(t *testing.T) {
	for _, spec := range []string{"3x3", "hex:2", "torus:3x3"} {
		g, err := board.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := rules.Preset("ki", g)
		p, err := New(r, g)
		if err != nil {
			t.Fatal(err)
		}
		const (
			onPath = 1
			done   = 2
		)
		state := map[uint64]uint8{}
		var moves []game.Move
		var dfs func()
		dfs = func() {
			h := p.Hash()
			state[h] = onPath
			start := len(moves)
			moves = p.LegalMoves(moves)
			before := phi(p)
			for i := start; i < len(moves); i++ {
				if err := p.Play(moves[i]); err != nil {
					t.Fatal(err)
				}
				if after := phi(p); after < before {
					t.Fatalf("%s: phi fell from %d to %d\n%s", spec, before, after, game.Text(p))
				}
				if _, _, ok := p.Recurrence(); ok || state[p.Hash()] == onPath {
					t.Fatalf("%s: a cycle: %v", spec, p.History())
				}
				if !p.Over() && state[p.Hash()] == 0 {
					dfs()
				}
				p.Undo()
			}
			moves = moves[:start]
			state[h] = done
		}
		dfs()
		if len(state) < 100 {
			t.Fatalf("%s: only %d positions explored", spec, len(state))
		}
		t.Logf("%s: %d positions (board and player to move), no cycle", spec, len(state))
	}
}
