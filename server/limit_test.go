package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"moku/store"

	"github.com/coder/websocket"
)

// limitServer is a server over SQLite with the given options, behind real
// HTTP.
func limitServer(t *testing.T, opt Options) *httptest.Server {
	t.Helper()
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "moku.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv := New(st, opt)
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.CloseClientConnections()
		srv.Close()
		hs.Close()
		st.Close()
	})
	return hs
}

// limitPost posts body as client (X-Forwarded-For, "" for none).
func limitPost(t *testing.T, hs *httptest.Server, path, client, body string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("POST", hs.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if client != "" {
		req.Header.Set("X-Forwarded-For", "203.0.113.9, "+client)
	}
	res, err := hs.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res, data
}

const twoHumans = `{"game":"go","board":"9x9","seats":[{"kind":"human"},{"kind":"human"}]}`

func TestRateLimits(t *testing.T) {
	hs := limitServer(t, Options{Limits: Limits{Actions: 0.5, ActionBurst: 3, Creates: 0.2, CreateBurst: 2, TrustProxy: true}})
	var g clGame
	for i := range 2 {
		res, body := limitPost(t, hs, "/api/games", "198.51.100.1", twoHumans)
		if res.StatusCode != http.StatusCreated {
			t.Fatalf("game %d: %d %s", i+1, res.StatusCode, body)
		}
		json.Unmarshal(body, &g)
	}
	res, body := limitPost(t, hs, "/api/games", "198.51.100.1", twoHumans)
	wait, _ := strconv.Atoi(res.Header.Get("Retry-After"))
	if res.StatusCode != http.StatusTooManyRequests || wait < 1 || !strings.Contains(string(body), "too many requests") {
		t.Errorf("third game at once: %d, Retry-After %q, %s", res.StatusCode, res.Header.Get("Retry-After"), body)
	}
	// Another client is not held back.
	if res, body := limitPost(t, hs, "/api/games", "198.51.100.2", twoHumans); res.StatusCode != http.StatusCreated {
		t.Errorf("another client's game: %d %s", res.StatusCode, body)
	}
	// Actions: the burst, refused or not, then 429.
	moves := []string{"e5", "c3", "zz99"}
	for i, m := range moves {
		act := `{"seat":` + strconv.Itoa(i%2) + `,"token":"` + g.Tokens[i%2] + `","kind":"move","arg":"` + m + `"}`
		res, body := limitPost(t, hs, "/api/games/"+g.ID+"/actions", "198.51.100.1", act)
		if res.StatusCode == http.StatusTooManyRequests {
			t.Fatalf("action %d within the burst: %s", i+1, body)
		}
	}
	act := `{"seat":0,"token":"` + g.Tokens[0] + `","kind":"move","arg":"g7"}`
	if res, body := limitPost(t, hs, "/api/games/"+g.ID+"/actions", "198.51.100.1", act); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("action beyond the burst: %d %s", res.StatusCode, body)
	}
	if res, body := limitPost(t, hs, "/api/games/"+g.ID+"/actions", "198.51.100.3", act); res.StatusCode != http.StatusOK {
		t.Errorf("the same action from another client: %d %s", res.StatusCode, body)
	}
	// Reading is not limited.
	for range 20 {
		res, err := hs.Client().Get(hs.URL + "/api/games/" + g.ID)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("get: %d", res.StatusCode)
		}
	}
}

