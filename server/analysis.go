package server

import (
	"net/http"

	"moku/board"
	"moku/game"
	"moku/session"
)

// Estimate is the computer's view of one position of a two-player game,
// from the first player's (Black's) side.
type Estimate = game.Estimate

// DefaultMaxAnalyses is Options.MaxAnalyses's default.
const DefaultMaxAnalyses = 2

// analysisJob is the analysis of a game, position by position, computed in
// the background once asked for.
type analysisJob struct {
	Version   int        `json:"version"` // the game version analysed
	Total     int        `json:"total"`   // positions, the start included
	Estimates []Estimate `json:"estimates"`
	Running   bool       `json:"running"`
	Error     string     `json:"error,omitempty"`
}

// analysisOpen reports whether the computer's analysis of t may be shown:
// not while people play each other (two or more human seats in a game not
// over), where it would be advice to one of them.
func analysisOpen(t *table) bool {
	if t.game.Phase() == session.Over {
		return true
	}
	humans := 0
	for _, s := range t.meta.Seats {
		if s.Kind == string(session.Human) {
			humans++
		}
	}
	return humans < 2
}

// analyze returns the analysis of a game: position i of Estimates is the
// position after i moves (of game.Actions). The first request starts it;
// the client asks again until Running is false. A game that moved on since
// is analysed again. At most Options.MaxAnalyses run at once on a server.
func (s *Server) analyze(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	sv, err := s.load(r.Context(), id)
	if err != nil {
		writeError(w, err)
		return
	}
	if s.opt.Analyze == nil {
		writeError(w, fail(http.StatusNotImplemented, "this server offers no analysis"))
		return
	}
	sv.mu.Lock()
	defer sv.mu.Unlock()
	t := sv.t
	if t.game.State() == nil {
		writeError(w, fail(http.StatusConflict, "the game has not started"))
		return
	}
	if t.game.Rules().Players != 2 {
		writeError(w, fail(http.StatusUnprocessableEntity, "the analysis is for two-player games"))
		return
	}
	if !analysisOpen(t) {
		writeError(w, fail(http.StatusForbidden, "the computer's analysis opens when the game is over: people are playing"))
		return
	}
	job := sv.analysis
	if job == nil || (!job.Running && job.Version != len(t.actions)) {
		if job, err = s.startAnalysis(id, sv); err != nil {
			writeError(w, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, job.snapshot())
}

func (j *analysisJob) snapshot() analysisJob {
	c := *j
	c.Estimates = append([]Estimate{}, j.Estimates...)
	return c
}

// startAnalysis estimates each position of a copy of the game in a
// goroutine, if fewer than Options.MaxAnalyses run. The caller holds
// sv.mu.
func (s *Server) startAnalysis(id string, sv *served) (*analysisJob, error) {
	select {
	case s.analyses <- struct{}{}:
	default:
		return nil, fail(http.StatusServiceUnavailable, "the server is analysing as many games as it can: try again in a minute")
	}
	g := sv.t.game.Clone()
	job := &analysisJob{Version: len(sv.t.actions), Total: g.Moves() + 1, Running: true}
	sv.analysis = job
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer func() { <-s.analyses }()
		err := g.Positions(func(_ int, _ game.Played, st game.State) error {
			if err := s.ctx.Err(); err != nil {
				return err
			}
			est, err := s.estimate(st)
			if err != nil {
				return err
			}
			sv.mu.Lock()
			job.Estimates = append(job.Estimates, est)
			sv.mu.Unlock()
			return nil
		})
		sv.mu.Lock()
		job.Running = false
		if err != nil {
			job.Error = err.Error()
		}
		sv.mu.Unlock()
		s.log.Info("analysed", "game", id, "positions", job.Total, "err", err)
	}()
	return job, nil
}

// estimate asks the analyser about a position in play; a finished game is
// its own estimate.
func (s *Server) estimate(st game.State) (Estimate, error) {
	if !st.Over() {
		return s.opt.Analyze(st)
	}
	res := st.Result()
	est := Estimate{Margin: res.Score[board.Black] - res.Score[board.White], WinRate: 0.5}
	switch res.Winner() {
	case board.Black:
		est.WinRate = 1
	case board.White:
		est.WinRate = 0
	}
	// Every player's share of the win: the first places share it.
	rank, firsts := res.Rank(), 0
	for c := board.Black; int(c) <= res.Players; c++ {
		if rank[c] == 1 {
			firsts++
		}
	}
	for c := board.Black; int(c) <= res.Players; c++ {
		w := 0.0
		if rank[c] == 1 {
			w = 1 / float64(firsts)
		}
		est.WinRates = append(est.WinRates, w)
		est.Scores = append(est.Scores, res.Score[c])
	}
	est.Ownership = make([]float64, st.Graph().N())
	owners := make([]board.Color, st.Graph().N())
	for p := range owners {
		owners[p] = st.At(p)
	}
	if o, ok := st.(game.Owned); ok {
		owners = o.Owners(owners[:0])
	}
	for p, c := range owners {
		switch c {
		case board.Black:
			est.Ownership[p] = 1
		case board.White:
			est.Ownership[p] = -1
		}
	}
	return est, nil
}
