package server

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"moku/board"
	"moku/game"
	"moku/record"
	"moku/session"
	"moku/solve"
)

// The analysis board's endpoints: the computer's evaluation of any
// position (POST /api/position/evaluate), the exact solver's value of a
// position with few empty points (POST /api/position/solve), the record
// of a main line with its variations (POST /api/record), and a record
// uploaded for review read as a main line and variations (POST
// /api/records/parse). Each is bounded: the body's size, the moves by
// the move limit (replayPosition), the CPU by the analysis slots
// (Options.MaxAnalyses) or the solver's single slot and its caps
// (Options.SolveNodes, Options.SolveTime), the requests by the client's
// action rate (Limits).

const (
	// MaxSolveEmpty is the most empty points a position may have for the
	// exact solver of the analysis board.
	MaxSolveEmpty = 16
	// DefaultSolveNodes is Options.SolveNodes's default: a few seconds of
	// the solver (70,000 to 200,000 nodes a second on 4x4 Go, on the
	// development machine with and without other work).
	DefaultSolveNodes = 500_000
	// DefaultSolveTime is Options.SolveTime's default.
	DefaultSolveTime = 10 * time.Second
	// MaxReviewLines caps the variations of a record read for review, and
	// of a record written from the analysis board.
	MaxReviewLines = 200
	// MaxRecordBytes caps an uploaded record and the body of POST
	// /api/record.
	MaxRecordBytes = 256 << 10
)

// openGame returns stored game id, locked, if the computer may judge its
// positions: not while people play it (analysisOpen). The caller unlocks
// it.
func (s *Server) openGame(ctx context.Context, id string) (*served, error) {
	sv, err := s.acquire(ctx, id)
	if err != nil {
		return nil, err
	}
	if sv.t.game.State() != nil && !analysisOpen(sv.t) {
		sv.mu.Unlock()
		return nil, fail(http.StatusForbidden, "the computer's judgement opens when the game is over: people are playing")
	}
	return sv, nil
}

// checkOpen refuses the computer's judgement of a position of stored
// game id while people play it; "" is no stored game.
func (s *Server) checkOpen(ctx context.Context, id string) error {
	if id == "" {
		return nil
	}
	sv, err := s.openGame(ctx, id)
	if err != nil {
		return err
	}
	sv.mu.Unlock()
	return nil
}

// reviewed reads a position request, replays it and checks that the
// computer may judge it.
func (s *Server) reviewed(w http.ResponseWriter, r *http.Request) (game.State, bool) {
	var req positionRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return nil, false
	}
	st, err := replayPosition(req)
	if err == nil {
		err = s.checkOpen(r.Context(), req.Game)
	}
	if err != nil {
		writeError(w, err)
		return nil, false
	}
	return st, true
}

// evaluationView is the computer's view of a position: Black's win rate
// and margin (two players), every player's win rate and expected score,
// ownership.
type evaluationView struct {
	Estimate
	Colors []string `json:"colors"` // the players, Black first
	ToMove string   `json:"toMove"`
}

// evaluate answers POST /api/position/evaluate: the estimator of the
// game analysis (Options.Analyze) on the position the request names,
// within the analysis slots (503 when they are all taken).
func (s *Server) evaluate(w http.ResponseWriter, r *http.Request) {
	if s.opt.Analyze == nil {
		writeError(w, fail(http.StatusNotImplemented, "this server offers no analysis"))
		return
	}
	st, ok := s.reviewed(w, r)
	if !ok {
		return
	}
	select {
	case s.analyses <- struct{}{}:
	default:
		writeError(w, fail(http.StatusServiceUnavailable, "the server is analysing as much as it can: try again in a moment"))
		return
	}
	est, err := s.estimate(st)
	<-s.analyses
	if err != nil {
		writeError(w, fail(http.StatusUnprocessableEntity, "%v", err))
		return
	}
	v := evaluationView{Estimate: est, Colors: []string{}}
	for c := board.Black; int(c) <= st.Rules().Players; c++ {
		v.Colors = append(v.Colors, c.String())
	}
	if !st.Over() {
		v.ToMove = st.ToMove().String()
	}
	writeJSON(w, http.StatusOK, v)
}

