package search

import (
	"math"
	"testing"

	"pgregory.net/rapid"

	"moku/board"
	"moku/playout"
)

// TestMarginReward: the rewards with a margin's share are in [0, 1] and add
// up to 1; without a share they are the win's; the winner of a playout
// gets at least 1/2 of the margin's share, and a bigger margin for Black
// never lowers Black's reward.
func TestMarginReward(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		w := rapid.Float64Range(0, 1).Draw(rt, "weight")
		scale := rapid.Float64Range(0, 200).Draw(rt, "scale")
		tr := &tree{opt: Options{MarginWeight: w, MarginScale: scale}, players: 2, points: 81}
		pick := func(name string) float64 {
			switch rapid.IntRange(0, 9).Draw(rt, name+" kind") {
			case 0:
				return math.Inf(-1) // resigned
			default:
				return rapid.Float64Range(-100, 100).Draw(rt, name)
			}
		}
		var score [board.MaxPlayers + 1]float64
		score[board.Black], score[board.White] = pick("black"), pick("white")
		won := playout.Winners(score, 2)
		r := tr.marginReward(won, score)
		for _, c := range []board.Color{board.Black, board.White} {
			if !(r[c] >= 0 && r[c] <= 1) {
				rt.Fatalf("reward of %v: %v", c, r[c])
			}
		}
		if math.Abs(r[board.Black]+r[board.White]-1) > 1e-12 {
			rt.Fatalf("rewards %v + %v", r[board.Black], r[board.White])
		}
		if w == 0 && (r[board.Black] != won[board.Black] || r[board.White] != won[board.White]) {
			rt.Fatalf("no margin share: %v, won %v", r, won)
		}
		for _, c := range []board.Color{board.Black, board.White} {
			if won[c] == 1 && r[c] < (1-w)+w/2-1e-12 {
				rt.Fatalf("the winner %v gets %v with weight %v", c, r[c], w)
			}
		}
		more := score
		if !math.IsInf(more[board.Black], 0) {
			more[board.Black] += rapid.Float64Range(0, 50).Draw(rt, "more")
		}
		if r2 := tr.marginReward(playout.Winners(more, 2), more); r2[board.Black] < r[board.Black]-1e-12 {
			rt.Fatalf("Black's margin grew from %v to %v, its reward fell from %v to %v", score, more, r[board.Black], r2[board.Black])
		}
	})
}

// TestMarginTakesMore: when Black wins whatever it plays (komi -20 on
// 7x7, White's last stone in a corner), the win alone does not tell its moves apart; with a margin's share
// of the reward the search captures the three white stones in atari (e3,
// or nets them at e2 or f3), which wins by more.
func TestMarginTakesMore(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		s := start(t, "go komi=-20", "7x7",
			"b4", "c4", "f4", "d4", "c5", "e4", "d5", "pass", "e5", "pass", "c3", "pass", "d3", "g7")
		p := New(Options{Playouts: 3000, Seed: seed, Resign: false, Heavy: true, MarginWeight: 0.2})
		m, err := p.Genmove(s)
		if err != nil {
			t.Fatal(err)
		}
		if name := m.Format(s.Graph()); name != "e3" && name != "e2" && name != "f3" {
			t.Errorf("seed %d: %s, want the capture e3", seed, name)
		}
		if a := p.Last(); a.WinRate < 0.9 {
			t.Errorf("seed %d: win rate %.2f of a won game (the analysis's rate counts wins alone)", seed, a.WinRate)
		}
	}
}
