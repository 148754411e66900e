package game

import "math/rand/v2"

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
