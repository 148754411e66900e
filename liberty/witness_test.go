package liberty_test

import (
	"testing"

	"pgregory.net/rapid"

	"moku/catalog"
	"moku/game"
)

// TestWitnesses: in random Keil positions, the witnesses of each edge
// (game.Linking) are what links it: under the Keil rule a linked edge has
// at least one witness, each holding what one of its ends holds,
// and an unlinked edge none; under the 2019 rule every edge with a witness
// is linked.
func TestWitnesses(t *testing.T) {
	for _, rs := range []string{"keil", "keil-2019"} {
		t.Run(rs, func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) {
				s, err := catalog.Start(catalog.Config{Rules: rs, Board: "hex:4"})
				if err != nil {
					rt.Fatal(err)
				}
				n := rapid.IntRange(0, 60).Draw(rt, "moves")
				for i := 0; i < n && !s.Over(); i++ {
					moves := s.LegalMoves(nil)
					m := moves[rapid.IntRange(0, len(moves)-1).Draw(rt, "move")]
					if m.Kind == game.Pass {
						continue
					}
					if err := s.Play(m); err != nil {
						rt.Fatal(err)
					}
				}
				l := s.(game.Linking)
				g := s.Graph()
				for a := 0; a < g.N(); a++ {
					for _, b := range g.Neighbors(a) {
						w := l.Witnesses(a, int(b))
						linked := l.Linked(a, int(b))
						if len(w) > 0 && !linked {
							rt.Fatalf("%s-%s: witnesses %v but not linked", g.Name(a), g.Name(int(b)), w)
						}
						if rs == "keil" {
							if linked != (len(w) > 0) {
								rt.Fatalf("%s-%s: linked %v, witnesses %v", g.Name(a), g.Name(int(b)), linked, w)
							}
							for _, q := range w {
								if c := s.At(q); c != s.At(a) && c != s.At(int(b)) {
									rt.Fatalf("%s-%s: witness %s holds %s", g.Name(a), g.Name(int(b)), g.Name(q), c)
								}
							}
						}
					}
				}
			})
		})
	}
}
