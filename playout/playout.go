// Package playout runs fast random games ("playouts", "simulations") for
// moku's Monte-Carlo search: boards that play thousands of games a second
// without maps and without allocating per move, each with the reference
// light policy of its game.
//
// Start with New (the board for a ruleset and a graph), Board.Load and
// Board.Playout; Measure times playouts for moku bench (Benches).
//
// The rules engines (packages liberty and ki) are correct and history-aware
// but flood-fill groups on every move and check repetition against the whole
// history. Playouts need neither: the search keeps the rules engine for the
// tree, where superko, Keil's own-position rule, Ki's forced passes and Kee's
// appeals are decided, and hands the position at a leaf to one of these
// boards, which plays on with simple ko only:
//
//   - Go (plain adjacency, any graph, 2 to 4 players for Kee, suicide
//     forbidden or allowed): GoBoard, with incremental chains kept as
//     circular linked lists and pseudo-liberty counts (see go.go), and
//     SquareBoard, the same for two players on a rectangle with a padded
//     layout and fixed neighbour offsets (see square.go), which New
//     chooses where it can;
//   - Keil (linking, the button): KeilBoard, with merge-only chains and a
//     liberty check that scans a chain only when a cached liberty has gone
//     stale (see keil.go for why chains never split and why one link rule
//     serves both keil and keil-2019), and HexKeilBoard, the same on the
//     hexhex with a padded layout and fixed offsets (see hexkeil.go);
//   - Ki (majority control): KiBoard, with neighbour counts (see ki.go).
//
// The policy is the reference light playout of computer Go (Don Dailey's
// reference bot): a uniformly random legal move that does not fill one of
// the mover's own eyes. A player with no such move passes (in Keil it takes
// the button first, if nobody has). Suicide, where the rules allow it as in
// Kee, is legal on the boards but never chosen by the policy. A playout
// ends when every player has passed in succession, or after a cap of moves
// (three times the number of points) that real games never meet but random
// Keil and Ki games might.
//
// The boards also have a tactical ("heavy") policy (see Tactical), which
// the search uses by default: SquareBoard's answers to atari and MoGo's
// 3x3 patterns (tactics.go), GoBoard's answers to atari on any graph, for
// two players (gotactics.go), HexKeilBoard's captures and rescues read
// through linking (keiltactics.go), and KiBoard's captures next to the
// last stone (ki.go). KeilBoard, on graphs other than the hexhex, has
// only the light policy.
package playout

import (
	"fmt"
	"math/bits"

	"moku/board"
	"moku/game"
	"moku/internal/cacheline"
	"moku/rules"
)

// Step is one placement of a playout, for AMAF statistics.
type Step struct {
	Point int32
	Color board.Color
	// Ko: the placement captured one stone and left its own stone alone
	// with that point for its one liberty, a ko the other player may not
	// take back at once (the Go boards only).
	Ko bool
	// Passes: the passes made in succession just before the placement,
	// the playout's moves that Steps leaves out (the Go boards only).
	Passes uint8
}

// Board is a fast board for one game family. It is loaded from a position
// of the rules engine, plays a random game to the end, and reports the
// count and the placements made.
type Board interface {
	// Load sets the board to the position s (its stones, the player to
	// move, and what else the playout needs: the button, the komi).
	Load(s game.State)
	// Playout plays random moves from the loaded position to the end of
	// the game (or the cap) and returns the number of moves made,
	// passes included.
	Playout(r *Rand) int
	// Score returns each player's score of the board as it stands, by
	// colour: stones, territory and bonus (komi, button).
	Score() [board.MaxPlayers + 1]float64
	// Steps returns the placements of the last playout, in order. The
	// slice is reused by the next playout.
	Steps() []Step
	// Owner returns the player a point counts for at the end of the last
	// playout (a stone's colour or the territory's owner), or Empty.
	Owner(p int) board.Color
}

// Tactical is a board with a tactical policy beside the light one.
type Tactical interface {
	Board
	// SetHeavy switches the tactical policy on or off (off, the light
	// policy, is the default). A board whose policy does not serve its
	// game stays light (GoBoard with more than two players).
	SetHeavy(on bool)
	// Heavy reports whether the tactical policy is on.
	Heavy() bool
}

