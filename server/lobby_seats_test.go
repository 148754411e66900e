package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"moku/computer"
	"moku/internal/pgtest"
	"moku/rating"
)

// joined is the answer to an acceptance that took a seat of a challenge
// whose game waits for more players.
type joined struct {
	Secret  string `json:"secret"`
	Waiting int    `json:"waiting"`
}

// seatOf is the answer of POST /api/lobby/challenges/{id}/seat.
type seatOf struct {
	State string `json:"state"`
	Game  string `json:"game"`
	Seat  int    `json:"seat"`
}

func (ts *testServer) challengeSeat(id, secret string) seatOf {
	ts.t.Helper()
	code, body := ts.post("/api/lobby/challenges/"+id+"/seat", map[string]string{"secret": secret})
	var s seatOf
	if code != http.StatusOK || json.Unmarshal(body, &s) != nil {
		ts.t.Fatalf("the seat of a secret of %s: %d %s", id, code, body)
	}
	return s
}

// TestLobbySeats: a Kee challenge for four fills as people accept: an
// acceptance takes a seat and waits (202, with a secret that withdraws
// it and will be its seat's token), the lobby names who joined, a joiner
// who withdraws frees the seat, and the acceptance of the last seat makes
// the game (201), seating the maker as asked ("second") and the joiners
// in the other seats in the order they came. The lobby's watcher hears
// of each step; everyone reaches their seat with their secret and plays
// it; a fifth person is refused.
func TestLobbySeats(t *testing.T) {
	ts := newTestServer(t)
	w := dialLobby(t, ts.url())
	w.until("the lobby", func(l lobbyJSON) bool { return true })
	p := ts.challenge(map[string]any{"game": "kee", "board": "5x5", "players": 4, "name": "Ann", "color": "second"})
	w.until("the challenge", func(l lobbyJSON) bool { return listed(l, p.ID) })
	if l := ts.lobby(); len(l.Challenges) != 1 || l.Challenges[0].Players != 4 || len(l.Challenges[0].Joined) != 0 {
		t.Fatalf("the lobby %+v", l)
	}
	acceptAs := func(name string, want int) []byte {
		t.Helper()
		code, body := ts.post("/api/lobby/challenges/"+p.ID+"/accept", map[string]string{"name": name})
		if code != want {
			t.Fatalf("%s accepting: %d %s, want %d", name, code, body, want)
		}
		return body
	}
	joinedNow := func(names ...string) lobbyJSON {
		t.Helper()
		return w.until(fmt.Sprintf("joined %v", names), func(l lobbyJSON) bool {
			return len(l.Challenges) == 1 && slices.Equal(l.Challenges[0].Joined, names)
		})
	}
	var bob, dan, cy joined
	json.Unmarshal(acceptAs("Bob", http.StatusAccepted), &bob)
	if bob.Secret == "" || bob.Waiting != 2 {
		t.Fatalf("Bob's acceptance: %+v", bob)
	}
	if l := joinedNow("Bob"); l.Accepted != nil {
		t.Errorf("the lobby after Bob: %+v", l)
	}
	if s := ts.challengeSeat(p.ID, bob.Secret); s.State != "open" {
		t.Errorf("Bob asking before the game: %+v", s)
	}
	json.Unmarshal(acceptAs("Dan", http.StatusAccepted), &dan)
	if dan.Waiting != 1 {
		t.Errorf("Dan's acceptance: %+v", dan)
	}
	joinedNow("Bob", "Dan")
	code, body := ts.post("/api/lobby/challenges/"+p.ID+"/cancel", map[string]string{"secret": dan.Secret})
	if code != http.StatusOK || string(body) != `{"status":"left"}`+"\n" {
		t.Fatalf("Dan withdrawing: %d %s", code, body)
	}
	joinedNow("Bob")
	json.Unmarshal(acceptAs("Cy", http.StatusAccepted), &cy)
	joinedNow("Bob", "Cy")
	var eve accepted
	json.Unmarshal(acceptAs("Eve", http.StatusCreated), &eve)
	if eve.Game == "" || eve.Seat != 3 || eve.Token == "" {
		t.Fatalf("Eve's acceptance: %+v", eve)
	}
	l := w.until("the game", func(l lobbyJSON) bool { return l.Accepted != nil })
	if l.Accepted.Game != eve.Game || listed(l, p.ID) {
		t.Errorf("the lobby after the last seat: %+v", l)
	}
	acceptAs("Fay", http.StatusConflict)
	tokens := make([]string, 4)
	for _, who := range []struct {
		secret string
		seat   int
	}{{bob.Secret, 0}, {p.Secret, 1}, {cy.Secret, 2}} {
		s := ts.challengeSeat(p.ID, who.secret)
		if s.State != "accepted" || s.Game != eve.Game || s.Seat != who.seat {
			t.Errorf("seat %d's secret: %+v", who.seat, s)
		}
		tokens[who.seat] = who.secret
	}
	tokens[3] = eve.Token
	if code, body := ts.post("/api/lobby/challenges/"+p.ID+"/seat", map[string]string{"secret": dan.Secret}); code != http.StatusNotFound {
		t.Errorf("Dan's secret after he left: %d %s, want 404", code, body)
	}
	v := ts.view(eve.Game)
	var names []string
	for _, s := range v.Seats {
		names = append(names, s.Name)
	}
	if !slices.Equal(names, []string{"Bob", "Ann", "Cy", "Eve"}) {
		t.Errorf("the seats %v, want Bob, Ann, Cy, Eve", names)
	}
	g := created{ID: eve.Game, Tokens: tokens}
	if code, _ := ts.act(g.ID, actReq{Seat: 0, Token: tokens[1], Kind: "move", Arg: "c3"}); code != http.StatusForbidden {
		t.Errorf("seat 0 played with the maker's secret: %d", code)
	}
	for seat, move := range []string{"c3", "d4", "b2", "e5"} {
		ts.must(g, seat, "move", move)
	}
}

