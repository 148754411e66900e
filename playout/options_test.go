package playout

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestSetTactics: SetTactics sets every step and rate as the setters one
// by one do, so that both boards play the same playouts for a seed, and
// the zero Tactics is the default policy.
func TestSetTactics(t *testing.T) {
	s, _ := squareAfter(t, "d4", "e5", "c5", "d5", "e4")
	rapid.Check(t, func(rt *rapid.T) {
		tc := Tactics{
			Nakade: rapid.Bool().Draw(rt, "nakade"), KoFights: rapid.Bool().Draw(rt, "ko"),
			Ladders: rapid.Bool().Draw(rt, "ladders"), RunTwo: rapid.Bool().Draw(rt, "runTwo"),
			LadderRuns: rapid.Bool().Draw(rt, "ladderRuns"), LoneSelfAtari: rapid.Bool().Draw(rt, "lone"),
			Pattern2: rapid.Bool().Draw(rt, "pattern2"), TwoLibs: rapid.Bool().Draw(rt, "twoLibs"),
			KillingFills: rapid.Bool().Draw(rt, "killingFills"), SelfAtariOther: rapid.Bool().Draw(rt, "selfAtariOther"),
			StepRate: rapid.IntRange(0, 100).Draw(rt, "step"), SelfAtariRate: rapid.IntRange(0, 100).Draw(rt, "selfAtari"),
		}
		seed := rapid.Uint64().Draw(rt, "seed")
		a := NewSquare(s.Graph(), false, 0)
		a.SetHeavy(true)
		a.SetTactics(tc)
		b := NewSquare(s.Graph(), false, 0)
		b.SetHeavy(true)
		b.SetNakade(tc.Nakade)
		b.SetKoFights(tc.KoFights)
		b.SetLadders(tc.Ladders)
		b.SetRunTwo(tc.RunTwo)
		b.SetLadderRuns(tc.LadderRuns)
		b.SetLoneSelfAtari(tc.LoneSelfAtari)
		b.SetPattern2(tc.Pattern2)
		b.SetTwoLibs(tc.TwoLibs)
		b.SetKillingFills(tc.KillingFills)
		b.SetSelfAtariOther(tc.SelfAtariOther)
		b.SetRates(tc.StepRate, tc.SelfAtariRate)
		b.SetPatternRate(tc.PatternRate)
		for _, x := range []*SquareBoard{a, b} {
			x.Load(s)
			x.Playout(NewRand(seed))
		}
		if !slices.Equal(a.Steps(), b.Steps()) {
			rt.Fatalf("%+v: SetTactics played %v, the setters %v", tc, a.Steps(), b.Steps())
		}
		if (len(tc.Names()) == 0) != (tc == Tactics{StepRate: tc.StepRate, SelfAtariRate: tc.SelfAtariRate, PatternRate: tc.PatternRate}) {
			rt.Fatalf("%+v: names %q", tc, tc.Names())
		}
	})
	plain := NewSquare(s.Graph(), false, 0)
	plain.SetHeavy(true)
	zero := NewSquare(s.Graph(), false, 0)
	zero.SetHeavy(true)
	zero.SetLadders(true)
	zero.SetTactics(Tactics{}) // turns the ladders off again
	for _, x := range []*SquareBoard{plain, zero} {
		x.Load(s)
		x.Playout(NewRand(5))
	}
	if !slices.Equal(plain.Steps(), zero.Steps()) {
		t.Errorf("the zero Tactics plays %v, the default policy %v", zero.Steps(), plain.Steps())
	}
}
