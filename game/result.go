package game

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"moku/board"
)

// Result is the count of a position, or the outcome of a finished game.
// Arrays are indexed by colour (index 0, Empty, is unused).
type Result struct {
	Over    bool
	Reason  string // why it ended: "passes", "resignation", "board full", "recurring position", TimeReason; "" while in progress
	Players int

	Stones    [board.MaxPlayers + 1]int     // stones on the board
	Territory [board.MaxPlayers + 1]int     // empty points counted for the player
	Bonus     [board.MaxPlayers + 1]float64 // komi and button
	Score     [board.MaxPlayers + 1]float64 // Stones + Territory + Bonus

	// Resigned lists the players who resigned, in order.
	Resigned []board.Color
}

// TimeReason is the Reason of a game a player lost on time: the player is
// listed in Resigned, and a two-player result reads "B+T" or "W+T".
const TimeReason = "time"

// AbandonReason is the Reason of a game a player lost by leaving it: the
// player to move of a game without a clock, silent for days, whose game
// another player ended. The player is listed in Resigned, and a
// two-player result reads "B+F" or "W+F" (SGF's forfeit).
const AbandonReason = "abandoned"

// Total returns player c's score.
func (r Result) Total(c board.Color) float64 { return r.Score[c] }

// Rank returns each player's rank (1 is best; equal scores share a rank;
// players who resigned rank below all others, the latest to resign highest).
// The array is indexed by colour.
func (r Result) Rank() [board.MaxPlayers + 1]int {
	var rank [board.MaxPlayers + 1]int
	order := r.Order()
	for i, c := range order {
		rank[c] = i + 1
		if i > 0 && !r.resigned(c) && !r.resigned(order[i-1]) && r.Score[c] == r.Score[order[i-1]] {
			rank[c] = rank[order[i-1]]
		}
	}
	return rank
}

// Order returns the players from first to last place.
func (r Result) Order() []board.Color {
	var order []board.Color
	for c := board.Black; int(c) <= r.Players; c++ {
		if !r.resigned(c) {
			order = append(order, c)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return r.Score[order[i]] > r.Score[order[j]] })
	for i := len(r.Resigned) - 1; i >= 0; i-- {
		order = append(order, r.Resigned[i])
	}
	return order
}

func (r Result) resigned(c board.Color) bool {
	for _, x := range r.Resigned {
		if x == c {
			return true
		}
	}
	return false
}

// Winner returns the player ranked first alone, or Empty for a tie.
func (r Result) Winner() board.Color {
	rank := r.Rank()
	winner := board.Empty
	for c := board.Black; int(c) <= r.Players; c++ {
		if rank[c] == 1 {
			if winner != board.Empty {
				return board.Empty
			}
			winner = c
		}
	}
	return winner
}

// String writes a two-player result as GTP and SGF do: "B+3.5", "W+R" for
// a resignation, "0" for a tie. With more players it lists the ranking:
// "1. black 12, 2. white 9, 2. red 9".
func (r Result) String() string {
	if r.Players == 2 {
		w := r.Winner()
		if w == board.Empty {
			return "0"
		}
		if len(r.Resigned) > 0 {
			if r.Reason == TimeReason {
				return w.Letter() + "+T"
			}
			if r.Reason == AbandonReason {
				return w.Letter() + "+F"
			}
			return w.Letter() + "+R"
		}
		return w.Letter() + "+" + strconv.FormatFloat(r.Score[w]-r.Score[3-w], 'f', -1, 64)
	}
	rank := r.Rank()
	var parts []string
	for _, c := range r.Order() {
		s := fmt.Sprintf("%d. %s %s", rank[c], c, strconv.FormatFloat(r.Score[c], 'f', -1, 64))
		if r.resigned(c) {
			s = fmt.Sprintf("%d. %s resigned", rank[c], c)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// Breakdown writes every player's score in full, e.g.
// "black 40 = 30 stones + 10 territory; white 41.5 = 28 stones + 13 territory + 0.5 bonus".
func (r Result) Breakdown() string {
	var parts []string
	for c := board.Black; int(c) <= r.Players; c++ {
		s := fmt.Sprintf("%s %s = %d stones + %d territory", c, strconv.FormatFloat(r.Score[c], 'f', -1, 64), r.Stones[c], r.Territory[c])
		if r.Bonus[c] != 0 {
			s += " + " + strconv.FormatFloat(r.Bonus[c], 'f', -1, 64) + " komi/button"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}
