package playout

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"moku/board"
	"moku/game"
	"moku/liberty"
	"moku/rules"
)

// goBoardFor returns the fast board New chooses for s, which must be a
// GoBoard.
func goBoardFor(t testing.TB, s game.State) *GoBoard {
	t.Helper()
	f, err := New(s.Rules(), s.Graph())
	if err != nil {
		t.Fatal(err)
	}
	b, ok := f.(*GoBoard)
	if !ok {
		t.Fatalf("%s on %s: New gives %T, not a GoBoard", s.Rules().Name, s.Graph().Kind(), f)
	}
	return b
}

// goTacticsCases are the games the tests of GoBoard's tactical policy play:
// several players (where "enemy" is every other colour) and graphs that
// are not rectangles, under both suicide rules. The engine's ko rule is
// simple ko with two players, which forbids exactly what the fast board
// forbids from the start of a game, and none with more (where the
// engine's only choices are none, positional and Kee's cycle rule).
var goTacticsCases = []struct {
	rules, spec string
	playouts    int
}{
	{"kee players=3 ko=none", "7x7", 200},
	{"kee players=4 ko=none", "9x9", 100},
	{"kee ko=simple", "hex:4", 200},
	{"go ko=simple", "torus:5x5", 200},
}

// TestGoHeavyPlayouts: GoBoard's tactical policy plays legal games. Each
// playout from the empty board is replayed on the rules engine (a player
// missing from the steps passed), which must accept every placement and
// keep the stone placed (the policy never chooses suicide, which Kee
// allows), and end with the same stones as the fast board.
func TestGoHeavyPlayouts(t *testing.T) {
	for _, c := range goTacticsCases {
		b := goBoardFor(t, start(t, c.rules, c.spec))
		b.setHeavy(true)
		replayPlayouts(t, c.rules, c.spec, b, c.playouts, 9)
	}
}

// randomPositions plays random games of the given rules (placements
// mostly; simple ko turned into none, as the fast board loaded from a
// position forgets the ko) and calls visit after each placement that
// leaves the game running, with the position and the point played.
func randomPositions(t *testing.T, rng *rand.Rand, rules, spec string, games_ int, visit func(pos *liberty.Position, last int)) {
	t.Helper()
	rules = strings.ReplaceAll(rules, "ko=simple", "ko=none")
	for range games_ {
		s := start(t, rules, spec)
		pos, ok := s.(*liberty.Position)
		if !ok {
			t.Fatalf("%s is not played by liberty.Position", rules)
		}
		for mv := 0; mv < 3*s.Graph().N() && !s.Over(); mv++ {
			moves := s.LegalMoves(nil)
			m := moves[rng.IntN(len(moves))]
			if m.Kind != game.Place {
				m = game.PassMove
				if moves[0].Kind == game.Place && rng.IntN(10) > 0 {
					m = moves[rng.IntN(len(moves)-1)] // placements come first
				}
			}
			if err := s.Play(m); err != nil {
				t.Fatal(err)
			}
			if m.Kind == game.Place && !s.Over() {
				visit(pos, m.Point)
			}
		}
	}
}

// snapshot returns the contents of every point of pos.
func snapshot(pos *liberty.Position) []board.Color {
	cs := make([]board.Color, pos.Graph().N())
	for q := range cs {
		cs[q] = pos.At(q)
	}
	return cs
}

// tryPlace plays me's stone on p in pos and reports whether the engine
// accepts it, the stone stays (no suicide), and which points of other
// players it empties; pos is left as it was.
func tryPlace(pos *liberty.Position, p int) (ok bool, captured []int, stones, libs []int) {
	before := snapshot(pos)
	me := pos.ToMove()
	if pos.Play(game.At(p)) != nil {
		return false, nil, nil, nil
	}
	defer pos.Undo()
	if pos.At(p) != me {
		return false, nil, nil, nil
	}
	for q, c := range before {
		if c != board.Empty && c != me && pos.At(q) == board.Empty {
			captured = append(captured, q)
		}
	}
	stones, libs = pos.Group(p)
	return true, captured, stones, libs
}

// chainsAround returns one stone of each distinct chain of pos next to q
// (and q's own if self is true) whose colour passes keep.
func chainsAround(pos *liberty.Position, q int, self bool, keep func(board.Color) bool) []int {
	var reps, seen []int
	add := func(x int) {
		if !keep(pos.At(x)) || slices.Contains(seen, x) {
			return
		}
		stones, _ := pos.Group(x)
		seen = append(seen, stones...)
		reps = append(reps, x)
	}
	if self {
		add(q)
	}
	for _, x := range pos.Graph().Neighbors(q) {
		add(int(x))
	}
	return reps
}

