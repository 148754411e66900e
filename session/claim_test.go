package session

import (
	"strings"
	"testing"
	"time"

	"moku/game"
)

// TestClaim: in a game without a clock, another player may end the turn
// of the player to move once it has been silent for AbandonAfter, counted
// from its turn's start or its own last action, whichever is later; with
// two players it loses ("W+F"), with more it leaves and the others play on.
func TestClaim(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	week := AbandonAfter
	tests := []struct {
		name    string
		rules   string
		clock   TimeControl
		before  []Action
		claim   Action
		wantErr string // "" : the claim is accepted
		result  string // the result after it, if over
		toMove  int    // the seat to move after it, if in play
	}{
		{name: "two players, a week after white's turn began", rules: "go",
			before: []Action{{Seat: 0, Kind: Move, Arg: "c3", At: t0.Add(time.Hour)}},
			claim:  Action{Seat: 0, Kind: Claim, At: t0.Add(time.Hour + week)},
			result: "B+F"},
		{name: "a minute early", rules: "go",
			before:  []Action{{Seat: 0, Kind: Move, Arg: "c3", At: t0.Add(time.Hour)}},
			claim:   Action{Seat: 0, Kind: Claim, At: t0.Add(time.Hour + week - time.Minute)},
			wantErr: "silent for"},
		{name: "black to move from the start", rules: "go",
			claim:  Action{Seat: 1, Kind: Claim, At: t0.Add(week)},
			result: "W+F"},
		{name: "one's own turn", rules: "go",
			claim:   Action{Seat: 0, Kind: Claim, At: t0.Add(2 * week)},
			wantErr: "your own turn"},
		{name: "the player to move answered an undo request since", rules: "go",
			before: []Action{
				{Seat: 0, Kind: Move, Arg: "c3", At: t0.Add(time.Hour)},
				{Seat: 0, Kind: UndoRequest, At: t0.Add(5 * 24 * time.Hour)},
				{Seat: 1, Kind: UndoDecline, At: t0.Add(6 * 24 * time.Hour)},
			},
			claim:   Action{Seat: 0, Kind: Claim, At: t0.Add(time.Hour + week)},
			wantErr: "silent for"},
		{name: "a week after its answer", rules: "go",
			before: []Action{
				{Seat: 0, Kind: Move, Arg: "c3", At: t0.Add(time.Hour)},
				{Seat: 0, Kind: UndoRequest, At: t0.Add(5 * 24 * time.Hour)},
				{Seat: 1, Kind: UndoDecline, At: t0.Add(6 * 24 * time.Hour)},
			},
			claim:  Action{Seat: 0, Kind: Claim, At: t0.Add(6*24*time.Hour + week)},
			result: "B+F"},
		{name: "a refused action is no action", rules: "go",
			before: []Action{
				{Seat: 0, Kind: Move, Arg: "c3", At: t0.Add(time.Hour)},
				{Seat: 1, Kind: Move, Arg: "d4", At: t0.Add(2 * time.Hour)},
				{Seat: 1, Kind: UndoRequest, At: t0.Add(3 * time.Hour)},
				{Seat: 0, Kind: UndoAccept, At: t0.Add(4 * time.Hour)},
				{Seat: 1, Kind: UndoRequest, At: t0.Add(2 * week)}, // refused: nothing to take back
			},
			claim:  Action{Seat: 0, Kind: Claim, At: t0.Add(4*time.Hour + week)},
			result: "B+F"},
		{name: "a game with a clock", rules: "go", clock: TimeControl{Kind: Correspondence, Main: 3 * 24 * time.Hour, Period: 24 * time.Hour},
			claim:   Action{Seat: 1, Kind: Claim, At: t0.Add(2 * week)},
			wantErr: "clock"},
		{name: "three players: the silent one leaves", rules: "kee players=3",
			before: []Action{{Seat: 0, Kind: Move, Arg: "a1", At: t0.Add(time.Hour)}},
			claim:  Action{Seat: 2, Kind: Claim, At: t0.Add(time.Hour + week)},
			toMove: 2},
		{name: "during the agreement on dead stones", rules: "go",
			before:  []Action{{Seat: 0, Kind: Move, Arg: "pass", At: t0}, {Seat: 1, Kind: Move, Arg: "pass", At: t0}},
			claim:   Action{Seat: 1, Kind: Claim, At: t0.Add(2 * week)},
			wantErr: "not in play"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newClockGame(t, tt.rules, tt.clock, t0)
			for _, a := range tt.before {
				if err := g.Apply(a); err != nil && a.Kind != UndoRequest {
					t.Fatalf("%+v: %v", a, err)
				}
			}
			err := g.Apply(tt.claim)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("claim: %v, want an error with %q", err, tt.wantErr)
				}
				if len(g.Abandoned()) != 0 || g.Phase() == Over {
					t.Fatalf("a refused claim changed the game: %v %s", g.Abandoned(), g.Phase())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.result != "" {
				if g.Phase() != Over || g.Result().String() != tt.result || g.Result().Reason != game.AbandonReason {
					t.Fatalf("after the claim: %s %s (%s), want %s", g.Phase(), g.Result(), g.Result().Reason, tt.result)
				}
			} else if g.Phase() != Playing || g.ToMove() != tt.toMove || len(g.Abandoned()) != 1 {
				t.Fatalf("after the claim: %s, seat %d to move, abandoned %v", g.Phase(), g.ToMove(), g.Abandoned())
			}
			// The log replays to the same game.
			log := append(append([]Action{}, tt.before...), tt.claim)
			var kept []Action
			for _, a := range log {
				if a.Kind == UndoRequest && a.At.Equal(t0.Add(2*week)) {
					continue
				}
				kept = append(kept, a)
			}
			r, err := Replay(g.Config(), kept)
			if err != nil || r.Result().String() != g.Result().String() || r.Phase() != g.Phase() {
				t.Fatalf("replay: %v %s %s", err, r.Phase(), r.Result())
			}
		})
	}
}
