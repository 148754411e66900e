package computer

import "moku/rating"

// The computer levels are the fixed points of the web app's ratings: a
// rated game against the computer moves the person's rating against the
// level's anchor, never the anchor. The random player is fixed at
// RandomRating; each playout level sits above it by its Elo over the
// random player, fitted by moku ladder (one maximum-likelihood fit of
// all the games, docs/results.md#ladder) from matches on the game's web
// board with the web's own settings (heavy playouts, one thread). The Elo
// and Glicko scales are the same (a difference of 400 is odds of 10 to
// 1), so the Elo adds to the rating as it is.
//
// The random player loses every game to the search at one playout a move,
// so the matches climb in steps that each lose some games: the search at
// one playout with 75%, 50% and 25% of its moves random (game.Diluted,
// moku gtp --random-moves), then 1, 3, 10, 30, 100, 300, 1k, 3k, 10k and
// 30k playouts a move, each against the one below, 30 games a pairing.
// The levels of the games in Tuned, which play the tuned search, are
// rungs of their own: the tuned 1k against the untuned 3k, the tuned 10k
// against the tuned 1k and the tuned 30k against the tuned 10k.
// To measure them again:
//
//	go build -o /tmp/moku-anchor ./cmd/moku
//	results/anchors/queue.sh /tmp/moku-anchor
//	moku ladder results/anchors/go9 results/anchors/keil5 results/anchors/kee9 results/anchors/ki11
//
// and copy each level's rung into Anchors, its deviation the width of its
// 95% interval over 2 × 1.96, at most MaxAnchorDeviation.
//
// Levels defined by time ("2 s a move", retired) have no anchor: their
// strength depends on the machine and its load. A game with a computer
// seat at such a level cannot be rated.
const (
	// RandomRating is the rating of the random player in every game.
	RandomRating = 1000
	// RandomDeviation is its deviation: small, the random player's
	// strength being what it is by definition.
	RandomDeviation = 30
)

// Anchor is a level's fixed rating in one game, and where it comes from.
type Anchor struct {
	Elo       float64 // above the random player
	Deviation float64 // the rating deviation the anchor is given
	// Source says where Elo comes from: the fit and its 95% interval.
	Source string
}

// MaxAnchorDeviation caps an anchor's deviation at a new player's: the
// chain of rungs from the random player makes wide intervals, which are
// mostly the uncertainty of the whole chain's offset, shared by every
// level of the game.
const MaxAnchorDeviation = 350

// Anchors are the anchors of the playout levels by game name ("keil",
// "kee", "ki", "go") and level, from the anchor matches of 25 November
// 2026 and, for the tuned levels of Go and Keil's 30k, of 27 November,
// for the tuned levels of Ki of 28 November with Ki's second weights
// (results/anchors,
// docs/results.md#rating-anchors). Three- and
// four-player Kee use the two-player anchors.
var Anchors = map[string]map[string]Anchor{
	"keil": { // Keil side 5 (hex:5)
		"1k playouts":  {2258, 302, "results/anchors/keil5: +2258 (+1690 to +2872)"},
		"10k playouts": {2608, 320, "results/anchors/keil5: +2608 (+2003 to +3256)"},
		"30k playouts": {2755, 327, "results/anchors/keil5: +2755 (+2135 to +3417)"},
	},
	"kee": { // Kee 9x9, two players
		"1k playouts":  {2703, 328, "results/anchors/kee9: +2703 (+2114 to +3398)"},
		"10k playouts": {3184, 346, "results/anchors/kee9: +3184 (+2556 to +3911)"},
		"30k playouts": {3464, 350, "results/anchors/kee9: +3464 (at least +2814; 25-5 against 10k)"},
	},
	"ki": { // Ki 11x11, tuned (Tuned)
		"1k playouts":  {2526, 321, "results/anchors/ki11: +2526 (+1953 to +3212), tuned"},
		"10k playouts": {3000, 330, "results/anchors/ki11: +3000 (+2407 to +3701), tuned"},
		"30k playouts": {3241, 339, "results/anchors/ki11: +3241 (+2628 to +3957), tuned"},
	},
	"go": { // Go 9x9, tuned (Tuned)
		"1k playouts":  {2854, 350, "results/anchors/go9: +2854 (+2202 to +3631), tuned"},
		"10k playouts": {3439, 350, "results/anchors/go9: +3439 (at least +2715), tuned"},
		"30k playouts": {3601, 350, "results/anchors/go9: +3601 (at least +2869; 43-17 against 10k), tuned"},
	},
}

// AnchorOf returns the fixed rating of the computer at level in the game
// named gameName, and false for a level without one (a level of time, or
// unknown).
func AnchorOf(gameName, level string) (rating.Glicko, bool) {
	if level == "random" {
		return rating.Glicko{Rating: RandomRating, Deviation: RandomDeviation, Volatility: rating.NewVolatility}, true
	}
	a, ok := Anchors[gameName][level]
	if !ok {
		return rating.Glicko{}, false
	}
	return rating.Glicko{Rating: RandomRating + a.Elo, Deviation: a.Deviation, Volatility: rating.NewVolatility}, true
}