// expectedAnswers returns what the tactical policy must answer to the
// opponent's last stone on last, judged by the rules engine: the liberty
// of every enemy chain in atari next to last (its own chain included);
// for every own chain next to last in atari, the liberty of every enemy
// chain in atari touching it, and its own liberty if extending there
// captures nothing and leaves three liberties or more. Each must be a
// placement the policy may make: legal, not suicide, not an own eye of
// the board b. It also returns the engine's verdict on any answer: a
// function saying "capture" if the answer takes a stone of one of those
// enemy chains, "rescue" if it leaves a threatened own chain in a group
// of three liberties or more, and "" otherwise.
func expectedAnswers(pos *liberty.Position, b *GoBoard, last int) (want map[int]string, judge func(p int) string) {
	me := pos.ToMove()
	enemy := func(c board.Color) bool { return c != board.Empty && c != me }
	mine := func(c board.Color) bool { return c == me }
	may := func(x int) bool {
		ok, _, _, _ := tryPlace(pos, x)
		return ok && !b.eye(int32(x), me)
	}
	want = map[int]string{}
	var targets, threatened []int // stones
	for _, e := range chainsAround(pos, last, true, enemy) {
		stones, libs := pos.Group(e)
		targets = append(targets, stones...)
		if len(libs) == 1 && may(libs[0]) {
			want[libs[0]] = "capture"
		}
	}
	for _, o := range chainsAround(pos, last, false, mine) {
		stones, libs := pos.Group(o)
		if len(libs) != 1 {
			continue
		}
		threatened = append(threatened, stones...)
		var attackers []int
		for _, s := range stones {
			for _, a := range chainsAround(pos, s, false, enemy) {
				if as, _ := pos.Group(a); !slices.ContainsFunc(attackers, func(x int) bool { return slices.Contains(as, x) }) {
					attackers = append(attackers, a)
				}
			}
		}
		for _, a := range attackers {
			as, alibs := pos.Group(a)
			targets = append(targets, as...)
			if len(alibs) == 1 && may(alibs[0]) {
				if _, ok := want[alibs[0]]; !ok {
					want[alibs[0]] = "counter"
				}
			}
		}
		x := libs[0]
		if ok, captured, _, after := tryPlace(pos, x); ok && len(captured) == 0 && len(after) >= 3 && !b.eye(int32(x), me) {
			if _, ok := want[x]; !ok {
				want[x] = "run"
			}
		}
	}
	judge = func(p int) string {
		ok, captured, stones, libs := tryPlace(pos, p)
		switch {
		case !ok:
			return ""
		case slices.ContainsFunc(captured, func(q int) bool { return slices.Contains(targets, q) }):
			return "capture"
		case len(libs) >= 3 && slices.ContainsFunc(stones, func(q int) bool { return slices.Contains(threatened, q) }):
			return "rescue"
		}
		return ""
	}
	return want, judge
}

// TestGoAnswers checks the tactical step against the rules engine on
// random positions: every candidate answer to the last placement is a
// capture of an enemy chain next to the last stone or next to an own
// chain it put in atari, or a rescue of such an own chain to three
// liberties or more; and every capture, counter-capture and run the
// engine finds (expectedAnswers) is among the candidates.
func TestGoAnswers(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	kinds := map[string]int{}
	for _, c := range goTacticsCases {
		randomPositions(t, rng, c.rules, c.spec, 25, func(pos *liberty.Position, last int) {
			g := pos.Graph()
			b := goBoardFor(t, pos)
			b.setHeavy(true)
			b.Load(pos)
			want, judge := expectedAnswers(pos, b, last)
			b.atariMove(NewRand(1))
			var got []int
			for _, x := range b.cands {
				p := int(x)
				got = append(got, p)
				if judge(p) == "" {
					t.Fatalf("%s %s: after %s, %s answers %s: neither a capture nor a rescue\n%s",
						c.rules, c.spec, g.Name(last), pos.ToMove(), g.Name(p), game.Text(pos))
				}
			}
			for p, kind := range want {
				if !slices.Contains(got, p) {
					t.Fatalf("%s %s: after %s, %s misses the %s at %s (answers %v)\n%s",
						c.rules, c.spec, g.Name(last), pos.ToMove(), kind, g.Name(p), names(g, got), game.Text(pos))
				}
				kinds[kind]++
			}
		})
	}
	if kinds["capture"] < 200 || kinds["counter"] < 10 || kinds["run"] < 30 {
		t.Fatalf("too few answers to judge: %v", kinds)
	}
	t.Logf("answers: %v", kinds)
}

// names returns the names of points ps of g.
func names(g *board.Graph, ps []int) []string {
	var ns []string
	for _, p := range ps {
		ns = append(ns, g.Name(p))
	}
	return ns
}

