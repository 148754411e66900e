package session

import (
	"fmt"
	"slices"
	"time"

	"moku/game"
)

// ClockKind is how a game's time is kept.
type ClockKind string

// The kinds of clock.
const (
	NoClock        ClockKind = ""               // no time limit
	Absolute       ClockKind = "absolute"       // Main for the whole game
	Fischer        ClockKind = "fischer"        // Main, plus Increment after each move
	ByoYomi        ClockKind = "byoyomi"        // Main, then Periods periods of Period each move
	Correspondence ClockKind = "correspondence" // Period (days) for each move
)

// TimeControl is a game's time limit, chosen when it is created.
type TimeControl struct {
	Kind      ClockKind
	Main      time.Duration // main time (absolute, Fischer, byo-yomi)
	Increment time.Duration // added after each move (Fischer)
	Periods   int           // byo-yomi periods
	Period    time.Duration // a byo-yomi period, or a correspondence move's time
}

// Limits on time controls.
const (
	MaxMainTime = 24 * time.Hour
	MaxPeriods  = 60
	MaxMoveDays = 30
)

// Validate says what is wrong with a time control, if anything. (A main
// time under a second is refused to new games by ValidateNew; games
// stored before keep theirs.)
func (tc TimeControl) Validate() error {
	if tc.Main < 0 || tc.Increment < 0 || tc.Period < 0 || tc.Periods < 0 {
		return fmt.Errorf("time control %+v: negative time", tc)
	}
	switch tc.Kind {
	case NoClock:
		return nil
	case Absolute:
		if tc.Main <= 0 || tc.Main > MaxMainTime {
			return fmt.Errorf("absolute time: main time from a second to %v", MaxMainTime)
		}
	case Fischer:
		if tc.Main <= 0 || tc.Main > MaxMainTime || tc.Increment > time.Hour {
			return fmt.Errorf("fischer time: main time from a second to %v, an increment up to an hour", MaxMainTime)
		}
	case ByoYomi:
		if tc.Main > MaxMainTime || tc.Periods < 1 || tc.Periods > MaxPeriods || tc.Period < time.Second || tc.Period > time.Hour {
			return fmt.Errorf("byo-yomi: main time up to %v, 1 to %d periods of a second to an hour", MaxMainTime, MaxPeriods)
		}
	case Correspondence:
		if tc.Period < 24*time.Hour || tc.Period > MaxMoveDays*24*time.Hour || tc.Period%(24*time.Hour) != 0 {
			return fmt.Errorf("correspondence: 1 to %d whole days a move", MaxMoveDays)
		}
	default:
		return fmt.Errorf("unknown clock %q (want absolute, fischer, byoyomi or correspondence)", tc.Kind)
	}
	return nil
}

// ValidateNew is Validate for a new game's time control: absolute and
// Fischer main times from a second.
func (tc TimeControl) ValidateNew() error {
	if err := tc.Validate(); err != nil {
		return err
	}
	if (tc.Kind == Absolute || tc.Kind == Fischer) && tc.Main < time.Second {
		return fmt.Errorf("%s time: main time from a second to %v", tc.Kind, MaxMainTime)
	}
	return nil
}

// Clock is one player's time: what is left of the main time (or of the
// move's time, in correspondence) and the byo-yomi periods left.
type Clock struct {
	Left    time.Duration
	Periods int
}

// Start returns a player's clock at the start of the game.
func (tc TimeControl) Start() Clock {
	switch tc.Kind {
	case Correspondence:
		return Clock{Left: tc.Period}
	case ByoYomi:
		return Clock{Left: tc.Main, Periods: tc.Periods}
	}
	return Clock{Left: tc.Main}
}

// Remaining returns how long a player whose clock is c may think before
// losing on time: the main time, and in byo-yomi the periods after it.
func (tc TimeControl) Remaining(c Clock) time.Duration {
	if tc.Kind == NoClock {
		return 1<<63 - 1
	}
	if tc.Kind == ByoYomi {
		return c.Left + time.Duration(c.Periods)*tc.Period
	}
	return c.Left
}

// Spend charges a move that took d to clock c: it returns the clock after
// the move, and false if the player ran out of time before making it. In
// byo-yomi a period is lost each time a move overruns it, and a move made
// within a period leaves it whole; in Fischer the increment is added after
// the move; in correspondence every move gets the whole period again.
func (tc TimeControl) Spend(c Clock, d time.Duration) (Clock, bool) {
	if d < 0 {
		d = 0
	}
	switch tc.Kind {
	case NoClock:
		return c, true
	case Absolute:
		c.Left -= d
		return c, c.Left > 0
	case Fischer:
		c.Left -= d
		if c.Left <= 0 {
			return c, false
		}
		c.Left += tc.Increment
		return c, true
	case Correspondence:
		if d >= c.Left {
			return Clock{}, false
		}
		return Clock{Left: tc.Period}, true
	case ByoYomi:
		if d < c.Left {
			c.Left -= d
			return c, true
		}
		d -= c.Left
		c.Left = 0
		lost := int(d / tc.Period) // whole periods overrun
		if lost >= c.Periods {
			return Clock{}, false
		}
		c.Periods -= lost
		return c, true
	}
	return c, true
}

