package server

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"moku/internal/pgtest"
	"moku/store"
)

// testClock is a server clock the test moves by hand (Options.Clock): the
// server's time is a parameter, so the clocks of games are tested without
// waiting.
type testClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*testTimer
}

type testTimer struct {
	at   time.Time
	f    func()
	done bool
}

func newTestClock() *testClock {
	return &testClock{now: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)}
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	tm := &testTimer{at: c.now.Add(d), f: f}
	c.timers = append(c.timers, tm)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !tm.done
		tm.done = true
		return was
	}
}

// skip moves the time on by d without running the timers due (they run
// at the next advance).
func (c *testClock) skip(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// advance moves the time on by d and runs the timers due, each in its own
// goroutine, as time.AfterFunc does.
func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []*testTimer
	keep := c.timers[:0]
	for _, tm := range c.timers {
		switch {
		case tm.done:
		case !tm.at.After(c.now):
			tm.done = true
			due = append(due, tm)
		default:
			keep = append(keep, tm)
		}
	}
	c.timers = keep
	c.mu.Unlock()
	for _, tm := range due {
		go tm.f()
	}
}

// TestClockTimeout: a Fischer game between people on 5x5: each move
// charges its player's clock; when White's runs out, the server records
// the timeout and the game ends B+T, stored so and replayed so from its
// record (checkRecords). A move too late is refused and loses.
func TestClockTimeout(t *testing.T) {
	c := newTestClock()
	ts := newTestServerOpt(t, Options{Clock: c})
	clock := &clockRequest{Kind: "fischer", Main: 60, Increment: 5}
	g := ts.createClock(createReq{Game: "go", Board: "5x5", Seats: humans(2)}, clock)
	v := ts.view(g.ID)
	if v.Clock != "fischer" || v.ClockSeat != 0 || len(v.Clocks) != 2 || v.Clocks[0].LeftMs != 60000 {
		t.Fatalf("the clocks at the start: %+v %+v seat %d", v.Clock, v.Clocks, v.ClockSeat)
	}
	c.advance(10 * time.Second)
	v = ts.must(g, 0, "move", "c3")
	if v.Clocks[0].LeftMs != 55000 || v.ClockSeat != 1 {
		t.Fatalf("after black's move at 10 s: %+v, seat %d", v.Clocks, v.ClockSeat)
	}
	c.advance(59 * time.Second)
	if v = ts.view(g.ID); v.Phase != "playing" {
		t.Fatalf("white timed out early: %s %s", v.Phase, v.Result)
	}
	c.advance(2 * time.Second)
	v = ts.waitView(g.ID, func(v gameView) bool { return v.Phase == "over" })
	if v.Result != "B+T" || v.Reason != "time" || !slices.Equal(v.TimedOut, []int{1}) {
		t.Fatalf("after white's time ran out: %s (%s), timed out %v", v.Result, v.Reason, v.TimedOut)
	}
	if s := ts.snapshot(g.ID); s.Game.Status != "over" || s.Game.Result != "B+T" || !s.Game.Deadline.IsZero() {
		t.Errorf("stored: %s %q deadline %v", s.Game.Status, s.Game.Result, s.Game.Deadline)
	}

	// A move that arrives after its player's deadline is refused, and the
	// player loses on time.
	g = ts.createClock(createReq{Game: "go", Board: "5x5", Seats: humans(2)}, &clockRequest{Kind: "absolute", Main: 30})
	c.skip(31 * time.Second) // no alarm rings: the move comes first
	code, body := ts.act(g.ID, actReq{Seat: 0, Token: g.Tokens[0], Kind: "move", Arg: "c3"})
	if code != 422 || !strings.Contains(string(body), "time ran out") {
		t.Fatalf("a move after the deadline: %d %s", code, body)
	}
	if v := ts.waitView(g.ID, func(v gameView) bool { return v.Phase == "over" }); v.Result != "W+T" {
		t.Errorf("after the late move: %s", v.Result)
	}
}

// TestClockSurvivesRestart: a correspondence game's deadline lives in the
// store: a server started after it passed (the first one stopped) records
// the timeout.
func TestClockSurvivesRestart(t *testing.T) {
	c := newTestClock()
	path := filepath.Join(t.TempDir(), "moku.db")
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	first := &testServer{t: t, srv: New(st, Options{Clock: c}), store: st}
	first.http = httptest.NewServer(first.srv)
	g := first.createClock(createReq{Game: "kee", Board: "5x5", Seats: humans(2)}, &clockRequest{Kind: "correspondence", Days: 3})
	c.advance(24 * time.Hour)
	first.must(g, 0, "move", "c3")
	first.http.Close()
	first.srv.Close()
	st.Close()

	c.advance(71 * time.Hour) // white's three days are not over
	st, err = store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{t: t, srv: New(st, Options{Clock: c}), store: st}
	ts.http = httptest.NewServer(ts.srv)
	t.Cleanup(func() { ts.http.CloseClientConnections(); ts.srv.Close(); ts.http.Close(); st.Close() })
	t.Cleanup(ts.checkRecords)
	c.advance(2 * time.Second) // a sweep
	time.Sleep(100 * time.Millisecond)
	if v := ts.view(g.ID); v.Phase != "playing" {
		t.Fatalf("white timed out before the deadline: %s %s", v.Phase, v.Result)
	}
	c.advance(time.Hour)
	c.advance(2 * time.Second) // the next sweep finds it
	if v := ts.waitView(g.ID, func(v gameView) bool { return v.Phase == "over" }); v.Result != "B+T" {
		t.Errorf("after the restart and the deadline: %s", v.Result)
	}
}

// TestClockCluster: two servers on one PostgreSQL both watch a game whose
// clock runs out: the timeout is recorded once, and both show it.
func TestClockCluster(t *testing.T) {
	c := newTestClock()
	dsn := pgtest.DSN(t)
	nodes := clNodes(t, dsn, 2, Options{Clock: c})
	code, body := nodes[0].post("/api/games", map[string]any{"game": "go", "board": "5x5",
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}, "clock": map[string]any{"kind": "absolute", "main": 60}})
	if code != 201 {
		t.Fatalf("create: %d %s", code, body)
	}
	var g clGame
	if err := json.Unmarshal(body, &g); err != nil {
		t.Fatal(err)
	}
	w0, w1 := nodes[0].watch(g.ID), nodes[1].watch(g.ID)
	clWaitVersion(t, w0, 0)
	clWaitVersion(t, w1, 0)
	c.advance(61 * time.Second)
	c.advance(time.Second)
	v0, v1 := clWaitVersion(t, w0, 1), clWaitVersion(t, w1, 1)
	if v0.Result != "W+T" || v1.Result != "W+T" {
		t.Fatalf("results %q and %q", v0.Result, v1.Result)
	}
	st, err := store.OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	acts, err := st.Actions(context.Background(), g.ID, 0)
	if err != nil || len(acts) != 1 || acts[0].Kind != "timeout" {
		t.Errorf("stored actions: %+v, %v", acts, err)
	}
}
