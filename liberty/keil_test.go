package liberty

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// setup builds a position under ruleset name on board spec with stones
// placed directly (not played): "b:c3 d3 w:c4".
func setup(t testing.TB, name, spec, stones string) *Position {
	t.Helper()
	g, err := board.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := rules.Preset(name, g)
	if err != nil {
		t.Fatal(err)
	}
	p, err := New(r, g)
	if err != nil {
		t.Fatal(err)
	}
	c := board.Empty
	for _, f := range strings.Fields(stones) {
		if col, rest, ok := strings.Cut(f, ":"); ok {
			var err error
			if c, err = board.ParseColor(col); err != nil {
				t.Fatal(err)
			}
			f = rest
		}
		q, ok := g.Point(f)
		if !ok {
			t.Fatalf("no point %s", f)
		}
		p.set(q, c)
	}
	p.startHash = p.hash
	return p
}

func pt(t testing.TB, p *Position, name string) int {
	t.Helper()
	q, ok := p.g.Point(name)
	if !ok {
		t.Fatalf("no point %s", name)
	}
	return q
}

// play plays moves by name, alternating from the player to move, and fails
// the test on an illegal one.
func play(t testing.TB, p *Position, moves string) {
	t.Helper()
	if err := game.PlayAll(p, moves); err != nil {
		t.Fatal(err)
	}
}

func groupOf(t testing.TB, p *Position, name string) (stones, libs []string) {
	s, l := p.Group(pt(t, p, name))
	for _, q := range s {
		stones = append(stones, p.g.Name(q))
	}
	for _, q := range l {
		libs = append(libs, p.g.Name(q))
	}
	return stones, libs
}

func TestKeilLoneStoneHasSixLiberties(t *testing.T) {
	for _, name := range []string{"keil", "keil-2019"} {
		p := setup(t, name, "hex:3", "b:c3")
		if _, libs := groupOf(t, p, "c3"); len(libs) != 6 {
			t.Errorf("%s: lone stone liberties = %v, want 6", name, libs)
		}
	}
}

func TestKeilTwoAdjacentStones(t *testing.T) {
	// c3 and d3 are adjacent; their witnesses are c2... computed from the graph.
	for _, tc := range []struct {
		rules string
		size  int
	}{{"keil", 1}, {"keil-2019", 2}} {
		p := setup(t, tc.rules, "hex:3", "b:c3 d3")
		if stones, _ := groupOf(t, p, "c3"); len(stones) != tc.size {
			t.Errorf("%s: group of c3 = %v, want %d stones", tc.rules, stones, tc.size)
		}
		// A third stone on a witness joins all three under both rules.
		w := p.g.Witnesses(pt(t, p, "c3"), pt(t, p, "d3"))
		if len(w) != 2 {
			t.Fatalf("witnesses of c3-d3 = %v, want 2", w)
		}
		p.set(int(w[0]), board.Black)
		if stones, _ := groupOf(t, p, "c3"); len(stones) != 3 {
			t.Errorf("%s: with a witness filled, group of c3 = %v, want 3 stones", tc.rules, stones)
		}
	}
}

func TestKeilCrosscut(t *testing.T) {
	for _, name := range []string{"keil", "keil-2019"} {
		p := setup(t, name, "hex:3", "b:c3 d3")
		w := p.g.Witnesses(pt(t, p, "c3"), pt(t, p, "d3"))
		for _, q := range w {
			p.set(int(q), board.White)
		}
		for _, q := range []string{"c3", "d3", p.g.Name(int(w[0])), p.g.Name(int(w[1]))} {
			stones, libs := groupOf(t, p, q)
			if len(stones) != 1 || len(libs) == 0 {
				t.Errorf("%s: crosscut group of %s = %v with liberties %v, want one stone with liberties", name, q, stones, libs)
			}
		}
	}
}

// A corner stone of a1 has three neighbours: b1 and a2 on the edge, b2
// inside. b1 and a2 witness the pair (a1, b2), and b2 is the only witness
// of (a1, b1) and of (a1, a2). So two enemy stones on the edge neighbours
// capture it (the rules file's example), and so does one on b2: a stone of
// the other colour there is the type of neither point of the edge pairs,
// so the corner stone is linked to nothing. A stone played in that corner
// later is suicide, even beside a stone of its own colour.
func TestKeilCornerCaptures(t *testing.T) {
	for _, c := range []struct {
		moves, captors, then string // then: moves after the capture, before a1 is refused
	}{
		{"button a1 b1 c3 a2", "b1 and a2", ""},
		{"a1 b2", "b2", "b1 e5"},
	} {
		for _, name := range []string{"keil", "keil-2019"} {
			p := setup(t, name, "hex:3", "")
			play(t, p, c.moves)
			if p.At(pt(t, p, "a1")) != board.Empty {
				t.Errorf("%s: a1 not captured by %s:\n%s", name, c.captors, game.Text(p))
			}
			if c.then != "" {
				play(t, p, c.then)
			}
			illegal(t, p, "a1", "suicide")
		}
	}
}

