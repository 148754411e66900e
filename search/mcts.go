// Package search is moku's computer player: Monte-Carlo tree search in the
// manner of michi (a whole player you can read in an evening), for every
// game moku plays.
//
// The tree is built over the rules engine (game.State: LegalMoves, Play,
// Undo), so everything the rules say about a position is honoured where
// the choices are made: superko, Keil's button and own-position rule, Ki's
// forced passes, Kee's appealing passes and rescissions. Below the tree a
// fast board of package playout plays the game out with the reference light
// policy and simple ko.
//
// One iteration:
//
//  1. descend from the root, choosing at each node the child with the best
//     mix of its own win rate and its AMAF (RAVE) win rate, and play the
//     moves on a private copy of the position;
//  2. at a node visited often enough, expand it: one child per legal move,
//     each starting from a prior of a few even games;
//  3. play the position out on the fast board (or, if the game is over,
//     take its result) and turn the count into a reward per player: 1 for
//     the winner, shared on a tie;
//  4. walk back up: every node on the path counts a visit and the reward of
//     the player who made its move, and every child of a node on the path
//     whose move the same player made later in the game counts an AMAF
//     visit with that reward.
//
// With more than two players (Kee) each node holds the reward of the player
// who moved into it, so each player maximises its own.
//
// Several threads search one tree (tree parallelism): a thread holds the
// tree's lock only to descend and to back up, and adds a virtual loss (a
// visit without a win) to each node it passes so that the others spread
// out; the playouts, the moves on its own copy of the position and the
// generation of legal moves run unlocked.
package search

import (
	"fmt"
	"math"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"moku/board"
	"moku/game"
	"moku/games"
	"moku/liberty"
	"moku/playout"
	"moku/rules"
)

// Options configure a search.
type Options struct {
	Playouts int           // playouts a move (0: no limit but Time)
	Time     time.Duration // thinking time a move (0: no limit but Playouts)
	Threads  int           // search threads (at least 1)
	Seed     uint64        // seed of the random choices

	// Resign lets the player resign when its win rate, after enough
	// playouts, is below ResignRate (two-player games only).
	Resign     bool
	ResignRate float64

	// Tuning, with michi's values as defaults.
	ExpandVisits int     // visits before a node is expanded (8)
	PriorEven    float64 // even games a new child starts with (10)
	RaveEquiv    float64 // playouts at which RAVE and the real rate weigh the same (3500)
}

// DefaultOptions are the options of moku's default player.
func DefaultOptions() Options {
	return Options{Playouts: 5000, Threads: 1, Seed: 1, Resign: true, ResignRate: 0.1,
		ExpandVisits: 8, PriorEven: 10, RaveEquiv: 3500}
}

func (o *Options) fill() {
	d := DefaultOptions()
	if o.Threads < 1 {
		o.Threads = 1
	}
	if o.ExpandVisits <= 0 {
		o.ExpandVisits = d.ExpandVisits
	}
	if o.PriorEven <= 0 {
		o.PriorEven = d.PriorEven
	}
	if o.RaveEquiv <= 0 {
		o.RaveEquiv = d.RaveEquiv
	}
	if o.ResignRate <= 0 {
		o.ResignRate = d.ResignRate
	}
	if o.Playouts <= 0 && o.Time <= 0 {
		o.Playouts = d.Playouts
	}
}

// node is a position of the tree, reached by move, made by player.
type node struct {
	move     game.Move
	player   board.Color
	visits   float64 // prior and virtual losses included
	wins     float64 // rewards of player
	amafN    float64
	amafWins float64
	prior    float64 // visits given by the priors
	children []*node // nil until expanded
}

func (n *node) rate() float64 { return n.wins / n.visits }

// value is what selection maximises: the win rate blended with the AMAF
// win rate, the blend moving to the real rate as visits grow (michi's
// RAVE formula).
func (n *node) value(equiv float64) float64 {
	if n.amafN == 0 {
		return n.rate()
	}
	beta := n.amafN / (n.amafN + n.visits + n.amafN*n.visits/equiv)
	return (1-beta)*n.rate() + beta*n.amafWins/n.amafN
}