// TestLobbyFourSeatsCluster: two servers on one PostgreSQL database; a
// challenge of four seats posted on one is accepted twelve times at once
// on both: two acceptances wait, one makes the game, nine are refused;
// the game seats the maker and the three who took a seat, each once, and
// each reaches their seat with their secret; both servers' lobby watchers
// hear of the game.
func TestLobbyFourSeatsCluster(t *testing.T) {
	nodes := clNodes(t, pgtest.DSN(t), 2, Options{})
	watchers := []*lobbyWatcher{dialLobby(t, nodes[0].http.URL), dialLobby(t, nodes[1].http.URL)}
	for _, w := range watchers {
		w.until("the lobby", func(l lobbyJSON) bool { return true })
	}
	code, body := nodes[0].post("/api/lobby/challenges", map[string]any{"game": "kee", "board": "5x5", "players": 4, "name": "Ann"})
	var p posted
	if code != http.StatusCreated || json.Unmarshal(body, &p) != nil {
		t.Fatalf("challenge: %d %s", code, body)
	}
	// Both servers listen for the lobby's notices once their watchers see
	// the challenge (a server that has not begun to listen yet would miss
	// the acceptances').
	for _, w := range watchers {
		w.until("the challenge", func(l lobbyJSON) bool { return listed(l, p.ID) })
	}
	const n = 12
	var wg sync.WaitGroup
	codes := make([]int, n)
	bodies := make([][]byte, n)
	for i := range n {
		wg.Go(func() {
			codes[i], bodies[i] = nodes[i%2].post("/api/lobby/challenges/"+p.ID+"/accept", map[string]string{"name": fmt.Sprintf("p%d", i)})
		})
	}
	wg.Wait()
	secrets := map[string]string{"Ann": p.Secret} // by name, of those with a seat
	var game accepted
	for i, code := range codes {
		name := fmt.Sprintf("p%d", i)
		switch code {
		case http.StatusAccepted:
			var j joined
			json.Unmarshal(bodies[i], &j)
			secrets[name] = j.Secret
		case http.StatusCreated:
			if game.Game != "" {
				t.Errorf("two acceptances made a game: %s and %s", game.Game, bodies[i])
			}
			json.Unmarshal(bodies[i], &game)
			secrets[name] = game.Token
		case http.StatusConflict:
		default:
			t.Errorf("acceptance %d: %d %s", i, code, bodies[i])
		}
	}
	if len(secrets) != 4 || game.Game == "" {
		t.Fatalf("%d people seated (%v), game %q; want 4 and a game", len(secrets), secrets, game.Game)
	}
	for i, w := range watchers {
		if l := w.until("the game", func(l lobbyJSON) bool { return l.Accepted != nil }); l.Accepted.Game != game.Game {
			t.Errorf("server %d's watcher: %+v", i, l.Accepted)
		}
	}
	v := nodes[1].view(game.Game)
	for name, secret := range secrets {
		code, body := nodes[1].post("/api/lobby/challenges/"+p.ID+"/seat", map[string]string{"secret": secret})
		var s seatOf
		if code != http.StatusOK || json.Unmarshal(body, &s) != nil || s.Game != game.Game || v.Seats[s.Seat].Name != name {
			t.Errorf("%s's seat: %d %s; the seats %+v", name, code, body, v.Seats)
		}
	}
}

