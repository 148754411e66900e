package prior

import (
	"bytes"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// synthetic returns positions of random moves: each move a random pattern
// (of patterns values), a random Last distance and, with probability
// rare, Capture 1; when marked is set, the played move always has
// Capture 1 as well, otherwise the played move is drawn at random.
func synthetic(r *rand.Rand, positions, patterns int, rare float64, marked bool) []Position {
	var out []Position
	for j := 0; j < positions; j++ {
		n := 2 + r.IntN(30)
		p := Position{Played: r.IntN(n), Game: j}
		for i := 0; i < n; i++ {
			var f Features
			f[Pattern] = patternValue(uint32(r.IntN(patterns)), 8)
			f[Last] = uint32(1 + r.IntN(5))
			if r.Float64() < rare || marked && i == p.Played {
				f[Capture] = 1
			}
			p.Moves = append(p.Moves, f)
		}
		out = append(out, p)
	}
	return out
}

// A feature every played move has (and few others) gets by far the
// largest gamma, and the model then predicts the played moves.
func TestMarkedFeatureLearnedFirst(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	data := synthetic(r, 400, 30, 0.05, true)
	tr := NewTrainer(data, 1, nil)
	for i := 0; i < 30; i++ {
		tr.Step()
	}
	m := tr.Model()
	capture := m.Gamma[Feature{Capture, 1}]
	for f, y := range m.Gamma {
		if f != (Feature{Capture, 1}) && y*5 > capture {
			t.Errorf("gamma of %s is %g, near capture's %g", f, y, capture)
		}
	}
	if ev := m.Evaluate(data); ev.Top1 < 0.7 {
		t.Errorf("top-1 %.2f: the marked moves are not predicted", ev.Top1)
	}
}

// Every MM iteration leaves the objective (the log-likelihood, plus the
// prior's when there is one) at least where it was.
func TestMMNeverDecreases(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		seed := rapid.Uint64().Draw(rt, "seed")
		prior := rapid.SampledFrom([]float64{0, 0.3, 1, 4}).Draw(rt, "prior")
		r := rand.New(rand.NewPCG(seed, 7))
		data := synthetic(r, rapid.IntRange(1, 60).Draw(rt, "positions"), rapid.IntRange(1, 12).Draw(rt, "patterns"),
			rapid.Float64Range(0, 1).Draw(rt, "rare"), rapid.Bool().Draw(rt, "marked"))
		if rapid.Bool().Draw(rt, "targets") {
			for j := range data {
				data[j].Target = randomShares(r, len(data[j].Moves))
			}
		}
		tr := NewTrainer(data, prior, nil)
		before := tr.Objective()
		for i := 0; i < 8; i++ {
			tr.Step()
			after := tr.Objective()
			if math.IsNaN(after) || after < before-1e-9*math.Abs(before) {
				rt.Fatalf("iteration %d: objective went from %.12g to %.12g (prior %g)", i+1, before, after, prior)
			}
			before = after
		}
	})
}

// randomShares returns n shares adding up to 1, some of them 0.
func randomShares(r *rand.Rand, n int) []float64 {
	t := make([]float64, n)
	sum := 0.0
	for i := range t {
		if r.IntN(3) > 0 {
			t[i] = r.Float64()
			sum += t[i]
		}
	}
	if sum == 0 {
		t[r.IntN(n)], sum = 1, 1
	}
	for i := range t {
		t[i] /= sum
	}
	return t
}

// Targets: a target of the played move alone trains exactly as the
// played move does, and with shares each move's gamma comes to fit its
// share: in positions of two moves, one of each pattern, where the first
// pattern's move gets three quarters, its gamma ends three times the
// other's (the maximum of the likelihood, with no prior).
func TestTargets(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	hard := synthetic(r, 200, 10, 0.1, false)
	oneHot := make([]Position, len(hard))
	for j, p := range hard {
		oneHot[j] = p
		oneHot[j].Target = make([]float64, len(p.Moves))
		oneHot[j].Target[p.Played] = 1
	}
	a, b := NewTrainer(hard, 1, nil), NewTrainer(oneHot, 1, nil)
	for i := 0; i < 5; i++ {
		a.Step()
		b.Step()
	}
	if !reflect.DeepEqual(a.Model().Gamma, b.Model().Gamma) || a.Objective() != b.Objective() {
		t.Errorf("one-hot targets train differently from the played moves: objective %g against %g", b.Objective(), a.Objective())
	}

	var soft []Position
	for j := 0; j < 50; j++ {
		var x, y Features
		x[Pattern], y[Pattern] = patternValue(1, 8), patternValue(2, 8)
		moves, target := []Features{x, y}, []float64{0.75, 0.25}
		if j%2 == 1 {
			moves, target = []Features{y, x}, []float64{0.25, 0.75}
		}
		soft = append(soft, Position{Moves: moves, Played: j % 2, Game: j, Target: target})
	}
	tr := NewTrainer(soft, 0, nil)
	for i := 0; i < 50; i++ {
		tr.Step()
	}
	m := tr.Model()
	if got := m.Gamma[Feature{Pattern, patternValue(1, 8)}] / m.Gamma[Feature{Pattern, patternValue(2, 8)}]; math.Abs(got-3) > 1e-6 {
		t.Errorf("the gammas' ratio is %g, want 3", got)
	}
	if got, want := tr.LogLikelihood(), 50*(0.75*math.Log(0.75)+0.25*math.Log(0.25)); math.Abs(got-want) > 1e-6 {
		t.Errorf("log-likelihood %g, want the targets' own %g", got, want)
	}
}

