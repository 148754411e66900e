package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"moku/session"
	"moku/store"
)

// Clock is the server's time: what time it is, and running a function
// later. The server stamps every action with it, and the games' clocks
// (package session) read those stamps; tests give the server a clock they
// move by hand.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed; stop
	// cancels it and reports whether it did so before f ran.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// systemClock is the machine's clock.
type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

func (systemClock) AfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

// DefaultSweep is Options.Sweep's default.
const DefaultSweep = time.Second

// now returns the server's time, to the millisecond (what both stores
// keep), so a game replayed from the store reads the same times.
func (s *Server) now() time.Time { return s.clock.Now().Truncate(time.Millisecond) }

// clockRequest is a time control as a creation request gives it.
type clockRequest struct {
	Kind      string  `json:"kind"`      // absolute, fischer, byoyomi, correspondence
	Main      float64 `json:"main"`      // seconds
	Increment float64 `json:"increment"` // seconds (Fischer)
	Periods   int     `json:"periods"`   // byo-yomi
	Period    float64 `json:"period"`    // seconds (byo-yomi)
	Days      int     `json:"days"`      // a move (correspondence)
}

// timeControl checks a requested time control and returns it.
func (c *clockRequest) timeControl() (session.TimeControl, error) {
	if c == nil {
		return session.TimeControl{}, nil
	}
	sec := func(x float64) time.Duration { return time.Duration(x * float64(time.Second)) }
	tc := session.TimeControl{Kind: session.ClockKind(c.Kind), Main: sec(c.Main), Increment: sec(c.Increment), Periods: c.Periods, Period: sec(c.Period)}
	if tc.Kind == session.Correspondence {
		tc.Period = time.Duration(c.Days) * 24 * time.Hour
	}
	if c.Main != c.Main || c.Main > 1e6 || c.Increment != c.Increment || c.Increment > 1e6 || c.Period != c.Period || c.Period > 1e6 || c.Days > 1e4 {
		return tc, fail(http.StatusBadRequest, "clock %+v out of range", *c)
	}
	if err := tc.ValidateNew(); err != nil {
		return tc, fail(http.StatusBadRequest, "%v", err)
	}
	return tc, nil
}

// clockOf reads a stored time control.
func clockOf(meta *store.Game) (session.TimeControl, error) {
	var tc session.TimeControl
	if meta.Clock == "" {
		return tc, nil
	}
	if err := json.Unmarshal([]byte(meta.Clock), &tc); err != nil {
		return tc, fmt.Errorf("game %s: clock %q: %v", meta.ID, meta.Clock, err)
	}
	return tc, nil
}

// armClock sets the alarm of game id for the deadline of its running
// clock, if any (replacing the one set before). The caller holds sv.mu.
func (s *Server) armClock(id string, sv *served) {
	stopClockLocked(sv)
	_, at, ok := sv.t.game.Deadline()
	if !ok || s.ctx.Err() != nil {
		return
	}
	version := len(sv.t.actions)
	sv.clockStop = s.clock.AfterFunc(at.Sub(s.clock.Now()), func() {
		sv.mu.Lock()
		defer sv.mu.Unlock()
		if len(sv.t.actions) == version && !sv.dropped {
			s.claimTimeoutLocked(id, sv)
		}
	})
}

// stopClockLocked stops game sv's alarm, if it has one: armed, the alarm
// holds the game in memory until its deadline (a correspondence game's
// days) whether or not the server still holds it. A game dropped claims
// its timeout by the sweep. The caller holds sv.mu.
func stopClockLocked(sv *served) {
	if sv.clockStop != nil {
		sv.clockStop()
		sv.clockStop = nil
	}
}

// claimTimeoutLocked records that the seat to move ran out of time, if
// its deadline has passed; of several servers claiming it, the store lets
// one through. The caller holds sv.mu.
func (s *Server) claimTimeoutLocked(id string, sv *served) {
	seat, at, ok := sv.t.game.Deadline()
	if !ok || s.ctx.Err() != nil {
		return
	}
	now := s.now()
	if now.Before(at) {
		s.armClock(id, sv) // woken early: sleep again
		return
	}
	err := s.commit(s.ctx, id, sv, store.Action{Seq: len(sv.t.actions) + 1, Seat: seat, Kind: string(session.Timeout), At: now})
	if err != nil && s.ctx.Err() == nil {
		s.log.Info("timeout not recorded", "game", id, "err", err)
	}
}

// SessionSweep is how often the sweep deletes the sessions expired.
const SessionSweep = time.Hour

// sweep claims the timeouts of the games past their deadline that this
// server does not hold (or holds without an alarm, after a restart), every
// Options.Sweep, until the server stops; and at its first round and every
// SessionSweep after, deletes the sessions expired.
func (s *Server) sweep() {
	every := s.opt.Sweep
	if every == 0 {
		every = DefaultSweep
	}
	if every < 0 {
		return
	}
	var tick func()
	var sessionsSwept time.Time // the rounds run one after another
	tick = func() {
		if s.ctx.Err() != nil {
			return
		}
		ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
		ids, err := s.store.Overdue(ctx, s.clock.Now())
		if err != nil {
			s.log.Warn("overdue games", "err", err)
		}
		if now := s.clock.Now(); !now.Before(sessionsSwept.Add(SessionSweep)) {
			n, err := s.store.DeleteExpiredSessions(ctx, now)
			switch {
			case err != nil:
				s.log.Warn("expired sessions", "err", err)
			case n > 0:
				s.log.Info("expired sessions deleted", "sessions", n)
			}
			sessionsSwept = now // after a failure too: tried again in an hour, not logged every round
		}
		cancel()
		for _, id := range ids {
			sv, err := s.acquire(s.ctx, id)
			if err != nil {
				continue
			}
			s.claimTimeoutLocked(id, sv)
			sv.mu.Unlock()
		}
		s.mu.Lock()
		if s.ctx.Err() == nil {
			s.sweepStop = s.clock.AfterFunc(every, tick)
		}
		s.mu.Unlock()
	}
	s.mu.Lock()
	s.sweepStop = s.clock.AfterFunc(every, tick)
	s.mu.Unlock()
}

// clockView is a seat's clock in a game's view.
type clockView struct {
	LeftMs  int64 `json:"leftMs"`  // main time left (correspondence: the move's time)
	Periods int   `json:"periods"` // byo-yomi periods left
}

// overtime describes a time control's overtime as SGF's OT does.
func overtime(tc session.TimeControl) string {
	switch tc.Kind {
	case session.Fischer:
		return fmt.Sprintf("%v fischer", tc.Increment)
	case session.ByoYomi:
		return fmt.Sprintf("%dx%v byo-yomi", tc.Periods, tc.Period)
	case session.Correspondence:
		return fmt.Sprintf("%d days a move", int(tc.Period/(24*time.Hour)))
	}
	return "none"
}
