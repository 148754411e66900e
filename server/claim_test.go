package server

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"moku/session"
)

// TestClaimAbandoned: in a game without a clock, once the player to move
// has been silent for a week (the server's clock), the other player ends
// the game with a claim: "B+F", stored so, and its record (MKAB) replays
// to it (checkRecords). Earlier, or on one's own turn, the claim is
// refused and changes nothing. With three players the silent one leaves.
func TestClaimAbandoned(t *testing.T) {
	c := newTestClock()
	ts := newTestServerOpt(t, Options{Clock: c})
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	c.skip(time.Hour)
	v := ts.must(g, 0, "move", "c3")
	if want := c.Now().Add(session.AbandonAfter).UTC().Format(time.RFC3339Nano); v.ClaimFrom != want {
		t.Fatalf("claimFrom %q, want %q", v.ClaimFrom, want)
	}
	c.skip(session.AbandonAfter - time.Minute)
	before := ts.snapshot(g.ID)
	for _, tt := range []struct {
		seat int
		want string
	}{{0, "silent for"}, {1, "your own turn"}} {
		code, body := ts.act(g.ID, actReq{Seat: tt.seat, Token: g.Tokens[tt.seat], Kind: "claim"})
		if code != http.StatusUnprocessableEntity || !strings.Contains(string(body), tt.want) {
			t.Errorf("seat %d's claim a minute early: %d %s, want 422 %q", tt.seat, code, body, tt.want)
		}
	}
	ts.unchanged("refused claims", before)
	c.skip(time.Minute)
	v = ts.must(g, 0, "claim", "")
	if v.Phase != "over" || v.Result != "B+F" || v.Reason != "abandoned" || !slices.Equal(v.Abandoned, []int{1}) {
		t.Fatalf("after the claim: %s %s (%s), abandoned %v", v.Phase, v.Result, v.Reason, v.Abandoned)
	}
	if s := ts.snapshot(g.ID); s.Game.Status != "over" || s.Game.Result != "B+F" {
		t.Errorf("stored: %s %q", s.Game.Status, s.Game.Result)
	}
	code, body := ts.do("GET", "/api/games/"+g.ID+"/record", "")
	if code != http.StatusOK || !strings.Contains(string(body), "MKAB[]") || !strings.Contains(string(body), "RE[B+F]") {
		t.Errorf("record: %d %s", code, body)
	}

	// Three players: the silent one leaves, the others play on.
	g = ts.create(createReq{Game: "kee", Board: "5x5", Players: 3, Seats: humans(3)})
	ts.must(g, 0, "move", "a1")
	c.skip(session.AbandonAfter)
	v = ts.must(g, 2, "claim", "")
	if v.Phase != "playing" || v.ToMove != 2 || !slices.Equal(v.Abandoned, []int{1}) {
		t.Fatalf("after the claim on white: %s, seat %d to move, abandoned %v", v.Phase, v.ToMove, v.Abandoned)
	}
}
