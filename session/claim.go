package session

import (
	"fmt"
	"slices"
	"time"

	"moku/board"
	"moku/game"
)

// AbandonAfter is how long the player to move of a game without a clock
// may stay silent before another player may end its game (Claim).
const AbandonAfter = 7 * 24 * time.Hour

// Abandoned returns the seats whose game was ended by a claim, in order.
func (g *Game) Abandoned() []int { return slices.Clone(g.abandoned) }

// SilentSince returns when seat last acted (or its turn began, whichever
// is later): the silence a claim measures.
func (g *Game) SilentSince(seat int) time.Time {
	t := g.turnStart
	if seat >= 0 && seat < len(g.lastActed) && g.lastActed[seat].After(t) {
		t = g.lastActed[seat]
	}
	return t
}

// claim ends the turn of the seat to move of a game without a clock,
// silent for AbandonAfter by a.At, at the request of another player
// (a.Seat): with two players the silent one loses the game ("W+F"); with
// more it leaves, as after a resignation, and the others play on. In
// Keil's komi pie, where no clock runs, it ends the game of a seat silent
// as long whatever the clock: the game starts (under the komi named, if
// any, the silent seat as the first colour, as none was chosen) and the
// silent seat loses it.
func (g *Game) claim(a Action) error {
	if g.cfg.Clock.Kind != NoClock && g.phase != Setup {
		return fmt.Errorf("a game with a clock ends by its clock, not by a claim")
	}
	if g.phase != Playing && g.phase != Setup {
		return fmt.Errorf("the game is not in play (%s)", g.phase)
	}
	silent := g.ToMove()
	if silent == a.Seat {
		return fmt.Errorf("it is your own turn")
	}
	since := g.SilentSince(silent)
	if quiet := a.At.Sub(since); quiet < AbandonAfter {
		return fmt.Errorf("%s has been silent for %v, less than %v: a claim can be made from %s",
			g.colors[silent], quiet.Round(time.Minute), AbandonAfter, since.Add(AbandonAfter).UTC().Format(time.RFC3339))
	}
	if g.phase == Setup {
		r := g.r
		if g.pieKomi != "" {
			if err := r.Set("komi", g.pieKomi); err != nil {
				return err
			}
		}
		if err := g.start(r); err != nil {
			return err
		}
		// No colour was chosen: the silent seat takes the first, to
		// resign it at once.
		g.colors[silent], g.colors[1-silent] = board.Black, board.White
	}
	if err := g.state.Play(game.ResignMove); err != nil {
		return err
	}
	g.abandoned = append(g.abandoned, silent)
	g.turnStart, g.undoBy = a.At, -1
	if g.state.Over() {
		res := g.state.Result()
		res.Reason = game.AbandonReason
		g.final, g.phase = &res, Over
	}
	return nil
}
