package rating_test

import (
	"fmt"
	"math"
	"testing"

	"moku/rating"
)

// binomialInterval returns the 95% likelihood-ratio interval of a win
// probability after points out of n, computed directly on p.
func binomialInterval(points, n float64) (lo, hi float64) {
	dev := func(p float64) float64 {
		d := 0.0
		phat := points / n
		if points > 0 {
			d += points * math.Log(phat/p)
		}
		if n-points > 0 {
			d += (n - points) * math.Log((1-phat)/(1-p))
		}
		return 2 * d
	}
	solve := func(in, out float64) float64 {
		for range 200 {
			mid := (in + out) / 2
			if dev(mid) < rating.ChiSquare95 {
				in = mid
			} else {
				out = mid
			}
		}
		return in
	}
	return solve(points/n, 0), solve(points/n, 1)
}

func elo(p float64) float64 { return 400 * math.Log10(p/(1-p)) }

func TestFit(t *testing.T) {
	type pair struct {
		a, b          string
		wins, ls, drs int
	}
	lo6040, hi6040 := binomialInterval(60, 100)
	lo100, _ := binomialInterval(100, 100)
	lo20, _ := binomialInterval(20, 20)
	loDraw, hiDraw := binomialInterval(50, 100)
	for _, tc := range []struct {
		name    string
		pairs   []pair
		want    map[string][3]float64 // Elo, Lo, Hi
		tol     float64
		wantErr bool
	}{
		{
			name:  "60-40",
			pairs: []pair{{"b", "random", 60, 40, 0}},
			want:  map[string][3]float64{"b": {elo(0.6), elo(lo6040), elo(hi6040)}},
			tol:   1e-4,
		},
		{
			name:  "draws count half",
			pairs: []pair{{"random", "b", 30, 30, 40}},
			want:  map[string][3]float64{"b": {0, elo(loDraw), elo(hiDraw)}},
			tol:   1e-4,
		},
		{
			name:  "won every game: a one-sided bound",
			pairs: []pair{{"b", "random", 100, 0, 0}},
			want:  map[string][3]float64{"b": {math.Inf(1), elo(lo100), math.Inf(1)}},
			tol:   1e-3,
		},
		{
			name:  "lost every game",
			pairs: []pair{{"b", "random", 0, 20, 0}},
			want:  map[string][3]float64{"b": {math.Inf(-1), math.Inf(-1), -elo(lo20)}},
			tol:   1e-3,
		},
		{
			name:  "a chain adds up",
			pairs: []pair{{"b", "random", 70, 30, 0}, {"c", "b", 70, 30, 0}},
			want:  map[string][3]float64{"b": {elo(0.7), math.NaN(), math.NaN()}, "c": {2 * elo(0.7), math.NaN(), math.NaN()}},
			tol:   1e-4,
		},
		{
			name:  "above a rung that won every game",
			pairs: []pair{{"1k", "random", 100, 0, 0}, {"10k", "1k", 80, 20, 0}},
			want:  map[string][3]float64{"1k": {math.Inf(1), elo(lo100), math.Inf(1)}, "10k": {math.Inf(1), math.NaN(), math.Inf(1)}},
			tol:   1e-3,
		},
		{
			name:    "not linked to the anchor",
			pairs:   []pair{{"b", "random", 6, 4, 0}, {"c", "d", 6, 4, 0}},
			wantErr: true,
		},
		{
			name:    "anchor without games",
			pairs:   []pair{{"b", "c", 6, 4, 0}},
			wantErr: true,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r rating.Results
			for _, p := range tc.pairs {
				r.Add(p.a, p.b, p.wins, p.ls, p.drs)
			}
			got, err := rating.Fit(&r, "random")
			if tc.wantErr {
				if err == nil {
					t.Fatalf("Fit succeeded: %+v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			by := map[string]rating.Rating{}
			for _, g := range got {
				by[g.Player] = g
			}
			if a := by["random"]; a.Elo != 0 {
				t.Errorf("anchor rated %v", a.Elo)
			}
			for name, w := range tc.want {
				g := by[name]
				for k, v := range []float64{g.Elo, g.Lo, g.Hi} {
					if math.IsNaN(w[k]) {
						continue
					}
					if math.IsInf(w[k], 0) && v != w[k] || !math.IsInf(w[k], 0) && math.Abs(v-w[k]) > tc.tol*math.Max(1, math.Abs(w[k])) {
						t.Errorf("%s: [Elo Lo Hi][%d] = %v, want %v", name, k, v, w[k])
					}
				}
				if !(g.Lo <= g.Elo && g.Elo <= g.Hi) {
					t.Errorf("%s: %v not within (%v, %v)", name, g.Elo, g.Lo, g.Hi)
				}
			}
		})
	}
}

// TestLowerBoundsClimb: a rung that beat one that won every game has its
// lower bound above that one's.
func TestLowerBoundsClimb(t *testing.T) {
	var r rating.Results
	r.Add("1k", "random", 100, 0, 0)
	r.Add("10k", "1k", 80, 20, 0)
	got, err := rating.Fit(&r, "random")
	if err != nil {
		t.Fatal(err)
	}
	if got[1].Player != "1k" || got[2].Player != "10k" {
		t.Fatalf("order %v", got)
	}
	if !(got[2].Lo > got[1].Lo+100) {
		t.Errorf("10k's lower bound %v not well above 1k's %v", got[2].Lo, got[1].Lo)
	}
}

// TestScoreEquations checks the defining property of the maximum-
// likelihood fit: every player's expected score equals the actual one.
func TestScoreEquations(t *testing.T) {
	var r rating.Results
	r.Add("a", "random", 30, 10, 2)
	r.Add("b", "random", 40, 5, 0)
	r.Add("b", "a", 25, 15, 5)
	r.Add("c", "b", 12, 8, 0)
	r.Add("c", "a", 9, 1, 0)
	got, err := rating.Fit(&r, "random")
	if err != nil {
		t.Fatal(err)
	}
	elo := map[string]float64{}
	for _, g := range got {
		elo[g.Player] = g.Elo
	}
	for _, g := range got {
		want := 0.0
		for _, o := range got {
			if o.Player == g.Player {
				continue
			}
			_, n := r.Pair(g.Player, o.Player)
			want += float64(n) * rating.Expected(elo[g.Player], elo[o.Player])
		}
		if math.Abs(want-g.Points) > 1e-6 {
			t.Errorf("%s: expected score %v, actual %v", g.Player, want, g.Points)
		}
		if g.Player != "random" && !(g.Lo < g.Elo && g.Elo < g.Hi) {
			t.Errorf("%s: interval (%v, %v) around %v", g.Player, g.Lo, g.Hi, g.Elo)
		}
	}
}

func TestPair(t *testing.T) {
	var r rating.Results
	r.Add("a", "b", 3, 1, 2)
	r.AddScore("b", "a", 1, 2)
	if p, n := r.Pair("a", "b"); p != 5 || n != 8 {
		t.Errorf("Pair(a, b) = %v, %v; want 5, 8", p, n)
	}
	if p, n := r.Pair("b", "a"); p != 3 || n != 8 {
		t.Errorf("Pair(b, a) = %v, %v; want 3, 8", p, n)
	}
}

func ExampleFit() {
	var r rating.Results
	r.Add("1k", "random", 100, 0, 0) // won every game
	r.Add("10k", "1k", 75, 25, 0)
	ratings, err := rating.Fit(&r, "random")
	if err != nil {
		panic(err)
	}
	for _, x := range ratings {
		fmt.Printf("%-6s %3d games  Elo %v (95%%: %.0f to %v)\n", x.Player, x.Games, x.Elo, x.Lo, x.Hi)
	}
	// Output:
	// random 100 games  Elo 0 (95%: 0 to 0)
	// 1k     200 games  Elo +Inf (95%: 685 to +Inf)
	// 10k    100 games  Elo +Inf (95%: 867 to +Inf)
}
