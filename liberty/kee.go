package liberty

import (
	"fmt"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// The Kee Rules of Go (2016), K11-K15, on top of the liberty engine.
//
// The history (Position.History) is the current, un-rescinded sequence of
// plays; positions p0 (the start) .. pt are the boards after each of its
// plays. The record (Position.Record) is every play ever made, in order,
// including rescinded plays and the passes that rescinded them: playing the
// record's moves in order on a new game reproduces the game. Undo takes back
// the last record entry exactly, a rescinding pass included.

// KeeEntry is one play of a Kee game's full record.
type KeeEntry struct {
	game.Played
	// Number is the play's number in the history when it was made
	// (1-based). Plays after a rescission reuse the numbers of the plays
	// taken out.
	Number int
	// Rescinded reports that a later non-appealing pass took this play out of
	// the history (K13): the rescinded stone play and the passes after it.
	Rescinded bool
	// Rescinds, for a rescinding pass, lists the record indices of the plays
	// it took out of the history, the rescinded stone play first. A
	// rescinding pass does not enter the history itself.
	Rescinds []int
}

// keeState holds what the Kee 2016 rules (K11-K14) add to a position:
// the full record, appeals, rescissions and the plays banned at each moment.
type keeState struct {
	record []KeeEntry
	recIdx []int // record index of each ply of the history
	bans   []keeBan
	undo   []keeRescission // one per rescinding pass in the record, in order
	cycle  bool            // set by keeCycle when K11 forbids the placement being tried
}

// keeBan forbids player's stone play on point at the moment when the
// history has length moment (K14: a play rescinded there).
type keeBan struct {
	moment int
	player board.Color
	point  int
}

// keeRescission is what Undo needs to take back a rescinding pass.
type keeRescission struct {
	cut     int           // history length before the rescinded stone play
	plies   []ply         // the plies taken out, the stone play first
	recIdx  []int         // their record indices
	removed []board.Stone // the stone play's removals
	dropped []keeBan      // bans of moments the rescission cut away
	passes  int
	reason  string
}

// Record returns every play of a Kee game in the order made, rescinded
// plays and rescinding passes included and marked (see KeeEntry); nil for
// other rulesets.
func (p *Position) Record() []KeeEntry {
	if p.kee == nil {
		return nil
	}
	rec := make([]KeeEntry, len(p.kee.record))
	for i, e := range p.kee.record {
		rec[i] = e
		rec[i].Rescinds = append([]int(nil), e.Rescinds...)
	}
	return rec
}

// LastRescinds reports whether the last play of a Kee game's record is a
// rescinding pass, which is in no history (History shows the plays it
// left): Undo takes it back first.
func (p *Position) LastRescinds() bool {
	return p.kee != nil && len(p.kee.record) > 0 && p.kee.record[len(p.kee.record)-1].Rescinds != nil
}

// newKee checks a kee ruleset and returns the state it adds.
func newKee(r rules.Ruleset) (*keeState, error) {
	if r.Button {
		return nil, fmt.Errorf("ruleset %s: the kee rules have no button", r.Name)
	}
	return &keeState{}, nil
}

// keeRecord adds the last ply of the history to the record.
func (p *Position) keeRecord() {
	k := p.kee
	k.recIdx = append(k.recIdx, len(k.record))
	k.record = append(k.record, KeeEntry{Played: p.hist[len(p.hist)-1].Played, Number: len(p.hist)})
}

// keePass makes a non-appealing pass: it rescinds the mover's last stone
// play if K13 says so, and otherwise counts towards the end (K15).
func (p *Position) keePass() error {
	if k := p.rescindable(p.toMove); k >= 0 {
		p.rescind(k)
		return nil
	}
	p.keePush(game.PassMove)
	return nil
}

// keeAppeal makes an appealing pass naming point q (K12).
func (p *Position) keeAppeal(q int) error {
	if err := p.appealable(q); err != nil {
		return err
	}
	p.keePush(game.Move{Kind: game.Appeal, Point: q})
	return nil
}

// keePush plays a pass of either kind that rescinds nothing, ending the game
// once every player still in it has passed in succession (K15).
func (p *Position) keePush(m game.Move) {
	p.push(m, p.hash, len(p.removed))
	p.passes++
	if p.passes >= p.active() {
		p.end("passes")
	}
	p.toMove = p.next(p.toMove)
	p.hist[len(p.hist)-1].key = p.hash
	p.keeRecord()
}

// rescindable returns the history index of the stone play a non-appealing
// pass by mover rescinds (K13), or -1: the last stone play of the history,
// if it is mover's and an opponent has made an appealing pass after it.
// A resignation after the stone play settles it (a project decision: the
// seed is silent, and taking a resignation back out of the history, or
// moving it, would leave a history that no longer replays in turn order).
func (p *Position) rescindable(mover board.Color) int {
	k := p.appealed()
	if k < 0 || p.hist[k].Player != mover {
		return -1
	}
	return k
}

// appealed returns the history index of the last stone play if an
// opponent of its player has made an appealing pass since and nobody has
// resigned since, or -1.
func (p *Position) appealed() int {
	k := len(p.hist) - 1
	for k >= 0 && p.hist[k].Move.Kind != game.Place {
		k--
	}
	if k < 0 {
		return -1
	}
	appealed := false
	for _, h := range p.hist[k+1:] {
		if h.Move.Kind == game.Resign {
			return -1
		}
		appealed = appealed || (h.Move.Kind == game.Appeal && h.Player != p.hist[k].Player)
	}
	if !appealed {
		return -1
	}
	return k
}

// UnderAppeal returns the stone play an opponent's appealing pass has put
// in question, its index in Actions (the record) and the appealing passes
// since it (game.Appealing); ok is false outside Kee or when there is
// none.
func (p *Position) UnderAppeal() (play game.Played, at int, appeals []game.Played, ok bool) {
	if p.kee == nil {
		return game.Played{}, -1, nil, false
	}
	k := p.appealed()
	if k < 0 {
		return game.Played{}, -1, nil, false
	}
	for _, h := range p.hist[k+1:] {
		if h.Move.Kind == game.Appeal && h.Player != p.hist[k].Player {
			appeals = append(appeals, h.Played)
		}
	}
	return p.hist[k].Played, p.kee.recIdx[k], appeals, true
}

// Rescinded reports, for each move of Actions (the record), whether a
// rescission took it out of the history (game.Appealing); nil outside
// Kee.
func (p *Position) Rescinded() []bool {
	if p.kee == nil {
		return nil
	}
	out := make([]bool, len(p.kee.record))
	for i, e := range p.kee.record {
		out[i] = e.Rescinded
	}
	return out
}

// rescind makes the non-appealing pass of the player to move that rescinds
// the stone play hist[k] (K13-K14): the history returns to before it, the
// same player moves again, and the stone play is banned at that moment.
func (p *Position) rescind(k int) {
	ks := p.kee
	mover := p.toMove
	number := len(p.hist) + 1
	base := int(p.hist[k].removedAt)
	r := keeRescission{
		cut:     k,
		plies:   append([]ply(nil), p.hist[k:]...),
		recIdx:  append([]int(nil), ks.recIdx[k:]...),
		removed: append([]board.Stone(nil), p.removed[base:]...),
		passes:  p.passes,
		reason:  p.reason,
	}
	s := r.plies[0]
	// Only the first ply taken out is a stone play: take it back.
	for _, st := range r.removed {
		p.set(st.Point, st.Color)
	}
	p.set(s.Move.Point, board.Empty)
	p.removed = p.removed[:base]
	p.hist = p.hist[:k]
	ks.recIdx = ks.recIdx[:k]
	p.passes = int(s.passesBefore)

	rescinds := append([]int(nil), r.recIdx...)
	for _, i := range rescinds {
		ks.record[i].Rescinded = true
	}

	// Bans of moments after k belong to prefixes this rescission cuts.
	kept := ks.bans[:0:0]
	for _, b := range ks.bans {
		if b.moment > k {
			r.dropped = append(r.dropped, b)
		} else {
			kept = append(kept, b)
		}
	}
	ks.bans = append(kept, keeBan{moment: len(p.hist), player: mover, point: s.Move.Point})

	p.toMove = mover
	p.over, p.reason = false, ""
	ks.record = append(ks.record, KeeEntry{Played: game.Played{Player: mover, Move: game.PassMove},
		Number: number, Rescinds: rescinds})
	ks.undo = append(ks.undo, r)
}

// keeUndo takes back the last entry of the record.
func (p *Position) keeUndo() bool {
	ks := p.kee
	n := len(ks.record)
	if n == 0 {
		return false
	}
	e := ks.record[n-1]
	if e.Rescinds == nil {
		p.unplay()
		ks.recIdx = ks.recIdx[:len(ks.recIdx)-1]
		ks.record = ks.record[:n-1]
		return true
	}
	r := ks.undo[len(ks.undo)-1]
	ks.undo = ks.undo[:len(ks.undo)-1]
	p.hist = p.hist[:r.cut]
	ks.recIdx = ks.recIdx[:r.cut]
	s := r.plies[0]
	p.set(s.Move.Point, s.Player)
	for _, st := range r.removed {
		p.set(st.Point, board.Empty)
	}
	p.removed = append(p.removed, r.removed...)
	p.hist = append(p.hist, r.plies...)
	ks.recIdx = append(ks.recIdx, r.recIdx...)
	for _, i := range e.Rescinds {
		ks.record[i].Rescinded = false
	}
	ks.bans = append(ks.bans[:len(ks.bans)-1], r.dropped...)
	p.passes = r.passes
	p.toMove = e.Player
	p.over, p.reason = false, r.reason
	ks.record = ks.record[:n-1]
	return true
}

// keeBanned returns why mover's stone play on q is forbidden by K14 (it was
// rescinded at this moment), or "".
func (p *Position) keeBanned(q int) string {
	t := len(p.hist)
	for _, b := range p.kee.bans {
		if b.moment == t && b.player == p.toMove && b.point == q {
			return fmt.Sprintf("this stone play was rescinded at this moment (after move %d); choose another play (K14)", t)
		}
	}
	return ""
}

// keeCycle returns why the stone play by mover just placed (the board is
// the one it produces) is prohibited by the cycle prohibition (K11), or "".
//
// Boards p0..pt-1 are hist[i].hashBefore (found by hash, confirmed whole
// by boardWas; q and removedAt are the play's); pt, the board before the play,
// cannot equal the new board (K10). A board reached by passes is the same
// occurrence as the stone play (or the start) that began its run.
func (p *Position) keeCycle(mover board.Color, q, removedAt int) string {
	ks := p.kee
	ks.cycle = false
	t := len(p.hist)
	first, last := -1, -1
	for i := 0; i < t; i++ {
		if p.hist[i].hashBefore == p.hash && p.boardWas(i-1, q, removedAt) {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return ""
	}
	// The stone play that produced the last occurrence: the start of its run.
	s := last
	for s > 0 && p.hist[s-1].Move.Kind != game.Place {
		s--
	}
	// (a) mover made a non-appealing pass after it (plays s+1..t).
	a := false
	for _, h := range p.hist[s:] {
		if h.Player == mover && h.Move.Kind == game.Pass {
			a = true
			break
		}
	}
	// (b) some opponent made only stone plays, at least one, since the first
	// occurrence (plays first+1..t).
	b := false
	for c := board.Black; int(c) <= p.r.Players && !b; c++ {
		if c == mover {
			continue
		}
		n, stones := 0, true
		for _, h := range p.hist[first:] {
			if h.Player == c {
				n++
				stones = stones && h.Move.Kind == game.Place
			}
		}
		b = n > 0 && stones
	}
	if a && b {
		return ""
	}
	ks.cycle = true
	where := "the starting position"
	if s > 0 {
		where = fmt.Sprintf("the position after move %d", s)
	}
	if !a {
		since := "in this game"
		if s > 0 {
			since = fmt.Sprintf("since move %d", s)
		}
		return fmt.Sprintf("recreates %s (cycle prohibition, K11): you have made no non-appealing pass %s", where, since)
	}
	since := "the start"
	if first > 0 {
		since = fmt.Sprintf("move %d", first)
	}
	return fmt.Sprintf("recreates %s (cycle prohibition, K11): no opponent has made only stone plays since it first appeared, at %s", where, since)
}

// appealable returns nil if the player to move may make an appealing pass
// naming q (K12): a stone play on q would be legal in every respect except
// the cycle prohibition. Otherwise it says why not.
func (p *Position) appealable(q int) error {
	m := game.Move{Kind: game.Appeal, Point: q}
	if q < 0 || q >= len(p.color) {
		return &game.IllegalError{Move: fmt.Sprintf("appeal-%d", q), Reason: "no such point"}
	}
	p.kee.cycle = false
	r := p.place(q)
	if r.code == allowed {
		p.Undo()
		return game.Illegal(p.g, m, "a stone play on %s is legal, so there is nothing to appeal against (K12)", p.g.Name(q))
	}
	if !p.kee.cycle {
		reason := p.refusalError(q, r).(*game.IllegalError).Reason
		return game.Illegal(p.g, m, "a stone play on %s is illegal for a reason other than the cycle prohibition (%s), so it cannot be appealed (K12)", p.g.Name(q), reason)
	}
	p.kee.cycle = false
	return nil
}

// appeals appends the legal appealing passes to dst.
func (p *Position) appeals(dst []game.Move) []game.Move {
	for q, c := range p.color {
		if c == board.Empty && p.appealable(q) == nil {
			dst = append(dst, game.Move{Kind: game.Appeal, Point: q})
		}
	}
	return dst
}

// Actions returns every move made, in order, such that playing them on a
// new game reproduces this one exactly: the history, or under Kee the whole
// record, rescinded plays and rescinding passes included.
func (p *Position) Actions() []game.Played {
	if p.kee == nil {
		return p.History()
	}
	out := make([]game.Played, len(p.kee.record))
	for i, e := range p.kee.record {
		out[i] = e.Played
	}
	return out
}
