package session

import (
	"testing"
	"time"

	"moku/board"
	"moku/rules"
)

// TestUndoRefused: no undo takes back a Kee rescinding pass's effect by
// the wrong end (the history's last play is not the record's), nor a
// resignation forced by the clock, which would bring a player who lost on
// time back to the board.
func TestUndoRefused(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }

	gr, _ := board.Parse("2x1")
	r, err := rules.Parse("kee", gr)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Config{Rules: r, Board: gr, Seats: []Seat{{Kind: Human}, {Kind: Human}}, Created: t0})
	if err != nil {
		t.Fatal(err)
	}
	for i, arg := range []string{"a1", "b1", "appeal-a1", "pass"} {
		mustApply(t, g, Action{Seat: i % 2, Kind: Move, Arg: arg, At: at(i + 1)})
	}
	if h := g.State().History(); len(h) != 1 || g.Undoable(0) != 0 {
		t.Errorf("after White's rescinding pass: history %v, Black may take back %d moves; want [a1] and none", h, g.Undoable(0))
	}
	if err := g.Apply(Action{Seat: 0, Kind: UndoRequest, At: at(5)}); err == nil {
		t.Error("an undo request after a rescinding pass was accepted")
	}

	gr, _ = board.Parse("5x5")
	r, err = rules.Parse("kee players=3", gr)
	if err != nil {
		t.Fatal(err)
	}
	g, err = New(Config{Rules: r, Board: gr, Seats: []Seat{{Kind: Human}, {Kind: Human}, {Kind: Human}},
		Clock: TimeControl{Kind: Absolute, Main: 60 * time.Second}, Created: t0})
	if err != nil {
		t.Fatal(err)
	}
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
