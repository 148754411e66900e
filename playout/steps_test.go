package playout

import (
	"testing"

	"moku/board"
)

// The step of vital points: after White closes an eye space, Black plays
// its vital point where one point alone has the most neighbours in the
// space, and nothing where the points tie, the space is too large, or it
// touches a black stone.
func TestNakadeMove(t *testing.T) {
	for _, c := range []struct {
		moves []string
		want  string
	}{
		// Straight three a1-c1 behind a2 b2 c2 d1: the middle.
		{[]string{"g7", "a2", "g6", "b2", "g5", "c2", "g4", "d1"}, "b1"},
		// Bent three a1 b1 a2 behind a3 b2 c1: the corner.
		{[]string{"g7", "a3", "g6", "b2", "g5", "c1"}, "a1"},
		// Pyramid four a1 b1 c1 b2 behind a2 c2 b3 d1: its centre b1.
		{[]string{"g7", "a2", "g6", "c2", "g5", "b3", "g4", "d1"}, "b1"},
		// Straight four a1-d1 behind a2-d2 e1: two vital points, none.
		{[]string{"g7", "a2", "g6", "b2", "g5", "c2", "g4", "d2", "g3", "e1"}, "none"},
		// The straight three with a black stone on c1 inside: not an eye
		// space of White's.
		{[]string{"c1", "a2", "g6", "b2", "g5", "c2", "g4", "d1"}, "none"},
		// Open space: nothing.
		{[]string{"g7", "d4"}, "none"},
	} {
		got := stepAfter(t, func(b *SquareBoard, _ *Rand) int32 { return b.nakadeMove() }, c.moves...)
		if got != c.want {
			t.Errorf("after %v: %s, want %s", c.moves, got, c.want)
		}
	}
}

// The random step with gammas draws only points of positive weight, in
// proportion to it, and its playouts stay legal.
func TestGammaMove(t *testing.T) {
	s, b := squareAfter(t, "d4")
	g := new(Gammas)
	g.Pattern[1][0] = 1 // White to move: an empty neighbourhood only
	g.Edge = [5]float32{1, 1, 1, 1, 1}
	g.Near = [4]float32{0, 1, 1, 5} // points three steps from d4 five times as likely
	b.SetGammas(g)
	r := NewRand(3)
	count := map[string]int{}
	for i := 0; i < 20000; i++ {
		x := b.gammaMove(r)
		if x < 0 {
			t.Fatal("no move")
		}
		count[s.Graph().Name(int(b.toExt[x]))]++
	}
	// Empty neighbourhoods: b2..f6 without c3..e5, 16 points; of them
	// b3 b5 c2 c6 e2 e6 f3 f5 are three steps from d4, the other eight
	// (b2 b4 b6 d2 d6 f2 f4 f6) two or four.
	if len(count) != 16 {
		t.Errorf("drew %d points, want 16: %v", len(count), count)
	}
	near, far := 0, 0
	for name, n := range count {
		switch name {
		case "b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5":
			near += n
		case "b2", "b4", "b6", "d2", "d6", "f2", "f4", "f6":
			far += n
		default:
			t.Errorf("drew %s, whose neighbourhood is not empty", name)
		}
	}
	if ratio := float64(near) / float64(far); ratio < 4.5 || ratio > 5.5 {
		t.Errorf("points three steps away drawn %.2f times as often as the others, want 5", ratio)
	}
	// Playouts with real weights (every pattern 1) stay legal.
	for c := range g.Pattern {
		for i := range g.Pattern[c] {
			g.Pattern[c][i] = 1
		}
	}
	f := NewSquare(start(t, "go ko=none", "9x9").Graph(), false, 0)
	f.SetHeavy(true)
	f.SetGammas(g)
	replayPlayouts(t, "go ko=none", "9x9", f, 200, 17)
}

