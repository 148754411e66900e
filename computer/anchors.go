package computer

import "moku/rating"

// The computer levels are the fixed points of the web app's ratings: a
// rated game against the computer moves the person's rating against the
// level's anchor, never the anchor. The random player is fixed at
// RandomRating; each playout level sits above it by its Elo over the
// random player in matches between the levels on the game's default web
// board (the ladder's method, docs/results.md#ladder). The Elo and Glicko
// scales are the same (a difference of 400 is odds of 10 to 1), so the
// Elo adds to the rating as it is.
//
// Levels defined by time ("2 s a move") have no anchor: their strength
// depends on the machine and its load. A game with a computer seat at
// such a level cannot be rated.
//
// To measure a game's anchors again, play each level against the one
// below (100 games each, colours alternating) and fit them:
//
//	moku match --game keil --board hex:5 --games 100 --out results/ladder/keil5/1k-random \
//	    --engine1 "moku gtp --game keil --board hex:5 --playouts 1000" \
//	    --engine2 "moku gtp --game keil --board hex:5 --player random"
//	moku ladder results/ladder/keil5
//
// (the same with 10k against 1k, on each game's web board: Keil hex:5,
// Kee 9x9, Ki 11x11, Go 9x9), and copy the rungs' Elo into Anchors.
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
	// Source says how Elo was found; "provisional" marks an estimate
	// waiting for a measurement on the web's own settings.
	Source string
}

// Anchors are the anchors of the playout levels by game name ("keil",
// "kee", "ki", "go") and level. Every figure is provisional for now: the
// ladder of docs/results.md (24 November 2026) played light playouts
// (--heavy=false), the web's levels play heavy ones; and where a rung
// never lost to the one below the ladder gives only a lower bound ("≥"),
// used as the value, so those anchors are low. Three- and four-player Kee
// use the two-player anchors (the ladder's three-player Kee 7x7 rungs,
// +124 and +281, measure another kind of game).
var Anchors = map[string]map[string]Anchor{
	"keil": { // the ladder's Keil side 5 (hex:5, the web board)
		"1k playouts":  {685, 150, "provisional: ladder keil5, light playouts, at least +685"},
		"10k playouts": {1089, 150, "provisional: ladder keil5, light playouts, at least +1089"},
	},
	"kee": { // the ladder's Kee 9x9, two players (the web board)
		"1k playouts":  {685, 150, "provisional: ladder kee9, light playouts, at least +685"},
		"10k playouts": {1612, 150, "provisional: ladder kee9, light playouts, at least +1612"},
	},
	"ki": { // the ladder's Ki 11x11 (the web board)
		"1k playouts":  {685, 150, "provisional: ladder ki11, light playouts, at least +685"},
		"10k playouts": {1612, 150, "provisional: ladder ki11, light playouts, at least +1612"},
	},
	"go": { // not measured: Kee 9x9's figures, Go on the same board
		"1k playouts":  {685, 200, "provisional estimate: not measured, Kee 9x9's"},
		"10k playouts": {1612, 200, "provisional estimate: not measured, Kee 9x9's"},
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