// TestGoSelfAtari: on random positions, GoBoard's self-atari test holds
// for a legal placement exactly when the engine, after it, shows the
// placed stone in a group of two or more stones with one liberty and
// nothing captured.
func TestGoSelfAtari(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	found, checked := 0, 0
	for _, c := range goTacticsCases {
		randomPositions(t, rng, c.rules, c.spec, 15, func(pos *liberty.Position, last int) {
			g := pos.Graph()
			b := goBoardFor(t, pos)
			b.Load(pos)
			me := pos.ToMove()
			for p := 0; p < g.N(); p++ {
				if pos.At(p) != board.Empty || pos.Legal(game.At(p)) != nil {
					continue
				}
				_, captured, stones, libs := tryPlace(pos, p)
				want := len(captured) == 0 && len(stones) >= 2 && len(libs) == 1
				if got := b.selfAtari(int32(p), me); got != want {
					t.Fatalf("%s %s: %s at %s: self-atari %v, engine %v (stones %v, liberties %v)\n%s",
						c.rules, c.spec, me, g.Name(p), got, want, names(g, stones), names(g, libs), game.Text(pos))
				}
				checked++
				if want {
					found++
				}
			}
		})
	}
	if found < 200 {
		t.Fatalf("too few self-ataris to judge: %d of %d placements", found, checked)
	}
	t.Logf("%d self-ataris among %d placements", found, checked)
}

// TestGoTacticsPositions: the tactical step's candidates in positions
// where the answer is known, on a board that played the moves (and so
// knows the ko) and on one loaded from the engine's position.
func TestGoTacticsPositions(t *testing.T) {
	for _, c := range []struct {
		rules, spec, moves string
		want, loaded       []string // loaded: if the loaded board answers otherwise (ko)
	}{
		// Three players (Black, White, Red). White's a2 leaves Black's a1
		// with the one liberty b1: Red, to move, takes it.
		{"kee players=3 ko=none", "5x5", "a1 a2", []string{"b1"}, nil},
		// White's c3 walks in between Black and Red: Red captures at d3.
		{"kee players=3 ko=none", "5x5", "c2 a5 c4 b3 c3", []string{"d3"}, nil},
		// White's c1 puts Red's b1 in atari (liberty b2). Black's a1,
		// touching it, is in atari itself: Red may capture it at a2, or
		// run to b2 (a2, c2, b3: three liberties).
		{"kee players=3 ko=none", "5x5", "a1 e4 b1 e5 c1", []string{"a2", "b2"}, nil},
		// The same with White on b3: running gives two liberties only.
		{"kee players=3 ko=none", "5x5", "a1 b3 b1 e5 c1", []string{"a2"}, nil},
		// A pass leaves nothing to answer: Black's d3 left Red's c3 in
		// atari, but White passed since; without the pass Red would run
		// to c2.
		{"kee players=3 ko=none", "5x5", "c4 e5 c3 b3 e4 e1 d3 pass", nil, nil},
		// Torus: White's d3 leaves Black's c3 with the one liberty c2,
		// which has three empty neighbours: run.
		{"go ko=none", "torus:5x5", "c3 c4 a1 b3 e5 d3", []string{"c2"}, nil},
		// With White on c1 (c2's neighbour, the torus wrapping c1 to
		// c5) the run gives two liberties: no answer.
		{"go ko=none", "torus:5x5", "c3 c4 a1 b3 e5 c1 a2 d3", nil, nil},
		// Hex: White's a1 in the corner beside Black's b1 has the one
		// liberty b2 after Black's a2; White runs there (c2, b3, c3).
		{"kee ko=none", "hex:3", "b1 a1 a2", []string{"b2"}, nil},
		// Hex: White's a1 walks into atari: Black captures at b2.
		{"kee ko=none", "hex:3", "b1 c3 a2 a1", []string{"b2"}, nil},
		// Ko: White's c3 has just taken Black's d3; retaking at d3 is
		// forbidden on the board that saw it, allowed on a loaded one.
		{"go ko=none", "5x5", "c2 d2 b3 e3 c4 d4 d3 c3", nil, []string{"d3"}},
	} {
		s := start(t, c.rules, c.spec)
		if err := game.PlayAll(s, c.moves); err != nil {
			t.Fatal(err)
		}
		g, r := s.Graph(), s.Rules()
		played := NewGo(g, r.Players, r.Suicide == rules.SuicideAllowed, r.Komi)
		played.Load(start(t, c.rules, c.spec))
		for _, h := range game.Actions(s) {
			p := -1
			if h.Move.Kind == game.Place {
				p = h.Move.Point
				if !played.Legal(p) {
					t.Fatalf("%s %s: %s illegal on the fast board", c.spec, c.moves, g.Name(p))
				}
			}
			played.Play(p)
		}
		loaded := NewGo(g, r.Players, r.Suicide == rules.SuicideAllowed, r.Komi)
		loaded.Load(s)
		wantLoaded := c.want
		if c.loaded != nil {
			wantLoaded = c.loaded
		}
		for _, b := range []struct {
			name string
			b    *GoBoard
			want []string
		}{{"played", played, c.want}, {"loaded", loaded, wantLoaded}} {
			b.b.setHeavy(true)
			b.b.atariMove(NewRand(1))
			var got []int
			for _, x := range b.b.cands {
				got = append(got, int(x))
			}
			gotNames := names(g, got)
			slices.Sort(gotNames)
			if !slices.Equal(gotNames, b.want) {
				t.Errorf("%s %s after %s (%s board): answers %v, want %v", c.rules, c.spec, c.moves, b.name, gotNames, b.want)
			}
		}
	}
}

