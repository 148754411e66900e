package store

import (
	"context"
	"slices"
	"testing"
	"time"
)

// TestDeadlines: the deadline of a game's running clock is kept with its
// status, and Overdue finds the unfinished games past it, on SQLite and
// PostgreSQL alike.
func TestDeadlines(t *testing.T) {
	onEach(t, func(t *testing.T, open opener) {
		s := open(t)
		ctx := context.Background()
		now := time.Now().Truncate(time.Millisecond)
		for _, g := range []struct {
			id       string
			deadline time.Time
		}{{"past", now.Add(-time.Minute)}, {"future", now.Add(time.Hour)}, {"none", time.Time{}}} {
			n := newGame(g.id)
			n.Clock, n.Deadline = `{"Kind":"absolute","Main":60000000000}`, g.deadline
			if err := s.Create(ctx, n); err != nil {
				t.Fatal(err)
			}
		}
		if ids, err := s.Overdue(ctx, now); err != nil || !slices.Equal(ids, []string{"past"}) {
			t.Fatalf("overdue: %v, %v", ids, err)
		}
		g, err := s.Get(ctx, "future")
		if err != nil || !g.Deadline.Equal(now.Add(time.Hour)) || g.Clock == "" {
			t.Fatalf("read back: %+v, %v", g, err)
		}
		// A move moves the deadline; the end of the game clears it.
		if err := s.Append(ctx, "future", Action{Seq: 1, Kind: "move", Arg: "e5"}, Status{Phase: "playing", Deadline: now.Add(-time.Second)}); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, "past", Action{Seq: 1, Kind: "timeout"}, Status{Phase: "over", Result: "W+T"}); err != nil {
			t.Fatal(err)
		}
		if ids, err := s.Overdue(ctx, now); err != nil || !slices.Equal(ids, []string{"future"}) {
			t.Fatalf("overdue after the moves: %v, %v", ids, err)
		}
	})
}
