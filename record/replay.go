package record

import (
	"bytes"
	"fmt"
	"strings"

	"moku/game"
)

// Replay replays the record in data, SGF (if it looks like SGF or name
// ends in .sgf) or a plain move list: for SGF the main line of its first
// game. It returns the game as far as its moves are legal and, for SGF,
// the record and the number of games in the file; err is the first
// illegal move's (s is then the position before it) or, with s nil, why
// nothing could be replayed.
func Replay(name string, data []byte) (s game.State, rec *Record, games int, err error) {
	if IsSGF(data) || strings.HasSuffix(strings.ToLower(name), ".sgf") {
		recs, err := ReadSGF(data)
		if err != nil {
			return nil, nil, 0, fmt.Errorf("%s: %v", name, err)
		}
		s, err := recs[0].Replay()
		if err != nil && s == nil {
			return nil, nil, 0, fmt.Errorf("%s: %v", name, err)
		}
		return s, recs[0], len(recs), err
	}
	ml, err := ParseMoveList(bytes.NewReader(data))
	if err != nil {
		return nil, nil, 0, fmt.Errorf("%s: %v", name, err)
	}
	if s, err = ml.Replay(); s == nil {
		return nil, nil, 0, err
	}
	return s, nil, 1, err
}

// Status describes where a game stands, in lines: who is to move, or the
// result, and the score's breakdown. With a record whose stones were
// agreed dead (rec may be nil), it lists them and counts them removed.
func Status(s game.State, rec *Record) string {
	r := s.Result()
	var b strings.Builder
	if rec != nil && len(rec.Dead) > 0 {
		r = rec.Result(s)
		var names []string
		for _, q := range rec.Dead {
			names = append(names, s.Graph().Name(q))
		}
		fmt.Fprintf(&b, "agreed dead: %s\n", strings.Join(names, " "))
	}
	if s.Over() {
		fmt.Fprintf(&b, "game over (%s): %s\n", r.Reason, r)
	} else {
		fmt.Fprintf(&b, "%s to move; the board as it stands scores %s\n", s.ToMove(), r)
	}
	fmt.Fprintf(&b, "score: %s\n", r.Breakdown())
	return b.String()
}