// TestGoSelfAtariPositions: self-ataris known by hand, for the player to
// move (Black, White, Red in turn).
func TestGoSelfAtariPositions(t *testing.T) {
	for _, c := range []struct {
		rules, spec, moves, at string
		want                   bool
	}{
		// Black a1, White b1 and b2 (Red passing): Black's a2 joins a1
		// with the one liberty a3.
		{"kee players=3 ko=none", "5x5", "a1 b1 pass e5 b2 pass", "a2", true},
		// A lone stone with one liberty is not one (a throw-in).
		{"kee players=3 ko=none", "5x5", "a1 b1 pass e5 b2 pass", "c1", false},
		// Nor is a placement that captures: Black's a2 beside its a1,
		// between White's b2 and a3, captures a3 (Red's b3 and a4 hold
		// its other liberties) and so has a liberty there.
		{"kee players=3 ko=none", "5x5", "a1 b1 b3 e5 b2 a4 e4 a3 pass", "a2", false},
		// Red's a2 beside its a1, between Black's b1 and White's b2:
		// one liberty, a3.
		{"kee players=3 ko=none", "5x5", "b1 b2 a1 e5 e4", "a2", true},
		// Two liberties are enough.
		{"kee players=3 ko=none", "5x5", "a1 e5 pass", "a2", false},
	} {
		s := start(t, c.rules, c.spec)
		if err := game.PlayAll(s, c.moves); err != nil {
			t.Fatal(err)
		}
		b := goBoardFor(t, s)
		b.Load(s)
		mv, err := game.ParseMove(s.Graph(), c.at)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.selfAtari(int32(mv.Point), s.ToMove()); got != c.want {
			t.Errorf("%s after %s: %s at %s self-atari %v, want %v\n%s", c.spec, c.moves, s.ToMove(), c.at, got, c.want, game.Text(s))
		}
	}
}

// TestGoLastPlacement: the tactical policy answers the last placement,
// which the board takes from the position's history when it loads one,
// from each placement it makes, and which a pass clears: after a pass
// there is nothing to answer, in Play and in the policy's own moves.
func TestGoLastPlacement(t *testing.T) {
	// Three players on 3x3: Black fills all but a1 and c3, White and Red
	// passing; then White (and Red) can only pass, as a1 and c3 are
	// suicide for them.
	s := start(t, "kee players=3 ko=none", "3x3")
	if err := game.PlayAll(s, "b1 pass pass c1 pass pass a2 pass pass b2 pass pass c2 pass pass a3 pass pass b3"); err != nil {
		t.Fatal(err)
	}
	b := goBoardFor(t, s)
	b.setHeavy(true)
	b.Load(s)
	if mv, _ := game.ParseMove(s.Graph(), "b3"); b.last != int32(mv.Point) {
		t.Fatalf("loaded: last placement %d, want b3 (%d)", b.last, mv.Point)
	}
	if b.randomMove(NewRand(1)) {
		t.Fatal("White found a move")
	}
	if b.last != -1 {
		t.Errorf("White had no move: last placement %d, want -1", b.last)
	}
	b.Play(-1)
	if b.last != -1 {
		t.Errorf("after White's pass: last placement %d, want -1", b.last)
	}
	b.Play(-1)
	if b.last != -1 {
		t.Errorf("after Red's pass: last placement %d, want -1", b.last)
	}
	mv, _ := game.ParseMove(s.Graph(), "a1")
	if !b.Legal(mv.Point) {
		t.Fatal("Black may not fill its eye at a1")
	}
	b.Play(mv.Point)
	if b.last != int32(mv.Point) {
		t.Errorf("after Black's a1: last placement %d, want %d", b.last, mv.Point)
	}
}