// Without TrustProxy, X-Forwarded-For is ignored: a client cannot escape
// its limits by making up addresses.
// TestRateLimitLobby: posting a challenge and accepting one count as
// creating games: past the burst, 429.
func TestRateLimitLobby(t *testing.T) {
	hs := limitServer(t, Options{Limits: Limits{Creates: 0.1, CreateBurst: 2, TrustProxy: true}})
	res, body := limitPost(t, hs, "/api/lobby/challenges", "198.51.100.1", `{"game":"kee","board":"5x5","players":3}`)
	var p posted
	if res.StatusCode != http.StatusCreated || json.Unmarshal(body, &p) != nil {
		t.Fatalf("challenge: %d %s", res.StatusCode, body)
	}
	if res, body := limitPost(t, hs, "/api/lobby/challenges/"+p.ID+"/accept", "198.51.100.1", `{}`); res.StatusCode != http.StatusAccepted {
		t.Fatalf("accepting: %d %s", res.StatusCode, body)
	}
	for _, path := range []string{"/api/lobby/challenges/" + p.ID + "/accept", "/api/lobby/challenges"} {
		if res, body := limitPost(t, hs, path, "198.51.100.1", `{"game":"go"}`); res.StatusCode != http.StatusTooManyRequests {
			t.Errorf("%s past the burst: %d %s", path, res.StatusCode, body)
		}
	}
	if res, body := limitPost(t, hs, "/api/lobby/challenges/"+p.ID+"/accept", "198.51.100.2", `{}`); res.StatusCode != http.StatusCreated {
		t.Errorf("another client accepting: %d %s", res.StatusCode, body)
	}
}

// TestRateLimitAccounts: sign-ups and sign-ins (each a password hash, a
// row stored) and rematch proposals (each a challenge) count against a
// client's creations.
func TestRateLimitAccounts(t *testing.T) {
	hs := limitServer(t, Options{Limits: Limits{Creates: 0.001, CreateBurst: 2, TrustProxy: true}})
	for i, path := range []string{"/api/account/signup", "/api/account/signin", "/api/account/signup", "/api/games/x/rematch"} {
		res, body := limitPost(t, hs, path, "198.51.100.1", `{"name":"Bot`+strconv.Itoa(i)+`","password":"correct horse"}`)
		if want := i < 2; (res.StatusCode != http.StatusTooManyRequests) != want {
			t.Errorf("%s, request %d: %d %s", path, i+1, res.StatusCode, body)
		}
	}
}

func TestRateLimitIgnoresForgedAddresses(t *testing.T) {
	hs := limitServer(t, Options{Limits: Limits{Creates: 0.1, CreateBurst: 1}})
	if res, body := limitPost(t, hs, "/api/games", "198.51.100.1", twoHumans); res.StatusCode != http.StatusCreated {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	if res, _ := limitPost(t, hs, "/api/games", "198.51.100.2", twoHumans); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a forged X-Forwarded-For got a new bucket: %d", res.StatusCode)
	}
}

func TestLimiterRefillAndSweep(t *testing.T) {
	now := time.Unix(1000, 0)
	lm := newLimiter(Limits{Actions: 2, ActionBurst: 4, MaxClients: 10, now: func() time.Time { return now }})
	take := func(key string) bool {
		ok, _ := lm.take(lm.actions, key, lm.l.Actions, lm.l.ActionBurst)
		return ok
	}
	for i := range 4 {
		if !take("a") {
			t.Fatalf("take %d of the burst refused", i+1)
		}
	}
	if ok, wait := lm.take(lm.actions, "a", 2, 4); ok || wait != 500*time.Millisecond {
		t.Errorf("beyond the burst: %v, wait %v", ok, wait)
	}
	now = now.Add(time.Second) // two tokens back
	if !take("a") || !take("a") || take("a") {
		t.Error("refill at 2 a second is wrong")
	}
	now = now.Add(time.Hour) // never more than the burst
	n := 0
	for take("a") {
		n++
	}
	if n != 4 {
		t.Errorf("%d tokens after an hour, want the burst 4", n)
	}
	// Many clients: the map stays bounded.
	for i := range 100 {
		take(strconv.Itoa(i))
	}
	if len(lm.actions) > 10 {
		t.Errorf("%d buckets kept, at most 10 wanted", len(lm.actions))
	}
}

