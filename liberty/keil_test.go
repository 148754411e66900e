package liberty

import (
	"errors"
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
	for _, s := range strings.Fields(moves) {
		m, err := game.ParseMove(p.g, s)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Play(m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
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

func TestKeilCornerStoneDiesToTwoStones(t *testing.T) {
	for _, name := range []string{"keil", "keil-2019"} {
		p := setup(t, name, "hex:3", "")
		// a1's neighbours: b1, a2 (edge) and b2 (inner); b1 and a2 witness a1-b2.
		play(t, p, "button a1 b1 c3 a2")
		if p.At(pt(t, p, "a1")) != board.Empty {
			t.Errorf("%s: a1 not captured by b1 and a2:\n%s", name, game.Text(p))
		}
		if p.At(pt(t, p, "b2")) != board.Empty {
			t.Errorf("%s: b2 not empty", name)
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
