package liberty

// Property tests over random games (pgregory.net/rapid) on many boards and
// all six liberty rulesets of issue 2: the invariants every move must keep.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// propRulesets are the rulesets of the liberty engine that issue 2 covers.
var propRulesets = []string{"go", "go-situational", "go-simple", "tromp-taylor", "keil", "keil-2019"}

// boardSpecGen draws a board: rectangles 1x1..9x9 (1x1 and 2x1 included),
// hexhex of side 2..6, tori 3x3..7x7.
func boardSpecGen() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		switch rapid.IntRange(0, 4).Draw(t, "shape") {
		case 0: // the tiny boards, often enough to matter
			return rapid.SampledFrom([]string{"1x1", "2x1", "1x2", "3x1", "2x2", "3x2"}).Draw(t, "tiny")
		case 1, 2:
			w := rapid.IntRange(1, 9).Draw(t, "w")
			h := rapid.IntRange(1, 9).Draw(t, "h")
			return fmt.Sprintf("%dx%d", w, h)
		case 3:
			return fmt.Sprintf("hex:%d", rapid.IntRange(2, 6).Draw(t, "side"))
		default:
			w := rapid.IntRange(3, 7).Draw(t, "tw")
			h := rapid.IntRange(3, 7).Draw(t, "th")
			return fmt.Sprintf("torus:%dx%d", w, h)
		}
	})
}

func hexSpecGen() *rapid.Generator[string] {
	return rapid.Map(rapid.IntRange(2, 6), func(n int) string { return fmt.Sprintf("hex:%d", n) })
}

func newPosition(t interface {
	Fatalf(string, ...any)
}, name, spec string) *Position {
	g, err := board.Parse(spec)
	if err != nil {
		t.Fatalf("board %s: %v", spec, err)
	}
	r, err := rules.Preset(name, g)
	if err != nil {
		t.Fatalf("ruleset %s: %v", name, err)
	}
	p, err := New(r, g)
	if err != nil {
		t.Fatalf("New(%s, %s): %v", name, spec, err)
	}
	return p
}

// snapshot is everything observable about a position.
type snapshot struct {
	board     []board.Color
	toMove    board.Color
	button    board.Color
	over      bool
	hash      uint64
	boardHash uint64
	moves     int
	history   []game.Played
	result    string // Result in full, via %+v
	legal     []game.Move
}

func snap(p *Position) snapshot {
	s := snapshot{toMove: p.ToMove(), button: p.Button(), over: p.Over(), hash: p.Hash(),
		boardHash: p.BoardHash(), moves: p.MoveNumber(), history: p.History(),
		result: fmt.Sprintf("%+v", p.Result()), legal: p.LegalMoves(nil)}
	for q := 0; q < p.g.N(); q++ {
		s.board = append(s.board, p.At(q))
	}
	return s
}

// diff describes how two snapshots differ, or returns "".
func (s snapshot) diff(o snapshot) string {
	switch {
	case !slices.Equal(s.board, o.board):
		return "board differs"
	case s.toMove != o.toMove:
		return fmt.Sprintf("to move %v vs %v", s.toMove, o.toMove)
	case s.button != o.button:
		return fmt.Sprintf("button %v vs %v", s.button, o.button)
	case s.over != o.over:
		return fmt.Sprintf("over %v vs %v", s.over, o.over)
	case s.hash != o.hash:
		return fmt.Sprintf("Hash %x vs %x", s.hash, o.hash)
	case s.boardHash != o.boardHash:
		return fmt.Sprintf("BoardHash %x vs %x", s.boardHash, o.boardHash)
	case s.moves != o.moves || !slices.Equal(s.history, o.history):
		return fmt.Sprintf("history %v vs %v", s.history, o.history)
	case s.result != o.result:
		return fmt.Sprintf("result %s vs %s", s.result, o.result)
	case !slices.Equal(s.legal, o.legal):
		return fmt.Sprintf("legal moves %v vs %v", s.legal, o.legal)
	}
	return ""
}