func TestKeilPassNeedsButton(t *testing.T) {
	p := setup(t, "keil", "hex:3", "")
	err := p.Play(game.PassMove)
	var ie *game.IllegalError
	if !errors.As(err, &ie) || !strings.Contains(ie.Reason, "button") {
		t.Fatalf("pass before the button: %v", err)
	}
	play(t, p, "button pass pass")
	if !p.Over() {
		t.Fatal("game not over after two passes")
	}
	res := p.Result()
	if res.Score[board.Black] != 0.5 || res.Score[board.White] != 0 || res.String() != "B+0.5" {
		t.Errorf("empty board with button: %v (%s)", res.String(), res.Breakdown())
	}
}

// setupRuleset is setup with a ruleset description ("keil komi=2").
func setupRuleset(t *testing.T, desc, spec, stones string) *Position {
	t.Helper()
	name, _, _ := strings.Cut(desc, " ")
	p := setup(t, name, spec, stones)
	r, err := rules.Parse(desc, p.g)
	if err != nil {
		t.Fatal(err)
	}
	p.r = r
	return p
}

// The ko on hex:3: Black e5 in the corner is taken by White e4 (a corner
// stone dies to two stones on its edge neighbours, d5 and e4). Black's
// retake at e5 would capture e4 (its witnesses d3 and e5 are Black's) and
// recreate the position after Black's own move 3: illegal. After an
// exchange elsewhere the retake is legal and captures e4.
func TestKeilKo(t *testing.T) {
	for _, name := range []string{"keil", "keil-2019"} {
		p := setup(t, name, "hex:3", "")
		play(t, p, "d3 d5 e5 e4")
		if p.At(pt(t, p, "e5")) != board.Empty {
			t.Fatalf("%s: e4 did not capture e5\n%s", name, game.Text(p))
		}
		illegal(t, p, "e5", "repeats your position after move 3")
		play(t, p, "a1 a3 e5")
		if p.At(pt(t, p, "e4")) != board.Empty || p.At(pt(t, p, "e5")) != board.Black {
			t.Errorf("%s: the retake after an exchange did not capture e4\n%s", name, game.Text(p))
		}
		// And now White may not retake at once either.
		illegal(t, p, "e4", "repeats your position after move 6")
	}
}

// The repetition rule compares the mover's own end-of-turn positions, those
// after passes and button takes included, and a position includes whether
// the button has been taken.
func TestKeilOwnPositionRule(t *testing.T) {
	for _, name := range []string{"keil", "keil-2019"} {
		// Black's position after the pass (move 7) is what the retake
		// would recreate; no Black placement ever ended there.
		p := setup(t, name, "hex:3", "")
		play(t, p, "button d5 d3 a3 e5 a1 pass e4")
		illegal(t, p, "e5", "repeats your position after move 7")

		// The same after a button take (move 5).
		p = setup(t, name, "hex:3", "")
		play(t, p, "d3 d5 e5 a1 button e4")
		illegal(t, p, "e5", "repeats your position after move 5")

		// The board after move 3 recurs, but the button has been taken
		// since: a different position, so the retake is legal.
		p = setup(t, name, "hex:3", "")
		play(t, p, "d3 d5 e5 e4 button pass")
		legal(t, p, "e5")
		play(t, p, "e5")
		if p.At(pt(t, p, "e4")) != board.Empty {
			t.Errorf("%s: e5 did not capture e4", name)
		}

		// (That only the mover's own positions count is checked against a
		// reference implementation in TestPropertyRandomGames.)

		// Passes and button takes are never illegal by repetition: Black's
		// pass recreates Black's position after move 1 and ends the game.
		p = setup(t, name, "hex:3", "")
		play(t, p, "button pass pass")
		if !p.Over() {
			t.Errorf("%s: not over after button pass pass", name)
		}
	}
}

func TestKeilButton(t *testing.T) {
	for _, name := range []string{"keil", "keil-2019"} {
		p := setup(t, name, "hex:3", "")
		lm := p.LegalMoves(nil)
		if !slices.Contains(lm, game.ButtonMove) || slices.Contains(lm, game.PassMove) {
			t.Errorf("%s: legal moves at the start %v: want the button, not pass", name, lm)
		}
		illegal(t, p, "pass", "passing is not allowed before the button is taken")
		play(t, p, "c3")
		illegal(t, p, "pass", "passing is not allowed before the button is taken")
		play(t, p, "button") // White takes it
		if p.Button() != board.White {
			t.Fatalf("%s: button taken by %v, want white", name, p.Button())
		}
		illegal(t, p, "button", "white already took the button")
		lm = p.LegalMoves(nil)
		if slices.Contains(lm, game.ButtonMove) || !slices.Contains(lm, game.PassMove) {
			t.Errorf("%s: legal moves after the button %v: want pass, not the button", name, lm)
		}
		if res := p.Result(); res.Bonus[board.White] != 0.5 || res.Bonus[board.Black] != 0 {
			t.Errorf("%s: the button's half point: %s", name, res.Breakdown())
		}
		// Undo gives the button back.
		p.Undo()
		if p.Button() != board.Empty {
			t.Errorf("%s: undo of the button take leaves it with %v", name, p.Button())
		}
	}
	// Out of play: passing at once is legal, the button is not.
	p := setupRuleset(t, "keil button=off komi=0.5", "hex:3", "")
	legal(t, p, "pass")
	illegal(t, p, "button", "there is no button in this game")
	play(t, p, "pass pass")
	if res := p.Result(); !p.Over() || res.String() != "W+0.5" {
		t.Errorf("keil button=off komi=0.5, two passes: over %v, %s", p.Over(), res)
	}
	// A whole komi with the button out of play can tie.
	p = setupRuleset(t, "keil button=off", "hex:3", "")
	play(t, p, "pass pass")
	if res := p.Result(); res.String() != "0" || res.Winner() != board.Empty {
		t.Errorf("keil button=off komi=0, empty board: %s, want a tie", res)
	}
}

