package playout

import (
	"math"
	"sync"
	"testing"

	"moku/board"
	"moku/game"
)

// moggyRef is the moggy shape that empty point p of s matches for player
// c, read straight off the rules engine's position from
// moggyShapeSources, and its gamma: the last shape in order that holds in
// one of the 8 symmetries with either colouring (X the player to move for
// an own shape), a 'Y' or 'Q' next to p asking for a chain of two
// liberties or more. -1 and 0 for none.
func moggyRef(s game.State, p int, c board.Color) (int, uint32) {
	g := s.Graph()
	at := gridOf(g)
	px, py := g.Coord(p)
	for si := len(moggyShapeSources) - 1; si >= 0; si-- {
		src := moggyShapeSources[si]
		for sym := 0; sym < 8; sym++ {
			for _, x := range []board.Color{board.Black, board.White} {
				if src.own && x != c {
					continue
				}
				o := board.Black + board.White - x
				ok := true
				for r := 0; r < 3 && ok; r++ {
					for col := 0; col < 3 && ok; col++ {
						if r == 1 && col == 1 {
							continue
						}
						// The 8 symmetries as a mirror image or not, then
						// 0 to 3 quarter turns.
						dr, dc := r-1, col-1
						if sym >= 4 {
							dc = -dc
						}
						for range sym % 4 {
							dr, dc = dc, -dr
						}
						q, on := at[[2]int{int(px) + dc, int(py) + dr}]
						cell := board.Empty
						if on {
							cell = s.At(q)
						}
						switch ch := src.rows[r][col]; ch {
						case '#':
							ok = !on
						case '.':
							ok = on && cell == board.Empty
						case 'X', 'O', 'Y', 'Q':
							want := x
							if ch == 'O' || ch == 'Q' {
								want = o
							}
							ok = on && cell == want
							if ok && (ch == 'Y' || ch == 'Q') && dr*dr+dc*dc == 1 {
								_, libs := s.(game.Grouped).Group(q)
								ok = len(libs) >= 2
							}
						case 'x':
							ok = !on || cell != x
						case 'o':
							ok = !on || cell != o
						}
					}
				}
				if ok {
					return si, src.gamma
				}
			}
		}
	}
	return -1, 0
}

// gridOf maps the cells of rectangle g, by column and row, to its points.
func gridOf(g *board.Graph) map[[2]int]int {
	gridMu.Lock()
	defer gridMu.Unlock()
	if at, ok := grids[g]; ok {
		return at
	}
	at := map[[2]int]int{}
	for q := 0; q < g.N(); q++ {
		x, y := g.Coord(q)
		at[[2]int{int(x), int(y)}] = q
	}
	grids[g] = at
	return at
}

var (
	gridMu sync.Mutex
	grids  = map[*board.Graph]map[[2]int]int{}
)

// moggyPositions calls visit with the positions of tactical playouts
// from the empty board of spec from the tenth placement on
// (playoutPositions), loaded on a board with moggy's shapes.
func moggyPositions(t *testing.T, spec string, seeds uint64, visit func(s game.State, b *SquareBoard, at string)) {
	t.Helper()
	b := NewSquare(start(t, "go ko=none", spec).Graph(), false, 0)
	b.SetHeavy(true)
	b.SetMoggyShapes(true)
	playoutPositions(t, spec, seeds, 10, func(s game.State, at string) {
		b.Load(s)
		visit(s, b, at)
	})
}

// TestMoggyGamma: the table of moggy's shapes gives every empty point, for
// either player, the gamma of the shape read off the position itself
// (moggyRef), and each of the shapes turns up in the playouts' positions.
func TestMoggyGamma(t *testing.T) {
	seen := make([]int, len(moggyShapeSources))
	for _, spec := range []string{"9x9", "7x7"} {
		moggyPositions(t, spec, 20, func(s game.State, b *SquareBoard, at string) {
			g := s.Graph()
			for p := 0; p < g.N(); p++ {
				if s.At(p) != board.Empty {
					continue
				}
				for _, c := range []board.Color{board.Black, board.White} {
					si, want := moggyRef(s, p, c)
					if got := b.moggyGamma(b.toInt[p], c); got != want {
						t.Fatalf("%s: %s at %s: gamma %d, want %d (shape %d)\n%s", at, c, g.Name(p), got, want, si, game.Text(s))
					}
					if si >= 0 {
						seen[si]++
					}
				}
			}
		})
	}
	for si, n := range seen {
		if n == 0 {
			t.Errorf("shape %d %v never matched: the test needs more positions", si, moggyShapeSources[si].rows)
		}
	}
	t.Logf("matches by shape: %v", seen)
}