func record(p *Position) string {
	var s string
	for _, h := range p.History() {
		s += " " + h.Move.Format(p.g)
	}
	return s
}

// checkInvariants checks what must hold in every position.
func checkInvariants(t *rapid.T, p *Position) {
	n := p.g.N()
	// No group without liberties remains on the board.
	for q := 0; q < n; q++ {
		if p.At(q) != board.Empty {
			if stones, libs := p.Group(q); len(libs) == 0 {
				t.Fatalf("%s on %s after%s: group %v of %s has no liberty\n%s", p.r.Name, p.g.Spec(), record(p), stones, p.g.Name(q), game.Text(p))
			}
		}
	}
	// The count never exceeds the board, and the score adds up.
	res := p.Result()
	used := res.Stones[board.Black] + res.Stones[board.White] + res.Territory[board.Black] + res.Territory[board.White]
	if used > n {
		t.Fatalf("%s on %s after%s: stones+territory = %d > %d points (%s)", p.r.Name, p.g.Spec(), record(p), used, n, res.Breakdown())
	}
	for _, c := range []board.Color{board.Black, board.White} {
		if want := float64(res.Stones[c]+res.Territory[c]) + res.Bonus[c]; res.Score[c] != want {
			t.Fatalf("%s score %v != stones+territory+bonus %v", c, res.Score[c], want)
		}
	}
	// LegalMoves agrees with Legal on every move.
	legal := p.LegalMoves(nil)
	var cands []game.Move
	for q := 0; q < n; q++ {
		cands = append(cands, game.At(q))
	}
	cands = append(cands, game.PassMove, game.ButtonMove)
	for _, m := range cands {
		err := p.Legal(m)
		if in := slices.Contains(legal, m); in != (err == nil) {
			t.Fatalf("%s on %s after%s: %s in LegalMoves = %v, but Legal says %v", p.r.Name, p.g.Spec(), record(p), m.Format(p.g), in, err)
		}
		if err != nil {
			if _, ok := err.(*game.IllegalError); !ok {
				t.Fatalf("Legal(%s) returned %T, want *game.IllegalError", m.Format(p.g), err)
			}
		}
	}
	if p.Over() != (len(legal) == 0) {
		t.Fatalf("over = %v with %d legal moves", p.Over(), len(legal))
	}
}

// randomMover picks moves for a random game: a uniformly random legal
// placement, or with probability 1/24 each the button or a pass when legal.
// Moves come from a PRNG seeded by rapid, not from rapid draws: rapid's
// integer draws lean towards the ends of the range and would pass (the last
// legal move) far too often for games to reach captures and kos.
type randomMover struct {
	rng   *rand.Rand
	buf   []game.Move
	place []game.Move
}

func newRandomMover(t *rapid.T) *randomMover {
	seed := rapid.Uint64().Draw(t, "seed")
	return &randomMover{rng: rand.New(rand.NewPCG(seed, 0x70726f70))}
}

func (r *randomMover) pick(p *Position) game.Move {
	r.buf = p.LegalMoves(r.buf[:0])
	r.place = r.place[:0]
	var other []game.Move
	for _, m := range r.buf {
		if m.Kind == game.Place {
			r.place = append(r.place, m)
		} else {
			other = append(other, m)
		}
	}
	for _, m := range other {
		if r.rng.IntN(24) == 0 {
			return m
		}
	}
	if len(r.place) > 0 {
		return r.place[r.rng.IntN(len(r.place))]
	}
	return other[r.rng.IntN(len(other))]
}

// replay plays p's history on a fresh position.
func replay(t *rapid.T, p *Position) *Position {
	q := newPosition(t, p.r.Name, p.g.Spec())
	for i, h := range p.History() {
		if q.ToMove() != h.Player {
			t.Fatalf("replay: move %d was made by %v, but %v is to move", i+1, h.Player, q.ToMove())
		}
		if err := q.Play(h.Move); err != nil {
			t.Fatalf("replay of%s: move %d %s: %v", record(p), i+1, h.Move.Format(p.g), err)
		}
	}
	return q
}

