package liberty_test

import (
	"errors"
	"strings"
	"testing"

	"moku/board"
	"moku/game"
	"moku/liberty"
	"moku/rules"
)

// newKee starts a kee game on board spec (a board.Parse specification, or
// JSON text starting with "{") with n players and komi.
func newKee(t testing.TB, spec string, n int, komi float64) *liberty.Position {
	t.Helper()
	var g *board.Graph
	var err error
	if strings.HasPrefix(spec, "{") {
		g, err = board.ReadJSON([]byte(spec), "test.json")
	} else {
		g, err = board.Parse(spec)
	}
	if err != nil {
		t.Fatal(err)
	}
	r, err := rules.Preset("kee", g)
	if err != nil {
		t.Fatal(err)
	}
	r.Players, r.Komi = n, komi
	p, err := liberty.New(r, g)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func parse(t testing.TB, p *liberty.Position, s string) game.Move {
	t.Helper()
	m, err := game.ParseMove(p.Graph(), s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// playMoves plays the moves in s in turn, failing on an illegal one.
func playMoves(t testing.TB, p *liberty.Position, s string) {
	t.Helper()
	for _, w := range strings.Fields(s) {
		if err := p.Play(parse(t, p, w)); err != nil {
			t.Fatalf("after %s: %s: %v", movesText(p), w, err)
		}
	}
}

// illegal checks that move s is illegal with a reason containing want, and
// that trying it changed nothing.
func illegal(t testing.TB, p *liberty.Position, s, want string) {
	t.Helper()
	h := p.Hash()
	n := len(p.Record())
	err := p.Play(parse(t, p, s))
	var ie *game.IllegalError
	if !errors.As(err, &ie) {
		t.Fatalf("after %s: %s: got %v, want an illegal move (%s)", movesText(p), s, err, want)
	}
	if !strings.Contains(ie.Reason, want) {
		t.Fatalf("after %s: %s: reason %q, want it to contain %q", movesText(p), s, ie.Reason, want)
	}
	if p.Hash() != h || len(p.Record()) != n {
		t.Fatalf("illegal %s changed the position", s)
	}
}

func movesText(p *liberty.Position) string {
	var w []string
	for _, h := range p.History() {
		w = append(w, h.Player.Letter()+":"+h.Move.Format(p.Graph()))
	}
	return "[" + strings.Join(w, " ") + "]"
}

func legalText(p *liberty.Position) string {
	var w []string
	for _, m := range p.LegalMoves(nil) {
		w = append(w, m.Format(p.Graph()))
	}
	return strings.Join(w, " ")
}

// boardText lists the board as symbols in point order (".XORU").
func boardText(p *liberty.Position) string {
	var b strings.Builder
	for q := 0; q < p.Graph().N(); q++ {
		b.WriteByte(p.At(q).Symbol())
	}
	return b.String()
}

// recordText writes the record, rescinded plays in brackets and rescinding
// passes with a "!".
func recordText(p *liberty.Position) string {
	var w []string
	for _, e := range p.Record() {
		s := e.Player.Letter() + ":" + e.Move.Format(p.Graph())
		if e.Rescinded {
			s = "[" + s + "]"
		}
		if e.Rescinds != nil {
			s += "!"
		}
		w = append(w, s)
	}
	return strings.Join(w, " ")
}

// TestKeeExampleI replays example I of the seed on the 2x1 board.
func TestKeeExampleI(t *testing.T) {
	p := newKee(t, "2x1", 2, 0)
	playMoves(t, p, "a1 b1")
	illegal(t, p, "a1", "recreates the position after move 1 (cycle prohibition, K11)")
	if got, want := legalText(p), "appeal-a1 pass"; got != want {
		t.Fatalf("legal moves after B a1, W b1: %q, want %q", got, want)
	}
	playMoves(t, p, "appeal-a1")

	t.Run("white passes: rescission, Black +2", func(t *testing.T) {
		p := newKee(t, "2x1", 2, 0)
		playMoves(t, p, "a1 b1 appeal-a1 pass")
		if p.ToMove() != board.White || p.Over() {
			t.Fatalf("after the rescinding pass: to move %s, over %v", p.ToMove(), p.Over())
		}
		if got := movesText(p); got != "[B:a1]" {
			t.Fatalf("history after rescission %s, want [B:a1]", got)
		}
		if got, want := recordText(p), "B:a1 [W:b1] [B:appeal-a1] W:pass!"; got != want {
			t.Fatalf("record %q, want %q", got, want)
		}
		illegal(t, p, "b1", "rescinded at this moment")
		illegal(t, p, "appeal-b1", "illegal for a reason other than the cycle prohibition")
		if got := legalText(p); got != "pass" {
			t.Fatalf("White may only pass, legal: %q", got)
		}
		playMoves(t, p, "pass")
		if p.Over() {
			t.Fatal("over after one pass")
		}
		playMoves(t, p, "pass")
		if !p.Over() {
			t.Fatal("not over after both passed")
		}
		if got := p.Result().String(); got != "B+2" {
			t.Fatalf("result %s, want B+2", got)
		}
	})

	t.Run("white appeals too: White +2", func(t *testing.T) {
		p := newKee(t, "2x1", 2, 0)
		playMoves(t, p, "a1 b1 appeal-a1")
		illegal(t, p, "a1", "recreates the starting position (cycle prohibition, K11)")
		if got := legalText(p); got != "appeal-a1 pass" {
			t.Fatalf("legal moves for White: %q", got)
		}
		playMoves(t, p, "appeal-a1")
		if !p.Over() {
			t.Fatal("not over after two appealing passes")
		}
		if got := p.Result().String(); got != "W+2" {
			t.Fatalf("result %s, want W+2", got)
		}
	})
}
