package solve

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"time"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// KiSolver solves two-player Ki on boards of at most 64 points, much
// faster than Solver: positions are two bitboards, and the transposition
// table is keyed on the position alone. That is exact in Ki, unlike under
// superko, because no position can recur in Ki on any graph (the proof is
// in package ki, recurrence_test.go: the potential stones + same-colour
// edges − two-colour edges never falls, and a recurrence would need it
// constant through placements that cannot exist), so the history never
// decides anything and a position's value is a function of the position.
// For the same reason every game ends with the board full (an empty point
// is always open to one of the players), so the score is Black's stones
// on a full board: the search finds V, the number of points Black ends
// with, and the margin is 2V − n − komi. Komi does not change play.
//
// The search is MTD(f) over V: null-window alpha-beta ("is V at least
// b?"), fail-soft, with the table (the best move and proven bounds of
// each position, under the board's symmetries), the history heuristic and
// the bounds of kiSafe read for the full-board end: colour c ends with at
// least |T|+|E| points (E is never the opponent's and the board ends
// full), so Black ends with at least |T_B|+|E_B| and at most
// n − |T_W| − |E_W|. Solver is the reference it is tested against.
type KiSolver struct {
	r    rules.Ruleset
	g    *board.Graph
	opt  Options
	n    int
	full uint64
	nbr  []uint64
	// perm[k][j][v] maps byte j of a bitboard with value v through
	// symmetry k; inv holds the inverse permutations as point maps.
	perm [][8][256]uint64
	syms [][]int
	inv  [][]int

	tab  []kiSlot // 2-way buckets: entries i and i^1
	free func()   // releases tab, if the garbage collector does not
	mask uint64
	used *atomic.Int64 // entries in use (shared by the threads)

	root     kiPos
	start    time.Time
	lastProg time.Time
	lo, hi   int // V is in [lo, hi]
	k2       int // twice the komi

	// Each thread of the search is a KiSolver of its own, sharing the
	// table; helpers are the threads besides this one (Options.Threads).
	helpers []*KiSolver
	total   *atomic.Int64 // the nodes of all threads, counted every 4096
	abort   *atomic.Bool  // set when a thread has answered the test
	noise   *rand.Rand    // helpers: random tie-breaks, so threads part ways
	hh      [2][]int64
	moves   []int
	nodes   int64
	probes  int64
}

// errTestDone stops the other threads once one has answered a test.
var errTestDone = errors.New("solve: another thread answered the test")

// kiPos is a Ki position: the stones and whether Black is to move.
type kiPos struct {
	b, w  uint64
	black bool
}

// kiEntry is a table entry: a position in canonical orientation, proven
// bounds on V, the best move found (canonical orientation, -1 for none,
// n for a pass) and the log2 of its subtree's size (replacement priority).
type kiEntry struct {
	B, W   uint64
	Lo, Hi int8
	Best   int8
	Flags  uint8 // kiUsed, kiBlack
	Work   uint8
}

// kiSlot holds an entry in three words that threads read and write
// without locks: d packs the bounds, best move, flags and work, and the
// stones are stored mixed with d (b = B ^ mix(d), w = W ^ mix'(d)). A
// read whose words come from different writes decodes to stones that are
// not the position looked for (unless 128 bits of mixing agree by
// chance), so it counts as a miss; no read can take another position's
// bounds.
type kiSlot struct{ b, w, d atomic.Uint64 }

func kiMix(d, k uint64) uint64 {
	d = (d ^ k) * 0xbf58476d1ce4e5b9
	d ^= d >> 31
	d *= 0x94d049bb133111eb
	return d ^ d>>29
}

func (sl *kiSlot) load() kiEntry {
	d := sl.d.Load()
	if d == 0 {
		return kiEntry{}
	}
	return kiEntry{B: sl.b.Load() ^ kiMix(d, 1), W: sl.w.Load() ^ kiMix(d, 2),
		Lo: int8(d), Hi: int8(d >> 8), Best: int8(d >> 16), Flags: uint8(d >> 24), Work: uint8(d >> 32)}
}

