package main

import (
	"fmt"
	"math/rand/v2"
	"time"

	"moku/gtp"
	"moku/rules"
	"moku/search"
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
