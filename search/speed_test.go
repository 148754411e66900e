package search

import (
	"testing"
	"time"

	"moku/catalog"
)

// TestMeasureSpeed: a short search reports its playouts and a speed
// consistent with them; a game that cannot start is an error.
func TestMeasureSpeed(t *testing.T) {
	for _, threads := range []int{1, 2} {
		sp, err := MeasureSpeed(catalog.Config{Rules: "go", Board: "5x5"}, 20*time.Millisecond, threads, 1)
		if err != nil {
			t.Fatal(err)
		}
		if sp.Playouts <= 0 || sp.Seconds <= 0 || sp.PlayoutsPerSec != float64(sp.Playouts)/sp.Seconds {
			t.Errorf("%d threads: %+v", threads, sp)
		}
		if sp.CPUSeconds > 0 && sp.PlayoutsPerCPUSec != float64(sp.Playouts)/sp.CPUSeconds {
			t.Errorf("%d threads: CPU speed %+v", threads, sp)
		}
	}
	if _, err := MeasureSpeed(catalog.Config{Rules: "chess"}, time.Millisecond, 1, 1); err == nil {
		t.Errorf("chess measured")
	}
}
