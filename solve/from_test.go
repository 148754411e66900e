package solve

import (
	"errors"
	"math/rand"
	"strings"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/game"
)

// startOf starts the game desc ("go komi=0") names on board spec.
func startOf(t testing.TB, desc, spec string) game.State {
	t.Helper()
	f := strings.Fields(desc)
	st, err := catalog.Start(catalog.Config{Rules: f[0], Overrides: f[1:], Board: spec})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestFromStateAlongPV: solved from each position of the principal
// variation of the published values (docs/results.md), the value stays
// the value of the start, and FromState from the start is the published
// value itself.
func TestFromStateAlongPV(t *testing.T) {
	for _, c := range []struct {
		rules, board string
		value        float64
	}{
		{"go komi=0", "2x2", 1},
		{"go komi=0", "3x3", 9},
		{"go komi=0", "2x4", 8},
		{"go-situational komi=0", "2x3", 0},
		{"ki komi=0", "3x3", 3},
		{"keil komi=0", "hex:2", 6.5},
		{"keil komi=7", "hex:2", -0.5},
		{"kee komi=0", "3x2", 0},
	} {
		st := startOf(t, c.rules, c.board)
		res, err := FromState(st, Options{MaxNodes: 5_000_000})
		if err != nil {
			t.Fatalf("%s %s: %v", c.rules, c.board, err)
		}
		if !res.Exact || res.Value != c.value {
			t.Fatalf("%s %s from the start: %v (exact %v), published %v", c.rules, c.board, res.Value, res.Exact, c.value)
		}
		pv := res.PV
		for k, name := range pv {
			m, err := game.ParseMove(st.Graph(), name)
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Play(m); err != nil {
				t.Fatalf("%s %s: the PV's move %d %s: %v", c.rules, c.board, k+1, name, err)
			}
			if st.Over() {
				break
			}
			before := len(game.Actions(st))
			got, err := FromState(st, Options{MaxNodes: 5_000_000})
			if err != nil {
				t.Fatalf("%s %s after %v: %v", c.rules, c.board, pv[:k+1], err)
			}
			if !got.Exact || got.Value != c.value {
				t.Errorf("%s %s after %v: %v (exact %v), want %v", c.rules, c.board, pv[:k+1], got.Value, got.Exact, c.value)
			}
			if v := replayPV(t, st, got.PV); v != got.Value {
				t.Errorf("%s %s after %v: the PV %v ends at %v, not %v", c.rules, c.board, pv[:k+1], got.PV, v, got.Value)
			}
			if len(game.Actions(st)) != before {
				t.Fatalf("FromState changed the position")
			}
		}
	}
}

// marginOf is Black's final margin in a finished game.
func marginOf(st game.State) float64 {
	res := st.Result()
	return res.Score[board.Black] - res.Score[board.White]
}

// TestFromStateMinimax: at random positions, the value of a position is
// the best of its children's values for the player to move (Black the
// highest, White the lowest), a finished child counting its result: each
// solved on its own from its whole history.
func TestFromStateMinimax(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for _, c := range []struct {
		rules, board string
		games        int
	}{{"go komi=0", "3x3", 8}, {"go-situational komi=0.5", "2x3", 8}, {"ki komi=0", "3x3", 8}, {"keil komi=0", "hex:2", 8}} {
		values := map[float64]bool{}
		for i := 0; i < c.games; i++ {
			st := startOf(t, c.rules, c.board)
			for n := rng.Intn(6); n > 0 && !st.Over(); n-- {
				randomMove(rng, st, 0, board.Empty)
			}
			if st.Over() {
				continue
			}
			want, err := FromState(st, Options{MaxNodes: 5_000_000})
			if err != nil || !want.Exact {
				t.Fatalf("%s %s after %v: %v %v", c.rules, c.board, game.Actions(st), want, err)
			}
			values[want.Value] = true
			if v := replayPV(t, st, want.PV); v != want.Value {
				t.Errorf("%s %s after %v: the PV %v ends at %v, not %v", c.rules, c.board, game.Actions(st), want.PV, v, want.Value)
			}
			black := st.ToMove() == board.Black
			best := 0.0
			for j, m := range st.LegalMoves(nil) {
				if err := st.Play(m); err != nil {
					t.Fatal(err)
				}
				v := marginOf(st)
				if !st.Over() {
					res, err := FromState(st, Options{MaxNodes: 5_000_000})
					if err != nil || !res.Exact {
						t.Fatalf("%s %s after %v: %v %v", c.rules, c.board, game.Actions(st), res, err)
					}
					v = res.Value
				}
				st.Undo()
				if j == 0 || (black && v > best) || (!black && v < best) {
					best = v
				}
			}
			if best != want.Value {
				t.Errorf("%s %s after %v: value %v, the best child %v", c.rules, c.board, game.Actions(st), want.Value, best)
			}
		}
		if len(values) < 2 {
			t.Errorf("%s %s: every position solved has the value %v: the test tells nothing", c.rules, c.board, values)
		}
	}
}

// TestFromStateLimits: a node cap stops the solve with ErrNodeLimit and
// the bounds known; a game of three players, a finished game and a ko
// rule without a value are refused.
func TestFromStateLimits(t *testing.T) {
	st := startOf(t, "go komi=0", "3x4")
	if err := game.PlayAll(st, "b2 b3"); err != nil {
		t.Fatal(err)
	}
	res, err := FromState(st, Options{MaxNodes: 5000})
	if !errors.Is(err, ErrNodeLimit) || res == nil || res.Lower > res.Upper || res.Nodes < 5000 || res.Nodes > 5000+4096 {
		t.Errorf("capped at 5000 nodes: %+v, %v", res, err)
	}
	over := startOf(t, "go komi=0", "2x2")
	if err := game.PlayAll(over, "pass pass"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		st   game.State
		want string
	}{
		{"three players", startOf(t, "kee players=3", "2x2"), "two-player"},
		{"over", over, "over"},
		{"simple ko", startOf(t, "go ko=simple", "2x2"), "never end"},
	} {
		if _, err := FromState(c.st, Options{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want an error saying %q", c.name, err, c.want)
		}
	}
}
