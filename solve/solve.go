package solve

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"sync/atomic"
	"time"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/rules"
)

// ErrInterrupted is returned when Options.Stop was set before the search
// finished; the table keeps what was learnt.
var ErrInterrupted = errors.New("solve: interrupted")

// ErrNodeLimit is returned when Options.MaxNodes nodes were searched.
var ErrNodeLimit = errors.New("solve: node limit reached")

// Options tune a solver. The zero value uses the table and symmetries.
type Options struct {
	NoTable    bool // search without a transposition table
	NoSymmetry bool // do not reduce positions by the board's symmetries
	NoBounds   bool // do not cut off with Benson's unconditional life bounds
	// NoDeepen searches each null-window test depth-first to the end of
	// every line, without the deepening ply cap (see the package
	// documentation): the older method, kept to check the new one.
	NoDeepen bool
	MaxNodes int64
	// Guess, if set, is the first score MTD(f) tests (points); by default
	// it tests the largest margin the board allows, which ends the search
	// at once when Black can win every point.
	Guess      *float64
	MaxEntries int // table size limit (entries); 0 means 1<<23
	// Threads is the number of threads searching (KiSolver only: they
	// share its table); 0 means one.
	Threads int
	// MaxPly bounds Kee lines (default 4 × points + 16). A line reaching it
	// is scored as the worst, then the best, result for Black; the value is
	// exact only if both agree.
	MaxPly int
	// Stop, when set to non-zero, interrupts the search.
	Stop *atomic.Bool
	// Progress is called about every ProgressEvery (default 2 s).
	Progress      func(Progress)
	ProgressEvery time.Duration
}

// Progress reports a running search.
type Progress struct {
	Nodes        int64
	Seconds      float64
	Lower, Upper float64 // what is known of the value so far
	Entries      int
	Line         string // the line being searched
	Cap          int    // the ply cap of the deepening iteration under way (0: none)
}

// Result is a solved (or bounded) game.
type Result struct {
	Value   float64  `json:"value"` // Black's score minus White's with perfect play
	Exact   bool     `json:"exact"` // false: only Lower <= value <= Upper is proven
	Lower   float64  `json:"lower"`
	Upper   float64  `json:"upper"`
	PV      []string `json:"pv"`
	Nodes   int64    `json:"nodes"`
	Seconds float64  `json:"seconds"`
	NPS     float64  `json:"nodes_per_second"`
	// The value was known after SolveNodes nodes and SolveSeconds; the
	// rest went into finding the principal variation.
	SolveNodes   int64   `json:"solve_nodes"`
	SolveSeconds float64 `json:"solve_seconds"`
	Rules        string  `json:"rules"`
	Board        string  `json:"board"`
	Method       string  `json:"method"`
	Entries      int     `json:"table_entries"`
	Probes       int64   `json:"table_found"`  // entries found for a position
	Reused       int64   `json:"table_reused"` // of those, usable under the history and cutting off
	// PlyCap is the largest ply cap (plies below the tested node) of a
	// deepening iteration that decided a test; 0 without deepening.
	PlyCap int `json:"ply_cap,omitempty"`
}

// mode is how repetitions are handled.
type mode int

const (
	modeSuperko     mode = iota // positional superko, enforced by the solver
	modeSituational             // situational superko, enforced by the solver
	modeOwn                     // Keil's own-position rule, enforced by the solver
	modeKi                      // Ki: the engine ends the game on recurrence and says where
	modePlain                   // Kee: the engine's rules, full-history search without a table
)

// Solver solves one game from its starting position.
type Solver struct {
	r    rules.Ruleset
	g    *board.Graph
	st   game.State
	mode mode
	opt  Options
	n    int
	syms [][]int
	inv  [][]int
	full uint64

	path   []pathEntry
	frames []frame
	moves  []game.Move // moves along the path (moves[i] led to path[i+1])
	tt     *table      // bounds of the real game
	// ctt holds bounds of capped games (keyed with the mode and the plies
	// left to the cap): cheaper to find again, so it is emptied when full
	// rather than refusing new entries as tt does.
	ctt       *table
	hitBuf    []uint64 // scratch for store
	cttClears int
	hh        [board.MaxPlayers + 1][]int64

	nodes    int64
	probes   int64 // table entries found
	reused   int64 // table entries usable under the current history
	start    time.Time
	lastProg time.Time
	lo, hi   int // the value is in [lo, hi] (half points)
	capMode  int // ply cap: capped leaves score Black's worst (−1) or best (+1) bound, 0 no cap
	capUsed  int // the largest deepening cap that decided a test
	capNow   int // the deepening cap under way
	capHit   bool
	maxPly   int
	scoreMax int
	// the value is in [minMargin, maxMargin] (half points) whatever happens
	minMargin, maxMargin int

	benson                  bool
	keil                    bool             // Keil's safe points (keilSafe) bound the value
	ki                      bool             // Ki's safe stones and points (kiSafe) bound the value
	tact                    *tactician       // tactical move ordering (plain connectivity, two colours), or nil
	hint                    map[uint64]int16 // best moves when there is no table (ordering only)
	nbr                     []uint64         // neighbour masks (Ki's bounds)
	cells                   []board.Color
	chainID, regionID, ints []int
	work                    []int32
	u64a, u64b              []uint64
}

