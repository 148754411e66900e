package main

import (
	"fmt"
	"math/rand/v2"
	"time"

	"moku/board"
	"moku/game"
	"moku/gtp"
	"moku/rules"
	"moku/search"
	"moku/server"
)

// computerLevels are the strengths the web app offers for computer seats,
// weakest first: the random player, then the search at growing budgets.
var computerLevels = []string{"random", "1k playouts", "10k playouts", "2 s a move"}

// computerPlayer returns the computer player of a level.
func computerPlayer(level string, r rules.Ruleset) (gtp.Player, error) {
	o := search.DefaultOptions()
	o.Seed = uint64(time.Now().UnixNano())
	switch level {
	case "random":
		return gtp.RandomPlayer{Rand: rand.New(rand.NewPCG(o.Seed, 1))}, nil
	case "1k playouts":
		o.Playouts = 1000
	case "10k playouts":
		o.Playouts = 10000
	case "2 s a move":
		o.Playouts, o.Time = 0, 2*time.Second
	default:
		return nil, fmt.Errorf("unknown level %q (known: random, 1k playouts, 10k playouts, 2 s a move)", level)
	}
	return search.New(o), nil
}

// analysisPlayouts is the search budget of each position in the web app's
// analysis of a game.
const analysisPlayouts = 600

// analyzePosition estimates a position of a two-player game for the web
// app's analysis, from Black's side.
func analyzePosition(s game.State) (server.Estimate, error) {
	return search.EstimateBlack(s, analysisPlayouts)
}

// pieOptions are the search limits of a level's komi-pie decisions: the
// random level decides with a small search, the others with their own.
func pieOptions(level string) search.Options {
	o := search.DefaultOptions()
	o.Seed, o.Resign = uint64(time.Now().UnixNano()), false
	switch level {
	case "10k playouts":
		o.Playouts = 10000
	case "2 s a move":
		o.Playouts, o.Time = 0, 2*time.Second
	default:
		o.Playouts = 1000
	}
	return o
}

// pieKomi is the komi a computer seat names in Keil's komi pie: the one
// its search believes balances the game.
func pieKomi(level string, s game.State) (float64, error) {
	p, err := search.ProposeKomi(s, pieOptions(level))
	return p.Komi, err
}

// pieColor is the colour a computer seat chooses once the komi is named:
// the one its search believes the better.
func pieColor(level string, s game.State, komi float64) (board.Color, error) {
	c, _, err := search.ChooseColor(s, komi, pieOptions(level))
	return c, err
}
