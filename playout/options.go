package playout

// Tactics are the optional steps and rates of the square board's tactical
// policy (SquareBoard.SetTactics, tactics.go), each a switch for
// measuring: the zero value is the policy as it plays by default. A
// Tactics is comparable, so a search can tell whether two sets of options
// play the same playouts.
type Tactics struct {
	Nakade         bool // vital points of eye spaces the last stone closed (SetNakade)
	KoFights       bool // retake a ko once its ban has gone (SetKoFights)
	Ladders        bool // read ladders: runs the chase does not catch, ataris it does (SetLadders)
	TwoLibs        bool // play on the chains of two liberties at the last stone (SetTwoLibs)
	RunTwo         bool // the answer to atari runs to two liberties too, unread (SetRunTwo)
	LadderRuns     bool // ... when the chase does not catch it (SetLadderRuns)
	LoneSelfAtari  bool // refuse self-ataris of one stone too, but throw-ins (SetLoneSelfAtari)
	Pattern2       bool // shapes around the move before the last too (SetPattern2)
	KillingFills   bool // allow self-ataris whose capture leaves a dead shape (SetKillingFills)
	SelfAtariOther bool // a refused self-atari gives way to the other liberty of a chain it attacks (SetSelfAtariOther)
	MoggyShapes    bool // the shape step plays Pachi's moggy shapes, drawn by their gammas (SetMoggyShapes)
	// StepRate and SelfAtariRate, from 1 to 99, take each step and refuse
	// a self-atari only so many times in a hundred (SetRates; Pachi's
	// moggy on 9x9: 90 and 60); 0 or 100: always.
	StepRate, SelfAtariRate int
	// PatternRate, from 1 to 99, takes the shape step only so many
	// times in a hundred, whatever StepRate (SetPatternRate); 0 or 100:
	// as StepRate.
	PatternRate int
}

// SetTactics sets every optional step and rate of the tactical policy.
func (b *SquareBoard) SetTactics(t Tactics) {
	b.SetNakade(t.Nakade)
	b.SetKoFights(t.KoFights)
	b.SetLadders(t.Ladders)
	b.SetTwoLibs(t.TwoLibs)
	b.SetRunTwo(t.RunTwo)
	b.SetLadderRuns(t.LadderRuns)
	b.SetLoneSelfAtari(t.LoneSelfAtari)
	b.SetPattern2(t.Pattern2)
	b.SetKillingFills(t.KillingFills)
	b.SetSelfAtariOther(t.SelfAtariOther)
	b.SetMoggyShapes(t.MoggyShapes)
	b.SetRates(t.StepRate, t.SelfAtariRate)
	b.SetPatternRate(t.PatternRate)
}

// Names lists the optional steps that are on, in words, for a player's
// name ("ko fights", "ladders", ...); the rates are not among them.
func (t Tactics) Names() []string {
	var names []string
	for _, x := range []struct {
		on   bool
		name string
	}{{t.KoFights, "ko fights"}, {t.Ladders, "ladders"}, {t.RunTwo, "runs to two liberties"}, {t.LadderRuns, "runs out of ladders"},
		{t.LoneSelfAtari, "no lone self-ataris"}, {t.Pattern2, "shapes of the move before"}, {t.Nakade, "nakade"}, {t.KillingFills, "killing fills"},
		{t.TwoLibs, "two liberties"}, {t.SelfAtariOther, "the other liberty of self-ataris"}, {t.MoggyShapes, "moggy shapes"}} {
		if x.on {
			names = append(names, x.name)
		}
	}
	return names
}