// TestLobbyRatedThreeSeats: a rated challenge of Kee for three among
// three accounts: a guest may not take a seat, an account only one; the
// seats bear the accounts' names; when the game ends each player's
// rating moves by rating.RankOutcomes of the ranks, as the docs say.
func TestLobbyRatedThreeSeats(t *testing.T) {
	ts := newTestServerOpt(t, Options{Anchor: computer.AnchorOf})
	ann, bob, cat, guest := signUp(t, ts, "Ann"), signUp(t, ts, "Bob"), signUp(t, ts, "Cat"), ts.device()
	code, body, _ := ann.post("/api/lobby/challenges", map[string]any{"game": "kee", "board": "5x5", "players": 3, "rated": true})
	var p posted
	if code != http.StatusCreated || json.Unmarshal(body, &p) != nil {
		t.Fatalf("challenge: %d %s", code, body)
	}
	path := "/api/lobby/challenges/" + p.ID + "/accept"
	if code, body, _ := guest.post(path, map[string]string{}); code != http.StatusUnauthorized {
		t.Errorf("a guest accepting: %d %s, want 401", code, body)
	}
	if code, body, _ := ann.post(path, map[string]string{}); code != http.StatusConflict {
		t.Errorf("the maker accepting her own challenge: %d %s, want 409", code, body)
	}
	if code, body, _ := bob.post(path, map[string]string{}); code != http.StatusAccepted {
		t.Fatalf("Bob accepting: %d %s", code, body)
	}
	if code, body, _ := bob.post(path, map[string]string{}); code != http.StatusConflict {
		t.Errorf("Bob accepting again: %d %s, want 409", code, body)
	}
	code, body, _ = cat.post(path, map[string]string{})
	var a accepted
	if code != http.StatusCreated || json.Unmarshal(body, &a) != nil {
		t.Fatalf("Cat accepting: %d %s", code, body)
	}
	v := ts.view(a.Game)
	if len(v.Seats) != 3 || v.Seats[0].Name != "Ann" || v.Seats[1].Name != "Bob" || v.Seats[2].Name != "Cat" {
		t.Fatalf("the seats %+v", v.Seats)
	}
	for seat, d := range []*device{ann, bob} { // Ann resigns first, then Bob: Cat wins
		if code, body, _ := d.post("/api/games/"+a.Game+"/actions", map[string]any{"seat": seat, "kind": "move", "arg": "resign"}); code != http.StatusOK {
			t.Fatalf("seat %d resigns: %d %s", seat, code, body)
		}
	}
	newP := rating.NewGlicko()
	outcomes := rating.RankOutcomes([]int{3, 2, 1}, []rating.Glicko{newP, newP, newP})
	for i, name := range []string{"Ann", "Bob", "Cat"} {
		want := newP.Update(outcomes[i], RatingTau)
		if got, n := ratingOf(profile(t, ann, name), "kee"); !near(got, want) || n != 1 {
			t.Errorf("%s: %+v after %d games, want %+v", name, got, n, want)
		}
	}
}

