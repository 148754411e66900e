// Package search is moku's computer player: Monte-Carlo tree search in the
// manner of michi (a whole player you can read in an evening), for every
// game moku plays.
//
// Start with New (a Player from Options, DefaultOptions for the defaults)
// and Player.Genmove, or Search for the Analysis of a position without
// playing.
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
// The move played is the root's most visited child. A search runs to its
// playout or time limit or, with StopEarly, until the playouts left could
// no longer change that child (see tree.decided).
//
// Several threads search one tree (tree parallelism) without a lock: a
// node's counts are atomic integers (in 1/1200 of a visit, so that the
// shares of a tie among two, three or four players are exact and a
// margin's share of the reward, Options.MarginWeight, is kept), the
// first thread to claim a node's expansion publishes its children by an
// atomic pointer (another that reaches the node meanwhile plays out from
// it as from a leaf), and a thread adds a
// virtual loss (a visit without a win) to each node it passes so that the
// others spread out.
package search

import (
	"cmp"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"moku/board"
	"moku/game"
	"moku/internal/cacheline"
	"moku/playout"
	"moku/prior"
	"moku/rules"
)

// Options configure a search.
type Options struct {
	Playouts int           // playouts a move (0: no limit but Time)
	Time     time.Duration // thinking time a move (0: no limit but Playouts)
	Threads  int           // search threads (at least 1)
	Seed     uint64        // seed of the random choices

	// Resign lets the player resign when its win rate, after enough
	// playouts, is below ResignRate, over all the playouts and for every
	// move searched much (hopeless; two-player games only).
	Resign     bool
	ResignRate float64

	// Heavy selects the tactical playout policy where the fast board has
	// one (playout.Tactical: Go and Kee with two players on rectangles,
	// playout.SquareBoard, see playout/tactics.go, with the shape and
	// self-atari priors that go with it, and on other graphs
	// playout.GoBoard's answers to atari; Keil on the hexhex:
	// playout.HexKeilBoard's captures and rescues read through linking,
	// with the capture prior; Ki: playout.KiBoard's captures) instead of
	// the reference light policy. It is the default: at equal time it beat
	// the light policy 13-1 on 9x9 Go, 44-19 in two-player Kee on the
	// hexhex of side 5, 29-2 on Keil side 5 and 13-0 on side 7, and 18-2
	// on 11x11 Ki at equal CPU (docs/results.md, "Playout policies").
	Heavy bool

	// StopEarly ends a search once the playouts its limits leave could
	// no longer make another move the most visited one: under Playouts
	// exactly (the move is the one the whole search would choose), under
	// Time at the speed of the search so far. The move comes sooner (and
	// a Clock banks the time); the win rates are those of fewer
	// playouts. It is the default for play; searches whose statistics are
	// the point (analysis, the komi pie) leave it off.
	StopEarly bool

	// LCB plays, instead of the most visited move, the root's child
	// whose win rate has the highest lower confidence bound (lcbChoice:
	// its rate less lcbStdevs standard errors) among those with at least
	// lcbShare of the most visited child's playouts: a move the search
	// found late, whose rate is well above the most visited one's, is
	// played though it has not yet gathered the most playouts. A search
	// with LCB runs its whole budget: StopEarly, which can tell only
	// when no other move can become the most visited, does not stop it
	// (but for a single legal move).
	LCB bool

	// FalseEyes lets the tree's priors tell false eyes from eyes on
	// rectangles and tori with plain links (falseEye): a placement on a
	// point every neighbour of which is the mover's, but whose diagonals
	// hold enough of the other player's stones, starts from the priors of
	// any placement, not from lost games only, as a fill of an eye does
	// (fillsEye).
	FalseEyes bool

	// Stop, if not nil, ends the search early when it is closed (a
	// context's Done channel will do): the analysis is that of the
	// playouts made so far. GTP's live analysis stops this way when the
	// next command arrives.
	Stop <-chan struct{}

	// Report, if not nil, is called with the analysis so far every
	// ReportEvery (at least a millisecond) while the search runs, once a
	// playout is done. It is called from the search's first thread, so a
	// slow Report slows the search; it may keep the Analysis (each call
	// gets fresh slices).
	Report      func(Analysis)
	ReportEvery time.Duration

	// Learned takes the tree's priors from the learned move model that
	// moku embeds for the game (package prior, prior.For) instead of the
	// hand-set ones: a new child starts from PriorEven even games plus
	// won games in proportion to its probability over that of the most
	// probable move (LearnedGames for that move, fewer for the others,
	// none lost), and Candidate.Prior is its probability. A pass
	// while other moves exist and, in the liberty games, a fill of an own
	// point surrounded by the mover's stones still start from PriorEven
	// losses. A game moku has no weights for keeps the hand-set priors
	// (HasLearned). Off by default; on where a tuning says so (Tuned).
	Learned      bool
	LearnedGames float64 // won games the most probable move gets with Learned (20)
	// LearnedSqrt gives each move LearnedGames times the square root of
	// its probability in won games instead (Pachi's shape of its pattern
	// prior): every move's share then depends on its own probability, not
	// on the favourite's.
	LearnedSqrt bool

	// LearnedFloor, with Learned, leaves the won games of the prior out
	// for the moves whose probability is below it: they start from the
	// even games alone, as Pachi's pattern prior skips moves below 0.001.
	// 0: every move gets its share.
	LearnedFloor float64

	// LiveOwners, with Learned and weights that have the Owner feature,
	// reads the feature of each node's new children from the owners at
	// the end of the search's playouts so far (each thread's own, the
	// root's estimate of OwnerPlayouts counted with them), as Pachi's
	// mcowner feature reads the ownermap its search's playouts fill.
	// Off: from the root's estimate alone, as in training.
	LiveOwners bool

	// MarginWeight, between 0 and 1, is the share of a playout's reward
	// (two-player games only) that its score margin decides instead of
	// who won: the reward is (1-MarginWeight)*won +
	// MarginWeight*clamp(1/2 + margin/(2*MarginScale), 0, 1), so that
	// among moves that win (or lose) as often, the search prefers the one
	// that wins by more (or loses by less), as Pachi's value scaling does.
	// 0, the default, rewards the win alone.
	MarginWeight float64
	MarginScale  float64 // points of margin that take the margin's share from 1/2 to 1 (the board's points if 0)

	// Replies gives each thread's tactical playouts a table of last good
	// replies (playout.Replies) that learns, from the playouts of this
	// search, the answers that won, where the fast board takes one
	// (playout.Replier, with Heavy).
	Replies bool

	// Criticality, when above 0, adds to each node's AMAF games, once
	// critMin playouts with an owner of its point have gone through it,
	// its criticality times its AMAF games times Criticality, all won
	// (Pachi's crit_rave, 1.1; two players). 0: off.
	Criticality float64

	// DistanceRave, when above 0, weighs each AMAF game by how soon below
	// the node its move was played (Pachi's distance_rave, 3): a move
	// first played d moves below the node, in a game of n moves below it,
	// counts 1 + floor(DistanceRave*(n-d)/(n+1)) AMAF games, from
	// DistanceRave for the move right below the node down to 1 for one at
	// the game's end, as Fuego and Erica do. 0: every AMAF game counts 1.
	DistanceRave int

	// KoThreats gives a ko threat no AMAF games (Pachi's threat_rave 0,
	// after Aja Huang's thesis), in two-player games of the liberty
	// family with plain links: below a node whose next move takes a ko,
	// the moves its player makes at 4, 10, 16 … moves below the node, while
	// the ko is taken back every third move (so that the move 4 below is
	// a threat made before taking it once more), won the game for no
	// reason of their own; AMAF would credit them as good moves at the
	// node. Off: they count as any other move.
	KoThreats bool

	// PruneLadders leaves out of the tree, with Learned, the escapes
	// from atari to two liberties that the prior reads as caught anyway
	// (its Ladder feature 2; Pachi's prune_ladders).
	PruneLadders bool

	// Tactics are the optional steps and rates of the square board's
	// tactical playouts (playout.SquareBoard.SetTactics), switches for
	// measuring, none of them on by default; they need Heavy.
	Tactics playout.Tactics

	// Gammas draws the random moves of the tactical playouts in
	// proportion to the learned model's gammas of their 3x3 patterns and
	// distances (playout.Gammas) instead of uniformly, where the fast
	// board takes them (playout.SquareBoard) and moku has weights for the
	// game; it needs Heavy.
	Gammas bool

	// KeepTree lets a Player start each search from the part of its last
	// tree that the moves played since lead to: the playouts already made
	// below the position count again, and Playouts counts the new ones
	// only, so a move costs what it did and rests on more playouts. The
	// tree kept is dropped when the game's history is not the last one
	// continued (a new game, an undo) or the options change. It holds the
	// last tree's memory between moves.
	KeepTree bool

	// Tuned plays each position with the settings measured strongest for
	// its game and board where moku has measured such (Options.Tune), in
	// place of the options' own; elsewhere it changes nothing. Off in
	// DefaultOptions; on in `moku gtp` unless its command line sets the
	// fields it would override.
	Tuned bool

	// ForgetTree keeps the tuning from turning KeepTree on: the tuned
	// settings without the kept tree, for a server that holds a player
	// for each of many games between moves and bounds its memory a game.
	ForgetTree bool

	// Widening, when above 0, widens each node's choice progressively
	// (Coulom 2007; Chaslot et al.'s progressive unpruning): a node's
	// children are ordered by their priors' won games, most first, and a
	// descent through a node of n playouts (the priors' games excluded)
	// chooses among the first two only, a third from n = Widening on,
	// and one more each time n reaches WideningRate times the last
	// threshold: Widening*WideningRate^(k-3) playouts for the k-th. The
	// others still gather AMAF games. 0: every child is a choice.
	Widening float64
	// WideningRate is the growth of the thresholds of Widening (1.4 when
	// 0; above 1).
	WideningRate float64

	// Explore, when above 0, adds UCB's exploration term to the value a
	// descent maximises, as Pachi's ucb1amaf does with explore_p: a
	// child with n playouts of its own gets Explore times
	// sqrt(ln N / n), N its parent's visits (priors included); a child
	// with none gets nothing. 0 (Pachi's default): the value alone.
	Explore float64
	// SqrtVirtualLoss weighs the virtual losses of descents under way as
	// Pachi's vloss_sqrt does: with T threads, d descents through a
	// child count as d*sqrt(T)/T lost games, and none while d is below
	// T/sqrt(T). With two threads a child one thread is in repels the
	// other not at all. Off: each descent under way is one lost game.
	// One thread searches the same either way. Off in DefaultOptions:
	// when two threads really run at once, the threads that do not repel
	// each other descend the same path and play out from the same leaf,
	// and the search loses strength for its playouts (docs/engine.md,
	// "Virtual losses").
	SqrtVirtualLoss bool

	// VirtualLoss, above 1, is the lost games each descent under way
	// through a node counts for while it is under way, with Threads > 1
	// on one tree and without SqrtVirtualLoss: the learned priors give a
	// child scores of games and its AMAF games more, so that one lost
	// game moves its value by a percent or so and two threads play out
	// from the same leaf in almost one playout in five (Analysis.Shared).
	// 0 or 1: one lost game, the descent's own visit.
	VirtualLoss float64

	// RootParallel searches with Threads > 1 by root parallelism: each
	// thread a tree of its own with a share of the playouts, the root
	// moves' playouts and wins summed at the end (root.go), instead of
	// all the threads on one tree. With KeepTree each tree is kept; Report
	// sees the first tree alone while the search is under way.
	RootParallel bool

	// DirectAMAF has every thread of a search on two threads or more add
	// its AMAF games straight to the tree, as one thread does, instead of
	// holding those of busy nodes' children back in a buffer of its own
	// (amafbuf.go): the threads' AMAF rates are never behind, at the cost
	// of the cache lines the buffer spares. Off: the buffer.
	DirectAMAF bool

	// Tuning, with michi's values as defaults.
	ExpandVisits int     // visits before a node is expanded (8)
	PriorEven    float64 // even games a new child starts with (10)
	RaveEquiv    float64 // playouts at which RAVE and the real rate weigh the same (3500)
}

