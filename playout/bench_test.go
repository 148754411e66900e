package playout

import (
	"runtime"
	"testing"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// benchPlayouts plays light playouts from the empty board of the given
// game, loading the position before each as the search does, and reports
// playouts/s, moves/playout and Black's share of the wins.
func benchPlayouts(b *testing.B, rules, spec string) {
	s := start(b, rules, spec)
	f, err := New(s.Rules(), s.Graph())
	if err != nil {
		b.Fatal(err)
	}
	benchBoard(b, s, f)
}

// BenchmarkGo9x9Heavy is BenchmarkGo9x9 with the tactical policy.
func BenchmarkGo9x9Heavy(b *testing.B) { benchSquareTactics(b, Tactics{}) }

// BenchmarkGo9x9Ladders is BenchmarkGo9x9Heavy with ladders read
// (SetLadders).
func BenchmarkGo9x9Ladders(b *testing.B) { benchSquareTactics(b, Tactics{Ladders: true}) }

// BenchmarkGo9x9TwoLibs is BenchmarkGo9x9Heavy with the step of two
// liberties (SetTwoLibs).
func BenchmarkGo9x9TwoLibs(b *testing.B) { benchSquareTactics(b, Tactics{TwoLibs: true}) }

// BenchmarkGo9x9Nakade is BenchmarkGo9x9Heavy with the vital points of
// eye spaces and the killing fills (SetNakade, SetKillingFills).
func BenchmarkGo9x9Nakade(b *testing.B) {
	benchSquareTactics(b, Tactics{Nakade: true, KillingFills: true})
}

// BenchmarkGo9x9MoggyShapes is BenchmarkGo9x9Heavy with the shape step
// of Pachi's moggy (SetMoggyShapes).
func BenchmarkGo9x9MoggyShapes(b *testing.B) { benchSquareTactics(b, Tactics{MoggyShapes: true}) }

// benchSquareTactics plays the tactical policy with the optional steps
// of t on 9x9 Go.
func benchSquareTactics(b *testing.B, t Tactics) {
	s := start(b, "go", "9x9")
	f := NewSquare(s.Graph(), false, s.Rules().Komi)
	f.SetHeavy(true)
	f.SetTactics(t)
	benchBoard(b, s, f)
}

func benchBoard(b *testing.B, s game.State, f Board) {
	r := NewRand(1)
	players := s.Rules().Players
	var moves, black float64
	b.ReportAllocs()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	cpu0, ok0 := threadCPU()
	for i := 0; i < b.N; i++ {
		f.Load(s)
		moves += float64(f.Playout(r))
		black += Winners(f.Score(), players)[board.Black]
	}
	if cpu1, ok1 := threadCPU(); ok0 && ok1 && cpu1 > cpu0 {
		// The speed per core, which other work on the machine disturbs
		// less than the speed per second.
		b.ReportMetric(float64(b.N)/(cpu1-cpu0).Seconds(), "playouts/cpu-s")
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(moves/float64(b.N), "moves/playout")
	b.ReportMetric(black/float64(b.N), "black-wins")
}

func BenchmarkGo9x9(b *testing.B)    { benchPlayouts(b, "go", "9x9") }
func BenchmarkGo19x19(b *testing.B)  { benchPlayouts(b, "go", "19x19") }
func BenchmarkKeil7(b *testing.B)    { benchPlayouts(b, "keil", "hex:7") }
func BenchmarkKeil5(b *testing.B)    { benchPlayouts(b, "keil", "hex:5") }
func BenchmarkKee9x9x3(b *testing.B) { benchPlayouts(b, "kee players=3", "9x9") }
func BenchmarkKi11x11(b *testing.B)  { benchPlayouts(b, "ki", "11x11") }

// BenchmarkKee9x9x3Heavy is BenchmarkKee9x9x3 with the tactical policy
// (which the search leaves off with three players).
func BenchmarkKee9x9x3Heavy(b *testing.B) { benchGoHeavy(b, "kee players=3", "9x9") }

// BenchmarkKeeHex5 and BenchmarkKeeHex5Heavy: two-player Kee on the hexhex
// of side 5, GoBoard with the light and the tactical policy.
func BenchmarkKeeHex5(b *testing.B)      { benchPlayouts(b, "kee", "hex:5") }
func BenchmarkKeeHex5Heavy(b *testing.B) { benchGoHeavy(b, "kee", "hex:5") }

// benchGoHeavy is benchPlayouts on a GoBoard with the tactical policy.
func benchGoHeavy(b *testing.B, rulesName, spec string) {
	s := start(b, rulesName, spec)
	r := s.Rules()
	f := NewGo(s.Graph(), r.Players, r.Suicide == rules.SuicideAllowed, r.Komi)
	f.setHeavy(true)
	benchBoard(b, s, f)
}

// BenchmarkKi11x11Heavy is BenchmarkKi11x11 with the tactical policy.
func BenchmarkKi11x11Heavy(b *testing.B) {
	s := start(b, "ki", "11x11")
	f := NewKi(s.Graph(), s.Rules().Komi)
	f.SetHeavy(true)
	benchBoard(b, s, f)
}

// BenchmarkKeil7Heavy is BenchmarkKeil7 with the tactical policy.
func BenchmarkKeil7Heavy(b *testing.B) {
	s := start(b, "keil", "hex:7")
	r := s.Rules()
	f := NewHexKeil(s.Graph(), r.Links == rules.Keil2019, r.Button, r.Komi)
	f.SetHeavy(true)
	benchBoard(b, s, f)
}
