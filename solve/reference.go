package solve

import (
	"math"

	"moku/board"
	"moku/game"
)

// Reference returns the exact value (Black's margin) of st by plain
// alpha-beta over the engine's own legal moves, with the engine's own
// full-history rules: no transposition table, no symmetry, no repetition
// handling of the solver's. It is the yardstick the solver is tested
// against. It gives up (ok false) after maxNodes nodes or at depth maxPly.
// st is left as it was.
func Reference(st game.State, maxNodes int64, maxPly int) (value float64, nodes int64, ok bool) {
	ref := &reference{st: st, max: maxNodes, maxPly: maxPly}
	v := ref.search(math.Inf(-1), math.Inf(1), 0)
	return v, ref.nodes, !ref.gaveUp
}

// ReferenceVerify checks with the same plain search whether st's value is
// exactly v, by two null-window searches (value > v-0.25 and value < v+0.25:
// margins are multiples of 0.5). It is cheaper than Reference and as exact.
func ReferenceVerify(st game.State, v float64, maxNodes int64, maxPly int) (equal bool, nodes int64, ok bool) {
	ref := &reference{st: st, max: maxNodes, maxPly: maxPly}
	lo := ref.search(v-0.25, v, 0) // fail-soft: >= v means value >= v
	hi := ref.search(v, v+0.25, 0) // <= v means value <= v
	return lo >= v && hi <= v, ref.nodes, !ref.gaveUp
}

type reference struct {
	st     game.State
	nodes  int64
	max    int64
	maxPly int
	gaveUp bool
}

func (r *reference) search(alpha, beta float64, ply int) float64 {
	r.nodes++
	if r.st.Over() {
		res := r.st.Result()
		return res.Score[board.Black] - res.Score[board.White]
	}
	if r.nodes > r.max || ply >= r.maxPly {
		r.gaveUp = true
		return 0
	}
	maximize := r.st.ToMove() == board.Black
	v := math.Inf(1)
	if maximize {
		v = math.Inf(-1)
	}
	moves := r.st.LegalMoves(nil)
	// Passes first: lines then end soon, which keeps alpha-beta small.
	for i, m := range moves {
		if m.Kind == game.Pass {
			copy(moves[1:i+1], moves[:i])
			moves[0] = m
		}
	}
	for _, m := range moves {
		if err := r.st.Play(m); err != nil {
			panic(err)
		}
		w := r.search(alpha, beta, ply+1)
		r.st.Undo()
		if r.gaveUp {
			return 0
		}
		if maximize {
			v = math.Max(v, w)
			alpha = math.Max(alpha, v)
		} else {
			v = math.Min(v, w)
			beta = math.Min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	return v
}
