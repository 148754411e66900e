package prior

import (
	"moku/board"
	"moku/game"
)

// ladderBudget caps the placements one ladder reading may try; a reading
// that reaches it counts the group as escaping.
const ladderBudget = 400

// ladder reads ladders on a game of two players, by playing on the rules
// engine: whose turn it is alternates, so attacker and defender take turns
// as in the game.
type ladder struct {
	s       game.State
	grouped game.Grouped
	left    int // placements the reading may still try
}

// escapes reports whether the group on g, of the player to move, with one
// liberty, can be saved: by capturing a group next to it that has one
// liberty, or by extending on its liberty to three liberties or more, or
// to two from which no atari of the other player captures it (read the
// same way). It leaves s as it was.
func (l *ladder) escapes(g int) bool {
	stones, libs := l.grouped.Group(g)
	if len(libs) != 1 {
		return len(libs) > 1
	}
	if l.left <= 0 {
		return true
	}
	defender := l.s.At(g)
	gr := l.s.Graph()
	for _, q := range stones {
		for _, n := range gr.Neighbors(q) {
			if c := l.s.At(int(n)); c != board.Empty && c != defender {
				if _, nl := l.grouped.Group(int(n)); len(nl) == 1 {
					return true // capturing a neighbour in atari
				}
			}
		}
	}
	l.left--
	if l.s.Play(game.At(libs[0])) != nil {
		return false
	}
	defer l.s.Undo()
	return !l.captures(g)
}

// captures reports whether the player to move, attacking the group on g
// (of the other player), captures it by an atari on one of its two
// liberties from which it cannot escape. A group with three liberties or
// more is not captured, one with one is.
func (l *ladder) captures(g int) bool {
	_, libs := l.grouped.Group(g)
	switch {
	case len(libs) == 0:
		return true
	case len(libs) == 1:
		return true
	case len(libs) > 2:
		return false
	}
	for _, a := range libs {
		if l.left <= 0 {
			return false
		}
		l.left--
		if l.s.Play(game.At(a)) != nil {
			continue
		}
		caught := l.s.At(g) == board.Empty
		if !caught {
			_, after := l.grouped.Group(g)
			caught = len(after) == 1 && !l.escapes(g)
		}
		l.s.Undo()
		if caught {
			return true
		}
	}
	return false
}