// DefaultOptions are the options of moku's default player.
func DefaultOptions() Options {
	return Options{Playouts: 5000, Threads: 1, Seed: 1, Resign: true, ResignRate: 0.1, Heavy: true, StopEarly: true,
		ExpandVisits: 8, PriorEven: 10, RaveEquiv: 3500, LearnedGames: 20}
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
	if o.LearnedGames <= 0 {
		o.LearnedGames = d.LearnedGames
	}
	if o.Widening > 0 && o.WideningRate <= 1 {
		o.WideningRate = widenRate
	}
	if o.ResignRate <= 0 {
		o.ResignRate = d.ResignRate
	}
	if o.Playouts <= 0 && o.Time <= 0 {
		o.Playouts = d.Playouts
	}
}

// unit is the count of one visit: rewards are kept in 1/1200 of a visit,
// so that the shares of a tie among up to four players are whole numbers
// and a margin's share of the reward (Options.MarginWeight) keeps two
// digits.
const unit = 1200

// node is a position of the tree, reached by move, made by player. The
// counts are atomic, in units (1/1200) of a visit.
type node struct {
	move     game.Move
	player   board.Color
	visits   atomic.Int64 // prior and virtual losses included
	wins     atomic.Int64 // rewards of player
	amafN    atomic.Int64
	amafWins atomic.Int64
	inflight atomic.Int32            // descents under way through the node (counted with tree.track)
	claimed  atomic.Bool             // a thread has begun to expand the node
	prior    int64                   // visits given by the priors (fixed at creation)
	priorWon int64                   // wins given by the priors (fixed at creation)
	policy   float32                 // the learned model's probability of move (Options.Learned)
	children atomic.Pointer[[]*node] // nil until expanded
	// Criticality (Options.Criticality): of the playouts through the
	// node that ended with an owner for its point, how many, how many
	// the node's player owned it in, and how many the winner did.
	critN, meOwn, winOwn atomic.Int64
}

// kids returns the children, nil until the node is expanded.
func (n *node) kids() []*node {
	if k := n.children.Load(); k != nil {
		return *k
	}
	return nil
}

// realVisits returns the visits of playouts through n (priors excluded).
func (n *node) realVisits() int { return int((n.visits.Load() - n.prior) / unit) }

// realRate returns the share of n's playouts won by n's player, the
// priors' games excluded: NaN when no playout went through n.
func (n *node) realRate() float64 {
	v := n.visits.Load() - n.prior
	if v <= 0 {
		return math.NaN()
	}
	return float64(n.wins.Load()-n.priorWon) / float64(v)
}

// value is what selection maximises: the win rate blended with the AMAF
// win rate, the blend moving to the real rate as visits grow (michi's
// RAVE formula):
//
//	beta = an / (an + v + an*v/equiv)
//	value = (1-beta)*w/v + beta*aw/an
//
// which is (w*(1 + an/equiv) + aw) / (an + v + an*v/equiv), one division,
// and w/v when there are no AMAF visits. The counts stay in units:
// invEquiv is 1/(equiv*unit), so an*invEquiv is the AMAF visits over
// equiv, and the units cancel in the quotient.
func (n *node) value(invEquiv, crit float64) float64 {
	return n.valueOf(float64(n.visits.Load()), invEquiv, crit)
}

// valueVloss is value with Options.SqrtVirtualLoss: the d descents under
// way through n count as d*coeff lost games rather than d, and none
// while d is below least. A node with nothing else to go on (no other
// games and no AMAF games) counts them as plain virtual losses, as
// value does, rather than be worth 0/0.
func (n *node) valueVloss(invEquiv, crit, coeff float64, least int32) float64 {
	all := float64(n.visits.Load())
	v := all
	if d := n.inflight.Load(); d > 0 {
		v -= float64(d) * unit
		if d >= least {
			v += float64(d) * coeff * unit
		}
	}
	if v <= 0 && n.amafN.Load() == 0 {
		v = all
	}
	return n.valueOf(v, invEquiv, crit)
}

