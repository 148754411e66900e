package server

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"moku/record"
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

// TestClaimInPie: a clocked Keil game whose komi pie stalls (no clock runs
// there) is ended by a claim a week after the silent seat's turn began:
// the view says from when; the game is over, stored, and its record
// replays to its result without a pie colour.
func TestClaimInPie(t *testing.T) {
	c := newTestClock()
	ts := newTestServerOpt(t, Options{Clock: c})
	g := ts.createClock(createReq{Game: "keil", Board: "hex:3", Setup: "pie", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}},
		&clockRequest{Kind: "fischer", Main: 60, Increment: 5})
	c.skip(time.Hour)
	v := ts.must(g, 0, "komi", "4.5")
	if want := c.Now().Add(session.AbandonAfter).UTC().Format(time.RFC3339Nano); v.ClaimFrom != want || v.Phase != "setup" {
		t.Fatalf("in the pie: phase %s, claimFrom %q, want %q", v.Phase, v.ClaimFrom, want)
	}
	c.skip(session.AbandonAfter - time.Minute)
	if code, body := ts.act(g.ID, actReq{Seat: 0, Token: g.Tokens[0], Kind: "claim"}); code != http.StatusUnprocessableEntity {
		t.Errorf("a claim a minute early: %d %s, want 422", code, body)
	}
	c.skip(time.Minute)
	v = ts.must(g, 0, "claim", "")
	if v.Phase != "over" || v.Reason != "abandoned" || !slices.Equal(v.Abandoned, []int{1}) || v.Seats[0].Color != "white" {
		t.Fatalf("after the claim: %s %s (%s), abandoned %v, Ann %s", v.Phase, v.Result, v.Reason, v.Abandoned, v.Seats[0].Color)
	}
	code, body := ts.do("GET", "/api/games/"+g.ID+"/record", "")
	recs, err := record.ReadSGF(body)
	if code != http.StatusOK || err != nil || len(recs) != 1 {
		t.Fatalf("record: %d %v %s", code, err, body)
	}
	s, err := recs[0].Replay()
	if err != nil || recs[0].Result(s).String() != v.Result || recs[0].Pie != 0 {
		t.Errorf("the record replays to %v (%v), pie %v; want %s, no pie colour:\n%s", recs[0].Result(s), err, recs[0].Pie, v.Result, body)
	}
}