// pathEntry is one position of the current line (index 0: the start).
type pathEntry struct {
	rep          [12]uint64 // repetition identity, per symmetry
	sig          [12]uint64 // signature of the set of positions above, per symmetry
	black, white uint64     // stones (identity orientation)
	mover        board.Color
	canon        int    // index of the canonical symmetry
	canonHash    uint64 // board hash in canonical orientation
	crep         uint64 // the least rep over the symmetries: the same for every image
}

// frame is what the search of the subtree at one path index depended on.
type frame struct {
	hits  []int32   // path indices above the node whose presence mattered
	box   [3]uint64 // points seen empty, black, white in the subtree
	bloom bloom     // the positions of the subtree (crep), as a Bloom filter
	nohit bool
	// capped: the result rests on a capped line (or on a table entry of
	// a capped search), so it bounds the capped game, not the real one
	capped bool
}

// New prepares a solver for the ruleset and board.
func New(r rules.Ruleset, g *board.Graph, opt Options) (*Solver, error) {
	if err := r.Validate(g); err != nil {
		return nil, err
	}
	if err := checkSize(g); err != nil {
		return nil, err
	}
	if r.Komi*2 != math.Trunc(r.Komi*2) {
		return nil, fmt.Errorf("komi %v: the solver needs a multiple of 0.5", r.Komi)
	}
	s := &Solver{r: r, g: g, opt: opt, n: g.N()}
	engine := r
	switch {
	case r.Family == rules.Control:
		s.mode = modeKi
	case r.Ko == rules.KoPositional:
		s.mode = modeSuperko
	case r.Ko == rules.KoSituational:
		s.mode = modeSituational
	case r.Ko == rules.KoOwn:
		s.mode = modeOwn
	case r.Ko == rules.KoCycle:
		s.mode = modePlain
	default:
		return nil, fmt.Errorf("ko=%s allows games that never end (a triple ko cycles forever), so they have no value; solve under positional or situational superko", r.Ko)
	}
	if s.mode == modeSuperko || s.mode == modeSituational || s.mode == modeOwn {
		engine.Ko = rules.KoNone
	}
	st, err := catalog.New(engine, g)
	if err != nil {
		return nil, err
	}
	s.st = st
	if s.mode == modePlain {
		if r.Players != 2 {
			return nil, fmt.Errorf("the solver handles two players; %d-player kee is not supported yet", r.Players)
		}
		s.opt.NoTable, s.opt.NoSymmetry = true, true
	}
	s.syms = symmetries(g)
	if s.opt.NoSymmetry || s.opt.NoTable {
		s.syms = s.syms[:1]
	}
	if len(s.syms) > 12 {
		s.syms = s.syms[:12]
	}
	for _, p := range s.syms {
		inv := make([]int, len(p))
		for i, q := range p {
			inv[q] = i
		}
		s.inv = append(s.inv, inv)
	}
	if s.n < 64 {
		s.full = 1<<uint(s.n) - 1
	} else {
		s.full = ^uint64(0)
	}
	// Static order until the history heuristic learns: central points
	// (many neighbours, near the middle of the drawing) first, then the
	// button, the pass last.
	var cx, cy float64
	for p := 0; p < s.n; p++ {
		x, y := g.Coord(p)
		cx += x / float64(s.n)
		cy += y / float64(s.n)
	}
	for c := range s.hh {
		s.hh[c] = make([]int64, s.n+2)
		for p := 0; p < s.n; p++ {
			x, y := g.Coord(p)
			s.hh[c][p] = int64(g.Degree(p)*16) - int64(math.Hypot(x-cx, y-cy)*4)
		}
		s.hh[c][s.n] = 2000 // the button (Keil) is worth a sure ½ point: try it early
		s.hh[c][s.n+1] = 1000
	}
	s.maxPly = opt.MaxPly
	if s.maxPly == 0 {
		s.maxPly = 4*s.n + 16
	}
	s.scoreMax = 2*(s.n+1) + int(math.Abs(2*r.Komi)) + 2
	// Every point counts for at most one player and the button for ½.
	btn := 0
	if r.Button {
		btn = 1
	}
	s.maxMargin = 2*s.n + btn - int(2*r.Komi)
	s.minMargin = -2*s.n - btn - int(2*r.Komi)
	s.tt, s.ctt = newTable(), newTable()
	s.benson = bensonOK(r) && !opt.NoBounds
	s.keil = r.Family == rules.Liberty && (r.Links == rules.Keil || r.Links == rules.Keil2019) && r.Scoring == rules.Linked &&
		r.Players == 2 && r.Suicide == rules.SuicideForbidden && s.n <= 64 && !opt.NoBounds
	s.ki = r.Family == rules.Control && r.Players == 2 && s.n <= 64 && !opt.NoBounds
	if r.Family == rules.Liberty && r.Links == rules.Plain && r.Players == 2 {
		s.tact = newTactician(g)
	}
	s.hint = map[uint64]int16{}
	s.cells = make([]board.Color, s.n)
	s.chainID, s.regionID, s.ints = make([]int, s.n), make([]int, s.n), make([]int, s.n)
	s.u64a, s.u64b = make([]uint64, s.n), make([]uint64, s.n)
	return s, nil
}

// MaxPoints is the size of the largest board the exact solvers (New,
// NewKi, SolveMulti) take. Their positions are sets of points in 64-bit
// words, and no larger board could be solved in any reasonable time.
const MaxPoints = 64

