package prior

import (
	"math"
)

// Trainer fits the gammas of a generalized Bradley-Terry model to training
// positions by minorization-maximization (Coulom 2007, "Computing Elo
// ratings of move patterns in the game of Go"): in each position the
// legal moves compete, each a team of its features, and the move played
// wins; or, in a position with a Target, each move wins its share of one
// game (a search's share of playouts, fitted as fractional wins). One Step updates the groups in turn; within a group every move has
// at most one feature, so all of the group's gammas are updated at once by
//
//	gamma_f = (W_f + a) / (sum_j C_jf/E_j + 2a/(gamma_f + 1))
//
// where W_f is the number of positions whose played move has f (with
// targets, the sum of the shares of the moves that have f), E_j is
// the sum of the strengths of position j's moves, C_jf is the sum over
// j's moves that have f of their strength without f's gamma, and a is the
// prior (Prior): a virtual win and a virtual loss against a move of
// strength 1 for every feature, weighted a, which keeps the gammas of
// rare features near 1. Each Step never lowers Objective.
type Trainer struct {
	// Prior is the weight a of the prior (Coulom's is 1; 0 fits the data
	// alone, and a feature never seen in a played move goes to 0).
	Prior float64

	Features []Feature // the features, by index
	index    map[Feature]int32
	gamma    []float64 // by feature index
	wins     []float64 // W_f
	feat     []int32   // feat[m*NumGroups+g]: move m's feature of group g, -1 for none
	start    []int32   // position j's moves are start[j]..start[j+1]-1
	played   []int32   // position j's played move (an index into feat's moves)
	// Position j's winners are won[k] for k in wonStart[j]..wonStart[j+1]-1,
	// each an index into feat's moves with its share share[k]: the played
	// move with share 1, or the moves of the position's Target.
	won      []int32
	share    []float64
	wonStart []int32
	strength []float64 // scratch, by move
	c        []float64 // scratch, by feature
}

// NewTrainer returns a trainer for positions, its gammas starting from
// from's where from (which may be nil) has them and from 1 elsewhere.
func NewTrainer(positions []Position, prior float64, from *Model) *Trainer {
	t := &Trainer{Prior: prior, index: map[Feature]int32{}}
	t.start = append(t.start, 0)
	t.wonStart = append(t.wonStart, 0)
	for _, p := range positions {
		first := int32(len(t.feat) / int(NumGroups))
		for i, fs := range p.Moves {
			w := 0.0
			switch {
			case p.Target != nil:
				w = p.Target[i]
			case i == p.Played:
				w = 1
			}
			if i == p.Played {
				t.played = append(t.played, first+int32(i))
			}
			if w > 0 {
				t.won = append(t.won, first+int32(i))
				t.share = append(t.share, w)
			}
			for g, v := range fs {
				k := int32(-1)
				if v != 0 {
					f := Feature{Group(g), v}
					var ok bool
					if k, ok = t.index[f]; !ok {
						k = int32(len(t.Features))
						t.index[f] = k
						t.Features = append(t.Features, f)
						y := 1.0
						if from != nil {
							if z, ok := from.Gamma[f]; ok {
								y = z
							}
						}
						t.gamma = append(t.gamma, y)
						t.wins = append(t.wins, 0)
					}
					t.wins[k] += w
				}
				t.feat = append(t.feat, k)
			}
		}
		t.start = append(t.start, int32(len(t.feat)/int(NumGroups)))
		t.wonStart = append(t.wonStart, int32(len(t.won)))
	}
	t.strength = make([]float64, len(t.feat)/int(NumGroups))
	t.c = make([]float64, len(t.Features))
	return t
}

// Positions returns the number of positions.
func (t *Trainer) Positions() int { return len(t.played) }

