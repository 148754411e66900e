package playout

import (
	"math/rand/v2"
	"slices"
	"testing"

	"moku/board"
	"moku/game"
	"moku/liberty"
	"moku/rules"
)

// hexKeil returns a HexKeilBoard for s.
func hexKeil(t testing.TB, s game.State) *HexKeilBoard {
	t.Helper()
	r := s.Rules()
	b := NewHexKeil(s.Graph(), r.Links == rules.Keil2019, r.Button, r.Komi)
	if b == nil {
		t.Fatal("no HexKeilBoard")
	}
	return b
}

// TestKeilKillers checks the tactical policy's reading of Keil against the
// rules engine on random positions: for the player to move, every legal
// placement captures exactly the chains whose killers name it
// (keilMaxCapturable included), Captures counts the stones it takes, the
// board's chains have the engine's liberties, and selfAtari holds exactly
// when the placement leaves a group of two or more stones with one
// liberty, capturing nothing.
func TestKeilKillers(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	checked, kills, selfAtaris := 0, 0, 0
	for _, c := range []struct{ rules, spec string }{{"keil", "hex:3"}, {"keil", "hex:4"}, {"keil", "hex:5"}, {"keil-2019", "hex:4"}} {
		for game_ := 0; game_ < 40; game_++ {
			s := start(t, c.rules, c.spec)
			pos := s.(*liberty.Position)
			g := s.Graph()
			n := g.N()
			for mv := 0; mv < 4*n && !s.Over(); mv++ {
				moves := s.LegalMoves(nil)
				if err := s.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
				if mv%3 != 0 || s.Over() {
					continue
				}
				b := hexKeil(t, s)
				b.Load(s)
				me := s.ToMove()
				// The engine's captures of every legal placement.
				takes := map[int][]int{} // point -> stones it captures
				for p := 0; p < n; p++ {
					if s.At(p) != board.Empty || s.Legal(game.At(p)) != nil {
						continue
					}
					if err := s.Play(game.At(p)); err != nil {
						t.Fatal(err)
					}
					var gone []int
					for q := 0; q < n; q++ {
						if q != p && s.At(q) == board.Empty && b.At(q) == 3-me {
							gone = append(gone, q)
						}
					}
					takes[p] = gone
					stones, libs := pos.Group(p)
					want := len(stones) >= 2 && len(libs) == 1 && len(gone) == 0
					s.Undo()
					if got := b.Captures(p); got != len(gone) {
						t.Fatalf("%s %s: %s captures %d, engine %d\n%s", c.rules, c.spec, g.Name(p), got, len(gone), game.Text(s))
					}
					if c.rules == "keil" {
						if got := b.selfAtari(b.toInt[p], me); got != want {
							t.Fatalf("%s %s: %s self-atari %v, want %v\n%s", c.rules, c.spec, g.Name(p), got, want, game.Text(s))
						}
						if want {
							selfAtaris++
						}
					}
				}
				// Every enemy chain: killers against the engine.
				seen := map[int32]bool{}
				for q := 0; q < n; q++ {
					if s.At(q) != 3-me {
						continue
					}
					r := b.chain[b.toInt[q]&cellMask]
					if seen[r] {
						continue
					}
					seen[r] = true
					var got, want []string
					for _, x := range b.killers(r) {
						if _, legal := takes[int(b.toExt[x&cellMask])]; legal {
							got = append(got, g.Name(int(b.toExt[x&cellMask])))
						}
					}
					for p, gone := range takes {
						if slices.Contains(gone, q) {
							want = append(want, g.Name(p))
						}
					}
					slices.Sort(got)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Fatalf("%s %s: chain at %s: killers %v, engine captures it at %v\n%s", c.rules, c.spec, g.Name(q), got, want, game.Text(s))
					}
					kills += len(want)
					checked++
					if c.rules == "keil" {
						_, libs := pos.Group(q)
						var mine []int
						for _, x := range libertiesOf(b, r) {
							mine = append(mine, int(b.toExt[x&cellMask]))
						}
						slices.Sort(libs)
						slices.Sort(mine)
						if !slices.Equal(libs, mine) {
							t.Fatalf("%s %s: chain at %s: liberties %v, engine %v", c.rules, c.spec, g.Name(q), mine, libs)
						}
					}
				}
			}
		}
	}
	if kills < 100 || selfAtaris < 20 {
		t.Fatalf("the positions were too tame: %d chains, %d capturing moves, %d self-ataris", checked, kills, selfAtaris)
	}
	t.Logf("%d chains, %d capturing moves, %d self-ataris", checked, kills, selfAtaris)
}