// TestPropertyRandomGames plays random games and checks, after every move:
// no group without liberties; the count fits the board; LegalMoves and
// Legal agree; Undo restores the exact previous state and replaying the
// move gives the same state again; replaying the whole history from the
// start reproduces the position and its hash.
func TestPropertyRandomGames(t *testing.T) {
	var games, moves, captures, kos int
	defer func() {
		t.Logf("%d games, %d moves, %d captures, %d positions with a ko or superko ban", games, moves, captures, kos)
		if !t.Failed() && (captures == 0 || kos == 0) {
			t.Errorf("the random games made no captures or met no ko: the test is too weak")
		}
	}()
	for _, name := range propRulesets {
		t.Run(name, func(t *testing.T) {
			var g, m, c, k int
			rapid.Check(t, func(t *rapid.T) { propertyGame(t, name, &g, &m, &c, &k) })
			t.Logf("%s: %d games, %d moves, %d captures, %d positions with a ko ban", name, g, m, c, k)
			games, moves, captures, kos = games+g, moves+m, captures+c, kos+k
		})
	}
}

func propertyGame(t *rapid.T, name string, games, moves, captures, kos *int) {
	{ // one random game
		*games++
		gen := boardSpecGen()
		if strings.HasPrefix(name, "keil") {
			// On a square grid no pair has a witness, so no Keil stone has a
			// liberty and only the button and passes are legal: play
			// mostly on hexhex boards.
			gen = rapid.OneOf(gen, hexSpecGen(), hexSpecGen(), hexSpecGen())
		}
		spec := gen.Draw(t, "board")
		p := newPosition(t, name, spec)
		mover := newRandomMover(t)
		maxMoves := p.g.N() + mover.rng.IntN(3*p.g.N()+12)
		checkInvariants(t, p)
		hist := []refEntry{{board: boardKey(snap(p).board), toMove: p.ToMove()}}
		for i := 0; i < maxMoves && !p.Over(); i++ {
			checkAgainstReference(t, p, hist)
			m := mover.pick(p)
			before := snap(p)
			if err := p.Play(m); err != nil {
				t.Fatalf("%s on %s after%s: LegalMoves offered %s but Play says %v", name, spec, record(p), m.Format(p.g), err)
			}
			after := snap(p)
			hist = append(hist, refEntry{board: boardKey(after.board), toMove: p.ToMove(), button: p.Button() != board.Empty, mover: 3 - p.ToMove()})
			*moves++
			if m.Kind == game.Place && p.hist[len(p.hist)-1].removedAt < int32(len(p.removed)) {
				*captures++
			}
			for q := 0; q < p.g.N(); q++ {
				if err := p.Legal(game.At(q)); err != nil && (strings.Contains(err.Error(), "repeats") || strings.Contains(err.Error(), "ko")) {
					*kos++
					break
				}
			}
			checkInvariants(t, p)
			if d := snap(p).diff(after); d != "" {
				t.Fatalf("checking the invariants changed the position: %s", d)
			}
			if !p.Undo() {
				t.Fatalf("Undo after %s returned false", m.Format(p.g))
			}
			if d := snap(p).diff(before); d != "" {
				t.Fatalf("%s on %s after%s: Undo of %s does not restore the position: %s", name, spec, record(p), m.Format(p.g), d)
			}
			if err := p.Play(m); err != nil {
				t.Fatalf("%s after Undo: %v", m.Format(p.g), err)
			}
			if d := snap(p).diff(after); d != "" {
				t.Fatalf("%s on %s: replaying %s after Undo gives a different position: %s", name, spec, m.Format(p.g), d)
			}
			if i%8 == 7 {
				if d := snap(replay(t, p)).diff(after); d != "" {
					t.Fatalf("%s on %s: replaying%s from the start: %s", name, spec, record(p), d)
				}
			}
		}
		end := snap(p)
		if d := snap(replay(t, p)).diff(end); d != "" {
			t.Fatalf("%s on %s: replaying%s from the start: %s", name, spec, record(p), d)
		}
		// Undo all the way back to the empty board.
		for p.Undo() {
		}
		if d := snap(p).diff(snap(newPosition(t, name, spec))); d != "" {
			t.Fatalf("%s on %s: undoing every move does not give the starting position: %s", name, spec, d)
		}
	}
}

