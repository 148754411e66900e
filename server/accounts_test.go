package server

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"
)

// device is one browser: its own cookies.
type device struct {
	t      *testing.T
	ts     *testServer
	client *http.Client
}

func (ts *testServer) device() *device {
	jar, _ := cookiejar.New(nil)
	return &device{t: ts.t.(*testing.T), ts: ts, client: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

func (d *device) post(path string, body any, header ...string) (int, []byte, *http.Response) {
	d.t.Helper()
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", d.ts.url()+path, bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := d.client.Do(req)
	if err != nil {
		d.t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out, res
}

func (d *device) get(path string) (int, []byte) {
	d.t.Helper()
	res, err := d.client.Get(d.ts.url() + path)
	if err != nil {
		d.t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

// TestAccounts: sign-up, the session cookie, a game whose seat follows its
// player to another device, sign-out, wrong passwords limited, a new
// password ending the other sessions, and the account deleted.
func TestAccounts(t *testing.T) {
	c := newTestClock()
	ts := newTestServerOpt(t, Options{Clock: c})
	laptop, phone := ts.device(), ts.device()
	code, body, res := laptop.post("/api/account/signup", map[string]string{"name": "Ann", "password": "correct horse"})
	if code != http.StatusOK {
		t.Fatalf("sign-up: %d %s", code, body)
	}
	var cookie *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == SessionCookie {
			cookie = c
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.Path != "/" {
		t.Fatalf("session cookie %+v", cookie)
	}
	for _, tc := range []struct {
		name, password string
		code           int
	}{
		{"ann", "another password", http.StatusConflict}, // names compare without case
		{"A", "correct horse", http.StatusBadRequest},
		{"Bob", "short", http.StatusBadRequest},
		{"Bob<script>", "correct horse", http.StatusBadRequest},
	} {
		if code, body, _ := phone.post("/api/account/signup", map[string]string{"name": tc.name, "password": tc.password}); code != tc.code {
			t.Errorf("sign-up %q/%q: %d %s, want %d", tc.name, tc.password, code, body, tc.code)
		}
	}

	// Ann creates a game signed in: her seat is her account's.
	code, body, _ = laptop.post("/api/games", map[string]any{"game": "go", "board": "5x5", "seats": []map[string]string{{"kind": "human"}, {"kind": "human", "name": "Bob"}}})
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	var g created
	json.Unmarshal(body, &g)
	if v := ts.view(g.ID); v.Seats[0].Name != "Ann" {
		t.Errorf("the creator's seat is named %q", v.Seats[0].Name)
	}

	// On her phone, signed in, she finds the game and plays without its link.
	if code, _ := phone.get("/api/account"); code != http.StatusUnauthorized {
		t.Errorf("the account before signing in: %d", code)
	}
	if code, body, _ := phone.post("/api/account/signin", map[string]string{"name": "ANN", "password": "correct horse"}); code != http.StatusOK {
		t.Fatalf("sign-in: %d %s", code, body)
	}
	code, body = phone.get("/api/account")
	var acc accountView
	if code != http.StatusOK || json.Unmarshal(body, &acc) != nil || acc.Name != "Ann" || len(acc.Games) != 1 || acc.Games[0].ID != g.ID {
		t.Fatalf("my games on the phone: %d %s", code, body)
	}
	if code, body, _ := phone.post("/api/games/"+g.ID+"/actions", map[string]any{"seat": 0, "kind": "move", "arg": "c3"}); code != http.StatusOK {
		t.Fatalf("Ann's move from her phone, by her account: %d %s", code, body)
	}
	if code, body, _ := phone.post("/api/games/"+g.ID+"/actions", map[string]any{"seat": 1, "kind": "move", "arg": "d4"}); code != http.StatusForbidden {
		t.Errorf("Bob's seat played by Ann's account: %d %s", code, body)
	}

	// A request from another site is refused, cookie or not.
	if code, body, _ := phone.post("/api/games/"+g.ID+"/actions", map[string]any{"seat": 0, "kind": "move", "arg": "pass"}, "Origin", "https://evil.example"); code != http.StatusForbidden {
		t.Errorf("a cross-site action with Ann's cookie: %d %s", code, body)
	}

	// Wrong passwords: a few are answered 401, then the name waits.
	stranger := ts.device()
	for i := range SignInFailures {
		if code, _, _ := stranger.post("/api/account/signin", map[string]string{"name": "Ann", "password": "guess " + string(rune('a'+i))}); code != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: %d", i+1, code)
		}
	}
	if code, _, _ := stranger.post("/api/account/signin", map[string]string{"name": "Ann", "password": "correct horse"}); code != http.StatusTooManyRequests {
		t.Errorf("after %d failures, even the right password: %d", SignInFailures, code)
	}
	// The name as the account is found by: padded or in other case, it
	// is Ann's, and waits too.
	for _, name := range []string{" Ann", "Ann  ", "ANN", "\tann"} {
		if code, _, _ := stranger.post("/api/account/signin", map[string]string{"name": name, "password": "guess z"}); code != http.StatusTooManyRequests {
			t.Errorf("after %d failures, a guess as %q: %d", SignInFailures, name, code)
		}
	}
	if code, _, _ := stranger.post("/api/account/signin", map[string]string{"name": "Nobody", "password": "whatever1"}); code != http.StatusUnauthorized {
		t.Errorf("an unknown name: %d", code)
	}

	// A new password ends the phone's session; the laptop gets a new one.
	if code, body, _ := laptop.post("/api/account/password", map[string]string{"password": "correct horse", "newPassword": "battery staple"}); code != http.StatusOK {
		t.Fatalf("password change: %d %s", code, body)
	}
	if code, _ := phone.get("/api/account"); code != http.StatusUnauthorized {
		t.Errorf("the phone's session after the password change: %d", code)
	}
	if code, _ := laptop.get("/api/account"); code != http.StatusOK {
		t.Errorf("the laptop's new session: %d", code)
	}

	// Sign-out, then deletion (which wants the password again).
	if code, _, _ := laptop.post("/api/account/signout", map[string]string{}); code != http.StatusOK {
		t.Errorf("sign-out: %d", code)
	}
	if code, _ := laptop.get("/api/account"); code != http.StatusUnauthorized {
		t.Errorf("after sign-out: %d", code)
	}
	if code, _, _ := laptop.post("/api/account/signin", map[string]string{"name": "Ann", "password": "battery staple"}); code != http.StatusTooManyRequests {
		t.Errorf("sign-in while the name waits: %d", code)
	}
	c.skip(SignInWindow + time.Minute)
	if code, body, _ := laptop.post("/api/account/signin", map[string]string{"name": "Ann", "password": "battery staple"}); code != http.StatusOK {
		t.Fatalf("sign-in once the wait is over: %d %s", code, body)
	}
	if code, _, _ := laptop.post("/api/account/delete", map[string]string{"password": "wrong one"}); code != http.StatusUnauthorized {
		t.Errorf("deletion with a wrong password: %d", code)
	}
	if code, body, _ := laptop.post("/api/account/delete", map[string]string{"password": "battery staple"}); code != http.StatusOK {
		t.Fatalf("deletion: %d %s", code, body)
	}
	if code, _, _ := laptop.post("/api/account/signin", map[string]string{"name": "Ann", "password": "battery staple"}); code != http.StatusUnauthorized {
		t.Errorf("sign-in after deletion: %d", code)
	}
	// Her seat stays, playable by its link.
	if v := ts.must(g, 1, "move", "d4"); v.Version != 2 {
		t.Errorf("the game after the deletion: version %d", v.Version)
	}
	if code, body, _ := laptop.post("/api/games/"+g.ID+"/actions", map[string]any{"seat": 0, "token": g.Tokens[0], "kind": "move", "arg": "e5"}); code != http.StatusOK {
		t.Errorf("Ann's seat by its link after the deletion: %d %s", code, body)
	}
}

// TestSeatJoinsAccount: a signed-in player who opens a seat link makes the
// seat their account's.
func TestSeatJoinsAccount(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	bob := ts.device()
	if code, body, _ := bob.post("/api/account/signup", map[string]string{"name": "Bob", "password": "a long password"}); code != http.StatusOK {
		t.Fatalf("sign-up: %d %s", code, body)
	}
	if code, body, _ := bob.post("/api/games/"+g.ID+"/seat", map[string]any{"seat": 1, "token": g.Tokens[1]}); code != http.StatusOK {
		t.Fatalf("seat check: %d %s", code, body)
	}
	code, body := bob.get("/api/account")
	if code != http.StatusOK || !strings.Contains(string(body), g.ID) {
		t.Fatalf("Bob's games: %d %s", code, body)
	}
	ts.must(g, 0, "move", "c3")
	if code, body, _ := bob.post("/api/games/"+g.ID+"/actions", map[string]any{"seat": 1, "kind": "move", "arg": "d4"}); code != http.StatusOK {
		t.Errorf("Bob's move by his account: %d %s", code, body)
	}
}

// TestPasswordHash: the encoded argon2id hash checks its password only.
func TestPasswordHash(t *testing.T) {
	h := hashPassword("correct horse")
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") || !checkPassword(h, "correct horse") || checkPassword(h, "correct horsE") {
		t.Errorf("hash %s", h)
	}
	if h2 := hashPassword("correct horse"); h2 == h {
		t.Error("two hashes of one password share their salt")
	}
	for _, bad := range []string{"", "$argon2id$v=19$m=1,t=1,p=0$$", "$bcrypt$x", "$argon2id$v=19$m=99999999,t=1,p=1$AAAA$AAAA"} {
		if checkPassword(bad, "") {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestDeleteAccountMidGame: an account deleted while it plays a rated
// game and has challenges in the lobby: the game plays on by its links and
// ends unrated, moving no one's rating; its open challenge leaves the
// lobby, and the seat it took in another's is free again.
func TestDeleteAccountMidGame(t *testing.T) {
	ts := newTestServer(t)
	ann, bob := signUp(t, ts, "Ann"), signUp(t, ts, "Bob")
	g := twoAccountGame(t, ann, bob, "go", "5x5", true)
	ts.must(g, 0, "move", "c3")

	var annsOwn, bobsThree posted
	for _, c := range []struct {
		d   *device
		req map[string]any
		out *posted
	}{
		{ann, map[string]any{"game": "go", "board": "9x9", "name": "Ann"}, &annsOwn},
		{bob, map[string]any{"game": "kee", "board": "5x5", "players": 3, "name": "Bob"}, &bobsThree},
	} {
		code, body, _ := c.d.post("/api/lobby/challenges", c.req)
		if code != http.StatusCreated || json.Unmarshal(body, c.out) != nil {
			t.Fatalf("challenge %v: %d %s", c.req, code, body)
		}
	}
	if code, body, _ := ann.post("/api/lobby/challenges/"+bobsThree.ID+"/accept", map[string]any{"name": "Ann"}); code != http.StatusAccepted {
		t.Fatalf("Ann accepts Bob's challenge of three: %d %s", code, body)
	}

	if code, body, _ := ann.post("/api/account/delete", map[string]string{"password": "correct horse"}); code != http.StatusOK {
		t.Fatalf("deletion: %d %s", code, body)
	}
	l := ts.lobby()
	if listed(l, annsOwn.ID) {
		t.Errorf("Ann's challenge is listed after her account's deletion")
	}
	for _, c := range l.Challenges {
		if c.ID == bobsThree.ID && len(c.Joined) != 0 {
			t.Errorf("Bob's challenge of three after Ann's deletion: joined by %+v, want no one", c.Joined)
		}
	}
	if !listed(l, bobsThree.ID) {
		t.Errorf("Bob's challenge left the lobby with Ann's account")
	}

	// The game plays on by Ann's link; when it ends, it is rated for no
	// one.
	ts.must(g, 1, "move", "d4")
	ts.must(g, 0, "move", "resign")
	v := profile(t, bob, "Bob")
	if _, n := ratingOf(v, "go"); n != 0 || len(v.History) != 0 {
		t.Errorf("Bob's Go rating counts %d games (history %+v) after a game with a deleted account; want none", n, v.History)
	}
	if code, _ := bob.get("/api/players/Ann"); code != http.StatusNotFound {
		t.Errorf("Ann's profile after her account's deletion: %d, want 404", code)
	}
}

// TestExpiredSessionsDeleted: the server's sweep deletes the sessions
// that have expired, of every account, and leaves the live ones signed in.
func TestExpiredSessionsDeleted(t *testing.T) {
	c := newTestClock()
	var logs syncBuffer
	ts := newTestServerOpt(t, Options{Clock: c, Sweep: time.Minute, Log: slog.New(slog.NewTextHandler(&logs, nil))})
	signUp(t, ts, "Ann")
	signUp(t, ts, "Cy")
	c.skip(SessionLifetime / 2)
	bob := signUp(t, ts, "Bob")
	c.advance(SessionLifetime/2 + time.Minute) // Ann's and Cy's sessions have expired; Bob's has not
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(logs.String(), `msg="expired sessions deleted" sessions=2`) {
		if time.Now().After(deadline) {
			t.Fatalf("no sweep of the two expired sessions; log:\n%s", logs.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if code, body := bob.get("/api/account"); code != http.StatusOK {
		t.Errorf("Bob's live session after the sweep: %d %s", code, body)
	}
}
