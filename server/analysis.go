package server

import (
	"net/http"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/search"
)

// Estimate is the computer's view of one position of a two-player game,
// from the first player's (Black's) side (search.EstimateBlack makes one).
type Estimate = search.Estimate

// analysisJob is the analysis of a game, position by position, computed in
// the background once asked for.
type analysisJob struct {
	Version   int        `json:"version"` // the game version analysed
	Total     int        `json:"total"`   // positions, the start included
	Estimates []Estimate `json:"estimates"`
	Running   bool       `json:"running"`
	Error     string     `json:"error,omitempty"`
}

// analyze returns the analysis of a game: position i of Estimates is the
// position after i moves (of game.Actions). The first request starts it;
// the client asks again until Running is false. A game that moved on since
// is analysed again.
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
	if t.state == nil {
		writeError(w, fail(http.StatusConflict, "the game has not started"))
		return
	}
	if t.r.Players != 2 {
		writeError(w, fail(http.StatusUnprocessableEntity, "the analysis is for two-player games"))
		return
	}
	job := sv.analysis
	if job == nil || (!job.Running && job.Version != len(t.actions)) {
		job = s.startAnalysis(id, sv)
	}
	writeJSON(w, http.StatusOK, job.snapshot())
}

func (j *analysisJob) snapshot() analysisJob {
	c := *j
	c.Estimates = append([]Estimate{}, j.Estimates...)
	return c
}

// startAnalysis replays the game on a copy and estimates each position in
// a goroutine. The caller holds sv.mu.
func (s *Server) startAnalysis(id string, sv *served) *analysisJob {
	t := sv.t
	moves := game.Actions(t.state)
	job := &analysisJob{Version: len(t.actions), Total: len(moves) + 1, Running: true}
	sv.analysis = job
	r, g := t.r, t.g
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		fail := func(err error) {
			sv.mu.Lock()
			job.Error, job.Running = err.Error(), false
			sv.mu.Unlock()
		}
		st, err := catalog.New(r, g)
		if err != nil {
			fail(err)
			return
		}
		for i := 0; i <= len(moves); i++ {
			if s.ctx.Err() != nil {
				fail(s.ctx.Err())
				return
			}
			est, err := s.estimate(st)
			if err != nil {
				fail(err)
				return
			}
			sv.mu.Lock()
			job.Estimates = append(job.Estimates, est)
			sv.mu.Unlock()
			if i < len(moves) {
				if err := st.Play(moves[i].Move); err != nil {
					fail(err)
					return
				}
			}
		}
		sv.mu.Lock()
		job.Running = false
		sv.mu.Unlock()
		s.log.Info("analysed", "game", id, "positions", len(moves)+1)
	}()
	return job
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
	est.Ownership = make([]float64, st.Graph().N())
	owners := make([]board.Color, st.Graph().N())
	for p := range owners {
		owners[p] = st.At(p)
	}
	if o, ok := st.(interface {
		Owners([]board.Color) []board.Color
	}); ok {
		owners = o.Owners(nil)
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
