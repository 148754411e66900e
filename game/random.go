package game

import (
	"fmt"
	"math/rand/v2"
)

// RandomPlayer plays a uniformly random legal move other than a pass, and a
// pass when there is none: the bottom rung of moku's strength ladder.
// Its zero value draws from the global source of math/rand/v2.
type RandomPlayer struct{ Rand *rand.Rand }

// Name returns "random".
func (RandomPlayer) Name() string { return "random" }

// Genmove picks a uniformly random legal move that is not a pass, if any.
func (r RandomPlayer) Genmove(s State) (Move, error) {
	moves := s.LegalMoves(nil)
	choices := moves[:0:0]
	for _, m := range moves {
		if m.Kind != Pass {
			choices = append(choices, m)
		}
	}
	if len(choices) == 0 {
		return PassMove, nil
	}
	if r.Rand == nil {
		return choices[rand.IntN(len(choices))], nil
	}
	return choices[r.Rand.IntN(len(choices))], nil
}

// Reseed makes r's choices those of a RandomPlayer seeded with seed (GTP's
// moku-seed).
func (r RandomPlayer) Reseed(seed uint64) { *r.Rand = *rand.New(rand.NewPCG(seed, 0x6d6f6b75)) }

// Diluted plays a uniformly random legal move (as RandomPlayer) with
// probability Share, and Player's move otherwise: a player whose strength
// lies between the random player's and Player's. Ratings are measured in
// steps through such players (the web app's rating anchors, package
// computer), where the random player loses every game to any search.
type Diluted struct {
	Player Player
	Random RandomPlayer // its Rand also draws whether a move is random
	Share  float64      // 0: always Player's move; 1: always random
}

// Name says what d plays: "mcts 1 playouts, 50% random moves".
func (d Diluted) Name() string {
	return fmt.Sprintf("%s, %g%% random moves", d.Player.Name(), 100*d.Share)
}

// Genmove plays a random move with probability Share, else Player's.
func (d Diluted) Genmove(s State) (Move, error) {
	if d.Random.Rand.Float64() < d.Share {
		return d.Random.Genmove(s)
	}
	return d.Player.Genmove(s)
}

// Reseed restarts d's random choices, and Player's if it has any, from
// seed.
func (d Diluted) Reseed(seed uint64) {
	d.Random.Reseed(seed)
	if r, ok := d.Player.(interface{ Reseed(uint64) }); ok {
		r.Reseed(seed)
	}
}
