package server

import (
	"sync"
	"time"
)

// What the server logs of a request is bounded, whatever the client
// sends: paths are cut to MaxLoggedPath bytes, and of the warnings that a
// client is over its rate limits, one a client is written every
// LimitWarnEvery, saying how many were left out since the one before.

// MaxLoggedPath is the most bytes of a request's path the log holds.
const MaxLoggedPath = 200

// LimitWarnEvery is how often at most a client's requests refused for its
// rate limits are logged.
const LimitWarnEvery = 10 * time.Second

// logPath is a request's path as logged.
func logPath(p string) string { return truncate(p, MaxLoggedPath) }

// warnings counts, by client, the warnings logged and left out.
type warnings struct {
	mu   sync.Mutex
	max  int // clients kept at most
	last map[string]*warned
}

type warned struct {
	at      time.Time // when the last one was logged
	dropped int       // left out since
}

// allow reports whether to log a warning about client now, and how many
// were left out since the last one logged.
func (ws *warnings) allow(client string, now time.Time) (bool, int) {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if w := ws.last[client]; w != nil {
		if now.Sub(w.at) < LimitWarnEvery {
			w.dropped++
			return false, 0
		}
		n := w.dropped
		w.at, w.dropped = now, 0
		return true, n
	}
	if len(ws.last) >= ws.max {
		// Forget the clients whose interval is over (as new); if none is,
		// this client's warning is left out, uncounted.
		for k, w := range ws.last {
			if now.Sub(w.at) >= LimitWarnEvery {
				delete(ws.last, k)
			}
		}
		if len(ws.last) >= ws.max {
			return false, 0
		}
	}
	ws.last[client] = &warned{at: now}
	return true, 0
}
