package solve_test

import (
	"fmt"

	"moku/board"
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