func (sl *kiSlot) put(e kiEntry) {
	d := uint64(uint8(e.Lo)) | uint64(uint8(e.Hi))<<8 | uint64(uint8(e.Best))<<16 | uint64(e.Flags)<<24 | uint64(e.Work)<<32
	sl.d.Store(d)
	sl.b.Store(e.B ^ kiMix(d, 1))
	sl.w.Store(e.W ^ kiMix(d, 2))
}

const (
	kiUsed  = 1
	kiBlack = 2
)

// KiFast reports whether KiSolver handles the ruleset and board.
func KiFast(r rules.Ruleset, g *board.Graph) bool {
	return r.Family == rules.Control && r.Players == 2 && g.N() <= 64
}

// NewKi prepares a KiSolver for the ruleset and board, at the start.
func NewKi(r rules.Ruleset, g *board.Graph, opt Options) (*KiSolver, error) {
	if err := r.Validate(g); err != nil {
		return nil, err
	}
	if err := checkSize(g); err != nil {
		return nil, err
	}
	if !KiFast(r, g) {
		return nil, fmt.Errorf("the Ki solver needs two-player Ki on at most 64 points, not %s on %s", r, g.Spec())
	}
	if r.Komi*2 != math.Trunc(r.Komi*2) {
		return nil, fmt.Errorf("komi %v: the solver needs a multiple of 0.5", r.Komi)
	}
	n := g.N()
	s := &KiSolver{r: r, g: g, opt: opt, n: n, k2: int(2 * r.Komi),
		used: new(atomic.Int64), total: new(atomic.Int64), abort: new(atomic.Bool)}
	s.full = ^uint64(0)
	if n < 64 {
		s.full = 1<<uint(n) - 1
	}
	s.nbr = neighbourMasks(g)
	s.syms = symmetries(g)
	if opt.NoSymmetry {
		s.syms = s.syms[:1]
	}
	s.perm = make([][8][256]uint64, len(s.syms))
	for k, pm := range s.syms {
		inv := make([]int, n)
		for p, q := range pm {
			inv[q] = p
		}
		s.inv = append(s.inv, inv)
		for j := 0; j < 8; j++ {
			for v := 0; v < 256; v++ {
				var out uint64
				for i := 0; i < 8; i++ {
					if p := 8*j + i; v&(1<<uint(i)) != 0 && p < n {
						out |= 1 << uint(pm[p])
					}
				}
				s.perm[k][j][v] = out
			}
		}
	}
	if !opt.NoTable {
		size := 1 << 16
		want := opt.MaxEntries
		if want <= 0 {
			want = 1 << 23
		}
		for size < want {
			size <<= 1
		}
		s.tab, s.free = allocTable(size)
		s.mask = uint64(size - 1)
	}
	for c := range s.hh {
		s.hh[c] = make([]int64, n)
		for p := 0; p < n; p++ {
			s.hh[c][p] = int64(g.Degree(p))
		}
	}
	s.root = kiPos{black: true}
	for i := 1; i < opt.Threads; i++ {
		h := *s
		h.helpers, h.moves = nil, nil
		h.noise = rand.New(rand.NewPCG(uint64(i), 0x6b69))
		for c := range h.hh {
			h.hh[c] = append([]int64(nil), s.hh[c]...)
		}
		s.helpers = append(s.helpers, &h)
	}
	return s, nil
}

// hugeTable is the table size in bytes from which allocTable maps the
// table itself, with huge pages where the system has them.
var hugeTable = 1 << 30

// Close releases the table of a solver whose table is mapped outside the
// Go heap (see allocTable). The solver must not be used after.
func (s *KiSolver) Close() {
	if s.free != nil {
		s.free()
		s.free = nil
	}
	s.tab = nil
	for _, h := range s.helpers {
		h.tab = nil
	}
}

