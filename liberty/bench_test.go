package liberty

// Random-move playouts from the empty board, the workload of a Monte Carlo
// search: uniformly random legal placements that never fill a point whose
// neighbours are all the mover's stones, the button (Keil) or a pass when
// there is none, until the game ends or reaches a length cap.
//
//	go test -run XXX -bench . -benchtime 3s ./liberty/

import (
	"math/rand/v2"
	"testing"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// playout plays one random game on p from its current position and returns
// the number of moves made; it leaves the moves on p.
func playout(p *Position, rng *rand.Rand, cand []int, maxMoves int) ([]int, int) {
	moves := 0
	for moves < maxMoves && !p.Over() {
		mover := p.ToMove()
		cand = cand[:0]
		for q := 0; q < p.g.N(); q++ {
			if p.color[q] != board.Empty {
				continue
			}
			eye := true
			for _, r := range p.g.Neighbors(q) {
				if p.color[r] != mover {
					eye = false
					break
				}
			}
			if !eye {
				cand = append(cand, q)
			}
		}
		played := false
		for len(cand) > 0 {
			i := rng.IntN(len(cand))
			if p.Try(cand[i]) {
				played = true
				break
			}
			cand[i] = cand[len(cand)-1]
			cand = cand[:len(cand)-1]
		}
		if !played {
			m := game.PassMove
			if p.r.Button && p.button == board.Empty {
				m = game.ButtonMove
			}
			if err := p.Play(m); err != nil {
				panic(err)
			}
		}
		moves++
	}
	return cand, moves
}

func benchPlayouts(b *testing.B, name, spec string) {
	g, err := board.Parse(spec)
	if err != nil {
		b.Fatal(err)
	}
	r, err := rules.Preset(name, g)
	if err != nil {
		b.Fatal(err)
	}
	p, err := New(r, g)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	cand := make([]int, 0, g.N())
	maxMoves := 3 * g.N()
	// Warm up so that the history buffers have grown.
	for i := 0; i < 3; i++ {
		cand, _ = playout(p, rng, cand, maxMoves)
		for p.Undo() {
		}
	}
	total := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var n int
		cand, n = playout(p, rng, cand, maxMoves)
		total += n
		for p.Undo() {
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(total)/sec, "moves/s")
	b.ReportMetric(float64(b.N)/sec, "playouts/s")
	b.ReportMetric(float64(total)/float64(b.N), "moves/playout")
}

// BenchmarkPlayoutGo9 uses the default go ruleset (positional superko:
// every placement is checked against the whole history).
func BenchmarkPlayoutGo9(b *testing.B) { benchPlayouts(b, "go", "9x9") }

// BenchmarkPlayoutGo9Simple uses simple ko, as the reference light playout does.
func BenchmarkPlayoutGo9Simple(b *testing.B) { benchPlayouts(b, "go-simple", "9x9") }

// BenchmarkPlayoutKeil7 plays Keil on the hexhex of side 7 (127 points).
func BenchmarkPlayoutKeil7(b *testing.B) { benchPlayouts(b, "keil", "hex:7") }