// checkSize refuses a board of more than MaxPoints points.
func checkSize(g *board.Graph) error {
	if g.N() > MaxPoints {
		return fmt.Errorf("the exact solver handles boards up to %d points; %s has %d", MaxPoints, g.Spec(), g.N())
	}
	return nil
}

// Symmetries returns the number of board symmetries the solver uses.
func (s *Solver) Symmetries() int { return len(s.syms) }

// Rules returns the ruleset being solved.
func (s *Solver) Rules() rules.Ruleset { return s.r }

// Solve computes the value of the starting position and a principal
// variation.
func (s *Solver) Solve() (res *Result, err error) {
	s.start = time.Now()
	s.lastProg = s.start
	s.nodes = 0
	s.path = s.path[:0]
	s.moves = s.moves[:0]
	// The solver's record of the line must cover the whole game so far:
	// rewind the engine to the start and replay (Kee's engine keeps its own
	// full record and is searched as it stands).
	var hist []game.Played
	if s.mode != modePlain {
		hist = s.st.History()
		for range hist {
			s.st.Undo()
		}
	}
	s.pushPath(board.Empty)
	for _, h := range hist {
		if !s.play(h.Move) {
			return nil, fmt.Errorf("solve: replaying the game: %s is illegal", h.Move.Format(s.g))
		}
	}
	res = &Result{Rules: s.r.String(), Board: s.g.Spec(), Method: s.method()}
	defer catchStop(&err, func() { s.fill(res) })
	var lo, hi int
	if s.mode == modePlain {
		// Two capped full-window searches: exact iff the cap does not bind.
		s.lo, s.hi = s.minMargin, s.maxMargin
		s.capMode = -1
		lo = s.search(s.minMargin-1, s.maxMargin+1)
		s.lo = lo
		s.capMode = +1
		hi = s.search(lo-1, s.maxMargin+1)
	} else {
		lo, hi = s.mtd()
	}
	res.SolveNodes, res.SolveSeconds = s.nodes, time.Since(s.start).Seconds()
	s.lo, s.hi = lo, hi
	if lo == hi {
		res.PV = s.pv(lo)
	}
	s.fill(res)
	return res, nil
}

func (s *Solver) method() string {
	switch s.mode {
	case modePlain:
		return fmt.Sprintf("plain full-history alpha-beta (no table, no symmetry), ply cap %d checked not binding", s.maxPly)
	}
	m := "MTD(f) alpha-beta"
	if !s.opt.NoDeepen {
		m += ", each test by a deepening ply cap (capped lines worst, then best, for Black)"
	}
	if !s.opt.NoTable {
		m += ", history-checked transposition table"
	}
	if len(s.syms) > 1 {
		m += fmt.Sprintf(", %d symmetries", len(s.syms))
	}
	return m
}

func (s *Solver) fill(res *Result) {
	res.Nodes = s.nodes
	res.Seconds = time.Since(s.start).Seconds()
	if res.Seconds > 0 {
		res.NPS = float64(s.nodes) / res.Seconds
	}
	res.Lower, res.Upper = float64(s.lo)/2, float64(s.hi)/2
	res.Exact = s.lo == s.hi
	res.Value = res.Lower
	if !res.Exact {
		res.Value = (res.Lower + res.Upper) / 2
	}
	res.Entries = s.tt.len() + s.ctt.len()
	res.Probes, res.Reused = s.probes, s.reused
	res.PlyCap = s.capUsed
}

// mtd narrows [lo, hi] by null-window tests until it is one value (or,
// for capped Kee searches, returns the interval of the capped game).
func (s *Solver) mtd() (int, int) {
	lo, hi := s.minMargin, s.maxMargin
	s.lo, s.hi = lo, hi
	guess := hi
	if s.opt.Guess != nil {
		guess = int(math.Round(2 * *s.opt.Guess))
	}
	for lo < hi {
		b := guess
		if b <= lo {
			b = lo + 1
		}
		if b > hi {
			b = hi
		}
		ge, v := s.test(b)
		if !ge {
			hi = v
		} else {
			lo = v
		}
		s.lo, s.hi = lo, hi
		guess = v
	}
	return lo, hi
}

// test answers the null-window question "is the value of the current
// node at least b?" (half points) and returns a bound proving the answer:
// a lower bound >= b, or an upper bound < b. Unless Options.NoDeepen, it
// deepens a ply cap below the node: each iteration searches the capped
// game twice, first scoring capped lines as Black's worst possible result
// (a fail high then proves value >= b: no capped line is in Black's proof)
// and then as Black's best (a fail low then proves value < b), until one
// of them decides, or a search reaches no cap and so is exact.
func (s *Solver) test(b int) (bool, int) {
	d := len(s.path) - 1
	if s.opt.NoDeepen {
		s.capMode = 0
		v := s.search(b-1, b)
		return v >= b, v
	}
	defer func() { s.capMode, s.capNow = 0, 0 }()
	for cap := firstCap; ; cap += capStep(cap) {
		s.capNow = cap
		s.maxPly = len(s.moves) + cap
		for _, mode := range []int{-1, +1} {
			s.capMode = mode
			v := s.search(b-1, b)
			if !s.frames[d].capped || mode < 0 && v >= b || mode > 0 && v < b {
				if cap > s.capUsed {
					s.capUsed = cap
				}
				return v >= b, v
			}
		}
	}
}

