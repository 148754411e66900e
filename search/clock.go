package search

import (
	"sync"
	"time"

	"moku/board"
	"moku/game"
)

// Clock is a time manager for GTP's time_settings and time_left: it keeps
// each player's time left (and the stones left in a Canadian byo-yomi
// period) and gives each move a share that cannot run out. Without
// settings (or with main time and byo-yomi both zero, GTP's "no time
// limit") it imposes nothing.
type Clock struct {
	mu        sync.Mutex
	main, byo time.Duration
	stones    int
	// Each player's, by colour.
	left       [board.MaxPlayers + 1]time.Duration
	leftStones [board.MaxPlayers + 1]int // stones left in the byo-yomi period, 0 in main time
	// Margin is kept back from every budget for the transport and the
	// controller (default 0.2 s).
	Margin time.Duration
}

// Settings sets the time system (GTP time_settings): main time, then
// Canadian byo-yomi periods of byo for stones moves (stones == 0: none).
// As in GTP, main == 0 with no byo-yomi means no time limit. Every player
// starts with the same time.
func (c *Clock) Settings(main, byo time.Duration, stones int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.main, c.byo, c.stones = main, byo, stones
	for p := range c.left {
		c.left[p], c.leftStones[p] = main, 0
		if main == 0 && stones > 0 {
			c.left[p], c.leftStones[p] = byo, stones
		}
	}
}

// Copy returns a clock with c's settings and time left, which later
// changes to either do not affect.
func (c *Clock) Copy() *Clock {
	c.mu.Lock()
	defer c.mu.Unlock()
	return &Clock{main: c.main, byo: c.byo, stones: c.stones, left: c.left, leftStones: c.leftStones, Margin: c.Margin}
}

// Left records the controller's word on player p's time left (GTP
// time_left): stones > 0 means in byo-yomi with that many moves to make.
func (c *Clock) Left(p board.Color, left time.Duration, stones int) {
	if p > board.MaxPlayers {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.left[p], c.leftStones[p] = left, stones
}

// Spent deducts the time a move of player p took, entering byo-yomi when
// main time is gone.
func (c *Clock) Spent(p board.Color, d time.Duration) {
	if p > board.MaxPlayers {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.left[p] -= d
	switch {
	case c.leftStones[p] > 0:
		c.leftStones[p]--
		if c.leftStones[p] == 0 {
			c.left[p], c.leftStones[p] = c.byo, c.stones
		}
	case c.left[p] <= 0 && c.stones > 0:
		c.left[p], c.leftStones[p] = c.byo, c.stones
	}
}

// Budget returns the thinking time for the next move of s, from the time
// left to the player to move, and false when there is no time limit.
func (c *Clock) Budget(s game.State) (time.Duration, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.main == 0 && (c.byo == 0 || c.stones == 0) {
		return 0, false
	}
	p := s.ToMove()
	if p > board.MaxPlayers {
		return 0, false
	}
	left, leftStones := c.left[p], c.leftStones[p]
	margin := c.Margin
	if margin == 0 {
		margin = 200 * time.Millisecond
	}
	var d time.Duration
	if leftStones > 0 {
		d = left / time.Duration(leftStones)
	} else {
		empty := 0
		for i := 0; i < s.Graph().N(); i++ {
			if s.At(i) == board.Empty {
				empty++
			}
		}
		// The player's own moves still to come: about half the empty
		// points (split among the players), at least 10.
		moves := max(10, empty/s.Rules().Players)
		d = left / time.Duration(moves)
		if c.stones > 0 {
			// With byo-yomi to fall back on, spend a period's share too.
			d += c.byo / time.Duration(c.stones) / 2
		}
	}
	d -= margin
	if d < 20*time.Millisecond {
		d = 20 * time.Millisecond
	}
	return d, true
}
