package search

import (
	"testing"

	"pgregory.net/rapid"

	"moku/board"
	"moku/game"
	"moku/playout"
)

// TestAMAFBufferHoldsBack: a thread with a buffer holds back the AMAF games
// of the children of nodes with bufferFrom playouts or more (and more than
// staleShare times the playouts held) until it flushes, and then they are
// those TestAMAF's playout gives; the children of a node with fewer
// playouts get theirs at once.
func TestAMAFBufferHoldsBack(t *testing.T) {
	const busyVisits = 2*staleShare + 1 // more than two playouts' share
	if busyVisits < bufferFrom {
		t.Fatalf("busyVisits %d below bufferFrom %d", busyVisits, bufferFrom)
	}
	const a1, a2, a3, b2, c2 = 0, 1, 2, 4, 5
	for _, busy := range []bool{true, false} {
		root := newNode(game.PassMove, board.White, 0, 0)
		ka1, ka2, ka3 := newNode(game.At(a1), board.Black, 0, 0), newNode(game.At(a2), board.Black, 0, 0), newNode(game.At(a3), board.Black, 0, 0)
		rootKids := []*node{ka1, ka2, ka3}
		root.children.Store(&rootKids)
		kb2, kc2 := newNode(game.At(b2), board.White, 0, 0), newNode(game.At(c2), board.White, 0, 0)
		a1Kids := []*node{kb2, kc2}
		ka1.children.Store(&a1Kids)
		root.visits.Store(busyVisits * unit)
		if busy {
			ka1.visits.Store(busyVisits * unit)
		} else {
			ka1.visits.Store((bufferFrom - 1) * unit)
		}

		tr := &tree{opt: Options{DistanceRave: 3}, players: 2}
		w := &worker{path: []*node{root, ka1}, seen: make([]board.Color, 9), seenAt: make([]int32, 9), buf: newAMAFBuffer()}
		steps := []playout.Step{{Point: b2, Color: board.White}, {Point: a2, Color: board.Black}, {Point: c2, Color: board.White}, {Point: a3, Color: board.Black}}
		var units [board.MaxPlayers + 1]int64
		units[board.Black] = unit
		tr.amaf(w, steps, units)
		tr.amaf(w, steps, units) // two playouts, one flush

		want := map[*node]int64{ka1: 6, ka2: 4, ka3: 2, kb2: 6, kc2: 4}
		for _, k := range rootKids {
			if n := k.amafN.Load(); n != 0 {
				t.Errorf("busy %v: root's child %s has %d AMAF games before the flush", busy, k.move.Format(nil), n/unit)
			}
		}
		for _, k := range a1Kids {
			n, heldBack := k.amafN.Load(), busy
			if heldBack && n != 0 || !heldBack && n != want[k]*unit {
				t.Errorf("busy %v: a1's child has %d AMAF games before the flush", busy, n/unit)
			}
		}
		if got, held := w.buf.pending(), int64(12); !busy && got != held*unit || busy && got != (held+10)*unit {
			t.Errorf("busy %v: %d AMAF games held back", busy, got/unit)
		}
		w.buf.flush()
		if p := w.buf.pending(); p != 0 {
			t.Errorf("busy %v: %d AMAF games held back after the flush", busy, p/unit)
		}
		for k, g := range want {
			wins := g
			if k.player == board.White {
				wins = 0
			}
			if n, won := k.amafN.Load(), k.amafWins.Load(); n != g*unit || won != wins*unit {
				t.Errorf("busy %v: %d AMAF games, %d won; want %d, %d", busy, n/unit, won/unit, g, wins)
			}
		}
	}
}

// TestAMAFBufferStaleShare: a buffer adds a node's held-back games to its
// children itself once they come from 1/staleShare of the node's playouts,
// before any flush of the whole buffer.
func TestAMAFBufferStaleShare(t *testing.T) {
	const a1, a2 = 0, 1
	const visits = 4 * staleShare // held back for three playouts, added at the fourth
	if visits < bufferFrom {
		t.Fatalf("visits %d below bufferFrom %d", visits, bufferFrom)
	}
	root := newNode(game.PassMove, board.White, 0, 0)
	ka1, ka2 := newNode(game.At(a1), board.Black, 0, 0), newNode(game.At(a2), board.Black, 0, 0)
	kids := []*node{ka1, ka2}
	root.children.Store(&kids)
	root.visits.Store(visits * unit)
	tr := &tree{opt: Options{}, players: 2}
	w := &worker{path: []*node{root}, seen: make([]board.Color, 9), seenAt: make([]int32, 9), buf: newAMAFBuffer()}
	steps := []playout.Step{{Point: a1, Color: board.Black}, {Point: 4, Color: board.White}, {Point: a2, Color: board.Black}}
	var units [board.MaxPlayers + 1]int64
	units[board.Black] = unit
	for i := 1; i <= 5; i++ {
		tr.amaf(w, steps, units)
		want := int64(0) // added at the fourth playout, the fifth held
		if i >= 4 {
			want = 4
		}
		for _, k := range kids {
			if n, won := k.amafN.Load(), k.amafWins.Load(); n != want*unit || won != want*unit {
				t.Errorf("after %d playouts: %s has %d AMAF games, %d won; want %d", i, k.move.Format(nil), n/unit, won/unit, want)
			}
		}
	}
	if p := w.buf.pending(); p != 2*unit {
		t.Errorf("%d AMAF games held back after the fifth playout, want 2", p/unit)
	}
}

