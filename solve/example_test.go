package solve_test

import (
	"fmt"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/rules"
	"moku/solve"
)

// The value of 2x2 Go under area scoring and positional superko, with no
// komi: Black wins by one point (the published value).
func Example() {
	g, _ := board.Rect(2, 2)
	r, _ := rules.Preset("go", g)
	r.Komi = 0
	s, err := solve.New(r, g, solve.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := s.Solve()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(solve.FormatValue(res.Value), res.Exact)
	// Output: B+1 true
}

// For picks the solver: for Ki, the bitboard KiSolver. 3x3 Ki without
// komi: Black wins by three stones.
func ExampleFor() {
	r, g, err := catalog.Config{Rules: "ki komi=0", Board: "3x3"}.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := solve.For(r, g, solve.Options{}, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	res, err := s.Solve()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(solve.FormatValue(res.Value), res.PV)
	// Output: B+3 [b2 b1 a1 c3 c1 a3 b1 b3 a2 pass c2]
}

// FromState solves from a position of a game: on 3x3 Go without komi,
// after Black's first move on the edge and White's answer in the centre,
// Black still wins, by three points instead of the nine of the centre.
func ExampleFromState() {
	st, err := catalog.Start(catalog.Config{Rules: "go", Overrides: []string{"komi=0"}, Board: "3x3"})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := game.PlayAll(st, "a2 b2"); err != nil {
		fmt.Println(err)
		return
	}
	res, err := solve.FromState(st, solve.Options{MaxNodes: 1_000_000})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(solve.FormatValue(res.Value), res.Exact, res.PV)
	// Output: B+3 true [c2 pass b1 b3 pass pass]
}