// New returns a fast board for ruleset r on graph g.
func New(r rules.Ruleset, g *board.Graph) (Board, error) {
	switch {
	case r.Family == rules.Control:
		return NewKi(g, r.Komi), nil
	case r.Family == rules.Liberty && r.Links == rules.Plain && r.Players == 2 && g.Kind() == "rect":
		return NewSquare(g, r.Suicide == rules.SuicideAllowed, r.Komi), nil
	case r.Family == rules.Liberty && r.Links == rules.Plain:
		return NewGo(g, r.Players, r.Suicide == rules.SuicideAllowed, r.Komi), nil
	case r.Family == rules.Liberty && g.Kind() == "hex":
		if b := NewHexKeil(g, r.Links == rules.Keil2019, r.Button, r.Komi); b != nil {
			return b, nil
		}
		return NewKeil(g, r.Links == rules.Keil2019, r.Button, r.Komi), nil
	case r.Family == rules.Liberty:
		return NewKeil(g, r.Links == rules.Keil2019, r.Button, r.Komi), nil
	}
	return nil, fmt.Errorf("playout: no fast board for ruleset %s", r.Name)
}

// Winners turns a score vector into rewards: 1 shared equally among the
// players with the highest score, 0 for the others.
func Winners(score [board.MaxPlayers + 1]float64, players int) (reward [board.MaxPlayers + 1]float64) {
	best := score[1]
	for c := 2; c <= players; c++ {
		if score[c] > best {
			best = score[c]
		}
	}
	n := 0
	for c := 1; c <= players; c++ {
		if score[c] == best {
			n++
		}
	}
	for c := 1; c <= players; c++ {
		if score[c] == best {
			reward[c] = 1 / float64(n)
		}
	}
	return reward
}

// Rand is a small, fast pseudo-random generator (wyrand). The zero value
// works; Seed makes distinct streams.
type Rand struct{ s uint64 }

// NewRand returns a generator seeded with seed.
func NewRand(seed uint64) *Rand { return &Rand{s: seed} }

// Uint64 returns a pseudo-random 64-bit value.
func (r *Rand) Uint64() uint64 {
	r.s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.s, r.s^0xe7037ed1a0b428db)
	return hi ^ lo
}

// Intn returns a value in [0, n) for 0 < n < 2^32 (multiply-shift, with a
// bias far below anything a playout can detect).
func (r *Rand) Intn(n int) int {
	return int((r.Uint64() >> 32) * uint64(n) >> 32)
}

// emptySet is the set of empty points with O(1) insertion, removal and
// random choice.
type emptySet struct {
	list []int32
	at   []int32 // position of each point in list, or -1
}

func newEmptySet(n int) emptySet {
	s := emptySet{list: cacheline.Make[int32](0, n), at: cacheline.Make[int32](n, n)}
	for i := range s.at {
		s.at[i] = -1
	}
	return s
}

func (s *emptySet) clear() {
	for _, p := range s.list {
		s.at[p] = -1
	}
	s.list = s.list[:0]
}

func (s *emptySet) add(p int32) {
	s.at[p] = int32(len(s.list))
	s.list = append(s.list, p)
}

func (s *emptySet) remove(p int32) {
	i := s.at[p]
	last := s.list[len(s.list)-1]
	s.list[i] = last
	s.at[last] = i
	s.list = s.list[:len(s.list)-1]
	s.at[p] = -1
}

// draw returns a uniformly random point of the set that fits, or -1 if
// none does (see emptyList.draw).
func (s *emptySet) draw(r *Rand, fits func(p int32) bool) int32 {
	for k := len(s.list); k > 0; {
		i := r.Intn(k)
		p := s.list[i]
		if fits(p) {
			return p
		}
		k--
		s.swap(i, k)
	}
	return -1
}

// swap exchanges the entries at positions i and j.
func (s *emptySet) swap(i, j int) {
	a, b := s.list[i], s.list[j]
	s.list[i], s.list[j] = b, a
	s.at[a], s.at[b] = int32(j), int32(i)
}