// SetPosition sets the position to solve from: st's board and player to
// move (its history does not matter in Ki).
func (s *KiSolver) SetPosition(st game.State) {
	var p kiPos
	for q := 0; q < s.n; q++ {
		switch st.At(q) {
		case board.Black:
			p.b |= 1 << uint(q)
		case board.White:
			p.w |= 1 << uint(q)
		}
	}
	p.black = st.ToMove() == board.Black
	s.root = p
	for _, h := range s.helpers {
		h.root = p
	}
}

// Rules returns the ruleset being solved.
func (s *KiSolver) Rules() rules.Ruleset { return s.r }

func (s *KiSolver) method() string {
	m := "MTD(f) alpha-beta on bitboards (Ki: positions never recur, so the value is the position's alone)"
	if !s.opt.NoTable {
		m += ", transposition table keyed on the position"
	}
	if len(s.syms) > 1 {
		m += fmt.Sprintf(", %d symmetries", len(s.syms))
	}
	if !s.opt.NoBounds {
		m += ", kiSafe bounds"
	}
	if len(s.helpers) > 0 {
		m += fmt.Sprintf(", %d threads sharing the table", len(s.helpers)+1)
	}
	return m
}

// margin turns Black's final points into Black's margin in half points.
func (s *KiSolver) margin(v int) int { return 2*(2*v-s.n) - s.k2 }

// Solve computes the value of the position and a principal variation.
func (s *KiSolver) Solve() (res *Result, err error) {
	s.start = time.Now()
	s.lastProg = s.start
	s.total.Store(0)
	for _, w := range s.workers() {
		w.nodes, w.probes = 0, 0
	}
	res = &Result{Rules: s.r.String(), Board: s.g.Spec(), Method: s.method()}
	s.lo, s.hi = 0, s.n
	defer catchStop(&err, func() { s.fill(res) })
	guess := s.hi
	if s.opt.Guess != nil {
		// margin g = 2V − n − komi
		guess = int(math.Ceil((*s.opt.Guess + float64(s.n) + s.r.Komi) / 2))
	}
	for s.lo < s.hi {
		b := guess
		if b <= s.lo {
			b = s.lo + 1
		}
		if b > s.hi {
			b = s.hi
		}
		v := s.test(b)
		if v >= b {
			s.lo = v
		} else {
			s.hi = v
		}
		guess = v
	}
	res.SolveNodes, res.SolveSeconds = s.allNodes(), time.Since(s.start).Seconds()
	res.PV = s.pv(s.lo)
	s.fill(res)
	return res, nil
}

// workers returns every thread: s and its helpers.
func (s *KiSolver) workers() []*KiSolver { return append([]*KiSolver{s}, s.helpers...) }

// allNodes returns the nodes of all threads.
func (s *KiSolver) allNodes() int64 {
	var n int64
	for _, w := range s.workers() {
		n += w.nodes
	}
	return n
}

// test answers "is V at least b?" with every thread searching the root
// (lazy SMP: they share the table, and the helpers break ties in the move
// order at random, so they part ways and leave each other results); the
// first thread to finish answers, and the others stop.
func (s *KiSolver) test(b int) int {
	if len(s.helpers) == 0 {
		return s.search(s.root, b-1, b)
	}
	s.abort.Store(false)
	type outcome struct {
		v     int
		fault any
	}
	ws := s.workers()
	done := make(chan outcome, len(ws))
	for _, w := range ws {
		go func() {
			defer func() {
				if e := recover(); e != nil {
					done <- outcome{fault: e}
				}
			}()
			w.moves = w.moves[:0]
			done <- outcome{v: w.search(w.root, b-1, b)}
		}()
	}
	var answer *outcome
	var fault any
	for range ws {
		o := <-done
		switch {
		case o.fault == nil && answer == nil:
			answer = &o
			s.abort.Store(true)
		case o.fault != nil && o.fault != errTestDone && fault == nil:
			fault = o.fault
			s.abort.Store(true)
		}
	}
	s.abort.Store(false)
	if answer != nil {
		return answer.v
	}
	panic(fault)
}