// valueOf is value with v visits (in units).
func (n *node) valueOf(v, invEquiv, crit float64) float64 {
	w := float64(n.wins.Load())
	an, aw := float64(n.amafN.Load()), float64(n.amafWins.Load())
	if crit > 0 {
		if c := n.criticality(); c != 0 {
			// Pachi's criticality in RAVE: crit*an*coefficient won AMAF
			// games (lost ones when negative).
			x := c * an * crit
			an += x
			aw += x
		}
	}
	x := an * invEquiv
	return (w*(1+x) + aw) / (an + v + x*v)
}

// critMin is the playouts through a node before its criticality counts
// (Pachi's crit_min_playouts).
const critMin = 2000

// criticality is Coulom's criticality of the node's point, from the
// playouts through it: the share in which the winner owned the point,
// less the share expected if owning it and winning were independent. It
// is 0 before critMin playouts.
func (n *node) criticality() float64 {
	cn := float64(n.critN.Load())
	if cn < critMin {
		return 0
	}
	v := float64(n.visits.Load()-n.prior) / unit
	if v <= 0 {
		return 0
	}
	rate := min(max(float64(n.wins.Load()-n.priorWon)/unit/v, 0), 1)
	me, win := float64(n.meOwn.Load())/cn, float64(n.winOwn.Load())/cn
	return win - (me*rate + (1-me)*(1-rate))
}

// newNode returns a child with prior visits and wins (in visits).
func newNode(m game.Move, player board.Color, visits, wins float64) *node {
	k := new(node)
	k.init(m, player, visits, wins)
	return k
}

// init sets a new node's move, player and starting counts.
func (k *node) init(m game.Move, player board.Color, visits, wins float64) {
	k.move, k.player = m, player
	k.visits.Store(int64(math.Round(visits * unit)))
	k.wins.Store(int64(math.Round(wins * unit)))
}

// Candidate is a move of the root with its statistics.
type Candidate struct {
	Move   game.Move
	Visits int // playouts through it (priors excluded)
	// WinRate is the share of those playouts the player to move won (a
	// tie counting its share), without the priors' games: NaN when
	// Visits is 0. With Options.MarginWeight it is the mean reward, the
	// margin's share included.
	WinRate float64
	// Prior is, with learned priors (Options.Learned), the learned
	// model's probability of the move; otherwise the move's share of the
	// won games the hand-set priors gave the root's moves. Either way the
	// root's moves' priors add up to 1: how much the search favours the
	// move before any playout.
	Prior float64
	PV    []game.Move
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
	// Shared is, on two threads or more sharing a tree, the playouts that
	// started from a leaf another thread's descent was under way through
	// at the time (0 on one thread, and with Options.RootParallel).
	Shared int
}

// Player is an MCTS player. It implements gtp.Player.
type Player struct {
	Opt Options
	// Clock, if set, decides the time of each move instead of Opt.Time.
	Clock *Clock
	seq   uint64
	last  Analysis
	kept  kept // the last search's tree (Options.KeepTree)
}

// kept is the tree of a Player's last search and what it was made for.
type kept struct {
	root  *node
	more  []*node // the other threads' trees, with Options.RootParallel
	graph *board.Graph
	rules rules.Ruleset
	opt   treeKey // the options of the search that shape the tree
	hist  []game.Played
}

// descend returns, for each of k's trees (one, or with
// Options.RootParallel a tree a thread, k.root first), the node that the
// moves of s played since k's search lead to, or nil where the tree has
// no such node; and nil when s does not continue that game.
func (k *kept) descend(s game.State, opt Options) []*node {
	if !k.continued(s, opt) {
		return nil
	}
	roots := []*node{k.follow(k.root, s.History())}
	for _, r := range k.more {
		roots = append(roots, k.follow(r, s.History()))
	}
	return roots
}

// continued reports whether s continues the game of k's search, under
// options that shape the tree as its did.
func (k *kept) continued(s game.State, opt Options) bool {
	if k.root == nil || k.graph != s.Graph() || k.rules != s.Rules() || k.opt != keyOptions(opt) {
		return false
	}
	h := s.History()
	if len(h) < len(k.hist) {
		return false
	}
	for i, x := range k.hist {
		if h[i] != x {
			return false
		}
	}
	return true
}

// follow returns the node of the tree at root that the moves of h played
// since k's search lead to, or nil.
func (k *kept) follow(root *node, h []game.Played) *node {
	n := root
	path := make([]*node, 0, len(h)-len(k.hist))
	for _, x := range h[len(k.hist):] {
		var next *node
		for _, c := range n.kids() {
			if c.move == x.Move && c.player == x.Player {
				next = c
				break
			}
		}
		if next == nil {
			return nil
		}
		path = append(path, next)
		n = next
	}
	if n.kids() == nil {
		return nil
	}
	// A node's siblings share its allocation (children), so the new root
	// keeps them alive: drop their subtrees, which no search will reach.
	for i, x := range path {
		parent := root
		if i > 0 {
			parent = path[i-1]
		}
		for _, c := range parent.kids() {
			if c != x {
				c.children.Store(nil)
			}
		}
	}
	return n
}

// treeKey is what of the options shapes a tree: the priors, the rewards
// and the expansion.
type treeKey struct {
	heavy, learned, replies, gammas, sqrt, prune, falseEyes, ko, live bool
	tactics                                                           playout.Tactics
	crit, learnedGames, marginWeight, marginScale, prior, rave        float64
	widening, wideningRate, learnedFloor                              float64
	expand, distanceRave                                              int
}

// keyOptions returns the options that shape a tree.
func keyOptions(o Options) treeKey {
	return treeKey{o.Heavy, o.Learned, o.Replies, o.Gammas, o.LearnedSqrt, o.PruneLadders, o.FalseEyes, o.KoThreats, o.LiveOwners, o.Tactics,
		o.Criticality, o.LearnedGames, o.MarginWeight, o.MarginScale, o.PriorEven, o.RaveEquiv, o.Widening, o.WideningRate,
		o.LearnedFloor, o.ExpandVisits, o.DistanceRave}
}

// New returns a player with options o (zero fields take defaults).
func New(o Options) *Player {
	o.fill()
	return &Player{Opt: o}
}

