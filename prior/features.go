package prior

import (
	"fmt"
	"slices"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// Group is a kind of feature. A move has at most one feature of each
// group: Features[g] is its value, 0 for none.
type Group uint8

// The feature groups.
const (
	// Pattern: the colours of the ring around the point, relative to the
	// mover, the same for every rotation and mirror image (see
	// PatternString). Square boards: the 3x3 square; the hexhex: the six
	// neighbours, which are the witnesses of every adjacency of the point,
	// so under Keil's link rule the pattern tells which of the move's
	// adjacencies would be links.
	Pattern Group = iota
	// Capture: 1 the move captures one stone, 2 several, 3 it captures
	// the stone just placed (any number).
	Capture
	// Escape: 1 the move joins a group of the mover's in atari (one
	// liberty) and leaves it two or more.
	Escape
	// SelfAtari: the move captures nothing and leaves its own group one
	// liberty: 1 a single stone, 2 a larger group.
	SelfAtari
	// Atari: 1 the move leaves a group of another player adjacent to it
	// one liberty.
	Atari
	// Last: the graph distance to the last move's point, 1 to 4, or 5
	// for farther (none after a pass).
	Last
	// Last2: the distance to the move before the last (the mover's own
	// previous move in a two-player game), likewise.
	Last2
	// Edge: 1 + the distance to the edge (a point with fewer neighbours
	// than the most any point has), up to 5 (none on a torus).
	Edge
	// Pass: the moves that are not placements: 1 a pass, 2 a pass after
	// a pass, 3 Keil's button, 4 a Kee appeal.
	Pass
	// Ladder (two players, the liberty family): 1 the move puts a group
	// of the other player in atari from which it cannot escape, read by
	// playing the chase out (a ladder, or a net: extending never gets it
	// three liberties or a capture); 2 the move saves a group of the
	// mover's from atari to two liberties, and the other player captures
	// it anyway, read the same way. Weights learned before the group
	// existed know no ladder feature, which then counts 1.
	Ladder
	// Spatial (square boards): the twelve cells within two steps of the
	// point, the 3x3 square and the four points two steps away along the
	// lines, each empty, the mover's, another player's or off the board:
	// the least code of the pattern's eight symmetries, with bit 24 set
	// (see SpatialAt). Weights learned before the group existed know no
	// spatial feature, which then counts 1.
	Spatial
	// Rescue (the liberty family): 1 the move captures a group of
	// another player that touches a group of the mover's in atari, so
	// saving it (Pachi's capture:ataridef). Weights learned before the
	// group existed know no rescue feature, which then counts 1; so do
	// the groups below.
	Rescue
	// Answer (the liberty family): 1 the move saves from atari, by
	// joining it or by a capture, a group of the mover's that the last
	// move put in atari (Pachi's atariescape:new).
	Answer
	// DoubleAtari (the liberty family): 1 the move puts two groups or
	// more of other players in atari at once.
	DoubleAtari
	// Owner (with SetOwners): 1 + the share of playouts from the position
	// at whose end the mover owns the point, in ninths (1: under 1/9, 9:
	// 8/9 or more), as Pachi's mcowner feature: moves in settled places,
	// own or the other player's, are seldom played.
	Owner
	// Spatial5 to Spatial8: the larger shapes around the point, each
	// cell empty, the mover's, another player's or off the board, the
	// least code of the board's symmetries hashed to 28 bits with bit 28
	// set (see LargeAt). Square boards: the cells within gridcular
	// distance 5, 6, 7 and 8 (dx + dy + max(dx, dy), Pachi's measure: 20,
	// 28, 36 and 48 cells, where Spatial's twelve are those within 4),
	// under the eight symmetries. The hexhex: Spatial5 the 18 cells within
	// two steps (which hold the witnesses of the adjacencies of the
	// point's neighbours, so under Keil's link rule which of the stones
	// next to the move are linked), Spatial6 the 36 within three, under
	// the twelve symmetries; no Spatial7 or Spatial8. Most shapes this
	// large are rare: a model keeps those it saw often enough in training
	// (DropRare), and a shape it does not know counts 1.
	Spatial5
	Spatial6
	Spatial7
	Spatial8

	NumGroups // the number of groups
)

var groupNames = [NumGroups]string{"pattern", "capture", "escape", "self-atari", "atari", "last", "last2", "edge", "pass", "ladder", "spatial", "rescue", "answer", "double-atari", "owner", "spatial5", "spatial6", "spatial7", "spatial8"}

// String returns the group's name as the weights file writes it.
func (g Group) String() string {
	if g < NumGroups {
		return groupNames[g]
	}
	return fmt.Sprintf("group%d", g)
}

// ParseGroup returns the group named s.
func ParseGroup(s string) (Group, error) {
	for g, n := range groupNames {
		if n == s {
			return Group(g), nil
		}
	}
	return 0, fmt.Errorf("unknown feature group %q", s)
}

// Features are a move's features: the value of each group, 0 for none.
type Features [NumGroups]uint32

// Extractor computes the features of the moves of positions on one board.
// It keeps scratch space: one per goroutine.
type Extractor struct {
	geo     *Geometry
	canon   *canon
	tactics bool // the liberty family: captures and liberties
	ladders bool // two players as well: ladders are read (Ladder)
	plain   bool // every adjacency connects (Go, Kee): quiet placements need not be played
	full    bool // play every placement, quiet or not (tests compare)
	atari   []bool
	fresh   []bool // the mover's stones in groups the last move put in atari
	ataried [4]int // scratch: the groups a move puts in atari, by least stone
	owners  []game.Shares
	known   *index        // with SetModel, its model's: the large shapes are read only as far as it knows them
	sizes   int           // large sizes to read: the board's (Geometry.sizes), or what model has
	color   []board.Color // the position's points, for largeAt
	libs    []uint8       // liberties of each stone's group, capped at 3 (plain only)
	seen    []bool
}

// NewExtractor returns an extractor for games under r on g. The tactical
// features (Capture, Escape, SelfAtari, Atari) are those of the liberty
// family (Go, Kee, Keil, with Keil's links); in Ki a move has the pattern
// and distance features only.
func NewExtractor(r rules.Ruleset, g *board.Graph) *Extractor {
	geo := GeometryOf(g)
	x := &Extractor{geo: geo, tactics: r.Family == rules.Liberty, plain: r.Links == rules.Plain,
		ladders: r.Family == rules.Liberty && r.Players == 2, sizes: geo.sizes()}
	x.atari, x.libs, x.seen, x.fresh = make([]bool, g.N()), make([]uint8, g.N()), make([]bool, g.N()), make([]bool, g.N())
	x.color = make([]board.Color, g.N())
	if geo.kind != "graph" {
		x.canon = canonFor(geo.k, geo.step)
	}
	return x
}

// SetOwners gives the extractor each point's owners at the end of
// playouts from the positions to come (game.Estimate.Owners: the share of
// playouts each player owned it in), for the Owner feature; nil, the
// default, leaves Owner out.
func (x *Extractor) SetOwners(owners []game.Shares) { x.owners = owners }

// SetModel tells the extractor that its features are for m, so that it
// reads the large shapes (Spatial5 to Spatial8) only as far as m knows
// them: none if m has no gamma of Spatial5, and past a size whose shape
// m does not know, no larger one (0, none). With the rare shapes left out
// in training (DropRare), a shape is never more frequent than the smaller
// ones it holds, so m knows none of those it is spared reading, and its
// probabilities are the same (hash collisions aside). nil, the default,
// reads every size (training).
func (x *Extractor) SetModel(m *Model) {
	x.known, x.sizes = nil, x.geo.sizes()
	if m != nil {
		x.known, x.sizes = m.index(), 0
		for k := range x.geo.sizes() {
			if x.known.count[Spatial5+Group(k)] > 0 {
				x.sizes = k + 1
			}
		}
	}
}

// ownerValue is the Owner feature of a share of playouts.
func ownerValue(share float64) uint32 {
	return 1 + uint32(min(max(int(share*9), 0), 8))
}

// Geometry returns the board's geometry.
func (x *Extractor) Geometry() *Geometry { return x.geo }

// PatternAt returns the Pattern feature of a placement on p by mover in s
// (0 if p has no ring).
func (x *Extractor) PatternAt(s game.State, p int, mover board.Color) uint32 {
	ring := x.geo.Ring(p)
	if len(ring) == 0 {
		return 0
	}
	var raw uint32
	for i, q := range ring {
		raw |= cellAt(s, q, mover) << (2 * i)
	}
	if x.canon != nil {
		return patternValue(uint32(x.canon.table[raw]), len(ring))
	}
	return patternValue(minImage(raw, len(ring), 1), len(ring))
}

// cellAt returns a pattern's cell for point q of s (-1: off the board),
// colours relative to mover.
func cellAt(s game.State, q int32, mover board.Color) uint32 {
	if q < 0 {
		return cellOff
	}
	switch s.At(int(q)) {
	case board.Empty:
		return cellEmpty
	case mover:
		return cellOwn
	}
	return cellOther
}

// SpatialAt returns the Spatial feature of a placement on p by mover in
// s: 0 but on square boards.
func (x *Extractor) SpatialAt(s game.State, p int, mover board.Color) uint32 {
	if x.geo.spatial == nil {
		return 0
	}
	// Each cell adds itself to the eight symmetries' codes; empty cells
	// add nothing.
	var codes [8]uint32
	for i, q := range x.geo.spatial[p*spatialCells : (p+1)*spatialCells] {
		c := cellAt(s, q, mover)
		if c == cellEmpty {
			continue
		}
		for sym := range codes {
			codes[sym] |= c << (2 * spatialSymmetries[sym][i])
		}
	}
	return slices.Min(codes[:]) | 1<<24
}

// LargeAt returns the Spatial5 to Spatial8 features of a placement on p
// by mover in s, large[0] Spatial5's: 0 past the board's large shapes
// (all on boards other than rectangles, tori and the hexhex; Spatial7 and
// Spatial8 on the hexhex) and past what the extractor's model knows
// (SetModel).
func (x *Extractor) LargeAt(s game.State, p int, mover board.Color) [largeSizes]uint32 {
	x.readColors(s)
	return x.largeAt(p, mover)
}

// readColors copies s's points into x.color, which largeAt reads.
func (x *Extractor) readColors(s game.State) {
	if x.geo.large == nil || x.sizes == 0 {
		return
	}
	for p := range x.color {
		x.color[p] = s.At(p)
	}
}

// largeAt is LargeAt on the position in x.color. Each size adds its
// cells to the board's symmetries' codes (two words: cell i at bit 2i of
// the 128, empty cells adding nothing), takes the least (high word
// first) and hashes it.
func (x *Extractor) largeAt(p int, mover board.Color) (large [largeSizes]uint32) {
	if x.geo.large == nil || x.sizes == 0 {
		return large
	}
	shapes := x.geo.shapes
	cells := x.geo.large[p*shapes.stride : (p+1)*shapes.stride]
	var all [16][2]uint64 // 8 or 12 symmetries; 16 spares the bounds checks
	n := shapes.syms
	codes := all[:n]
	i := 0
	for k := 0; k < x.sizes; k++ {
		for ; i < int(shapes.cells[k]); i++ {
			q := cells[i]
			var c uint64 = cellOff
			if q >= 0 {
				switch x.color[q] {
				case board.Empty:
					continue
				case mover:
					c = cellOwn
				default:
					c = cellOther
				}
			}
			for sym, b := range shapes.bits[i*n : i*n+n] {
				all[sym&15][b>>6&1] |= c << (b & 63)
			}
		}
		best := codes[0]
		for _, c := range codes[1:] {
			if c[1] < best[1] || c[1] == best[1] && c[0] < best[0] {
				best = c
			}
		}
		h := best[0]
		if best[1] != 0 {
			h ^= mix64(best[1] + 0x9e3779b97f4a7c15)
		}
		large[k] = uint32(mix64(h)&(1<<28-1)) | 1<<28
		if x.known != nil {
			if _, ok := x.known.find(packed(Spatial5+Group(k), large[k])); !ok {
				break
			}
		}
	}
	return large
}

// mix64 is splitmix64's finalizer.
func mix64(code uint64) uint64 {
	code ^= code >> 30
	code *= 0xbf58476d1ce4e5b9
	code ^= code >> 27
	code *= 0x94d049bb133111eb
	code ^= code >> 31
	return code
}

// Moves appends to dst the features of each of moves, legal moves of s
// (which it leaves as it was: it plays each placement and takes it back).
func (x *Extractor) Moves(s game.State, moves []game.Move, dst []Features) []Features {
	g := s.Graph()
	mover := s.ToMove()
	last, last2, lastPass := -1, -1, false
	h := s.History()
	if n := len(h); n > 0 {
		if h[n-1].Move.Kind == game.Place {
			last = h[n-1].Move.Point
		}
		lastPass = h[n-1].Move.Kind == game.Pass
		if n > 1 && h[n-2].Move.Kind == game.Place {
			last2 = h[n-2].Move.Point
		}
	}
	grouped, tactics := s.(game.Grouped)
	tactics = tactics && x.tactics
	others := 0
	if tactics {
		// Which of the mover's stones are in groups in atari, and with
		// plain links every group's liberties.
		clear(x.atari)
		clear(x.seen)
		for p := 0; p < g.N(); p++ {
			c := s.At(p)
			if c == board.Empty {
				continue
			}
			if c != mover {
				others++
			}
			if x.seen[p] || c != mover && !x.plain {
				continue
			}
			stones, libs := grouped.Group(p)
			for _, q := range stones {
				x.seen[q] = true
				x.atari[q] = c == mover && len(libs) == 1
				x.libs[q] = uint8(min(len(libs), 3))
			}
		}
		// The mover's groups in atari that touch the last move's stone.
		clear(x.fresh)
		if last >= 0 {
			for _, q := range g.Neighbors(last) {
				if x.atari[q] && !x.fresh[q] {
					stones, _ := grouped.Group(int(q))
					for _, st := range stones {
						x.fresh[st] = true
					}
				}
			}
		}
	}
	n := g.N()
	x.readColors(s)
	for _, m := range moves {
		var f Features
		switch m.Kind {
		case game.Pass:
			f[Pass] = 1
			if lastPass {
				f[Pass] = 2
			}
		case game.Button:
			f[Pass] = 3
		case game.Appeal:
			f[Pass] = 4
		case game.Place:
			p := m.Point
			f[Pattern] = x.PatternAt(s, p, mover)
			f[Spatial] = x.SpatialAt(s, p, mover)
			large := x.largeAt(p, mover)
			copy(f[Spatial5:Spatial8+1], large[:])
			if last >= 0 {
				f[Last] = uint32(x.geo.dist[last*n+p])
			}
			if last2 >= 0 {
				f[Last2] = uint32(x.geo.dist[last2*n+p])
			}
			if x.geo.edge != nil {
				f[Edge] = 1 + uint32(min(x.geo.edge[p], maxDist-1))
			}
			if p < len(x.owners) {
				f[Owner] = ownerValue(x.owners[p][mover])
			}
			if tactics && !x.quiet(g, s, p) {
				x.tactical(s, grouped, p, mover, last, others, &f)
			}
		}
		dst = append(dst, f)
	}
	return dst
}

// quiet reports whether a placement on p certainly has no tactical
// feature, without playing it: with plain links, when p has two empty
// neighbours or more (so its group keeps two liberties) and every group
// next to it has three liberties or more (so none is captured, put in
// atari or rescued).
func (x *Extractor) quiet(g *board.Graph, s game.State, p int) bool {
	if !x.plain || x.full {
		return false
	}
	empty := 0
	for _, q := range g.Neighbors(p) {
		if s.At(int(q)) == board.Empty {
			empty++
		} else if x.libs[q] < 3 {
			return false
		}
	}
	return empty >= 2
}

// tactical fills in the tactical features of a placement on p, playing it
// on s and taking it back.
func (x *Extractor) tactical(s game.State, grouped game.Grouped, p int, mover board.Color, last, others int, f *Features) {
	g := s.Graph()
	escapes := false
	for _, q := range g.Neighbors(p) {
		if x.atari[q] && s.At(int(q)) == mover {
			escapes = true
		}
	}
	// Before the move: the groups of other players next to p with one
	// liberty (which it captures), and whether one of them touches a
	// group of the mover's in atari (Rescue), or touches one that the
	// last move put in atari (Answer).
	for _, q := range g.Neighbors(p) {
		c := s.At(int(q))
		if c == board.Empty || c == mover {
			continue
		}
		stones, libs := grouped.Group(int(q))
		if len(libs) != 1 {
			continue
		}
		for _, st := range stones {
			for _, a := range g.Neighbors(st) {
				if s.At(int(a)) == mover && x.atari[a] {
					f[Rescue] = 1
					if x.fresh[a] {
						f[Answer] = 1
					}
				}
			}
		}
	}
	joinsFresh := false // joins a group the last move put in atari
	if escapes {
		for _, q := range g.Neighbors(p) {
			if s.At(int(q)) == mover && x.fresh[q] {
				joinsFresh = true
			}
		}
	}
	if s.Play(game.At(p)) != nil {
		f[Rescue], f[Answer] = 0, 0
		return
	}
	defer s.Undo()
	after := 0
	for q := 0; q < g.N(); q++ {
		if c := s.At(q); c != board.Empty && c != mover {
			after++
		}
	}
	captured := others - after
	switch {
	case captured > 0 && last >= 0 && s.At(last) == board.Empty:
		f[Capture] = 3
	case captured > 1:
		f[Capture] = 2
	case captured == 1:
		f[Capture] = 1
	}
	stones, libs := grouped.Group(p)
	if len(libs) == 1 && captured == 0 {
		f[SelfAtari] = 1
		if len(stones) > 1 {
			f[SelfAtari] = 2
		}
	}
	if escapes && len(libs) >= 2 {
		for _, q := range stones {
			if x.atari[q] {
				f[Escape] = 1
				break
			}
		}
	}
	if joinsFresh && len(libs) >= 2 {
		// Joining the group the last move put in atari answers it when
		// the group gets two liberties or more.
		f[Answer] = 1
	}
	ataris := 0
	for _, q := range g.Neighbors(p) {
		if c := s.At(int(q)); c != board.Empty && c != mover {
			st, l := grouped.Group(int(q))
			if len(l) != 1 {
				continue
			}
			// Count each group once: by its least stone.
			least := slices.Min(st)
			if !slices.Contains(x.ataried[:ataris], least) {
				x.ataried[ataris] = least
				if ataris++; ataris >= 2 {
					f[DoubleAtari] = 1
				}
			}
		}
	}
	for _, q := range g.Neighbors(p) {
		if c := s.At(int(q)); c != board.Empty && c != mover {
			if _, l := grouped.Group(int(q)); len(l) == 1 {
				f[Atari] = 1
				if x.ladders {
					lr := ladder{s: s, grouped: grouped, left: ladderBudget}
					if !lr.escapes(int(q)) {
						f[Ladder] = 1
						break
					}
				} else {
					break
				}
			}
		}
	}
	if x.ladders && f[Escape] == 1 && len(libs) == 2 {
		lr := ladder{s: s, grouped: grouped, left: ladderBudget}
		if lr.captures(p) {
			f[Ladder] = 2
		}
	}
}