// No secret token reaches the logs, whatever the requests, at the most
// verbose level; the logs are structured (key=value).
func TestNoTokenInLogs(t *testing.T) {
	var logs syncBuffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	hs := limitServer(t, Options{Log: log, Limits: Limits{Actions: 0.01, ActionBurst: 5}})
	res, body := limitPost(t, hs, "/api/games", "", twoHumans)
	var g clGame
	if res.StatusCode != http.StatusCreated || json.Unmarshal(body, &g) != nil {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	post := func(body string) int {
		res, _ := limitPost(t, hs, "/api/games/"+g.ID+"/actions", "", body)
		return res.StatusCode
	}
	codes := []int{
		post(`{"seat":0,"token":"` + g.Tokens[0] + `","kind":"move","arg":"e5"}`),
		post(`{"seat":0,"token":"` + g.Tokens[1] + `","kind":"move","arg":"c3"}`),                  // the other seat's token
		post(`{"seat":1,"token":"` + g.Tokens[1] + `","kind":"move","arg":"e5"}`),                  // illegal
		post(`{"seat":1,"token":"` + g.Tokens[1] + `","kind":"move","arg":"c3","bogus":1}`),        // malformed
		post(`{"seat":1,"token":"` + g.Tokens[1] + `","kind":"move","arg":"` + g.Tokens[0] + `"}`), // a token as a move
		post(`{"seat":1,"token":"` + g.Tokens[1] + `","kind":"move","arg":"c3"}`),                  // rate limited
	}
	if codes[0] != 200 || codes[1] != 403 || codes[2] != 422 || codes[3] != 400 || codes[4] != 422 || codes[5] != 429 {
		t.Errorf("statuses %v", codes)
	}
	out := logs.String()
	for _, want := range []string{"level=INFO msg=action", "game=" + g.ID, "status=403", "status=429", "level=WARN msg=\"rate limited\""} {
		if !strings.Contains(out, want) {
			t.Errorf("the logs lack %q:\n%s", want, out)
		}
	}
	for i, tok := range g.Tokens {
		if strings.Contains(out, tok) || bytes.Contains([]byte(out), []byte(tok[:12])) {
			t.Errorf("seat %d's token is in the logs:\n%s", i, out)
		}
	}
}

// TestSocketCap: one client holds at most Limits.Sockets WebSocket
// connections over all games; one more is refused with 429 and a reason,
// another client is not affected, and a closed connection frees its place.
func TestSocketCap(t *testing.T) {
	hs := limitServer(t, Options{Limits: Limits{Sockets: 2, TrustProxy: true}})
	var a, b clGame
	for _, g := range []*clGame{&a, &b} {
		res, body := limitPost(t, hs, "/api/games", "198.51.100.7", twoHumans)
		if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusCreated {
			t.Fatalf("create: %d %s", res.StatusCode, body)
		}
		if err := json.Unmarshal(body, g); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	dial := func(id, client string) (*websocket.Conn, *http.Response, error) {
		h := http.Header{}
		h.Set("X-Forwarded-For", client)
		return websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/api/games/"+id+"/ws", &websocket.DialOptions{HTTPHeader: h})
	}
	c1, _, err := dial(a.ID, "198.51.100.7")
	if err != nil {
		t.Fatal(err)
	}
	c2, _, err := dial(b.ID, "198.51.100.7")
	if err != nil {
		t.Fatal(err)
	}
	defer c2.CloseNow()
	_, res, err := dial(a.ID, "198.51.100.7")
	if err == nil || res == nil || res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a third connection of one client: %v %v", err, res)
	}
	if body, _ := io.ReadAll(res.Body); !strings.Contains(string(body), "too many open connections") {
		t.Errorf("refusal says %q", body)
	}
	c3, _, err := dial(a.ID, "198.51.100.8")
	if err != nil {
		t.Fatalf("another client refused: %v", err)
	}
	c3.CloseNow()
	c1.Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, _, err := dial(a.ID, "198.51.100.7")
		if err == nil {
			c.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no connection admitted after one closed: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
