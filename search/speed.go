package search

import (
	"time"

	"moku/catalog"
	"moku/playout"
)

// Speed is the speed of a search: playouts a second of wall-clock time,
// and a second of the process's CPU time (0 where unknown), which other
// work on the machine disturbs less and shows what a further thread costs.
type Speed struct {
	Playouts          int     `json:"-"`
	Seconds           float64 `json:"seconds"`
	PlayoutsPerSec    float64 `json:"playouts_per_s"`
	CPUSeconds        float64 `json:"cpu_seconds,omitempty"`
	PlayoutsPerCPUSec float64 `json:"playouts_per_cpu_s,omitempty"`
}

// MeasureSpeed searches the start of the game cfg describes for d with
// the given threads (the default options otherwise, without stopping
// early) and returns its speed.
func MeasureSpeed(cfg catalog.Config, d time.Duration, threads int, seed uint64) (Speed, error) {
	s, err := catalog.Start(cfg)
	if err != nil {
		return Speed{}, err
	}
	o := DefaultOptions()
	o.Playouts, o.Time, o.Threads, o.Seed, o.StopEarly = 0, d, threads, seed, false
	cpu0, ok0 := playout.ProcessCPU()
	a, err := Search(s, o)
	if err != nil {
		return Speed{}, err
	}
	cpu1, ok1 := playout.ProcessCPU()
	sp := Speed{Playouts: a.Playouts, Seconds: a.Seconds, PlayoutsPerSec: float64(a.Playouts) / a.Seconds}
	if ok0 && ok1 && cpu1 > cpu0 {
		sp.CPUSeconds = (cpu1 - cpu0).Seconds()
		sp.PlayoutsPerCPUSec = float64(a.Playouts) / sp.CPUSeconds
	}
	return sp, nil
}
