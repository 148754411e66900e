package search

import (
	"math"
	"testing"

	"moku/board"
	"moku/game"
)

// TestSqrtVirtualLoss: with Options.SqrtVirtualLoss and two threads a
// child one descent is under way through is valued as if that descent
// were not there (no virtual loss), and one with two under way as if
// they were 2*sqrt(2)/2 lost games; without it each is one lost game.
func TestSqrtVirtualLoss(t *testing.T) {
	coeff := math.Sqrt(2) / 2
	for _, c := range []struct {
		inflight int32
		sqrt     bool
		want     float64 // the value: 5 won of 10 finished playouts, and the virtual losses
	}{
		{0, false, 5.0 / 10},
		{0, true, 5.0 / 10},
		{1, false, 5.0 / 11},
		{1, true, 5.0 / 10},
		{2, false, 5.0 / 12},
		{2, true, 5.0 / (10 + 2*coeff)},
	} {
		k := newNode(game.Move{Kind: game.Place, Point: 0}, board.Black, 10+float64(c.inflight), 5)
		k.inflight.Store(c.inflight)
		got := k.value(0, 0)
		if c.sqrt {
			got = k.valueVloss(0, 0, coeff, int32(math.Ceil(1/coeff)))
		}
		if math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%d under way, sqrt %v: value %.6f, want %.6f", c.inflight, c.sqrt, got, c.want)
		}
	}
	// A child with no games but the one under way (and no AMAF games)
	// is worth what a plain virtual loss makes it, not 0/0.
	empty := newNode(game.Move{Kind: game.Place, Point: 0}, board.Black, 1, 0)
	empty.inflight.Store(1)
	if got := empty.valueVloss(0, 0, coeff, int32(math.Ceil(1/coeff))); got != 0 {
		t.Errorf("no games but one under way: value %v, want 0 (one lost game)", got)
	}
	// The choice: a child one thread is in no longer gives way to a
	// worse one.
	better := newNode(game.Move{Kind: game.Place, Point: 0}, board.Black, 101, 60)
	better.inflight.Store(1)
	worse := newNode(game.Move{Kind: game.Place, Point: 1}, board.Black, 100, 59.5)
	parent := newNode(game.Move{}, board.White, 201, 0)
	for _, sqrt := range []bool{false, true} {
		tr := &tree{opt: Options{RaveEquiv: 3500, Threads: 2, SqrtVirtualLoss: sqrt}}
		if sqrt {
			tr.vloss, tr.vlossMin = coeff, 2
		}
		want := 1 // 60/101 < 59.5/100: the virtual loss sends the descent to the other
		if sqrt {
			want = 0 // 60/100 > 59.5/100
		}
		if got := tr.choose(parent, []*node{better, worse}); got.move.Point != want {
			t.Errorf("sqrt %v: chose %d, want %d", sqrt, got.move.Point, want)
		}
	}
}

// TestSqrtVirtualLossSearch: a two-thread search with SqrtVirtualLoss
// leaves no descent counted under way in its tree, and its candidates'
// visits add up to its playouts; on one thread it is the search without
// it, move for move.
func TestSqrtVirtualLossSearch(t *testing.T) {
	s := start(t, "go", "9x9", "e5", "c3")
	o := Options{Playouts: 3000, Threads: 2, SqrtVirtualLoss: true, StopEarly: false, Heavy: true}
	a, tr, _, err := search(s, o, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *node) int
	walk = func(n *node) int {
		if d := n.inflight.Load(); d != 0 {
			t.Errorf("node %s: %d descents under way after the search", n.move.Format(s.Graph()), d)
		}
		nodes := 1
		for _, k := range n.kids() {
			nodes += walk(k)
		}
		return nodes
	}
	if nodes := walk(tr.root); nodes < 100 {
		t.Errorf("%d nodes after 3,000 playouts", nodes)
	}
	visits := 0
	for _, k := range a.Candidates {
		visits += k.Visits
	}
	if a.Playouts < 3000 || visits < a.Playouts-2 || visits > a.Playouts {
		t.Errorf("candidates have %d visits, %d playouts", visits, a.Playouts)
	}

	one := Options{Playouts: 1000, Threads: 1, Seed: 5, StopEarly: false, Heavy: true}
	plain, err := Search(s, one)
	if err != nil {
		t.Fatal(err)
	}
	one.SqrtVirtualLoss = true
	sq, err := Search(s, one)
	if err != nil {
		t.Fatal(err)
	}
	if plain.Best != sq.Best || len(plain.Candidates) != len(sq.Candidates) {
		t.Fatalf("one thread: %s without, %s with", plain.Best.Format(s.Graph()), sq.Best.Format(s.Graph()))
	}
	for i := range plain.Candidates {
		p, q := plain.Candidates[i], sq.Candidates[i]
		sameRate := p.WinRate == q.WinRate || math.IsNaN(p.WinRate) && math.IsNaN(q.WinRate)
		if p.Move != q.Move || p.Visits != q.Visits || !sameRate {
			t.Errorf("one thread, candidate %d: %+v without, %+v with", i, plain.Candidates[i], sq.Candidates[i])
		}
	}
}