// strengths sets t.strength of every move, and returns the sum over the
// positions of the log of the model's probability of the played move (or,
// with targets, of each move weighted by its share).
func (t *Trainer) strengths() float64 {
	ll := 0.0
	for j := range t.played {
		e := 0.0
		for m := t.start[j]; m < t.start[j+1]; m++ {
			s := 1.0
			for _, k := range t.feat[int(m)*int(NumGroups) : int(m+1)*int(NumGroups)] {
				if k >= 0 {
					s *= t.gamma[k]
				}
			}
			t.strength[m] = s
			e += s
		}
		for k := t.wonStart[j]; k < t.wonStart[j+1]; k++ {
			ll += t.share[k] * math.Log(t.strength[t.won[k]]/e)
		}
	}
	return ll
}

// LogLikelihood returns the sum over the positions of the log of the
// probability the model gives the move played (with targets, the sum over
// the moves of their shares times the log of their probabilities).
func (t *Trainer) LogLikelihood() float64 { return t.strengths() }

// Objective returns what MM maximises: LogLikelihood plus the prior's
// log-likelihood, Prior * (log gamma - 2 log(gamma + 1)) summed over the
// features.
func (t *Trainer) Objective() float64 {
	o := t.LogLikelihood()
	if t.Prior > 0 {
		for _, y := range t.gamma {
			o += t.Prior * (math.Log(y) - 2*math.Log(y+1))
		}
	}
	return o
}

// Step makes one MM iteration: the gammas of each group in turn.
func (t *Trainer) Step() {
	for g := Group(0); g < NumGroups; g++ {
		t.stepGroup(g)
	}
}

func (t *Trainer) stepGroup(g Group) {
	t.strengths()
	clear(t.c)
	seen := false
	for j := range t.played {
		e := 0.0
		for m := t.start[j]; m < t.start[j+1]; m++ {
			e += t.strength[m]
		}
		for m := t.start[j]; m < t.start[j+1]; m++ {
			row := t.feat[int(m)*int(NumGroups) : int(m+1)*int(NumGroups)]
			k := row[g]
			if k < 0 {
				continue
			}
			seen = true
			s := 1.0 // the move's strength without its gamma of group g
			for h, kh := range row {
				if kh >= 0 && Group(h) != g {
					s *= t.gamma[kh]
				}
			}
			t.c[k] += s / e
		}
	}
	if !seen {
		return
	}
	for k, f := range t.Features {
		if f.Group != g {
			continue
		}
		den := t.c[k] + 2*t.Prior/(t.gamma[k]+1)
		if den > 0 {
			t.gamma[k] = (t.wins[k] + t.Prior) / den
		}
	}
}

// Model returns the gammas as a model (without its game and notes).
func (t *Trainer) Model() *Model {
	m := &Model{Gamma: make(map[Feature]float64, len(t.Features))}
	for k, f := range t.Features {
		m.Gamma[f] = t.gamma[k]
	}
	return m
}

// Evaluation is how well a model predicts the moves of some positions.
type Evaluation struct {
	Positions int
	// LogLikelihood is the mean over the positions of the log of the
	// probability the model gives the move played.
	LogLikelihood float64
	// Top1 is the share of the positions whose played move the model
	// finds the most probable (ties counted as a share).
	Top1 float64
}

// Evaluate returns how well m predicts the played moves of positions.
func (m *Model) Evaluate(positions []Position) Evaluation {
	var ev Evaluation
	var probs []float64
	for _, p := range positions {
		probs = m.Probabilities(p.Moves, probs)
		if len(probs) == 0 {
			continue
		}
		ev.Positions++
		ev.LogLikelihood += math.Log(probs[p.Played])
		best, ties := 0.0, 0
		for _, q := range probs {
			switch {
			case q > best:
				best, ties = q, 1
			case q == best:
				ties++
			}
		}
		if probs[p.Played] == best {
			ev.Top1 += 1 / float64(ties)
		}
	}
	if ev.Positions > 0 {
		ev.LogLikelihood /= float64(ev.Positions)
		ev.Top1 /= float64(ev.Positions)
	}
	return ev
}