func (s *KiSolver) fill(res *Result) {
	res.Nodes = s.allNodes()
	res.Seconds = time.Since(s.start).Seconds()
	if res.Seconds > 0 {
		res.NPS = float64(res.Nodes) / res.Seconds
	}
	res.Lower, res.Upper = float64(s.margin(s.lo))/2, float64(s.margin(s.hi))/2
	res.Exact = s.lo == s.hi
	res.Value = res.Lower
	if !res.Exact {
		res.Value = (res.Lower + res.Upper) / 2
	}
	res.Entries = int(s.used.Load())
	for _, w := range s.workers() {
		res.Probes += w.probes
	}
}

// tick counts a node and handles limits, interruption and progress.
func (s *KiSolver) tick() {
	s.nodes++
	if s.nodes&0xfff == 0 {
		total := s.total.Add(0x1000)
		if s.abort.Load() {
			panic(errTestDone)
		}
		checkLimits(total, s.opt.MaxNodes, s.opt.Stop)
		if s.noise != nil {
			return // the helpers do not report
		}
		if now, due := progressDue(&s.opt, &s.lastProg); due {
			s.opt.Progress(Progress{Nodes: total, Seconds: now.Sub(s.start).Seconds(),
				Lower: float64(s.margin(s.lo)) / 2, Upper: float64(s.margin(s.hi)) / 2, Entries: int(s.used.Load()), Line: s.line()})
		}
	}
}

func (s *KiSolver) line() string {
	var parts []string
	for _, m := range s.moves {
		parts = append(parts, s.moveName(m))
	}
	return strings.Join(parts, " ")
}

func (s *KiSolver) moveName(m int) string {
	if m == s.n {
		return "pass"
	}
	return s.g.Name(m)
}

// legal returns the empty points where the mover (stones me) may place:
// those the opponent does not control.
func (s *KiSolver) legal(me, opp uint64) uint64 {
	empty := s.full &^ (me | opp)
	out := empty
	for m := empty; m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m)
		o := bits.OnesCount64(s.nbr[p] & opp)
		if o >= 2 && o > bits.OnesCount64(s.nbr[p]&me) {
			out &^= 1 << uint(p)
		}
	}
	return out
}

// play returns the position after the player to move in p places at q.
func (s *KiSolver) play(p kiPos, q int) kiPos {
	if p.black {
		b, w := s.place(p.b, p.w, q)
		return kiPos{b, w, false}
	}
	w, b := s.place(p.w, p.b, q)
	return kiPos{b, w, true}
}

// place puts the mover's stone on p and removes the opponent's stones
// beside p on points the mover now controls (judged before any removal).
func (s *KiSolver) place(me, opp uint64, p int) (uint64, uint64) {
	me |= 1 << uint(p)
	var gone uint64
	for m := s.nbr[p] & opp; m != 0; m &= m - 1 {
		q := bits.TrailingZeros64(m)
		c := bits.OnesCount64(s.nbr[q] & me)
		if c >= 2 && c > bits.OnesCount64(s.nbr[q]&opp) {
			gone |= 1 << uint(q)
		}
	}
	return me, opp &^ gone
}

// safe is kiSafe for the owner of the stones own against opp.
func (s *KiSolver) safe(own, opp uint64) (T, E uint64) {
	return kiSafeSets(s.nbr, own, s.full&^(own|opp))
}

// canon returns the position in canonical orientation (the least image
// over the symmetries) and the symmetry that gives it.
func (s *KiSolver) canon(p kiPos) (b, w uint64, k int) {
	b, w = p.b, p.w
	for j := 1; j < len(s.syms); j++ {
		t := &s.perm[j]
		var pb, pw uint64
		for i, x, y := 0, p.b, p.w; x|y != 0; i, x, y = i+1, x>>8, y>>8 {
			pb |= t[i][x&0xff]
			pw |= t[i][y&0xff]
		}
		if pb < b || pb == b && pw < w {
			b, w, k = pb, pw, j
		}
	}
	return b, w, k
}