// TestKeilHeavyPlayouts: Keil's tactical policy plays legal games (replayed
// on the rules engine without a repetition rule, to the same stones), and
// answers the last placement with a capture or a rescue.
func TestKeilHeavyPlayouts(t *testing.T) {
	for _, spec := range []string{"hex:5", "hex:3"} {
		b := hexKeil(t, start(t, "keil ko=none", spec))
		b.SetHeavy(true)
		replayPlayouts(t, "keil ko=none", spec, b, 200, 9)
	}
	// On random positions every answer either captures, or saves an own
	// chain next to the last stone that the opponent could have captured
	// at once: after it the chain is in a group with three or more
	// liberties (both judged by the rules engine).
	rng := rand.New(rand.NewPCG(5, 6))
	answers := map[string]int{}
	for game_ := 0; game_ < 60; game_++ {
		s := start(t, "keil button=off", "hex:4")
		pos := s.(*liberty.Position)
		g := s.Graph()
		for mv := 0; mv < 3*g.N() && !s.Over(); mv++ {
			moves := s.LegalMoves(nil)
			m := moves[rng.IntN(len(moves))]
			if m.Kind != game.Place && len(moves) > 1 {
				m = moves[0]
			}
			if err := s.Play(m); err != nil {
				t.Fatal(err)
			}
			if m.Kind != game.Place || s.Over() {
				continue
			}
			b := hexKeil(t, s)
			b.SetHeavy(true)
			b.Load(s)
			me, last := s.ToMove(), m.Point
			for seed := uint64(0); seed < 4; seed++ {
				x := b.atariMove(NewRand(seed))
				if x < 0 {
					break
				}
				p := int(b.toExt[x&cellMask])
				if s.Legal(game.At(p)) != nil {
					continue // the own-position rule, which the board leaves to the tree
				}
				why := keilAnswer(t, pos, me, last, p)
				if why == "" {
					t.Fatalf("after %s, %s answers %s: neither a capture nor a rescue\n%s", g.Name(last), me, g.Name(p), game.Text(s))
				}
				answers[why]++
			}
		}
	}
	if answers["capture"] < 50 || answers["rescue"] < 10 {
		t.Fatalf("too few answers to judge: %v", answers)
	}
	t.Logf("answers: %v", answers)

	check := func(want []string, moves string) {
		t.Helper()
		s := start(t, "keil", "hex:3")
		if err := game.PlayAll(s, moves); err != nil {
			t.Fatal(err)
		}
		b := hexKeil(t, s)
		b.SetHeavy(true)
		b.Load(s)
		var got []string
		for i := 0; i < 50; i++ {
			if x := b.atariMove(NewRand(uint64(i))); x >= 0 {
				got = append(got, s.Graph().Name(int(b.toExt[x&cellMask])))
			}
		}
		slices.Sort(got)
		got = slices.Compact(got)
		if !slices.Equal(got, want) {
			t.Errorf("after %v: answers %v, want %v", moves, got, want)
		}
	}
	// White's corner stone a1 dies to one stone on its inner neighbour
	// b2, which witnesses both of its edge pairs.
	check([]string{"b2"}, "c3 a1")
	// Nothing to take or save: the centre stone has six liberties.
	check(nil, "a1 c3")
	// Black a1 with White on b2 dies (a corner stone next to an enemy on
	// its inner neighbour has no liberty); Black's c1, an edge stone,
	// next to White's b1 and c2 ... see the engine: after White b1, the
	// edge stone c1's liberties ...
}

// keilAnswer says what the placement of me on p does in pos, where the
// opponent's last stone is on last: "capture" if it captures, "rescue" if
// an own chain next to last that the opponent could have captured with
// one placement is, after it, in a group with three or more liberties,
// and "" otherwise. pos is left as it was.
func keilAnswer(t *testing.T, pos *liberty.Position, me board.Color, last, p int) string {
	t.Helper()
	g := pos.Graph()
	// The own chains next to last that one enemy placement would capture.
	var threatened []int
	for _, q := range g.Neighbors(last) {
		if pos.At(int(q)) != me {
			continue
		}
		if err := pos.Play(game.PassMove); err != nil {
			t.Fatal(err)
		}
		for y := 0; y < g.N(); y++ {
			if pos.At(y) != board.Empty || pos.Play(game.At(y)) != nil {
				continue
			}
			gone := pos.At(int(q)) == board.Empty
			pos.Undo()
			if gone {
				threatened = append(threatened, int(q))
				break
			}
		}
		pos.Undo()
	}
	before := make([]board.Color, g.N())
	for q := range before {
		before[q] = pos.At(q)
	}
	if err := pos.Play(game.At(p)); err != nil {
		t.Fatal(err)
	}
	defer pos.Undo()
	for q := range before {
		if before[q] == 3-me && pos.At(q) == board.Empty {
			return "capture"
		}
	}
	stones, libs := pos.Group(p)
	for _, q := range threatened {
		if slices.Contains(stones, q) && len(libs) >= 3 {
			return "rescue"
		}
	}
	return ""
}

// libertiesOf returns the distinct liberties of chain r of b.
func libertiesOf(b *HexKeilBoard, r int32) []int32 {
	c := b.color[r&cellMask]
	seen := map[int32]bool{}
	var libs []int32
	for s := r; ; {
		for k, o := range b.off {
			q := s + o
			if b.color[q&cellMask] == board.Empty && !seen[q] && b.freeLink(s, k, c) {
				seen[q] = true
				libs = append(libs, q)
			}
		}
		if s = b.next[s&cellMask]; s == r {
			return libs
		}
	}
}