// The deepening schedule of test: the first ply cap and the step to the next.
const firstCap = 2

func capStep(cap int) int {
	if st := cap / 4; st > 2 {
		return st
	}
	return 2
}

// tick counts a node and handles limits, interruption and progress.
func (s *Solver) tick() {
	s.nodes++
	if s.nodes&0xfff == 0 {
		checkLimits(s.nodes, s.opt.MaxNodes, s.opt.Stop)
		s.report()
	}
}

// report calls Options.Progress if it is due.
func (s *Solver) report() {
	if now, due := progressDue(&s.opt, &s.lastProg); due {
		s.opt.Progress(Progress{Nodes: s.nodes, Seconds: now.Sub(s.start).Seconds(),
			Lower: float64(s.lo) / 2, Upper: float64(s.hi) / 2, Entries: s.tt.len() + s.ctt.len(), Line: s.line(), Cap: s.capNow})
	}
}

// checkLimits stops a search (by panicking with ErrNodeLimit or
// ErrInterrupted, which Solve recovers) once it has searched maxNodes
// nodes (0: no limit) or stop is set. The searches call it every 4096
// nodes.
func checkLimits(nodes, maxNodes int64, stop *atomic.Bool) {
	if maxNodes > 0 && nodes >= maxNodes {
		panic(ErrNodeLimit)
	}
	if stop != nil && stop.Load() {
		panic(ErrInterrupted)
	}
}

// catchStop, deferred by a search's entry point, recovers the panic of
// checkLimits: it sets *err to ErrNodeLimit or ErrInterrupted and calls
// done to record what is known. Any other panic goes on.
func catchStop(err *error, done func()) {
	e := recover()
	if e == nil {
		return
	}
	if e != ErrInterrupted && e != ErrNodeLimit {
		panic(e)
	}
	*err = e.(error)
	done()
}

// progressDue reports whether opt.Progress should be called now (every
// opt.ProgressEvery, 2 s by default, since *last) and if so moves *last.
func progressDue(opt *Options, last *time.Time) (time.Time, bool) {
	if opt.Progress == nil {
		return time.Time{}, false
	}
	every := opt.ProgressEvery
	if every == 0 {
		every = 2 * time.Second
	}
	now := time.Now()
	if now.Sub(*last) < every {
		return now, false
	}
	*last = now
	return now, true
}

// margin returns the finished game's margin in half points.
func (s *Solver) margin() int {
	r := s.st.Result()
	return int(math.Round(2 * (r.Score[board.Black] - r.Score[board.White])))
}

// pushPath records the position now on the board, reached by mover's turn.
func (s *Solver) pushPath(mover board.Color) {
	var e pathEntry
	e.mover = mover
	var h [12]uint64
	for p := 0; p < s.n; p++ {
		c := s.st.At(p)
		switch c {
		case board.Empty:
			continue
		case board.Black:
			e.black |= 1 << uint(p)
		case board.White:
			e.white |= 1 << uint(p)
		}
		for k, perm := range s.syms {
			h[k] ^= s.g.Key(perm[p], c)
		}
	}
	extra := uint64(0)
	switch s.mode {
	case modeSituational, modeKi:
		extra = sideKeys[s.st.ToMove()]
	case modeOwn:
		extra = moverKeys[mover]
		if b, ok := s.st.(interface{ Button() board.Color }); ok && b.Button() != board.Empty {
			extra ^= buttonTaken
		}
	}
	best := 0
	for k := range s.syms {
		e.rep[k] = h[k] ^ extra
		if h[k] < h[best] {
			best = k
		}
		if k == 0 || e.rep[k] < e.crep {
			e.crep = e.rep[k]
		}
	}
	e.canon = best
	e.canonHash = h[best]
	if d := len(s.path); d > 0 {
		prev := &s.path[d-1]
		for k := range s.syms {
			e.sig[k] = prev.sig[k] + mix(prev.rep[k])
		}
	}
	s.path = append(s.path, e)
	if len(s.frames) < len(s.path) {
		s.frames = append(s.frames, frame{})
	}
}

// repeats returns the path index whose position the placement just made
// repeats under the solver-enforced rule, or -1.
func (s *Solver) repeats() int {
	d := len(s.path) - 1
	cur := &s.path[d]
	for i := d - 1; i >= 0; i-- {
		e := &s.path[i]
		if e.rep[0] != cur.rep[0] {
			continue
		}
		if s.mode == modeOwn && e.mover != cur.mover {
			continue
		}
		if s.mode == modeOwn && i == 0 {
			continue // the start is not the end of a turn
		}
		return i
	}
	return -1
}

// play makes move m if it is legal under the rules being solved, keeping
// the path; a placement forbidden by the repetition rule is recorded as a
// hit in the frame of the node at depth d.
func (s *Solver) play(m game.Move) bool {
	mover := s.st.ToMove()
	if err := s.st.Play(m); err != nil {
		return false
	}
	d := len(s.path) - 1
	s.pushPath(mover)
	switch s.mode {
	case modeSuperko, modeSituational, modeOwn:
		if m.Kind == game.Place {
			if i := s.repeats(); i >= 0 {
				s.path = s.path[:len(s.path)-1]
				s.st.Undo()
				s.hit(d, i)
				return false
			}
		}
	case modeKi:
		if r, ok := s.st.(interface{ Recurrence() (int, int, bool) }); ok {
			if first, _, rec := r.Recurrence(); rec {
				s.hit(d, first)
			}
		}
	}
	s.moves = append(s.moves, m)
	return true
}

