package search

import (
	"fmt"

	"moku/board"
	"moku/game"
	"moku/playout"
)

// Estimate is the search's view of one position of a two-player game,
// from the first player's (Black's) side, whoever is to move: what the web
// app's analysis of a game draws.
type Estimate = game.Estimate

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
	est.WinRates = []float64{est.WinRate, 1 - est.WinRate}
	for p, v := range a.Ownership {
		est.Ownership[p] = sign * v
	}
	return est, nil
}

// Playouts estimates how the game in s ends by random playouts from the
// position as it stands (the tactical policy where the game has one), with
// no tree: each point's owner at the end of each playout is counted. It
// serves to judge which stones are dead once play has stopped (the
// agreement phase, GTP's final_status_list), where a tree search would
// weigh the game-ending pass; and the players' chances in games of three
// or four players, where the search has no view from every side. It
// returns Owners, WinRates and Scores for every game, and Ownership,
// WinRate and Margin (Black's side) for two players. s may be over; it is
// left as it was.
type Playouts struct {
	N    int    // playouts (at least 1)
	Seed uint64 // seed of the random choices
}

// Estimate runs the playouts on s (game.Estimator).
func (e Playouts) Estimate(s game.State) (Estimate, error) {
	if e.N < 1 {
		return Estimate{}, fmt.Errorf("search: %d playouts", e.N)
	}
	b, err := playout.New(s.Rules(), s.Graph())
	if err != nil {
		return Estimate{}, err
	}
	if h, ok := b.(playout.Tactical); ok {
		h.SetHeavy(true)
	}
	n, players := s.Graph().N(), s.Rules().Players
	r := playout.NewRand(e.Seed*0x9e3779b97f4a7c15 + 1)
	owners := make([]game.Shares, n)
	var wins, margin float64
	winRates, scores := make([]float64, players), make([]float64, players)
	for range e.N {
		b.Load(s)
		b.Playout(r)
		score := b.Score() // which also finds each point's owner
		for p := range owners {
			owners[p][b.Owner(p)]++
		}
		reward := playout.Winners(score, players)
		for c := range players {
			winRates[c] += reward[c+1]
			scores[c] += score[c+1]
		}
		if players == 2 {
			wins += reward[board.Black]
			margin += score[board.Black] - score[board.White]
		}
	}
	for c := range players {
		winRates[c] /= float64(e.N)
		scores[c] /= float64(e.N)
	}
	est := Estimate{Owners: owners, WinRates: winRates, Scores: scores}
	for p := range owners {
		for c := range owners[p] {
			owners[p][c] /= float64(e.N)
		}
	}
	if players == 2 {
		est.WinRate, est.Margin = wins/float64(e.N), margin/float64(e.N)
		est.Ownership = make([]float64, n)
		for p := range owners {
			est.Ownership[p] = owners[p][board.Black] - owners[p][board.White]
		}
	}
	return est, nil
}

// OwnerPlayouts is the number of playouts by which Owners estimates a
// position's owners: the learned priors' Owner feature is read from them,
// in training (moku learn --owners) as in the search.
const OwnerPlayouts = 64

// Owners returns each point's owners at the end of OwnerPlayouts playouts
// from s (Playouts.Estimate's Owners), or nil if the game has no fast
// board. The search gives them to the learned priors when the model has
// an Owner feature (prior.Extractor.SetOwners): every node of a search is
// read with the owners of its root.
func Owners(s game.State, seed uint64) []game.Shares {
	est, err := Playouts{N: OwnerPlayouts, Seed: seed}.Estimate(s)
	if err != nil {
		return nil
	}
	return est.Owners
}
