package search

import (
	"testing"

	"moku/board"
	"moku/prior"
)

// The playout gammas of a neighbourhood are the learned model's gammas
// of the pattern its extractor reads at the point, for either player to
// move, on the edge and in the middle.
func TestPlayoutGammas(t *testing.T) {
	s := start(t, "go", "9x9", "e5", "d5", "a1", "f5", "a2", "e6", "j9", "d4", "b1")
	m := prior.For(s.Rules(), s.Graph())
	if m == nil {
		t.Fatal("no learned weights for 9x9 Go")
	}
	g := playoutGammas(m)
	x := prior.NewExtractor(s.Rules(), s.Graph())
	gr := s.Graph()
	w, h := gr.Size()
	checked := 0
	for p := 0; p < gr.N(); p++ {
		if s.At(p) != board.Empty {
			continue
		}
		px, py := p%w, p/w
		// code3x3's cells: NW N NE W E SW S SE, rows of the padded board
		// in the graph's order of points.
		code := 0
		i := 0
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if dx == 0 && dy == 0 {
					continue
				}
				cell := 3
				if qx, qy := px+dx, py+dy; qx >= 0 && qy >= 0 && qx < w && qy < h {
					cell = int(s.At(qy*w + qx))
				}
				code |= cell << (2 * i)
				i++
			}
		}
		for _, c := range []board.Color{board.Black, board.White} {
			want := 1.0
			if y, ok := m.Gamma[prior.Feature{Group: prior.Pattern, Value: x.PatternAt(s, p, c)}]; ok {
				want = y
			}
			if got := g.Pattern[c-1][code]; got != float32(want) {
				t.Errorf("%s for %v: playout gamma %g, the model's %g", gr.Name(p), c, got, want)
			}
			checked++
		}
	}
	if checked < 100 {
		t.Fatalf("checked %d", checked)
	}
	if g.Near[1] <= 1 || g.Edge[4] <= g.Edge[0] {
		t.Errorf("near %v, edge %v: the model favours neither moves near the last nor the middle", g.Near, g.Edge)
	}
}
