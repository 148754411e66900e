package selfplay_test

import (
	"fmt"
	"os"
	"time"

	"moku/catalog"
	"moku/selfplay"
)

// Twenty random games of Go on 3x3: the figures moku selfplay prints.
func Example() {
	s, err := catalog.Start(catalog.Config{Rules: "go komi=0", Board: "3x3"})
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := selfplay.Run(s, selfplay.Options{Games: 20, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	st.Elapsed = time.Second // for the example: the speed varies
	st.Write(os.Stdout, s.Rules())
	// Output:
	// games          20 finished
	// length         15.3 moves on average (sd 7.2, min 4, max 32); 3.80 passes per game
	// black (first)  wins 8 of 20 = 40.0% (95% interval 21.9% to 61.3%, Wilson)
	// white          wins 8 = 40.0%
	// ties           4
	// ended by       passes 20
	// speed          20 games/s, 307 moves/s (1.00 s)
}