// Candidate is a move of the root with its statistics.
type Candidate struct {
	Move    game.Move
	Visits  int     // playouts through it (priors excluded)
	WinRate float64 // of the player to move
	PV      []game.Move
}

// Analysis is what a search found.
type Analysis struct {
	Best       game.Move
	Playouts   int
	Seconds    float64
	WinRate    float64 // of the player to move, over all playouts
	Margin     float64 // mean score of the player to move minus the best other
	Candidates []Candidate
	Ownership  []float64 // per point: +1 the player to move's, -1 another's
	Threads    int
}

// Player is an MCTS player. It implements gtp.Player.
type Player struct {
	Opt Options
	// Clock, if set, decides the time of each move instead of Opt.Time.
	Clock *Clock
	seq   uint64
	last  Analysis
}

// New returns a player with options o (zero fields take defaults).
func New(o Options) *Player {
	o.fill()
	return &Player{Opt: o}
}

// Name describes the player.
func (p *Player) Name() string {
	s := "mcts"
	if p.Opt.Playouts > 0 {
		s += fmt.Sprintf(" %d playouts", p.Opt.Playouts)
	}
	if p.Opt.Time > 0 {
		s += fmt.Sprintf(" %v", p.Opt.Time)
	}
	return s + fmt.Sprintf(", %d threads", p.Opt.Threads)
}

// Last returns the analysis of the last Genmove.
func (p *Player) Last() Analysis { return p.last }

// Genmove searches s and returns the move to play: a pass when passing
// ends the game and wins, a resignation when hopeless (if enabled),
// otherwise the most visited move.
func (p *Player) Genmove(s game.State) (game.Move, error) {
	if s.Over() {
		return game.PassMove, nil
	}
	me := s.ToMove()
	if s.Play(game.PassMove) == nil {
		over, res := s.Over(), s.Result()
		s.Undo()
		if over && res.Winner() == me {
			return game.PassMove, nil
		}
	}
	opt := p.Opt
	begin := time.Now()
	if p.Clock != nil {
		if d, ok := p.Clock.Budget(s); ok {
			if opt.Time <= 0 || d < opt.Time {
				opt.Time = d
			}
			if opt.Playouts <= 0 {
				opt.Playouts = math.MaxInt32
			}
		}
	}
	opt.Seed += p.seq
	p.seq++
	a, err := Search(s, opt)
	if p.Clock != nil {
		p.Clock.Spent(time.Since(begin))
	}
	if err != nil {
		return game.Move{}, err
	}
	p.last = a
	if opt.Resign && s.Rules().Players == 2 && a.Playouts >= 500 && len(a.Candidates) > 0 &&
		a.Candidates[0].WinRate < opt.ResignRate && a.WinRate < opt.ResignRate {
		return game.ResignMove, nil
	}
	return a.Best, nil
}

// worker is one search thread: its own copy of the position, fast board,
// random generator and scratch space.
type worker struct {
	s       game.State
	b       playout.Board
	r       *playout.Rand
	path    []*node
	seen    []board.Color // AMAF: who played each point first in the rest of the game
	moves   []game.Move
	own     [][board.MaxPlayers + 1]float64 // ownership counts
	scores  [board.MaxPlayers + 1]float64   // summed scores
	margin  float64
	rewards float64 // summed reward of the root's player
}

// tree is the shared search state.
type tree struct {
	mu       sync.Mutex
	root     *node
	opt      Options
	players  int
	me       board.Color
	liberty  bool
	dist     []uint8 // graph distances, capped at 3
	edge     []bool
	done     atomic.Int64
	limit    int64
	deadline time.Time
}

