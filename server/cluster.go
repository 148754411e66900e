package server

import (
	"context"
	"hash/fnv"
	"time"

	"moku/store"
)

// Several servers may share one store (PostgreSQL), each serving any game.
// The store decides between them: an action is recorded only with the
// game's next sequence number, so of two conflicting actions one wins and
// the other fails with store.ErrConflict (409 to a person; a computer's
// losing move is dropped). A store that is a store.Notifier tells every
// server of every action recorded; a server holding that game in memory
// reads the new actions from the store, applies them, and sends the game
// to its watchers.

// followWorkers is how many goroutines apply other servers' actions; a
// game always goes to the same one.
const followWorkers = 4

// defaultTakeover is Options.Takeover's default.
const defaultTakeover = 10 * time.Second

// follow starts listening to the store's announcements, if it makes any.
func (s *Server) follow() {
	n, ok := s.store.(store.Notifier)
	if !ok {
		return
	}
	queues := make([]chan store.Notice, followWorkers)
	for i := range queues {
		queues[i] = make(chan store.Notice, 1024)
		s.wg.Add(1)
		go func(q chan store.Notice) {
			defer s.wg.Done()
			for n := range q {
				s.notice(n)
			}
		}(queues[i])
	}
	send := func(n store.Notice) {
		h := fnv.New32a()
		h.Write([]byte(n.Game))
		select {
		case queues[h.Sum32()%followWorkers] <- n:
		case <-s.ctx.Done():
		}
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer func() {
			for _, q := range queues {
				close(q)
			}
		}()
		n.Listen(s.ctx, func(n store.Notice) {
			if n.Game != "" {
				send(n)
				return
			}
			// Announcements may have been missed: look again at every
			// game held, and at the chat read here.
			s.chatResync()
			s.mu.Lock()
			ids := make([]string, 0, len(s.tables))
			for id := range s.tables {
				ids = append(ids, id)
			}
			s.mu.Unlock()
			for _, id := range ids {
				send(store.Notice{Game: id})
				send(store.Notice{Game: id, Seats: true})
			}
		})
	}()
}

// notice brings game n.Game up to action n.Seq (or up to the store, if
// n.Seq is 0), if this server holds it.
func (s *Server) notice(n store.Notice) {
	if n.Chat != 0 {
		s.chatNotice(n)
		return
	}
	s.mu.Lock()
	sv := s.tables[n.Game]
	s.mu.Unlock()
	if sv == nil {
		return // read from the store when first asked for
	}
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if sv.dropped {
		return // read from the store when next asked for
	}
	if n.Seats {
		s.seatsNoticeLocked(n.Game, sv)
		return
	}
	if n.Seq > 0 && len(sv.t.actions) >= n.Seq {
		return // this server's own action, or already read
	}
	if s.catchUpLocked(s.ctx, n.Game, sv) {
		s.takeOver(n.Game, sv)
		s.rateGame(s.ctx, n.Game, sv) // should its server not have
	}
}

// seatsNoticeLocked reads again from the store which accounts hold the
// seats of a game held here (another server bound one, or deleted an
// account holding one), so that the seat's account may act without its
// token here too and the watchers see its name. The caller holds sv.mu.
func (s *Server) seatsNoticeLocked(id string, sv *served) {
	meta, err := s.store.Get(s.ctx, id)
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Warn("reading another server's seats", "game", id, "err", err)
		}
		return
	}
	seats := sv.t.meta.Seats
	if len(meta.Seats) != len(seats) {
		return // cannot happen: a game's seats are fixed at its start
	}
	changed := false
	for i, st := range meta.Seats {
		if seats[i].Account != st.Account || seats[i].Name != st.Name {
			seats[i].Account, seats[i].Name = st.Account, st.Name
			changed = true
		}
	}
	if changed {
		sv.cached = nil // the view names the seats anew
		s.broadcast(sv)
	}
}

// catchUpLocked applies the actions the store holds beyond the game in
// memory and sends the game to its watchers; it reports whether there were
// any. The caller holds sv.mu.
func (s *Server) catchUpLocked(ctx context.Context, id string, sv *served) bool {
	changed, err := s.syncLocked(ctx, id, sv)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("reading other servers' actions", "game", id, "err", err)
		}
		// The store holds actions this game lacks: read them as soon as
		// it answers, for the watchers.
		sv.stale = true
		s.resync(id, sv)
		return false
	}
	sv.stale = false
	return changed
}

// takeOver makes the computer's move after Options.Takeover if the game
// has not moved on by then: normally the server that recorded the last
// action makes it first. The caller holds sv.mu.
func (s *Server) takeOver(id string, sv *served) {
	if _, due := sv.t.game.Due(); !due {
		return
	}
	wait := s.opt.Takeover
	if wait == 0 {
		wait = defaultTakeover
	}
	if wait < 0 {
		s.computerTurn(id, sv)
		return
	}
	version := len(sv.t.actions)
	sv.timers++ // the game stays in memory until then
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		select {
		case <-s.ctx.Done():
		case <-time.After(wait):
		}
		sv.mu.Lock()
		defer sv.mu.Unlock()
		sv.timers--
		if len(sv.t.actions) == version && s.ctx.Err() == nil && !sv.dropped {
			s.log.Info("computer move taken over", "game", id, "seq", version+1)
			s.computerTurn(id, sv)
		}
	}()
}