func (s *Solver) undo() {
	s.st.Undo()
	s.path = s.path[:len(s.path)-1]
	s.moves = s.moves[:len(s.moves)-1]
}

// hit notes that the subtree at path index d depended on the position at
// path index i being in its history.
func (s *Solver) hit(d, i int) {
	if i >= d {
		return
	}
	f := &s.frames[d]
	for _, h := range f.hits {
		if int(h) == i {
			return
		}
	}
	f.hits = append(f.hits, int32(i))
}

// merge adds the dependencies of the child frame to the frame at d.
func (s *Solver) merge(d int, child *frame) {
	for _, h := range child.hits {
		s.hit(d, int(h))
	}
	f := &s.frames[d]
	for k := range f.box {
		f.box[k] |= child.box[k]
	}
	f.bloom.union(&child.bloom)
	f.capped = f.capped || child.capped
}

// moveCode numbers a move: its point, n for the button, n+1 for a pass.
func (s *Solver) moveCode(m game.Move) int {
	switch m.Kind {
	case game.Place:
		return m.Point
	case game.Button:
		return s.n
	}
	return s.n + 1
}

// candidates lists the moves to try at the current node, best first.
func (s *Solver) candidates(best int, dst []game.Move) []game.Move {
	if s.mode == modePlain {
		dst = s.st.LegalMoves(dst)
	} else {
		for p := 0; p < s.n; p++ {
			if s.st.At(p) == board.Empty {
				dst = append(dst, game.At(p))
			}
		}
		if s.r.Button {
			dst = append(dst, game.ButtonMove)
		}
		dst = append(dst, game.PassMove)
	}
	mover := s.st.ToMove()
	hh := s.hh[mover]
	// A pass that ends the game is a leaf: try it first.
	ends := len(s.moves) > 0 && s.moves[len(s.moves)-1].Kind == game.Pass && s.r.Players == 2
	var own, opp uint64
	tactics := s.tact != nil
	if tactics {
		cur := &s.path[len(s.path)-1]
		own, opp = cur.black, cur.white
		if mover == board.White {
			own, opp = opp, own
		}
	}
	var sbuf [96]int64
	scores := sbuf[:]
	if len(dst) > len(sbuf) {
		scores = make([]int64, len(dst))
	}
	for i, m := range dst {
		c := s.moveCode(m)
		var sc int64
		switch {
		case m.Kind == game.Pass && ends:
			sc = math.MaxInt64
		case c == best && m.Kind != game.Appeal:
			sc = math.MaxInt64 - 1
		case m.Kind == game.Appeal:
			sc = hh[s.n+1] - 1
		case !tactics:
			sc = hh[c]
		case m.Kind == game.Place:
			sc = s.tact.tactics(m.Point, own, opp) + hh[c]
		case m.Kind == game.Pass:
			sc = tierPass + hh[c]
		default:
			sc = tierNormal + hh[c]
		}
		scores[i] = sc
	}
	for i := 1; i < len(dst); i++ {
		m, sm := dst[i], scores[i]
		j := i
		for j > 0 && scores[j-1] < sm {
			dst[j], scores[j] = dst[j-1], scores[j-1]
			j--
		}
		dst[j], scores[j] = m, sm
	}
	return dst
}

// key returns the table key of the current node and its canonical symmetry.
func (s *Solver) key() (uint64, int) {
	e := &s.path[len(s.path)-1]
	k := e.canon
	// The board in canonical orientation, plus everything else the future
	// depends on: the player to move, passes in a row, the button's owner.
	h := e.canonHash ^ sideKeys[s.st.ToMove()]
	if b, ok := s.st.(interface{ Button() board.Color }); ok && b.Button() != board.Empty {
		h ^= ownerKeys[b.Button()]
	}
	passes := 0
	for i := len(s.moves) - 1; i >= 0 && s.moves[i].Kind == game.Pass; i-- {
		passes++
	}
	h ^= tag(tagPasses, uint64(passes))
	return h, k
}

// usable reports whether entry e (stored in canonical orientation) may be
// used at the current node whose canonical symmetry is k, and if so merges
// its dependencies into the node's frame.
func (s *Solver) usable(t *table, e *entry, k int) bool {
	hits := t.hitsOf(e)
	d := len(s.path) - 1
	cur := &s.path[d]
	// Every hit must be present above the node.
	var idx [maxHits]int32
	if len(hits) > len(idx) {
		return false
	}
	for j, h := range hits {
		idx[j] = -1
		for i := 0; i < d; i++ {
			if s.path[i].rep[k] == h {
				idx[j] = int32(i)
				break
			}
		}
		if idx[j] < 0 {
			return false
		}
	}
	var box [3]uint64
	inv := s.inv[k]
	for c := range box {
		box[c] = permuteMask(e.Box[c], inv)
	}
	if e.Sig != cur.sig[k] {
		for i := 0; i < d; i++ {
			pe := &s.path[i]
			isHit := false
			for _, h := range hits {
				if pe.rep[k] == h {
					isHit = true
					break
				}
			}
			if isHit {
				continue
			}
			// pe may have been generated in the subtree only if it is
			// inside the box and (in any orientation) in the filter.
			empty := s.full &^ (pe.black | pe.white)
			if empty&^box[0] == 0 && pe.black&^box[1] == 0 && pe.white&^box[2] == 0 && e.Bloom.has(pe.crep) {
				return false
			}
		}
	}
	for j := range hits {
		s.hit(d, int(idx[j]))
	}
	f := &s.frames[d]
	for c := range box {
		f.box[c] |= box[c]
	}
	f.bloom.union(&e.Bloom)
	return true
}

