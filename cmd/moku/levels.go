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
	o := search.DefaultOptions()
	o.Playouts, o.Resign = analysisPlayouts, false
	a, err := search.Search(s, o)
	if err != nil {
		return server.Estimate{}, err
	}
	sign := 1.0
	if s.ToMove() != board.Black {
		sign = -1
	}
	est := server.Estimate{WinRate: a.WinRate, Margin: sign * a.Margin, Ownership: make([]float64, len(a.Ownership))}
	if sign < 0 {
		est.WinRate = 1 - a.WinRate
	}
	for p, v := range a.Ownership {
		est.Ownership[p] = sign * v
	}
	return est, nil
}
