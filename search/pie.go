package search

import (
	"fmt"
	"math"
	"slices"

	"moku/board"
	"moku/catalog"
	"moku/game"
)

// The komi pie (keil.md): before the first move the first player names the
// komi, then the second player chooses a colour. ProposeKomi is the first
// player's decision and ChooseColor the second's; both search the starting
// position.

// KomiProposal is the komi the engine proposes and what it rests on.
type KomiProposal struct {
	Komi float64
	// BlackWinRate is the share of the search's playouts Black wins at
	// Komi (ties count half): the nearer 0.5, the fairer the komi.
	BlackWinRate float64
	// Margin is the median of Black's board margin (Black's score minus
	// White's, the button included, before komi) over the playouts.
	Margin   float64
	Playouts int
}

// ProposeKomi proposes the komi that balances the two-player game s (its
// starting position, Black to move), searched within opt's limits.
//
// One search of s is made with komi 0 and Black's board margin (the
// button's half point included) is recorded in every playout: the
// playouts of a search follow the tree's choices, so they are a sample of
// games between players of the search's strength. The proposal is the
// komi, among those the rules accept, that splits that sample most evenly:
// a whole number while Keil's button is in play (the button's half point
// then breaks ties), otherwise a number ending in .5, which cannot tie.
func ProposeKomi(s game.State, opt Options) (KomiProposal, error) {
	r := s.Rules()
	if r.Players != 2 {
		return KomiProposal{}, fmt.Errorf("search: the komi pie needs two players, not %d", r.Players)
	}
	if s.ToMove() != board.Black {
		return KomiProposal{}, fmt.Errorf("search: the komi pie is decided before the first move")
	}
	r.Komi = 0
	s0, err := catalog.New(r, s.Graph())
	if err != nil {
		return KomiProposal{}, err
	}
	for _, m := range s.History() {
		if err := s0.Play(m.Move); err != nil {
			return KomiProposal{}, err
		}
	}
	opt.Resign = false
	a, _, diffs, err := search(s0, opt, true, nil)
	if err != nil {
		return KomiProposal{}, err
	}
	if len(diffs) == 0 {
		return KomiProposal{}, fmt.Errorf("search: no playouts to judge the komi by")
	}
	slices.Sort(diffs)
	median := float64(diffs[len(diffs)/2])
	offset := 0.5 // komi ends in .5
	if r.Button {
		offset = 0 // whole komi
	}
	// Black wins a playout at komi k when its margin exceeds k; the
	// candidates are the allowed komis around the median.
	blackWins := func(k float64) float64 {
		above := len(diffs) - upper(diffs, k)
		ties := upper(diffs, k) - lower(diffs, k)
		return (float64(above) + 0.5*float64(ties)) / float64(len(diffs))
	}
	best := KomiProposal{Margin: median, Playouts: a.Playouts, BlackWinRate: -1}
	base := math.Floor(median-offset) + offset
	for k := base - 2; k <= base+3; k++ {
		w := blackWins(k)
		if best.BlackWinRate < 0 || math.Abs(w-0.5) < math.Abs(best.BlackWinRate-0.5) {
			best.Komi, best.BlackWinRate = k, w
		}
	}
	return best, nil
}

// lower returns the index of the first element of sorted d not below x.
func lower(d []float32, x float64) int {
	i, _ := slices.BinarySearchFunc(d, x, func(e float32, x float64) int {
		if float64(e) < x {
			return -1
		}
		return 1
	})
	return i
}

// upper returns the index of the first element of sorted d above x.
func upper(d []float32, x float64) int {
	i, _ := slices.BinarySearchFunc(d, x, func(e float32, x float64) int {
		if float64(e) <= x {
			return -1
		}
		return 1
	})
	return i
}

// ChooseColor is the second player's decision in the komi pie: it
// searches the starting position of s under the given komi within opt's
// limits and returns the colour it believes the better, with the win rate
// the search gives that colour.
func ChooseColor(s game.State, komi float64, opt Options) (board.Color, float64, error) {
	r := s.Rules()
	if r.Players != 2 {
		return board.Empty, 0, fmt.Errorf("search: the komi pie needs two players, not %d", r.Players)
	}
	r.Komi = komi
	if err := r.Validate(s.Graph()); err != nil {
		return board.Empty, 0, err
	}
	sk, err := catalog.New(r, s.Graph())
	if err != nil {
		return board.Empty, 0, err
	}
	for _, m := range s.History() {
		if err := sk.Play(m.Move); err != nil {
			return board.Empty, 0, err
		}
	}
	opt.Resign, opt.StopEarly = false, false // the win rates are the point
	a, err := Search(sk, opt)
	if err != nil {
		return board.Empty, 0, err
	}
	// The win rate of the player to move over all playouts undervalues
	// the side that has a good move among bad ones; the best move's rate
	// is what that player can count on.
	w := a.WinRate
	if len(a.Candidates) > 0 && a.Candidates[0].Visits > 0 {
		w = a.Candidates[0].WinRate
	}
	mover := sk.ToMove()
	other := board.Black + board.White - mover
	if w >= 0.5 {
		return mover, w, nil
	}
	return other, 1 - w, nil
}
