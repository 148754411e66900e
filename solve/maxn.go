package solve

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/rules"
)

// MultiOptions tune a max-n solve of a game of three or four players.
type MultiOptions struct {
	MaxNodes int64
	// MaxPly caps lines (default 4 × points + 16); the result is exact only
	// if no line reached it.
	MaxPly int
	// NoPrune searches every move (plain max-n): the yardstick.
	NoPrune bool
	// Deepen solves with caps 2, 4, 6, … up to MaxPly (0: no limit) until
	// no line reaches the cap (the value is then exact), and returns the
	// last completed solve if stopped or out of nodes (MaxNodes counts
	// all of them).
	Deepen bool
	// CapSolved, if set, is called after each cap solved when deepening.
	CapSolved func(*MultiResult)
	Stop      *atomic.Bool
}

// MultiResult is the max-n value of a game of several players: every
// player's final score with perfect play under the max-n rule (see doc.go).
type MultiResult struct {
	Players int       `json:"players"`
	Value   []float64 `json:"value"` // final scores, in turn order (Black first)
	// Ranking lists the players from first place to last, e.g. "1 black 3".
	Ranking []string `json:"ranking"`
	// Exact: no line reached the ply cap. Otherwise Value is that of the
	// capped game, in which a line reaching the cap (taken for an endless
	// game) is the worst outcome for every player; CappedLines counts them.
	Exact       bool     `json:"exact"`
	CappedLines int64    `json:"capped_lines"`
	PV          []string `json:"pv"`
	Nodes       int64    `json:"nodes"`
	Seconds     float64  `json:"seconds"`
	NPS         float64  `json:"nodes_per_second"`
	Rules       string   `json:"rules"`
	Board       string   `json:"board"`
	Method      string   `json:"method"`
	MaxPly      int      `json:"max_ply"`
	// Caps lists the caps solved when deepening, the last one reported.
	Caps []int `json:"caps,omitempty"`
}

// SolveMultiDeepen is SolveMultiState with opt.Deepen: iterative deepening
// on the ply cap. err is non-nil only if no cap was solved.
func SolveMultiDeepen(st game.State, opt MultiOptions) (*MultiResult, error) {
	limit, budget := opt.MaxPly, opt.MaxNodes
	var last *MultiResult
	var caps []int
	var nodes int64
	var secs float64
	for plyCap := 2; limit == 0 || plyCap <= limit; plyCap += 2 {
		o := opt
		o.MaxPly = plyCap
		if budget > 0 {
			o.MaxNodes = budget - nodes
			if o.MaxNodes <= 0 {
				break
			}
		}
		res, err := SolveMultiState(st, o)
		if res != nil {
			nodes += res.Nodes
			secs += res.Seconds
		}
		if err != nil {
			if last == nil {
				return res, err
			}
			break
		}
		caps = append(caps, plyCap)
		last = res
		if opt.CapSolved != nil {
			opt.CapSolved(res)
		}
		if res.Exact {
			break
		}
	}
	if last == nil {
		return nil, fmt.Errorf("solve: no cap up to %d solved", limit)
	}
	last.Caps = caps
	last.Nodes, last.Seconds = nodes, secs
	if secs > 0 {
		last.NPS = float64(nodes) / secs
	}
	last.Method += fmt.Sprintf(" (deepened: caps %d..%d, nodes and time of all)", caps[0], caps[len(caps)-1])
	return last, nil
}

type scoreVec [board.MaxPlayers + 1]float64

// endless scores a line that reached the ply cap, for every player.
const endless = -1e9

type maxn struct {
	st      game.State
	players int
	opt     MultiOptions
	maxPly  int
	nodes   int64
	capHit  bool
	capped  int64
	total   float64 // no finished game's scores sum to more
	min     scoreVec
	pv      [][]game.Move
}

// SolveMulti solves a Kee game of two to four players from its starting
// position by max-n search over the engine's own full-history rules: at each
// node the player to move takes the move whose final score vector gives it
// the highest score, the first such move in the engine's move order on a tie.
func SolveMulti(r rules.Ruleset, g *board.Graph, opt MultiOptions) (*MultiResult, error) {
	if err := r.Validate(g); err != nil {
		return nil, err
	}
	if err := checkSize(g); err != nil {
		return nil, err
	}
	if r.Ko != rules.KoCycle {
		return nil, fmt.Errorf("the max-n solver handles kee (ko=cycle) only, not ko=%s", r.Ko)
	}
	st, err := catalog.New(r, g)
	if err != nil {
		return nil, err
	}
	if opt.Deepen {
		return SolveMultiDeepen(st, opt)
	}
	return SolveMultiState(st, opt)
}

