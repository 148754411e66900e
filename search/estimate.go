package search

import (
	"moku/board"
	"moku/game"
)

// Estimate is the search's view of one position of a two-player game,
// from the first player's (Black's) side, whoever is to move: what the web
// app's analysis of a game draws.
type Estimate struct {
	WinRate   float64   `json:"winRate"`   // Black's chance of winning, 0..1
	Margin    float64   `json:"margin"`    // Black's expected score minus White's
	Ownership []float64 `json:"ownership"` // per point: +1 Black's, -1 White's
}

// EstimateBlack searches position s of a two-player game with the default
// player's settings, the whole budget of playouts and no resignation, and
// returns what it found from Black's side.
func EstimateBlack(s game.State, playouts int) (Estimate, error) {
	o := DefaultOptions()
	o.Playouts, o.Resign, o.StopEarly = playouts, false, false
	a, err := Search(s, o)
	if err != nil {
		return Estimate{}, err
	}
	sign := 1.0
	if s.ToMove() != board.Black {
		sign = -1
	}
	est := Estimate{WinRate: a.WinRate, Margin: sign * a.Margin, Ownership: make([]float64, len(a.Ownership))}
	if sign < 0 {
		est.WinRate = 1 - a.WinRate
	}
	for p, v := range a.Ownership {
		est.Ownership[p] = sign * v
	}
	return est, nil
}
