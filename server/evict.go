package server

import (
	"slices"
	"time"
)

// Games held in memory are bounded: a game is read from the store when
// first asked for and kept while it is used, but past Options.MaxGames the
// ones used least recently are dropped, and so is any left unused for
// Options.IdleGames. A game some goroutine needs is never dropped: one
// with WebSocket watchers, a computer move or takeover waiting, or an
// analysis under way. A dropped game is read from the store again when
// next asked for; a request that held it meanwhile reads it again too
// (Server.acquire).

// DefaultMaxGames is Options.MaxGames's default: a game on 19x19 takes
// about 170 KiB in memory, one on the largest board (25x25, hundreds of
// moves) about 300 KiB, one on 9x9 or hex:5 a few tens; 500 of the
// largest are 150 MiB.
const DefaultMaxGames = 500

// DefaultIdleGames is Options.IdleGames's default.
const DefaultIdleGames = 10 * time.Minute

// maxGames is the cap on games held, or 0 for none.
func (s *Server) maxGames() int {
	switch {
	case s.opt.MaxGames < 0:
		return 0
	case s.opt.MaxGames == 0:
		return DefaultMaxGames
	}
	return s.opt.MaxGames
}

// idleGames is how long an unused game stays, or 0 for ever.
func (s *Server) idleGames() time.Duration {
	switch {
	case s.opt.IdleGames < 0:
		return 0
	case s.opt.IdleGames == 0:
		return DefaultIdleGames
	}
	return s.opt.IdleGames
}

// Held returns how many games the server holds in memory.
func (s *Server) Held() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.tables)
}

// evictLocked drops games used least recently while more than the cap are
// held, down to nine tenths of it (so that a scan serves many loads). The
// caller holds s.mu.
func (s *Server) evictLocked() {
	max := s.maxGames()
	if max == 0 || len(s.tables) <= max {
		return
	}
	type cand struct {
		id   string
		used time.Time
	}
	cands := make([]cand, 0, len(s.tables))
	for id, sv := range s.tables {
		cands = append(cands, cand{id, sv.used})
	}
	slices.SortFunc(cands, func(a, b cand) int { return a.used.Compare(b.used) })
	keep := max - max/10
	for _, c := range cands {
		if len(s.tables) <= keep {
			break
		}
		s.evictOneLocked(c.id, s.tables[c.id])
	}
}

// evictOneLocked drops game id if nothing needs it, and reports whether it
// did. The caller holds s.mu (and so may only try sv.mu: the order of the
// locks elsewhere is sv.mu, then s.mu).
func (s *Server) evictOneLocked(id string, sv *served) bool {
	if !sv.mu.TryLock() {
		return false // in use
	}
	defer sv.mu.Unlock()
	if len(sv.watchers) > 0 || sv.thinking || sv.timers > 0 || (sv.analysis != nil && sv.analysis.Running) {
		return false
	}
	sv.dropped = true
	stopClockLocked(sv)
	delete(s.tables, id)
	return true
}

// sweepIdle drops, every so often until the server stops, the games
// unused for Options.IdleGames.
func (s *Server) sweepIdle() {
	idle := s.idleGames()
	if idle == 0 {
		return
	}
	every := min(max(idle/4, 10*time.Millisecond), time.Minute)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-s.ctx.Done():
				return
			case <-tick.C:
			}
			s.evictIdle(time.Now().Add(-idle))
		}
	}()
}

// evictIdle drops the games unused since before, that nothing needs.
func (s *Server) evictIdle(before time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, sv := range s.tables {
		if sv.used.Before(before) {
			s.evictOneLocked(id, sv)
		}
	}
}
