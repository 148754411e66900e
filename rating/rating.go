// Package rating fits Bradley–Terry (Elo) ratings to pairwise results by
// maximum likelihood and gives each rating a 95% profile-likelihood
// interval (Fit: the ladder of moku's engines), and rates players game by
// game with Glicko-2 (Glicko.Update: the players of the web app).
//
// Start with Results.Add (the games) and Fit (the ratings); Format writes
// an Elo difference.
//
// The model: player i beats player j with probability
// 1/(1+10^(-(Ri-Rj)/400)), Ri and Rj being Elo ratings; a draw counts as half
// a win and half a loss. One player, the anchor, is held at 0, so every
// rating is a difference from it.
//
// A player who won (or lost) every game against the rest has no finite
// maximum-likelihood rating: the likelihood keeps rising as the rating
// goes to +inf (-inf). Fit reports that honestly: the estimate is ±Inf and
// only the other end of the interval is a number (a one-sided bound). In
// the search the ratings are kept within ±Bound Elo of the anchor (a
// rating there counts as infinite); at a difference of 4000 Elo a loss has
// probability 10^-10, so the box changes the likelihood by far less than
// the numbers reported.
//
// Intervals are profile-likelihood intervals: the ratings r of player i for
// which twice the log-likelihood, maximized over the other ratings with
// Ri = r held fixed, is within 3.84 (the 95% point of chi-squared with one
// degree of freedom) of its maximum. Unlike intervals from the observed
// information (estimate ± 1.96 standard errors) they are not symmetric, and
// they stay meaningful when a player won every game.
package rating

import (
	"errors"
	"fmt"
	"math"
	"sort"
)

// Bound is how far from the anchor, in Elo, a rating may go in the fit;
// a rating at the bound is reported as infinite.
const Bound = 4000

// ChiSquare95 is the 95% point of the chi-squared distribution with one
// degree of freedom: the drop in twice the log-likelihood that bounds a
// 95% profile-likelihood interval.
const ChiSquare95 = 3.841458820694124

// eloUnit is the natural-log logit of one Elo point.
var eloUnit = math.Ln10 / 400

// Results holds pairwise results between named players. The zero value is
// empty and ready to use.
type Results struct {
	names []string
	index map[string]int
	score map[[2]int]float64 // score[{i, j}]: i's points against j (i < j)
	games map[[2]int]float64 // games between i and j (i < j)
}

// Add records games between a and b: a won wins, lost losses and drew
// draws of them (a draw counts half a point to each).
func (r *Results) Add(a, b string, wins, losses, draws int) {
	r.AddScore(a, b, float64(wins)+float64(draws)/2, wins+losses+draws)
}

// AddScore records games between a and b in which a scored points (a win
// is 1, a draw 1/2).
func (r *Results) AddScore(a, b string, points float64, games int) {
	i, j := r.id(a), r.id(b)
	if i > j {
		i, j = j, i
		points = float64(games) - points
	}
	r.score[[2]int{i, j}] += points
	r.games[[2]int{i, j}] += float64(games)
}

func (r *Results) id(name string) int {
	if r.index == nil {
		r.index = map[string]int{}
		r.score = map[[2]int]float64{}
		r.games = map[[2]int]float64{}
	}
	if i, ok := r.index[name]; ok {
		return i
	}
	r.index[name] = len(r.names)
	r.names = append(r.names, name)
	return len(r.names) - 1
}

// Players returns the players' names in the order they first appeared.
func (r *Results) Players() []string { return append([]string(nil), r.names...) }

// Pair returns a's points and the number of games between a and b.
func (r *Results) Pair(a, b string) (points float64, games int) {
	i, ok1 := r.index[a]
	j, ok2 := r.index[b]
	if !ok1 || !ok2 || i == j {
		return 0, 0
	}
	if i < j {
		return r.score[[2]int{i, j}], int(r.games[[2]int{i, j}])
	}
	n := r.games[[2]int{j, i}]
	return n - r.score[[2]int{j, i}], int(n)
}

