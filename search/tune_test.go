package search

import (
	"fmt"
	"testing"
)

// Tune replaces the options with the measured ones on 9x9 Go, two-player
// Kee 9x9, Ki 11x11 and two-player Keil side 7 only, and only when asked; tuning twice changes
// nothing.
func TestTune(t *testing.T) {
	tuned := Options{Playouts: 700, Seed: 2, Learned: true, LearnedSqrt: true, KeepTree: true, LearnedGames: 210, PriorEven: 14}
	keeThree := tuned
	keeThree.KeepTree = false
	goTuned := tuned
	goTuned.DistanceRave, goTuned.FalseEyes = 3, true
	for _, c := range []struct {
		rules, board string
		tuned        *Options // nil: no tuning
	}{
		{"go", "9x9", &goTuned},
		{"go", "9", &goTuned},
		{"go-situational", "9x9", &goTuned},
		{"tromp-taylor", "9x9", &goTuned},
		{"go", "7x7", nil},
		{"go", "13x13", nil},
		{"go", "9x7", nil},
		{"go", "torus:9x9", nil},
		{"kee", "9x9", &tuned},
		{"kee", "7x7", nil},
		{"kee players=3", "9x9", nil},
		{"kee players=3", "7x7", &keeThree},
		{"kee players=4", "7x7", nil},
		{"ki", "11x11", &tuned},
		{"ki", "9x9", nil},
		{"ki", "torus:11x11", nil},
		{"keil", "hex:7", &tuned},
		{"keil", "hex:5", nil},
		{"kee", "hex:7", nil},
	} {
		s := start(t, c.rules, c.board)
		for _, on := range []bool{false, true} {
			for _, forget := range []bool{false, true} {
				o := Options{Playouts: 700, Seed: 2, Tuned: on, ForgetTree: forget, PriorEven: 3}
				got := o.Tune(s.Rules(), s.Graph())
				want := o
				want.Tuned = false
				if on && c.tuned != nil {
					want = *c.tuned
					// ForgetTree leaves the tree unkept, and unset the
					// settings measured with the kept tree only (9x9 Go's
					// distance RAVE and false eyes; zero elsewhere).
					want.ForgetTree, want.KeepTree = forget, want.KeepTree && !forget
					if forget {
						want.DistanceRave, want.FalseEyes = 0, false
					}
				}
				if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
					t.Errorf("%s on %s, Tuned %v, ForgetTree %v: %+v, want %+v", c.rules, c.board, on, forget, got, want)
				}
				if again := got.Tune(s.Rules(), s.Graph()); fmt.Sprintf("%+v", again) != fmt.Sprintf("%+v", got) {
					t.Errorf("%s on %s, Tuned %v, ForgetTree %v: tuning again gives %+v", c.rules, c.board, on, forget, again)
				}
			}
		}
	}
}

// A tuned player plays as a player given the measured options by hand:
// on 9x9 Go the learned priors and the kept tree (its second search
// starts with more visits than its playouts), or with ForgetTree the
// priors alone; elsewhere its own options.
func TestTunedPlayer(t *testing.T) {
	const playouts = 600
	for _, c := range []struct {
		board  string
		forget bool
		by     Options
	}{
		{"9x9", false, Options{Playouts: playouts, Seed: 4, Learned: true, LearnedSqrt: true, KeepTree: true, LearnedGames: 210, PriorEven: 14, DistanceRave: 3, FalseEyes: true}},
		{"9x9", true, Options{Playouts: playouts, Seed: 4, Learned: true, LearnedSqrt: true, LearnedGames: 210, PriorEven: 14}},
		{"7x7", false, Options{Playouts: playouts, Seed: 4}},
	} {
		s := start(t, "go", c.board)
		p, q := New(Options{Playouts: playouts, Seed: 4, Tuned: true, ForgetTree: c.forget}), New(c.by)
		for i := 0; i < 2; i++ {
			m, err := p.Genmove(s)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := q.Genmove(s); err != nil {
				t.Fatal(err)
			}
			a, b := p.Last(), q.Last()
			a.Seconds, b.Seconds = 0, 0
			if fmt.Sprintf("%+v", a) != fmt.Sprintf("%+v", b) {
				t.Errorf("%s, move %d: the tuned player's analysis differs from the one with %+v", c.board, i+1, c.by)
			}
			if err := s.Play(m); err != nil {
				t.Fatal(err)
			}
			reply := a.Candidates[0].PV
			if len(reply) < 2 {
				t.Fatalf("%s: principal variation %v has no answer", c.board, reply)
			}
			if err := s.Play(reply[1]); err != nil {
				t.Fatal(err)
			}
		}
		if kept := visitsOf(p.Last()) > playouts; kept != c.by.KeepTree {
			t.Errorf("%s: tree kept %v, want %v", c.board, kept, c.by.KeepTree)
		}
		if !p.Opt.Tuned {
			t.Errorf("%s: the player's own options lost Tuned", c.board)
		}
	}
}