// The ko step: after Black takes a ko in a playout, White may not retake
// at once; once the ban has gone (a move elsewhere each) White retakes
// about koRate times in a hundred, and not after more than three
// placements since the capture, nor on Black's turn.
func TestKoMove(t *testing.T) {
	// White's d4 sits in Black's c4 d5 d3 with the one liberty e4,
	// inside White's e5 e3 f4: Black's e4 takes it, a ko.
	s, b := squareAfter(t, "c4", "e5", "d5", "e3", "d3", "f4", "a1", "d4")
	b.SetKoFights(true)
	g := s.Graph()
	at := func(name string) int { return pointOf(t, g, name) }
	retakes := func() int {
		r := NewRand(9)
		n := 0
		for i := 0; i < 1000; i++ {
			if x := b.koMove(r); x >= 0 {
				if g.Name(int(b.toExt[x])) != "d4" {
					t.Fatalf("the ko step plays %s", g.Name(int(b.toExt[x])))
				}
				n++
			}
		}
		return n
	}
	b.Play(at("e4"))
	if b.At(at("d4")) != 0 {
		t.Fatal("e4 did not capture d4")
	}
	if n := retakes(); n != 0 {
		t.Errorf("White retakes at once under the ban: %d", n)
	}
	b.Play(at("a7")) // White elsewhere
	if n := retakes(); n != 0 {
		t.Errorf("Black's turn: the ko step retakes for Black %d times", n)
	}
	b.Play(at("g1")) // Black elsewhere: the ban is gone
	if n := retakes(); n < 340 || n > 460 {
		t.Errorf("White retakes %d times in 1000, want about %d0", n, koRate)
	}
	b.Play(at("a6"))
	b.Play(at("g2"))
	if n := retakes(); n != 0 {
		t.Errorf("five placements after the capture, White still retakes %d times", n)
	}
}

// TestRates: at a step rate of 50 the answer to atari (Black's capture on
// e4 of White's d4, the last stone) is played about half the time, and
// always without a rate; the random move refuses self-ataris at the rate
// given.
func TestRates(t *testing.T) {
	s, b := squareAfter(t, "c4", "e5", "d5", "e3", "d3", "f4", "a1", "d4")
	e4 := pointOf(t, s.Graph(), "e4")
	captures := func(step int) int {
		r := NewRand(3)
		b.SetRates(step, 0)
		n := 0
		for i := 0; i < 1000; i++ {
			b.Load(s)
			b.randomMove(r)
			if b.At(e4) == board.Black {
				n++
			}
		}
		return n
	}
	if n := captures(0); n != 1000 {
		t.Errorf("always: e4 %d times in 1000", n)
	}
	// Half the time the step, and the random move finds e4 now and then.
	if n := captures(50); n < 440 || n > 580 {
		t.Errorf("at 50%%: e4 %d times in 1000, want about 500", n)
	}
	// The shape step's own rate leaves the answer to atari alone.
	b.SetPatternRate(1)
	if n := captures(0); n != 1000 {
		t.Errorf("shapes at 1%%: e4 %d times in 1000, want always", n)
	}
	b.SetPatternRate(0)
	r := NewRand(4)
	b.SetRates(0, 60)
	n := 0
	for i := 0; i < 10000; i++ {
		if b.refuses(r) {
			n++
		}
	}
	if n < 5700 || n > 6300 {
		t.Errorf("self-ataris refused %d times in 10000, want about 6000", n)
	}
}

// TestPattern2: after Black c3, White c4 and Black far off on f6, no shape
// matches around f6; with SetPattern2, White's random move is a shape
// around its own c4 (next to it), every time; without, it is not always;
// with a pattern rate of 1 in 100 (SetPatternRate) neither is, and at 50
// about half the time and the random move's share besides.
func TestPattern2(t *testing.T) {
	s, b := squareAfter(t, "c3", "c4", "f6")
	c4 := pointOf(t, s.Graph(), "c4")
	if x := b.patternMove(NewRand(1), b.last); x >= 0 {
		t.Fatalf("a shape around f6: %s", s.Graph().Name(int(b.toExt[x])))
	}
	near := func(pattern2 bool) int {
		b.SetPattern2(pattern2)
		n := 0
		r := NewRand(5)
		for i := 0; i < 200; i++ {
			b.Load(s)
			b.randomMove(r)
			p := b.toInt[c4]
			if l := b.last2; l != b.toInt[pointOf(t, s.Graph(), "f6")] {
				t.Fatalf("the move before the last is not f6")
			}
			if d := b.last - p; d == -b.stride-1 || d == -b.stride || d == -b.stride+1 || d == -1 || d == 1 || d == b.stride-1 || d == b.stride || d == b.stride+1 {
				n++
			}
		}
		return n
	}
	if n := near(true); n != 200 {
		t.Errorf("with pattern2, %d moves in 200 next to c4", n)
	}
	if n := near(false); n > 100 {
		t.Errorf("without pattern2, %d moves in 200 next to c4", n)
	}
	// The shape step at a pattern rate of 1 in 100 is all but gone,
	// and at 50 it plays about half the time.
	b.SetPatternRate(1)
	if n := near(true); n > 100 {
		t.Errorf("with pattern2 at a pattern rate of 1, %d moves in 200 next to c4", n)
	}
	b.SetPatternRate(50)
	if n := near(true); n < 100 || n > 180 {
		t.Errorf("with pattern2 at a pattern rate of 50, %d moves in 200 next to c4, want 100 plus the random move's share", n)
	}
	b.SetPatternRate(0)
}
