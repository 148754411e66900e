// Package liberty is the engine of the liberty-and-capture family: Go under
// its common rulesets, Keil (Go with linking on the hexhex, a button and
// own-position repetition ban) and Kee (Go for two or more players with
// cycle prohibition, appealing passes and rescission). The games differ in
// connectivity (rules.Links), the repetition rule (rules.Ko), suicide,
// passes and the number of players; this package applies a rules.Ruleset to
// any board.Graph.
//
// Start with New and the game.State methods of Position (Play, Undo,
// LegalMoves, Result); catalog.Start chooses this engine for Go, Keil and
// Kee.
//
// A Position is a game in progress with its whole history: Play and Undo
// move through it without allocating once the buffers have grown, and a
// Zobrist hash of every position in the history makes repetition checks
// cheap.
package liberty

import (
	"fmt"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// Position is a game of the liberty family in progress. It implements
// game.State.
type Position struct {
	g     *board.Graph
	r     rules.Ruleset
	color []board.Color
	hash  uint64 // Zobrist hash of the board alone

	toMove   board.Color
	button   board.Color // who took the button, or Empty
	passes   int         // consecutive passes at the end of the history
	over     bool
	reason   string
	resigned []board.Color

	startHash uint64
	hist      []ply
	removed   []board.Stone // stones removed by placements, by ply (ply.removedAt)

	kee *keeState // Kee's appeals and rescissions (rules.KoCycle only)

	// scratch space for group searches, and for an earlier board (was)
	was   []board.Color
	mark  []uint32
	gen   uint32
	stack []int32
}

// ply is one move of the history, with what Undo needs to take it back.
type ply struct {
	game.Played
	hashBefore   uint64 // board hash before the move
	key          uint64 // repetition key after the move (see repetitionKey)
	removedAt    int32  // this ply's removals are removed[removedAt:next ply's]
	buttonBefore board.Color
	passesBefore int32
	overBefore   bool
	reasonBefore string
}

// buttonKey folds "the button has been taken" into a position's hash.
const buttonKey = uint64(0x1f83d9abfb41bd6b)

// New starts a game under ruleset r on board g, from g's starting position.
func New(r rules.Ruleset, g *board.Graph) (*Position, error) {
	if r.Family != rules.Liberty {
		return nil, fmt.Errorf("ruleset %s is not of the liberty-and-capture family", r.Name)
	}
	if err := r.Validate(g); err != nil {
		return nil, err
	}
	n := g.N()
	p := &Position{g: g, r: r, color: make([]board.Color, n), toMove: board.Black,
		mark: make([]uint32, n), stack: make([]int32, 0, n)}
	for _, s := range g.Start() {
		if int(s.Color) > r.Players {
			return nil, fmt.Errorf("board %s: the starting position has %s stones, but the game has %d players", g.Spec(), s.Color, r.Players)
		}
		p.color[s.Point] = s.Color
		p.hash ^= g.Key(s.Point, s.Color)
	}
	p.startHash = p.hash
	if r.Ko == rules.KoCycle {
		k, err := newKee(r)
		if err != nil {
			return nil, err
		}
		p.kee = k
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

// Button returns the player who took the button, or Empty.
func (p *Position) Button() board.Color { return p.button }

// Over reports whether the game has ended.
func (p *Position) Over() bool { return p.over }

// Hash returns the Zobrist hash of the position: the board, the player to
// move and the button.
func (p *Position) Hash() uint64 {
	h := p.hash ^ board.SideKey(p.toMove)
	if p.button != board.Empty {
		h ^= buttonKey
	}
	return h
}

// BoardHash returns the Zobrist hash of the board alone.
func (p *Position) BoardHash() uint64 { return p.hash }

// MoveNumber returns the number of moves played.
func (p *Position) MoveNumber() int { return len(p.hist) }

// History returns the moves played so far.
func (p *Position) History() []game.Played {
	h := make([]game.Played, len(p.hist))
	for i := range p.hist {
		h[i] = p.hist[i].Played
	}
	return h
}

// next returns the player after c in turn order, skipping players who resigned.
func (p *Position) next(c board.Color) board.Color {
	for {
		c = c%board.Color(p.r.Players) + 1
		if !p.hasResigned(c) {
			return c
		}
	}
}

func (p *Position) hasResigned(c board.Color) bool {
	for _, x := range p.resigned {
		if x == c {
			return true
		}
	}
	return false
}

// active returns the number of players still in the game.
func (p *Position) active() int { return p.r.Players - len(p.resigned) }

// Legal returns nil if m is legal for the player to move, or why not.
func (p *Position) Legal(m game.Move) error {
	if err := p.Play(m); err != nil {
		return err
	}
	p.Undo()
	return nil
}

// LegalMoves appends every legal move but resignation to dst: placements
// in point order, then the button, appeals and pass.
func (p *Position) LegalMoves(dst []game.Move) []game.Move {
	if p.over {
		return dst
	}
	for q := range p.color {
		if p.color[q] == board.Empty && p.Try(q) {
			p.Undo()
			dst = append(dst, game.At(q))
		}
	}
	if p.r.Button && p.button == board.Empty {
		dst = append(dst, game.ButtonMove)
	}
	if p.kee != nil {
		dst = p.appeals(dst)
	}
	if p.passLegal() == nil {
		dst = append(dst, game.PassMove)
	}
	return dst
}

func (p *Position) passLegal() error {
	if p.r.Button && p.button == board.Empty {
		return game.Illegal(p.g, game.PassMove, "passing is not allowed before the button is taken")
	}
	return nil
}

// Try plays the placement on q if it is legal and reports whether it did.
// Unlike Play it does not say why a move is illegal, and so allocates
// nothing: it is for searches that try many moves.
func (p *Position) Try(q int) bool {
	return !p.over && q >= 0 && q < len(p.color) && p.place(q).code == allowed
}

// Play makes move m for the player to move. An illegal move returns an
// *game.IllegalError and leaves the position unchanged.
func (p *Position) Play(m game.Move) error {
	if p.over {
		return game.Illegal(p.g, m, "the game is over")
	}
	switch m.Kind {
	case game.Place:
		if m.Point < 0 || m.Point >= len(p.color) {
			return &game.IllegalError{Move: fmt.Sprint(m.Point), Reason: "no such point"}
		}
		if r := p.place(m.Point); r.code != allowed {
			return p.refusalError(m.Point, r)
		}
		return nil
	case game.Pass:
		if err := p.passLegal(); err != nil {
			return err
		}
		if p.kee != nil {
			return p.keePass()
		}
		p.push(m, p.hash, len(p.removed))
		p.passes++
		if p.passes >= p.active() {
			p.end("passes")
		}
	case game.Button:
		if !p.r.Button {
			return game.Illegal(p.g, m, "there is no button in this game")
		}
		if p.button != board.Empty {
			return game.Illegal(p.g, m, "%s already took the button", p.button)
		}
		p.push(m, p.hash, len(p.removed))
		p.button = p.toMove
		p.passes = 0
	case game.Appeal:
		if p.kee == nil {
			return game.Illegal(p.g, m, "appealing passes exist only under the kee rules")
		}
		return p.keeAppeal(m.Point)
	case game.Resign:
		p.push(m, p.hash, len(p.removed))
		p.resigned = append(p.resigned, p.toMove)
		if p.kee != nil {
			p.keeRecord()
		}
		if p.active() <= 1 {
			p.end("resignation")
			return nil
		}
	default:
		return game.Illegal(p.g, m, "unknown kind of move")
	}
	p.toMove = p.next(p.toMove)
	p.hist[len(p.hist)-1].key = p.repetitionKey(p.hash, p.toMove, p.button)
	return nil
}

func (p *Position) end(reason string) {
	p.over, p.reason = true, reason
}

// push appends a ply for move m by the player to move, recording what Undo
// restores: the board hash before the move and where the move's removals
// start. The caller sets the ply's repetition key once the move is made.
func (p *Position) push(m game.Move, hashBefore uint64, removedAt int) {
	p.hist = append(p.hist, ply{
		Played:       game.Played{Player: p.toMove, Move: m},
		hashBefore:   hashBefore,
		removedAt:    int32(removedAt),
		buttonBefore: p.button,
		passesBefore: int32(p.passes),
		overBefore:   p.over,
		reasonBefore: p.reason,
	})
}

// Undo takes back the last move. Under Kee it takes back the last entry of
// the record, which may be a rescinding pass (see Record).
func (p *Position) Undo() bool {
	if p.kee != nil {
		return p.keeUndo()
	}
	return p.unplay()
}

// unplay takes back the last ply of the history.
func (p *Position) unplay() bool {
	if len(p.hist) == 0 {
		return false
	}
	last := &p.hist[len(p.hist)-1]
	switch last.Move.Kind {
	case game.Place:
		for _, s := range p.removed[last.removedAt:] {
			p.color[s.Point] = s.Color
		}
		p.removed = p.removed[:last.removedAt]
		p.color[last.Move.Point] = board.Empty
	case game.Resign:
		p.resigned = p.resigned[:len(p.resigned)-1]
	}
	p.hash = last.hashBefore
	p.button = last.buttonBefore
	p.passes = int(last.passesBefore)
	p.over, p.reason = last.overBefore, last.reasonBefore
	p.toMove = last.Player
	p.hist = p.hist[:len(p.hist)-1]
	return true
}

// refusal says why a placement is illegal, unformatted, so that trying
// moves (LegalMoves, searches) allocates nothing; refusalError words it.
type refusal struct {
	code refusalCode
	n    int    // the move number a repetition refers to
	text string // Kee's reasons, already worded
}

type refusalCode uint8

const (
	allowed refusalCode = iota
	occupied
	suicide
	suicideNoChange
	simpleKo
	superko
	superkoStart
	situational
	situationalStart
	ownPosition
	keeRule
)

// refusalError words refusal r of a placement on q.
func (p *Position) refusalError(q int, r refusal) error {
	name := p.g.Name(q)
	var reason string
	switch r.code {
	case occupied:
		reason = name + " is occupied"
	case suicide:
		reason = "suicide: the stone at " + name + " would have no liberty"
	case suicideNoChange:
		reason = "suicide that changes nothing: the stone at " + name + " would have no liberty and capture nothing"
	case simpleKo:
		reason = "retakes the ko at once (recreates the position before the last move)"
	case superko:
		reason = fmt.Sprintf("repeats the position after move %d (superko)", r.n)
	case superkoStart:
		reason = "repeats the starting position (superko)"
	case situational:
		reason = fmt.Sprintf("repeats the position with the same player to move after move %d (superko)", r.n)
	case situationalStart:
		reason = "repeats the starting position with the same player to move (superko)"
	case ownPosition:
		reason = fmt.Sprintf("repeats your position after move %d", r.n)
	default:
		reason = r.text
	}
	return &game.IllegalError{Move: name, Reason: reason}
}

// place plays a stone for the player to move on point q, or says why it
// cannot and changes nothing.
func (p *Position) place(q int) refusal {
	mover := p.toMove
	m := game.At(q)
	if p.color[q] != board.Empty {
		return refusal{code: occupied}
	}
	if p.kee != nil {
		if reason := p.keeBanned(q); reason != "" {
			return refusal{code: keeRule, text: reason}
		}
	}
	hashBefore := p.hash
	removedAt := len(p.removed)
	p.set(q, mover)

	// Judge every enemy group next to the new stone on this board, then
	// remove the dead ones together. Only groups with a stone next to q can
	// have lost liberties: a link depends only on the pair and its
	// witnesses, which are both neighbours of the pair's ends.
	p.gen++
	for _, r := range p.g.Neighbors(q) {
		if c := p.color[r]; c != board.Empty && c != mover && p.mark[r] != p.gen {
			if start := len(p.stack); !p.collectGroup(int(r)) {
				for _, s := range p.stack[start:] {
					p.removed = append(p.removed, board.Stone{Point: int(s), Color: c})
				}
			} else {
				p.stack = p.stack[:start]
			}
		}
	}
	p.stack = p.stack[:0]
	for _, s := range p.removed[removedAt:] {
		p.set(s.Point, board.Empty)
	}

	p.gen++
	if !p.collectGroup(q) {
		if p.r.Suicide == rules.SuicideForbidden {
			p.stack = p.stack[:0]
			p.revert(q, removedAt, hashBefore)
			return refusal{code: suicide}
		}
		for _, s := range p.stack {
			p.removed = append(p.removed, board.Stone{Point: int(s), Color: mover})
			p.set(int(s), board.Empty)
		}
		if len(p.stack) == 1 {
			// A lone stone with no liberty, capturing nothing: the
			// board is as it was.
			p.stack = p.stack[:0]
			p.revert(q, removedAt, hashBefore)
			return refusal{code: suicideNoChange}
		}
	}
	p.stack = p.stack[:0]

	next := p.next(mover)
	key := p.repetitionKey(p.hash, next, p.button)
	if r := p.repeats(mover, key, q, removedAt); r.code != allowed {
		p.revert(q, removedAt, hashBefore)
		return r
	}
	p.push(m, hashBefore, removedAt)
	p.hist[len(p.hist)-1].key = key
	p.passes = 0
	p.toMove = next
	if p.kee != nil {
		p.keeRecord()
	}
	return refusal{}
}

// revert undoes a placement on q that turned out illegal.
func (p *Position) revert(q, removedAt int, hashBefore uint64) {
	for _, s := range p.removed[removedAt:] {
		p.color[s.Point] = s.Color
	}
	p.removed = p.removed[:removedAt]
	p.color[q] = board.Empty
	p.hash = hashBefore
}

func (p *Position) set(q int, c board.Color) {
	p.hash ^= p.g.Key(q, p.color[q]) ^ p.g.Key(q, c)
	p.color[q] = c
}

// linked reports whether the ends of directed edge e, a and b, are linked
// under the ruleset's link rule.
func (p *Position) linked(a, b, e int) bool {
	switch p.r.Links {
	case rules.Keil:
		ta, tb := p.color[a], p.color[b]
		for _, w := range p.g.EdgeWitnesses(e) {
			if tw := p.color[w]; tw == ta || tw == tb {
				return true
			}
		}
		return false
	case rules.Keil2019:
		ta, tb := p.color[a], p.color[b]
		if ta == board.Empty && tb == board.Empty {
			return true
		}
		s := ta
		if s == board.Empty {
			s = tb
		} else if tb != board.Empty && tb != s {
			return false
		}
		for _, w := range p.g.EdgeWitnesses(e) {
			if tw := p.color[w]; tw == board.Empty || tw == s {
				return true
			}
		}
		return false
	}
	return true
}

// Linked reports whether adjacent points a and b are linked in the current
// position (always, for plain connectivity). It is false if they are not
// adjacent.
func (p *Position) Linked(a, b int) bool {
	lo, hi := p.g.EdgeRange(a)
	for e := lo; e < hi; e++ {
		if p.g.EdgeTo(e) == b {
			return p.linked(a, b, e)
		}
	}
	return false
}

// collectGroup appends the group of the stone on q to p.stack, marking its
// stones with p.gen, and reports whether it has a liberty.
func (p *Position) collectGroup(q int) bool {
	c := p.color[q]
	start := len(p.stack)
	p.stack = append(p.stack, int32(q))
	p.mark[q] = p.gen
	free := false
	for i := start; i < len(p.stack); i++ {
		s := int(p.stack[i])
		lo, hi := p.g.EdgeRange(s)
		for e := lo; e < hi; e++ {
			r := p.g.EdgeTo(e)
			switch p.color[r] {
			case board.Empty:
				if !free && p.linked(s, r, e) {
					free = true
				}
			case c:
				if p.mark[r] != p.gen && p.linked(s, r, e) {
					p.mark[r] = p.gen
					p.stack = append(p.stack, int32(r))
				}
			}
		}
	}
	return free
}

// Group returns the stones of the group on q and its liberties, or nil, nil
// if q is empty.
func (p *Position) Group(q int) (stones, liberties []int) {
	if p.color[q] == board.Empty {
		return nil, nil
	}
	p.gen++
	p.collectGroup(q)
	libGen := p.gen + 1
	for _, s := range p.stack {
		stones = append(stones, int(s))
		lo, hi := p.g.EdgeRange(int(s))
		for e := lo; e < hi; e++ {
			r := p.g.EdgeTo(e)
			if p.color[r] == board.Empty && p.mark[r] != libGen && p.linked(int(s), r, e) {
				p.mark[r] = libGen
				liberties = append(liberties, r)
			}
		}
	}
	p.gen++
	p.stack = p.stack[:0]
	return stones, liberties
}

// boardWas reports whether the board after ply i of the history (i = -1:
// the start) is the board as it stands, where a placement on q has just
// been made, its removals being removed[removedAt:], and not yet pushed.
// It rebuilds the earlier board by taking the plies back on a copy, so it
// costs a walk of the history; it runs only where repetition keys match.
// Equal boards with equal keys also have the same player to move and
// button state, as those enter the key through distinct constants.
func (p *Position) boardWas(i, q, removedAt int) bool {
	b := append(p.was[:0], p.color...)
	for _, s := range p.removed[removedAt:] {
		b[s.Point] = s.Color
	}
	b[q] = board.Empty
	end := removedAt
	for j := len(p.hist) - 1; j > i; j-- {
		h := &p.hist[j]
		if h.Move.Kind == game.Place {
			for _, s := range p.removed[h.removedAt:end] {
				b[s.Point] = s.Color
			}
			b[h.Move.Point] = board.Empty
		}
		end = int(h.removedAt)
	}
	p.was = b
	for k, c := range b {
		if p.color[k] != c {
			return false
		}
	}
	return true
}

// repetitionKey is what the ruleset's repetition rule compares: the board,
// with the player to move under situational superko, and with the button
// under Keil's own-position rule.
func (p *Position) repetitionKey(hash uint64, next, button board.Color) uint64 {
	switch p.r.Ko {
	case rules.KoSituational:
		return hash ^ board.SideKey(next)
	case rules.KoOwn:
		if button != board.Empty {
			return hash ^ buttonKey
		}
	}
	return hash
}

// repeats returns why a placement by mover on q (its removals from
// removed[removedAt:]) leading to repetition key key is forbidden by the
// repetition rule, if it is. Keys are a filter: a repetition is declared
// only once the whole earlier board is found equal (boardWas), so that a
// collision of 64-bit hashes can never forbid a legal move.
func (p *Position) repeats(mover board.Color, key uint64, q, removedAt int) refusal {
	switch p.r.Ko {
	case rules.KoSimple:
		if n := len(p.hist); n > 0 && p.hist[n-1].hashBefore == key && p.boardWas(n-2, q, removedAt) {
			return refusal{code: simpleKo, n: n - 1}
		}
	case rules.KoPositional, rules.KoSituational:
		code, start := superko, superkoStart
		if p.r.Ko == rules.KoSituational {
			code, start = situational, situationalStart
		}
		for i := len(p.hist) - 1; i >= 0; i-- {
			if p.hist[i].key == key && p.boardWas(i, q, removedAt) {
				return refusal{code: code, n: i + 1}
			}
		}
		if key == p.repetitionKey(p.startHash, board.Black, board.Empty) && p.boardWas(-1, q, removedAt) {
			return refusal{code: start}
		}
	case rules.KoOwn:
		for i := len(p.hist) - 1; i >= 0; i-- {
			if p.hist[i].Player == mover && p.hist[i].key == key && p.boardWas(i, q, removedAt) {
				return refusal{code: ownPosition, n: i + 1}
			}
		}
	case rules.KoCycle:
		if reason := p.keeCycle(mover, q, removedAt); reason != "" {
			return refusal{code: keeRule, text: reason}
		}
	}
	return refusal{}
}
