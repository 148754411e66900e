package search

import (
	"sync"
	"time"

	"moku/game"
)

// Root parallelism (Options.RootParallel; Cazenave and Jouandeau's
// single-run parallelization, Chaslot, Winands and van den Herik's root
// parallelization): each of the T threads searches a tree of its own, on
// one thread, with 1/T of the playouts and a seed of its own, and the
// move is chosen from the root moves of all T trees, their playouts and
// wins summed. The threads share nothing while they search, so no cache
// line crosses between the cores and no virtual loss steers one thread
// away from another's path; what they lose is each other's knowledge
// below the root.

// rootSearch is search with Options.RootParallel on opt.Threads > 1
// threads, from roots[i] for tree i where it is not nil (the kept trees:
// Options.KeepTree). It returns the analysis of the summed trees and each
// tree's root.
func rootSearch(s game.State, opt Options, roots []*node) (Analysis, []*node, error) {
	opt = opt.Tune(s.Rules(), s.Graph())
	opt.fill()
	begin := time.Now()
	k := opt.Threads
	one := opt
	one.Threads, one.RootParallel = 1, false
	as := make([]Analysis, k)
	ts := make([]*tree, k)
	errs := make([]error, k)
	var wg sync.WaitGroup
	for i := range k {
		o := one
		o.Seed = rootSeed(opt.Seed, i)
		if opt.Playouts > 0 {
			// The budget shared out whole: the first trees one more
			// each where it does not divide. (A tree of none gets one:
			// a search of no playouts is not one.)
			o.Playouts = opt.Playouts / k
			if i < opt.Playouts%k {
				o.Playouts++
			}
			o.Playouts = max(o.Playouts, 1)
		}
		if i > 0 {
			o.Report = nil // the reports under way are the first tree's alone
		}
		var root *node
		if i < len(roots) {
			root = roots[i]
		}
		ws := s.Clone()
		wg.Add(1)
		go func() {
			defer wg.Done()
			as[i], ts[i], _, errs[i] = search(ws, o, false, root)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return Analysis{}, nil, err
		}
	}
	out := make([]*node, k)
	for i, t := range ts {
		out[i] = t.root
	}
	return mergeAnalyses(s, ts, as, time.Since(begin)), out, nil
}

// rootSeed is the seed of tree i of a root-parallel search seeded seed:
// the first tree searches as one thread would.
func rootSeed(seed uint64, i int) uint64 {
	if i == 0 {
		return seed
	}
	return seed*0x9e3779b97f4a7c15 + uint64(i)*0xbf58476d1ce4e5b9
}

// mergeAnalyses is the analysis of the trees ts, whose own analyses are
// as: the playouts, win rate, margin and ownership of all of them, and
// each root move's playouts and wins summed over the trees. A move's
// principal variation is that of the tree that searched it most.
func mergeAnalyses(s game.State, ts []*tree, as []Analysis, took time.Duration) Analysis {
	a := Analysis{Seconds: took.Seconds(), Threads: len(ts), Ownership: make([]float64, s.Graph().N())}
	for _, x := range as {
		a.Playouts += x.Playouts
	}
	n := float64(max(a.Playouts, 1))
	for _, x := range as {
		w := float64(x.Playouts) / n
		a.WinRate += w * x.WinRate
		a.Margin += w * x.Margin
		for p, v := range x.Ownership {
			a.Ownership[p] += w * v
		}
	}
	// The summed root: a child for each move of any tree, with the counts
	// of that move's children in every tree.
	type sum struct {
		k   *node
		top *node // the trees' child of the most playouts, for the PV
	}
	var order []game.Move
	by := map[game.Move]*sum{}
	for _, t := range ts {
		for _, c := range t.root.kids() {
			m := by[c.move]
			if m == nil {
				m = &sum{k: &node{move: c.move, player: c.player, policy: c.policy}, top: c}
				by[c.move] = m
				order = append(order, c.move)
			} else if c.visits.Load() > m.top.visits.Load() {
				m.top = c
			}
			m.k.visits.Add(c.visits.Load())
			m.k.wins.Add(c.wins.Load())
			m.k.prior += c.prior
			m.k.priorWon += c.priorWon
		}
	}
	kids := make([]*node, len(order))
	for i, mv := range order {
		kids[i] = by[mv].k
	}
	a.setCandidates(s, kids, ts[0].model != nil, ts[0].opt.LCB, func(k *node) []game.Move {
		return append([]game.Move{k.move}, principal(by[k.move].top)[1:]...)
	})
	return a
}

// principal returns the moves from x down its most visited children, x's
// own first.
func principal(x *node) []game.Move {
	var pv []game.Move
	for x != nil {
		pv = append(pv, x.move)
		var next *node
		for _, y := range x.kids() {
			if y.realVisits() > 0 && (next == nil || y.visits.Load() > next.visits.Load()) {
				next = y
			}
		}
		x = next
	}
	return pv
}