// SolveMultiState is SolveMulti from st as it stands (st is left as it was).
func SolveMultiState(st game.State, opt MultiOptions) (res *MultiResult, err error) {
	r, g := st.Rules(), st.Graph()
	m := &maxn{st: st, players: r.Players, opt: opt, maxPly: opt.MaxPly}
	if m.maxPly == 0 {
		m.maxPly = 4*g.N() + 16
	}
	// Every point counts for at most one player: the scores of a finished
	// game sum to at most points + bonuses, and each is at least its bonus.
	cur := st.Result()
	m.total = float64(g.N())
	for c := 1; c <= m.players; c++ {
		m.min[c] = cur.Bonus[c]
		m.total += cur.Bonus[c]
	}
	m.pv = make([][]game.Move, m.maxPly+2)
	start := time.Now()
	method := fmt.Sprintf("max-n with shallow pruning, full history, engine move order, ply cap %d", m.maxPly)
	if opt.NoPrune {
		method = fmt.Sprintf("plain max-n, full history, engine move order, ply cap %d", m.maxPly)
	}
	res = &MultiResult{Players: m.players, Rules: r.String(), Board: g.Spec(), Method: method, MaxPly: m.maxPly}
	fill := func() {
		res.Nodes = m.nodes
		res.Seconds = time.Since(start).Seconds()
		if res.Seconds > 0 {
			res.NPS = float64(m.nodes) / res.Seconds
		}
	}
	depth := len(st.History())
	defer catchStop(&err, func() {
		for len(st.History()) > depth {
			st.Undo()
		}
		fill()
	})
	v := m.search(0, 0, math.Inf(-1))
	fill()
	res.Exact = !m.capHit
	res.CappedLines = m.capped
	res.Value = make([]float64, m.players)
	for c := 1; c <= m.players; c++ {
		res.Value[c-1] = v[c]
	}
	res.Ranking = ranking(v, m.players)
	for _, mv := range m.pv[0] {
		res.PV = append(res.PV, mv.Format(g))
	}
	return res, nil
}

// ranking writes the players from first to last: "1 black 3", equal scores
// sharing a rank.
func ranking(v scoreVec, players int) []string {
	var order []board.Color
	for c := board.Black; int(c) <= players; c++ {
		order = append(order, c)
	}
	sort.SliceStable(order, func(i, j int) bool { return v[order[i]] > v[order[j]] })
	var out []string
	rank := 0
	for i, c := range order {
		if i == 0 || v[c] != v[order[i-1]] {
			rank = i + 1
		}
		out = append(out, strconv.Itoa(rank)+" "+c.String()+" "+strconv.FormatFloat(v[c], 'f', -1, 64))
	}
	return out
}

func (m *maxn) tick() {
	m.nodes++
	if m.nodes&0xfff == 0 {
		checkLimits(m.nodes, m.opt.MaxNodes, m.opt.Stop)
	}
}

// search returns the max-n score vector of the position and leaves its line
// in m.pv[ply]. parent is the player who moved into this node (0 at the
// root) and parentBest that player's best score so far at the parent: once
// the mover here is sure of enough that parent cannot get more than
// parentBest through this node, the parent (which switches only on a
// strict improvement) will not choose it, and the search stops (shallow
// pruning); the vector returned is then a real outcome of the node, no better
// for parent than parentBest.
func (m *maxn) search(ply int, parent board.Color, parentBest float64) scoreVec {
	m.tick()
	m.pv[ply] = m.pv[ply][:0]
	var v scoreVec
	if ply >= m.maxPly && !m.st.Over() {
		// A line this long is taken for an endless game: the worst outcome
		// for every player.
		m.capHit = true
		m.capped++
		for c := 1; c <= m.players; c++ {
			v[c] = endless
		}
		return v
	}
	if m.st.Over() {
		res := m.st.Result()
		for c := 1; c <= m.players; c++ {
			v[c] = res.Score[c]
		}
		return v
	}
	mover := m.st.ToMove()
	moves := m.st.LegalMoves(nil)
	first := true
	for _, mv := range moves {
		if err := m.st.Play(mv); err != nil {
			panic(err)
		}
		best := v[mover]
		if first {
			best = math.Inf(-1)
		}
		w := m.search(ply+1, mover, best)
		m.st.Undo()
		if first || w[mover] > v[mover] {
			first = false
			v = w
			m.pv[ply] = append(append(m.pv[ply][:0], mv), m.pv[ply+1]...)
		}
		if !m.opt.NoPrune && parent != board.Empty && parent != mover {
			// parent gets at most total − v[mover] − the others' minimums.
			bound := m.total - v[mover]
			for c := board.Color(1); int(c) <= m.players; c++ {
				if c != mover && c != parent {
					bound -= m.min[c]
				}
			}
			if bound <= parentBest {
				break
			}
		}
	}
	return v
}

// FormatScores writes a score vector as "black 2, white 1, red 1" ("capped"
// for a line that reached the ply cap).
func FormatScores(v []float64) string {
	var parts []string
	for i, x := range v {
		if x <= endless {
			parts = append(parts, board.Color(i+1).String()+" capped")
			continue
		}
		parts = append(parts, board.Color(i+1).String()+" "+strconv.FormatFloat(x, 'f', -1, 64))
	}
	return strings.Join(parts, ", ")
}
