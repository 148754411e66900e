package playout

import "moku/board"

// Replies is a table of last good replies (Drake, "The Last-Good-Reply
// Policy for Monte-Carlo Go", ICGA Journal 2009, with the forgetting of
// Baier and Drake, "The Power of Forgetting", 2010): for each of two
// players and each point, where that player last answered a placement on
// the point in a playout it won. A board of the tactical policy that has
// a table (Replier) plays the stored answer to the last placement when it
// may, after its answers to atari and before its shapes; after each
// playout the search stores the winner's answers and forgets the
// loser's, so the playouts learn, as a search goes on, the answers that
// win below its position.
type Replies struct {
	n     int
	reply []int32 // by (colour-1)*n + point: the answer, or -1
}

// NewReplies returns an empty table for a board of n points.
func NewReplies(n int) *Replies {
	t := &Replies{n: n, reply: make([]int32, 2*n)}
	t.Reset()
	return t
}

// Reset empties the table.
func (t *Replies) Reset() {
	for i := range t.reply {
		t.reply[i] = -1
	}
}

// Reply returns c's stored answer to a placement on point p, or -1.
func (t *Replies) Reply(c board.Color, p int) int {
	if c != board.Black && c != board.White || p < 0 || p >= t.n {
		return -1
	}
	return int(t.reply[int(c-1)*t.n+p])
}

// Learn takes in a two-player playout's placements and who won it (1 for
// the winner, 0 for the loser; a tie teaches nothing): each answer of the
// winner to the placement before it is stored, and each answer of the
// loser that the table holds is forgotten.
func (t *Replies) Learn(steps []Step, won [board.MaxPlayers + 1]float64) {
	for i := 1; i < len(steps); i++ {
		prev, cur := steps[i-1], steps[i]
		if prev.Color == cur.Color || cur.Color != board.Black && cur.Color != board.White {
			continue
		}
		k := int(cur.Color-1)*t.n + int(prev.Point)
		switch won[cur.Color] {
		case 1:
			t.reply[k] = cur.Point
		case 0:
			if t.reply[k] == cur.Point {
				t.reply[k] = -1
			}
		}
	}
}

// Replier is a board whose tactical policy can play the answers of a
// table of last good replies.
type Replier interface {
	Tactical
	// SetReplies gives the board a table to consult (nil: none).
	SetReplies(t *Replies)
}
