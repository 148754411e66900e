// Package computer is the computer at the web app's table: the strength
// levels a computer seat plays at, each a session.Player made of the
// search (package search) for its moves, its side of Keil's komi pie and
// its judgement of dead stones, and the analysis of a game's positions.
//
// Start with New (the player of a level) and Levels; Analyze judges a
// position for the web app's analysis.
package computer

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"moku/board"
	"moku/game"
	"moku/rules"
	"moku/search"
	"moku/session"
)

// Levels are the strengths the web app offers for computer seats, weakest
// first: the random player, then the search at growing budgets of
// playouts, so that a level's strength, and its rating anchor, do not
// depend on the machine or its load.
var Levels = []string{"random", "1k playouts", "10k playouts", "30k playouts"}

// Tuned are the games whose search levels play tuned (search.Options.Tune,
// where the search has a tuning for the game and board: 9x9 Go and Ki
// 11x11) but without the kept tree (search.Options.ForgetTree), which
// would hold a search tree for each game between its moves. Their anchors
// were measured so (rungs tN in results/anchors). Other games, and boards
// without a tuning, play search.DefaultOptions: Kee among them, whose
// anchors were measured untuned, though the search has a tuning for
// two-player Kee 9x9.
var Tuned = map[string]bool{"go": true, "ki": true}

// Retired are levels no longer offered that New still makes, for the
// games stored with them: "2 s a move", the top level until 25 November
// 2026, whose strength depended on the server's load.
var Retired = []string{"2 s a move"}

// JudgePlayouts is the number of playouts by which a computer seat
// estimates which stones are dead when play has stopped (search.Playouts).
const JudgePlayouts = 2000

// AnalysisPlayouts is the search budget of each position in the web app's
// analysis of a game.
const AnalysisPlayouts = 600

// Player is a computer seat at one level (session.Player).
type Player struct {
	game.Player                // its moves
	judge       game.Estimator // its estimate of a game whose play has stopped
	pie         search.Options // the search of its komi-pie decisions
}

// New returns the computer player of a level for games under ruleset r.
func New(level string, r rules.Ruleset) (session.Player, error) {
	seed := uint64(time.Now().UnixNano())
	o := search.DefaultOptions()
	o.Seed, o.Tuned, o.ForgetTree = seed, Tuned[r.Game], true
	pie := search.DefaultOptions()
	pie.Seed, pie.Resign, pie.Playouts = seed, false, 1000
	var mover game.Player
	switch level {
	case "random":
		mover = game.RandomPlayer{Rand: rand.New(rand.NewPCG(seed, 1))}
	case "1k playouts":
		o.Playouts = 1000
	case "10k playouts":
		o.Playouts, pie.Playouts = 10000, 10000
	case "30k playouts":
		o.Playouts, pie.Playouts = 30000, 10000
	case "2 s a move":
		o.Playouts, o.Time = 0, 2*time.Second
		pie.Playouts, pie.Time = 0, 2*time.Second
	default:
		return nil, fmt.Errorf("unknown level %q (known: %s)", level, strings.Join(Levels, ", "))
	}
	if mover == nil {
		mover = search.New(o)
	}
	return Player{Player: mover, judge: search.Playouts{N: JudgePlayouts, Seed: seed}, pie: pie}, nil
}

// TimeLeft keeps the next move within the time its seat has left
// (session.TimedPlayer): the search thinks no longer than its share of it
// (search.Clock), and no more playouts than its level's.
func (p Player) TimeLeft(main, period time.Duration) {
	sp, ok := p.Player.(*search.Player)
	if !ok {
		return
	}
	sp.Clock = &search.Clock{}
	if period > 0 {
		sp.Clock.Settings(main, period, 1) // with main 0, in the period
		return
	}
	sp.Clock.Settings(max(main, time.Millisecond), 0, 0) // 0 would mean no limit
}

// Estimate judges a game whose play has stopped by playouts from the
// position as it stands.
func (p Player) Estimate(s game.State) (game.Estimate, error) { return p.judge.Estimate(s) }

// ProposeKomi names the komi its search believes balances the game.
func (p Player) ProposeKomi(s game.State) (float64, error) {
	prop, err := search.ProposeKomi(s, p.pie)
	return prop.Komi, err
}

// ChooseColor chooses the colour its search believes the better under komi.
func (p Player) ChooseColor(s game.State, komi float64) (board.Color, error) {
	c, _, err := search.ChooseColor(s, komi, p.pie)
	return c, err
}

// MultiAnalysisPlayouts is the number of playouts by which Analyze
// estimates a position of three or four players.
const MultiAnalysisPlayouts = 2000

// Analyze estimates a position for the web app's analysis: of a two-player
// game by the search (AnalysisPlayouts), from Black's side, with both
// players' win rates; of three or four players by playouts from the
// position (MultiAnalysisPlayouts: search.Playouts), each player's chance
// of winning, expected score and share of each point.
func Analyze(s game.State) (game.Estimate, error) {
	if s.Rules().Players > 2 {
		return search.Playouts{N: MultiAnalysisPlayouts, Seed: uint64(time.Now().UnixNano())}.Estimate(s)
	}
	return search.EstimateBlack(s, AnalysisPlayouts)
}