func TestKeilGameEnd(t *testing.T) {
	p := setup(t, "keil", "hex:3", "")
	play(t, p, "button pass c3 pass")
	if p.Over() {
		t.Fatal("over after button pass c3 pass: the passes were not in succession")
	}
	play(t, p, "pass")
	if !p.Over() || p.Result().Reason != "passes" {
		t.Fatalf("not over after two passes in succession")
	}
	illegal(t, p, "a1", "the game is over")
	// Black: c3 and the 18 empty points linked only to it; the button.
	if res := p.Result(); res.Score[board.Black] != 19.5 || res.Score[board.White] != 0 || res.String() != "B+19.5" {
		t.Errorf("result %s (%s), want B+19.5", res, res.Breakdown())
	}
}

func TestKeilScoring(t *testing.T) {
	for _, tc := range []struct {
		rules, spec, stones string
		moves               string
		territory           [2]int
		score               [2]float64
		result              string
	}{
		// The empty board is owned by nobody.
		{"keil", "hex:3", "", "", [2]int{0, 0}, [2]float64{0, 0}, "0"},
		{"keil-2019", "hex:5", "", "", [2]int{0, 0}, [2]float64{0, 0}, "0"},
		// hex:2: the centre b2 links to every ring point (each pair
		// (b2, r) has an empty witness); under keil the ring points are
		// six territories (the witness of each ring pair is b2, Black),
		// under keil-2019 one; Black owns them all either way.
		{"keil", "hex:2", "b:b2", "", [2]int{6, 0}, [2]float64{7, 0}, "B+7"},
		{"keil-2019", "hex:2", "b:b2", "", [2]int{6, 0}, [2]float64{7, 0}, "B+7"},
		// White a1 is not linked to b1 or a2 (the witness b2 is Black), so
		// the ring is still Black's; area scoring would call it dame.
		{"keil", "hex:2", "b:b2 w:a1", "", [2]int{5, 0}, [2]float64{6, 1}, "B+5"},
		{"keil-2019", "hex:2", "b:b2 w:a1", "", [2]int{5, 0}, [2]float64{6, 1}, "B+5"},
		// A territory linked to stones of both colours is owned by nobody.
		{"keil", "hex:2", "b:a1 w:c3", "", [2]int{0, 0}, [2]float64{1, 1}, "0"},
		{"keil-2019", "hex:2", "b:a1 w:c3", "", [2]int{0, 0}, [2]float64{1, 1}, "0"},
		// The wordings' scores differ: b3-b2 has witnesses c3 and a2, both
		// White, so under keil b3 is a territory of its own linked only to
		// White; under keil-2019 it joins b2, a1, b1, which touch Black c2.
		{"keil", "hex:2", "b:c2 w:c3 a2", "", [2]int{0, 1}, [2]float64{1, 3}, "W+2"},
		{"keil-2019", "hex:2", "b:c2 w:c3 a2", "", [2]int{0, 0}, [2]float64{1, 2}, "W+1"},
		// Komi goes to White, the button's half point to its taker.
		{"keil komi=2", "hex:2", "b:b2 w:a1", "", [2]int{5, 0}, [2]float64{6, 3}, "B+3"},
		{"keil komi=2", "hex:2", "b:b2 w:a1", "button", [2]int{5, 0}, [2]float64{6.5, 3}, "B+3.5"},
		{"keil-2019 komi=7", "hex:2", "b:b2 w:a1", "button button", [2]int{5, 0}, [2]float64{6.5, 8}, "W+1.5"},
	} {
		p := setupRuleset(t, tc.rules, tc.spec, tc.stones)
		for _, m := range strings.Fields(tc.moves) {
			// "button button": the second is White's attempt, which fails;
			// play it only if legal to keep the table simple.
			if mv, _ := game.ParseMove(p.g, m); p.Legal(mv) == nil {
				play(t, p, m)
			}
		}
		res := p.Result()
		if res.Territory[board.Black] != tc.territory[0] || res.Territory[board.White] != tc.territory[1] ||
			res.Score[board.Black] != tc.score[0] || res.Score[board.White] != tc.score[1] || res.String() != tc.result {
			t.Errorf("%s %s %q %s: %s (%s), want territory %v score %v %s\n%s",
				tc.rules, tc.spec, tc.stones, tc.moves, res, res.Breakdown(), tc.territory, tc.score, tc.result, game.Text(p))
		}
	}
}