// TestLobbyExpiry: when a challenge expires, the lobby's watchers are
// sent the lobby without it at once (no page asks), on every server
// sharing the database; the next expiry is told in its turn.
func TestLobbyExpiry(t *testing.T) {
	check := func(t *testing.T, c *testClock, urls []string, post func(req map[string]any) posted) {
		var watchers []*lobbyWatcher
		for _, u := range urls {
			w := dialLobby(t, u)
			w.until("the lobby", func(l lobbyJSON) bool { return true })
			watchers = append(watchers, w)
		}
		first := post(map[string]any{"game": "go"})
		c.advance(time.Minute)
		second := post(map[string]any{"game": "go"})
		for _, w := range watchers {
			w.until("both challenges", func(l lobbyJSON) bool { return listed(l, first.ID) && listed(l, second.ID) })
		}
		c.advance(ChallengeLife - time.Minute)
		for _, w := range watchers {
			if l := w.until("the first expiry", func(l lobbyJSON) bool { return !listed(l, first.ID) }); !listed(l, second.ID) {
				t.Errorf("the second challenge went with the first: %+v", l)
			}
		}
		c.advance(time.Minute)
		for _, w := range watchers {
			w.until("the second expiry", func(l lobbyJSON) bool { return len(l.Challenges) == 0 })
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		c := newTestClock()
		ts := newTestServerOpt(t, Options{Clock: c, Sweep: -1})
		check(t, c, []string{ts.url()}, ts.challenge)
	})
	t.Run("postgres, two servers", func(t *testing.T) {
		c := newTestClock()
		nodes := clNodes(t, pgtest.DSN(t), 2, Options{Clock: c, Sweep: -1})
		check(t, c, []string{nodes[0].http.URL, nodes[1].http.URL}, func(req map[string]any) posted {
			code, body := nodes[0].post("/api/lobby/challenges", req)
			var p posted
			if code != http.StatusCreated || json.Unmarshal(body, &p) != nil {
				t.Fatalf("challenge: %d %s", code, body)
			}
			return p
		})
	})
}

// TestSeatTakesAccountName: a seat whose link is opened signed in takes
// the account's name, in place of the colour it was named by (or the name
// it was sent under); the game's watchers see it at once.
func TestSeatTakesAccountName(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human"}}})
	if v := ts.view(g.ID); v.Seats[1].Name != "white" {
		t.Fatalf("the second seat is named %q before it is taken", v.Seats[1].Name)
	}
	w := ts.dial(t, g.ID)
	w.next()
	bob := signUp(t, ts, "Bob")
	if code, body, _ := bob.post("/api/games/"+g.ID+"/seat", map[string]any{"seat": 1, "token": g.Tokens[1]}); code != http.StatusOK {
		t.Fatalf("Bob's seat: %d %s", code, body)
	}
	if v := w.next(); v.Seats[1].Name != "Bob" || v.Seats[0].Name != "Ann" {
		t.Errorf("the watcher's view after Bob came: %+v", v.Seats)
	}
	if v := ts.view(g.ID); v.Seats[1].Name != "Bob" {
		t.Errorf("the view after Bob came: %+v", v.Seats)
	}
	ts.must(g, 0, "move", "c3")
	ts.must(g, 1, "move", "resign")
	code, body := ts.do("GET", "/api/games/"+g.ID+"/record", "")
	if code != http.StatusOK || !strings.Contains(string(body), "PW[Bob]") {
		t.Errorf("the record: %d %s", code, body)
	}
}
