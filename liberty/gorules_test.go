package liberty

// Tests of the facts in docs/rules/go.md: the four plain Go rulesets
// (ko rules, suicide, area scoring, default komi) and the reasons the engine
// gives for illegal moves.

import (
	"errors"
	"strings"
	"testing"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// illegal checks that move s is illegal for the player to move with a
// reason containing every one of want, and that trying it changed nothing.
func illegal(t *testing.T, p *Position, s string, want ...string) {
	t.Helper()
	m, err := game.ParseMove(p.g, s)
	if err != nil {
		t.Fatal(err)
	}
	hash, moves := p.Hash(), p.MoveNumber()
	err = p.Play(m)
	var ie *game.IllegalError
	if !errors.As(err, &ie) {
		t.Fatalf("%s %s after%s: got %v, want an illegal move\n%s", p.r.Name, s, record(p), err, game.Text(p))
	}
	for _, w := range want {
		if !strings.Contains(ie.Reason, w) {
			t.Errorf("%s %s after%s: reason %q does not say %q", p.r.Name, s, record(p), ie.Reason, w)
		}
	}
	if p.Hash() != hash || p.MoveNumber() != moves {
		t.Errorf("%s: the illegal move %s changed the position", p.r.Name, s)
	}
	if err := p.Legal(m); err == nil || err.Error() != ie.Error() {
		t.Errorf("%s: Legal(%s) = %v, Play said %v", p.r.Name, s, err, ie)
	}
}

// legal checks that move s is legal for the player to move.
func legal(t *testing.T, p *Position, s string) {
	t.Helper()
	m, err := game.ParseMove(p.g, s)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Legal(m); err != nil {
		t.Errorf("%s %s after%s: %v, want legal\n%s", p.r.Name, s, record(p), err, game.Text(p))
	}
}

// stonesOf lists the board as "X . O" for compact comparisons.
func stonesOf(p *Position) string {
	var b strings.Builder
	for q := 0; q < p.g.N(); q++ {
		b.WriteString(map[board.Color]string{board.Empty: ".", board.Black: "X", board.White: "O"}[p.At(q)])
	}
	return b.String()
}

func TestGoRulesetsArePresets(t *testing.T) {
	g, _ := board.Rect(9, 9)
	for _, tc := range []struct {
		name    string
		ko      rules.Ko
		suicide rules.Suicide
	}{
		{"go", rules.KoPositional, rules.SuicideForbidden},
		{"go-situational", rules.KoSituational, rules.SuicideForbidden},
		{"go-simple", rules.KoSimple, rules.SuicideForbidden},
		{"tromp-taylor", rules.KoPositional, rules.SuicideAllowed},
	} {
		r, err := rules.Preset(tc.name, g)
		if err != nil {
			t.Fatal(err)
		}
		if r.Ko != tc.ko || r.Suicide != tc.suicide || r.Scoring != rules.Area || r.Links != rules.Plain || r.Button || r.Players != 2 {
			t.Errorf("%s = %s", tc.name, r)
		}
		p, err := New(r, g)
		if err != nil {
			t.Fatal(err)
		}
		if p.Rules().String() != r.String() {
			t.Errorf("%s: engine prints %s, want %s", tc.name, p.Rules(), r)
		}
	}
}

// The three ko rules told apart on 3x1 (points a1 b1 c1), each line a game.
func TestGoKoRulesDiffer(t *testing.T) {
	for _, tc := range []struct {
		moves, move string
		// reason wanted under go, go-situational, go-simple; "" = legal
		want [3]string
	}{
		// X.O (Black to move, after move 2) recurs with White to move:
		// only positional superko forbids it.
		{"a1 c1 b1 c1", "a1", [3]string{"repeats the position after move 2 (superko)", "", ""}},
		// .X. (White to move after move 1, Black to move after the pass,
		// move 2) recurs with White to move, later than a simple ko
		// could see: both superkos forbid it (positional naming the
		// latest occurrence), simple ko does not.
		{"b1 pass a1 c1", "b1", [3]string{"repeats the position after move 2 (superko)", "repeats the position with the same player to move after move 1 (superko)", ""}},
	} {
		for i, name := range []string{"go", "go-situational", "go-simple"} {
			p := setup(t, name, "3x1", "")
			play(t, p, tc.moves)
			if tc.want[i] == "" {
				legal(t, p, tc.move)
				before := stonesOf(p)
				play(t, p, tc.move)
				if before == stonesOf(p) {
					t.Errorf("%s: %s changed nothing", name, tc.move)
				}
			} else {
				illegal(t, p, tc.move, tc.want[i])
			}
		}
	}
}

// A real ko in the corner of 5x5: the immediate retake is illegal under all
// three ko rules, and legal after an exchange elsewhere.
//
//	3 . X O . .
//	2 X O . O .
//	1 . X O . .
//	  a b c d e
func TestGoKoImmediateRetake(t *testing.T) {
	for _, tc := range []struct{ name, reason string }{
		{"go", "repeats the position after move 2 (superko)"},
		{"go-situational", "repeats the position with the same player to move after move 2 (superko)"},
		{"go-simple", "retakes the ko at once"},
		{"tromp-taylor", "repeats the position after move 2 (superko)"},
	} {
		p := setup(t, tc.name, "5x5", "b:b3 a2 b1 w:c3 b2 d2 c1")
		play(t, p, "a5 e5 c2") // c2 takes the ko
		if p.At(pt(t, p, "b2")) != board.Empty {
			t.Fatalf("%s: c2 did not capture b2", tc.name)
		}
		illegal(t, p, "b2", tc.reason)
		play(t, p, "e1 d5 b2")
		if p.At(pt(t, p, "c2")) != board.Empty || p.At(pt(t, p, "b2")) != board.White {
			t.Errorf("%s: the retake after the exchange did not capture c2\n%s", tc.name, game.Text(p))
		}
	}
}

func TestGoSuicide(t *testing.T) {
	// 4x1: Black a1 and b1 with White on c1 is a two-stone suicide; Black a1
	// next to White b1 a one-stone suicide.
	for _, name := range []string{"go", "go-situational", "go-simple"} {
		p := setup(t, name, "4x1", "")
		play(t, p, "a1 c1")
		illegal(t, p, "b1", "suicide")
		p = setup(t, name, "4x1", "")
		play(t, p, "d1 b1")
		illegal(t, p, "a1", "suicide")
	}
	// Tromp-Taylor: the multi-stone suicide is legal and removes the group.
	p := setup(t, "tromp-taylor", "4x1", "")
	play(t, p, "a1 c1 b1")
	if got := stonesOf(p); got != "..O." {
		t.Errorf("tromp-taylor suicide a1 b1: board %s, want ..O.", got)
	}
	if p.ToMove() != board.White || p.MoveNumber() != 3 {
		t.Errorf("after the suicide: %v to move at move %d", p.ToMove(), p.MoveNumber())
	}
	// A one-stone suicide changes nothing and is illegal.
	p = setup(t, "tromp-taylor", "4x1", "")
	play(t, p, "d1 b1")
	illegal(t, p, "a1", "suicide", "changes nothing")
	// 1x1: the only point is a suicide under every ruleset.
	for _, name := range []string{"go", "go-situational", "go-simple", "tromp-taylor"} {
		p := setup(t, name, "1x1", "")
		illegal(t, p, "a1", "suicide")
		if lm := p.LegalMoves(nil); len(lm) != 1 || lm[0] != game.PassMove {
			t.Errorf("%s 1x1: legal moves %v, want only pass", name, lm)
		}
	}
	// Capturing comes first: a move without liberties of its own before
	// the capture is no suicide. 4x1: Black a1 captures White b1.
	p = setup(t, "go", "4x1", "")
	play(t, p, "c1 b1 a1")
	if got := stonesOf(p); got != "X.X." {
		t.Errorf("a1 should capture b1: board %s", got)
	}
}

func TestGoOccupied(t *testing.T) {
	for _, name := range []string{"go", "go-situational", "go-simple", "tromp-taylor", "keil", "keil-2019"} {
		spec := "5x5"
		if strings.HasPrefix(name, "keil") {
			spec = "hex:3"
		}
		p := setup(t, name, spec, "")
		play(t, p, "c3")
		illegal(t, p, "c3", "c3 is occupied")
	}
}

func TestGoAreaScoring(t *testing.T) {
	for _, tc := range []struct {
		rules, spec, setup string
		stones, territory  [2]int
		komi               float64
		result             string
	}{
		// Empty regions touching one colour only count for it.
		{"go", "5x5", "b:c1 c2 c3 c4 c5 w:d1 d2 d3 d4 d5", [2]int{5, 5}, [2]int{10, 5}, 0, "B+5"},
		// A region touching both colours counts for nobody (dame).
		{"go", "5x5", "b:b1 b2 b3 b4 b5 w:d1 d2 d3 d4 d5", [2]int{5, 5}, [2]int{5, 5}, 0, "0"},
		// The empty board counts for nobody; komi decides.
		{"go", "5x5", "", [2]int{0, 0}, [2]int{0, 0}, 0, "0"},
		{"go", "9x9", "", [2]int{0, 0}, [2]int{0, 0}, 7.5, "W+7.5"},
		// One stone owns the board.
		{"tromp-taylor", "9x9", "b:e5", [2]int{1, 0}, [2]int{80, 0}, 7.5, "B+73.5"},
		// Stones count even if they would be dead.
		{"go-simple", "3x3", "b:a1 w:b2", [2]int{1, 1}, [2]int{0, 0}, 0, "0"},
		// Area scoring on a hexhex (plain links): the centre stone of hex:2
		// touches the whole ring, the corner stone too, so the ring is dame.
		{"go", "hex:2", "b:b2 w:a1", [2]int{1, 1}, [2]int{0, 0}, 0, "0"},
	} {
		p := setup(t, tc.rules, tc.spec, tc.setup)
		res := p.Result()
		if res.Stones[board.Black] != tc.stones[0] || res.Stones[board.White] != tc.stones[1] ||
			res.Territory[board.Black] != tc.territory[0] || res.Territory[board.White] != tc.territory[1] ||
			res.Bonus[board.White] != tc.komi || res.String() != tc.result {
			t.Errorf("%s %s %q: %s (%s), want stones %v territory %v komi %v result %s",
				tc.rules, tc.spec, tc.setup, res.String(), res.Breakdown(), tc.stones, tc.territory, tc.komi, tc.result)
		}
	}
}

func TestGoDefaultKomi(t *testing.T) {
	for _, tc := range []struct {
		rules, spec string
		komi        float64
	}{
		{"go", "7x7", 7.5}, {"go", "9x9", 7.5}, {"go", "19x19", 7.5}, {"go", "13x9", 7.5},
		{"go-situational", "7x7", 7.5}, {"go-simple", "9x9", 7.5}, {"tromp-taylor", "19x19", 7.5},
		{"go", "6x6", 0}, {"go", "5x5", 0}, {"go", "7x6", 0}, {"go", "1x1", 0}, {"tromp-taylor", "2x1", 0},
		{"go", "hex:7", 0}, // not a rectangle
		{"keil", "hex:7", 0}, {"keil-2019", "hex:7", 0}, {"keil", "9x9", 0},
	} {
		p := setup(t, tc.rules, tc.spec, "")
		if p.Rules().Komi != tc.komi || p.Result().Bonus[board.White] != tc.komi {
			t.Errorf("%s on %s: komi %v, want %v", tc.rules, tc.spec, p.Rules().Komi, tc.komi)
		}
	}
	// An explicit komi overrides the default and goes to White.
	g, _ := board.Rect(9, 9)
	r, err := rules.Parse("go komi=6", g)
	if err != nil {
		t.Fatal(err)
	}
	p, err := New(r, g)
	if err != nil {
		t.Fatal(err)
	}
	if res := p.Result(); res.Score[board.White] != 6 || res.Score[board.Black] != 0 || res.String() != "W+6" {
		t.Errorf("go komi=6 on the empty board: %s", res.Breakdown())
	}
}

func TestGoGameEndsOnTwoPasses(t *testing.T) {
	p := setup(t, "go", "5x5", "")
	play(t, p, "pass c3 pass")
	if p.Over() {
		t.Fatal("game over after pass, c3, pass: the passes were not in succession")
	}
	play(t, p, "pass")
	if !p.Over() || p.Result().Reason != "passes" || !p.Result().Over {
		t.Fatalf("not over after two passes in succession: %+v", p.Result())
	}
	illegal(t, p, "d4", "the game is over")
	illegal(t, p, "pass", "the game is over")
	if lm := p.LegalMoves(nil); len(lm) != 0 {
		t.Errorf("legal moves after the end: %v", lm)
	}
	if res := p.Result(); res.String() != "W+25" {
		t.Errorf("result %s (%s), want W+25", res, res.Breakdown())
	}
	// Undo reopens the game.
	p.Undo()
	if p.Over() {
		t.Error("still over after undoing the second pass")
	}
	legal(t, p, "d4")
}

func TestGoNoButton(t *testing.T) {
	p := setup(t, "go", "5x5", "")
	illegal(t, p, "button", "no button")
	legal(t, p, "pass")
}