// TestMoggyShapeMove: the shape step with moggy's shapes plays a point
// next to the last placement, or next to the one before and not to the
// last, that matches a shape for the player to move and is a legal
// placement (playable), no self-atari of two stones or more; it plays
// none exactly when there is no such point, or the last move was a pass.
func TestMoggyShapeMove(t *testing.T) {
	moves := 0
	moggyPositions(t, "9x9", 40, func(s game.State, b *SquareBoard, at string) {
		g := s.Graph()
		c := s.ToMove()
		want := map[int]bool{}
		last, last2 := b.last, b.last2
		for p := 0; p < g.N(); p++ {
			x := b.toInt[p]
			if s.At(p) != board.Empty || !(next8(x, last, b.stride) || last2 >= 0 && next8(x, last2, b.stride)) {
				continue
			}
			if _, gm := moggyRef(s, p, c); gm > 0 && last >= 0 && b.playable(x, c) && !b.selfAtari(x, c) {
				want[p] = true
			}
		}
		x := b.moggyShapeMove(NewRand(uint64(len(want))))
		switch {
		case x < 0 && len(want) > 0:
			t.Fatalf("%s: no shape move, want one of %d\n%s", at, len(want), game.Text(s))
		case x >= 0 && !want[int(b.toExt[x])]:
			t.Fatalf("%s: shape move %s, not among %d\n%s", at, g.Name(int(b.toExt[x])), len(want), game.Text(s))
		case x >= 0:
			moves++
		}
	})
	if moves < 100 {
		t.Errorf("%d shape moves: the test needs more positions", moves)
	}
}

// next8 reports whether padded indices p and q are 8-neighbours.
func next8(p, q, stride int32) bool {
	d := p - q
	return d != 0 && (d == 1 || d == -1 || (d >= stride-1 && d <= stride+1) || (d <= -stride+1 && d >= -stride-1))
}

// TestMoggyShapeDraw: the shape step plays each point that matches a
// shape as often as its shape's gamma says. After Black c4, White d4 and
// Black d5 on 7x7, White to move, five points match: the cut c5 (28)
// and the hanes c3, d3, e4 and e5 (53), of which c3 and d3 are next to
// White's own d4 only.
func TestMoggyShapeDraw(t *testing.T) {
	s, b := squareAfter(t, "c4", "d4", "d5")
	b.SetMoggyShapes(true)
	c := s.ToMove()
	gammas := map[int32]uint32{}
	var total uint32
	for _, p := range []int32{-b.stride - 1, -b.stride, -b.stride + 1, -1, 1, b.stride - 1, b.stride, b.stride + 1} {
		x := b.last + p
		if b.color[x&cellMask] == board.Empty && b.playable(x, c) && !b.selfAtari(x, c) {
			if g := b.moggyGamma(x, c); g > 0 {
				gammas[x] = g
				total += g
			}
		}
		if x := b.last2 + p; b.color[x&cellMask] == board.Empty && !next8(x, b.last, b.stride) && b.playable(x, c) && !b.selfAtari(x, c) {
			if g := b.moggyGamma(x, c); g > 0 {
				gammas[x] = g
				total += g
			}
		}
	}
	if len(gammas) != 5 {
		t.Fatalf("%d points match, want 5: %v", len(gammas), gammas)
	}
	const n = 20000
	count := map[int32]int{}
	r := NewRand(3)
	for range n {
		count[b.moggyShapeMove(r)]++
	}
	for x, g := range gammas {
		p := float64(g) / float64(total)
		sd := math.Sqrt(n * p * (1 - p))
		if got := float64(count[x]); math.Abs(got-n*p) > 5*sd {
			t.Errorf("%s (gamma %d): %v of %d, want %.0f ± %.0f", s.Graph().Name(int(b.toExt[x])), g, got, n, n*p, 5*sd)
		}
	}
	for x := range count {
		if _, ok := gammas[x]; !ok {
			t.Errorf("played %d, which matches nothing", x)
		}
	}
}