// Weights go through their file format and come back the same, every bit.
func TestWeightsRoundTrip(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		m := &Model{Game: rapid.SampledFrom([]string{"go", "keil", "kee", "ki"}).Draw(rt, "game"),
			Geometry:  rapid.SampledFrom([]string{"square", "hex", "graph"}).Draw(rt, "geometry"),
			Players:   rapid.SampledFrom([]int{0, 3, 4}).Draw(rt, "players"),
			Iteration: rapid.IntRange(0, 1000).Draw(rt, "iteration"),
			Data:      rapid.StringMatching(`[0-9a-f]{0,24}`).Draw(rt, "data"),
			Notes:     rapid.SliceOf(rapid.StringMatching(`[ -~]{0,40}`)).Draw(rt, "notes"),
			Gamma:     map[Feature]float64{}}
		for i, n := 0, rapid.IntRange(0, 50).Draw(rt, "features"); i < n; i++ {
			g := Group(rapid.IntRange(0, int(NumGroups)-1).Draw(rt, "group"))
			var v uint32
			if g == Pattern {
				k := rapid.IntRange(1, maxRing).Draw(rt, "cells")
				v = patternValue(rapid.Uint32Range(0, 1<<(2*k)-1).Draw(rt, "code"), k)
			} else {
				v = rapid.Uint32Range(1, math.MaxUint32).Draw(rt, "value")
			}
			y := rapid.SampledFrom([]float64{0, 5e-324, 1, 1e300, math.MaxFloat64}).Draw(rt, "special")
			if rapid.Bool().Draw(rt, "ordinary") {
				y = math.Exp(rapid.Float64Range(-700, 700).Draw(rt, "log gamma"))
			}
			m.Gamma[Feature{g, v}] = y
		}
		var b bytes.Buffer
		if _, err := m.WriteTo(&b); err != nil {
			rt.Fatal(err)
		}
		got, err := Read(bytes.NewReader(b.Bytes()))
		if err != nil {
			rt.Fatalf("%v\n%s", err, b.String())
		}
		if len(m.Notes) == 0 {
			m.Notes = nil
		}
		if !reflect.DeepEqual(got, m) {
			rt.Fatalf("read back\n%+v\nwrote\n%+v", got, m)
		}
		var again bytes.Buffer
		got.WriteTo(&again)
		if again.String() != b.String() {
			rt.Fatalf("written again differs:\n%s\n%s", again.String(), b.String())
		}
	})
}

// A file that is not a weights file, or a line that does not read, is an
// error that names the line.
func TestReadErrors(t *testing.T) {
	head := "moku-prior 1\ngame go\ngeometry square\n"
	for _, c := range []struct{ in, want string }{
		{"", "empty"},
		{"moku-prior 2\n", "line 1: not a weights file"},
		{"moku-prior 1\ncapture 1 2\n", "without its game"},
		{head + "capture 1\n", "line 4: want GROUP VALUE GAMMA"},
		{head + "shape 1 2\n", `line 4: unknown feature group "shape"`},
		{head + "capture 0 2\n", "line 4: capture 0: value 0 is no feature"},
		{head + "pattern ..Z. 2\n", `line 4: pattern ..Z.: pattern "..Z."`},
		{head + "pattern ......... 2\n", "want 1 to 8 cells"},
		{head + "capture 1 -1\n", `line 4: gamma "-1"`},
		{head + "capture 1 NaN\n", `line 4: gamma "NaN"`},
		{head + "capture 1 2\ncapture 1 3\n", "line 5: capture 1 appears twice"},
		{head + "iteration x\n", `line 4: iteration "x"`},
		{head + "players 1\n", `line 4: players "1": want 2 to 4`},
		{head + "players 5\n", `line 4: players "5"`},
	} {
		_, err := Read(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Read(%q) = %v, want an error with %q", c.in, err, c.want)
		}
	}
}
