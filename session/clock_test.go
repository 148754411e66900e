package session

import (
	"strings"
	"testing"
	"time"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// TestClockSpend: the arithmetic of each kind of clock, move by move.
func TestClockSpend(t *testing.T) {
	s := time.Second
	abs := TimeControl{Kind: Absolute, Main: 60 * s}
	fis := TimeControl{Kind: Fischer, Main: 60 * s, Increment: 10 * s}
	byo := TimeControl{Kind: ByoYomi, Main: 60 * s, Periods: 3, Period: 30 * s}
	cor := TimeControl{Kind: Correspondence, Period: 72 * time.Hour}
	for _, tc := range []struct {
		name  string
		tc    TimeControl
		moves []time.Duration
		want  Clock
		ok    bool
	}{
		{"absolute", abs, []time.Duration{20 * s, 30 * s}, Clock{Left: 10 * s}, true},
		{"absolute out", abs, []time.Duration{20 * s, 40 * s}, Clock{Left: 0}, false},
		{"fischer", fis, []time.Duration{20 * s, 30 * s}, Clock{Left: 30 * s}, true},
		{"fischer: the increment comes after the move", fis, []time.Duration{65 * s}, Clock{Left: -5 * s}, false},
		{"byo-yomi in main time", byo, []time.Duration{50 * s}, Clock{Left: 10 * s, Periods: 3}, true},
		{"byo-yomi: a move within a period keeps it", byo, []time.Duration{60 * s, 29 * s, 29 * s}, Clock{Periods: 3}, true},
		{"byo-yomi: an overrun period is lost", byo, []time.Duration{60 * s, 31 * s}, Clock{Periods: 2}, true},
		{"byo-yomi: main time runs into the periods", byo, []time.Duration{100 * s}, Clock{Periods: 2}, true},
		{"byo-yomi: the last period", byo, []time.Duration{60 * s, 89 * s}, Clock{Periods: 1}, true},
		{"byo-yomi out", byo, []time.Duration{60 * s, 90 * s}, Clock{}, false},
		{"correspondence", cor, []time.Duration{71 * time.Hour, 10 * time.Hour}, Clock{Left: 72 * time.Hour}, true},
		{"correspondence out", cor, []time.Duration{72 * time.Hour}, Clock{}, false},
		{"no clock", TimeControl{}, []time.Duration{1000 * time.Hour}, Clock{}, true},
	} {
		c, ok := tc.tc.Start(), true
		for _, d := range tc.moves {
			if c, ok = tc.tc.Spend(c, d); !ok {
				break
			}
		}
		if ok != tc.ok || c != tc.want {
			t.Errorf("%s: %+v, %v; want %+v, %v", tc.name, c, ok, tc.want, tc.ok)
		}
	}
}

// TestClockRemaining: the time a player may think, byo-yomi's periods
// included.
func TestClockRemaining(t *testing.T) {
	byo := TimeControl{Kind: ByoYomi, Main: time.Minute, Periods: 3, Period: 30 * time.Second}
	if got := byo.Remaining(byo.Start()); got != 150*time.Second {
		t.Errorf("byo-yomi at the start: %v", got)
	}
	// Spending just under the remaining time keeps the player in the
	// game; spending all of it does not.
	for _, tc := range []TimeControl{byo, {Kind: Absolute, Main: time.Minute}, {Kind: Fischer, Main: time.Minute, Increment: time.Second},
		{Kind: Correspondence, Period: 24 * time.Hour}} {
		r := tc.Remaining(tc.Start())
		if _, ok := tc.Spend(tc.Start(), r-time.Millisecond); !ok {
			t.Errorf("%s: out before the remaining %v", tc.Kind, r)
		}
		if _, ok := tc.Spend(tc.Start(), r); ok {
			t.Errorf("%s: still in after the remaining %v", tc.Kind, r)
		}
	}
}

// TestTimeControlValidate: clear refusals of impossible clocks.
func TestTimeControlValidate(t *testing.T) {
	for _, tc := range []struct {
		tc TimeControl
		ok bool
	}{
		{TimeControl{}, true},
		{TimeControl{Kind: Absolute, Main: time.Minute}, true},
		{TimeControl{Kind: Absolute}, false},
		{TimeControl{Kind: Absolute, Main: time.Millisecond}, false},
		{TimeControl{Kind: Absolute, Main: time.Second}, true},
		{TimeControl{Kind: Fischer, Main: time.Nanosecond}, false},
		{TimeControl{Kind: Fischer, Main: time.Minute, Increment: -time.Second}, false},
		{TimeControl{Kind: ByoYomi, Periods: 5, Period: 30 * time.Second}, true},
		{TimeControl{Kind: ByoYomi, Main: time.Minute}, false},
		{TimeControl{Kind: Correspondence, Period: 3 * 24 * time.Hour}, true},
		{TimeControl{Kind: Correspondence, Period: 36 * time.Hour}, false},
		{TimeControl{Kind: "hourglass", Main: time.Minute}, false},
	} {
		if err := tc.tc.ValidateNew(); (err == nil) != tc.ok {
			t.Errorf("%+v: %v", tc.tc, err)
		}
	}
	// A game stored with a main time under a second still loads.
	if err := (TimeControl{Kind: Absolute, Main: time.Millisecond}).Validate(); err != nil {
		t.Errorf("Validate of a stored game's 1 ms: %v", err)
	}
}

// TestGameClock: a served game's clocks, with the actions' times given
// (the server stamps them from its clock): a move charges the mover's
// clock, the deadline moves with the turn, a move after it is refused, a
// timeout before it too, and a timeout after it ends a two-player game
// "W+T"; the clocks stop while the players agree on dead stones.
func TestGameClock(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	tc := TimeControl{Kind: Fischer, Main: 60 * time.Second, Increment: 5 * time.Second}
	g := newClockGame(t, "go", tc, t0)
	if seat, d, ok := g.Deadline(); !ok || seat != 0 || !d.Equal(at(60)) {
		t.Fatalf("deadline at the start: %d %v %v", seat, d, ok)
	}
	mustApply(t, g, Action{Seat: 0, Kind: Move, Arg: "c3", At: at(10)})
	if seat, d, _ := g.Deadline(); seat != 1 || !d.Equal(at(70)) {
		t.Fatalf("white's deadline: %d %v", seat, d)
	}
	if c := g.Clocks()[0]; c.Left != 55*time.Second {
		t.Fatalf("black's clock after 10 s and the increment: %v", c.Left)
	}
	if err := g.Apply(Action{Seat: 1, Kind: Timeout, At: at(69)}); err == nil {
		t.Fatal("a timeout claimed a second early was accepted")
	}
	if err := g.Apply(Action{Seat: 1, Kind: Move, Arg: "d4", At: at(70)}); err == nil || !strings.Contains(err.Error(), "time ran out") {
		t.Fatalf("a move at the deadline: %v", err)
	}
	mustApply(t, g, Action{Seat: 1, Kind: Timeout, At: at(70)})
	if g.Phase() != Over || g.Result().String() != "B+T" || g.Result().Reason != game.TimeReason {
		t.Fatalf("after white's timeout: %s %s (%s)", g.Phase(), g.Result(), g.Result().Reason)
	}
	// The clocks stop while the players agree on dead stones, and start
	// again on resuming, where the pass was taken back.
	g = newClockGame(t, "go", tc, t0)
	mustApply(t, g, Action{Seat: 0, Kind: Move, Arg: "pass", At: at(1)})
	mustApply(t, g, Action{Seat: 1, Kind: Move, Arg: "pass", At: at(2)})
	if _, _, ok := g.Deadline(); ok || g.Phase() != Scoring {
		t.Fatalf("a clock runs in %s", g.Phase())
	}
	mustApply(t, g, Action{Seat: 0, Kind: Resume, At: at(1000)})
	if seat, d, ok := g.Deadline(); !ok || seat != 1 || !d.Equal(at(1000).Add(g.Clocks()[1].Left)) {
		t.Fatalf("after resuming: %d %v %v", seat, d, ok)
	}
}

// TestGameClockThreePlayers: in Kee with three players, a player whose
// time runs out leaves the game; the others play on.
func TestGameClockThreePlayers(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	g := newClockGame(t, "kee players=3", TimeControl{Kind: Absolute, Main: time.Minute}, t0)
	mustApply(t, g, Action{Seat: 0, Kind: Move, Arg: "a1", At: t0.Add(time.Second)})
	mustApply(t, g, Action{Seat: 1, Kind: Timeout, At: t0.Add(62 * time.Second)})
	if g.Phase() != Playing || g.ToMove() != 2 || len(g.TimedOut()) != 1 {
		t.Fatalf("after white's timeout: %s, seat %d to move, timed out %v", g.Phase(), g.ToMove(), g.TimedOut())
	}
	if _, d, _ := g.Deadline(); !d.Equal(t0.Add(122 * time.Second)) {
		t.Errorf("red's deadline %v", d)
	}
}

// TestGameClockPie: during Keil's komi pie no clock runs; they start when
// the colour is chosen.
func TestGameClockPie(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	gr, _ := board.Parse("hex:3")
	r, _ := rules.Parse("keil", gr)
	g, err := New(Config{Rules: r, Board: gr, Pie: true, Seats: []Seat{{Kind: Human}, {Kind: Human}},
		Clock: TimeControl{Kind: Absolute, Main: time.Minute}, Created: t0})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := g.Deadline(); ok {
		t.Fatal("a clock runs during the komi pie")
	}
	mustApply(t, g, Action{Seat: 0, Kind: Komi, Arg: "3", At: t0.Add(time.Hour)})
	mustApply(t, g, Action{Seat: 1, Kind: Choose, Arg: "white", At: t0.Add(2 * time.Hour)})
	if seat, d, ok := g.Deadline(); !ok || seat != 0 || !d.Equal(t0.Add(2*time.Hour+time.Minute)) {
		t.Fatalf("after the pie: %d %v %v", seat, d, ok)
	}
}

// TestGameClockUndo: an undo request stops no clock; a declined one
// changes nothing; an accepted one gives no time back: the mover's clock
// keeps what its move taken back cost (and the increment it earned) and
// starts again at the acceptance, and the answering player's time since
// that move is charged to no one.
func TestGameClockUndo(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	tc := TimeControl{Kind: Fischer, Main: 60 * time.Second, Increment: 5 * time.Second}
	for _, accept := range []bool{false, true} {
		g := newClockGame(t, "go", tc, t0)
		mustApply(t, g, Action{Seat: 0, Kind: Move, Arg: "c3", At: at(10)})
		mustApply(t, g, Action{Seat: 0, Kind: UndoRequest, At: at(15)})
		if seat, d, ok := g.Deadline(); !ok || seat != 1 || !d.Equal(at(70)) {
			t.Fatalf("white's deadline while the request is open: %d %v %v; want 70 s", seat, d, ok)
		}
		if !accept {
			mustApply(t, g, Action{Seat: 1, Kind: UndoDecline, At: at(40)})
			if seat, d, _ := g.Deadline(); seat != 1 || !d.Equal(at(70)) {
				t.Errorf("after the decline: seat %d, deadline %v; want white at 70 s", seat, d)
			}
			continue
		}
		mustApply(t, g, Action{Seat: 1, Kind: UndoAccept, At: at(40)})
		c := g.Clocks()
		if seat, d, _ := g.Deadline(); seat != 0 || !d.Equal(at(95)) || c[0].Left != 55*time.Second || c[1].Left != 60*time.Second {
			t.Errorf("after the undo: seat %d, deadline %v, clocks %+v; want black at 40+55 s, white's 60 s whole", seat, d, c)
		}
	}
}

func newClockGame(t *testing.T, desc string, tc TimeControl, created time.Time) *Game {
	t.Helper()
	gr, _ := board.Parse("5x5")
	r, err := rules.Parse(desc, gr)
	if err != nil {
		t.Fatal(err)
	}
	var seats []Seat
	for range r.Players {
		seats = append(seats, Seat{Kind: Human})
	}
	g, err := New(Config{Rules: r, Board: gr, Seats: seats, Clock: tc, Created: created})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustApply(t *testing.T, g *Game, a Action) {
	t.Helper()
	if err := g.Apply(a); err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
}

// TestTimeLeft: what a seat has left, told to a computer before it thinks.
func TestTimeLeft(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	g := newClockGame(t, "go", TimeControl{Kind: Absolute, Main: time.Minute}, t0)
	mustApply(t, g, Action{Seat: 0, Kind: Move, Arg: "c3", At: t0.Add(10 * time.Second)})
	if main, period, ok := g.TimeLeft(1, t0.Add(30*time.Second)); !ok || main != 40*time.Second || period != 0 {
		t.Errorf("white at 30 s: %v %v %v", main, period, ok)
	}
	if _, _, ok := g.TimeLeft(0, t0.Add(30*time.Second)); ok {
		t.Error("black's clock does not run")
	}
	// In byo-yomi, the period after the main time; once in the periods,
	// what is left of the one under way.
	byo := newClockGame(t, "go", TimeControl{Kind: ByoYomi, Main: time.Minute, Periods: 2, Period: 20 * time.Second}, t0)
	for _, tc := range []struct{ at, main, period time.Duration }{
		{30 * time.Second, 30 * time.Second, 20 * time.Second},
		{60 * time.Second, 0, 20 * time.Second},
		{70 * time.Second, 0, 10 * time.Second},
		{85 * time.Second, 0, 15 * time.Second}, // 5 s into the second period
	} {
		if main, period, ok := byo.TimeLeft(0, t0.Add(tc.at)); !ok || main != tc.main || period != tc.period {
			t.Errorf("byo-yomi at %v: main %v, period %v, %v; want %v and %v", tc.at, main, period, ok, tc.main, tc.period)
		}
	}
}

// TestGameClockUndoOnOwnTurn: an undo asked for on the asker's own turn
// (after the computer's reply) and accepted at once gives the asker none
// of the time it spent thinking on that turn: its clock keeps running
// through the undo, and an asker out of time cannot take moves back.
func TestGameClockUndoOnOwnTurn(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	for _, tc := range []struct {
		tc       TimeControl
		deadline float64 // black's after the undo accepted at 59 s
	}{
		{TimeControl{Kind: Absolute, Main: 60 * time.Second}, 61},                                      // 50 s left after c3, 48 s of them spent
		{TimeControl{Kind: Fischer, Main: 60 * time.Second, Increment: 5 * time.Second}, 66},           // 55 after c3, no increment for the undo
		{TimeControl{Kind: ByoYomi, Main: 30 * time.Second, Periods: 3, Period: 10 * time.Second}, 69}, // two periods lost by 59 s, the last one whole
	} {
		g := seatedGame(t, "go", "5x5", []Seat{{Kind: Human}, {Kind: Computer, Level: "random"}}, tc.tc, 0, t0)
		mustApply(t, g, Action{Seat: 0, Kind: Move, Arg: "c3", At: at(10)})
		mustApply(t, g, Action{Seat: 1, Kind: Move, Arg: "d4", At: at(11)})
		mustApply(t, g, Action{Seat: 0, Kind: UndoRequest, At: at(59)})
		mustApply(t, g, Action{Seat: 1, Kind: UndoAccept, At: at(59)})
		if seat, d, _ := g.Deadline(); seat != 0 || !d.Equal(at(tc.deadline)) || len(g.State().History()) != 0 {
			t.Errorf("%s: after the undo: seat %d to move, deadline %v, %d moves; want black, %v s, none",
				tc.tc.Kind, seat, d.Sub(t0), len(g.State().History()), tc.deadline)
		}
	}
	// Out of time before the acceptance: refused, nothing taken back.
	g := seatedGame(t, "go", "5x5", []Seat{{Kind: Human}, {Kind: Computer, Level: "random"}}, TimeControl{Kind: Absolute, Main: 60 * time.Second}, 0, t0)
	mustApply(t, g, Action{Seat: 0, Kind: Move, Arg: "c3", At: at(10)})
	mustApply(t, g, Action{Seat: 1, Kind: Move, Arg: "d4", At: at(11)})
	mustApply(t, g, Action{Seat: 0, Kind: UndoRequest, At: at(60)})
	if err := g.Apply(Action{Seat: 1, Kind: UndoAccept, At: at(62)}); err == nil || !strings.Contains(err.Error(), "time ran out") {
		t.Errorf("an undo accepted after the asker's time ran out: %v; want refused", err)
	}
	if n := len(g.State().History()); n != 2 {
		t.Errorf("after the refused acceptance: %d moves, want 2", n)
	}
}
