package search

import (
	"fmt"
	"math"
	"testing"

	"moku/game"
	"moku/prior"
)

// A game moku has no learned weights for plays as it does without
// Options.Learned: the same analysis, move for move.
func TestLearnedWithoutWeightsPlaysAsToday(t *testing.T) {
	for _, c := range []struct{ rules, board string }{{"kee", "hex:5"}, {"ki", "hex:4"}, {"go", "hex:4"}} {
		s := start(t, c.rules, c.board)
		if HasLearned(s.Rules(), s.Graph()) {
			t.Fatalf("%s on %s has learned weights now: test a game without", c.rules, c.board)
		}
		o := Options{Playouts: 600, Seed: 3}
		a, err := Search(s, o)
		if err != nil {
			t.Fatal(err)
		}
		o.Learned = true
		b, err := Search(s, o)
		if err != nil {
			t.Fatal(err)
		}
		a.Seconds, b.Seconds = 0, 0
		// (the win rates of unvisited moves are NaN, which DeepEqual finds unequal)
		if fmt.Sprintf("%+v", a) != fmt.Sprintf("%+v", b) {
			t.Errorf("%s on %s: the analysis with Learned differs from the one without", c.rules, c.board)
		}
	}
}

// With learned priors the root's moves start from the model's
// probabilities, which the analysis reports as their priors.
func TestLearnedPriors(t *testing.T) {
	// White's e4 captures the black stone on e5.
	s := start(t, "go", "9x9", "e5", "d5", "a1", "f5", "a2", "e6", "a3")
	m := prior.For(s.Rules(), s.Graph())
	if m == nil || !HasLearned(s.Rules(), s.Graph()) {
		t.Fatal("no learned weights for 9x9 Go")
	}
	x := prior.NewExtractor(s.Rules(), s.Graph())
	if m.Uses(prior.Owner) {
		// The search reads its nodes with its root's owners, from its
		// seed (0 here).
		x.SetOwners(Owners(s, 0))
	}
	moves, probs := m.Predict(x, s)
	want := map[game.Move]float64{}
	best := 0
	for i, mv := range moves {
		want[mv] = probs[i]
		if probs[i] > probs[best] {
			best = i
		}
	}
	if moves[best].Format(s.Graph()) != "e4" {
		t.Errorf("the model's favourite is %s, not the capture e4", moves[best].Format(s.Graph()))
	}
	a, err := Search(s, Options{Playouts: 300, Learned: true})
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, c := range a.Candidates {
		sum += c.Prior
		if math.Abs(c.Prior-want[c.Move]) > 1e-6 {
			t.Errorf("%s: prior %.6f, the model says %.6f", c.Move.Format(s.Graph()), c.Prior, want[c.Move])
		}
	}
	if len(a.Candidates) != len(moves) || math.Abs(sum-1) > 1e-5 {
		t.Errorf("%d candidates of %d moves, priors adding up to %g", len(a.Candidates), len(moves), sum)
	}
	if a.Best.Format(s.Graph()) != "e4" {
		t.Errorf("the search plays %s, not the capture e4", a.Best.Format(s.Graph()))
	}
	// Two threads, each with its own extractor, on one tree, give every
	// child the model's prior (which move wins the search then depends on
	// the threads' interleaving: CI saw c3 once).
	a, err = Search(s, Options{Playouts: 400, Threads: 2, Learned: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range a.Candidates {
		if math.Abs(c.Prior-want[c.Move]) > 1e-6 {
			t.Errorf("on two threads, %s: prior %.6f, the model says %.6f", c.Move.Format(s.Graph()), c.Prior, want[c.Move])
		}
	}
	if len(a.Candidates) != len(moves) {
		t.Errorf("on two threads: %d candidates of %d moves", len(a.Candidates), len(moves))
	}
	if New(Options{Learned: true}).Name() != "mcts 5000 playouts, learned priors, 1 threads" {
		t.Errorf("name %q", New(Options{Learned: true}).Name())
	}
}

// With LearnedSqrt each root move starts with LearnedGames times the
// square root of its probability in won games, beside PriorEven even
// games; without it, in proportion to its probability over the
// favourite's.
func TestLearnedSqrt(t *testing.T) {
	s := start(t, "go", "9x9", "e5", "d5")
	for _, sqrt := range []bool{false, true} {
		o := Options{Playouts: 50, Learned: true, LearnedSqrt: sqrt, LearnedGames: 42, PriorEven: 3}
		_, tr, _, err := search(s, o, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		kids := tr.root.kids()
		best := 0.0
		for _, k := range kids {
			best = max(best, float64(k.policy))
		}
		for _, k := range kids {
			if k.move.Kind != game.Place {
				continue
			}
			p := float64(k.policy)
			want := 42 * p / best
			if sqrt {
				want = 42 * math.Sqrt(p)
			}
			won := float64(k.priorWon)/unit - 1.5
			if math.Abs(won-want) > 0.01*want+0.001 {
				t.Errorf("sqrt %v: %s with probability %.4f starts with %.3f won games, want %.3f",
					sqrt, k.move.Format(s.Graph()), p, won, want)
			}
		}
	}
}

// With LearnedFloor the moves less probable than it start from the even
// games alone, and the others from their share as before.
func TestLearnedFloor(t *testing.T) {
	s := start(t, "go", "9x9", "e5", "d5")
	o := Options{Playouts: 50, Learned: true, LearnedSqrt: true, LearnedGames: 42, PriorEven: 4, LearnedFloor: 0.001}
	_, tr, _, err := search(s, o, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	below, above := 0, 0
	for _, k := range tr.root.kids() {
		if k.move.Kind != game.Place {
			continue
		}
		p := float64(k.policy)
		want := 42 * math.Sqrt(p)
		if p < 0.001 {
			want = 0
			below++
		} else {
			above++
		}
		if won := float64(k.priorWon)/unit - 2; math.Abs(won-want) > 0.01*want+0.001 {
			t.Errorf("%s with probability %.5f starts with %.3f won games, want %.3f", k.move.Format(s.Graph()), p, won, want)
		}
	}
	if below == 0 || above == 0 {
		t.Errorf("%d moves below the floor and %d above: the position tests only one side", below, above)
	}
}