func (s *KiSolver) slot(b, w uint64, black bool) uint64 {
	h := b*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(w*0xc2b2ae3d27d4eb4f, 31)
	if black {
		h ^= 0x165667b19e3779f9
	}
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 32
	return h & s.mask
}

// probe returns the table entry of the canonical position, if any.
func (s *KiSolver) probe(b, w uint64, black bool) (kiEntry, bool) {
	i := s.slot(b, w, black)
	fl := uint8(kiUsed)
	if black {
		fl |= kiBlack
	}
	for _, j := range [2]uint64{i, i ^ 1} {
		if e := s.tab[j].load(); e.Flags == fl && e.B == b && e.W == w {
			return e, true
		}
	}
	return kiEntry{}, false
}

// store records bounds [lo, hi] and the best move of a canonical position.
func (s *KiSolver) store(b, w uint64, black bool, lo, hi, best int, work int64) {
	fl := uint8(kiUsed)
	if black {
		fl |= kiBlack
	}
	wk := uint8(bits.Len64(uint64(work)))
	i := s.slot(b, w, black)
	at := &s.tab[i]
	e := at.load()
	if f := s.tab[i^1].load(); f.Flags == fl && f.B == b && f.W == w {
		at, e = &s.tab[i^1], f
	} else if !(e.Flags == fl && e.B == b && e.W == w) {
		// Replace an empty entry, else the one with the smaller subtree.
		if e.Flags != 0 && (f.Flags == 0 || f.Work < e.Work) {
			at, e = &s.tab[i^1], f
		}
		if e.Flags != 0 && e.Work > wk+2 {
			return // keep the far bigger result
		}
		if e.Flags == 0 {
			s.used.Add(1)
		}
		e = kiEntry{B: b, W: w, Lo: 0, Hi: int8(s.n), Best: -1, Flags: fl}
	}
	defer func() { at.put(e) }()
	if int8(lo) > e.Lo {
		e.Lo = int8(lo)
	}
	if int8(hi) < e.Hi {
		e.Hi = int8(hi)
	}
	if best >= 0 {
		e.Best = int8(best)
	}
	if wk > e.Work {
		e.Work = wk
	}
}

// kiOrderMin and kiOrderShift: at nodes with at least kiOrderMin empty
// points, moves are ordered by gain (weighted 2^kiOrderShift) plus the
// history heuristic.
var kiOrderMin, kiOrderShift = 6, 20

// gain is a move's static worth to the mover: stones gained (the one
// placed and those captured) plus empty points the mover then controls,
// minus empty points the opponent controls.
func (s *KiSolver) gain(me, opp uint64, q int) int {
	nm, no := s.place(me, opp, q)
	v := bits.OnesCount64(opp) - bits.OnesCount64(no) + 1
	empty := s.full &^ (nm | no)
	for m := empty; m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m)
		a, b := bits.OnesCount64(s.nbr[p]&nm), bits.OnesCount64(s.nbr[p]&no)
		if a >= 2 && a > b {
			v++
		} else if b >= 2 && b > a {
			v--
		}
	}
	return v + 64
}

// kiETC is the least number of empty points at which search looks up
// every child in the table before searching any.
var kiETC = 9

// storeBounds records the kiSafe bounds of a position that they decided.
func (s *KiSolver) storeBounds(b, w uint64, black bool, lo, hi int) {
	if s.tab != nil {
		s.store(b, w, black, lo, hi, -1, 1)
	}
}

