package search

import (
	"testing"

	"moku/board"
	"moku/game"
	"moku/playout"
)

// TestAmafWeight: with Options.DistanceRave d, a move first played right
// below a node counts about d AMAF games and one at the game's end 1, as
// Pachi's distance_rave; d = 1 counts every game once.
func TestAmafWeight(t *testing.T) {
	for _, c := range []struct {
		dist  int
		at, n int32
		want  int64
	}{
		{3, 0, 60, 3},  // 1 + 180/61
		{3, 30, 60, 2}, // 1 + 90/61
		{3, 59, 60, 1}, // 1 + 3/61
		{3, 0, 1, 2},   // 1 + 3/2
		{3, 0, 5, 3},   // 1 + 15/6
		{3, 4, 5, 1},   // 1 + 3/6
		{1, 0, 60, 1},
		{4, 0, 60, 4},
		{3, -1, 60, 1}, // out of the game: once
		{3, 60, 60, 1},
	} {
		if got := amafWeight(c.dist, c.at, c.n); got != c.want {
			t.Errorf("amafWeight(%d, %d, %d) = %d, want %d", c.dist, c.at, c.n, got, c.want)
		}
	}
}

// TestAMAF: a playout's AMAF games go to the children, of every node on
// the path, whose move their player made first below the node, in the
// tree or in the playout; not to a move the other player made there
// first, nor to a pass. With DistanceRave 3 each counts as many times as
// amafWeight says; with 0 (and 1) once.
//
// The game below the root: Black a1 (the tree), then the playout's White
// b2, Black a2, White c2, Black a3.
func TestAMAF(t *testing.T) {
	const a1, a2, a3, b2, c2 = 0, 1, 2, 4, 5
	for _, c := range []struct {
		dist int
		want map[string]int64 // AMAF games of each child
	}{
		// Below the root the game has 5 moves: a1 is move 0, a2 move 2,
		// a3 move 4; below a1, 4 moves: b2 move 0, c2 move 2.
		{3, map[string]int64{"root a1": 3, "root a2": 2, "root a3": 1, "a1 b2": 3, "a1 c2": 2}},
		{1, map[string]int64{"root a1": 1, "root a2": 1, "root a3": 1, "a1 b2": 1, "a1 c2": 1}},
		{0, map[string]int64{"root a1": 1, "root a2": 1, "root a3": 1, "a1 b2": 1, "a1 c2": 1}},
	} {
		root := newNode(game.PassMove, board.White, 0, 0)
		ka1, ka2, ka3 := newNode(game.At(a1), board.Black, 0, 0), newNode(game.At(a2), board.Black, 0, 0), newNode(game.At(a3), board.Black, 0, 0)
		kpass := newNode(game.PassMove, board.Black, 0, 0)
		rootKids := []*node{ka1, ka2, ka3, kpass}
		root.children.Store(&rootKids)
		kb2, kc2, wa2 := newNode(game.At(b2), board.White, 0, 0), newNode(game.At(c2), board.White, 0, 0), newNode(game.At(a2), board.White, 0, 0)
		a1Kids := []*node{kb2, kc2, wa2}
		ka1.children.Store(&a1Kids)

		tr := &tree{opt: Options{DistanceRave: c.dist}, players: 2}
		w := &worker{path: []*node{root, ka1}, seen: make([]board.Color, 9), seenAt: make([]int32, 9)}
		steps := []playout.Step{{Point: b2, Color: board.White}, {Point: a2, Color: board.Black}, {Point: c2, Color: board.White}, {Point: a3, Color: board.Black}}
		var units [board.MaxPlayers + 1]int64
		units[board.Black] = unit // Black won
		tr.amaf(w, steps, units)

		got := map[string]*node{"root a1": ka1, "root a2": ka2, "root a3": ka3, "root pass": kpass, "a1 b2": kb2, "a1 c2": kc2, "a1 white a2": wa2}
		for name, k := range got {
			want := c.want[name]
			wantWins := want
			if k.player == board.White {
				wantWins = 0
			}
			if n, w := k.amafN.Load(), k.amafWins.Load(); n != want*unit || w != wantWins*unit {
				t.Errorf("distance %d, %s: %d AMAF games, %d won; want %d, %d", c.dist, name, n/unit, w/unit, want, wantWins)
			}
		}
	}
}