// Clocks returns each seat's clock as it stood when its last turn ended
// (the seat to move's is running since TurnStart).
func (g *Game) Clocks() []Clock { return slices.Clone(g.clocks) }

// TurnStart returns when the clock of the seat to move started.
func (g *Game) TurnStart() time.Time { return g.turnStart }

// TimedOut returns the seats that lost on time, in order.
func (g *Game) TimedOut() []int { return slices.Clone(g.timedOut) }

// Deadline returns the seat whose clock runs and the moment its time runs
// out; ok is false when no clock runs (no time limit, or not in play).
// The clocks run only while the game is in play: not during Keil's komi
// pie, nor while the players agree on dead stones.
func (g *Game) Deadline() (seat int, at time.Time, ok bool) {
	if g.cfg.Clock.Kind == NoClock || g.phase != Playing {
		return -1, time.Time{}, false
	}
	seat = g.ToMove()
	return seat, g.turnStart.Add(g.cfg.Clock.Remaining(g.clocks[seat])), true
}

// spend charges the move a to its seat's clock, or says the time ran out.
func (g *Game) spend(a Action) (Clock, error) {
	c := g.clocks[a.Seat]
	if g.cfg.Clock.Kind == NoClock {
		return c, nil
	}
	c, ok := g.cfg.Clock.Spend(c, a.At.Sub(g.turnStart))
	if !ok {
		return c, fmt.Errorf("%s's time ran out before the move", g.colors[a.Seat])
	}
	return c, nil
}

// chargeRequester charges the time since the turn started to the seat
// that asked for the undo being accepted at at, if its clock is the one
// running (it asked on its own turn, after the computer's reply, say):
// its thinking time is not given back by the undo. With no increment; in
// correspondence the move's days start again, as every move's do.
func (g *Game) chargeRequester(at time.Time) error {
	seat, _, ok := g.Deadline()
	if !ok || seat != g.undoBy || g.cfg.Clock.Kind == Correspondence || g.cfg.Version < Version4 {
		return nil
	}
	c := g.clocks[seat]
	spent := max(at.Sub(g.turnStart), 0)
	if g.cfg.Clock.Kind == Fischer {
		c.Left -= spent // as Spend, without the increment
		if c.Left <= 0 {
			return fmt.Errorf("%s's time ran out before the undo", g.colors[seat])
		}
	} else if c, ok = g.cfg.Clock.Spend(c, spent); !ok {
		return fmt.Errorf("%s's time ran out before the undo", g.colors[seat])
	}
	g.clocks[seat] = c
	return nil
}

// timeout ends the turn of the seat to move, whose time ran out by a.At:
// with two players it loses the game; with more it leaves, as after a
// resignation, and the others play on.
func (g *Game) timeout(a Action) error {
	seat, at, ok := g.Deadline()
	if !ok || seat != a.Seat {
		return fmt.Errorf("no clock of seat %d is running", a.Seat)
	}
	if a.At.Before(at) {
		return fmt.Errorf("%s has %v left", g.colors[seat], at.Sub(a.At).Round(time.Millisecond))
	}
	if err := g.state.Play(game.ResignMove); err != nil {
		return err
	}
	g.timedOut = append(g.timedOut, seat)
	g.clocks[seat], g.turnStart, g.undoBy = Clock{}, a.At, -1
	if g.state.Over() {
		res := g.state.Result()
		res.Reason = game.TimeReason
		g.final, g.phase = &res, Over
	}
	return nil
}

// TimedPlayer is a Player that keeps within its clock: before it thinks,
// it is told the time its seat has left for the move (main time, and in
// byo-yomi the period that follows it; correspondence and games without a
// clock tell nothing).
type TimedPlayer interface {
	Player
	TimeLeft(main, period time.Duration)
}

// TimeLeft returns the time seat has left at now, if its clock runs: the
// main time (or Fischer's, or absolute time), and the byo-yomi period
// after it (once the main time is spent, what is left of the period under
// way); ok is false when its clock does not run, and for
// correspondence games (a move's days are not worth thinking about).
func (g *Game) TimeLeft(seat int, now time.Time) (main, period time.Duration, ok bool) {
	running, _, runs := g.Deadline()
	if !runs || running != seat || g.cfg.Clock.Kind == Correspondence {
		return 0, 0, false
	}
	c := g.clocks[seat]
	main = c.Left - now.Sub(g.turnStart)
	if g.cfg.Clock.Kind == ByoYomi && c.Periods > 0 {
		period = g.cfg.Clock.Period
		if main < 0 {
			// In the periods, one move a period: what is left of the
			// period under way.
			period -= (-main) % period
			main = 0
		}
	}
	return max(main, 0), period, true
}