// TestAMAFBufferSameGames: the AMAF games of any playouts on a real
// search tree, held back in a buffer and flushed, are those the tree gets
// from the same playouts without one. The two trees are two one-thread
// searches of the same position and seed, so alike.
func TestAMAFBufferSameGames(t *testing.T) {
	s := start(t, "go", "9x9", "e5", "c3")
	o := Options{Playouts: 2000, Threads: 1, Seed: 9, Heavy: true, Learned: true, DistanceRave: 3}
	_, direct, _, err := search(s, o, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, buffered, _, err := search(s, o, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := s.Graph().N()
	rapid.Check(t, func(rt *rapid.T) {
		wd := &worker{seen: make([]board.Color, n), seenAt: make([]int32, n)}
		wb := &worker{seen: make([]board.Color, n), seenAt: make([]int32, n), buf: newAMAFBuffer()}
		for range rapid.IntRange(1, 40).Draw(rt, "playouts") {
			// A path from the root, the same child of each node in both
			// trees, then a made-up playout.
			x, y := direct.root, buffered.root
			wd.path, wb.path = []*node{x}, []*node{y}
			for len(x.kids()) > 0 && rapid.IntRange(0, 5).Draw(rt, "stop") > 0 {
				i := rapid.IntRange(0, len(x.kids())-1).Draw(rt, "child")
				x, y = x.kids()[i], y.kids()[i]
				wd.path, wb.path = append(wd.path, x), append(wb.path, y)
			}
			var steps []playout.Step
			for range rapid.IntRange(0, 60).Draw(rt, "steps") {
				steps = append(steps, playout.Step{Point: int32(rapid.IntRange(0, n-1).Draw(rt, "point")),
					Color: board.Color(rapid.IntRange(1, 2).Draw(rt, "colour"))})
			}
			var units [board.MaxPlayers + 1]int64
			units[board.Color(rapid.IntRange(1, 2).Draw(rt, "winner"))] = unit
			direct.amaf(wd, steps, units)
			buffered.amaf(wb, steps, units)
		}
		wb.buf.flush()
		var walk func(x, y *node)
		walk = func(x, y *node) {
			if x.amafN.Load() != y.amafN.Load() || x.amafWins.Load() != y.amafWins.Load() {
				rt.Fatalf("%s: %d/%d AMAF games without the buffer, %d/%d with it", x.move.Format(s.Graph()),
					x.amafWins.Load(), x.amafN.Load(), y.amafWins.Load(), y.amafN.Load())
			}
			for i, k := range x.kids() {
				walk(k, y.kids()[i])
			}
		}
		walk(direct.root, buffered.root)
	})
}

// TestAMAFBufferFlushed: a two-thread search holds AMAF games back in each
// thread's buffer, and none is left there once it is over; one thread
// keeps no buffer, nor do two with Options.DirectAMAF.
func TestAMAFBufferFlushed(t *testing.T) {
	s := start(t, "go", "9x9")
	for _, c := range []struct {
		threads  int
		direct   bool
		buffered bool
	}{{1, false, false}, {2, false, true}, {2, true, false}} {
		o := Options{Playouts: 3000, Threads: c.threads, Seed: 4, Heavy: true, Learned: true, StopEarly: true, DirectAMAF: c.direct}
		_, tr, _, err := search(s, o, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		if tr.unflushed != 0 {
			t.Errorf("%+v: %d AMAF games left in the buffers", c, tr.unflushed/unit)
		}
		if !c.buffered && tr.buffered != 0 || c.buffered && tr.buffered < 10 {
			t.Errorf("%+v: %d nodes' children buffered", c, tr.buffered)
		}
		if c.direct && tr.root.visits.Load() > 0 {
			// unbuffered, every child's AMAF games are in the tree: the
			// root's children hold at least one a playout through them
			for _, k := range tr.root.kids() {
				if real := (k.visits.Load() - k.prior) / unit; real > 0 && k.amafN.Load()/unit < real-2 {
					t.Errorf("%+v: %s has %d playouts but %d AMAF games", c, k.move.Format(s.Graph()), real, k.amafN.Load()/unit)
				}
			}
		}
	}
}