// TestPropertyKeilWordingsCaptureAlike plays random games under keil and
// keil-2019 in lockstep: the legal moves and the board after every move
// (hence every capture) must be the same, as keil.md argues.
func TestPropertyKeilWordingsCaptureAlike(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		spec := rapid.OneOf(hexSpecGen(), hexSpecGen(), boardSpecGen()).Draw(t, "board")
		a := newPosition(t, "keil", spec)
		b := newPosition(t, "keil-2019", spec)
		mover := newRandomMover(t)
		maxMoves := mover.rng.IntN(4*a.g.N() + 12)
		for i := 0; i < maxMoves && !a.Over(); i++ {
			la, lb := a.LegalMoves(nil), b.LegalMoves(nil)
			if !slices.Equal(la, lb) {
				t.Fatalf("%s after%s: legal moves differ: keil %v, keil-2019 %v\n%s", spec, record(a), la, lb, game.Text(a))
			}
			m := mover.pick(a)
			if err := a.Play(m); err != nil {
				t.Fatal(err)
			}
			if err := b.Play(m); err != nil {
				t.Fatal(err)
			}
			for q := 0; q < a.g.N(); q++ {
				if a.At(q) != b.At(q) {
					t.Fatalf("%s after%s: boards differ at %s (keil %v, keil-2019 %v)\n%s\n%s", spec, record(a), a.g.Name(q), a.At(q), b.At(q), game.Text(a), game.Text(b))
				}
			}
			if a.Hash() != b.Hash() || a.Over() != b.Over() {
				t.Fatalf("%s after%s: hash or end differ", spec, record(a))
			}
		}
	})
}

