package server

import (
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"moku/game"
	"moku/rules"
	"moku/session"
	"moku/store"
)

// gatedPlayer plays at random once its gate lets each move through,
// counting the searches under way and the most at once.
type gatedPlayer struct {
	session.Random
	running, peak *atomic.Int32
	gate          <-chan struct{}
}

func (p gatedPlayer) Genmove(s game.State) (game.Move, error) {
	n := p.running.Add(1)
	for old := p.peak.Load(); n > old && !p.peak.CompareAndSwap(old, n); old = p.peak.Load() {
	}
	<-p.gate
	p.running.Add(-1)
	return p.Random.Genmove(s)
}

// gatedServer is a test server whose computer is a gatedPlayer: a send
// on gate lets one move through, release lets every move through.
func gatedServer(t *testing.T, opt Options) (ts *testServer, gate chan struct{}, release func(), running, peak *atomic.Int32) {
	gate, running, peak = make(chan struct{}), new(atomic.Int32), new(atomic.Int32)
	seed := new(atomic.Uint64)
	opt.Computer = func(string, rules.Ruleset) (session.Player, error) {
		r := rand.New(rand.NewPCG(seed.Add(1), 7))
		return gatedPlayer{Random: session.Random{RandomPlayer: game.RandomPlayer{Rand: r}}, running: running, peak: peak, gate: gate}, nil
	}
	ts = newTestServerOpt(t, opt)
	var once sync.Once
	release = func() { once.Do(func() { close(gate) }) }
	t.Cleanup(release) // before the server closes
	return ts, gate, release, running, peak
}

// TestThinkersBound: the computer's searches of many games at once run
// MaxThinkers at a time; the others wait their turn and then move.
func TestThinkersBound(t *testing.T) {
	const thinkers, games = 2, 6
	ts, gate, _, running, peak := gatedServer(t, Options{MaxThinkers: thinkers})
	var ids []string
	for range games {
		g := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "computer"}, {Kind: "human"}}})
		ids = append(ids, g.ID)
	}
	for deadline := time.Now().Add(10 * time.Second); running.Load() < thinkers; {
		if time.Now().After(deadline) {
			t.Fatalf("%d searches running, want %d", running.Load(), thinkers)
		}
		time.Sleep(time.Millisecond)
	}
	for range games {
		gate <- struct{}{}
	}
	for _, id := range ids {
		ts.waitView(id, func(v gameView) bool { return len(v.Moves) == 1 })
	}
	if p := peak.Load(); p != thinkers {
		t.Errorf("%d searches ran at once, want %d", p, thinkers)
	}
}

// TestSelfPlayBound: past MaxSelfPlay unfinished games of the computer
// against itself, a new one is refused (and nothing stored) until one
// ends; games with a person's seat are not counted.
func TestSelfPlayBound(t *testing.T) {
	ts, _, release, _, _ := gatedServer(t, Options{MaxSelfPlay: 2})
	self := createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "computer"}, {Kind: "computer"}}}
	first := ts.create(self)
	ts.create(self)
	ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "computer"}, {Kind: "human"}}})
	before, err := ts.store.List(t.Context(), 100, store.Page{})
	if err != nil {
		t.Fatal(err)
	}
	if code, body := ts.post("/api/games", self); code != http.StatusServiceUnavailable {
		t.Fatalf("a third game of the computer against itself: %d %s", code, body)
	}
	if after, err := ts.store.List(t.Context(), 100, store.Page{}); err != nil || len(after) != len(before) {
		t.Fatalf("games stored: %d before the refusal, %d after (%v)", len(before), len(after), err)
	}
	release() // every move through: the games play to their ends
	ts.waitView(first.ID, func(v gameView) bool { return v.Phase == "over" })
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, body := ts.post("/api/games", self)
		if code == http.StatusCreated {
			break
		}
		if code != http.StatusServiceUnavailable || time.Now().After(deadline) {
			t.Fatalf("a game of the computer against itself once one ended: %d %s", code, body)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
