package rating

import (
	"fmt"
	"math"
	"testing"
)

// TestGlickmanExample: the worked example of Glickman's description of
// Glicko-2: a player at 1500, RD 200, volatility 0.06, tau 0.5, who beats
// a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300), ends at
// 1464.06, RD 151.52, volatility 0.05999. (The description rounds its
// intermediate values, mu' to -0.2069 among them; computed throughout in
// float64 the figures are 1464.0507, 151.5165 and 0.0599960, within a
// unit of the last digit it prints.)
func TestGlickmanExample(t *testing.T) {
	p := Glicko{Rating: 1500, Deviation: 200, Volatility: 0.06}
	got := p.Update([]Outcome{
		{Opponent: Glicko{Rating: 1400, Deviation: 30}, Score: 1},
		{Opponent: Glicko{Rating: 1550, Deviation: 100}, Score: 0},
		{Opponent: Glicko{Rating: 1700, Deviation: 300}, Score: 0},
	}, 0.5)
	if math.Abs(got.Rating-1464.06) > 0.01 || math.Abs(got.Deviation-151.52) > 0.01 || math.Abs(got.Volatility-0.05999) > 0.00001 {
		t.Errorf("got %.4f, RD %.4f, volatility %.7f; want 1464.06, 151.52, 0.05999", got.Rating, got.Deviation, got.Volatility)
	}
}

// TestGlickoProperties: a win raises a rating and a loss lowers it, by
// more against a stronger opponent; games narrow the deviation, a period
// without games widens it; the volatility stays positive.
func TestGlickoProperties(t *testing.T) {
	p := NewGlicko()
	for _, opp := range []float64{1200, 1500, 1800} {
		o := Glicko{Rating: opp, Deviation: 80, Volatility: 0.06}
		win := p.Update([]Outcome{{o, 1}}, DefaultTau)
		loss := p.Update([]Outcome{{o, 0}}, DefaultTau)
		if win.Rating <= p.Rating || loss.Rating >= p.Rating || win.Deviation >= p.Deviation || win.Volatility <= 0 {
			t.Errorf("against %v: win %+v, loss %+v", opp, win, loss)
		}
	}
	weak := p.Update([]Outcome{{Glicko{1200, 80, 0.06}, 1}}, DefaultTau)
	strong := p.Update([]Outcome{{Glicko{1800, 80, 0.06}, 1}}, DefaultTau)
	if strong.Rating-p.Rating <= weak.Rating-p.Rating {
		t.Errorf("beating an 1800 gains %.1f, a 1200 %.1f", strong.Rating-p.Rating, weak.Rating-p.Rating)
	}
	idle := Glicko{1600, 50, 0.06}.Update(nil, DefaultTau)
	if idle.Rating != 1600 || idle.Deviation <= 50 {
		t.Errorf("a period without games: %+v", idle)
	}
}

// TestRankOutcomes: a three-player game scores each pair by rank.
func TestRankOutcomes(t *testing.T) {
	r := []Glicko{NewGlicko(), {1600, 100, 0.06}, {1400, 100, 0.06}}
	out := RankOutcomes([]int{2, 1, 2}, r)
	want := [][]float64{{0, 0.5}, {1, 1}, {0.5, 0}}
	for i := range out {
		for j, o := range out[i] {
			if o.Score != want[i][j] {
				t.Errorf("player %d, outcome %d: %v, want %v", i, j, o.Score, want[i][j])
			}
		}
	}
	if out[0][0].Opponent != r[1] || out[2][1].Opponent != r[1] {
		t.Errorf("opponents: %+v", out)
	}
}

func ExampleGlicko_Update() {
	p := NewGlicko()
	p = p.Update([]Outcome{{Opponent: NewGlicko(), Score: 1}}, DefaultTau)
	fmt.Printf("%.0f RD %.0f\n", p.Rating, p.Deviation)
	// Output: 1662 RD 290
}
