package solve

import (
	"errors"
	"fmt"

	"moku/game"
)

// FromState solves the two-player game st from its position as it stands,
// its moves so far included: the value with perfect play from here
// (Black's final score minus White's, komi and button included) and a
// principal variation from here. The moves played count where the rules
// make the history matter (superko, Keil's own-position rule, Kee's
// cycles): the solver replays them first. It picks the solver as For does
// (the bitboard KiSolver for the Ki games it takes). opt.MaxNodes caps the
// search: past it FromState returns ErrNodeLimit with the result known so
// far (Lower and Upper bound the value), as Solve does. st is left as it
// was.
func FromState(st game.State, opt Options) (*Result, error) {
	r, g := st.Rules(), st.Graph()
	if r.Players != 2 {
		return nil, fmt.Errorf("solve: FromState solves two-player games; this one has %d players (SolveMultiState solves them)", r.Players)
	}
	if st.Over() {
		return nil, errors.New("solve: the game is over: its result is its value")
	}
	if KiFast(r, g) {
		k, err := NewKi(r, g, opt)
		if err != nil {
			return nil, err
		}
		defer k.Close()
		k.SetPosition(st)
		return k.Solve()
	}
	s, err := New(r, g, opt)
	if err != nil {
		return nil, err
	}
	// The solver's engine replays the moves (under Kee's rules as they
	// are; without the repetition rule the solver applies itself, which
	// Solve checks as it replays them again on its own record).
	for i, p := range game.Actions(st) {
		if err := s.st.Play(p.Move); err != nil {
			return nil, fmt.Errorf("solve: replaying move %d (%s): %v", i+1, p.Move.Format(g), err)
		}
	}
	return s.Solve()
}
