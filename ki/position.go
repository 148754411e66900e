// Package ki is the engine of Ki, Corey Clark's territory game of majority
// control (rules.Control; the project's rules are docs/rules/ki.md).
//
// Start with New and the game.State methods of Position; catalog.Start
// chooses this engine for Ki.
//
// A player controls a point when at least two of its neighbours hold that
// player's stones and more of them than the opponent's. A stone may go on
// any empty point the opponent does not control; it then removes every
// opponent stone on its neighbours whose point the mover controls, judged
// once on the board with the new stone, all at once, with no cascade. A
// player who cannot place must pass, and may pass only then. The game ends
// when the board is full and is scored by the stones on it.
//
// The seed is silent on termination, so the project adds a safeguard: when
// a position (the board and the player to move) recurs, the game ends and is
// scored as it stands, and equal counts are then a tie (which the seed's
// "draws are not possible" does not foresee; it presumes a full board).
// In fact no position can recur in Ki, on any graph: stones plus
// same-colour adjacencies minus opposite-colour adjacencies never
// decreases, and the moves that keep it level cannot close a cycle (the
// argument is in recurrence_test.go, checked there by exhaustive search of
// small boards). So every game ends with a full board or a resignation, and
// the safeguard, kept as the project's rules demand, never fires.
//
// A Position is a game in progress with its whole history. Play and Undo
// work in place without allocating once the buffers have grown: each point
// keeps the number of black and white stones on its neighbours, so control
// is read in constant time, and the Zobrist hash of every position in the
// history is kept for the recurrence check.
package ki

