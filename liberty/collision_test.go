package liberty

import (
	"testing"

	"moku/game"
)

// TestKeyCollision: repetition keys are only a filter. A history ply whose
// key is made to equal the key of a new, different board (as a 64-bit hash
// collision would) does not forbid the move, under every repetition rule
// that compares keys. (That real repetitions are still refused is tested
// with the rules: gorules_test.go, keil_test.go, kee_test.go.)
func TestKeyCollision(t *testing.T) {
	for _, c := range []struct{ rules, spec string }{
		{"go", "5x5"}, {"go-situational", "5x5"}, {"keil", "hex:3"}, {"kee", "5x5"},
	} {
		p := newPosition(t, c.rules, c.spec)
		g := p.Graph()
		play := func(name string) error {
			m, err := game.ParseMove(g, name)
			if err != nil {
				t.Fatal(err)
			}
			return p.Play(m)
		}
		for _, m := range []string{"a1", "e5", "a2", "e4"} {
			if err := play(m); err != nil {
				t.Fatalf("%s: %s: %v", c.rules, m, err)
			}
		}
		// The key (and hash) the next placement would make.
		if err := play("c3"); err != nil {
			t.Fatalf("%s: c3: %v", c.rules, err)
		}
		last := p.hist[len(p.hist)-1]
		key, hash := last.key, p.hash
		p.Undo()
		// Forge the collision in the first ply (its board is a1 alone).
		saved0, saved1 := p.hist[0], p.hist[1]
		p.hist[0].key = key
		p.hist[1].hashBefore = hash // Kee compares the boards before plays
		if err := play("c3"); err != nil {
			t.Errorf("%s: c3 refused by a forged key collision: %v", c.rules, err)
		} else {
			p.Undo()
		}
		p.hist[0], p.hist[1] = saved0, saved1
	}
}