// TestPropertyKeilWordingsOnArbitraryPositions fills boards at random (not
// by play, so any arrangement occurs) and checks the argument of keil.md
// directly: stone-empty links are the same under both wordings, keil's
// links are a subset of keil-2019's, and a stone's group has a liberty
// under one wording iff it has one under the other. It also checks each
// wording's link rule against its text.
func TestPropertyKeilWordingsOnArbitraryPositions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		spec := rapid.OneOf(hexSpecGen(), hexSpecGen(), boardSpecGen()).Draw(t, "board")
		a := newPosition(t, "keil", spec)
		b := newPosition(t, "keil-2019", spec)
		g := a.g
		for q := 0; q < g.N(); q++ {
			c := board.Color(rapid.IntRange(0, 2).Draw(t, "color"))
			a.set(q, c)
			b.set(q, c)
		}
		for x := 0; x < g.N(); x++ {
			for _, y32 := range g.Neighbors(x) {
				y := int(y32)
				tx, ty := a.At(x), a.At(y)
				var wantKeil, want2019 bool
				for _, w := range g.Witnesses(x, y) {
					tw := a.At(int(w))
					wantKeil = wantKeil || tw == tx || tw == ty
				}
				switch {
				case tx == board.Empty && ty == board.Empty:
					want2019 = true
				default:
					s := tx
					if s == board.Empty {
						s = ty
					}
					for _, w := range g.Witnesses(x, y) {
						tw := a.At(int(w))
						want2019 = want2019 || tw != 3-s
					}
				}
				la, lb := a.Linked(x, y), b.Linked(x, y)
				if tx != board.Empty && ty != board.Empty && tx != ty {
					// Stones of two colours: only keil's wording speaks
					// of them, and no rule uses such a link.
					if la != wantKeil {
						t.Fatalf("%s: %s-%s: Linked keil %v, spec %v", spec, g.Name(x), g.Name(y), la, wantKeil)
					}
					continue
				}
				if la != wantKeil || lb != want2019 {
					t.Fatalf("%s: %s(%v)-%s(%v): Linked keil %v (spec %v), keil-2019 %v (spec %v)", spec, g.Name(x), tx, g.Name(y), ty, la, wantKeil, lb, want2019)
				}
				if (tx == board.Empty) != (ty == board.Empty) && la != lb {
					t.Fatalf("%s: stone-empty link %s-%s differs between the wordings", spec, g.Name(x), g.Name(y))
				}
				if la && !lb {
					t.Fatalf("%s: %s-%s linked under keil but not keil-2019", spec, g.Name(x), g.Name(y))
				}
			}
		}
		for q := 0; q < g.N(); q++ {
			if a.At(q) == board.Empty {
				continue
			}
			sa, la := a.Group(q)
			sb, lb := b.Group(q)
			if (len(la) == 0) != (len(lb) == 0) {
				t.Fatalf("%s: group of %s: keil %v liberties %v; keil-2019 %v liberties %v\n%s", spec, g.Name(q), sa, la, sb, lb, game.Text(a))
			}
			for _, s := range sa {
				if !slices.Contains(sb, s) {
					t.Fatalf("%s: keil group of %s is not inside its keil-2019 group", spec, g.Name(q))
				}
			}
		}
	})
}

// A reference implementation of placement, written from the specs as
// directly as possible (whole-board scans, board copies, string keys) to
// check the engine's legality, captures and repetition rules against.

// refLinked is the link rule of rules.Links, as go.md and keil.md word it.
func refLinked(g *board.Graph, links rules.Links, b []board.Color, x, y int) bool {
	tx, ty := b[x], b[y]
	switch links {
	case rules.Keil:
		for _, w := range g.Witnesses(x, y) {
			if b[w] == tx || b[w] == ty {
				return true
			}
		}
		return false
	case rules.Keil2019:
		if tx == board.Empty && ty == board.Empty {
			return true
		}
		if tx != board.Empty && ty != board.Empty && tx != ty {
			return false
		}
		s := max(tx, ty)
		for _, w := range g.Witnesses(x, y) {
			if b[w] != 3-s {
				return true
			}
		}
		return false
	}
	return true
}

// refGroup returns the group of the stone on q and whether it has a
// liberty, marking its stones in seen (allocated if nil).
func refGroup(g *board.Graph, links rules.Links, b []board.Color, q int, seen []bool) (stones []int, free bool) {
	if seen == nil {
		seen = make([]bool, len(b))
	}
	seen[q] = true
	stones = []int{q}
	for i := 0; i < len(stones); i++ {
		s := stones[i]
		for _, r32 := range g.Neighbors(s) {
			r := int(r32)
			if !refLinked(g, links, b, s, r) {
				continue
			}
			if b[r] == board.Empty {
				free = true
			} else if b[r] == b[q] && !seen[r] {
				seen[r] = true
				stones = append(stones, r)
			}
		}
	}
	return stones, free
}

// refPlace plays mover's stone on q: the board after, or why it is illegal
// ("occupied", "suicide"); repetition is judged by the caller.
func refPlace(g *board.Graph, r rules.Ruleset, b []board.Color, mover board.Color, q int) ([]board.Color, string) {
	if b[q] != board.Empty {
		return nil, "occupied"
	}
	nb := slices.Clone(b)
	nb[q] = mover
	var dead []int
	seen := make([]bool, len(nb))
	for s := range nb {
		if nb[s] != board.Empty && nb[s] != mover && !seen[s] {
			if stones, free := refGroup(g, r.Links, nb, s, seen); !free {
				dead = append(dead, stones...)
			}
		}
	}
	for _, s := range dead {
		nb[s] = board.Empty
	}
	if stones, free := refGroup(g, r.Links, nb, q, nil); !free {
		if r.Suicide == rules.SuicideForbidden {
			return nil, "suicide"
		}
		for _, s := range stones {
			nb[s] = board.Empty
		}
		if slices.Equal(nb, b) {
			return nil, "suicide"
		}
	}
	return nb, ""
}

