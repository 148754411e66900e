package playout

import (
	"runtime"
	"time"

	"moku/board"
	"moku/catalog"
)

// Stats are the figures of a run of playouts from one position.
type Stats struct {
	Playouts       int     `json:"playouts"`
	Seconds        float64 `json:"seconds"`
	PlayoutsPerSec float64 `json:"playouts_per_s"`
	MovesPerPlay   float64 `json:"moves_per_playout"`
	BlackWinRate   float64 `json:"black_win_rate"` // ties count half
	// CPUSeconds is the CPU time of the measuring thread, and
	// PlayoutsPerCPUSec the speed per core it implies, which stays
	// meaningful when other work shares the machine (0 where unknown).
	CPUSeconds        float64 `json:"cpu_seconds"`
	PlayoutsPerCPUSec float64 `json:"playouts_per_cpu_s"`
}

// Measure runs playouts from the starting position of the game cfg
// describes, on the calling goroutine, for at least d (and at least one
// playout), and reports their speed and statistics. Each playout loads the
// position afresh, as the search does. With heavy set, a board that has the
// tactical policy (SquareBoard) plays it instead of the light one.
func Measure(cfg catalog.Config, d time.Duration, seed uint64, heavy bool) (Stats, error) {
	s, err := catalog.Start(cfg)
	if err != nil {
		return Stats{}, err
	}
	b, err := New(s.Rules(), s.Graph())
	if err != nil {
		return Stats{}, err
	}
	if h, ok := b.(Tactical); ok {
		h.SetHeavy(heavy)
	}
	r := NewRand(seed)
	players := s.Rules().Players
	var st Stats
	var moves, black float64
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, cpuOK := threadCPU()
	begin := time.Now()
	deadline := begin.Add(d)
	for st.Playouts == 0 || time.Now().Before(deadline) {
		for i := 0; i < 64; i++ {
			b.Load(s)
			moves += float64(b.Playout(r))
			black += Winners(b.Score(), players)[board.Black]
			st.Playouts++
		}
	}
	st.Seconds = time.Since(begin).Seconds()
	if cpu1, ok := threadCPU(); ok && cpuOK && cpu1 > cpu0 {
		st.CPUSeconds = (cpu1 - cpu0).Seconds()
		st.PlayoutsPerCPUSec = float64(st.Playouts) / st.CPUSeconds
	}
	n := float64(st.Playouts)
	st.PlayoutsPerSec = n / st.Seconds
	st.MovesPerPlay = moves / n
	st.BlackWinRate = black / n
	return st, nil
}

// Bench is one game moku bench measures.
type Bench struct {
	Key   string // as moku bench prints it: "go-9x9", "keil-hex7-heavy"
	Game  catalog.Config
	Heavy bool // the tactical policy
}

// Benches are the games moku bench measures: the light reference policy
// everywhere, and the tactical policy the search uses by default where a
// game has one ("-heavy": 9x9 Go, Keil side 7, Ki 11x11).
var Benches = []Bench{
	{"go-9x9", catalog.Config{Rules: "go", Board: "9x9"}, false},
	{"go-9x9-heavy", catalog.Config{Rules: "go", Board: "9x9"}, true},
	{"keil-hex7", catalog.Config{Rules: "keil", Board: "hex:7"}, false},
	{"keil-hex7-heavy", catalog.Config{Rules: "keil", Board: "hex:7"}, true},
	{"kee-9x9-3p", catalog.Config{Rules: "kee players=3", Board: "9x9"}, false},
	{"ki-11x11", catalog.Config{Rules: "ki", Board: "11x11"}, false},
	{"ki-11x11-heavy", catalog.Config{Rules: "ki", Board: "11x11"}, true},
}