// store records the search result v of the current node for window
// (alpha, beta) with best move code best.
func (s *Solver) store(tt *table, key uint64, k int, v, alpha, beta, best int) {
	d := len(s.path) - 1
	f := &s.frames[d]
	if len(f.hits) > maxHits {
		return
	}
	perm := s.syms[k]
	bestCanon := best
	if best >= 0 && best < s.n {
		bestCanon = perm[best]
	}
	lower, upper := int32(-s.scoreMax-1), int32(s.scoreMax+1)
	if v > alpha {
		lower = int32(v)
	}
	if v < beta {
		upper = int32(v)
	}
	hits := s.hitBuf[:0]
	for _, i := range f.hits {
		hits = append(hits, s.path[i].rep[k])
	}
	var box [3]uint64
	for c := range box {
		box[c] = permuteMask(f.box[c], perm)
	}
	bl := f.bloom
	sig := s.path[d].sig[k]
	if old := tt.get(key); old != nil && old.Sig == sig {
		// Both valid for this very history: keep the union of conditions.
		if old.Lower > lower {
			lower = old.Lower
		}
		if old.Upper < upper {
			upper = old.Upper
		}
		for _, h := range tt.hitsOf(old) {
			if !containsU(hits, h) {
				hits = append(hits, h)
			}
		}
		for c := range box {
			box[c] |= old.Box[c]
		}
		bl.union(&old.Bloom)
		if len(hits) > maxHits {
			return
		}
	}
	tt.put(key, entry{Lower: lower, Upper: upper, Best: int16(bestCanon), Box: box, Bloom: bl, Sig: sig}, hits, s.maxEntries())
	s.hitBuf = hits[:0]
}

func containsU(l []uint64, x uint64) bool {
	for _, y := range l {
		if y == x {
			return true
		}
	}
	return false
}

// search returns the minimax value (Black's margin, half points) of the
// current node, fail-soft: a value <= alpha is an upper bound, >= beta a
// lower bound, in between exact.
func (s *Solver) search(alpha, beta int) int {
	s.tick()
	d := len(s.path) - 1
	f := &s.frames[d]
	f.hits = f.hits[:0]
	cur := &s.path[d]
	f.box = [3]uint64{s.full &^ (cur.black | cur.white), cur.black, cur.white}
	f.bloom = bloom{}
	f.bloom.add(cur.crep)
	f.capped = false
	if s.st.Over() {
		return s.margin()
	}
	lo, hi := s.marginRange()
	if alpha >= hi {
		return hi
	}
	if beta <= lo {
		return lo
	}
	if s.benson || s.keil || s.ki {
		var v int
		var cut bool
		if lo, hi, v, cut = s.safeBounds(lo, hi, alpha, beta); cut {
			return v
		}
	}
	if s.capMode != 0 && len(s.moves) >= s.maxPly {
		// Scored as the worst or best margin the game could still have:
		// the capped game's value is then a bound on the real one.
		s.capHit = true
		f.capped = true
		if s.capMode > 0 {
			return hi
		}
		return lo
	}
	n, v, cut := s.probe(f, alpha, beta)
	if cut {
		return v
	}
	v, bestMove := s.searchMoves(d, n.best, alpha, beta)
	s.remember(d, n, v, alpha, beta, bestMove)
	return v
}

// button returns who has taken Keil's button (board.Empty: nobody yet),
// and whether the ruleset has one.
func (s *Solver) button() (board.Color, bool) {
	if !s.r.Button {
		return board.Empty, false
	}
	if b, ok := s.st.(interface{ Button() board.Color }); ok {
		return b.Button(), true
	}
	return board.Empty, true
}

// marginRange returns the margins no result at the node lies outside:
// [minMargin, maxMargin], narrowed by the button's half point once someone
// has taken it.
func (s *Solver) marginRange() (lo, hi int) {
	lo, hi = s.minMargin, s.maxMargin
	switch b, _ := s.button(); b {
	case board.Black:
		lo += 2
	case board.White:
		hi -= 2
	}
	return lo, hi
}

