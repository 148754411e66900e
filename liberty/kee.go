package liberty

import (
	"errors"

	"moku/board"
	"moku/game"
)

// keeState holds what the Kee 2016 rules (K11-K14) add to a position:
// appeals, rescissions and the plays banned at each moment.
type keeState struct{}

var errKee = errors.New("the kee ruleset is not implemented yet (issue 3)")

func (p *Position) keePass() error                      { return errKee }
func (p *Position) keeAppeal(q int) error               { return errKee }
func (p *Position) keeUndo(last *ply)                   {}
func (p *Position) keePlaced()                          {}
func (p *Position) keeCycle(mover board.Color) string   { return errKee.Error() }
func (p *Position) appeals(dst []game.Move) []game.Move { return dst }
