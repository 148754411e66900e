package solve

import (
	"math"
	"sort"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// Reference returns the exact value (Black's margin) of st by plain
// alpha-beta over the engine's own legal moves, with the engine's own
// full-history rules: no transposition table, no symmetry, no repetition
// handling of the solver's, no bounds; moves are only ordered (passes that
// may end the game first, then captures and other tactics, see order). It is the yardstick the solver is tested
// against. It gives up (ok false) after maxNodes nodes or at depth maxPly.
// st is left as it was.
func Reference(st game.State, maxNodes int64, maxPly int) (value float64, nodes int64, ok bool) {
	ref := newReference(st, maxNodes, maxPly)
	v := ref.search(math.Inf(-1), math.Inf(1), 0)
	return v, ref.nodes, !ref.gaveUp
}

// ReferenceVerify checks with the same plain search whether st's value is
// exactly v, by two null-window searches (value > v-0.25 and value < v+0.25:
// margins are multiples of 0.5). It is cheaper than Reference and as exact.
func ReferenceVerify(st game.State, v float64, maxNodes int64, maxPly int) (equal bool, nodes int64, ok bool) {
	ref := newReference(st, maxNodes, maxPly)
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
	tact   *tactician // move ordering for plain-connectivity two-player games, or nil
	// No margin lies outside [minV, maxV]: every point counts for at most
	// one player, the button for ½.
	minV, maxV float64
	// killer: the move that last cut off at a position (keyed by the
	// engine's hash), tried first there: an order only, never a value.
	killer map[uint64]game.Move
}

func newReference(st game.State, maxNodes int64, maxPly int) *reference {
	ref := &reference{st: st, max: maxNodes, maxPly: maxPly, killer: map[uint64]game.Move{}}
	r := st.Rules()
	b := float64(st.Graph().N())
	if r.Button {
		b += 0.5
	}
	ref.minV, ref.maxV = -b-r.Komi, b-r.Komi
	if r.Family == rules.Liberty && r.Links == rules.Plain && r.Players == 2 {
		ref.tact = newTactician(st.Graph())
	}
	return ref
}

// order sorts moves: a pass first when the last move was a pass (the game
// may end there), then, where the tactician applies, by its tiers, a plain
// pass after the ordinary moves. It changes only the order of the search.
func (r *reference) order(moves []game.Move) {
	h := r.st.History()
	passEnds := len(h) > 0 && h[len(h)-1].Move.Kind == game.Pass
	var own, opp uint64
	if r.tact != nil {
		for p := range r.tact.nbr {
			switch r.st.At(p) {
			case board.Empty:
			case r.st.ToMove():
				own |= 1 << uint(p)
			default:
				opp |= 1 << uint(p)
			}
		}
	}
	killer, hasKiller := r.killer[r.st.Hash()]
	score := func(m game.Move) int64 {
		switch {
		case hasKiller && m == killer:
			return math.MaxInt64 - 1
		case m.Kind == game.Pass && (passEnds || r.tact == nil):
			return math.MaxInt64
		case r.tact == nil:
			return 0
		case m.Kind == game.Place:
			return r.tact.tactics(m.Point, own, opp)
		case m.Kind == game.Pass:
			return tierPass
		}
		return tierNormal
	}
	sort.SliceStable(moves, func(i, j int) bool { return score(moves[i]) > score(moves[j]) })
}

func (r *reference) search(alpha, beta float64, ply int) float64 {
	r.nodes++
	if r.st.Over() {
		res := r.st.Result()
		return res.Score[board.Black] - res.Score[board.White]
	}
	if alpha >= r.maxV {
		return r.maxV
	}
	if beta <= r.minV {
		return r.minV
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
	r.order(moves)
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
			r.killer[r.st.Hash()] = m
			break
		}
	}
	return v
}