// search returns a fail-soft bound of V (Black's points at the end) at
// position p for the window (alpha, beta): a value v <= alpha is an upper
// bound, v >= beta a lower bound, anything between exact.
func (s *KiSolver) search(p kiPos, alpha, beta int) int {
	s.tick()
	occupied := p.b | p.w
	if occupied == s.full {
		return bits.OnesCount64(p.b)
	}
	n, lo, hi, v, done := s.bounds(p, alpha, beta)
	if done {
		return v
	}
	me, opp := p.b, p.w
	if !p.black {
		me, opp = p.w, p.b
	}
	legal := s.legal(me, opp)
	if s.tab != nil && legal != 0 && s.n-bits.OnesCount64(occupied) >= kiETC {
		if v, cut := s.etc(p, n, legal, lo, hi, alpha, beta); cut {
			return v
		}
	}
	startNodes := s.nodes
	var bestMove int
	if legal == 0 {
		// A forced pass.
		s.moves = append(s.moves, s.n)
		v = s.search(kiPos{p.b, p.w, !p.black}, alpha, beta)
		s.moves = s.moves[:len(s.moves)-1]
		bestMove = s.n
	} else {
		v, bestMove = s.searchMoves(p, legal, n.best, alpha, beta)
	}
	v = min(max(v, lo), hi)
	if s.tab != nil {
		s.remember(p, n, lo, hi, v, alpha, beta, bestMove, s.nodes-startNodes)
	}
	return v
}

// kiNode is what search keeps of a node: its canonical position (cb, cw)
// and orientation k, for the table, and the best move the table knows
// (-1: none).
type kiNode struct {
	cb, cw  uint64
	k, best int
}

// bounds returns what is known of the node's value before searching it:
// the bounds [lo, hi] of its table entry or else of kiSafe (which are
// stored), and done with the value v when they decide the node for the
// window [alpha, beta].
func (s *KiSolver) bounds(p kiPos, alpha, beta int) (n kiNode, lo, hi, v int, done bool) {
	lo, hi = 0, s.n
	n.best = -1
	found := false
	if s.tab != nil {
		n.cb, n.cw, n.k = s.canon(p)
		if e, ok := s.probe(n.cb, n.cw, p.black); ok {
			// The entry's bounds include the kiSafe bounds of its
			// first search, so they need not be computed again.
			s.probes++
			found = true
			lo, hi = int(e.Lo), int(e.Hi)
			if lo >= beta || lo == hi {
				return n, lo, hi, lo, true
			}
			if hi <= alpha {
				return n, lo, hi, hi, true
			}
			if e.Best >= 0 {
				n.best = int(e.Best)
				if n.best < s.n {
					n.best = s.inv[n.k][n.best]
				}
			}
		}
	}
	if !found && !s.opt.NoBounds {
		tb, eb := s.safe(p.b, p.w)
		lo = max(lo, bits.OnesCount64(tb|eb))
		tw, ew := s.safe(p.w, p.b)
		hi = min(hi, s.n-bits.OnesCount64(tw|ew))
		if lo >= beta || lo == hi {
			s.storeBounds(n.cb, n.cw, p.black, lo, hi)
			return n, lo, hi, lo, true
		}
		if hi <= alpha {
			s.storeBounds(n.cb, n.cw, p.black, lo, hi)
			return n, lo, hi, hi, true
		}
	}
	return n, lo, hi, 0, false
}

// etc is the enhanced transposition cutoff: a child whose table entry
// already refutes the window decides this node (cut, with the value v,
// stored).
func (s *KiSolver) etc(p kiPos, n kiNode, legal uint64, lo, hi, alpha, beta int) (v int, cut bool) {
	for m := legal; m != 0; m &= m - 1 {
		q := bits.TrailingZeros64(m)
		child := s.play(p, q)
		b, w, _ := s.canon(child)
		e, ok := s.probe(b, w, child.black)
		if !ok {
			continue
		}
		// (storing may reuse e's slot: read it first)
		if clo, chi := int(e.Lo), int(e.Hi); p.black && clo >= beta {
			s.store(n.cb, n.cw, p.black, clo, hi, s.syms[n.k][q], 1)
			return clo, true
		} else if !p.black && chi <= alpha {
			s.store(n.cb, n.cw, p.black, lo, chi, s.syms[n.k][q], 1)
			return chi, true
		}
	}
	return 0, false
}

