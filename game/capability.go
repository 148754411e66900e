package game

import (
	"slices"

	"moku/board"
)

// The optional capabilities of a State. An engine implements those that
// its games have; code that needs one asks for it by name with a type
// assertion and says what it does without it.

// Recorded is a State whose history can lose moves (Kee's rescissions):
// Actions returns its whole record, every move made in order, so that
// playing them on a new game reproduces it. See the function Actions.
type Recorded interface {
	Actions() []Played
}

// Owned is a State that can say, for every point, the player it counts for
// in its Result: a stone's owner, or the player an empty region counts for,
// or board.Empty.
type Owned interface {
	// Owners appends every point's owner to dst and returns it.
	Owners(dst []board.Color) []board.Color
}

// DeadRemovable is a State that can be scored with stones agreed dead taken
// off the board (the agreement phase of Kee's K17a and of Go on a server),
// the position itself unchanged.
type DeadRemovable interface {
	// ResultWithout scores the position as if the stones on dead were
	// removed.
	ResultWithout(dead []int) Result
	// OwnersWithout appends every point's owner to dst, as Owners does,
	// with the stones on dead removed.
	OwnersWithout(dead []int, dst []board.Color) []board.Color
}

// Grouped is a State whose stones form groups that live and die together.
type Grouped interface {
	// Group returns the stones of the group on point q and its liberties,
	// or nil, nil if q is empty.
	Group(q int) (stones, liberties []int)
}

// Linking is a State whose adjacent stones and points connect only when
// linked (Keil).
type Linking interface {
	// Linked reports whether adjacent points a and b are linked.
	Linked(a, b int) bool
	// Witnesses returns the points whose stones link adjacent points a and
	// b (empty where they link for another reason, or do not link).
	Witnesses(a, b int) []int
}

// Controlled is a State whose points are controlled by a player (Ki).
type Controlled interface {
	// Controller returns the player who controls point q, or board.Empty.
	Controller(q int) board.Color
}

// Appealing is a State with appealing passes (Kee's K12-K14): an
// opponent's appealing pass puts a player's last stone play in question,
// and that player's next non-appealing pass rescinds it.
type Appealing interface {
	// UnderAppeal returns the stone play an appealing pass has put in
	// question: the last stone play of the history, when an opponent of
	// its player has made an appealing pass since and nobody has resigned
	// since. at is its index in Actions, appeals the opponents' appealing
	// passes since it, in order. While it stands, its player's
	// non-appealing pass rescinds it. ok is false when no play is in
	// question.
	UnderAppeal() (play Played, at int, appeals []Played, ok bool)
	// Rescinded reports, for each move of Actions, whether a rescission
	// has taken it out of the history (nil when the game has none).
	Rescinded() []bool
}

// Player chooses moves: the computer's side of a game.
type Player interface {
	// Name describes the player, e.g. "random" or "mcts 10000 playouts".
	Name() string
	// Genmove returns a legal move for the player to move in s, which is
	// not over. It may play and undo moves on s but must leave it as it was.
	Genmove(s State) (Move, error)
}

// Shares is, for one point, the fraction of the estimator's look-aheads in
// which each player owned it at the end (indexed by colour; index 0, Empty,
// is the share of nobody's).
type Shares [board.MaxPlayers + 1]float64

// Estimate is a computer's view of a position: how the game will end.
type Estimate struct {
	// WinRate is the first player's (Black's) chance of winning, in a
	// two-player game.
	WinRate float64 `json:"winRate"`
	// Margin is Black's expected score minus White's, in a two-player game.
	Margin float64 `json:"margin"`
	// Ownership is, per point, +1 Black's, -1 White's (two-player games).
	Ownership []float64 `json:"ownership"`
	// Owners is, per point, each player's share of ownership (any number
	// of players).
	Owners []Shares `json:"owners,omitempty"`
	// WinRates is each player's chance of winning, Black's first (index 0
	// is Black, 1 White, 2 Red, 3 Blue), in a game of any number of
	// players; a shared first place counts as a share of a win.
	WinRates []float64 `json:"winRates,omitempty"`
	// Scores is each player's expected final score, Black's first, where
	// the estimator knows it.
	Scores []float64 `json:"scores,omitempty"`
}

// Estimator estimates positions.
type Estimator interface {
	// Estimate looks ahead from s, which it leaves as it was, and says how
	// the game will end. s may be over (a game being scored): the
	// estimator then looks at the position as if play went on.
	Estimate(s State) (Estimate, error)
}

// EstimatorFunc is a function that is an Estimator.
type EstimatorFunc func(s State) (Estimate, error)

// Estimate calls f.
func (f EstimatorFunc) Estimate(s State) (Estimate, error) { return f(s) }

// DeadStones returns the stones an estimate of s says are dead: every
// stone of a group (Grouped, else the stone alone) whose colour owns its
// points in less than half the estimator's look-aheads on average. The
// points are in increasing order.
func DeadStones(s State, est Estimate) []int {
	n := s.Graph().N()
	if len(est.Owners) != n {
		return nil
	}
	grouped, _ := s.(Grouped)
	done := make([]bool, n)
	var dead []int
	for q := 0; q < n; q++ {
		c := s.At(q)
		if c == board.Empty || done[q] {
			continue
		}
		stones := []int{q}
		if grouped != nil {
			stones, _ = grouped.Group(q)
		}
		share := 0.0
		for _, p := range stones {
			done[p] = true
			share += est.Owners[p][c]
		}
		if share/float64(len(stones)) < 0.5 {
			dead = append(dead, stones...)
		}
	}
	slices.Sort(dead)
	return dead
}
