package server

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"moku/store"
)

// TestSecurityHeaders checks that every kind of answer carries the
// security headers, and that the page needs nothing they forbid (no
// inline script, no event-handler attribute).
func TestSecurityHeaders(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "9x9", Seats: humans(2)})
	want := map[string][]string{
		"Content-Security-Policy": {"default-src 'none'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "ws://127.0.0.1:"},
		"X-Content-Type-Options":  {"nosniff"},
		"X-Frame-Options":         {"DENY"},
		"Referrer-Policy":         {"no-referrer"},
	}
	for _, r := range []struct{ method, path, body string }{
		{"GET", "/", ""},
		{"GET", "/app.js", ""},
		{"GET", "/style.css", ""},
		{"GET", "/api/options", ""},
		{"GET", "/api/games", ""},
		{"GET", "/api/games/" + g.ID, ""},
		{"GET", "/api/games/nosuch", ""},
		{"GET", "/nosuch", ""},
		{"POST", "/api/games", "{"},
		{"POST", "/api/games/" + g.ID + "/actions", js(actReq{Seat: 0, Token: g.Tokens[0], Kind: "move", Arg: "c3"})},
	} {
		res := ts.raw(r.method, r.path, r.body)
		for h, parts := range want {
			v := res.header.Get(h)
			for _, p := range parts {
				if !strings.Contains(v, p) {
					t.Errorf("%s %s (%d): %s: %q, want %q in it", r.method, r.path, res.code, h, v, p)
				}
			}
		}
	}
	page, err := webFiles.ReadFile("web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range regexp.MustCompile(`(?is)<script[^>]*>.*?</script>`).FindAllString(string(page), -1) {
		if !regexp.MustCompile(`(?is)^<script[^>]*\bsrc="[^"]+"[^>]*>\s*</script>$`).MatchString(tag) {
			t.Errorf("the page has an inline script, which the policy forbids: %.80s", tag)
		}
	}
	if m := regexp.MustCompile(`(?i)<[^>]*\son[a-z]+\s*=`).FindString(string(page)); m != "" {
		t.Errorf("the page has an event-handler attribute, which the policy forbids: %.80s", m)
	}
}

// TestCrossSitePost sends POSTs as forms and scripts of other sites can:
// each is refused, and stores nothing; the page's own are accepted.
func TestCrossSitePost(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "9x9", Seats: humans(2)})
	computers := js(createReq{Game: "go", Board: "9x9", Seats: []seatReq{{Kind: "computer"}, {Kind: "computer"}}})
	move := js(actReq{Seat: 0, Token: g.Tokens[0], Kind: "move", Arg: "c3"})
	self := ts.url()
	cases := []struct {
		name, path, body string
		header           map[string]string
		status           int
	}{
		{"text/plain create", "/api/games", computers, map[string]string{"Content-Type": "text/plain"}, 415},
		{"form create", "/api/games", computers, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415},
		{"no content type", "/api/games", computers, map[string]string{}, 415},
		{"text/plain move", "/api/games/" + g.ID + "/actions", move, map[string]string{"Content-Type": "text/plain;charset=UTF-8"}, 415},
		{"other origin", "/api/games", computers, map[string]string{"Content-Type": "application/json", "Origin": "https://evil.example"}, 403},
		{"null origin", "/api/games", computers, map[string]string{"Content-Type": "application/json", "Origin": "null"}, 403},
		{"cross-site fetch", "/api/games", computers, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, 403},
		{"same-site fetch", "/api/games", computers, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-site"}, 403},
		{"cross-site move", "/api/games/" + g.ID + "/actions", move, map[string]string{"Content-Type": "application/json", "Origin": "http://evil.example:8080", "Sec-Fetch-Site": "cross-site"}, 403},
	}
	before := ts.snapshot(g.ID)
	for _, c := range cases {
		req, err := http.NewRequest("POST", self+c.path, strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range c.header {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.status {
			t.Errorf("%s: %d %s, want %d", c.name, res.StatusCode, body, c.status)
		} else {
			errorOf(t, body)
		}
	}
	ts.unchanged("refused POSTs", before)
	if list, err := ts.store.List(context.Background(), 10, store.Page{}); err != nil || len(list) != 1 {
		t.Errorf("games stored: %d %v, want the one created", len(list), err)
	}
	// The page's own requests: same origin, JSON (with a charset too).
	for _, h := range []map[string]string{
		{"Content-Type": "application/json", "Origin": self, "Sec-Fetch-Site": "same-origin"},
		{"Content-Type": "application/json; charset=utf-8"},
	} {
		req, _ := http.NewRequest("POST", self+"/api/games", strings.NewReader(js(createReq{Game: "go", Board: "9x9", Seats: humans(2)})))
		for k, v := range h {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusCreated {
			t.Errorf("%v: %d, want 201", h, res.StatusCode)
		}
	}
}

// lockedBuffer is a log's output, written by several goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestLogBounded sends requests with 500 KB paths, most of them over the
// client's rate limit: the log holds a bounded line for each request, and
// one warning for the client until LimitWarnEvery has passed, then one
// saying how many were left out.
func TestLogBounded(t *testing.T) {
	for _, level := range []slog.Level{slog.LevelWarn, slog.LevelInfo} {
		t.Run(level.String(), func(t *testing.T) {
			var out lockedBuffer
			now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			var clock sync.Mutex
			limits := Limits{Actions: 0.01, ActionBurst: 1, now: func() time.Time { clock.Lock(); defer clock.Unlock(); return now }}
			ts := newTestServerOpt(t, Options{Limits: limits, Log: slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: level}))})
			path := "/api/games/" + strings.Repeat("x", 500_000) + "/actions"
			const n = 32
			for i := range n {
				code, _ := ts.do("POST", path, `{}`)
				if want := map[bool]int{true: 404, false: 429}[i == 0]; code != want {
					t.Fatalf("request %d: %d, want %d", i, code, want)
				}
			}
			clock.Lock()
			now = now.Add(LimitWarnEvery)
			clock.Unlock()
			if code, _ := ts.do("POST", path, `{}`); code != 429 {
				t.Fatalf("after %v: %d", LimitWarnEvery, code)
			}
			log := out.String()
			warnings := strings.Count(log, "rate limited")
			limit := 2 * 1024 // two warnings
			if level == slog.LevelInfo {
				limit += (n + 1) * 512 // a line a request
			}
			if len(log) > limit || warnings != 2 || !strings.Contains(log, "unlogged="+strconv.Itoa(n-2)) {
				t.Errorf("%d requests with %d-byte paths logged %d bytes (want at most %d), %d warnings (want 2):\n%.2000s",
					n+1, len(path), len(log), limit, warnings, log)
			}
		})
	}
}
