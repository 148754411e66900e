package server

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Connections are bounded: each request must arrive, and each answer be
// written, in a bounded time, a connection idle between requests is
// closed, and one client address holds at most so many connections at
// once (LimitListener). WebSocket connections are not bound by these
// deadlines: net/http clears them when the connection is taken over
// (hijacked), and a watcher is pinged instead (ws.go).

// Timeouts of the HTTP server NewHTTPServer makes.
const (
	ReadHeaderTimeout = 10 * time.Second // a request's headers
	ReadTimeout       = 30 * time.Second // a whole request (bodies are at most MaxBodyBytes)
	WriteTimeout      = 60 * time.Second // an answer, from the end of the request's headers
	IdleTimeout       = 60 * time.Second // between two requests on one connection
)

// DefaultConnsPerClient is the default cap of LimitListener: above
// DefaultSockets WebSockets and a browser's few other connections, far
// below what exhausts a server's descriptors.
const DefaultConnsPerClient = 128

// NewHTTPServer returns an http.Server for h with the timeouts above.
func NewHTTPServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: ReadHeaderTimeout, ReadTimeout: ReadTimeout,
		WriteTimeout: WriteTimeout, IdleTimeout: IdleTimeout, MaxHeaderBytes: 1 << 20}
}

// LimitListener returns ln accepting at most perClient connections open at
// once from one IP address (perClient <= 0: no cap): a connection beyond
// the cap is closed at once, unread. (Behind a proxy every connection
// comes from the proxy's address: no cap there.)
func LimitListener(ln net.Listener, perClient int) net.Listener {
	if perClient <= 0 {
		return ln
	}
	return &limitListener{Listener: ln, max: perClient, open: map[string]int{}}
}

type limitListener struct {
	net.Listener
	max int

	mu      sync.Mutex
	open    map[string]int // connections open, by address
	refused int            // connections closed over the cap
}

// Accept returns the next connection within its address's cap.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := c.RemoteAddr().String()
		if host, _, err := net.SplitHostPort(addr); err == nil {
			addr = host
		}
		l.mu.Lock()
		if l.open[addr] >= l.max {
			l.refused++
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.open[addr]++
		l.mu.Unlock()
		return &limitConn{Conn: c, l: l, addr: addr}, nil
	}
}

// Refused returns how many connections ln (made by LimitListener) closed
// over their address's cap.
func Refused(ln net.Listener) int {
	l, ok := ln.(*limitListener)
	if !ok {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.refused
}

type limitConn struct {
	net.Conn
	l    *limitListener
	addr string
	once sync.Once
}

// Close closes the connection and counts it closed, once.
func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.l.mu.Lock()
		if c.l.open[c.addr]--; c.l.open[c.addr] <= 0 {
			delete(c.l.open, c.addr)
		}
		c.l.mu.Unlock()
	})
	return err
}
