package server

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// serveLimited serves srv on a real TCP listener of 127.0.0.1, capped at
// perClient connections an address, with the timeouts of NewHTTPServer
// shortened to d (so that the test need not wait for them).
func serveLimited(t *testing.T, srv *Server, perClient int, d time.Duration) (addr string, ln net.Listener) {
	t.Helper()
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln = LimitListener(raw, perClient)
	hs := NewHTTPServer(srv)
	hs.ReadHeaderTimeout, hs.ReadTimeout, hs.WriteTimeout, hs.IdleTimeout = d, d, d, d
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return raw.Addr().String(), ln
}

// rawGet sends a GET of path on c and reads the answer's status line.
func rawGet(c net.Conn, path string) (string, error) {
	if _, err := io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		return "", err
	}
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return "", err
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.Status, nil
}

// closedByServer reports whether the server closes c (it reads EOF or a
// reset) within 10 s. Whatever the server answers before closing (a 400 for
// a body cut short by the read deadline, say) is read and dropped: the
// question is only whether the connection ends.
func closedByServer(c net.Conn) bool {
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, err := io.Copy(io.Discard, c)
	if err == nil {
		return true // EOF
	}
	var ne net.Error
	return err != nil && !(errors.As(err, &ne) && ne.Timeout() && errors.Is(err, os.ErrDeadlineExceeded))
}

// TestConnsPerClient opens, over real TCP on loopback, more connections
// than one address may hold: those beyond the cap are closed at once; when
// one is closed, a new one is served.
func TestConnsPerClient(t *testing.T) {
	ts := newTestServer(t)
	const cap = 4
	addr, ln := serveLimited(t, ts.srv, cap, time.Minute)
	var conns []net.Conn
	for i := range cap {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if st, err := rawGet(c, "/api/options"); err != nil || !strings.HasPrefix(st, "200") {
			t.Fatalf("connection %d: %q %v", i+1, st, err)
		}
		conns = append(conns, c)
	}
	for i := range 3 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if st, err := rawGet(c, "/api/options"); err == nil {
			t.Errorf("connection %d over the cap of %d served: %s", cap+i+1, cap, st)
		}
	}
	if n := Refused(ln); n != 3 {
		t.Errorf("%d connections refused, want 3", n)
	}
	// The ones held still work; one closed makes room for another.
	if st, err := rawGet(conns[0], "/api/options"); err != nil || !strings.HasPrefix(st, "200") {
		t.Errorf("a connection within the cap, again: %q %v", st, err)
	}
	conns[1].Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		st, err := rawGet(c, "/api/options")
		c.Close()
		if err == nil && strings.HasPrefix(st, "200") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no connection served after one was closed: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestConnsTimeouts holds connections that send nothing, half a request,
// or nothing after a request: the server closes each; a WebSocket watcher
// outlives every deadline and still hears of moves.
func TestConnsTimeouts(t *testing.T) {
	ts := newTestServer(t)
	const d = 100 * time.Millisecond
	addr, _ := serveLimited(t, ts.srv, DefaultConnsPerClient, d)
	ts.base = "http://" + addr
	g := ts.create(createReq{Game: "go", Board: "9x9", Seats: humans(2)})
	ws := &testServer{t: t, srv: ts.srv, http: ts.http, base: ts.base}
	w := dialURL(t, "ws://"+addr+"/api/games/"+g.ID+"/ws")
	if v := w.next(); v.Version != 0 {
		t.Fatalf("watcher: version %d", v.Version)
	}
	cases := []struct {
		name string
		send string
	}{
		{"silent", ""},
		{"half a request", "GET /api/options HTTP/1.1\r\nHost: x\r\n"},
		{"half a body", "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"},
		{"idle after a request", "GET /api/options HTTP/1.1\r\nHost: x\r\n\r\n"},
	}
	for _, c := range cases {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		io.WriteString(conn, c.send)
		if c.name == "idle after a request" {
			conn.SetReadDeadline(time.Now().Add(10 * time.Second))
			res, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			io.Copy(io.Discard, res.Body)
		}
		if !closedByServer(conn) {
			t.Errorf("%s: the connection is still open after 10 s", c.name)
		}
	}
	// The watcher, connected for longer than every deadline, goes on.
	ws.must(g, 0, "move", "c3")
	if v := w.next(); v.Version != 1 {
		t.Errorf("watcher after the deadlines: version %d", v.Version)
	}
}

// dialURL connects a WebSocket watcher to url.
func dialURL(t *testing.T, url string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	c.SetReadLimit(1 << 22)
	t.Cleanup(func() { c.CloseNow() })
	return &wsClient{t: t, c: c}
}
