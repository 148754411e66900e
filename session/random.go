package session

import (
	"moku/board"
	"moku/game"
)

// Random is the computer at its weakest: random moves (game.RandomPlayer),
// a komi of 0, white when the komi is at least ½, and an estimate that
// takes the board as it stands (it knows no life and death, so it holds
// every stone alive).
type Random struct{ game.RandomPlayer }

// ProposeKomi returns 0.
func (Random) ProposeKomi(game.State) (float64, error) { return 0, nil }

// ChooseColor returns white if komi is at least ½, else black.
func (Random) ChooseColor(_ game.State, komi float64) (board.Color, error) {
	if komi >= 0.5 {
		return board.White, nil
	}
	return board.Black, nil
}

// Estimate gives each point to the player it counts for as the board
// stands.
func (Random) Estimate(s game.State) (game.Estimate, error) {
	n := s.Graph().N()
	owners := make([]board.Color, n)
	for p := range owners {
		owners[p] = s.At(p)
	}
	if o, ok := s.(game.Owned); ok {
		owners = o.Owners(owners[:0])
	}
	est := game.Estimate{Owners: make([]game.Shares, n)}
	for p, c := range owners {
		est.Owners[p][c] = 1
	}
	return est, nil
}
