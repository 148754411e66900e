package label_test

import (
	"context"
	"fmt"

	"moku/catalog"
	"moku/game"
	"moku/label"
	"moku/record"
	"moku/search"
)

// Label a short game of 5x5 Go: each move gets the playouts a search of
// 300 gave the moves of its position, spread over several of them.
func ExampleRecord() {
	s, _ := catalog.Start(catalog.Config{Rules: "go", Board: "5x5"})
	game.PlayAll(s, "c3 c2 b2")
	rec := record.FromState(s)

	o := search.DefaultOptions()
	o.Playouts, o.StopEarly = 300, false
	if err := label.Record(context.Background(), rec, o, nil); err != nil {
		fmt.Println(err)
		return
	}
	for i, m := range rec.Moves {
		total := 0
		for _, v := range m.Visits {
			total += v.Visits
		}
		fmt.Printf("move %d (%s): %d playouts, %v\n", i+1, m.Move.Format(rec.Board), total, len(m.Visits) > 1)
	}
	// The visits travel in the SGF as MKVISITS[<move>:<playouts>]...

	// Output:
	// move 1 (c3): 300 playouts, true
	// move 2 (c2): 300 playouts, true
	// move 3 (b2): 300 playouts, true
}
