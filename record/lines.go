package record

import (
	"fmt"
	"slices"

	"moku/game"
)

// Line is one variation of a record as a list of moves: the moves played
// from the main line's position after From of its moves (Record.Moves,
// implied passes counted), instead of the main line's move From+1 (or
// after its last move).
type Line struct {
	From  int
	Moves []game.Played
}

// Lines returns the record's variations as lines, one a leaf of each
// variation's tree, in the order of the file: those that branch off
// before each move of the main line, then those that go on after its last
// move. A variation that branches off another appears whole, its moves
// from the main line on. Nodes without a move (comments, markup) are
// skipped; a variation stops before a node that sets up stones (moku's
// games start from one position); a node whose move cannot be read is an
// error that names it. EachLine visits them without holding them all.
func (r *Record) Lines() ([]Line, error) {
	var out []Line
	err := r.EachLine(func(l Line) bool {
		out = append(out, Line{From: l.From, Moves: slices.Clone(l.Moves)})
		return true
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// EachLine calls f with each line Lines returns, in order, until f
// returns false. l.Moves is valid only during the call: f copies what it
// keeps. It holds one line at a time, however many the file has.
func (r *Record) EachLine(f func(l Line) bool) error {
	var buf []game.Played
	for i := 0; i <= len(r.Moves); i++ {
		trees := r.Continuations
		if i < len(r.Moves) {
			trees = r.Moves[i].Variations
		}
		for _, t := range trees {
			more, err := r.eachTreeLine(i, buf[:0], t, f)
			if err != nil || !more {
				return err
			}
		}
	}
	return nil
}

// eachTreeLine calls f with the lines of tree t, which goes on from the
// moves prefix after the main line's first from moves; it reports whether
// f asks for more. The siblings share prefix's array: each line is done
// with before the next is made.
func (r *Record) eachTreeLine(from int, moves []game.Played, t *Tree, f func(Line) bool) (bool, error) {
	for _, n := range t.Nodes {
		if setsUp(n) {
			if len(moves) > 0 {
				return f(Line{From: from, Moves: moves}), nil
			}
			return true, nil
		}
		p, ok, err := r.nodeMove(n)
		if err != nil {
			return false, err
		}
		if ok {
			moves = append(moves, p)
		}
	}
	if len(t.Children) == 0 {
		if len(moves) > 0 {
			return f(Line{From: from, Moves: moves}), nil
		}
		return true, nil
	}
	for _, c := range t.Children {
		more, err := r.eachTreeLine(from, moves, c, f)
		if err != nil || !more {
			return more, err
		}
	}
	return true, nil
}

// setsUp reports whether node n sets up stones (AB, AW, AE, MKSU).
func setsUp(n *Node) bool {
	for _, p := range n.Props {
		if setupIdents[p.Ident] && p.Ident != "PL" {
			return true
		}
	}
	return false
}

// nodeMove reads the move of node n, if it has one.
func (r *Record) nodeMove(n *Node) (game.Played, bool, error) {
	var mv []Property
	for _, p := range n.Props {
		if moveIdents[p.Ident] {
			mv = append(mv, p)
		}
	}
	if len(mv) == 0 {
		return game.Played{}, false, nil
	}
	m, err := r.readMove(n, mv)
	if err != nil {
		return game.Played{}, false, err
	}
	return m.Played, true, nil
}

// AddLine adds a variation to the record's game tree: l's moves from the
// main line's position after l.From moves. Moves it shares with the main
// line or with a variation already there follow them, so that adding a
// line twice changes nothing and a line that goes on from another
// branches off where they part. It does not check that the moves are
// legal: replay them first.
func (r *Record) AddLine(l Line) error {
	if l.From < 0 || l.From > len(r.Moves) {
		return fmt.Errorf("a line from move %d: the main line has %d moves", l.From, len(r.Moves))
	}
	from, moves := l.From, l.Moves
	for len(moves) > 0 && from < len(r.Moves) && r.Moves[from].Played == moves[0] {
		from++
		moves = moves[1:]
	}
	if len(moves) == 0 {
		return nil
	}
	if from < len(r.Moves) {
		r.Moves[from].Variations = r.addToTrees(r.Moves[from].Variations, moves)
	} else {
		r.Continuations = r.addToTrees(r.Continuations, moves)
	}
	return nil
}

// addToTrees adds moves to the sibling trees ts: into the one whose first
// move is moves[0], or as a new tree after them.
func (r *Record) addToTrees(ts []*Tree, moves []game.Played) []*Tree {
	for _, t := range ts {
		if len(t.Nodes) == 0 {
			continue
		}
		if p, ok, err := r.nodeMove(t.Nodes[0]); err == nil && ok && p == moves[0] {
			r.addToTree(t, moves)
			return ts
		}
	}
	t := &Tree{}
	for _, p := range moves {
		t.Nodes = append(t.Nodes, r.moveNode(Move{Played: p}))
	}
	return append(ts, t)
}

// addToTree adds moves to tree t, whose first node is moves[0]'s.
func (r *Record) addToTree(t *Tree, moves []game.Played) {
	i := 0
	for i < len(t.Nodes) && i < len(moves) {
		p, ok, err := r.nodeMove(t.Nodes[i])
		if err != nil || !ok || p != moves[i] {
			break
		}
		i++
	}
	switch {
	case i == len(moves):
		return // already there
	case i < len(t.Nodes):
		// The line parts from t within its nodes: t splits there.
		tail := &Tree{Nodes: t.Nodes[i:], Children: t.Children}
		t.Nodes, t.Children = t.Nodes[:i], []*Tree{tail}
	}
	t.Children = r.addToTrees(t.Children, moves[i:])
}

// PlayLine replays line l: the main line's first l.From moves, then l's
// moves. It returns the game as far as it got and, for the first move of
// l that is out of turn or illegal, a *MoveError numbering the moves from
// the start.
func (r *Record) PlayLine(l Line) (game.State, error) {
	if l.From < 0 || l.From > len(r.Moves) {
		return nil, fmt.Errorf("a line from move %d: the main line has %d moves", l.From, len(r.Moves))
	}
	s, err := r.Start()
	if err != nil {
		return nil, err
	}
	moves := make([]Move, 0, l.From+len(l.Moves))
	moves = append(moves, r.Moves[:l.From]...)
	for _, p := range l.Moves {
		moves = append(moves, Move{Played: p})
	}
	for i, p := range moves {
		fail := func(err error) (game.State, error) {
			return s, &MoveError{Number: i + 1, Pos: p.Pos, Player: p.Player, Move: p.Move.Format(s.Graph()), Err: err}
		}
		if s.Over() {
			return fail(fmt.Errorf("the game is over (%s)", s.Result()))
		}
		if p.Player != s.ToMove() {
			return fail(fmt.Errorf("it is %s's turn, not %s's", s.ToMove(), p.Player))
		}
		if err := s.Play(p.Move); err != nil {
			return fail(err)
		}
	}
	return s, nil
}