// Rating is one player's fitted rating.
type Rating struct {
	Player string
	// Elo is the maximum-likelihood rating, the anchor's being 0; +Inf
	// (-Inf) if the likelihood rises without bound as it grows (falls).
	Elo float64
	// Lo and Hi bound the 95% profile-likelihood interval; -Inf or +Inf
	// where the interval is open on that side (e.g. Hi for a player who
	// won every game).
	Lo, Hi float64
	Games  int     // games played, against anyone
	Points float64 // points scored in them (a draw is 1/2)
}

// Fit returns every player's rating, the anchor's fixed at 0, sorted from
// the lowest rating to the highest (a rating that is not determined, NaN,
// last). It fails if the anchor has no games or some player is not linked
// to the anchor by a chain of games (then the difference is not determined
// by the results).
//
// Which ratings are infinite follows from who scored against whom: a
// player is finite iff a chain of players each of whom scored (won or
// drew) against the next leads from it to the anchor and another from the
// anchor back to it. If only the first chain exists the rating is +Inf,
// if only the second -Inf, and if neither it is not determined (NaN, with
// the interval from -Inf to +Inf). The finite ratings are the maximum-
// likelihood fit of the games among the finite players (games with the
// infinitely stronger or weaker add nothing to the likelihood in the
// limit).
func Fit(r *Results, anchor string) ([]Rating, error) {
	a, ok := r.index[anchor]
	if !ok {
		return nil, fmt.Errorf("rating: the anchor %q has no games", anchor)
	}
	n := len(r.names)
	if err := r.connected(a); err != nil {
		return nil, err
	}
	// reach[i][j]: a chain of players each scoring against the next leads
	// from i to j.
	reach := make([][]bool, n)
	for i := range reach {
		reach[i] = make([]bool, n)
		reach[i][i] = true
	}
	for k, g := range r.games {
		s := r.score[k]
		if s > 0 {
			reach[k[0]][k[1]] = true
		}
		if g-s > 0 {
			reach[k[1]][k[0]] = true
		}
	}
	for k := range n {
		for i := range n {
			for j := range n {
				if reach[i][k] && reach[k][j] {
					reach[i][j] = true
				}
			}
		}
	}
	// The supremum of the log-likelihood is the sum of the maxima within
	// the strongly connected groups, each finite.
	group := make([]int, n)
	for i := range group {
		group[i] = -1
	}
	theta := make([]float64, n)
	best := 0.0
	for i := range n {
		if group[i] >= 0 {
			continue
		}
		fixed := map[int]float64{}
		for j := range n {
			if reach[i][j] && reach[j][i] {
				group[j] = i
			}
		}
		if group[a] == i {
			fixed[a] = 0
		} else {
			fixed[i] = 0
		}
		m := &model{r: r, n: n, fixed: fixed, in: func(j int) bool { return group[j] == i }}
		best += m.maximize(theta, 2*Bound*eloUnit)
	}
	start := make([]float64, n) // where the profiles start
	out := make([]Rating, n)
	full := &model{r: r, n: n}
	for i, name := range r.names {
		g, p := 0, 0.0
		for j := range n {
			if j != i {
				pts, k := r.Pair(name, r.names[j])
				g += k
				p += pts
			}
		}
		out[i] = Rating{Player: name, Games: g, Points: p}
		switch {
		case group[i] == group[a]:
			out[i].Elo = theta[i] / eloUnit
			start[i] = theta[i]
		case reach[i][a]:
			out[i].Elo = math.Inf(1)
			start[i] = Bound * eloUnit
		case reach[a][i]:
			out[i].Elo = math.Inf(-1)
			start[i] = -Bound * eloUnit
		default:
			out[i].Elo = math.NaN()
		}
	}
	for i := range out {
		if i != a {
			out[i].Lo, out[i].Hi = full.interval(i, a, start, best)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if math.IsNaN(out[j].Elo) {
			return !math.IsNaN(out[i].Elo)
		}
		return out[i].Elo < out[j].Elo
	})
	return out, nil
}