// safeBounds narrows [lo, hi] by unconditionally alive stones (see
// safePoints, keilSafe and kiSafe): the safe points are the owner's, the
// points the other side can never hold are not the other side's, the rest
// at most the other side's, and the button's half point whoever may still
// get it. cut reports a bound outside [alpha, beta], which decides the
// node with the value v.
func (s *Solver) safeBounds(lo, hi, alpha, beta int) (newLo, newHi, v int, cut bool) {
	k2 := int(2 * s.r.Komi)
	lowAdj, highAdj := 0, 0
	if b, ok := s.button(); ok {
		lowAdj, highAdj = -1, +1
		switch b {
		case board.Black:
			lowAdj = +1
		case board.White:
			highAdj = -1
		}
	}
	// sure: the owner's at the end; free: never the other side's.
	var bSure, bFree, wSure, wFree int
	switch {
	case s.keil:
		bSure, wSure = bits.OnesCount64(s.keilSafe(board.Black)), bits.OnesCount64(s.keilSafe(board.White))
		bFree, wFree = bSure, wSure
	case s.ki:
		t, e := s.kiSafe(board.Black)
		bSure, bFree = bits.OnesCount64(t), bits.OnesCount64(t|e)
		t, e = s.kiSafe(board.White)
		wSure, wFree = bits.OnesCount64(t), bits.OnesCount64(t|e)
	default:
		bSure, wSure = s.safePoints(board.Black), s.safePoints(board.White)
		bFree, wFree = bSure, wSure
	}
	if bFree > 0 {
		if lower := 2*(bSure-(s.n-bFree)) - k2 + lowAdj; lower >= beta {
			return lo, hi, lower, true
		} else if lower > lo {
			lo = lower
		}
	}
	if wFree > 0 {
		if upper := 2*((s.n-wFree)-wSure) - k2 + highAdj; upper <= alpha {
			return lo, hi, upper, true
		} else if upper < hi {
			hi = upper
		}
	}
	return lo, hi, 0, false
}

// node is what search keeps of a node between probing the table and
// storing its result: the position's key and orientation k, the capped
// game's key (mkey) and the best move known before searching (-1: none).
type node struct {
	key, mkey uint64
	k, best   int
}

// probe looks the node up. Without a table, only the best move found
// earlier orders the moves (an order only: it cannot change a value).
// With one, the entry of the real game (bounds on the value), then, in a
// capped search, the entry of the capped game at this depth, may decide
// the node: cut, with the value v.
func (s *Solver) probe(f *frame, alpha, beta int) (n node, v int, cut bool) {
	n.best = -1
	n.key, n.k = s.key()
	if s.opt.NoTable {
		if h, ok := s.hint[n.key]; ok {
			n.best = s.decodeMove(int(h), n.k)
		}
		return n, 0, false
	}
	t, e := s.tt, s.tt.get(n.key)
	if s.capMode != 0 {
		n.mkey = n.key ^ tag(tagCapped, uint64(s.maxPly-len(s.moves))<<2|uint64(s.capMode+1))
	}
	for i := 0; i < 2; i++ {
		if i == 1 {
			if s.capMode == 0 {
				break
			}
			t, e = s.ctt, s.ctt.get(n.mkey)
		}
		if e == nil {
			continue
		}
		if n.best < 0 && e.Best >= 0 {
			n.best = int(e.Best)
			if n.best < s.n {
				n.best = s.inv[n.k][n.best]
			}
		}
		s.probes++
		switch {
		case int(e.Lower) >= beta:
			v, cut = int(e.Lower), true
		case int(e.Upper) <= alpha:
			v, cut = int(e.Upper), true
		case e.Lower == e.Upper:
			v, cut = int(e.Lower), true
		}
		if cut && s.usable(t, e, n.k) {
			s.reused++
			if i == 1 {
				f.capped = true
			}
			return n, v, true
		}
		v, cut = 0, false
	}
	return n, 0, false
}

// searchMoves searches the moves of the node at depth d, the best known
// move first, with alpha-beta cutoffs, and returns the node's value and
// its best move's code (-1: none), rewarding in the history heuristic a
// move that cut off.
func (s *Solver) searchMoves(d, best, alpha, beta int) (v, bestMove int) {
	maximize := s.st.ToMove() == board.Black
	var buf [80]game.Move
	moves := s.candidates(best, buf[:0])
	v = math.MinInt32
	if !maximize {
		v = math.MaxInt32
	}
	a, b := alpha, beta
	bestMove = -1
	played := 0
	for _, m := range moves {
		if !s.play(m) {
			continue
		}
		played++
		w := s.search(a, b)
		s.undo()
		s.merge(d, &s.frames[d+1])
		if maximize && w > v || !maximize && w < v {
			v, bestMove = w, s.moveCode(m)
		}
		if maximize {
			if v >= beta {
				break
			}
			a = max(a, v)
		} else {
			if v <= alpha {
				break
			}
			b = min(b, v)
		}
	}
	if played == 0 {
		panic(fmt.Sprintf("solve: no legal move at a position that is not over (%s)", s.line()))
	}
	if bestMove >= 0 && (maximize && v >= beta || !maximize && v <= alpha) {
		s.hh[s.st.ToMove()][bestMove] += int64(1) << 10
	}
	return v, bestMove
}

// remember stores the result v of the node at depth d searched in
// [alpha, beta]: in the table of the real game, or of the capped game at
// this depth, or without a table its best move as a hint.
func (s *Solver) remember(d int, n node, v, alpha, beta, bestMove int) {
	if s.opt.NoTable {
		if bestMove >= 0 && len(s.hint) < s.maxEntries() {
			s.hint[n.key] = int16(s.encodeMove(bestMove, n.k))
		}
		return
	}
	// A result resting on no capped line bounds the real game; so does a
	// capped search's fail high when capped lines scored Black's worst,
	// and its fail low when they scored Black's best. Other capped results
	// hold for the capped game at this depth.
	capped := s.frames[d].capped // (s.frames may have grown: no pointer kept)
	real := !capped || s.capMode < 0 && v >= beta || s.capMode > 0 && v <= alpha
	if real {
		s.store(s.tt, n.key, n.k, v, alpha, beta, bestMove)
		return
	}
	if s.ctt.len() >= s.maxEntries()/2 {
		s.ctt = newTable()
		s.cttClears++
	}
	s.store(s.ctt, n.mkey, n.k, v, alpha, beta, bestMove)
}