// Clone returns an independent copy of s: the same ruleset and board with
// the same moves replayed (under Kee, the full record, rescissions
// included).
func Clone(s game.State) (game.State, error) {
	c, err := games.New(s.Rules(), s.Graph())
	if err != nil {
		return nil, err
	}
	var moves []game.Move
	if lp, ok := s.(*liberty.Position); ok && lp.Record() != nil {
		for _, e := range lp.Record() {
			moves = append(moves, e.Move)
		}
	} else {
		for _, m := range s.History() {
			moves = append(moves, m.Move)
		}
	}
	for i, m := range moves {
		if err := c.Play(m); err != nil {
			return nil, fmt.Errorf("search: replaying move %d: %v", i+1, err)
		}
	}
	return c, nil
}

// Search searches s (which it leaves as it was) within opt's limits.
func Search(s game.State, opt Options) (Analysis, error) {
	opt.fill()
	begin := time.Now()
	t := &tree{opt: opt, players: s.Rules().Players, me: s.ToMove(),
		liberty: s.Rules().Family == rules.Liberty}
	t.root = &node{player: prevPlayer(s.ToMove(), t.players)}
	t.dist, t.edge = distances(s.Graph())
	t.limit = math.MaxInt64
	if opt.Playouts > 0 {
		t.limit = int64(opt.Playouts)
	}
	if opt.Time > 0 {
		t.deadline = begin.Add(opt.Time)
	}
	workers := make([]*worker, opt.Threads)
	for i := range workers {
		ws := s
		if i > 0 {
			c, err := Clone(s)
			if err != nil {
				return Analysis{}, err
			}
			ws = c
		}
		b, err := playout.New(s.Rules(), s.Graph())
		if err != nil {
			return Analysis{}, err
		}
		workers[i] = &worker{s: ws, b: b, r: playout.NewRand(opt.Seed*0x9e3779b97f4a7c15 + uint64(i) + 1),
			seen: make([]board.Color, s.Graph().N()), own: make([][board.MaxPlayers + 1]float64, s.Graph().N())}
	}
	var wg sync.WaitGroup
	for _, w := range workers[1:] {
		wg.Add(1)
		go func(w *worker) {
			defer wg.Done()
			t.run(w)
		}(w)
	}
	t.run(workers[0])
	wg.Wait()
	return t.analysis(s, workers, time.Since(begin)), nil
}

func prevPlayer(c board.Color, players int) board.Color {
	return (c+board.Color(players)-2)%board.Color(players) + 1
}

// run iterates until the tree's limits are reached.
func (t *tree) run(w *worker) {
	for i := 0; ; i++ {
		if t.done.Load() >= t.limit {
			return
		}
		if !t.deadline.IsZero() && i%16 == 0 && time.Now().After(t.deadline) {
			return
		}
		t.iterate(w)
		t.done.Add(1)
	}
}