// solution is the exact solver's answer for a position.
type solution struct {
	// Value is Black's final score minus White's with perfect play from
	// the position; Margin the same for the player to move.
	Value   float64  `json:"value"`
	Margin  float64  `json:"margin"`
	ToMove  string   `json:"toMove"`
	Text    string   `json:"text"` // the value as moku writes it: "B+3", "W+0.5", "0"
	PV      []string `json:"pv"`
	Nodes   int64    `json:"nodes"`
	Seconds float64  `json:"seconds"`
}

// solvePosition answers POST /api/position/solve: the exact value of a
// two-player position with at most MaxSolveEmpty empty points, by one
// solver at a time on the server (503 while it runs) within
// Options.SolveNodes nodes.
func (s *Server) solvePosition(w http.ResponseWriter, r *http.Request) {
	st, ok := s.reviewed(w, r)
	if !ok {
		return
	}
	if p := st.Rules().Players; p != 2 {
		writeError(w, fail(http.StatusUnprocessableEntity, "the exact solver plays two-player games; this one has %d players", p))
		return
	}
	if n := st.Graph().N(); n > solve.MaxPoints {
		writeError(w, fail(http.StatusUnprocessableEntity, "the exact solver takes boards of at most %d points; %s has %d", solve.MaxPoints, st.Graph().Spec(), n))
		return
	}
	if st.Over() {
		writeError(w, fail(http.StatusBadRequest, "the game is over (%s): nothing is left to solve", st.Result()))
		return
	}
	empty := 0
	for p := 0; p < st.Graph().N(); p++ {
		if st.At(p) == board.Empty {
			empty++
		}
	}
	if empty > MaxSolveEmpty {
		writeError(w, fail(http.StatusBadRequest, "%d empty points: the exact solver takes positions with at most %d", empty, MaxSolveEmpty))
		return
	}
	select {
	case s.solving <- struct{}{}:
	default:
		writeError(w, fail(http.StatusServiceUnavailable, "the solver is working on another position: try again in a few seconds"))
		return
	}
	defer func() { <-s.solving }()
	// The search stops at the node cap, at the time cap, when its client
	// leaves and when the server closes.
	var stop, late atomic.Bool
	defer context.AfterFunc(r.Context(), func() { stop.Store(true) })()
	defer context.AfterFunc(s.ctx, func() { stop.Store(true) })()
	timer := time.AfterFunc(s.opt.SolveTime, func() { late.Store(true); stop.Store(true) })
	defer timer.Stop()
	res, err := solve.FromState(st, solve.Options{MaxNodes: s.opt.SolveNodes, Stop: &stop})
	bounds := func() string {
		return fmt.Sprintf("without the exact value (it lies between %s and %s)", solve.FormatValue(res.Lower), solve.FormatValue(res.Upper))
	}
	switch {
	case errors.Is(err, solve.ErrNodeLimit):
		writeError(w, fail(http.StatusUnprocessableEntity, "the solver stopped after %d nodes, this server's limit, %s", res.Nodes, bounds()))
		return
	case errors.Is(err, solve.ErrInterrupted) && late.Load():
		writeError(w, fail(http.StatusUnprocessableEntity, "the solver stopped after %v, this server's limit, %s", s.opt.SolveTime, bounds()))
		return
	case err != nil:
		writeError(w, fail(http.StatusUnprocessableEntity, "%v", err))
		return
	}
	v := solution{Value: res.Value, Margin: res.Value, ToMove: st.ToMove().String(), Text: solve.FormatValue(res.Value),
		PV: res.PV, Nodes: res.Nodes, Seconds: res.Seconds}
	if st.ToMove() != board.Black {
		v.Margin = -res.Value
	}
	if v.PV == nil {
		v.PV = []string{}
	}
	s.log.Info("solved", "empty", empty, "value", v.Text, "nodes", res.Nodes, "seconds", res.Seconds)
	writeJSON(w, http.StatusOK, v)
}

// lineView is a variation: the moves played after From moves of the main
// line.
type lineView struct {
	From  int      `json:"from"`
	Moves []string `json:"moves"`
}

// recordRequest is the body of POST /api/record: a main line (the
// position request's moves) and its variations.
type recordRequest struct {
	positionRequest
	Variations []lineView `json:"variations"`
}