// ttBest returns the table's best move at the current node (in the
// current orientation), or -1.
func (s *Solver) ttBest() int {
	key, k := s.key()
	if s.opt.NoTable {
		if h, ok := s.hint[key]; ok {
			return s.decodeMove(int(h), k)
		}
		return -1
	}
	e := s.tt.get(key)
	if e == nil || e.Best < 0 {
		return -1
	}
	if int(e.Best) < s.n {
		return s.inv[k][e.Best]
	}
	return int(e.Best)
}

// encodeMove maps a move code into the canonical orientation k.
func (s *Solver) encodeMove(c, k int) int {
	if c >= 0 && c < s.n {
		return s.syms[k][c]
	}
	return c
}

// decodeMove maps a canonical move code back to the current orientation.
func (s *Solver) decodeMove(c, k int) int {
	if c >= 0 && c < s.n {
		return s.inv[k][c]
	}
	return c
}

func (s *Solver) maxEntries() int {
	if s.opt.MaxEntries > 0 {
		return s.opt.MaxEntries
	}
	return 1 << 23
}

// line writes the current line of play.
func (s *Solver) line() string {
	out := ""
	for i, m := range s.moves {
		if i > 0 {
			out += " "
		}
		out += m.Format(s.g)
	}
	return out
}

// pv follows optimal moves from the start (value v) to the end of the game.
func (s *Solver) pv(v int) []string {
	var out []string
	depth := 0
	for !s.st.Over() {
		if s.mode == modePlain && len(s.moves) >= s.maxPly {
			out = append(out, "…")
			break
		}
		var buf [80]game.Move
		found := false
		// Every move's value is on the mover's side of v (v is the value
		// here), so a null window decides whether it equals v.
		// Passes first: of the moves that keep the value, the PV prefers
		// the one that ends the game soonest.
		maximize := s.st.ToMove() == board.Black
		cands := s.candidates(s.ttBest(), buf[:0])
		for i, m := range cands {
			if m.Kind == game.Pass && !maximize {
				copy(cands[1:i+1], cands[:i])
				cands[0] = m
			}
		}
		for _, m := range cands {
			if !s.play(m) {
				continue
			}
			var ok bool
			if s.mode == modePlain {
				if maximize {
					ok = s.search(v-1, v) >= v
				} else {
					ok = s.search(v, v+1) <= v
				}
			} else if maximize {
				ok, _ = s.test(v)
			} else {
				ge, _ := s.test(v + 1)
				ok = !ge
			}
			if ok {
				out = append(out, m.Format(s.g))
				found = true
				depth++
				break
			}
			s.undo()
		}
		if !found {
			out = append(out, "?")
			break
		}
	}
	for ; depth > 0; depth-- {
		s.undo()
	}
	return out
}

// Keys mixed into table keys and repetition identities.
var (
	sideKeys    = [board.MaxPlayers + 1]uint64{0, 0x9e3779b97f4a7c15, 0xd1b54a32d192ed03, 0x8cb92ba72f3d8dd7, 0xabc98388fb8fac03}
	moverKeys   = [board.MaxPlayers + 1]uint64{0x2545f4914f6cdd1d, 0x94d049bb133111eb, 0xbf58476d1ce4e5b9, 0x6a09e667f3bcc908, 0xbb67ae8584caa73b}
	ownerKeys   = [board.MaxPlayers + 1]uint64{0, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f}
	buttonTaken = uint64(0x1f83d9abfb41bd6b)
)

// tag returns the key of a small number x of one kind (passes in a row,
// a capped search's depth and mode). The board's Zobrist keys are the same
// mixing function of small numbers (point × 5 + colour), so a small number
// must never be mixed alone: keys of different kinds would coincide (a
// pass count with a stone, one depth with another and a stone).
func tag(kind, x uint64) uint64 {
	return mix(x ^ kind)
}

// Kinds for tag: large odd constants, far from any Zobrist index.
const (
	tagPasses = 0xd6e8feb86659fd93
	tagCapped = 0xa0761d6478bd642f
)

func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// FormatValue writes a margin as "B+3", "W+0.5" or "0".
func FormatValue(v float64) string {
	switch {
	case v > 0:
		return "B+" + strconv.FormatFloat(v, 'f', -1, 64)
	case v < 0:
		return "W+" + strconv.FormatFloat(-v, 'f', -1, 64)
	}
	return "0"
}

// bloom is a 512-bit Bloom filter of position identities (two bits each):
// has never answers false for a position that was added.
type bloom [8]uint64

func (b *bloom) add(h uint64) {
	x, y := h&511, (h>>23)&511
	b[x>>6] |= 1 << (x & 63)
	b[y>>6] |= 1 << (y & 63)
}

func (b *bloom) has(h uint64) bool {
	x, y := h&511, (h>>23)&511
	return b[x>>6]&(1<<(x&63)) != 0 && b[y>>6]&(1<<(y&63)) != 0
}

func (b *bloom) union(o *bloom) {
	for i := range b {
		b[i] |= o[i]
	}
}

// maxHits is the most history positions a stored entry may depend on; a
// result that depends on more is not stored.
const maxHits = 32
