package server

import (
	"context"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// watch streams a game over a WebSocket: the whole game at once, then again
// after every change. A client that reconnects gets the whole game again, so
// it misses nothing. Only pages from the server's own origin may connect.
func (s *Server) watch(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	sv, err := s.load(r.Context(), id)
	if err != nil {
		writeError(w, err)
		return
	}
	max := s.opt.MaxWatchers
	if max <= 0 {
		max = DefaultMaxWatchers
	}
	sv.mu.Lock()
	full := len(sv.watchers) >= max
	sv.mu.Unlock()
	if full {
		writeError(w, fail(http.StatusServiceUnavailable, "too many watchers of this game"))
		return
	}
	client := s.limits.client(r)
	if !s.limits.openSocket(client) {
		writeError(w, fail(http.StatusTooManyRequests, "too many open connections from your address (%d): close some games' pages", s.limits.l.Sockets))
		return
	}
	defer s.limits.closeSocket(client)
	c, err := websocket.Accept(w, r, nil) // nil options: same-origin only
	if err != nil {
		return
	}
	defer c.CloseNow()
	// Watchers only listen: a message from one closes its connection
	// (StatusPolicyViolation) unread, and none may be large.
	c.SetReadLimit(MaxWSMessage)
	ctx := c.CloseRead(r.Context())

	ch := make(chan []byte, 16)
	// The game again, locked: it may have been dropped from memory since
	// (and read again), or brought up to the store.
	if sv, err = s.acquire(r.Context(), id); err != nil {
		c.Close(websocket.StatusTryAgainLater, "the game could not be read: try again")
		return
	}
	if len(sv.watchers) >= max { // others came in meanwhile
		sv.mu.Unlock()
		c.Close(websocket.StatusTryAgainLater, "too many watchers of this game")
		return
	}
	first := sv.viewJSON()
	sv.watchers[ch] = struct{}{}
	sv.mu.Unlock()
	defer func() {
		sv.mu.Lock()
		if _, ok := sv.watchers[ch]; ok {
			delete(sv.watchers, ch)
			close(ch)
		}
		sv.mu.Unlock()
	}()
	s.pump(ctx, c, first, ch)
}

// pump sends first on c, then every message of ch, pinging every 30 s,
// until the client goes, ch closes (the watcher could not keep up) or
// the server stops. The game's, the lobby's and the chat's sockets share
// it.
func (s *Server) pump(ctx context.Context, c *websocket.Conn, first []byte, ch <-chan []byte) {
	send := func(data []byte) bool {
		wctx, cancel := timeoutCtx(ctx, 10*time.Second)
		defer cancel()
		return c.Write(wctx, websocket.MessageText, data) == nil
	}
	if !send(first) {
		return
	}
	ping := time.NewTicker(30 * time.Second)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.ctx.Done():
			c.Close(websocket.StatusGoingAway, "server stopping")
			return
		case data, ok := <-ch:
			if !ok || !send(data) {
				return
			}
		case <-ping.C:
			pctx, cancel := timeoutCtx(ctx, 10*time.Second)
			err := c.Ping(pctx)
			cancel()
			if err != nil {
				return
			}
		}
	}
}
