package playout

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/ki"
	"moku/liberty"
	"moku/rules"
)

// fastBoard is what the property tests drive: a fast board with per-move
// legality and play.
type fastBoard interface {
	Board
	Legal(p int) bool
	Play(p int)
	At(p int) board.Color
}

func start(t testing.TB, rules, spec string) game.State {
	t.Helper()
	s, err := catalog.Start(catalog.Config{Rules: rules, Board: spec})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// koPoint returns the point the fast board forbids by simple ko, or -1.
func koPoint(f fastBoard) int {
	switch b := f.(type) {
	case *GoBoard:
		return int(b.ko)
	case *SquareBoard:
		return b.Ko()
	case *KeilBoard:
		return int(b.ko)
	case *HexKeilBoard:
		return b.Ko()
	}
	return -1
}

// compare plays random games on the fast board and on the rules engine
// side by side. The rules engine runs without a repetition rule (ko=none,
// or Ki's own), so the fast board's simple ko is the only difference:
// after every move the stones must agree, every empty point must be legal
// on both or on neither (the fast board's ko point aside), and the counts
// must agree.
func compare(t *testing.T, rules, spec string, games_, maxMoves int, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	for gi := 0; gi < games_; gi++ {
		s := start(t, rules, spec)
		b, err := New(s.Rules(), s.Graph())
		if err != nil {
			t.Fatal(err)
		}
		f := b.(fastBoard)
		f.Load(s)
		g := s.Graph()
		var legal []int
		for mv := 0; mv < maxMoves && !s.Over(); mv++ {
			legal = legal[:0]
			ko := koPoint(f)
			for p := 0; p < g.N(); p++ {
				fl := f.Legal(p)
				sl := s.At(p) == board.Empty && s.Legal(game.At(p)) == nil
				if fl != sl && !(p == ko && sl) {
					t.Fatalf("%s %s game %d move %d: %s legal: fast %v, engine %v\n%s", rules, spec, gi, mv, g.Name(p), fl, sl, game.Text(s))
				}
				if fl {
					legal = append(legal, p)
				}
			}
			var m game.Move
			fp := -1
			switch {
			case len(legal) > 0 && rng.IntN(20) > 0:
				fp = legal[rng.IntN(len(legal))]
				m = game.At(fp)
			case s.Legal(game.ButtonMove) == nil:
				m, fp = game.ButtonMove, -2
			default:
				m = game.PassMove
			}
			if err := s.Play(m); err != nil {
				if m.Kind == game.Pass && s.Rules().Game == "ki" {
					continue // Ki forbids passing while a placement is legal
				}
				t.Fatalf("%s %s game %d move %d: engine refuses %s: %v\n%s", rules, spec, gi, mv, m.Format(g), err, game.Text(s))
			}
			f.Play(fp)
			for p := 0; p < g.N(); p++ {
				if f.At(p) != s.At(p) {
					t.Fatalf("%s %s game %d after move %d (%s): %s is %s on the fast board, %s in the engine\n%s",
						rules, spec, gi, mv, m.Format(g), g.Name(p), f.At(p), s.At(p), game.Text(s))
				}
			}
			res, sc := s.Result(), f.Score()
			for c := board.Black; int(c) <= s.Rules().Players; c++ {
				if res.Score[c] != sc[c] {
					t.Fatalf("%s %s game %d after move %d: %s scores %v on the fast board, %v in the engine (%s)\n%s",
						rules, spec, gi, mv, c, sc[c], res.Score[c], res.Breakdown(), game.Text(s))
				}
			}
		}
	}
}

func TestAgreesWithEngineGo(t *testing.T) {
	compare(t, "go ko=none", "9x9", 30, 300, 1)
	compare(t, "go ko=none", "5x5", 60, 150, 2)
	compare(t, "go ko=none", "torus:5x5", 30, 150, 3)
	compare(t, "go ko=none", "hex:3", 30, 100, 4)
}

func TestAgreesWithEngineKee(t *testing.T) {
	// Kee's stones and captures: plain adjacency, suicide allowed, three
	// and four players (the cycle rule is the tree's business).
	compare(t, "go ko=none suicide=allowed players=3 komi=0,1.5,3", "7x7", 40, 250, 5)
	compare(t, "go ko=none suicide=allowed players=4", "5x5", 40, 150, 6)
	compare(t, "tromp-taylor ko=none", "5x5", 40, 150, 7)
}

func TestAgreesWithEngineKeil(t *testing.T) {
	compare(t, "keil ko=none", "hex:4", 60, 200, 8)
	compare(t, "keil ko=none", "hex:7", 15, 400, 9)
	compare(t, "keil-2019 ko=none", "hex:4", 60, 200, 10)
	compare(t, "keil-2019 ko=none button=off komi=2.5", "hex:5", 20, 250, 11)
	compare(t, "keil ko=none button=off", "5x5", 10, 100, 12)
}

func TestAgreesWithEngineKi(t *testing.T) {
	compare(t, "ki", "7x7", 40, 300, 13)
	compare(t, "ki", "11x11", 10, 400, 14)
}

// The liberty engine must be the one compared against for the liberty
// family (a guard against catalog.Start changing its choice silently).
func TestEngines(t *testing.T) {
	if _, ok := start(t, "keil", "hex:3").(*liberty.Position); !ok {
		t.Fatal("keil is not played by liberty.Position")
	}
	if _, ok := start(t, "ki", "5x5").(*ki.Position); !ok {
		t.Fatal("ki is not played by ki.Position")
	}
}

// TestSquareMatchesGoBoard: SquareBoard draws its random numbers as
// GoBoard does, so from the same position and seed the two play the same
// playouts: the same placements, lengths, counts and owners, on square and
// oblong boards, under both suicide rules, from the empty board and from
// positions part-way through.
func TestSquareMatchesGoBoard(t *testing.T) {
	for _, c := range []struct {
		rules, spec string
		suicide     bool
	}{{"go", "9x9", false}, {"go", "7x5", false}, {"go", "1x6", false}, {"tromp-taylor", "5x5", true}, {"go", "19x19", false}} {
		s := start(t, c.rules, c.spec)
		g := s.Graph()
		sq := NewSquare(g, c.suicide, s.Rules().Komi)
		gb := NewGo(g, 2, c.suicide, s.Rules().Komi)
		lockstep(t, c.rules, c.spec, sq, gb, 300)
	}
}

// TestHexKeilMatchesKeilBoard: HexKeilBoard visits points in KeilBoard's
// order, so from the same position and seed the two play the same
// playouts, under both link rules, with and without the button.
func TestHexKeilMatchesKeilBoard(t *testing.T) {
	for _, c := range []struct {
		rules, spec string
	}{{"keil", "hex:7"}, {"keil-2019", "hex:5"}, {"keil button=off komi=2.5", "hex:4"}, {"keil", "hex:2"}, {"keil", "hex:10"}} {
		s := start(t, c.rules, c.spec)
		g := s.Graph()
		r := s.Rules()
		hk := NewHexKeil(g, r.Links == rules.Keil2019, r.Button, r.Komi)
		if hk == nil {
			t.Fatalf("%s: no HexKeilBoard", c.spec)
		}
		kb := NewKeil(g, r.Links == rules.Keil2019, r.Button, r.Komi)
		lockstep(t, c.rules, c.spec, hk, kb, 200)
	}
}

// lockstep checks that fast boards a (specialised) and b (general) play
// the same playouts from the same seed: the same placements, lengths,
// counts and owners, from the start of the game and, every third
// playout, from a random position of the rules engine part-way through.
// Boards of more than 200 points play a tenth of the playouts.
func lockstep(t *testing.T, rules, spec string, a, b fastBoard, playouts int) {
	t.Helper()
	ra, rb := NewRand(5), NewRand(5)
	rng := rand.New(rand.NewPCG(3, 4))
	n := start(t, rules, spec).Graph().N()
	if n > 200 {
		playouts /= 10
	}
	for i := 0; i < playouts; i++ {
		pos := start(t, rules, spec)
		if i%3 == 2 {
			for k := rng.IntN(2 * n); k > 0 && !pos.Over(); k-- {
				moves := pos.LegalMoves(nil)
				if err := pos.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		a.Load(pos)
		b.Load(pos)
		na, nb := a.Playout(ra), b.Playout(rb)
		sa, sb := a.Score(), b.Score()
		if na != nb || sa != sb || len(a.Steps()) != len(b.Steps()) {
			t.Fatalf("%s %s playout %d: %T %d moves, score %v; %T %d moves, score %v", rules, spec, i, a, na, sa, b, nb, sb)
		}
		for k, st := range a.Steps() {
			if st != b.Steps()[k] {
				t.Fatalf("%s %s playout %d step %d: %T %v, %T %v", rules, spec, i, k, a, st, b, b.Steps()[k])
			}
		}
		for p := 0; p < n; p++ {
			if a.Owner(p) != b.Owner(p) || a.At(p) != b.At(p) {
				t.Fatalf("%s %s playout %d: %s differs", rules, spec, i, pos.Graph().Name(p))
			}
		}
	}
}

// replayPlayouts plays n playouts of board f (its policy as set) from the
// start of rules on spec and replays each on the rules engine: a turn the
// board skipped is the button where it may be taken, else a pass; every
// placement must be legal there and no suicide (which the rules of Kee
// allow and the policies never choose), and the stones must end as on the
// board (unless the engine's own rules ended the game first, as Ki's
// recurrence rule may).
func replayPlayouts(t *testing.T, rules, spec string, f fastBoard, n int, seed uint64) {
	t.Helper()
	s0 := start(t, rules, spec)
	r := NewRand(seed)
	compared := 0
	for i := 0; i < n; i++ {
		f.Load(s0)
		f.Playout(r)
		s := start(t, rules, spec)
		steps := f.Steps()
		for k, st := range steps {
			for !s.Over() && s.ToMove() != st.Color {
				m := game.PassMove
				if s.Legal(game.ButtonMove) == nil {
					m = game.ButtonMove
				}
				if err := s.Play(m); err != nil {
					t.Fatalf("%s %s playout %d step %d: %s: %v", rules, spec, i, k, m.Format(s.Graph()), err)
				}
			}
			if s.Over() {
				steps = steps[:k] // the engine ended the game first
				break
			}
			if err := s.Play(game.At(int(st.Point))); err != nil {
				t.Fatalf("%s %s playout %d step %d: %v\n%s", rules, spec, i, k, err, game.Text(s))
			}
			if s.At(int(st.Point)) != st.Color {
				t.Fatalf("%s %s playout %d step %d: %s at %s is suicide\n%s", rules, spec, i, k, st.Color, s.Graph().Name(int(st.Point)), game.Text(s))
			}
		}
		if len(steps) < len(f.Steps()) {
			continue
		}
		compared++
		for p := 0; p < s.Graph().N(); p++ {
			if s.At(p) != f.At(p) {
				t.Fatalf("%s %s playout %d: %s differs", rules, spec, i, s.Graph().Name(p))
			}
		}
	}
	if compared < n/2 {
		t.Fatalf("%s %s: the engine ended %d of %d playouts before their end", rules, spec, n-compared, n)
	}
}

// TestHeavyPlayouts: the tactical policy plays legal games (replayed in
// the rules engine, which must accept every placement and end with the
// same stones), captures a stone played into atari and a chain the last
// move left in atari, and has no answer where there is nothing to take.
func TestHeavyPlayouts(t *testing.T) {
	for _, spec := range []string{"9x9", "5x5"} {
		b := NewSquare(start(t, "go ko=none", spec).Graph(), false, 0)
		b.SetHeavy(true)
		replayPlayouts(t, "go ko=none", spec, b, 200, 9)
	}
	// Step 1, answers to atari. White's d4 walks into atari: Black
	// captures at d3. Black's d5 puts White's d4 in atari, but d5 itself
	// has three liberties: White has nothing to capture. Black's a2 joins
	// a1 into a chain whose one liberty is a3: White captures there.
	// (In the second line White's d4 could run to d3 with three
	// liberties: it does.)
	check := func(step func(*SquareBoard, *Rand) int32, want string, moves ...string) {
		t.Helper()
		if got := stepAfter(t, step, moves...); got != want {
			t.Errorf("after %v: %s, want %s", moves, got, want)
		}
	}
	atari := (*SquareBoard).atariMove
	check(atari, "d3", "c4", "a1", "e4", "a2", "d5", "d4")
	check(atari, "d3", "c4", "d4", "e4", "a1", "d5")
	check(atari, "a3", "a1", "b1", "g7", "b2", "a2")
	// Black d4 (alone, centre) ataried from c4, e4, d5 by White: it can
	// run to d3 with three liberties (c3, e3, d2).
	check(atari, "d3", "d4", "c4", "a7", "e4", "b7", "d5")
	// The same with a White stone on d2: running to d3 gives two
	// liberties only, so no answer.
	check(atari, "none", "d4", "c4", "a7", "e4", "b7", "d2", "c7", "d5")
	// White's e5 leaves Black's d4-e4 with the one liberty f4, where it
	// would run to two liberties only (g4 is White's); but White's c4,
	// touching the chain, is itself in atari: Black captures at b4.
	check(atari, "b4", "d4", "c4", "e4", "d3", "c3", "d5", "c5", "e3", "a7", "g4", "a6", "e5")

	// Step 2, shape: after Black c3 and White c4 (an attachment), Black's
	// hane at b4 or d4 matches ("XOX"/"XO." hane patterns from Black's
	// side); in the middle of an empty board nothing matches.
	pattern := func(b *SquareBoard, r *Rand) int32 { return b.patternMove(r, b.last) }
	check(pattern, "none", "d4")
	s := start(t, "go ko=none", "7x7")
	for _, m := range []string{"c3", "c4"} {
		mv, _ := game.ParseMove(s.Graph(), m)
		if err := s.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	b := NewSquare(s.Graph(), false, 0)
	b.Load(s)
	for _, name := range []string{"b4", "d4"} {
		mv, _ := game.ParseMove(s.Graph(), name)
		if !b.Pattern(mv.Point) {
			t.Errorf("after c3 c4, %s matches no pattern", name)
		}
	}
	if mv, _ := game.ParseMove(s.Graph(), "f6"); b.Pattern(mv.Point) {
		t.Errorf("after c3 c4, f6 matches a pattern")
	}
}

// squareAfter plays moves on an empty 7x7 board (Go without ko) and
// returns the position and a board of the tactical policy loaded with it.
func squareAfter(t *testing.T, moves ...string) (game.State, *SquareBoard) {
	t.Helper()
	s := start(t, "go ko=none", "7x7")
	for _, m := range moves {
		mv, err := game.ParseMove(s.Graph(), m)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	b := NewSquare(s.Graph(), false, 0)
	b.SetHeavy(true)
	b.Load(s)
	return s, b
}

// pointOf returns the point of g named name.
func pointOf(t *testing.T, g *board.Graph, name string) int {
	t.Helper()
	mv, err := game.ParseMove(g, name)
	if err != nil {
		t.Fatal(err)
	}
	return mv.Point
}

// stepAfter returns the point a step of the tactical policy chooses after
// moves (squareAfter), or "none".
func stepAfter(t *testing.T, step func(*SquareBoard, *Rand) int32, moves ...string) string {
	t.Helper()
	s, b := squareAfter(t, moves...)
	if x := step(b, NewRand(1)); x >= 0 {
		return s.Graph().Name(int(b.toExt[x]))
	}
	return "none"
}

// TestSelfAtari: a placement leaving two or more stones with one liberty
// and capturing nothing is a self-atari; a lone stone, or one that
// captures, is not.
func TestSelfAtari(t *testing.T) {
	s := start(t, "go ko=none", "5x5")
	// Black a1 and e5, White b1 and b2: Black's a2 would join a1 into a
	// chain with the one liberty a3.
	for _, m := range []string{"a1", "b1", "e5", "b2"} {
		mv, _ := game.ParseMove(s.Graph(), m)
		if err := s.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	b := NewSquare(s.Graph(), false, 0)
	b.Load(s)
	for _, c := range []struct {
		at   string
		want bool
	}{{"a2", true}, {"c1", false}, {"c3", false}, {"e1", false}} {
		mv, _ := game.ParseMove(s.Graph(), c.at)
		if got := b.SelfAtari(mv.Point); got != c.want {
			t.Errorf("%s: self-atari %v, want %v", c.at, got, c.want)
		}
	}
}

// TestKiHeavyPlayouts: Ki's tactical policy plays legal games (replayed on
// the rules engine, forced passes included, to the same stones), and
// answers a stone placed next to one of the mover's by capturing it.
func TestKiHeavyPlayouts(t *testing.T) {
	b := NewKi(start(t, "ki", "7x7").Graph(), 0)
	b.SetHeavy(true)
	replayPlayouts(t, "ki", "7x7", b, 100, 5)
	// Black b3, White c3 next to it: c2, c4 and d3 would each give Black
	// two stones around c3, and capture it.
	s := start(t, "ki", "5x5")
	for _, m := range []string{"b3", "c3"} {
		mv, _ := game.ParseMove(s.Graph(), m)
		if err := s.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	k := NewKi(s.Graph(), 0)
	k.SetHeavy(true)
	k.Load(s)
	seen := map[string]bool{}
	for i := 0; i < 50; i++ {
		p := k.captureMove(NewRand(uint64(i)), board.Black)
		if p < 0 {
			t.Fatal("no capture found")
		}
		seen[s.Graph().Name(int(p))] = true
	}
	if len(seen) != 3 || !seen["c2"] || !seen["c4"] || !seen["d3"] {
		t.Errorf("captures chosen: %v, want c2, c4, d3", seen)
	}
}

// TestLoneSelfAtari: with lone self-ataris refused, Black's b1 against
// White's b2 and c1 is one (its liberty a1 opens on a2); with White on a2
// as well, b1 throws in (a1 is White's enclosed space) and is allowed.
// Without the switch neither counts.
func TestLoneSelfAtari(t *testing.T) {
	for _, c := range []struct {
		moves      string
		lone, want bool
	}{
		{"e5 b2 e4 c1", true, true},
		{"e5 b2 e4 c1 e3 a2", true, false},
		{"e5 b2 e4 c1", false, false},
		{"e5 b2 e4 c1 e3 a2", false, false},
	} {
		s := start(t, "go ko=none", "5x5")
		if err := game.PlayAll(s, c.moves); err != nil {
			t.Fatal(err)
		}
		b := NewSquare(s.Graph(), false, 0)
		b.SetHeavy(true)
		b.SetLoneSelfAtari(c.lone)
		b.Load(s)
		if got := b.SelfAtari(pointOf(t, s.Graph(), "b1")); got != c.want {
			t.Errorf("after %s, lone self-ataris refused %v: b1 self-atari %v, want %v", c.moves, c.lone, got, c.want)
		}
	}
}

// TestCode3x3: the 3x3 codes read a row at a time are those read cell
// by cell, after every placement of tactical playouts (captures among
// them) on rectangles of every shape, and across loads.
func TestCode3x3(t *testing.T) {
	for _, spec := range []string{"9x9", "7x5", "1x6", "19x19"} {
		s := start(t, "go", spec)
		b := NewSquare(s.Graph(), false, s.Rules().Komi)
		r := NewRand(3)
		b.SetHeavy(true)
		b.SetTactics(Tactics{Ladders: true, TwoLibs: true, Nakade: true})
		check := func(b *SquareBoard, when string) {
			t.Helper()
			for _, p := range b.toInt {
				if got, want := b.code3x3(p), b.slowCode3x3(p); got != want {
					t.Fatalf("%s %s: point %d code %#x, cells say %#x", spec, when, b.toExt[p&cellMask], got, want)
				}
			}
		}
		for i := 0; i < 30; i++ {
			b.Load(s)
			check(b, "after Load")
			for m := 0; m < 3*len(b.toInt) && b.passes < 2; m++ {
				if b.randomMove(r) {
					b.end(0)
				} else {
					b.end(passTurn)
				}
				check(b, "in a playout")
			}
		}
	}
}

// TestKillingFill: with killing fills on, Black's self-atari that makes
// a straight three or a pyramid four inside White's wall is allowed (its
// capture leaves a space with one vital point), one that makes a
// straight four (two vital points) is not; a self-atari of two stones
// is allowed when it puts the wall in atari from the inside, not when
// the wall has a liberty outside; with them off, each is a self-atari,
// and the search's SelfAtari counts them all.
func TestKillingFill(t *testing.T) {
	for _, c := range []struct {
		moves, fill string
		kill        bool
	}{
		{"a1 a2 b1 b2 e5 c2 e4 d2 e3 e1", "c1", true},  // straight three a1-c1, liberty d1
		{"a1 a2 b1 b2 c1 c2 e5 d2 e4 e2", "d1", false}, // straight four a1-d1, liberty e1
		{"a1 a2 c1 c2 b2 b3 e5 d2 e4 e1", "b1", true},  // pyramid four a1 b1 c1 b2, liberty d1
		// Two stones a1-a2, liberty b1, and White's wall a3 b3 b2 c2 c1
		// left with b1 alone: the atari from the inside.
		{"a4 a3 b4 b3 c3 b2 d2 c2 d1 c1 a1 pass", "a2", true},
		// The same with the wall's outside liberty d1 open: White need
		// not capture, and the fill is a plain self-atari.
		{"a4 a3 b4 b3 c3 b2 d2 c2 e5 c1 a1 pass", "a2", false},
	} {
		for _, on := range []bool{false, true} {
			s := start(t, "go ko=none", "5x5")
			if err := game.PlayAll(s, c.moves); err != nil {
				t.Fatal(err)
			}
			b := NewSquare(s.Graph(), false, 0)
			b.SetHeavy(true)
			b.SetKillingFills(on)
			b.Load(s)
			p := pointOf(t, s.Graph(), c.fill)
			want := !(on && c.kill)
			if got := b.selfAtari(b.toInt[p], board.Black); got != want {
				t.Errorf("after %s, killing fills %v: %s self-atari %v, want %v", c.moves, on, c.fill, got, want)
			}
			if !b.SelfAtari(p) {
				t.Errorf("after %s, killing fills %v: the search's SelfAtari(%s) false", c.moves, on, c.fill)
			}
		}
	}
}

// TestSelfAtariOther: White d1 has the liberties c1 and e1, and Black's
// c2-d2 the liberties c1 and e2; Black's c1 is a self-atari of three
// stones, and with SetSelfAtariOther its cousin is e1, the approach that
// ataris d1 from outside. A random move that draws c1 first plays e1
// instead, so e1 comes more often than without.
func TestSelfAtariOther(t *testing.T) {
	s := start(t, "go ko=none", "5x5")
	if err := game.PlayAll(s, "c2 c3 d2 d3 a5 b2 a4 b1 e5 d1"); err != nil {
		t.Fatal(err)
	}
	b := NewSquare(s.Graph(), false, 0)
	b.SetHeavy(true)
	b.Load(s)
	c1, e1 := b.toInt[pointOf(t, s.Graph(), "c1")], b.toInt[pointOf(t, s.Graph(), "e1")]
	if !b.selfAtari(c1, board.Black) {
		t.Fatal("c1 is no self-atari")
	}
	count := func(on bool) (n int) {
		b.SetSelfAtariOther(on)
		for seed := range uint64(2000) {
			b.Load(s)
			b.last = -1 // the random move alone
			b.randomMove(NewRand(seed))
			if b.toInt[b.Steps()[0].Point] == e1 {
				n++
			}
		}
		return n
	}
	if q := b.cousin(c1, board.Black); q != -1 {
		t.Errorf("without SetSelfAtariOther: cousin %d", q)
	}
	b.SetSelfAtariOther(true)
	if q := b.cousin(c1, board.Black); q != e1 {
		t.Errorf("cousin of c1 %d, want e1 (%d)", q, e1)
	}
	off, on := count(false), count(true)
	// 14 empty points: each drawn first about 2000/14 = 143 times.
	if on < off+80 {
		t.Errorf("e1 played %d times in 2000 with SetSelfAtariOther, %d without", on, off)
	}
}

// TestCousinProperty: on positions of random playouts, every cousin of a
// self-atari is a playable point that is no self-atari and the other
// liberty of a chain of the opponent's next to the self-atari with just
// those two (by the rules engine), and a self-atari has none only when
// no such chain has a playable other liberty.
func TestCousinProperty(t *testing.T) {
	found := 0
	for seed := range uint64(60) {
		s := start(t, "go ko=none", "9x9")
		b := NewSquare(s.Graph(), false, 0)
		b.SetHeavy(true)
		b.SetSelfAtariOther(true)
		r := NewRand(seed)
		for k := int(seed%50) + 20; k > 0 && !s.Over(); k-- {
			legal := s.LegalMoves(nil)
			if s.Play(legal[r.Intn(len(legal))]) != nil {
				t.Fatal("a legal move refused")
			}
		}
		if s.Over() {
			continue
		}
		b.Load(s)
		grouped := s.(game.Grouped)
		c := s.ToMove()
		g := s.Graph()
		for p := 0; p < g.N(); p++ {
			x := b.toInt[p]
			if s.At(p) != board.Empty || !b.playable(x, c) || !b.selfAtari(x, c) {
				continue
			}
			// The other liberties the rule allows.
			allowed := map[int32]bool{}
			for _, q := range g.Neighbors(p) {
				if s.At(int(q)) != 3-c {
					continue
				}
				_, libs := grouped.Group(int(q))
				if len(libs) != 2 {
					continue
				}
				l := libs[0]
				if l == p {
					l = libs[1]
				}
				if y := b.toInt[l]; b.playable(y, c) && !b.selfAtari(y, c) {
					allowed[y] = true
				}
			}
			got := b.cousin(x, c)
			if got == -1 && len(allowed) > 0 || got != -1 && !allowed[got] {
				t.Fatalf("seed %d: cousin of %s %d, allowed %v\n%s", seed, game.At(p).Format(g), got, allowed, game.Text(s))
			}
			if got != -1 {
				found++
			}
		}
	}
	if found < 5 {
		t.Errorf("%d cousins found: the test needs more", found)
	}
}

// TestInsideAtariProperty: on positions of random playouts, every
// two-stone self-atari that insideAtari allows is, by the rules engine,
// an atari from the inside: the two stones have one liberty, every chain
// of the other player's next to them has that liberty alone, and once
// the other player captures on it, its group's liberties are the two
// captured points and no others.
func TestInsideAtariProperty(t *testing.T) {
	found := 0
	b := NewSquare(start(t, "go ko=none", "9x9").Graph(), false, 0)
	b.SetHeavy(true)
	playoutPositions(t, "9x9", 200, 41, func(s game.State, at string) {
		b.Load(s)
		found += checkInsideAtari(t, s, b, at)
	})
	if found < 10 {
		t.Errorf("%d fills found: the test needs more", found)
	}
	t.Logf("%d fills", found)
}

// playoutPositions plays a tactical playout from the empty board of spec
// (Go without ko) for each seed below seeds, plays its placements again
// on the rules engine (a pass where the playout's next placement is the
// other player's), and calls visit with each position from the
// placement numbered from on.
func playoutPositions(t *testing.T, spec string, seeds uint64, from int, visit func(s game.State, at string)) {
	t.Helper()
	for seed := range seeds {
		s := start(t, "go ko=none", spec)
		p := NewSquare(s.Graph(), false, 0)
		p.SetHeavy(true)
		p.Load(s)
		p.Playout(NewRand(seed))
		for i, st := range slices.Clone(p.Steps()) {
			if s.ToMove() != st.Color && s.Play(game.PassMove) != nil {
				t.Fatal("a pass refused")
			}
			if s.Play(game.At(int(st.Point))) != nil || s.Over() {
				break
			}
			if i+1 >= from {
				visit(s, fmt.Sprintf("%s, seed %d, move %d", spec, seed, i+1))
			}
		}
	}
}

// checkInsideAtari checks every fill insideAtari allows the player to move
// in s (loaded on b) against the rules engine, and returns their number.
func checkInsideAtari(t *testing.T, s game.State, b *SquareBoard, at string) int {
	t.Helper()
	found := 0
	c := s.ToMove()
	g := s.Graph()
	for p := 0; p < g.N(); p++ {
		x := b.toInt[p]
		if s.At(p) != board.Empty || !b.playable(x, c) {
			continue
		}
		// The fills allowed: self-ataris of two stones that killing
		// fills let through.
		if _, _, size := b.libsAfter(x, c, 2); size != 2 || !b.selfAtariFills(x, c, false) || b.selfAtariFills(x, c, true) {
			continue
		}
		found++
		where := fmt.Sprintf("%s: %s at %s\n%s", at, c, game.At(p).Format(g), game.Text(s))
		after := s.Clone()
		if err := after.Play(game.At(p)); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		stones, libs := after.(game.Grouped).Group(p)
		if len(stones) != 2 || len(libs) != 1 {
			t.Fatalf("%s: chain of %d stones, %d liberties\n%s", where, len(stones), len(libs), game.Text(after))
		}
		l := libs[0]
		for _, q := range stones {
			for _, n := range g.Neighbors(q) {
				if after.At(int(n)) != 3-c {
					continue
				}
				if _, nl := after.(game.Grouped).Group(int(n)); len(nl) != 1 || nl[0] != l {
					t.Fatalf("%s: a chain next to it has liberties %v, not %d alone\n%s", where, nl, l, game.Text(after))
				}
			}
		}
		if err := after.Play(game.At(l)); err != nil {
			t.Fatalf("%s: the capture: %v", where, err)
		}
		_, caught := after.(game.Grouped).Group(l)
		if len(caught) != 2 || !slices.Contains(caught, stones[0]) || !slices.Contains(caught, stones[1]) {
			t.Fatalf("%s: after the capture the group's liberties are %v, not the two points %v\n%s", where, caught, stones, game.Text(after))
		}
	}
	return found
}