// recordOfLines answers POST /api/record: the SGF record of the main
// line with its variations, each replayed. For a stored game (Game), the
// record is the game's own (players, date, result) with the variations
// added.
func (s *Server) recordOfLines(w http.ResponseWriter, r *http.Request) {
	var req recordRequest
	if err := readJSONLimit(w, r, &req, MaxRecordBytes); err != nil {
		writeError(w, err)
		return
	}
	if len(req.Variations) > MaxReviewLines {
		writeError(w, fail(http.StatusBadRequest, "%d variations: at most %d", len(req.Variations), MaxReviewLines))
		return
	}
	st, err := replayPosition(req.positionRequest)
	if err != nil {
		writeError(w, err)
		return
	}
	rec := record.FromState(st)
	name := "moku-review"
	if req.Game != "" {
		stored, err := s.storedRecord(r.Context(), req.Game)
		if err != nil {
			writeError(w, err)
			return
		}
		same := len(stored.Moves) == len(rec.Moves)
		for i := 0; same && i < len(rec.Moves); i++ {
			same = stored.Moves[i].Played == rec.Moves[i].Played
		}
		if !same {
			writeError(w, fail(http.StatusConflict, "the main line sent is not the game's (%d moves): reload it", len(stored.Moves)))
			return
		}
		rec, name = stored, "moku-"+req.Game+"-review"
	}
	main := game.Actions(st)
	for i, l := range req.Variations {
		if l.From < 0 || l.From > len(main) {
			writeError(w, fail(http.StatusBadRequest, "variation %d: from move %d, the main line has %d", i+1, l.From, len(main)))
			return
		}
		moves := append(append([]string{}, req.Moves[:l.From]...), l.Moves...)
		vst, err := replayPosition(positionRequest{Rules: req.Rules, Board: req.Board, Setup: req.Setup, Moves: moves})
		if err != nil {
			writeError(w, fail(http.StatusBadRequest, "variation %d: %v", i+1, err))
			return
		}
		if err := rec.AddLine(record.Line{From: l.From, Moves: game.Actions(vst)[l.From:]}); err != nil {
			writeError(w, fail(http.StatusBadRequest, "variation %d: %v", i+1, err))
			return
		}
	}
	w.Header().Set("Content-Type", "application/x-go-sgf; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name+".sgf"))
	w.Header().Set("Cache-Control", "no-store")
	rec.WriteSGF(w)
}

// reviewRecord is a record read for review: what the analysis board
// replays (position requests), the variations, and the root's text.
type reviewRecord struct {
	Rules      string            `json:"rules"`
	Board      string            `json:"board"`
	Setup      []string          `json:"setup,omitempty"`
	Moves      []string          `json:"moves"`
	Variations []lineView        `json:"variations"`
	Info       map[string]string `json:"info"`  // PB, PW, RE, DT, EV, GN, C... as text
	Games      int               `json:"games"` // games in the file
	Game       int               `json:"game"`  // the one read (1-based)
	Notes      []string          `json:"notes,omitempty"`
}

// infoProps are the root properties a review shows.
var infoProps = []string{"GN", "EV", "RO", "DT", "PC", "PB", "BR", "PW", "WR", "RE", "KM", "RU", "GC", "C", "AP"}

// parseRequest is the body of POST /api/records/parse.
type parseRequest struct {
	// SGF is the file's text (at most MaxRecordBytes).
	SGF string `json:"sgf"`
	// Game picks a game of a collection, 1-based; 0 is the first.
	Game int `json:"game"`
}

// parseRecord answers POST /api/records/parse: the record package reads
// the SGF file the request carries; its main line must replay within the
// server's caps; variations that do not replay are left out with a note.
func (s *Server) parseRecord(w http.ResponseWriter, r *http.Request) {
	var req parseRequest
	if err := readJSONLimit(w, r, &req, 2*MaxRecordBytes); err != nil {
		writeError(w, err)
		return
	}
	data := []byte(req.SGF)
	if len(data) > MaxRecordBytes {
		writeError(w, fail(http.StatusRequestEntityTooLarge, "a record of %d KiB: at most %d KiB can be reviewed", (len(data)+1023)>>10, MaxRecordBytes>>10))
		return
	}
	if !record.IsSGF(data) {
		writeError(w, fail(http.StatusBadRequest, "not an SGF record: an SGF file starts with \"(;\""))
		return
	}
	recs, err := record.ReadSGF(data)
	if err != nil {
		writeError(w, fail(http.StatusBadRequest, "the record cannot be read: %v", err))
		return
	}
	k := max(req.Game, 1)
	if k > len(recs) {
		writeError(w, fail(http.StatusBadRequest, "game %d: the file holds %d", k, len(recs)))
		return
	}
	v, err := reviewOf(recs[k-1])
	if err != nil {
		writeError(w, err)
		return
	}
	v.Games, v.Game = len(recs), k
	if len(recs) > 1 {
		v.Notes = append(v.Notes, fmt.Sprintf("game %d of the %d in the file", k, len(recs)))
	}
	writeJSON(w, http.StatusOK, v)
}

// reviewOf is rec as the analysis board replays it, within the server's
// board caps and move limit.
func reviewOf(rec *record.Record) (*reviewRecord, error) {
	unable := func(format string, a ...any) error { return fail(http.StatusUnprocessableEntity, format, a...) }
	g := rec.Board
	if g.Kind() == "graph" {
		return nil, unable("the record's board is a graph (%s): the analysis board shows the built-in boards", g.Spec())
	}
	if _, err := board.Builtin(g.Spec()); err != nil { // the built-in boards' size caps
		return nil, fail(http.StatusBadRequest, "%v", err)
	}
	if len(g.Start()) > 0 {
		return nil, unable("the record's board %s has a starting position of its own", g.Spec())
	}
	st, err := rec.Replay()
	if err != nil {
		return nil, unable("the record's main line does not replay: %v", err)
	}
	v := &reviewRecord{Rules: rec.Rules.String(), Board: g.Spec(), Moves: []string{}, Variations: []lineView{}, Info: map[string]string{}}
	for _, s := range rec.Setup {
		v.Setup = append(v.Setup, s.Color.Letter()+":"+g.Name(s.Point))
	}
	actions := game.Actions(st)
	for _, p := range actions {
		v.Moves = append(v.Moves, p.Move.Format(g))
	}
	if _, err := replayPosition(positionRequest{Rules: v.Rules, Board: v.Board, Setup: v.Setup, Moves: v.Moves}); err != nil {
		return nil, unable("the record cannot be reviewed here: %v", err)
	}
	for _, id := range infoProps {
		if t, ok := rec.Get(id); ok {
			v.Info[id] = record.Text(t)
		}
	}
	// At most MaxReviewLines variations that replay, of the first
	// 2 × MaxReviewLines: each replays the main line up to it.
	dropped, firstWhy, seen := 0, "", 0
	err = rec.EachLine(func(l record.Line) bool {
		seen++
		if len(v.Variations) == MaxReviewLines || seen > 2*MaxReviewLines {
			v.Notes = append(v.Notes, fmt.Sprintf("the first %d variations are shown: the record has more", len(v.Variations)))
			return false
		}
		if l.From+len(l.Moves) > len(v.Moves)+session.MoveLimit(g) {
			dropped++
			firstWhy = cmp.Or(firstWhy, fmt.Sprintf("a variation of %d moves", len(l.Moves)))
			return true
		}
		if _, err := rec.PlayLine(l); err != nil {
			dropped++
			firstWhy = cmp.Or(firstWhy, err.Error())
			return true
		}
		lv := lineView{From: l.From, Moves: []string{}}
		for _, p := range l.Moves {
			lv.Moves = append(lv.Moves, p.Move.Format(g))
		}
		v.Variations = append(v.Variations, lv)
		return true
	})
	if err != nil {
		v.Notes = append(v.Notes, fmt.Sprintf("the variations cannot all be read: %v", err))
	}
	if dropped > 0 {
		v.Notes = append(v.Notes, fmt.Sprintf("%d variations left out: they do not replay (the first: %s)", dropped, firstWhy))
	}
	return v, nil
}

// storedRecord is the record of stored game id, if the computer may
// judge it.
func (s *Server) storedRecord(ctx context.Context, id string) (*record.Record, error) {
	sv, err := s.openGame(ctx, id)
	if err != nil {
		return nil, err
	}
	defer sv.mu.Unlock()
	return s.recordOf(sv)
}
