package session

import (
	"testing"
	"time"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// seatedGame starts a game of rules desc on board spec with seats, clock
// tc and serving version (0: Current), created at t0.
func seatedGame(t *testing.T, desc, spec string, seats []Seat, tc TimeControl, version int, t0 time.Time) *Game {
	t.Helper()
	gr, err := board.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := rules.Parse(desc, gr)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Config{Rules: r, Board: gr, Seats: seats, Clock: tc, Created: t0, Version: version})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestUndoRefused: no undo takes back a Kee rescinding pass's effect by
// the wrong end (the history's last play is not the record's), nor a
// resignation forced by the clock, which would bring a player who lost on
// time back to the board.
func TestUndoRefused(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }

	g := seatedGame(t, "kee", "2x1", []Seat{{Kind: Human}, {Kind: Human}}, TimeControl{}, 0, t0)
	for i, arg := range []string{"a1", "b1", "appeal-a1", "pass"} {
		mustApply(t, g, Action{Seat: i % 2, Kind: Move, Arg: arg, At: at(i + 1)})
	}
	if h := g.State().History(); len(h) != 1 || g.Undoable(0) != 0 {
		t.Errorf("after White's rescinding pass: history %v, Black may take back %d moves; want [a1] and none", h, g.Undoable(0))
	}
	if err := g.Apply(Action{Seat: 0, Kind: UndoRequest, At: at(5)}); err == nil {
		t.Error("an undo request after a rescinding pass was accepted")
	}

	g = seatedGame(t, "kee players=3", "5x5", []Seat{{Kind: Human}, {Kind: Human}, {Kind: Human}}, TimeControl{Kind: Absolute, Main: 60 * time.Second}, 0, t0)
	mustApply(t, g, Action{Seat: 0, Kind: Move, Arg: "a1", At: at(1)})
	mustApply(t, g, Action{Seat: 1, Kind: Move, Arg: "c3", At: at(2)})
	mustApply(t, g, Action{Seat: 2, Kind: Timeout, At: at(70)})
	if n := g.Undoable(2); n != 0 {
		t.Errorf("the seat that lost on time may take back %d moves; want none", n)
	}
	if err := g.Apply(Action{Seat: 2, Kind: UndoRequest, At: at(71)}); err == nil {
		t.Error("an undo of a timeout was asked for")
	}
}

// TestUndoVersion3: a game created under version 3 replays as it was
// played: its undo of a timeout's resignation, allowed then, is still
// allowed, and an undo accepted on the asker's turn charges it nothing.
func TestUndoVersion3(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	g := seatedGame(t, "kee players=3", "5x5", []Seat{{Kind: Human}, {Kind: Human}, {Kind: Human}}, TimeControl{Kind: Absolute, Main: 60 * time.Second}, Version3, t0)
	mustApply(t, g, Action{Seat: 0, Kind: Move, Arg: "a1", At: at(1)})
	mustApply(t, g, Action{Seat: 1, Kind: Move, Arg: "c3", At: at(2)})
	mustApply(t, g, Action{Seat: 2, Kind: Timeout, At: at(70)})
	if n := g.Undoable(2); n != 1 {
		t.Errorf("version 3: the seat that lost on time may take back %d moves; want 1, as then", n)
	}

	g = seatedGame(t, "go", "5x5", []Seat{{Kind: Human}, {Kind: Computer, Level: "random"}}, TimeControl{Kind: Absolute, Main: 60 * time.Second}, Version3, t0)
	mustApply(t, g, Action{Seat: 0, Kind: Move, Arg: "c3", At: at(10)})
	mustApply(t, g, Action{Seat: 1, Kind: Move, Arg: "d4", At: at(11)})
	mustApply(t, g, Action{Seat: 0, Kind: UndoRequest, At: at(59)})
	mustApply(t, g, Action{Seat: 1, Kind: UndoAccept, At: at(59)})
	if _, d, _ := g.Deadline(); !d.Equal(at(109)) {
		t.Errorf("version 3: black's deadline after the undo %v, want 109 s (its 50 s whole, as then)", d.Sub(t0))
	}
}

// TestClaimInPie: a komi pie left silent for AbandonAfter (where no clock
// runs, whatever the game's) is ended by the other seat's claim: the
// game starts under the komi named, if any, and the silent seat loses.
// Before that the claim is refused, and the claimant's own turn too.
func TestClaimInPie(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	gr, _ := board.Parse("hex:3")
	r, _ := rules.Parse("keil", gr)
	for _, tc := range []struct {
		name   string
		komi   bool // the first seat names a komi at one hour
		silent int
	}{{"no komi named", false, 0}, {"komi named, no colour chosen", true, 1}} {
		g, err := New(Config{Rules: r, Board: gr, Seats: []Seat{{Kind: Human}, {Kind: Human}}, Pie: true,
			Clock: TimeControl{Kind: Fischer, Main: time.Minute, Increment: time.Second}, Created: t0})
		if err != nil {
			t.Fatal(err)
		}
		start := t0
		if tc.komi {
			start = t0.Add(time.Hour)
			mustApply(t, g, Action{Seat: 0, Kind: Komi, Arg: "4.5", At: start})
		}
		claimant := 1 - tc.silent
		if err := g.Apply(Action{Seat: claimant, Kind: Claim, At: start.Add(AbandonAfter - time.Minute)}); err == nil {
			t.Errorf("%s: a claim before %v of silence was accepted", tc.name, AbandonAfter)
		}
		if err := g.Apply(Action{Seat: tc.silent, Kind: Claim, At: start.Add(AbandonAfter)}); err == nil {
			t.Errorf("%s: a claim on one's own turn was accepted", tc.name)
		}
		mustApply(t, g, Action{Seat: claimant, Kind: Claim, At: start.Add(AbandonAfter)})
		res := g.Result()
		if g.Phase() != Over || res.Reason != game.AbandonReason || res.Winner() != g.Color(claimant) {
			t.Errorf("%s: after the claim: phase %s, result %s (%s); want over, %s winning by abandonment", tc.name, g.Phase(), res, res.Reason, g.Color(claimant))
		}
		if want := map[bool]float64{false: r.Komi, true: 4.5}[tc.komi]; g.Rules().Komi != want {
			t.Errorf("%s: komi %v, want %v", tc.name, g.Rules().Komi, want)
		}
		if g.PieChosen() {
			t.Errorf("%s: the pie reads as chosen", tc.name)
		}
	}
}