// iterate is one descent, playout and backup.
func (t *tree) iterate(w *worker) {
	// 1. Descend under the lock, adding a virtual loss on the way.
	t.mu.Lock()
	n := t.root
	n.visits++
	w.path = append(w.path[:0], n)
	for n.children != nil {
		n = t.choose(n)
		n.visits++
		w.path = append(w.path, n)
	}
	expand := n.visits-n.prior >= float64(t.opt.ExpandVisits) || n == t.root
	t.mu.Unlock()

	played := 0
	for _, x := range w.path[1:] {
		if err := w.s.Play(x.move); err != nil {
			panic(fmt.Sprintf("search: tree move %s is illegal: %v", x.move.Format(w.s.Graph()), err))
		}
		played++
	}

	// 2. Expand a leaf that has been visited often enough.
	if expand && !w.s.Over() {
		kids := t.children(w)
		t.mu.Lock()
		if n.children == nil {
			n.children = kids
		}
		if len(n.children) > 0 {
			n = t.choose(n)
			n.visits++
			w.path = append(w.path, n)
		}
		t.mu.Unlock()
		if len(w.path)-1 > played {
			if err := w.s.Play(n.move); err != nil {
				panic(fmt.Sprintf("search: new move %s is illegal: %v", n.move.Format(w.s.Graph()), err))
			}
			played++
		}
	}

	// 3. Simulate.
	var score [board.MaxPlayers + 1]float64
	var steps []playout.Step
	if w.s.Over() {
		score = w.s.Result().Score
		for _, c := range w.s.Result().Resigned {
			score[c] = math.Inf(-1)
		}
	} else {
		w.b.Load(w.s)
		w.b.Playout(w.r)
		score = w.b.Score()
		steps = w.b.Steps()
		for p := range w.own {
			w.own[p][w.b.Owner(p)]++
		}
	}
	reward := playout.Winners(score, t.players)
	for c := 1; c <= t.players; c++ {
		w.scores[c] += score[c]
	}
	w.rewards += reward[t.me]
	for i := 0; i < played; i++ {
		w.s.Undo()
	}

	// 4. Back up, with AMAF: seen[p] is who played p first from here on.
	for i := range w.seen {
		w.seen[i] = board.Empty
	}
	for i := len(steps) - 1; i >= 0; i-- {
		w.seen[steps[i].Point] = steps[i].Color
	}
	t.mu.Lock()
	for d := len(w.path) - 1; d >= 0; d-- {
		x := w.path[d]
		x.wins += reward[x.player]
		for _, k := range x.children {
			if k.move.Kind == game.Place && w.seen[k.move.Point] == k.player {
				k.amafN++
				k.amafWins += reward[k.player]
			}
		}
		if x.move.Kind == game.Place && d > 0 {
			w.seen[x.move.Point] = x.player
		}
	}
	t.mu.Unlock()
}

// choose returns the child of n with the best value (ties to the first).
func (t *tree) choose(n *node) *node {
	best, bv := n.children[0], math.Inf(-1)
	for _, k := range n.children {
		if v := k.value(t.opt.RaveEquiv); v > bv {
			best, bv = k, v
		}
	}
	return best
}

// Priors, in games (wins and visits) added to a new child, after michi.
const (
	priorCapture     = 15 // won games for a placement that captures one stone
	priorCaptureMany = 30 // ... several stones
	priorNear1       = 24 // won games for a neighbour of the last placement
	priorNear2       = 22 // ... for a point two steps from it
	priorLonelyEdge  = 10 // lost games for an edge point with no stone within two steps
)

// children returns a new child for every legal move of the worker's
// position, with priors: PriorEven even games for every move; a pass (when
// other moves exist) and, in the liberty games, a placement that fills an
// own point surrounded by the mover's stones start from PriorEven losses
// instead; placements near the last placement, captures (in plain-adjacency
// games) and lonely edge points get michi's extra won or lost games.
func (t *tree) children(w *worker) []*node {
	w.moves = w.s.LegalMoves(w.moves[:0])
	mover := w.s.ToMove()
	g := w.s.Graph()
	last := -1
	if h := w.s.History(); len(h) > 0 && h[len(h)-1].Move.Kind == game.Place {
		last = h[len(h)-1].Move.Point
	}
	gb, plain := w.b.(capturer)
	if plain {
		gb.Load(w.s)
	}
	kids := make([]*node, 0, len(w.moves))
	for _, m := range w.moves {
		k := &node{move: m, player: mover, visits: t.opt.PriorEven, wins: t.opt.PriorEven / 2}
		kids = append(kids, k)
		if m.Kind == game.Pass && len(w.moves) > 1 {
			k.wins = 0
		}
		if m.Kind != game.Place {
			continue
		}
		p := m.Point
		if t.liberty {
			own := true
			for _, q := range g.Neighbors(p) {
				if w.s.At(int(q)) != mover {
					own = false
					break
				}
			}
			if own {
				k.wins = 0
				continue
			}
		}
		if plain {
			if n := gb.Captures(p); n > 0 {
				x := float64(priorCapture)
				if n > 1 {
					x = priorCaptureMany
				}
				k.visits += x
				k.wins += x
			}
		}
		if last >= 0 {
			switch d := t.dist[last*g.N()+p]; d {
			case 1:
				k.visits += priorNear1
				k.wins += priorNear1
			case 2:
				k.visits += priorNear2
				k.wins += priorNear2
			}
		}
		if t.liberty && t.edge[p] {
			lonely := true
			for q := 0; q < g.N() && lonely; q++ {
				if w.s.At(q) != board.Empty && t.dist[p*g.N()+q] <= 2 {
					lonely = false
				}
			}
			if lonely {
				k.visits += priorLonelyEdge
			}
		}
	}
	for _, k := range kids {
		k.prior = k.visits
	}
	return kids
}

