package search

// On two threads or more every playout adds AMAF games to the children of
// each node on its path, and the nodes at the top of the tree are on
// nearly every thread's path: each such add is an atomic write to a cache
// line the other thread wrote last, so the line crosses between the cores
// several dozen times a playout. Where that crossing is dear (a virtual
// machine's cores, say) the second thread added a quarter of a thread's
// speed, not nine tenths (docs/results.md, "Search threads").
//
// So each thread keeps the AMAF games it gives the children of every node
// with bufferFrom playouts or more in an amafBuffer of its own: one add a
// child a flush rather than one a playout. It adds a node's held-back
// games to the tree once the playouts they come from reach 1/staleShare of
// the node's real playouts, so that no node's children miss more than that
// share of its games (a node of 16 playouts every 2 of this thread's
// playouts through it), and it adds all it holds every flushEvery
// playouts and when it stops, which is what bounds the busy top: the root
// of 40,000 playouts would otherwise wait for 5,000. From a young node
// that share is small beside the games its children's priors start with
// (PriorEven, and with learned priors up to LearnedGames more). One thread
// writes straight to the tree, as before, and searches exactly as it did.

// bufferFrom is the real visits from which a node's children get their
// AMAF games through each thread's buffer: twice michi's ExpandVisits, so
// all but the newest nodes. From 256 visits on (the busy top of the tree
// only), the second thread of BenchmarkSearch9x9TunedThreads2 added about
// three quarters of what it adds from 16 (docs/results.md, "Search
// threads"): the two threads share deep paths too.
const bufferFrom = 16

// staleShare bounds what a buffer holds back from a node's children: the
// games of at most 1/staleShare of the node's real playouts.
const staleShare = 8

// flushEvery is the playouts a thread makes between two flushes of its
// whole buffer.
const flushEvery = 256

// amafBuffer is one thread's AMAF games held back for the children of busy
// nodes: for each such node (found through at), its children and the AMAF
// games and wins, in units, not yet added to them.
type amafBuffer struct {
	at      map[*node]int32
	entries []amafEntry
	dirty   []int32 // the entries written since the last flush
}

// amafEntry is the held-back AMAF games of one node's children, index for
// index.
type amafEntry struct {
	kids  []*node
	n, w  []int64
	dirty bool
	held  int64 // the playouts whose games n and w hold back
}

// newAMAFBuffer returns an empty buffer.
func newAMAFBuffer() *amafBuffer { return &amafBuffer{at: make(map[*node]int32)} }

// entry returns the buffer's entry for the children kids of x, making it
// on first use.
func (b *amafBuffer) entry(x *node, kids []*node) *amafEntry {
	i, ok := b.at[x]
	if !ok {
		i = int32(len(b.entries))
		b.at[x] = i
		b.entries = append(b.entries, amafEntry{kids: kids, n: make([]int64, len(kids)), w: make([]int64, len(kids))})
	}
	e := &b.entries[i]
	if !e.dirty {
		e.dirty = true
		b.dirty = append(b.dirty, i)
	}
	return e
}

// add notes that one more playout's games went into e, for a node whose
// real visits (in units) are real, and adds e's games to the tree once
// they come from 1/staleShare of those visits.
func (e *amafEntry) add(real int64) {
	e.held++
	if e.held*unit*staleShare >= real {
		e.flush()
	}
}

// flush adds e's games to the tree and empties its counts.
func (e *amafEntry) flush() {
	for j, k := range e.kids {
		if n := e.n[j]; n != 0 {
			k.amafN.Add(n)
			e.n[j] = 0
		}
		if r := e.w[j]; r != 0 {
			k.amafWins.Add(r)
			e.w[j] = 0
		}
	}
	e.held = 0
}

// flush adds the games held back to the tree and empties the buffer's
// counts (its entries stay, for the same nodes are busy the next time).
func (b *amafBuffer) flush() {
	for _, i := range b.dirty {
		e := &b.entries[i]
		if e.held > 0 {
			e.flush()
		}
		e.dirty = false
	}
	b.dirty = b.dirty[:0]
}

// pending returns the AMAF games, in units, the buffer holds back.
func (b *amafBuffer) pending() int64 {
	var s int64
	for _, e := range b.entries {
		for _, n := range e.n {
			s += n
		}
	}
	return s
}