// refEntry is a position at the end of a turn (or the start).
type refEntry struct {
	board  string
	toMove board.Color
	button bool
	mover  board.Color // Empty for the start
}

func boardKey(b []board.Color) string {
	k := make([]byte, len(b))
	for i, c := range b {
		k[i] = '0' + byte(c)
	}
	return string(k)
}

// refRepeats returns the 1-based number of the move after which the
// position that placement result nb repeats arose under p's ko rule (0 for
// the start), or -1 if it repeats none.
func refRepeats(p *Position, hist []refEntry, nb []board.Color) int {
	key := boardKey(nb)
	mover := p.ToMove()
	next := 3 - mover
	button := p.Button() != board.Empty
	switch p.r.Ko {
	case rules.KoSimple:
		if n := len(hist); n >= 2 && hist[n-2].board == key {
			return n - 2
		}
	case rules.KoPositional, rules.KoSituational:
		for i := len(hist) - 1; i >= 0; i-- {
			if hist[i].board == key && (p.r.Ko == rules.KoPositional || hist[i].toMove == next) {
				return i
			}
		}
	case rules.KoOwn:
		for i := len(hist) - 1; i >= 1; i-- {
			if hist[i].mover == mover && hist[i].board == key && hist[i].button == button {
				return i
			}
		}
	}
	return -1
}

// checkAgainstReference compares Legal and the board after every placement
// with the reference implementation, and the reason of every illegal one.
func checkAgainstReference(t *rapid.T, p *Position, hist []refEntry) {
	b := make([]board.Color, p.g.N())
	for q := range b {
		b[q] = p.At(q)
	}
	for q := range b {
		nb, why := refPlace(p.g, p.r, b, p.ToMove(), q)
		at := -1
		if why == "" {
			if at = refRepeats(p, hist, nb); at >= 0 {
				why = "repeats"
			}
		}
		err := p.Play(game.At(q))
		ctx := func() string {
			return fmt.Sprintf("%s on %s after%s, %s at %s", p.r.Name, p.g.Spec(), record(p), p.ToMove(), p.g.Name(q))
		}
		if err == nil {
			got := make([]board.Color, len(b))
			for i := range got {
				got[i] = p.At(i)
			}
			p.Undo()
			if why != "" {
				t.Fatalf("%s: engine allows it, reference says %s (move %d)\n%s", ctx(), why, at, game.Text(p))
			}
			if !slices.Equal(got, nb) {
				t.Fatalf("%s: engine board %s, reference %s", ctx(), boardKey(got), boardKey(nb))
			}
			continue
		}
		reason := err.(*game.IllegalError).Reason
		switch why {
		case "":
			t.Fatalf("%s: engine says %q, reference says legal\n%s", ctx(), reason, game.Text(p))
		case "occupied", "suicide":
			if !strings.Contains(reason, why) {
				t.Fatalf("%s: reason %q, want one saying %q", ctx(), reason, why)
			}
		case "repeats":
			want := fmt.Sprintf("after move %d", at)
			switch {
			case p.r.Ko == rules.KoSimple:
				want = "retakes the ko"
			case at == 0:
				want = "repeats the starting position"
			case p.r.Ko == rules.KoOwn:
				want = "repeats your position " + want
			}
			if !strings.Contains(reason, want) {
				t.Fatalf("%s: reason %q, want one saying %q", ctx(), reason, want)
			}
		}
	}
}