// TestExpandOnce: on two threads each node is expanded by one thread
// only, so every expansion a thread made is a node of the tree with
// children; a thread that reached a node another was expanding did not
// work its children out again to drop them.
func TestExpandOnce(t *testing.T) {
	for _, game := range []struct{ name, board string }{{"go", "9x9"}, {"keil", "hex:5"}} {
		s := start(t, game.name, game.board)
		o := Options{Playouts: 4000, Threads: 2, StopEarly: false, Heavy: true, Learned: true, Seed: 3}
		a, tr, _, err := search(s, o, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		var expanded func(n *node) int
		expanded = func(n *node) int {
			if n.children.Load() == nil {
				return 0
			}
			e := 1
			for _, k := range n.kids() {
				e += expanded(k)
			}
			return e
		}
		if e := expanded(tr.root); tr.expansions != e || e < 100 {
			t.Errorf("%s: the threads made %d expansions, the tree has %d expanded nodes", game.name, tr.expansions, e)
		}
		visits := 0
		for _, k := range a.Candidates {
			visits += k.Visits
		}
		if visits != a.Playouts {
			t.Errorf("%s: candidates have %d visits, %d playouts", game.name, visits, a.Playouts)
		}
	}
}

// TestVirtualLoss: with Options.VirtualLoss k on two threads a descent
// under way through a child counts as k lost games, so that a child one
// thread is in gives way to a worse one that a single lost game would
// not have let it; the search leaves no descent under way in its tree,
// and its candidates' visits add up to its playouts.
func TestVirtualLoss(t *testing.T) {
	// 60 won of 100 finished playouts and one under way, against 58.5
	// of 100: 60/101 is above 58.5/100, 60/103 below.
	better := newNode(game.Move{Kind: game.Place, Point: 0}, board.Black, 101, 60)
	better.inflight.Store(1)
	worse := newNode(game.Move{Kind: game.Place, Point: 1}, board.Black, 100, 58.5)
	parent := newNode(game.Move{}, board.White, 201, 0)
	for _, c := range []struct {
		loss float64
		want int
	}{{0, 0}, {1, 0}, {3, 1}} {
		tr := &tree{opt: Options{RaveEquiv: 3500, Threads: 2, VirtualLoss: c.loss}}
		tr.vloss, tr.vlossMin = virtualLoss(tr.opt)
		if got := tr.choose(parent, []*node{better, worse}); got.move.Point != c.want {
			t.Errorf("virtual loss %v: chose %d, want %d", c.loss, got.move.Point, c.want)
		}
	}

	s := start(t, "go", "9x9", "e5", "c3")
	o := Options{Playouts: 3000, Threads: 2, VirtualLoss: 3, StopEarly: false, Heavy: true}
	a, tr, _, err := search(s, o, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *node)
	walk = func(n *node) {
		if d := n.inflight.Load(); d != 0 {
			t.Errorf("node %s: %d descents under way after the search", n.move.Format(s.Graph()), d)
		}
		for _, k := range n.kids() {
			walk(k)
		}
	}
	walk(tr.root)
	visits := 0
	for _, k := range a.Candidates {
		visits += k.Visits
	}
	if a.Playouts < 3000 || visits < a.Playouts-2 || visits > a.Playouts {
		t.Errorf("candidates have %d visits, %d playouts", visits, a.Playouts)
	}
}

// TestShared: Analysis.Shared counts the playouts that started from a
// leaf another descent was under way through. Every node of a first
// search's tree is given a phantom descent under way; a second search
// from that tree, expanding nothing, starts every playout from one of
// them, so on two threads all its playouts are shared and on one none
// (one thread counts nothing); either way each node is left with its
// phantom alone.
func TestShared(t *testing.T) {
	s := start(t, "go", "9x9", "e5", "c3")
	for _, threads := range []int{1, 2} {
		_, first, _, err := search(s, Options{Playouts: 500, Threads: 1, StopEarly: false, Heavy: true, Seed: 1}, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		var all []*node
		var walk func(n *node)
		walk = func(n *node) {
			all = append(all, n)
			for _, k := range n.kids() {
				walk(k)
			}
		}
		walk(first.root)
		for _, n := range all {
			n.inflight.Store(1)
		}
		o := Options{Playouts: 400, Threads: threads, StopEarly: false, Heavy: true, Seed: 2, ExpandVisits: 1 << 30}
		a, _, _, err := search(s, o, false, first.root)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		if threads > 1 {
			want = a.Playouts
		}
		if a.Shared != want || a.Playouts < 400 {
			t.Errorf("%d threads: %d of %d playouts shared, want %d", threads, a.Shared, a.Playouts, want)
		}
		for _, n := range all {
			if d := n.inflight.Load(); d != 1 {
				t.Errorf("%d threads: node %s has %d descents under way after the search, want its phantom alone", threads, n.move.Format(s.Graph()), d)
			}
		}
		if n := len(all); n < 20 {
			t.Errorf("the first tree has %d nodes", n)
		}
	}
}
