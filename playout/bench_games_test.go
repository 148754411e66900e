package playout

import (
	"testing"

	"moku/catalog"
)

// TestBenches: every game moku bench measures starts, and those marked
// heavy have the tactical policy (else bench would measure the light one
// twice under two names).
func TestBenches(t *testing.T) {
	seen := map[string]bool{}
	for _, b := range Benches {
		if seen[b.Key] {
			t.Errorf("%s twice", b.Key)
		}
		seen[b.Key] = true
		s, err := catalog.Start(b.Game)
		if err != nil {
			t.Fatalf("%s: %v", b.Key, err)
		}
		pb, err := New(s.Rules(), s.Graph())
		if err != nil {
			t.Fatalf("%s: %v", b.Key, err)
		}
		tac, ok := pb.(Tactical)
		if ok {
			tac.SetHeavy(true)
		}
		if b.Heavy && !(ok && tac.Heavy()) {
			t.Errorf("%s: no tactical policy", b.Key)
		}
	}
}
