package server

import (
	"context"
	"time"
)

// A game in memory holds only actions the store holds: an action is
// applied in memory, then recorded, and taken back if it could not be
// (unapply), all under the game's lock, so that no request, WebSocket
// watcher or computer player ever sees an action the store may not hold.
// When the store fails, whether it recorded the action is unknown (its
// answer may have been lost): the game is marked stale, and is brought up
// to the store before it is used again, and by a goroutine that retries
// until the store answers, which also sends the game to its watchers. A
// game is never dropped from memory while it has watchers, so a watcher
// always watches the game the server serves.

// acquire returns game id in memory with its lock held, read from the
// store if needed; a game dropped from memory meanwhile is read again, and
// a stale one is brought up to the store if the store answers (else it is
// as far as it is known to be stored).
func (s *Server) acquire(ctx context.Context, id string) (*served, error) {
	for {
		sv, err := s.load(ctx, id)
		if err != nil {
			return nil, err
		}
		sv.mu.Lock()
		if sv.dropped {
			sv.mu.Unlock()
			continue
		}
		if sv.stale {
			if _, err := s.syncLocked(ctx, id, sv); err == nil {
				sv.stale = false
				s.computerTurn(id, sv)
			}
		}
		return sv, nil
	}
}

// unapply takes back the game's actions after the first n (the one the
// store could not record), rebuilding the game from its own log, then
// brings it up to the store, or, if the store does not answer, marks it
// stale. The caller holds sv.mu.
func (s *Server) unapply(ctx context.Context, id string, sv *served, n int) {
	t, err := newTable(&sv.t.meta, sv.t.actions[:n:n])
	if t != nil {
		t.noTakeBacks = sv.t.noTakeBacks
	}
	if err != nil {
		// Cannot happen: these actions were applied before. Drop the
		// game, and its watchers, who reconnect and read it again.
		s.log.Error("taking back an action", "game", id, "err", err)
		s.dropLocked(id, sv)
		return
	}
	sv.t = t
	changed, err := s.syncLocked(ctx, id, sv)
	if err != nil {
		sv.stale = true
		s.resync(id, sv)
	} else if changed {
		// The action was recorded after all (its answer lost), or another
		// server's was: the computer may be to move.
		s.takeOver(id, sv)
	}
}

// syncLocked applies the actions the store holds beyond the game in
// memory, rebuilding the game if they do not apply, and sends the game to
// its watchers if it changed; it reports whether it did. The caller holds
// sv.mu.
func (s *Server) syncLocked(ctx context.Context, id string, sv *served) (bool, error) {
	actions, err := s.store.Actions(ctx, id, len(sv.t.actions))
	if err != nil {
		return false, err
	}
	if len(actions) == 0 {
		return false, nil
	}
	for _, a := range actions {
		if err := sv.t.apply(a); err != nil {
			// Cannot happen with a consistent log; rebuild all the same.
			t, err := s.read(ctx, id)
			if err != nil {
				return false, err
			}
			sv.t = t
			break
		}
	}
	s.broadcast(sv)
	return true, nil
}

// resyncEvery bounds the wait between two tries of resync.
const resyncEvery = 2 * time.Second

// resync brings a stale game up to the store as soon as the store
// answers, trying again and again, more slowly, until it does or the
// server stops (or the game is dropped). The caller holds sv.mu.
func (s *Server) resync(id string, sv *served) {
	if sv.resyncing {
		return
	}
	sv.resyncing = true
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		wait := 50 * time.Millisecond
		for {
			select {
			case <-s.ctx.Done():
				sv.mu.Lock()
				sv.resyncing = false
				sv.mu.Unlock()
				return
			case <-time.After(wait):
			}
			wait = min(2*wait, resyncEvery)
			sv.mu.Lock()
			if !sv.stale || sv.dropped {
				sv.resyncing = false
				sv.mu.Unlock()
				return
			}
			ctx, cancel := context.WithTimeout(s.ctx, 5*time.Second)
			_, err := s.syncLocked(ctx, id, sv)
			cancel()
			if err == nil {
				sv.stale, sv.resyncing = false, false
				s.computerTurn(id, sv)
				sv.mu.Unlock()
				return
			}
			sv.mu.Unlock()
		}
	}()
}

// dropLocked drops the game from memory, closing its watchers' channels
// (their sockets close; they connect again and read the game anew). The
// caller holds sv.mu.
func (s *Server) dropLocked(id string, sv *served) {
	sv.dropped = true
	stopClockLocked(sv)
	for ch := range sv.watchers {
		delete(sv.watchers, ch)
		close(ch)
	}
	s.mu.Lock()
	if s.tables[id] == sv {
		delete(s.tables, id)
	}
	s.mu.Unlock()
}