// order sorts the legal moves of the player to move, highest score first:
// the table's best move, then the history heuristic plus, with enough
// empty points, the move's immediate gain (and the noise of a helper
// thread).
func (s *KiSolver) order(p kiPos, legal uint64, best int) (order [64]int8, cnt int) {
	me, opp, c := p.b, p.w, 0
	if !p.black {
		me, opp, c = p.w, p.b, 1
	}
	var score [64]int64
	evaluate := s.n-bits.OnesCount64(p.b|p.w) >= kiOrderMin
	for m := legal; m != 0; m &= m - 1 {
		q := bits.TrailingZeros64(m)
		sc := s.hh[c][q]
		if evaluate {
			sc += int64(s.gain(me, opp, q)) << kiOrderShift
		}
		if s.noise != nil {
			sc += int64(s.noise.Uint64() & (1<<kiOrderShift - 1))
		}
		if q == best {
			sc = math.MaxInt64
		}
		// insertion sort, highest first
		i := cnt
		for i > 0 && score[i-1] < sc {
			score[i], order[i] = score[i-1], order[i-1]
			i--
		}
		score[i], order[i] = sc, int8(q)
		cnt++
	}
	return order, cnt
}

// searchMoves searches the legal moves in order with alpha-beta cutoffs
// and returns the node's value and best move, rewarding in the history
// heuristic a move that cut off.
func (s *KiSolver) searchMoves(p kiPos, legal uint64, best, alpha, beta int) (v, bestMove int) {
	order, cnt := s.order(p, legal, best)
	v = s.n + 1
	if p.black {
		v = -1
	}
	a, b := alpha, beta
	bestMove = -1
	for i := 0; i < cnt; i++ {
		q := int(order[i])
		child := s.play(p, q)
		s.moves = append(s.moves, q)
		cv := s.search(child, a, b)
		s.moves = s.moves[:len(s.moves)-1]
		if p.black {
			if cv > v {
				v, bestMove = cv, q
			}
			if v >= beta {
				break
			}
			a = max(a, v)
		} else {
			if cv < v {
				v, bestMove = cv, q
			}
			if v <= alpha {
				break
			}
			b = min(b, v)
		}
	}
	if p.black && v >= beta || !p.black && v <= alpha {
		c := 0
		if !p.black {
			c = 1
		}
		s.hh[c][bestMove] += int64(1) << 4
	}
	return v, bestMove
}

// remember stores the node's value v, searched in [alpha, beta] within
// the bounds [lo, hi], with its best move and the nodes its search took.
func (s *KiSolver) remember(p kiPos, n kiNode, lo, hi, v, alpha, beta, bestMove int, work int64) {
	nlo, nhi := lo, hi
	switch {
	case v <= alpha:
		nhi = v
	case v >= beta:
		nlo = v
	default:
		nlo, nhi = v, v
	}
	if bestMove >= 0 && bestMove < s.n {
		bestMove = s.syms[n.k][bestMove]
	}
	s.store(n.cb, n.cw, p.black, nlo, nhi, bestMove, work)
}

