package search

import (
	"testing"

	"moku/game"
)

// visitsOf sums the visits of an analysis's candidates.
func visitsOf(a Analysis) int {
	n := 0
	for _, c := range a.Candidates {
		n += c.Visits
	}
	return n
}

// With Options.KeepTree the search after a move and its answer starts
// from the node of the last tree they lead to: the root's moves carry
// more visits than the new playouts made. Without it, or when the game
// is not the last one continued (an undo, a new game), the search starts
// afresh.
func TestKeepTree(t *testing.T) {
	const playouts = 2000
	for _, keep := range []bool{false, true} {
		s := start(t, "go", "7x7")
		p := New(Options{Playouts: playouts, Seed: 5, KeepTree: keep, StopEarly: false})
		m, err := p.Genmove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Play(m); err != nil {
			t.Fatal(err)
		}
		// The answer the search expected most: its node is well visited.
		reply := p.Last().Candidates[0].PV
		if len(reply) < 2 {
			t.Fatalf("principal variation %v has no answer", reply)
		}
		if err := s.Play(reply[1]); err != nil {
			t.Fatal(err)
		}
		if _, err := p.Genmove(s); err != nil {
			t.Fatal(err)
		}
		a := p.Last()
		if a.Playouts != playouts {
			t.Errorf("keep %v: %d new playouts, want %d", keep, a.Playouts, playouts)
		}
		v := visitsOf(a)
		if keep && v <= playouts {
			t.Errorf("keep: the root's moves have %d visits after %d new playouts: nothing kept", v, playouts)
		}
		if !keep && v > playouts {
			t.Errorf("no keep: the root's moves have %d visits after %d playouts", v, playouts)
		}
		if !keep {
			continue
		}
		// An undo: the history no longer continues the last search's.
		s.Undo()
		s.Undo()
		if err := s.Play(game.At(0)); err != nil {
			t.Fatal(err)
		}
		if _, err := p.Genmove(s); err != nil {
			t.Fatal(err)
		}
		if v := visitsOf(p.Last()); v > playouts {
			t.Errorf("after an undo: %d visits from %d playouts, the old tree kept", v, playouts)
		}
	}
}

// A node's siblings share its allocation, so descending the kept tree
// drops their subtrees: a sibling's children, unreachable from the new
// root, would otherwise stay alive with it.
func TestKeptTreeDropsSiblings(t *testing.T) {
	s := start(t, "go", "7x7")
	opt := Options{Playouts: 3000, Seed: 9, KeepTree: true, StopEarly: false}
	p := New(opt)
	m, err := p.Genmove(s)
	if err != nil {
		t.Fatal(err)
	}
	playAnswered(t, s, m, p.Last())
	old := p.kept.root
	expanded := 0
	for _, k := range old.kids() {
		if k.move != m && k.kids() != nil {
			expanded++
		}
	}
	if expanded == 0 {
		t.Fatal("no sibling of the move played was expanded: nothing to drop")
	}
	var root *node
	if roots := p.kept.descend(s, p.Opt); len(roots) > 0 {
		root = roots[0]
	}
	if root == nil || root.kids() == nil {
		t.Fatal("the kept tree has no node for the moves played")
	}
	var mine *node
	for _, k := range old.kids() {
		if k.move == m {
			mine = k
		} else if k.kids() != nil {
			t.Errorf("sibling %v of the move played keeps its children", k.move)
		}
	}
	for _, k := range mine.kids() {
		if k != root && k.kids() != nil {
			t.Errorf("sibling %v of the answer keeps its children", k.move)
		}
	}
}

// playAnswered plays m, the move of a search whose analysis is a, and
// the answer the search expected most.
func playAnswered(t *testing.T, s game.State, m game.Move, a Analysis) {
	t.Helper()
	reply := a.Candidates[0].PV
	if len(reply) < 2 {
		t.Fatalf("principal variation %v has no answer", reply)
	}
	for _, x := range []game.Move{m, reply[1]} {
		if err := s.Play(x); err != nil {
			t.Fatal(err)
		}
	}
}
