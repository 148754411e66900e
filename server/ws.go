package server

import (
	"context"
	"encoding/json"
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
	sv.mu.Lock()
	full := len(sv.watchers) >= s.opt.MaxWatchers
	sv.mu.Unlock()
	if full {
		writeError(w, fail(http.StatusServiceUnavailable, "too many watchers of this game"))
		return
	}
	c, ctx, done := s.socket(w, r, nil, "")
	if c == nil {
		return
	}
	defer done()

	ch := make(chan []byte, 16)
	// The game again, locked: it may have been dropped from memory since
	// (and read again), or brought up to the store.
	if sv, err = s.acquire(r.Context(), id); err != nil {
		c.Close(websocket.StatusTryAgainLater, "the game could not be read: try again")
		return
	}
	if len(sv.watchers) >= s.opt.MaxWatchers { // others came in meanwhile
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

// helloTTL is how long a socket's client has to send its first message,
// when one is asked for.
const helloTTL = 10 * time.Second

// socket upgrades r to a WebSocket whose client listens, within the
// client's cap of open WebSockets (429 beyond): same origin only, no
// message from the client larger than MaxWSMessage. With hello non-nil,
// the client's first message is read into it (JSON, within helloTTL); a
// client that sends none, or a wrong one, has its connection closed with
// want as the reason. Nothing more is read: any message closes the
// connection (StatusPolicyViolation), and ctx ends when the client goes.
// done closes the connection and gives the client's socket back. A nil
// connection means the request has been answered already. The game's,
// the lobby's and the chat's sockets share it.
func (s *Server) socket(w http.ResponseWriter, r *http.Request, hello any, want string) (c *websocket.Conn, ctx context.Context, done func()) {
	client := s.limits.client(r)
	if !s.limits.openSocket(client) {
		writeError(w, fail(http.StatusTooManyRequests, "too many open connections from your address (%d): close some pages", s.limits.l.Sockets))
		return nil, nil, nil
	}
	c, err := websocket.Accept(w, r, nil) // nil options: same-origin only
	if err != nil {
		s.limits.closeSocket(client)
		return nil, nil, nil
	}
	done = func() {
		c.CloseNow()
		s.limits.closeSocket(client)
	}
	c.SetReadLimit(MaxWSMessage)
	if hello != nil {
		hctx, cancel := context.WithTimeout(r.Context(), helloTTL)
		_, data, err := c.Read(hctx)
		cancel()
		if err == nil {
			err = json.Unmarshal(data, hello)
		}
		if err != nil {
			c.Close(websocket.StatusPolicyViolation, want)
			done()
			return nil, nil, nil
		}
	}
	return c, c.CloseRead(r.Context()), done
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
