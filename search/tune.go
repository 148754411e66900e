package search

import (
	"moku/board"
	"moku/rules"
)

// Tune returns o as it plays a position of ruleset r on graph g: with
// o.Tuned, and where moku has measured settings stronger than the
// defaults for that game and board, those settings in place of o's own
// (and Tuned off, so that tuning again changes nothing); o as it is
// otherwise.
//
// Measured so far: two-player Go on the 9x9 square, where the learned
// priors in Pachi's shape and the kept tree (Learned, LearnedSqrt,
// LearnedGames 210, PriorEven 14, KeepTree) are the strongest settings
// found against Pachi and beat the hand-set priors (docs/results.md,
// "Learned priors"). Other games and boards keep o's settings: the
// learned priors of Keil, for one, lost to the hand-set ones at 1 s a
// move.
func (o Options) Tune(r rules.Ruleset, g *board.Graph) Options {
	if !o.Tuned {
		return o
	}
	o.Tuned = false
	if w, h := g.Size(); r.Game != "go" || r.Players != 2 || g.Kind() != "rect" || w != 9 || h != 9 || !HasLearned(r, g) {
		return o
	}
	o.Learned, o.LearnedSqrt, o.KeepTree = true, true, true
	o.LearnedGames, o.PriorEven = 210, 14
	return o
}
