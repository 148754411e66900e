package server

import (
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Limits are per-client limits, keyed by the client's IP address: token
// buckets for actions (moves and the rest) and for creating games (a rate
// of 0 is no limit), and a cap on open WebSocket connections.
type Limits struct {
	Actions     float64 // actions a second, sustained
	ActionBurst int     // actions at once
	Creates     float64 // games created a second, sustained
	CreateBurst int     // games created at once
	TrustProxy  bool    // take the client's address from X-Forwarded-For (behind a proxy)
	MaxClients  int     // buckets kept at most (0: 100,000); the fullest are forgotten first
	// Sockets caps the WebSocket connections one client holds open at
	// once, over all games (0: DefaultSockets; negative: no cap).
	Sockets int
	now     func() time.Time
}

// DefaultSockets is Limits.Sockets's default: far more games than one
// person watches, far fewer connections than exhaust a server.
const DefaultSockets = 64

// DefaultLimits are moku serve's limits: far above what people playing
// need, far below what floods a server.
var DefaultLimits = Limits{Actions: 20, ActionBurst: 60, Creates: 1, CreateBurst: 20}

type bucket struct {
	tokens float64
	last   time.Time
}

type limiter struct {
	l       Limits
	mu      sync.Mutex
	actions map[string]*bucket
	creates map[string]*bucket
	sockets map[string]int // open WebSocket connections by client
}

func newLimiter(l Limits) *limiter {
	if l.now == nil {
		l.now = time.Now
	}
	if l.MaxClients <= 0 {
		l.MaxClients = 100_000
	}
	if l.Sockets == 0 {
		l.Sockets = DefaultSockets
	}
	return &limiter{l: l, actions: map[string]*bucket{}, creates: map[string]*bucket{}, sockets: map[string]int{}}
}

// openSocket counts a new WebSocket connection of client, and reports
// false (counting nothing) if the client already holds its cap.
func (lm *limiter) openSocket(client string) bool {
	lm.mu.Lock()
	defer lm.mu.Unlock()
	if lm.l.Sockets > 0 && lm.sockets[client] >= lm.l.Sockets {
		return false
	}
	lm.sockets[client]++
	return true
}

// closeSocket counts a client's WebSocket connection closed.
func (lm *limiter) closeSocket(client string) {
	lm.mu.Lock()
	defer lm.mu.Unlock()
	if lm.sockets[client]--; lm.sockets[client] <= 0 {
		delete(lm.sockets, client)
	}
}

// client is the address the limits are kept by.
func (lm *limiter) client(r *http.Request) string {
	if lm.l.TrustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			parts := strings.Split(xff, ",")
			if ip := net.ParseIP(strings.TrimSpace(parts[len(parts)-1])); ip != nil {
				return ip.String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// take takes a token from key's bucket in m, and reports whether there was
// one and, if not, how long until there is.
func (lm *limiter) take(m map[string]*bucket, key string, rate float64, burst int) (bool, time.Duration) {
	if rate <= 0 {
		return true, 0
	}
	if burst < 1 {
		burst = 1
	}
	now := lm.l.now()
	lm.mu.Lock()
	defer lm.mu.Unlock()
	b := m[key]
	if b == nil {
		if len(m) >= lm.l.MaxClients {
			lm.sweep(m, now, rate, burst)
		}
		b = &bucket{tokens: float64(burst), last: now}
		m[key] = b
	}
	b.tokens = math.Min(float64(burst), b.tokens+now.Sub(b.last).Seconds()*rate)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / rate * float64(time.Second))
}

// sweep forgets the buckets that are full again (they are as new), or, if
// none is, half of them.
func (lm *limiter) sweep(m map[string]*bucket, now time.Time, rate float64, burst int) {
	for k, b := range m {
		if b.tokens+now.Sub(b.last).Seconds()*rate >= float64(burst) {
			delete(m, k)
		}
	}
	for k := range m {
		if len(m) < lm.l.MaxClients/2 {
			break
		}
		delete(m, k)
	}
}

// limited answers 429 and reports true if r is over its client's limits.
func (s *Server) limited(w http.ResponseWriter, r *http.Request) bool {
	if r.Method != http.MethodPost {
		return false
	}
	lm := s.limits
	var ok bool
	var wait time.Duration
	switch {
	case r.URL.Path == "/api/games", r.URL.Path == "/api/boards", r.URL.Path == "/api/lobby/challenges",
		strings.HasPrefix(r.URL.Path, "/api/lobby/challenges/") && strings.HasSuffix(r.URL.Path, "/accept"),
		strings.HasPrefix(r.URL.Path, "/api/games/") && strings.HasSuffix(r.URL.Path, "/rematch"),
		r.URL.Path == "/api/account/signup", r.URL.Path == "/api/account/signin":
		// A challenge is a game to be, and an acceptance may make one; a
		// rematch proposed is a challenge; a board file read counts as a
		// game made; a sign-up stores an account, and a sign-in (as a
		// sign-up) costs a password hash and may store a session.
		ok, wait = lm.take(lm.creates, lm.client(r), lm.l.Creates, lm.l.CreateBurst)
	case strings.HasPrefix(r.URL.Path, "/api/games/") && strings.HasSuffix(r.URL.Path, "/actions"),
		// The analysis board's positions, evaluations, solves and records
		// count as actions: each replays moves.
		r.URL.Path == "/api/position" || strings.HasPrefix(r.URL.Path, "/api/position/") ||
			r.URL.Path == "/api/record" || r.URL.Path == "/api/records/parse":
		ok, wait = lm.take(lm.actions, lm.client(r), lm.l.Actions, lm.l.ActionBurst)
	default:
		return false
	}
	if ok {
		return false
	}
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	writeError(w, fail(http.StatusTooManyRequests, "too many requests: try again in %.1f s", wait.Seconds()))
	return true
}