// Reseed restarts the player's random choices from seed, as a new
// player with Opt.Seed = seed would make them (gtp's moku-seed).
func (p *Player) Reseed(seed uint64) {
	p.Opt.Seed = seed
	p.seq = 0
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
	if p.Opt.Heavy {
		s += ", heavy playouts"
		steps := p.Opt.Tactics.Names()
		for _, x := range []struct {
			on   bool
			name string
		}{{p.Opt.Replies, "last good replies"}, {p.Opt.Gammas, "gammas"}} {
			if x.on {
				steps = append(steps, x.name)
			}
		}
		if len(steps) > 0 {
			s += " (" + strings.Join(steps, ", ") + ")"
		}
	}
	if p.Opt.Learned {
		s += ", learned priors"
	}
	if p.Opt.KeepTree {
		s += ", tree kept"
	}
	if p.Opt.LCB {
		s += ", lower confidence bound"
	}
	if p.Opt.FalseEyes {
		s += ", false eyes"
	}
	if p.Opt.MarginWeight > 0 {
		s += fmt.Sprintf(", margin weight %g", p.Opt.MarginWeight)
		if p.Opt.MarginScale > 0 {
			s += fmt.Sprintf(" over %g points", p.Opt.MarginScale)
		}
	}
	d := DefaultOptions()
	if p.Opt.ExpandVisits != d.ExpandVisits {
		s += fmt.Sprintf(", expanded after %d visits", p.Opt.ExpandVisits)
	}
	if p.Opt.PriorEven != d.PriorEven {
		s += fmt.Sprintf(", %g even prior games", p.Opt.PriorEven)
	}
	if p.Opt.RaveEquiv != d.RaveEquiv {
		s += fmt.Sprintf(", RAVE equivalence %g", p.Opt.RaveEquiv)
	}
	if p.Opt.LearnedFloor > 0 && p.Opt.Learned {
		s += fmt.Sprintf(", no prior below %g", p.Opt.LearnedFloor)
	}
	if p.Opt.Widening > 0 {
		s += fmt.Sprintf(", widening from %g playouts by %g", p.Opt.Widening, p.Opt.WideningRate)
	}
	if r := p.Opt.Tactics.StepRate; r > 0 && r < 100 {
		s += fmt.Sprintf(", playout steps at %d%%", r)
	}
	if r := p.Opt.Tactics.SelfAtariRate; r > 0 && r < 100 {
		s += fmt.Sprintf(", self-ataris refused at %d%%", r)
	}
	if p.Opt.Criticality > 0 {
		s += fmt.Sprintf(", criticality %g", p.Opt.Criticality)
	}
	if p.Opt.DistanceRave > 0 {
		s += fmt.Sprintf(", distance RAVE %d", p.Opt.DistanceRave)
	}
	if p.Opt.KoThreats {
		s += ", no AMAF for ko threats"
	}
	if p.Opt.Explore > 0 {
		s += fmt.Sprintf(", exploration %g", p.Opt.Explore)
	}
	if p.Opt.SqrtVirtualLoss && p.Opt.Threads > 1 {
		s += ", virtual losses by sqrt(threads)"
	}
	if p.Opt.RootParallel && p.Opt.Threads > 1 {
		s += ", a tree a thread"
	}
	if p.Opt.DirectAMAF && p.Opt.Threads > 1 {
		s += ", AMAF unbuffered"
	}
	if p.Opt.LiveOwners && p.Opt.Learned {
		s += ", live owners"
	}
	if p.Opt.PruneLadders && p.Opt.Learned {
		s += ", caught escapes pruned"
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
	opt := p.Opt.Tune(s.Rules(), s.Graph())
	begin, mover := time.Now(), s.ToMove()
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
	var roots []*node
	if opt.KeepTree {
		roots = p.kept.descend(s, opt)
	}
	p.kept = kept{}
	a, roots, err := searchFrom(s, opt, roots)
	if err == nil && opt.KeepTree {
		p.kept = kept{root: roots[0], more: roots[1:], graph: s.Graph(), rules: s.Rules(), opt: keyOptions(opt),
			hist: append([]game.Played(nil), s.History()...)}
	}
	if p.Clock != nil {
		p.Clock.Spent(mover, time.Since(begin))
	}
	if err != nil {
		return game.Move{}, err
	}
	p.last = a
	if opt.Resign && s.Rules().Players == 2 && a.Playouts >= 500 && hopeless(a, opt.ResignRate) {
		return game.ResignMove, nil
	}
	return a.Best, nil
}

// Peek returns the move Genmove would choose in s with a fresh tree,
// and leaves the player as it was: its seeds, its kept tree, its last
// analysis and its clocks (GTP's reg_genmove). Peeking twice at one
// position with one thread answers the same.
func (p *Player) Peek(s game.State) (game.Move, error) {
	seq, tree, last, clock := p.seq, p.kept, p.last, p.Clock
	defer func() { p.seq, p.kept, p.last, p.Clock = seq, tree, last, clock }()
	p.kept = kept{}
	if clock != nil {
		p.Clock = clock.Copy()
	}
	return p.Genmove(s)
}

// hopeless reports whether a search's analysis a gives up the game at
// resign rate rate: the win rate over all its playouts is below rate,
// and so is that of every move with at least lcbShare of the most
// visited move's playouts. The most visited move alone will not do: a
// move the search found late may win far more often before it has
// gathered the most playouts (see Options.LCB).
func hopeless(a Analysis, rate float64) bool {
	if len(a.Candidates) == 0 || !(a.WinRate < rate) {
		return false
	}
	least := lcbShare * float64(a.Candidates[0].Visits)
	for _, c := range a.Candidates {
		if float64(c.Visits) >= least && c.Visits > 0 && !(c.WinRate < rate) {
			return false
		}
	}
	return true
}

// worker is one search thread: its own copy of the position, fast board,
// random generator and scratch space.
type worker struct {
	_          cacheline.Pad // the workers of one search write apart (package cacheline)
	s          game.State
	b          playout.Board
	r          playout.Rand
	path       []*node
	seen       []board.Color // AMAF: who played each point first in the rest of the game
	seenAt     []int32       // ... and at which move of the game below the root (Options.DistanceRave)
	treeKo     []bool        // Options.KoThreats: which of the descent's tree moves took a ko
	ko         []bool        // ... and which of the game's moves below the root did
	shift      []int32       // ... and the playout's passes before each of its steps
	moves      []game.Move
	own        [][board.MaxPlayers + 1]float64 // ownership counts
	live       []game.Shares                   // Options.LiveOwners: the owners the priors last read
	scores     [board.MaxPlayers + 1]float64   // summed scores
	margin     float64
	rewards    float64          // summed reward of the root's player
	expansions int              // the nodes the worker expanded
	shared     int              // its playouts from a leaf another descent was under way through (Analysis.Shared)
	buf        *amafBuffer      // the AMAF games held back for busy nodes' children (two threads or more), or nil
	diffs      []float32        // the root player's margin in each playout (when collected)
	ext        *prior.Extractor // the learned priors' features (Options.Learned)
	replies    *playout.Replies // the playouts' last good replies (Options.Replies), or nil
	seq        []playout.Step   // the placements of a descent and its playout (for replies)
	feats      []prior.Features
	probs      []float64
	// mu guards own, scores, margin, rewards, shared and diffs while a reporter
	// may read them (with Options.Report only).
	mu sync.Mutex
	_  cacheline.Pad
}

// liveOwners returns each point's owners for Options.LiveOwners: root,
// the root's estimate from OwnerPlayouts playouts, and the owners at the
// end of the worker's playouts so far, each playout counted alike.
func (w *worker) liveOwners(root []game.Shares) []game.Shares {
	if len(w.own) != len(root) {
		return root
	}
	n := 0.0
	for _, c := range w.own[0] {
		n += c
	}
	if n == 0 {
		return root
	}
	if len(w.live) != len(root) {
		w.live = make([]game.Shares, len(root))
	}
	k := float64(OwnerPlayouts)
	for p := range root {
		for c := range root[p] {
			w.live[p][c] = (k*root[p][c] + w.own[p][c]) / (k + n)
		}
	}
	return w.live
}

// tree is the shared search state.
type tree struct {
	root      *node
	opt       Options
	players   int
	me        board.Color
	liberty   bool
	koThreats bool    // Options.KoThreats, where it applies
	dist      []uint8 // graph distances, capped at 3
	edge      []bool
	done      atomic.Int64 // the playouts made
	begun     atomic.Int64 // the playouts the threads have taken on, at most limit of them made
	limit     int64
	begin     time.Time
	deadline  time.Time
	stopped   atomic.Bool   // StopEarly found the move decided, or Stop was closed
	collect   bool          // keep each playout's margin (for the komi pie)
	report    *reporter     // nil without Options.Report
	model     *prior.Model  // the learned priors (Options.Learned), or nil
	owners    []game.Shares // the root's owners the learned priors read (Options.LiveOwners), or nil
	points    int           // the board's points (the default MarginScale)
	// expansions is the nodes the threads expanded, once the search is
	// over: each once, however many threads reached it.
	expansions int
	// unflushed is the AMAF games, in units, the threads' buffers still
	// held once the search was over (none: each thread flushes as it
	// stops), and buffered the busy nodes whose children's AMAF games
	// went through a buffer.
	unflushed, buffered int64
	// vloss and vlossMin are the lost games a descent under way counts
	// for and the descents before they count, of Options.SqrtVirtualLoss
	// or Options.VirtualLoss (vloss 0: every descent one lost game).
	vloss    float64
	vlossMin int32
	// track counts the descents under way through each node (its
	// inflight): for the virtual losses of vloss, and on two threads or
	// more for Analysis.Shared.
	track bool
}

// virtualLoss returns the lost games a descent under way counts for and
// the descents under way before they count, of opt.SqrtVirtualLoss or
// opt.VirtualLoss; 0 for a plain virtual loss (the descent's visit) or
// one thread.
func virtualLoss(opt Options) (float64, int32) {
	switch {
	case opt.Threads <= 1:
		return 0, 0
	case opt.SqrtVirtualLoss:
		c := math.Sqrt(float64(opt.Threads)) / float64(opt.Threads)
		return c, int32(math.Ceil(1 / c))
	case opt.VirtualLoss > 1:
		return opt.VirtualLoss, 1
	}
	return 0, 0
}

// reporter calls Options.Report from the first thread (w) of a search.
type reporter struct {
	w     *worker
	s     game.State
	ws    []*worker
	every time.Duration
	next  time.Time
}

// HasTactics reports whether ruleset r on graph g has a tactical playout
// policy, so that Options.Heavy changes the search (Go and Kee with two
// players, Keil on the hexhex, and Ki; see Options.Heavy).
func HasTactics(r rules.Ruleset, g *board.Graph) bool {
	b, err := playout.New(r, g)
	if err != nil {
		return false
	}
	t, ok := b.(playout.Tactical)
	if !ok {
		return false
	}
	t.SetHeavy(true)
	return t.Heavy()
}

// HasLearned reports whether moku has learned priors for ruleset r on
// graph g, so that Options.Learned changes the search (prior.For).
func HasLearned(r rules.Ruleset, g *board.Graph) bool { return prior.For(r, g) != nil }

// Search searches s (which it leaves as it was) within opt's limits.
func Search(s game.State, opt Options) (Analysis, error) {
	a, _, err := searchFrom(s, opt, nil)
	return a, err
}

// searchFrom is Search from the kept trees roots (nil, or a nil tree: a
// new one), returning the searched trees' roots: with
// Options.RootParallel on two threads or more a tree a thread
// (rootSearch), otherwise the one tree all the threads share.
func searchFrom(s game.State, opt Options, roots []*node) (Analysis, []*node, error) {
	if opt.RootParallel && opt.Threads > 1 {
		return rootSearch(s, opt, roots)
	}
	var root *node
	if len(roots) > 0 {
		root = roots[0]
	}
	a, t, _, err := search(s, opt, false, root)
	if err != nil {
		return Analysis{}, nil, err
	}
	return a, []*node{t.root}, nil
}

// search is Search, also returning the tree and, if collect is set, the
// margin of the player to move (its score minus the best other's) in
// every playout. A root, if not nil, is the node of an earlier tree for
// s to search on from.
func search(s game.State, opt Options, collect bool, root *node) (Analysis, *tree, []float32, error) {
	opt = opt.Tune(s.Rules(), s.Graph())
	opt.fill()
	begin := time.Now()
	if collect {
		opt.StopEarly = false // the margins of every playout are the point
	}
	t := &tree{opt: opt, players: s.Rules().Players, me: s.ToMove(),
		liberty: s.Rules().Family == rules.Liberty, collect: collect, begin: begin}
	t.koThreats = opt.KoThreats && t.liberty && t.players == 2 && s.Rules().Links == rules.Plain
	t.root = root
	if root == nil || root.player != prevPlayer(s.ToMove(), t.players) {
		t.root = &node{player: prevPlayer(s.ToMove(), t.players)}
	}
	t.dist, t.edge = distances(s.Graph())
	t.points = s.Graph().N()
	t.vloss, t.vlossMin = virtualLoss(opt)
	t.track = t.vloss > 0 || opt.Threads > 1
	var owners []game.Shares
	if opt.Learned {
		t.model = prior.For(s.Rules(), s.Graph())
		if t.model != nil && t.model.Uses(prior.Owner) {
			owners = Owners(s, opt.Seed)
			if opt.LiveOwners {
				t.owners = owners
			}
		}
	}
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
		if opt.Threads > 1 { // each thread its own copy, none on the caller's memory
			ws = s.Clone()
		}
		b, err := playout.New(s.Rules(), s.Graph())
		if err != nil {
			return Analysis{}, nil, nil, err
		}
		if h, ok := b.(playout.Tactical); ok {
			h.SetHeavy(opt.Heavy)
		}
		n := s.Graph().N()
		workers[i] = &worker{s: ws, b: b, r: *playout.NewRand(opt.Seed*0x9e3779b97f4a7c15 + uint64(i) + 1),
			path: cacheline.Make[*node](0, 64), moves: cacheline.Make[game.Move](0, n+1),
			seen: cacheline.Make[board.Color](n, n), seenAt: cacheline.Make[int32](n, n), own: cacheline.Make[[board.MaxPlayers + 1]float64](n, n)}
		if opt.Threads > 1 && !opt.DirectAMAF {
			workers[i].buf = newAMAFBuffer()
		}
		if t.model != nil {
			workers[i].ext = prior.NewExtractor(s.Rules(), s.Graph())
			workers[i].ext.SetOwners(owners)
			workers[i].ext.SetModel(t.model)
		}
		if gb, ok := b.(*playout.SquareBoard); ok && opt.Heavy {
			gb.SetTactics(opt.Tactics)
			if m := prior.For(s.Rules(), s.Graph()); m != nil && opt.Gammas {
				gb.SetGammas(playoutGammas(m))
			}
		}
		if rb, ok := b.(playout.Replier); ok && opt.Replies && opt.Heavy && rb.Heavy() && t.players == 2 {
			workers[i].replies = playout.NewReplies(n)
			rb.SetReplies(workers[i].replies)
		}
	}
	if opt.Report != nil {
		every := max(opt.ReportEvery, time.Millisecond)
		t.report = &reporter{w: workers[0], s: s, ws: workers, every: every, next: begin.Add(every)}
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
	for _, w := range workers {
		t.expansions += w.expansions
		if w.buf != nil {
			t.unflushed += w.buf.pending()
			t.buffered += int64(len(w.buf.entries))
		}
	}
	var diffs []float32
	for _, w := range workers {
		diffs = append(diffs, w.diffs...)
	}
	return t.analysis(s, workers, time.Since(begin)), t, diffs, nil
}

func prevPlayer(c board.Color, players int) board.Color {
	return (c+board.Color(players)-2)%board.Color(players) + 1
}

// run iterates until the tree's limits are reached (or, with StopEarly,
// the move is decided).
func (t *tree) run(w *worker) {
	if w.buf != nil {
		defer w.buf.flush()
	}
	for i := 0; ; i++ {
		if t.done.Load() >= t.limit || t.stopped.Load() {
			return
		}
		if i%16 == 0 {
			if t.opt.Stop != nil {
				select {
				case <-t.opt.Stop:
					t.stopped.Store(true)
					return
				default:
				}
			}
			if !t.deadline.IsZero() || t.report != nil {
				now := time.Now()
				if !t.deadline.IsZero() && now.After(t.deadline) {
					return
				}
				if t.report != nil && w == t.report.w && now.After(t.report.next) && t.done.Load() > 0 {
					t.opt.Report(t.analysis(t.report.s, t.report.ws, now.Sub(t.begin)))
					t.report.next = time.Now().Add(t.report.every)
				}
			}
		}
		if t.opt.StopEarly && i%decideEvery == decideEvery-1 && t.decided() {
			t.stopped.Store(true)
			return
		}
		// Each playout is taken on before it is made, so that the
		// threads together make the limit exactly, never one more a
		// thread.
		if t.begun.Add(1) > t.limit {
			return
		}
		t.iterate(w)
		t.done.Add(1)
		if w.buf != nil && i%flushEvery == flushEvery-1 {
			w.buf.flush()
		}
	}
}

// decideEvery is how many iterations a thread makes between two looks at
// whether the move is decided (a look reads every child of the root).
const decideEvery = 64

// decided reports whether the root's most visited child keeps the lead
// however the playouts the limits leave fall: they are fewer than its lead
// over the runner-up. The playouts left are the rest of Playouts, and under
// Time those the speed so far fits in the time left. (Iterations under way
// on other threads have counted their visits already and are counted again
// among those left, which only errs towards searching on.)
func (t *tree) decided() bool {
	kids := t.root.kids()
	switch len(kids) {
	case 0:
		return false
	case 1:
		return true // the only move
	}
	if t.opt.LCB {
		return false // a move found late may yet overtake on its bound
	}
	var first, second int64
	for _, k := range kids {
		v := k.visits.Load()
		if v > first {
			first, second = v, first
		} else if v > second {
			second = v
		}
	}
	done := t.done.Load()
	left := t.limit - done
	if !t.deadline.IsZero() {
		now := time.Now()
		elapsed, rest := now.Sub(t.begin), t.deadline.Sub(now)
		if elapsed <= 0 {
			return false
		}
		left = min(left, int64(float64(done)*rest.Seconds()/elapsed.Seconds())+1)
	}
	return left < math.MaxInt64/unit && first-second > left*unit
}

// lcbStdevs and lcbShare are Options.LCB's standard errors below the
// rate and least share of the most visited child's playouts.
const (
	lcbStdevs = 3
	lcbShare  = 0.15
)

// mostVisited returns the child with the most visits, the first of
// those tied.
func mostVisited(kids []*node) *node {
	var best *node
	for _, k := range kids {
		if best == nil || k.visits.Load() > best.visits.Load() {
			best = k
		}
	}
	return best
}

// lcbChoice returns the child Options.LCB plays: of the children with
// at least lcbShare of the most visited one's playouts (the priors'
// games excluded), the one with the highest rate - lcbStdevs*sqrt(rate*
// (1-rate)/playouts), its standard error no less than that of a rate of
// 1/20 or 19/20, so that a rate of 0 or 1 is not taken as certain. The
// most visited child is the first candidate and keeps ties.
func lcbChoice(kids []*node) *node {
	top := mostVisited(kids)
	if top == nil || top.realVisits() <= 0 {
		return top
	}
	least := lcbShare * float64(top.realVisits())
	lcb := func(k *node) float64 {
		n := float64(k.realVisits())
		r := k.realRate()
		return r - lcbStdevs*math.Sqrt(max(r*(1-r), 0.05*0.95)/n)
	}
	best, bv := top, lcb(top)
	for _, k := range kids {
		if k == top || float64(k.realVisits()) < least || k.realVisits() <= 0 {
			continue
		}
		if v := lcb(k); v > bv {
			best, bv = k, v
		}
	}
	return best
}

// iterate is one descent, playout and backup.
func (t *tree) iterate(w *worker) {
	// 1. Descend, adding a virtual loss on the way.
	n := t.root
	t.descend(n)
	w.path = append(w.path[:0], n)
	for kids := n.kids(); len(kids) > 0; kids = n.kids() {
		n = t.choose(n, t.widen(n, kids))
		t.descend(n)
		w.path = append(w.path, n)
	}
	expand := n.realVisits() >= t.opt.ExpandVisits || n == t.root

	played := 0
	w.treeKo = w.treeKo[:0]
	for _, x := range w.path[1:] {
		if err := t.play(w, x); err != nil {
			panic(fmt.Sprintf("search: tree move %s is illegal: %v", x.move.Format(w.s.Graph()), err))
		}
		played++
	}

	// 2. Expand a leaf that has been visited often enough.
	if expand && !w.s.Over() {
		// One thread expands a node: the first to claim it. Another that
		// reaches it meanwhile plays out from it as from a leaf, rather than
		// work out the same children (with learned priors, much of a
		// descent's time) to throw them away.
		// The root is the exception: a playout from it counts for no
		// move, so the others wait for its children.
		kids := n.kids()
		if n.claimed.CompareAndSwap(false, true) {
			kids = t.children(w)
			n.children.Store(&kids)
			w.expansions++
		} else if n == t.root {
			for n.children.Load() == nil {
				runtime.Gosched()
			}
			kids = n.kids()
		}
		if len(kids) > 0 {
			n = t.choose(n, t.widen(n, kids))
			t.descend(n)
			w.path = append(w.path, n)
		}
		if len(w.path)-1 > played {
			if err := t.play(w, n); err != nil {
				panic(fmt.Sprintf("search: new move %s is illegal: %v", n.move.Format(w.s.Graph()), err))
			}
			played++
		}
	}

	// 3. Simulate.
	var score [board.MaxPlayers + 1]float64
	var steps []playout.Step
	if t.report != nil {
		w.mu.Lock()
	}
	if t.track && n.inflight.Load() > 1 {
		w.shared++
	}
	if w.s.Over() {
		score = w.s.Result().Score
		for _, c := range w.s.Result().Resigned {
			score[c] = math.Inf(-1)
		}
	} else {
		w.b.Load(w.s)
		w.b.Playout(&w.r)
		score = w.b.Score()
		steps = w.b.Steps()
		for p := range w.own {
			w.own[p][w.b.Owner(p)]++
		}
	}
	won := playout.Winners(score, t.players)
	if w.replies != nil {
		// The whole game below the root: the tree's placements, then the
		// playout's.
		w.seq = w.seq[:0]
		for _, x := range w.path[1:] {
			if x.move.Kind == game.Place {
				w.seq = append(w.seq, playout.Step{Point: int32(x.move.Point), Color: x.player})
			}
		}
		w.seq = append(w.seq, steps...)
		w.replies.Learn(w.seq, won)
	}
	reward := won
	if t.players == 2 && t.opt.MarginWeight > 0 {
		reward = t.marginReward(won, score)
	}
	for c := 1; c <= t.players; c++ {
		w.scores[c] += score[c]
	}
	w.rewards += won[t.me] // the analysis's WinRate: wins alone
	if t.collect {
		other := math.Inf(-1)
		for c := board.Black; int(c) <= t.players; c++ {
			if c != t.me {
				other = max(other, score[c])
			}
		}
		if d := score[t.me] - other; !math.IsInf(d, 0) && !math.IsNaN(d) {
			w.diffs = append(w.diffs, float32(d))
		}
	}
	if t.report != nil {
		w.mu.Unlock()
	}
	for i := 0; i < played; i++ {
		w.s.Undo()
	}

	// 4. Back up.
	var units [board.MaxPlayers + 1]int64
	for c := range reward {
		units[c] = int64(math.Round(reward[c] * unit))
	}
	crit := t.opt.Criticality > 0 && t.players == 2 && len(steps) > 0
	for _, x := range w.path {
		if r := units[x.player]; r != 0 {
			x.wins.Add(r)
		}
		if t.track {
			x.inflight.Add(-1)
		}
		if crit && x.move.Kind == game.Place {
			if o := w.b.Owner(x.move.Point); o != board.Empty {
				x.critN.Add(1)
				if o == x.player {
					x.meOwn.Add(1)
				}
				if won[o] == 1 {
					x.winOwn.Add(1)
				}
			}
		}
	}
	t.amaf(w, steps, units)
}

// play plays the move of x, a node of the worker's path, in its
// position, and with Options.KoThreats notes whether it took a ko.
func (t *tree) play(w *worker, x *node) error {
	if !t.koThreats {
		return w.s.Play(x.move)
	}
	ko := x.move.Kind == game.Place && surrounded(w.s, x.move.Point, x.player)
	if err := w.s.Play(x.move); err != nil {
		return err
	}
	w.treeKo = append(w.treeKo, ko && tookKo(w.s, x.move.Point))
	return nil
}

// surrounded reports whether every neighbour of p holds a stone of a
// player other than mover: the one shape (with plain links) in which a
// placement on p can take a ko.
func surrounded(s game.State, p int, mover board.Color) bool {
	for _, q := range s.Graph().Neighbors(p) {
		if c := s.At(int(q)); c == board.Empty || c == mover {
			return false
		}
	}
	return true
}

// tookKo reports whether the placement just made on p, whose neighbours
// all held the other player's stones, took a ko: it captured one stone
// alone, so that p has that point, and no other, for its liberty. Had it
// captured a larger group, a neighbour of that point, one of the group's
// stones, would be empty too.
func tookKo(s game.State, p int) bool {
	g := s.Graph()
	libs, lib := 0, -1
	for _, q := range g.Neighbors(p) {
		if s.At(int(q)) == board.Empty {
			libs, lib = libs+1, int(q)
		}
	}
	if libs != 1 {
		return false
	}
	for _, q := range g.Neighbors(lib) {
		if int(q) != p && s.At(int(q)) == board.Empty {
			return false
		}
	}
	return true
}

// koLength is Pachi's amaf_ko_length: with ko[i] whether move i of the
// game took a ko, 0 if move at took none, or else 1 + 3k, where the
// moves at+3, at+6, … at+3k took it back in turn (each after a threat
// and its answer).
func koLength(ko []bool, at int) int {
	if at >= len(ko) || !ko[at] {
		return 0
	}
	n := 1
	for at+n+2 < len(ko) && ko[at+n+2] {
		n += 3
	}
	return n
}

// descend adds a descent's visit to n, a virtual loss until the
// playout's reward is backed up (and on two threads or more counts it
// under way).
func (t *tree) descend(n *node) {
	n.visits.Add(unit)
	if t.track {
		n.inflight.Add(1)
	}
}

// amaf adds a playout to the AMAF games of the children of every node
// on the worker's path: a child whose move its player made first below
// the node, in the tree or in the playout's steps, gets the playout's
// reward units of its player, once or, with Options.DistanceRave, as
// many times as amafWeight gives.
func (t *tree) amaf(w *worker, steps []playout.Step, units [board.MaxPlayers + 1]int64) {
	// seen[p] is who played p first from here on, and seenAt[p] at which
	// move of the game below the root: the tree's moves are 0 to
	// len(w.path)-2, the playout's follow.
	for i := range w.seen {
		w.seen[i] = board.Empty
	}
	below := int32(len(w.path) - 1)
	for i := len(steps) - 1; i >= 0; i-- {
		w.seen[steps[i].Point] = steps[i].Color
		w.seenAt[steps[i].Point] = below + int32(i)
	}
	gameLen := below + int32(len(steps))
	// ko[i] is whether move i of the game below the root took a ko, the
	// playout's passes counted as moves (as Pachi's AMAF map counts them),
	// and shift[i] the passes before the playout's step i.
	var ko []bool
	var shift []int32
	if t.koThreats {
		if len(w.treeKo) != int(below) {
			panic(fmt.Sprintf("search: %d tree moves noted for ko, %d on the path", len(w.treeKo), below))
		}
		ko, shift = append(w.ko[:0], w.treeKo...), w.shift[:0]
		passes := int32(0)
		for _, st := range steps {
			for range st.Passes {
				ko = append(ko, false)
			}
			passes += int32(st.Passes)
			ko, shift = append(ko, st.Ko), append(shift, passes)
		}
		w.ko, w.shift = ko, shift
	}
	for d := len(w.path) - 1; d >= 0; d-- {
		x := w.path[d]
		kids := x.kids()
		threat := koLength(ko, d) // the moves below x up to this far may be ko threats
		var e *amafEntry          // x's children's games held back, or nil
		var real int64
		if w.buf != nil && len(kids) > 0 {
			if real = x.visits.Load() - x.prior; real >= bufferFrom*unit {
				e = w.buf.entry(x, kids)
			}
		}
		for i, k := range kids {
			if k.move.Kind == game.Place && w.seen[k.move.Point] == k.player {
				if threat >= 4 { // a threat needs the ko taken back once
					at := w.seenAt[k.move.Point]
					if at >= below {
						at += shift[at-below]
					}
					if at := int(at) - d; at <= threat && at%6 == 4 {
						continue // a ko threat before the ko is taken back
					}
				}
				n := int64(1)
				if t.opt.DistanceRave > 0 {
					n = amafWeight(t.opt.DistanceRave, w.seenAt[k.move.Point]-int32(d), gameLen-int32(d))
				}
				r := units[k.player]
				if e != nil {
					e.n[i] += n * unit
					e.w[i] += n * r
					continue
				}
				k.amafN.Add(n * unit)
				if r != 0 {
					k.amafWins.Add(n * r)
				}
			}
		}
		if e != nil {
			e.add(real)
		}
		if x.move.Kind == game.Place && d > 0 {
			w.seen[x.move.Point] = x.player
			w.seenAt[x.move.Point] = int32(d - 1)
		}
	}
}

// amafWeight is the AMAF games a move first played at move at of the n
// moves below a node counts with Options.DistanceRave dist (at 0 is the
// move right below the node): 1 + floor(dist*(n-at)/(n+1)), so dist for
// the first moves and 1 for the last (Pachi's distance_rave).
func amafWeight(dist int, at, n int32) int64 {
	if n < 0 || at < 0 || at >= n {
		return 1
	}
	return 1 + int64(dist)*int64(n-at)/int64(n+1)
}

// marginReward returns the two players' rewards of a playout that scored
// score, won is shared as reward (Options.MarginWeight): each player's
// reward mixes its share of the win with its margin, clamped to
// [-MarginScale, MarginScale] and scaled to [0, 1]. A resignation's
// infinite margin counts as the whole scale. The two rewards add up to 1.
func (t *tree) marginReward(won, score [board.MaxPlayers + 1]float64) [board.MaxPlayers + 1]float64 {
	w, scale := t.opt.MarginWeight, t.opt.MarginScale
	if scale <= 0 {
		scale = float64(t.points)
	}
	d := score[board.Black] - score[board.White]
	if math.IsNaN(d) {
		d = 0
	}
	m := min(max(0.5+d/(2*scale), 0), 1)
	var r [board.MaxPlayers + 1]float64
	r[board.Black] = (1-w)*won[board.Black] + w*m
	r[board.White] = 1 - r[board.Black]
	return r
}

// widenRate is Options.WideningRate's default.
const widenRate = 1.4

// widen returns the children of n that a descent may choose: all of
// them, or with Options.Widening the first few (see there).
func (t *tree) widen(n *node, kids []*node) []*node {
	a := t.opt.Widening
	if a <= 0 || len(kids) <= 2 {
		return kids
	}
	v := float64(n.realVisits())
	k := 2
	for ; k < len(kids) && v >= a; k++ {
		a *= t.opt.WideningRate
	}
	return kids[:k]
}

// choose returns the child of parent with the best value (ties to the
// first), with Options.Explore's term added.
func (t *tree) choose(parent *node, kids []*node) *node {
	inv := 1 / (t.opt.RaveEquiv * unit)
	conf := 0.0
	if t.opt.Explore > 0 {
		conf = t.opt.Explore * math.Sqrt(math.Log(max(float64(parent.visits.Load())/unit, 1)))
	}
	best, bv := kids[0], math.Inf(-1)
	for _, k := range kids {
		var v float64
		if t.vloss > 0 {
			v = k.valueVloss(inv, t.opt.Criticality, t.vloss, t.vlossMin)
		} else {
			v = k.value(inv, t.opt.Criticality)
		}
		if conf > 0 {
			if n := k.realVisits(); n > 0 {
				v += conf / math.Sqrt(float64(n))
			}
		}
		if v > bv {
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
	priorPattern     = 10 // won games for a point matching a 3x3 shape pattern (heavy only)
	priorSelfAtari   = 10 // lost games for a self-atari of two or more stones (heavy only)
)

// children returns a new child for every legal move of the worker's
// position, with priors: PriorEven even games for every move; a pass (when
// other moves exist) and, in the liberty games, a placement that fills an
// own eye (fillsEye) start from PriorEven losses instead; placements near
// the last placement, captures (in plain-adjacency games, and with the
// tactical policy in Keil) and lonely edge points get michi's extra won or
// lost games, and with the tactical policy (Heavy) so do 3x3 shape
// patterns (won) and self-ataris (lost).
func (t *tree) children(w *worker) []*node {
	w.moves = w.s.LegalMoves(w.moves[:0])
	if t.model != nil {
		return t.ordered(t.learnedChildren(w))
	}
	mover := w.s.ToMove()
	last := -1
	if h := w.s.History(); len(h) > 0 && h[len(h)-1].Move.Kind == game.Place {
		last = h[len(h)-1].Move.Point
	}
	gb, counts := w.b.(capturer)
	counts = counts && (w.s.Rules().Links == rules.Plain || t.opt.Heavy)
	if counts {
		gb.Load(w.s)
	}
	kids, block := make([]*node, 0, len(w.moves)), make([]node, len(w.moves))
	for i, m := range w.moves {
		visits, wins := t.opt.PriorEven, t.opt.PriorEven/2
		if m.Kind == game.Pass && len(w.moves) > 1 {
			wins = 0
		}
		if m.Kind == game.Place {
			visits, wins = t.placePrior(w, gb, counts, m.Point, mover, last, visits, wins)
		}
		k := &block[i]
		k.init(m, mover, visits, wins)
		k.prior, k.priorWon = k.visits.Load(), k.wins.Load()
		kids = append(kids, k)
	}
	return t.ordered(kids)
}

// ordered sorts new children by their priors' won games, most first,
// for Options.Widening (a stable sort: ties keep the legal moves'
// order); without it it returns them as they are.
func (t *tree) ordered(kids []*node) []*node {
	if t.opt.Widening > 0 {
		slices.SortStableFunc(kids, func(a, b *node) int { return cmp.Compare(b.priorWon, a.priorWon) })
	}
	return kids
}

// learnedChildren returns a new child for every move of w.moves, the
// legal moves of the worker's position, with the learned priors (see
// Options.Learned).
func (t *tree) learnedChildren(w *worker) []*node {
	if t.owners != nil {
		w.ext.SetOwners(w.liveOwners(t.owners))
	}
	w.feats = w.ext.Moves(w.s, w.moves, w.feats[:0])
	w.probs = t.model.Probabilities(w.feats, w.probs)
	best := 0.0
	for _, q := range w.probs {
		best = max(best, q)
	}
	mover := w.s.ToMove()
	kids, block := make([]*node, 0, len(w.moves)), make([]node, len(w.moves))
	for i, m := range w.moves {
		if t.opt.PruneLadders && w.feats[i][prior.Ladder] == 2 {
			continue // an escape the ladder catches anyway
		}
		visits, wins := t.opt.PriorEven, t.opt.PriorEven/2
		if best > 0 && w.probs[i] >= t.opt.LearnedFloor {
			x := t.opt.LearnedGames * w.probs[i] / best
			if t.opt.LearnedSqrt {
				x = t.opt.LearnedGames * math.Sqrt(w.probs[i])
			}
			visits += x
			wins += x
		}
		switch {
		case m.Kind == game.Pass && len(w.moves) > 1:
			wins = 0
		case m.Kind == game.Place && t.liberty && fillsEye(w.s, m.Point, mover, t.opt.FalseEyes):
			wins = 0
		}
		k := &block[i]
		k.init(m, mover, visits, wins)
		k.prior, k.priorWon = k.visits.Load(), k.wins.Load()
		k.policy = float32(w.probs[i])
		kids = append(kids, k)
	}
	return kids
}

// placePrior adds the priors of a placement on p to visits and wins.
func (t *tree) placePrior(w *worker, gb capturer, counts bool, p int, mover board.Color, last int, visits, wins float64) (float64, float64) {
	g := w.s.Graph()
	if t.liberty && fillsEye(w.s, p, mover, t.opt.FalseEyes) {
		return visits, 0
	}
	if sh, ok := gb.(shaper); ok && t.opt.Heavy {
		if sh.Pattern(p) {
			visits += priorPattern
			wins += priorPattern
		}
		if sh.SelfAtari(p) {
			visits += priorSelfAtari
		}
	}
	if counts {
		if n := gb.Captures(p); n > 0 {
			x := float64(priorCapture)
			if n > 1 {
				x = priorCaptureMany
			}
			visits += x
			wins += x
		}
	}
	if last >= 0 {
		switch d := t.dist[last*g.N()+p]; d {
		case 1:
			visits += priorNear1
			wins += priorNear1
		case 2:
			visits += priorNear2
			wins += priorNear2
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
			visits += priorLonelyEdge
		}
	}
	return visits, wins
}

// fillsEye reports whether a placement of mover on p fills an own eye:
// every neighbour of p holds a stone of the mover, no group of those
// stones has p for its last liberty, and, with falseEyes, p is no false
// eye. A point that is the last liberty of an own group is no eye: the
// other player may take it, capturing the group, and filling it joins
// the group to the others around it, often the only way to save it. A
// false eye (falseEye) is no eye either: its stones can be cut apart,
// and filling it is how they connect.
func fillsEye(s game.State, p int, mover board.Color, falseEyes bool) bool {
	nbrs := s.Graph().Neighbors(p)
	for _, q := range nbrs {
		if s.At(int(q)) != mover {
			return false
		}
	}
	// Whether the stones around p are two chains or more: an eye of one
	// chain connects nothing, and is no false eye.
	several := false
	if grouped, ok := s.(game.Grouped); ok {
		var first []int
		for i, q := range nbrs {
			stones, libs := grouped.Group(int(q))
			if len(libs) == 1 {
				return false
			}
			if i == 0 {
				first = stones
			} else if !slices.Contains(first, int(q)) {
				several = true
			}
		}
	}
	return !falseEyes || !several || !falseEye(s, p, mover)
}

// falseEye reports whether p, on a rectangle or torus with plain links,
// is a false eye of mover's: its diagonals (the points next to two of
// its neighbours) hold two stones of the other player's, or one when p
// is on the edge, as the playouts' eye test and Pachi's
// board_is_false_eyelike read it, but for stones in atari, which mover
// may capture. On other boards and links it is false. (fillsEye asks it
// only of points around two chains or more.)
func falseEye(s game.State, p int, mover board.Color) bool {
	g := s.Graph()
	if k := g.Kind(); k != "rect" && k != "torus" || s.Rules().Links != rules.Plain {
		return false
	}
	nbrs := g.Neighbors(p)
	var diag [8]int32
	var seen [8]int
	n, enemies := 0, 0
	for _, a := range nbrs {
		for _, d := range g.Neighbors(int(a)) {
			if int(d) == p || slices.Contains(nbrs, d) {
				continue
			}
			i := slices.Index(diag[:n], d)
			if i < 0 && n < len(diag) {
				i = n
				diag[n] = d
				n++
			}
			if i < 0 {
				continue
			}
			if seen[i]++; seen[i] == 2 {
				if c := s.At(int(d)); c != board.Empty && c != mover && !inAtari(s, int(d)) {
					enemies++
				}
			}
		}
	}
	if len(nbrs) < 4 {
		return enemies >= 1
	}
	return enemies >= 2
}

// inAtari reports whether the group of the stone on p has one liberty
// (false when s does not tell groups).
func inAtari(s game.State, p int) bool {
	if grouped, ok := s.(game.Grouped); ok {
		_, libs := grouped.Group(p)
		return len(libs) == 1
	}
	return false
}

// capturer is a fast board that counts the captures of a placement
// (playout.GoBoard, playout.SquareBoard and playout.HexKeilBoard).
type capturer interface {
	playout.Board
	Captures(p int) int
}

// shaper is a fast board that knows the tactical policy's shapes
// (playout.SquareBoard).
type shaper interface {
	Pattern(p int) bool
	SelfAtari(p int) bool
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
		if t.report != nil {
			w.mu.Lock()
		}
		rewards += w.rewards
		if len(ws) > 1 {
			a.Shared += w.shared
		}
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
		if t.report != nil {
			w.mu.Unlock()
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

	a.setCandidates(s, t.root.kids(), t.model != nil, t.opt.LCB, principal)
	return a
}

// setCandidates fills a's Candidates from the root's children kids, most
// visited first, each move's principal variation pv of its child, and
// a's Best: the most visited move, or with lcb the best lower confidence
// bound (lcbChoice); a legal move when there are no children. With
// learned a move's prior is the model's probability of it, otherwise its
// share of the priors' won games.
func (a *Analysis) setCandidates(s game.State, kids []*node, learned, lcb bool, pv func(*node) []game.Move) {
	kids = append([]*node(nil), kids...)
	sort.SliceStable(kids, func(i, j int) bool { return kids[i].visits.Load() > kids[j].visits.Load() })
	var priorWon int64
	for _, k := range kids {
		priorWon += k.priorWon
	}
	for _, k := range kids {
		c := Candidate{Move: k.move, Visits: k.realVisits(), WinRate: k.realRate(), PV: pv(k)}
		switch {
		case learned:
			c.Prior = float64(k.policy)
		case priorWon > 0:
			c.Prior = float64(k.priorWon) / float64(priorWon)
		}
		a.Candidates = append(a.Candidates, c)
	}
	switch {
	case len(kids) > 0 && lcb:
		a.Best = lcbChoice(kids).move
	case len(kids) > 0:
		a.Best = a.Candidates[0].Move
	default:
		a.Best = game.PassMove
		if moves := s.LegalMoves(nil); len(moves) > 0 {
			a.Best = moves[0]
		}
	}
}
