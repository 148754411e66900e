package search

import (
	"moku/board"
	"moku/rules"
)

// A tuning is a set of the search's settings measured stronger than the
// defaults for one game on one rectangle.
type tuning struct {
	game          string // rules.Ruleset.Game
	players       int
	width, height int
	apply         func(*Options)
}

// tunings are the tunings measured so far (docs/engine.md, "Tuned
// defaults", says by which matches).
var tunings = []tuning{
	// The learned priors in Pachi's shape and the kept tree: the
	// strongest settings found against Pachi: 90-10 against the
	// hand-set priors without the kept tree at 3000 playouts a move.
	{"go", 2, 9, 9, pachiShape},
	// The learned priors, learned on Ki 11x11 from the hand-set
	// search's games: +191 Elo over the hand-set priors at 1000 playouts
	// a move, and 89-60 against commit 40a6e41 at 1 s a move.
	{"ki", 2, 11, 11, func(o *Options) { o.Learned = true }},
	// Go's tuning on two-player Kee 9x9: the learned priors in Pachi's
	// shape and the kept tree, 63-37 (+92 Elo, +22 to +163) against
	// commit 40a6e41 at 1 s a move, where the learned priors alone scored
	// 56-44.
	{"kee", 2, 9, 9, pachiShape},
}

// pachiShape is the tuning of 9x9 Go and two-player Kee 9x9: the learned
// priors in the shape of Pachi's pattern prior, and the kept tree.
func pachiShape(o *Options) {
	o.Learned, o.LearnedSqrt, o.KeepTree = true, true, true
	o.LearnedGames, o.PriorEven = 210, 14
}

// Tune returns o as it plays a position of ruleset r on graph g: with
// o.Tuned, and where moku has measured settings stronger than the
// defaults for that game and board (so far two-player Go and Kee on the
// 9x9 square and Ki on the 11x11), those settings in place of o's own (but
// KeepTree, with ForgetTree), and Tuned off, so that tuning again changes
// nothing; o as it is otherwise. Other games keep
// o's settings: the learned priors of Keil, for one, lost to the
// hand-set ones at 1 s a move.
func (o Options) Tune(r rules.Ruleset, g *board.Graph) Options {
	if !o.Tuned {
		return o
	}
	o.Tuned = false
	w, h := g.Size()
	for _, t := range tunings {
		if r.Game == t.game && r.Players == t.players && g.Kind() == "rect" && w == t.width && h == t.height && HasLearned(r, g) {
			keep := o.KeepTree
			t.apply(&o)
			if o.ForgetTree {
				o.KeepTree = keep
			}
			return o
		}
	}
	return o
}