// connected checks that every player is linked to player a by games.
func (r *Results) connected(a int) error {
	seen := map[int]bool{a: true}
	stack := []int{a}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for k, g := range r.games {
			if g == 0 {
				continue
			}
			for _, p := range [][2]int{{k[0], k[1]}, {k[1], k[0]}} {
				if p[0] == i && !seen[p[1]] {
					seen[p[1]] = true
					stack = append(stack, p[1])
				}
			}
		}
	}
	for i, name := range r.names {
		if !seen[i] {
			return errors.New("rating: " + name + " is not linked to " + r.names[a] + " by any chain of games")
		}
	}
	return nil
}

// model is the log-likelihood in natural logits of the games between the
// players in (all if in is nil), the players in fixed held fixed.
type model struct {
	r     *Results
	n     int
	fixed map[int]float64
	in    func(int) bool
}

// counts reports whether the games between i and j count.
func (m *model) counts(i, j int) bool { return m.in == nil || m.in(i) && m.in(j) }

// logSigmoid returns log(1/(1+exp(-x))) without overflow.
func logSigmoid(x float64) float64 {
	if x > 0 {
		return -math.Log1p(math.Exp(-x))
	}
	return x - math.Log1p(math.Exp(x))
}

func sigmoid(x float64) float64 {
	if x > 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// logLik returns the log-likelihood of theta.
func (m *model) logLik(theta []float64) float64 {
	l := 0.0
	for k, g := range m.r.games {
		if !m.counts(k[0], k[1]) {
			continue
		}
		s := m.r.score[k]
		d := theta[k[0]] - theta[k[1]]
		l += s*logSigmoid(d) + (g-s)*logSigmoid(-d)
	}
	return l
}

// maximize moves theta (its fixed entries set from m.fixed) to the
// maximum of the log-likelihood with every free rating within ±box (in
// natural logits), by projected Newton steps, and returns the maximum.
func (m *model) maximize(theta []float64, box float64) float64 {
	for i, v := range m.fixed {
		theta[i] = v
	}
	free := func(i int) bool {
		_, f := m.fixed[i]
		return !f && (m.in == nil || m.in(i))
	}
	l := m.logLik(theta)
	grad := make([]float64, m.n)
	hess := make([][]float64, m.n)
	for i := range hess {
		hess[i] = make([]float64, m.n)
	}
	next := make([]float64, m.n)
	for iter := 0; iter < 500; iter++ {
		for i := range grad {
			grad[i] = 0
			clear(hess[i])
		}
		for k, g := range m.r.games {
			i, j := k[0], k[1]
			if !m.counts(i, j) {
				continue
			}
			p := sigmoid(theta[i] - theta[j])
			d := m.r.score[k] - g*p
			w := g * p * (1 - p)
			grad[i] += d
			grad[j] -= d
			hess[i][i] += w
			hess[j][j] += w
			hess[i][j] -= w
			hess[j][i] -= w
		}
		// The active set: free ratings at the box that the gradient
		// pushes further out.
		var act []int
		for i := range m.n {
			if !free(i) {
				continue
			}
			if (theta[i] >= box && grad[i] > 0) || (theta[i] <= -box && grad[i] < 0) {
				continue
			}
			act = append(act, i)
		}
		if len(act) == 0 {
			break
		}
		gmax := 0.0
		for _, i := range act {
			gmax = math.Max(gmax, math.Abs(grad[i]))
		}
		if gmax < 1e-10 {
			break
		}
		dir := newtonStep(hess, grad, act)
		slope := 0.0
		for _, i := range act {
			slope += grad[i] * dir[i]
		}
		if slope <= 0 { // not an ascent direction (numerical trouble): use the gradient
			clear(dir)
			for _, i := range act {
				dir[i] = grad[i]
			}
			slope = gmax * gmax
		}
		improved := false
		for t := 1.0; t > 1e-12; t /= 2 {
			copy(next, theta)
			for _, i := range act {
				next[i] = math.Max(-box, math.Min(box, theta[i]+t*dir[i]))
			}
			if nl := m.logLik(next); nl >= l+1e-4*t*slope || (nl > l && t < 1e-6) {
				improved = nl-l > 1e-14*math.Max(1, math.Abs(l))
				copy(theta, next)
				l = nl
				break
			}
		}
		if !improved {
			break
		}
	}
	return l
}

// newtonStep solves H[act][act] d = grad[act] (H being the negated
// Hessian, positive semi-definite) by Gaussian elimination, with a tiny
// ridge for near-singular systems; d is indexed like grad.
func newtonStep(hess [][]float64, grad []float64, act []int) []float64 {
	k := len(act)
	a := make([][]float64, k)
	for r, i := range act {
		a[r] = make([]float64, k+1)
		for c, j := range act {
			a[r][c] = hess[i][j]
		}
		a[r][r] += 1e-9 + 1e-12*hess[i][i]
		a[r][k] = grad[i]
	}
	for c := range k {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		for r := c + 1; r < k; r++ {
			f := a[r][c] / a[c][c]
			for cc := c; cc <= k; cc++ {
				a[r][cc] -= f * a[c][cc]
			}
		}
	}
	x := make([]float64, k)
	for r := k - 1; r >= 0; r-- {
		s := a[r][k]
		for c := r + 1; c < k; c++ {
			s -= a[r][c] * x[c]
		}
		x[r] = s / a[r][r]
	}
	d := make([]float64, len(grad))
	for r, i := range act {
		d[i] = x[r]
	}
	return d
}

// profile returns the deviance 2(best - max log-likelihood with player i
// at t), starting the other ratings from start. The others range over the
// wide box (±2 Bound), so that a player probed at the edge of the narrow
// one can keep the players above it above it.
func (m *model) profile(i, anchor int, t float64, start []float64, best float64) float64 {
	pm := &model{r: m.r, n: m.n, fixed: map[int]float64{anchor: 0, i: t}}
	theta := append([]float64(nil), start...)
	return 2 * (best - pm.maximize(theta, 2*Bound*eloUnit))
}

// interval returns the 95% profile-likelihood interval of player i's
// rating in Elo, given the fit theta and its log-likelihood best.
func (m *model) interval(i, anchor int, theta []float64, best float64) (lo, hi float64) {
	box := Bound * eloUnit
	end := func(dirn float64) float64 {
		edge := dirn * box
		if m.profile(i, anchor, edge, theta, best) < ChiSquare95 {
			return math.Inf(int(dirn))
		}
		in, out := math.Max(-box, math.Min(box, theta[i])), edge
		for range 100 {
			mid := (in + out) / 2
			if m.profile(i, anchor, mid, theta, best) < ChiSquare95 {
				in = mid
			} else {
				out = mid
			}
			if math.Abs(out-in) < 1e-6 {
				break
			}
		}
		return (in + out) / 2 / eloUnit
	}
	return end(-1), end(1)
}

// Expected returns the probability that a player rated a Elo beats one
// rated b (a draw counting half), as the model has it.
func Expected(a, b float64) float64 {
	return 1 / (1 + math.Pow(10, -(a-b)/400))
}

// Format writes an Elo rating or difference as a signed whole number:
// "+412", "-89", "0", "+inf", "-inf", and "?" for NaN.
func Format(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	case math.IsNaN(e):
		return "?"
	case math.Round(e) == 0:
		return "0"
	}
	return fmt.Sprintf("%+.0f", e)
}
