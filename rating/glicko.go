package rating

import "math"

// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012): the
// rating of players who play rated games one rating period after another,
// each with a rating, a rating deviation (how uncertain the rating is) and
// a volatility (how much it is expected to move). moku rates the players
// of its web app this way; Fit above is for the ladder of its engines.

// Glicko2Scale converts between the Glicko scale (ratings around 1500) and
// the Glicko-2 scale.
const Glicko2Scale = 173.7178

// The rating of a new player.
const (
	NewRating     = 1500
	NewDeviation  = 350
	NewVolatility = 0.06
)

// DefaultTau constrains the change of volatility over time (Glickman
// suggests 0.3 to 1.2).
const DefaultTau = 0.5

// Glicko is a player's Glicko-2 rating on the Glicko scale.
type Glicko struct {
	Rating     float64 // 1500 for a new player
	Deviation  float64 // the rating deviation, RD: 350 for a new player
	Volatility float64 // sigma: 0.06 for a new player
}

// NewGlicko returns the rating of a new player.
func NewGlicko() Glicko {
	return Glicko{Rating: NewRating, Deviation: NewDeviation, Volatility: NewVolatility}
}

// Outcome is one game of a rating period: the opponent's rating at the
// start of the period and the player's score (1 a win, 0.5 a draw, 0 a
// loss).
type Outcome struct {
	Opponent Glicko
	Score    float64
}

// glickoEpsilon is the convergence tolerance of the volatility iteration.
const glickoEpsilon = 1e-6

// Update returns p's rating after a rating period in which it played the
// games of outcomes, tau constraining the volatility. A period without
// games only widens the deviation.
func (p Glicko) Update(outcomes []Outcome, tau float64) Glicko {
	mu := (p.Rating - NewRating) / Glicko2Scale
	phi := p.Deviation / Glicko2Scale
	sigma := p.Volatility
	if len(outcomes) == 0 {
		return Glicko{Rating: p.Rating, Deviation: math.Sqrt(phi*phi+sigma*sigma) * Glicko2Scale, Volatility: sigma}
	}
	var vInv, sum float64
	for _, o := range outcomes {
		muJ := (o.Opponent.Rating - NewRating) / Glicko2Scale
		g := glickoG(o.Opponent.Deviation / Glicko2Scale)
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		vInv += g * g * e * (1 - e)
		sum += g * (o.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	sigma = newVolatility(phi, v, delta, sigma, tau)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Glicko{Rating: Glicko2Scale*muNew + NewRating, Deviation: Glicko2Scale * phiNew, Volatility: sigma}
}

// glickoG weighs a game by the opponent's deviation phi (Glicko-2 scale).
func glickoG(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// newVolatility is step 5 of Glicko-2: the Illinois algorithm on f.
func newVolatility(phi, v, delta, sigma, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > glickoEpsilon {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// RankOutcomes turns one game of several players into two-player
// outcomes, the method moku uses to rate three- and four-player games:
// each player is scored against every other as if they had played each
// other, 1 for a better rank, 0.5 for the same, 0 for a worse one. rank
// and ratings are indexed by player (rank 1 is first); the result lists
// each player's outcomes against the others' ratings before the game.
func RankOutcomes(rank []int, ratings []Glicko) [][]Outcome {
	out := make([][]Outcome, len(rank))
	for i := range rank {
		for j := range rank {
			if i == j {
				continue
			}
			s := 0.5
			switch {
			case rank[i] < rank[j]:
				s = 1
			case rank[i] > rank[j]:
				s = 0
			}
			out[i] = append(out[i], Outcome{Opponent: ratings[j], Score: s})
		}
	}
	return out
}
