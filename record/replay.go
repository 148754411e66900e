package record

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"moku/board"
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
// agreed dead (rec may be nil), it lists them and counts them removed. It
// is StatusJudged without an estimator.
func Status(s game.State, rec *Record) string {
	out, _ := StatusJudged(s, rec, nil)
	return out
}

// StatusJudged is Status, and for a foreign Go record that ends in a count
// (see Record.Score) it counts area without the stones est judges dead,
// lists them and says under which rules it counted; with a record it
// compares the count with the record's RE. It fails only if est does.
func StatusJudged(s game.State, rec *Record, est game.Estimator) (string, error) {
	c := Count{Result: s.Result()}
	if rec != nil {
		var err error
		if c, err = rec.Score(s, est); err != nil {
			return "", err
		}
	}
	r := c.Result
	var b strings.Builder
	if c.Rules != "" {
		fmt.Fprintf(&b, "%s\n", c.Rules)
	}
	if len(c.Dead) > 0 || c.Judged {
		names := []string{}
		for _, q := range c.Dead {
			names = append(names, s.Graph().Name(q))
		}
		what := "agreed dead"
		if c.Judged {
			what = "judged dead (the record lists none)"
		}
		if len(names) == 0 {
			names = append(names, "none")
		}
		fmt.Fprintf(&b, "%s: %s\n", what, strings.Join(names, " "))
	}
	switch {
	case s.Over():
		fmt.Fprintf(&b, "game over (%s): %s\n", r.Reason, r)
	case c.Judged:
		fmt.Fprintf(&b, "%s to move, but the record's RE is a count: without the stones judged dead the board scores %s\n", s.ToMove(), r)
	default:
		fmt.Fprintf(&b, "%s to move; the board as it stands scores %s\n", s.ToMove(), r)
	}
	fmt.Fprintf(&b, "score: %s\n", r.Breakdown())
	if c.Versus != "" {
		fmt.Fprintf(&b, "%s\n", c.Versus)
	}
	return b.String(), nil
}

// A Count is how the game a record replays to was scored.
type Count struct {
	Result game.Result
	// Dead are the stones taken off the board before the count: the
	// players' (MKDEAD) or, if Judged, the estimator's.
	Dead   []int
	Judged bool
	// Rules says, for a judged count, under which rules it was made: the
	// record's RU and what moku made of it; "" otherwise.
	Rules string
	// Versus compares the count with the record's RE: "" if it has none.
	Versus string
}

// Score scores s, the game r replays to, as Result does, and compares the
// count with r's RE. A Go record of two players on a rectangle written by
// another program (no MKRU, no MKDEAD) counts dead stones it does not list:
// if it ends in a count (two passes, or an RE that is a score) and est is
// not nil, Score takes off the stones est judges dead (game.DeadStones)
// and counts area, whatever rules its RU names: area rules (Chinese, AGA,
// NZ, Ing, Tromp-Taylor) count so; territory rules (Japanese, Korean) are
// not moku's, and Rules says the count is area instead. Score fails only
// if est does.
func (r *Record) Score(s game.State, est game.Estimator) (Count, error) {
	c := Count{Result: r.Result(s), Dead: r.Dead}
	re, hasRE := r.Get("RE")
	_, counted := reMargin(re)
	removable, _ := s.(game.DeadRemovable)
	over := s.Over() && s.Result().Reason == "passes"
	if est != nil && removable != nil && !r.native && len(r.Dead) == 0 &&
		r.Rules.Game == "go" && r.Rules.Players == 2 && r.Board.Kind() == "rect" &&
		(over || !s.Over() && hasRE && counted) {
		e, err := est.Estimate(s)
		if err != nil {
			return Count{}, err
		}
		c.Dead, c.Judged = game.DeadStones(s, e), true
		c.Result = removable.ResultWithout(c.Dead)
		c.Rules = ruleNote(r.Get("RU"))
	}
	if hasRE {
		c.Versus = versus(re, c.Result)
	}
	return c, nil
}

// ruleNote says how a foreign Go record whose RU is ru (named: it has
// one) was counted.
func ruleNote(ru string, named bool) string {
	const how = "by area (stones and surrounded points), the stones judged dead taken off"
	if !named {
		return "the record names no rules (no RU): counted " + how
	}
	switch strings.ToLower(strings.TrimSpace(ru)) {
	case "chinese", "aga", "nz", "new zealand", "goe", "ing", "tromp-taylor", "tromp taylor", "tt":
		return fmt.Sprintf("RU[%s] is area counting: counted %s", ru, how)
	case "japanese", "jp", "korean", "kr":
		return fmt.Sprintf("RU[%s] counts territory, which moku does not: counted by area instead "+
			"(stones and surrounded points), the stones judged dead taken off; the two counts "+
			"usually differ by a point at most, more with seki", ru)
	}
	return fmt.Sprintf("RU[%s] is no ruleset moku knows: counted %s", ru, how)
}

// reMargin reads an RE value that is a count ("B+3.5", "W+12", "0",
// "Draw", "Jigo"): Black's margin. ok is false for anything else ("B+R",
// "W+T", "B+" with no margin, "?", "Void").
func reMargin(re string) (margin float64, ok bool) {
	v := strings.ToLower(strings.TrimSpace(re))
	switch v {
	case "0", "draw", "jigo", "d":
		return 0, true
	}
	if len(v) < 3 || (v[0] != 'b' && v[0] != 'w') || v[1] != '+' {
		return 0, false
	}
	m, err := strconv.ParseFloat(strings.TrimSpace(v[2:]), 64)
	if err != nil || m < 0 || math.IsInf(m, 0) || math.IsNaN(m) {
		return 0, false
	}
	if v[0] == 'w' {
		m = -m
	}
	return m, true
}

// versus compares the record's RE with a two-player count res.
func versus(re string, res game.Result) string {
	want, ok := reMargin(re)
	if !ok || res.Players != 2 || len(res.Resigned) > 0 {
		if strings.EqualFold(strings.TrimSpace(re), res.String()) {
			return fmt.Sprintf("RE[%s]: the same result", re)
		}
		return fmt.Sprintf("RE[%s]: the record's result, not a count to compare with %s", re, res)
	}
	got := res.Score[board.Black] - res.Score[board.White]
	if got == want {
		return fmt.Sprintf("RE[%s]: the count agrees", re)
	}
	diff := strconv.FormatFloat(math.Abs(got-want), 'f', -1, 64)
	winner := ""
	if (got > 0) != (want > 0) || (got == 0) != (want == 0) {
		winner = ", and a different result"
	}
	return fmt.Sprintf("RE[%s]: the record says %s, this count %s: %s points apart%s", re, marginText(want), res, diff, winner)
}

// marginText writes Black's margin as a result ("B+3.5", "W+2", "0").
func marginText(m float64) string {
	switch {
	case m > 0:
		return "B+" + strconv.FormatFloat(m, 'f', -1, 64)
	case m < 0:
		return "W+" + strconv.FormatFloat(-m, 'f', -1, 64)
	}
	return "0"
}
