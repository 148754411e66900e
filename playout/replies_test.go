package playout

import (
	"testing"

	"moku/board"
)

// Learn stores the winner's answers and forgets the loser's that the
// table holds; a tie teaches nothing.
func TestRepliesLearn(t *testing.T) {
	tab := NewReplies(9)
	black, white := board.Black, board.White
	var bWins, wWins, tie [board.MaxPlayers + 1]float64
	bWins[black], wWins[white] = 1, 1
	tie[black], tie[white] = 0.5, 0.5
	game1 := []Step{{Point: 0, Color: black}, {Point: 1, Color: white}, {Point: 2, Color: black}, {Point: 3, Color: white}}
	tab.Learn(game1, bWins)
	for _, c := range []struct {
		c        board.Color
		p, reply int
	}{{black, 1, 2}, {white, 0, -1}, {white, 2, -1}} {
		if got := tab.Reply(c.c, c.p); got != c.reply {
			t.Errorf("after Black's win: %v's answer to %d is %d, want %d", c.c, c.p, got, c.reply)
		}
	}
	tab.Learn(game1, tie)
	if got := tab.Reply(black, 1); got != 2 {
		t.Errorf("a tie changed Black's answer to 1: %d", got)
	}
	// White wins the same game: Black's answer 2 to 1 is forgotten, and
	// White's answers are stored.
	tab.Learn(game1, wWins)
	if got := tab.Reply(black, 1); got != -1 {
		t.Errorf("Black's losing answer to 1 kept: %d", got)
	}
	if got := tab.Reply(white, 2); got != 3 {
		t.Errorf("White's winning answer to 2: %d, want 3", got)
	}
	// A losing answer other than the stored one leaves it.
	tab.Learn([]Step{{Point: 2, Color: black}, {Point: 5, Color: white}}, bWins)
	if got := tab.Reply(white, 2); got != 3 {
		t.Errorf("a different losing answer removed White's answer to 2: %d", got)
	}
	// Two placements of one colour in a row (a pass between) teach nothing.
	tab.Learn([]Step{{Point: 4, Color: black}, {Point: 6, Color: black}}, bWins)
	if got := tab.Reply(black, 4); got != -1 {
		t.Errorf("an answer to one's own placement stored: %d", got)
	}
	tab.Reset()
	if got := tab.Reply(white, 2); got != -1 {
		t.Errorf("Reset left %d", got)
	}
}

// The tactical policy plays the stored answer to the last placement when
// it may, after answers to atari; with no table, or an answer it may not
// play, it does not; and its playouts stay legal.
func TestReplyMove(t *testing.T) {
	s, b := squareAfter(t, "d4", "c3")
	g := s.Graph()
	at := func(name string) int { return pointOf(t, g, name) }
	if b.replies != nil || b.last < 0 {
		t.Fatal("a new board has a table, or no last placement")
	}
	tab := NewReplies(g.N())
	b.SetReplies(tab)
	if x := b.replyMove(); x != -1 {
		t.Errorf("an empty table answers %d", x)
	}
	var won [board.MaxPlayers + 1]float64
	won[board.Black] = 1
	tab.Learn([]Step{{Point: int32(at("c3")), Color: board.White}, {Point: int32(at("e5")), Color: board.Black}}, won)
	if x := b.replyMove(); x < 0 || g.Name(int(b.toExt[x])) != "e5" {
		t.Errorf("the stored answer e5 to c3 not played: %d", x)
	}
	// An occupied answer is not played.
	tab.Learn([]Step{{Point: int32(at("c3")), Color: board.White}, {Point: int32(at("d4")), Color: board.Black}}, won)
	if x := b.replyMove(); x != -1 {
		t.Errorf("the occupied answer d4 played: %d", x)
	}
	// Playouts with a table that learns as they go stay legal.
	tab.Reset()
	replayPlayouts(t, "go ko=none", "9x9", withReplies(NewSquare(start(t, "go ko=none", "9x9").Graph(), false, 0)), 200, 13)
}

// withReplies returns b with the tactical policy and a table of last
// good replies that learns from every playout b plays.
func withReplies(b *SquareBoard) fastBoard {
	b.SetHeavy(true)
	tab := NewReplies(len(b.toInt))
	b.SetReplies(tab)
	return &learning{SquareBoard: b, tab: tab}
}

// learning is a SquareBoard whose playouts teach its table.
type learning struct {
	*SquareBoard
	tab *Replies
}

func (l *learning) Playout(r *Rand) int {
	n := l.SquareBoard.Playout(r)
	score := l.Score()
	l.tab.Learn(l.Steps(), Winners(score, 2))
	return n
}