import (
	"fmt"
	"slices"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// Position is a game of Ki in progress. It implements game.State.
type Position struct {
	g     *board.Graph
	r     rules.Ruleset
	color []board.Color
	// count[2*q+c-1] is the number of stones of colour c (Black or White)
	// on the neighbours of point q.
	count  []int32
	hash   uint64 // Zobrist hash of the board alone
	empty  int    // number of empty points
	toMove board.Color

	end      ending
	recurAt  int32 // with endRecurrence: the earlier move number (0: the start) whose position recurred
	resigned board.Color

	startKey uint64 // position key of the starting position (Black to move)
	hist     []ply
	removed  []int32 // points whose stones placements removed, by ply (ply.removedAt)
}

// ending says how (and whether) the game ended.
type ending uint8

const (
	endNone       ending = iota
	endFull              // the board is full
	endRecurrence        // a position recurred
	endResign            // a player resigned
)

// ply is one move of the history with what Undo needs to take it back.
// The removed stones were all the opponent's of ply.Player.
type ply struct {
	game.Played
	hashBefore uint64 // board hash before the move
	key        uint64 // position key (board and player to move) after the move
	removedAt  int32  // this ply's removals are removed[removedAt:next ply's]
}

// New starts a game of Ki under ruleset r (of the control family) on board
// g, from g's starting position. It refuses rulesets r.Validate refuses,
// such as an even or non-square rectangle, and starting positions with
// stones of a third colour.
func New(r rules.Ruleset, g *board.Graph) (*Position, error) {
	if r.Family != rules.Control {
		return nil, fmt.Errorf("ruleset %s is not of the control family (Ki)", r.Name)
	}
	if err := r.Validate(g); err != nil {
		return nil, err
	}
	if g == nil || g.N() == 0 {
		return nil, fmt.Errorf("ki needs a board with at least one point")
	}
	n := g.N()
	p := &Position{g: g, r: r, color: make([]board.Color, n), count: make([]int32, 2*n),
		empty: n, toMove: board.Black,
		hist: make([]ply, 0, 2*n), removed: make([]int32, 0, 2*n)}
	for _, s := range g.Start() {
		if s.Color != board.Black && s.Color != board.White {
			return nil, fmt.Errorf("board %s: the starting position has %s stones, but ki is played by black and white", g.Spec(), s.Color)
		}
		if p.color[s.Point] != board.Empty {
			return nil, fmt.Errorf("board %s: point %s has two starting stones", g.Spec(), g.Name(s.Point))
		}
		p.set(s.Point, s.Color)
	}
	p.startKey = p.Hash()
	if p.empty == 0 {
		p.end = endFull
	}
	return p, nil
}

// Graph returns the board.
func (p *Position) Graph() *board.Graph { return p.g }

// Rules returns the ruleset.
func (p *Position) Rules() rules.Ruleset { return p.r }

// At returns the contents of point q.
func (p *Position) At(q int) board.Color { return p.color[q] }

// ToMove returns the player whose turn it is.
func (p *Position) ToMove() board.Color { return p.toMove }

// Over reports whether the game has ended.
func (p *Position) Over() bool { return p.end != endNone }

// Hash returns the Zobrist hash of the position: the board and the player
// to move. It is the key the recurrence rule compares.
func (p *Position) Hash() uint64 { return p.hash ^ board.SideKey(p.toMove) }

// BoardHash returns the Zobrist hash of the board alone.
func (p *Position) BoardHash() uint64 { return p.hash }

// MoveNumber returns the number of moves played.
func (p *Position) MoveNumber() int { return len(p.hist) }

// Empty returns the number of empty points.
func (p *Position) Empty() int { return p.empty }

// History returns the moves played so far.
func (p *Position) History() []game.Played {
	h := make([]game.Played, len(p.hist))
	for i := range p.hist {
		h[i] = p.hist[i].Played
	}
	return h
}

// Recurrence reports, for a game ended by the recurrence rule, the move
// number whose position recurred (0 for the starting position) and the move
// number that brought it back; ok is false otherwise.
func (p *Position) Recurrence() (first, again int, ok bool) {
	if p.end != endRecurrence {
		return 0, 0, false
	}
	return int(p.recurAt), len(p.hist), true
}

// Counts returns the number of black and of white stones on the
// neighbours of point q.
func (p *Position) Counts(q int) (black, white int) {
	return int(p.count[2*q]), int(p.count[2*q+1])
}

// Controller returns the player who controls point q (at least two stones
// on its neighbours and more than the opponent), or Empty if nobody does.
// Control does not depend on what stands on q itself.
func (p *Position) Controller(q int) board.Color {
	b, w := p.count[2*q], p.count[2*q+1]
	switch {
	case b >= 2 && b > w:
		return board.Black
	case w >= 2 && w > b:
		return board.White
	}
	return board.Empty
}

// controls reports whether c controls q.
func (p *Position) controls(c board.Color, q int) bool {
	mine, theirs := p.count[2*q+int(c)-1], p.count[2*q+2-int(c)]
	return mine >= 2 && mine > theirs
}

// canPlace reports whether the player to move may place on q: q is empty
// and the opponent does not control it.
func (p *Position) canPlace(q int) bool {
	return p.color[q] == board.Empty && !p.controls(3-p.toMove, q)
}

// hasPlacement reports whether the player to move has a legal placement.
func (p *Position) hasPlacement() bool {
	for q := range p.color {
		if p.canPlace(q) {
			return true
		}
	}
	return false
}

// Legal returns nil if m is legal for the player to move, or an
// *game.IllegalError saying why not.
func (p *Position) Legal(m game.Move) error {
	if p.end != endNone {
		return game.Illegal(p.g, m, "the game is over")
	}
	switch m.Kind {
	case game.Place:
		if m.Point < 0 || m.Point >= len(p.color) {
			return &game.IllegalError{Move: fmt.Sprint(m.Point), Reason: "no such point"}
		}
		q := m.Point
		if p.color[q] != board.Empty {
			return game.Illegal(p.g, m, "%s is occupied", p.g.Name(q))
		}
		if opp := 3 - p.toMove; p.controls(opp, q) {
			return game.Illegal(p.g, m, "%s controls %s: %d against %d", opp, p.g.Name(q),
				p.count[2*q+int(opp)-1], p.count[2*q+int(p.toMove)-1])
		}
		return nil
	case game.Pass:
		if p.hasPlacement() {
			return game.Illegal(p.g, m, "passing is allowed only when no placement is legal, and %s can still place a stone", p.toMove)
		}
		return nil
	case game.Resign:
		return nil
	case game.Button:
		return game.Illegal(p.g, m, "there is no button in ki")
	case game.Appeal:
		return game.Illegal(p.g, m, "appealing passes exist only under the kee rules")
	}
	return game.Illegal(p.g, m, "unknown kind of move")
}

// LegalMoves appends every legal move but resignation to dst: the legal
// placements in point order, or the one forced pass when there is none.
func (p *Position) LegalMoves(dst []game.Move) []game.Move {
	if p.end != endNone {
		return dst
	}
	n := len(dst)
	for q := range p.color {
		if p.canPlace(q) {
			dst = append(dst, game.At(q))
		}
	}
	if len(dst) == n {
		dst = append(dst, game.PassMove)
	}
	return dst
}

// Play makes move m for the player to move. An illegal move returns an
// *game.IllegalError and leaves the position unchanged.
func (p *Position) Play(m game.Move) error {
	if err := p.Legal(m); err != nil {
		return err
	}
	mover := p.toMove
	p.hist = append(p.hist, ply{Played: game.Played{Player: mover, Move: m},
		hashBefore: p.hash, removedAt: int32(len(p.removed))})
	switch m.Kind {
	case game.Resign:
		p.end, p.resigned = endResign, mover
		p.hist[len(p.hist)-1].key = p.Hash()
		return nil
	case game.Place:
		p.place(m.Point, mover)
	}
	p.toMove = 3 - mover
	key := p.Hash()
	p.hist[len(p.hist)-1].key = key
	if p.empty == 0 {
		p.end = endFull
		return nil
	}
	if at := p.recurs(key); at >= 0 {
		p.end, p.recurAt = endRecurrence, int32(at)
	}
	return nil
}

// place puts a stone of mover on the empty point q that the opponent does
// not control, and removes the opponent's stones on q's neighbours whose
// points mover then controls. All of them are judged on the board with the
// new stone before any is removed: only neighbours of q change hands, and
// a removal hands nothing further over (no cascade).
func (p *Position) place(q int, mover board.Color) {
	p.set(q, mover)
	start := len(p.removed)
	opp := 3 - mover
	for _, r := range p.g.Neighbors(q) {
		if p.color[r] == opp && p.controls(mover, int(r)) {
			p.removed = append(p.removed, r)
		}
	}
	for _, r := range p.removed[start:] {
		p.set(int(r), board.Empty)
	}
}

// recurs returns the move number whose position has key key (0 for the
// start), searching back from the latest, or -1 if none has. The ply just
// pushed is not compared with itself.
func (p *Position) recurs(key uint64) int {
	for i := len(p.hist) - 2; i >= 0; i-- {
		if p.hist[i].key == key {
			return i + 1
		}
	}
	if key == p.startKey {
		return 0
	}
	return -1
}

// Undo takes back the last move, restoring the exact previous state.
func (p *Position) Undo() bool {
	if len(p.hist) == 0 {
		return false
	}
	last := &p.hist[len(p.hist)-1]
	if last.Move.Kind == game.Place {
		opp := 3 - last.Player
		for _, r := range p.removed[last.removedAt:] {
			p.set(int(r), opp)
		}
		p.removed = p.removed[:last.removedAt]
		p.set(last.Move.Point, board.Empty)
	}
	p.toMove = last.Player
	p.end, p.recurAt, p.resigned = endNone, 0, board.Empty
	p.hist = p.hist[:len(p.hist)-1]
	return true
}

// set puts colour c on point q, keeping the hash, the empty count and the
// neighbour counts up to date.
func (p *Position) set(q int, c board.Color) {
	old := p.color[q]
	if old == c {
		return
	}
	p.hash ^= p.g.Key(q, old) ^ p.g.Key(q, c)
	p.color[q] = c
	if old != board.Empty {
		p.empty++
		for _, r := range p.g.Neighbors(q) {
			p.count[2*int(r)+int(old)-1]--
		}
	}
	if c != board.Empty {
		p.empty--
		for _, r := range p.g.Neighbors(q) {
			p.count[2*int(r)+int(c)-1]++
		}
	}
}

// Result counts the stones on the board: the final result once the game is
// over, otherwise the count of the position as it stands. A komi set in the
// ruleset (0 by default) is added to White's score. After a recurrence the
// game is scored as it stands and equal scores are a tie.
func (p *Position) Result() game.Result {
	res := game.Result{Over: p.end != endNone, Players: 2}
	for _, c := range p.color {
		res.Stones[c]++
	}
	res.Stones[board.Empty] = 0
	res.Bonus[board.White] = p.r.Komi
	for c := board.Black; c <= board.White; c++ {
		res.Score[c] = float64(res.Stones[c]) + res.Bonus[c]
	}
	switch p.end {
	case endFull:
		res.Reason = "board full"
	case endResign:
		res.Reason = "resignation"
		res.Resigned = []board.Color{p.resigned}
	case endRecurrence:
		first, again, _ := p.Recurrence()
		what := fmt.Sprintf("the position after move %d", first)
		if first == 0 {
			what = "the starting position"
		}
		res.Reason = fmt.Sprintf("recurring position: move %d repeats %s (project rule, the seed is silent: scored as it stands, equal counts tie)", again, what)
	}
	return res
}

// Clone returns an independent copy of the game (game.State's Clone).
func (p *Position) Clone() game.State {
	c := *p
	c.color = slices.Clone(p.color)
	c.count = slices.Clone(p.count)
	c.hist = slices.Clone(p.hist)
	c.removed = slices.Clone(p.removed)
	return &c
}