// capturer is a fast board that counts the captures of a placement
// (playout.GoBoard and playout.SquareBoard).
type capturer interface {
	playout.Board
	Captures(p int) int
}

// distances returns the graph distance between every two points, capped
// at 3, as a flat n*n table, and which points are on the edge (fewer
// neighbours than the most any point has).
func distances(g *board.Graph) (dist []uint8, edge []bool) {
	n := g.N()
	dist = make([]uint8, n*n)
	edge = make([]bool, n)
	maxDeg := 0
	for p := 0; p < n; p++ {
		maxDeg = max(maxDeg, g.Degree(p))
	}
	for p := 0; p < n; p++ {
		edge[p] = g.Degree(p) < maxDeg
		row := dist[p*n : (p+1)*n]
		for q := range row {
			row[q] = 3
		}
		row[p] = 0
		for _, a := range g.Neighbors(p) {
			row[a] = min(row[a], 1)
			for _, b := range g.Neighbors(int(a)) {
				row[b] = min(row[b], 2)
			}
		}
		row[p] = 0
	}
	return dist, edge
}

// analysis summarises the tree for the player to move.
func (t *tree) analysis(s game.State, ws []*worker, took time.Duration) Analysis {
	a := Analysis{Playouts: int(t.done.Load()), Seconds: took.Seconds(), Threads: len(ws)}
	n := float64(a.Playouts)
	if n == 0 {
		n = 1
	}
	var scores [board.MaxPlayers + 1]float64
	var rewards float64
	a.Ownership = make([]float64, s.Graph().N())
	for _, w := range ws {
		rewards += w.rewards
		for c := range scores {
			scores[c] += w.scores[c]
		}
		for p := range a.Ownership {
			for c := board.Black; int(c) <= t.players; c++ {
				if c == t.me {
					a.Ownership[p] += w.own[p][c]
				} else {
					a.Ownership[p] -= w.own[p][c]
				}
			}
		}
	}
	for p := range a.Ownership {
		a.Ownership[p] /= n
	}
	a.WinRate = rewards / n
	other := math.Inf(-1)
	for c := board.Black; int(c) <= t.players; c++ {
		if c != t.me {
			other = max(other, scores[c])
		}
	}
	a.Margin = (scores[t.me] - other) / n

	kids := append([]*node(nil), t.root.children...)
	sort.SliceStable(kids, func(i, j int) bool { return kids[i].visits > kids[j].visits })
	for _, k := range kids {
		c := Candidate{Move: k.move, Visits: int(k.visits - k.prior), WinRate: k.rate()}
		for x := k; x != nil; {
			c.PV = append(c.PV, x.move)
			var next *node
			for _, y := range x.children {
				if y.visits > y.prior && (next == nil || y.visits > next.visits) {
					next = y
				}
			}
			x = next
		}
		a.Candidates = append(a.Candidates, c)
	}
	switch {
	case len(a.Candidates) > 0:
		a.Best = a.Candidates[0].Move
	default:
		a.Best = game.PassMove
		if moves := s.LegalMoves(nil); len(moves) > 0 {
			a.Best = moves[0]
		}
	}
	return a
}
