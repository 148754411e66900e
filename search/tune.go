package search

import (
	"fmt"

	"moku/board"
	"moku/rules"
)

// A tuning is a set of the search's settings measured stronger than the
// defaults for one game on one board.
type tuning struct {
	game    string // rules.Ruleset.Game
	players int
	board   string // "9x9" (a rectangle) or "hex:7" (a hexhex): see boardOf
	apply   func(*Options)
}

// tunings are the tunings measured so far (docs/engine.md, "Tuned
// defaults", says by which matches).
var tunings = []tuning{
	// The learned priors in Pachi's shape and the kept tree (90-10
	// against the hand-set priors without the kept tree at 3000
	// playouts a move), with Pachi's distance-weighted AMAF and false
	// eyes told from eyes in the tree: 205-195 against Pachi at 1 s a
	// move over two matches, where the kept tree and the priors alone
	// scored 101-99: as strong, and right where a lost game showed the
	// search blind without them.
	{"go", 2, "9x9", goShape},
	// Go's tuning on Ki 11x11: with Ki's second weights (large shapes)
	// 77-23 (+210 Elo, +130 to +290) against commit 40a6e41 at 1 s a
	// move; with the first 69-31 (+139), where the learned priors alone
	// (learned on Ki 11x11 from the hand-set search's games, +191 Elo
	// over the hand-set priors at 1000 playouts a move) scored 89-60.
	{"ki", 2, "11x11", pachiShape},
	// Go's tuning on two-player Kee 9x9: the learned priors in Pachi's
	// shape (with Go's weights, prior.Borrows) and the kept tree, 72-28
	// (+164 Elo, +89 to +239) against commit 40a6e41 at 1 s a move;
	// with Kee's own weights of before 63-37, the learned priors alone
	// 56-44.
	{"kee", 2, "9x9", pachiShape},
	// Go's tuning on Keil side 7, with Keil's third weights (large shapes
	// on the hexhex, learned on sides 5 and 7): 80-20 (+241 Elo, +157 to
	// +325) against commit 40a6e41 at 1 s a move; with the first (learned
	// on side 5, no large shapes) 65-35 (+108), where the learned priors
	// alone lost 13-23 and the hand-set priors (the defaults) scored
	// 51-49.
	{"keil", 2, "hex:7", pachiShape},
	// The learned priors in Pachi's shape (Go's weights, prior.Borrows)
	// on three-player Kee 7x7, without the kept tree, which gained
	// nothing there: first place in 45.4% of 119 games (36.7-54.3%)
	// against two players of commit 40a6e41 at 1 s a move, where the
	// defaults took 38.2% of 102.
	{"kee", 3, "7x7", learnedShape},
}

// pachiShape is the tuning of the two-player games: the learned priors
// in the shape of Pachi's pattern prior, and the kept tree.
func pachiShape(o *Options) {
	learnedShape(o)
	o.KeepTree = true
}

// goShape is the tuning of 9x9 Go: pachiShape, with each AMAF game
// weighed by how soon its move came (DistanceRave 3, as Pachi's
// distance_rave) and the fill of a false eye started from the priors of
// any placement (FalseEyes): together they let the search try a move
// its playouts play anyway, such as the fill that joins two chains
// through a false eye. Those two were measured with the kept tree
// only: with ForgetTree (the web app's levels, whose rating anchors were
// measured so) the tuning is pachiShape's alone.
func goShape(o *Options) {
	pachiShape(o)
	if !o.ForgetTree {
		o.DistanceRave, o.FalseEyes = 3, true
	}
}

// learnedShape is the learned priors in the shape of Pachi's pattern
// prior: every move starts with 14 even games and 210 times the square
// root of its probability in won games.
func learnedShape(o *Options) {
	o.Learned, o.LearnedSqrt = true, true
	o.LearnedGames, o.PriorEven = 210, 14
}

// Tune returns o as it plays a position of ruleset r on graph g: with
// o.Tuned, and where moku has measured settings stronger than the
// defaults for that game and board (so far two-player Go and Kee on the
// 9x9 square, Ki on the 11x11, Keil on the hexhex of side 7 and
// three-player Kee on the 7x7 square), those
// settings in place of o's own (but KeepTree, with ForgetTree), and Tuned
// off, so that tuning again changes nothing; o as it is otherwise. Other
// boards keep o's settings: they have not been measured (Keil side 5,
// the web's board, for one).
func (o Options) Tune(r rules.Ruleset, g *board.Graph) Options {
	if !o.Tuned {
		return o
	}
	o.Tuned = false
	b := boardOf(g)
	for _, t := range tunings {
		if r.Game == t.game && r.Players == t.players && b == t.board && HasLearned(r, g) {
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

// In returns o as the search plays it on a position of ruleset r on
// graph g: tuned (Tune), the tactical playouts on only where the game has
// them (HasTactics) and the learned priors only where moku embeds weights
// for it (HasLearned), so that a Player's Name says what it plays there.
func (o Options) In(r rules.Ruleset, g *board.Graph) Options {
	o = o.Tune(r, g)
	o.Heavy = o.Heavy && HasTactics(r, g)
	o.Learned = o.Learned && HasLearned(r, g)
	return o
}

// boardOf names the rectangle or hexhex g ("9x9", "hex:7") however it
// was given, and "" for any other board: a tuning is measured on one.
func boardOf(g *board.Graph) string {
	switch g.Kind() {
	case "rect":
		w, h := g.Size()
		return fmt.Sprintf("%dx%d", w, h)
	case "hex":
		return fmt.Sprintf("hex:%d", g.Side())
	}
	return ""
}
