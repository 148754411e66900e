package server

import (
	"testing"
	"time"
)

// TestEvictBound creates many more games than the server may hold: the
// number held stays within the bound; a game dropped from memory is read
// again and plays on as stored; a watched game is never dropped, and its
// watcher follows it.
func TestEvictBound(t *testing.T) {
	const bound = 20
	ts := newTestServerOpt(t, Options{MaxGames: bound, IdleGames: -1})
	first := ts.create(createReq{Game: "go", Board: "9x9", Seats: humans(2)})
	ts.must(first, 0, "move", "c3")
	watched := ts.create(createReq{Game: "go", Board: "9x9", Seats: humans(2)})
	w := ts.dial(t, watched.ID)
	if v := w.next(); v.Version != 0 {
		t.Fatalf("watcher: version %d", v.Version)
	}
	most := 0
	for i := range 10 * bound {
		g := ts.create(createReq{Game: "go", Board: "9x9", Seats: humans(2)})
		ts.must(g, 0, "move", "e5")
		if i%7 == 0 {
			ts.must(watched, i/7%2, "move", []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "c1", "c2", "c4", "c5", "c6", "c7", "c8", "c9", "d1", "d2", "d3"}[i/7])
			if v := w.next(); v.Version != i/7+1 {
				t.Fatalf("watcher: version %d, want %d", v.Version, i/7+1)
			}
		}
		most = max(most, ts.srv.Held())
	}
	if most > bound {
		t.Errorf("%d games held at most, the bound is %d", most, bound)
	}
	ts.srv.mu.Lock()
	_, firstHeld := ts.srv.tables[first.ID]
	_, watchedHeld := ts.srv.tables[watched.ID]
	ts.srv.mu.Unlock()
	if firstHeld || !watchedHeld {
		t.Errorf("the first game held: %v (want false); the watched game held: %v (want true)", firstHeld, watchedHeld)
	}
	// The first game, dropped, plays on as stored.
	if v := ts.view(first.ID); v.Version != 1 || v.Moves[0].Move != "c3" {
		t.Fatalf("the first game read again: version %d, moves %v", v.Version, moveNames(v))
	}
	if v := ts.must(first, 1, "move", "d4"); v.Version != 2 {
		t.Fatalf("the first game after a move: version %d", v.Version)
	}
	if s := ts.snapshot(first.ID); len(s.Actions) != 2 || s.Actions[1].Arg != "d4" {
		t.Errorf("stored: %+v", s.Actions)
	}
	t.Logf("%d games created, at most %d held", 10*bound+2, most)
}

// TestEvictIdle leaves games unused: they are dropped from memory (all
// but the watched one) and play on when asked for again.
func TestEvictIdle(t *testing.T) {
	ts := newTestServerOpt(t, Options{IdleGames: 20 * time.Millisecond})
	a := ts.create(createReq{Game: "go", Board: "9x9", Seats: humans(2)})
	b := ts.create(createReq{Game: "go", Board: "9x9", Seats: humans(2)})
	ts.must(a, 0, "move", "c3")
	w := ts.dial(t, b.ID)
	w.next()
	deadline := time.Now().Add(10 * time.Second)
	for ts.srv.Held() != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("%d games held after 10 s, want the watched one only", ts.srv.Held())
		}
		time.Sleep(10 * time.Millisecond)
	}
	ts.srv.mu.Lock()
	_, held := ts.srv.tables[b.ID]
	ts.srv.mu.Unlock()
	if !held {
		t.Fatal("the watched game was dropped")
	}
	if v := ts.must(a, 1, "move", "d4"); v.Version != 2 || v.Moves[0].Move != "c3" {
		t.Errorf("the idle game after a move: version %d, moves %v", v.Version, moveNames(v))
	}
	ts.must(b, 0, "move", "e5")
	if v := w.next(); v.Version != 1 {
		t.Errorf("watcher: version %d", v.Version)
	}
}

// TestEvictStopsAlarm: a game with a running clock, dropped to keep the
// bound, no longer holds an alarm (which would keep it in memory for its
// clock's days, a copy each time it is read again); the sweep still
// claims each timeout when it comes.
func TestEvictStopsAlarm(t *testing.T) {
	const bound = 2
	c := newTestClock()
	ts := newTestServerOpt(t, Options{Clock: c, MaxGames: bound, IdleGames: -1})
	var ids []string
	for range 6 {
		g := ts.createClock(createReq{Game: "go", Board: "9x9", Seats: humans(2)}, &clockRequest{Kind: "correspondence", Days: 1})
		ids = append(ids, g.ID)
	}
	for range 5 {
		for _, id := range ids {
			ts.view(id)
		}
	}
	c.mu.Lock()
	live := 0
	for _, tm := range c.timers {
		if !tm.done {
			live++
		}
	}
	c.mu.Unlock()
	if live > bound+1 { // the held games' alarms and the sweep's
		t.Errorf("%d alarms live with %d games held at most", live, bound)
	}
	c.advance(25 * time.Hour)
	for _, id := range ids {
		if v := ts.waitView(id, func(v gameView) bool { return v.Phase == "over" }); v.Result != "W+T" {
			t.Errorf("game %s: %s after Black's day ran out", id, v.Result)
		}
	}
}