// pv follows moves that keep the value v from the root.
func (s *KiSolver) pv(v int) []string {
	var out []string
	p := s.root
	saved := s.moves
	s.moves = nil
	defer func() { s.moves = saved }()
	for ply := 0; ply < 4*s.n+16; ply++ {
		if p.b|p.w == s.full {
			break
		}
		me, opp := p.b, p.w
		if !p.black {
			me, opp = p.w, p.b
		}
		legal := s.legal(me, opp)
		if legal == 0 {
			out = append(out, "pass")
			p.black = !p.black
			continue
		}
		// The table's best move first, then the rest in point order.
		var order []int
		if s.tab != nil {
			cb, cw, k := s.canon(p)
			if e, ok := s.probe(cb, cw, p.black); ok && e.Best >= 0 && int(e.Best) < s.n {
				if q := s.inv[k][e.Best]; legal&(1<<uint(q)) != 0 {
					order = append(order, q)
				}
			}
		}
		for m := legal; m != 0; m &= m - 1 {
			if q := bits.TrailingZeros64(m); len(order) == 0 || q != order[0] {
				order = append(order, q)
			}
		}
		found := false
		for _, q := range order {
			child := s.play(p, q)
			var ok bool
			if p.black {
				ok = s.search(child, v-1, v) >= v
			} else {
				ok = s.search(child, v, v+1) <= v
			}
			if ok {
				out = append(out, s.g.Name(q))
				p = child
				found = true
				break
			}
		}
		if !found {
			break // cannot happen when v is the value
		}
	}
	return out
}

// kiTableHeader identifies a saved KiSolver table.
type kiTableHeader struct {
	Format     string `json:"format"`
	Rules      string `json:"rules"`
	Board      string `json:"board"`
	Symmetries int    `json:"symmetries"`
	Entries    int    `json:"entries"`
}

const kiTableFormat = "moku ki table 1"

// SaveTable writes the table's entries to w: a JSON header line, then
// the entries in binary.
func (s *KiSolver) SaveTable(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	used := 0
	for i := range s.tab {
		if s.tab[i].load().Flags != 0 {
			used++
		}
	}
	h := kiTableHeader{Format: kiTableFormat, Rules: s.r.String(), Board: s.g.Spec(), Symmetries: len(s.syms), Entries: used}
	hb, err := json.Marshal(h)
	if err != nil {
		return err
	}
	bw.Write(append(hb, '\n'))
	var buf [21]byte
	for i := range s.tab {
		e := s.tab[i].load()
		if e.Flags == 0 {
			continue
		}
		binary.LittleEndian.PutUint64(buf[0:], e.B)
		binary.LittleEndian.PutUint64(buf[8:], e.W)
		buf[16], buf[17], buf[18], buf[19], buf[20] = byte(e.Lo), byte(e.Hi), byte(e.Best), e.Flags, e.Work
		if _, err := bw.Write(buf[:]); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// LoadTable adds the entries of a table saved by SaveTable for the same
// rules, board and symmetries, and returns how many it read.
func (s *KiSolver) LoadTable(r io.Reader) (int, error) {
	br := bufio.NewReaderSize(r, 1<<20)
	line, err := br.ReadBytes('\n')
	if err != nil {
		return 0, fmt.Errorf("reading table header: %v", err)
	}
	var h kiTableHeader
	if err := json.Unmarshal(line, &h); err != nil || h.Format != kiTableFormat {
		return 0, fmt.Errorf("not a Ki solver table (%s)", kiTableFormat)
	}
	if h.Rules != s.r.String() || h.Board != s.g.Spec() || h.Symmetries != len(s.syms) {
		return 0, fmt.Errorf("the table was saved for %s on %s (%d symmetries), not %s on %s (%d symmetries)",
			h.Rules, h.Board, h.Symmetries, s.r.String(), s.g.Spec(), len(s.syms))
	}
	if s.tab == nil {
		return 0, nil
	}
	var buf [21]byte
	for i := 0; i < h.Entries; i++ {
		if _, err := io.ReadFull(br, buf[:]); err != nil {
			return i, fmt.Errorf("reading table entry %d of %d: %v", i+1, h.Entries, err)
		}
		b, w := binary.LittleEndian.Uint64(buf[0:]), binary.LittleEndian.Uint64(buf[8:])
		fl := buf[19]
		s.store(b, w, fl&kiBlack != 0, int(int8(buf[16])), int(int8(buf[17])), int(int8(buf[18])), int64(1)<<buf[20]>>1)
	}
	return h.Entries, nil
}
