package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"moku/internal/pgtest"
	"moku/store"
)

// posted is the answer to a challenge posted.
type posted struct {
	ID     string `json:"id"`
	Secret string `json:"secret"`
}

// accepted is the answer to an acceptance.
type accepted struct {
	Game  string `json:"game"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

type lobbyJSON struct {
	Challenges []challengeView `json:"challenges"`
	Games      []gameItem      `json:"games"`
	Accepted   *acceptedView   `json:"accepted"`
}

func (ts *testServer) challenge(req map[string]any) posted {
	ts.t.Helper()
	code, body := ts.post("/api/lobby/challenges", req)
	var p posted
	if code != http.StatusCreated || json.Unmarshal(body, &p) != nil || p.ID == "" || p.Secret == "" {
		ts.t.Fatalf("challenge %v: %d %s", req, code, body)
	}
	return p
}

func (ts *testServer) lobby() lobbyJSON {
	ts.t.Helper()
	code, body := ts.do("GET", "/api/lobby", "")
	var l lobbyJSON
	if code != http.StatusOK || json.Unmarshal(body, &l) != nil {
		ts.t.Fatalf("lobby: %d %s", code, body)
	}
	return l
}

func listed(l lobbyJSON, id string) bool {
	for _, c := range l.Challenges {
		if c.ID == id {
			return true
		}
	}
	return false
}

// TestLobbyChallengeRefused: challenges the server would not make a game
// of are refused when posted, with a clear error, and nothing is listed.
func TestLobbyChallengeRefused(t *testing.T) {
	ts := newTestServer(t)
	for _, tc := range []struct {
		req  map[string]any
		code int
		want string
	}{
		{map[string]any{"game": "chess"}, 400, "chess"},
		{map[string]any{"game": "go", "board": "99x99"}, 400, "out of range"},
		{map[string]any{"game": "go", "color": "purple"}, 400, "color"},
		{map[string]any{"game": "go", "players": 3}, 400, "player"},
		{map[string]any{"game": "kee", "players": 5}, 400, "players 5"},
		{map[string]any{"game": "kee", "players": 3, "setup": "pie"}, 400, "two players"},
		{map[string]any{"game": "go", "rated": true}, 401, "account"},
		{map[string]any{"game": "go", "name": strings.Repeat("x", MaxNameLen+1)}, 400, "name"},
		{map[string]any{"game": "go", "clock": map[string]any{"kind": "fischer", "main": -1}}, 400, ""},
	} {
		code, body := ts.post("/api/lobby/challenges", tc.req)
		if code != tc.code || !strings.Contains(errorOf(t, body), tc.want) {
			t.Errorf("%v: %d %s; want %d with %q", tc.req, code, body, tc.code, tc.want)
		}
	}
	if l := ts.lobby(); len(l.Challenges) != 0 {
		t.Errorf("refused challenges listed: %+v", l.Challenges)
	}
}

// TestLobbyAccept: a challenge posted is listed; one acceptance makes the
// game with the maker in the seat asked for, the acceptor's token answered
// to the acceptor and the maker's seat played with the maker's secret;
// a second acceptance is refused; the game is listed in play.
func TestLobbyAccept(t *testing.T) {
	for _, tc := range []struct {
		color     string
		makerSeat int
	}{{"", 0}, {"first", 0}, {"second", 1}} {
		t.Run("color "+tc.color, func(t *testing.T) {
			ts := newTestServerOpt(t, Options{Clock: newTestClock()})
			p := ts.challenge(map[string]any{"game": "go", "board": "9x9", "name": "Ann", "color": tc.color})
			l := ts.lobby()
			if !listed(l, p.ID) || l.Challenges[0].Maker != "Ann" || l.Challenges[0].Board != "9x9" {
				t.Fatalf("lobby %+v", l)
			}
			code, body := ts.post("/api/lobby/challenges/"+p.ID+"/seat", map[string]string{"secret": p.Secret})
			if code != 200 || !strings.Contains(string(body), `"open"`) {
				t.Errorf("the maker asking before an acceptance: %d %s", code, body)
			}
			code, body = ts.post("/api/lobby/challenges/"+p.ID+"/accept", map[string]string{"name": "Bob"})
			var a accepted
			if code != http.StatusCreated || json.Unmarshal(body, &a) != nil || a.Seat != 1-tc.makerSeat || a.Token == "" {
				t.Fatalf("accept: %d %s", code, body)
			}
			if code, body := ts.post("/api/lobby/challenges/"+p.ID+"/accept", map[string]string{"name": "Cy"}); code != http.StatusConflict {
				t.Errorf("second acceptance: %d %s, want 409", code, body)
			}
			code, body = ts.post("/api/lobby/challenges/"+p.ID+"/seat", map[string]string{"secret": p.Secret})
			var st struct {
				State, Game string
				Seat        int
			}
			if code != 200 || json.Unmarshal(body, &st) != nil || st.State != "accepted" || st.Game != a.Game || st.Seat != tc.makerSeat {
				t.Fatalf("the maker asking after the acceptance: %d %s", code, body)
			}
			if code, body := ts.post("/api/lobby/challenges/"+p.ID+"/seat", map[string]string{"secret": "guess"}); code != http.StatusNotFound {
				t.Errorf("asking with a wrong secret: %d %s, want 404", code, body)
			}
			v := ts.view(a.Game)
			if v.Seats[tc.makerSeat].Name != "Ann" || v.Seats[1-tc.makerSeat].Name != "Bob" {
				t.Errorf("seats %+v", v.Seats)
			}
			g := created{ID: a.Game, Tokens: make([]string, 2)}
			g.Tokens[tc.makerSeat], g.Tokens[a.Seat] = p.Secret, a.Token
			ts.must(g, 0, "move", "e5")
			ts.must(g, 1, "move", "c3")
			// Neither token plays the other's seat.
			if code, _ := ts.act(g.ID, actReq{Seat: 0, Token: g.Tokens[1], Kind: "move", Arg: "d4"}); code == http.StatusOK {
				t.Error("seat 0 played with seat 1's token")
			}
			l = ts.lobby()
			if listed(l, p.ID) || len(l.Games) != 1 || l.Games[0].ID != a.Game {
				t.Errorf("lobby after the acceptance: %+v", l)
			}
		})
	}
}

// TestLobbyCancelExpire: only the maker's secret withdraws a challenge;
// a challenge expires after ChallengeLife (a correspondence one after
// CorrespondenceLife), unlisted and no longer accepted.
func TestLobbyCancelExpire(t *testing.T) {
	c := newTestClock()
	ts := newTestServerOpt(t, Options{Clock: c})
	p := ts.challenge(map[string]any{"game": "go"})
	if code, body := ts.post("/api/lobby/challenges/"+p.ID+"/cancel", map[string]string{"secret": "guess"}); code != http.StatusNotFound {
		t.Errorf("cancel with a wrong secret: %d %s, want 404", code, body)
	}
	if code, body := ts.post("/api/lobby/challenges/"+p.ID+"/cancel", map[string]string{"secret": p.Secret}); code != http.StatusOK {
		t.Fatalf("cancel: %d %s", code, body)
	}
	if code, body := ts.post("/api/lobby/challenges/"+p.ID+"/accept", map[string]string{}); code != http.StatusConflict {
		t.Errorf("accepting a cancelled challenge: %d %s, want 409", code, body)
	}
	if listed(ts.lobby(), p.ID) {
		t.Error("a cancelled challenge listed")
	}

	quick := ts.challenge(map[string]any{"game": "go", "clock": map[string]any{"kind": "fischer", "main": 300, "increment": 5}})
	slow := ts.challenge(map[string]any{"game": "go", "clock": map[string]any{"kind": "correspondence", "days": 3}})
	c.skip(ChallengeLife - time.Second)
	if l := ts.lobby(); !listed(l, quick.ID) || !listed(l, slow.ID) {
		t.Fatalf("before expiry: %+v", l)
	}
	c.skip(time.Second)
	if l := ts.lobby(); listed(l, quick.ID) || !listed(l, slow.ID) {
		t.Errorf("after %v: %+v; want only the correspondence one", ChallengeLife, l)
	}
	if code, body := ts.post("/api/lobby/challenges/"+quick.ID+"/accept", map[string]string{}); code != http.StatusConflict {
		t.Errorf("accepting an expired challenge: %d %s, want 409", code, body)
	}
	if code, body := ts.post("/api/lobby/challenges/"+quick.ID+"/seat", map[string]string{"secret": quick.Secret}); code != 200 || !strings.Contains(string(body), "expired") {
		t.Errorf("the maker asking after expiry: %d %s", code, body)
	}
	c.skip(CorrespondenceLife - ChallengeLife)
	if listed(ts.lobby(), slow.ID) {
		t.Errorf("a correspondence challenge listed after %v", CorrespondenceLife)
	}
}

// lobbyWatcher is a WebSocket watcher of the lobby.
type lobbyWatcher struct {
	t *testing.T
	c *websocket.Conn
}

func dialLobby(t *testing.T, base string) *lobbyWatcher {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/lobby/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(1 << 22)
	t.Cleanup(func() { c.CloseNow() })
	return &lobbyWatcher{t: t, c: c}
}

// until reads the lobby's messages until one satisfies cond (10 s at
// most).
func (w *lobbyWatcher) until(what string, cond func(lobbyJSON) bool) lobbyJSON {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, data, err := w.c.Read(ctx)
		if err != nil {
			w.t.Fatalf("lobby watcher waiting for %s: %v", what, err)
		}
		var l lobbyJSON
		if err := json.Unmarshal(data, &l); err != nil {
			w.t.Fatalf("lobby message %s: %v", data, err)
		}
		if cond(l) {
			return l
		}
	}
}

// TestLobbyWatch: the lobby's WebSocket sends the lobby, then each new
// challenge, and the acceptance with its game.
func TestLobbyWatch(t *testing.T) {
	ts := newTestServer(t)
	w := dialLobby(t, ts.url())
	w.until("the lobby", func(l lobbyJSON) bool { return len(l.Challenges) == 0 })
	p := ts.challenge(map[string]any{"game": "go"})
	w.until("the challenge", func(l lobbyJSON) bool { return listed(l, p.ID) })
	code, body := ts.post("/api/lobby/challenges/"+p.ID+"/accept", map[string]string{})
	var a accepted
	if code != http.StatusCreated || json.Unmarshal(body, &a) != nil {
		t.Fatalf("accept: %d %s", code, body)
	}
	l := w.until("the acceptance", func(l lobbyJSON) bool { return l.Accepted != nil })
	if l.Accepted.Challenge != p.ID || l.Accepted.Game != a.Game || listed(l, p.ID) {
		t.Errorf("acceptance message %+v", l)
	}
}

// TestLobbyClusterRace: two servers on one PostgreSQL database; a
// challenge posted on one is seen by the lobby watchers of the other, and
// of many acceptances racing on both servers exactly one makes a game;
// both servers' watchers hear of it.
func TestLobbyClusterRace(t *testing.T) {
	nodes := clNodes(t, pgtest.DSN(t), 2, Options{})
	watchers := []*lobbyWatcher{dialLobby(t, nodes[0].http.URL), dialLobby(t, nodes[1].http.URL)}
	for _, w := range watchers {
		w.until("the lobby", func(l lobbyJSON) bool { return true })
	}
	code, body := nodes[0].post("/api/lobby/challenges", map[string]any{"game": "go", "board": "9x9"})
	var p posted
	if code != http.StatusCreated || json.Unmarshal(body, &p) != nil {
		t.Fatalf("challenge: %d %s", code, body)
	}
	for _, w := range watchers {
		w.until("the challenge", func(l lobbyJSON) bool { return listed(l, p.ID) })
	}
	const n = 12
	var wg sync.WaitGroup
	codes := make([]int, n)
	bodies := make([][]byte, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], bodies[i] = nodes[i%2].post("/api/lobby/challenges/"+p.ID+"/accept", map[string]string{})
		}()
	}
	wg.Wait()
	var won []accepted
	for i, code := range codes {
		switch code {
		case http.StatusCreated:
			var a accepted
			json.Unmarshal(bodies[i], &a)
			won = append(won, a)
		case http.StatusConflict:
		default:
			t.Errorf("acceptance %d: %d %s", i, code, bodies[i])
		}
	}
	if len(won) != 1 {
		t.Fatalf("%d acceptances won: %+v", len(won), won)
	}
	for i, w := range watchers {
		l := w.until("the acceptance", func(l lobbyJSON) bool { return l.Accepted != nil })
		if l.Accepted.Game != won[0].Game {
			t.Errorf("server %d's watcher: acceptance %+v, want game %s", i, l.Accepted, won[0].Game)
		}
		nodes[i].view(won[0].Game)
	}
	games, err := nodes[0].srv.store.List(context.Background(), 100, store.Page{})
	if err != nil || len(games) != 1 {
		t.Errorf("%d games in the store, %v; want 1", len(games), err)
	}
}

// TestAccountYourTurn: GET /api/account marks the games where it is the
// account's turn, and lists them first; the mark follows the moves (the
// store's to_move). A rated challenge needs an account, to make and to
// accept.
func TestAccountYourTurn(t *testing.T) {
	ts := newTestServer(t)
	ann, bob, guest := ts.device(), ts.device(), ts.device()
	for _, d := range []struct {
		d    *device
		name string
	}{{ann, "Ann"}, {bob, "Bob"}} {
		if code, body, _ := d.d.post("/api/account/signup", map[string]string{"name": d.name, "password": "correct horse"}); code != http.StatusOK {
			t.Fatalf("sign-up: %d %s", code, body)
		}
	}
	code, body, _ := ann.post("/api/lobby/challenges", map[string]any{"game": "go", "board": "9x9", "rated": true})
	var p posted
	if code != http.StatusCreated || json.Unmarshal(body, &p) != nil {
		t.Fatalf("challenge: %d %s", code, body)
	}
	if code, body, _ := guest.post("/api/lobby/challenges/"+p.ID+"/accept", map[string]string{}); code != http.StatusUnauthorized {
		t.Errorf("a guest accepting a rated challenge: %d %s, want 401", code, body)
	}
	code, body, _ = bob.post("/api/lobby/challenges/"+p.ID+"/accept", map[string]string{})
	var a accepted
	if code != http.StatusCreated || json.Unmarshal(body, &a) != nil {
		t.Fatalf("accept: %d %s", code, body)
	}
	games := func(d *device) []gameItem {
		t.Helper()
		code, body := d.get("/api/account")
		var v struct{ Games []gameItem }
		if code != http.StatusOK || json.Unmarshal(body, &v) != nil {
			t.Fatalf("account: %d %s", code, body)
		}
		return v.Games
	}
	turns := func(list []gameItem) string {
		var s []string
		for _, g := range list {
			mark := "wait"
			if g.YourTurn {
				mark = "turn"
			}
			s = append(s, g.ID+":"+mark)
		}
		return strings.Join(s, " ")
	}
	lobbyGame := a.Game
	if got, want := turns(games(ann)), lobbyGame+":turn"; got != want {
		t.Errorf("Ann's games %s, want %s", got, want)
	}
	if got, want := turns(games(bob)), lobbyGame+":wait"; got != want {
		t.Errorf("Bob's games %s, want %s", got, want)
	}
	// Ann makes a game of her own (her turn), then moves in the lobby's
	// game, which is updated last but listed after the game where it is
	// her turn.
	code, body, _ = ann.post("/api/games", map[string]any{"game": "go", "board": "9x9", "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}})
	var own created
	if code != http.StatusCreated || json.Unmarshal(body, &own) != nil {
		t.Fatalf("create: %d %s", code, body)
	}
	ts.must(created{ID: lobbyGame, Tokens: []string{p.Secret, a.Token}}, 0, "move", "e5")
	if got, want := turns(games(ann)), own.ID+":turn "+lobbyGame+":wait"; got != want {
		t.Errorf("Ann's games %s, want %s", got, want)
	}
	if got, want := turns(games(bob)), lobbyGame+":turn"; got != want {
		t.Errorf("Bob's games %s, want %s", got, want)
	}
}

// TestRematch: after a game between two people ends, either player
// proposes a rematch (their seat's token); only the other accepts it, and
// the new game has the colours swapped; the proposer reaches their seat
// with the rematch's secret. A rematch is not listed in the lobby, and
// none is made of a game not over or with the computer.
func TestRematch(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	if code, body := ts.post("/api/games/"+g.ID+"/rematch", rematchRequest{Seat: 1, Token: g.Tokens[1]}); code != http.StatusConflict {
		t.Errorf("a rematch of a game in play: %d %s, want 409", code, body)
	}
	ts.must(g, 0, "move", "resign")
	if code, body := ts.post("/api/games/"+g.ID+"/rematch", rematchRequest{Seat: 1, Token: g.Tokens[0]}); code != http.StatusForbidden {
		t.Errorf("a rematch with the wrong token: %d %s, want 403", code, body)
	}
	code, body := ts.post("/api/games/"+g.ID+"/rematch", rematchRequest{Seat: 1, Token: g.Tokens[1]})
	var p posted
	if code != http.StatusCreated || json.Unmarshal(body, &p) != nil {
		t.Fatalf("rematch: %d %s", code, body)
	}
	if code, body := ts.post("/api/games/"+g.ID+"/rematch", rematchRequest{Seat: 0, Token: g.Tokens[0]}); code != http.StatusConflict {
		t.Errorf("a second rematch: %d %s, want 409", code, body)
	}
	code, body = ts.do("GET", "/api/games/"+g.ID+"/rematch", "")
	var offer struct {
		ID   string
		From int
		By   string
	}
	if code != http.StatusOK || json.Unmarshal(body, &offer) != nil || offer.ID != p.ID || offer.From != 1 || offer.By != "Bob" {
		t.Errorf("the rematch offer: %d %s", code, body)
	}
	if l := ts.lobby(); len(l.Challenges) != 0 {
		t.Errorf("a rematch listed in the lobby: %+v", l.Challenges)
	}
	path := "/api/lobby/challenges/" + p.ID + "/accept"
	if code, body := ts.post(path, map[string]any{"seat": 0, "token": g.Tokens[1]}); code != http.StatusForbidden {
		t.Errorf("the proposer accepting their own rematch: %d %s, want 403", code, body)
	}
	if code, body := ts.post(path, map[string]any{}); code != http.StatusForbidden {
		t.Errorf("a stranger accepting the rematch: %d %s, want 403", code, body)
	}
	code, body = ts.post(path, map[string]any{"seat": 0, "token": g.Tokens[0]})
	var a accepted
	if code != http.StatusCreated || json.Unmarshal(body, &a) != nil || a.Seat != 1 {
		t.Fatalf("accepting the rematch: %d %s", code, body)
	}
	v := ts.view(a.Game)
	if v.Seats[0].Name != "Bob" || v.Seats[1].Name != "Ann" {
		t.Errorf("the rematch's seats %+v: want Bob, then Ann", v.Seats)
	}
	code, body = ts.post("/api/lobby/challenges/"+p.ID+"/seat", map[string]string{"secret": p.Secret})
	var st struct {
		State, Game string
		Seat        int
	}
	if code != 200 || json.Unmarshal(body, &st) != nil || st.Game != a.Game || st.Seat != 0 {
		t.Fatalf("the proposer's seat: %d %s", code, body)
	}
	ts.must(created{ID: a.Game, Tokens: []string{p.Secret, a.Token}}, 0, "move", "c3")
	ts.must(created{ID: a.Game, Tokens: []string{p.Secret, a.Token}}, 1, "move", "d4")

	c := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human"}, {Kind: "computer", Level: "random"}}})
	ts.must(c, 0, "move", "resign")
	if code, body := ts.post("/api/games/"+c.ID+"/rematch", rematchRequest{Seat: 0, Token: c.Tokens[0]}); code != http.StatusBadRequest {
		t.Errorf("a rematch against the computer: %d %s, want 400", code, body)
	}
	if code, body := ts.post("/api/lobby/challenges", map[string]any{"game": "go", "rematch": g.ID}); code != http.StatusBadRequest {
		t.Errorf("a rematch posted to the lobby: %d %s, want 400", code, body)
	}
}

// TestLobbyCap: a client has at most MaxOpenChallenges open challenges;
// one withdrawn makes room; an account's are counted apart from the
// guests' of the same address.
func TestLobbyCap(t *testing.T) {
	ts := newTestServer(t)
	var first posted
	for i := range MaxOpenChallenges {
		p := ts.challenge(map[string]any{"game": "go"})
		if i == 0 {
			first = p
		}
	}
	if code, body := ts.post("/api/lobby/challenges", map[string]any{"game": "go"}); code != http.StatusTooManyRequests {
		t.Fatalf("challenge %d: %d %s, want 429", MaxOpenChallenges+1, code, body)
	}
	ann := ts.device()
	if code, body, _ := ann.post("/api/account/signup", map[string]string{"name": "Ann", "password": "correct horse"}); code != http.StatusOK {
		t.Fatalf("sign-up: %d %s", code, body)
	}
	if code, body, _ := ann.post("/api/lobby/challenges", map[string]any{"game": "go"}); code != http.StatusCreated {
		t.Errorf("an account's challenge from the same address: %d %s", code, body)
	}
	if code, body := ts.post("/api/lobby/challenges/"+first.ID+"/cancel", map[string]string{"secret": first.Secret}); code != http.StatusOK {
		t.Fatalf("cancel: %d %s", code, body)
	}
	ts.challenge(map[string]any{"game": "go"})
	if n := len(ts.lobby().Challenges); n != MaxOpenChallenges+1 {
		t.Errorf("%d challenges listed, want %d", n, MaxOpenChallenges+1)
	}
}

// TestRatedChallenge: a rated challenge between two accounts makes a rated
// game: when it ends, both players' ratings move.
func TestRatedChallenge(t *testing.T) {
	ts := newTestServerOpt(t, Options{Clock: newTestClock()})
	ann, bob := ts.device(), ts.device()
	for _, p := range []struct {
		d    *device
		name string
	}{{ann, "Ann"}, {bob, "Bob"}} {
		if code, body, _ := p.d.post("/api/account/signup", map[string]string{"name": p.name, "password": "a long password"}); code != http.StatusOK {
			t.Fatalf("sign-up %s: %d %s", p.name, code, body)
		}
	}
	code, body, _ := ann.post("/api/lobby/challenges", map[string]any{"game": "go", "board": "5x5", "name": "Ann", "color": "first", "rated": true})
	var p posted
	if code != http.StatusCreated || json.Unmarshal(body, &p) != nil {
		t.Fatalf("challenge: %d %s", code, body)
	}
	code, body, _ = bob.post("/api/lobby/challenges/"+p.ID+"/accept", map[string]string{"name": "Bob"})
	var a accepted
	if code != http.StatusCreated || json.Unmarshal(body, &a) != nil {
		t.Fatalf("accept: %d %s", code, body)
	}
	if code, body, _ := ann.post("/api/games/"+a.Game+"/actions", map[string]any{"seat": 0, "token": p.Secret, "kind": "move", "arg": "resign"}); code != http.StatusOK {
		t.Fatalf("Ann resigns: %d %s", code, body)
	}
	for _, name := range []string{"Ann", "Bob"} {
		var pv playerView
		code, body := ts.do("GET", "/api/players/"+name, "")
		if code != http.StatusOK || json.Unmarshal(body, &pv) != nil || len(pv.Ratings) != 1 || pv.Ratings[0].Games != 1 {
			t.Fatalf("%s after the rated game: %d %s", name, code, body)
		}
		if (name == "Ann") == (pv.Ratings[0].Rating >= 1500) {
			t.Errorf("%s's rating after the game: %v", name, pv.Ratings[0].Rating)
		}
	}
}

// TestLobbyBusy: with more newer challenges open than the lobby lists,
// a client's older ones still count against its cap, and a game's
// rematch is still found (neither depends on the newest MaxChallenges).
func TestLobbyBusy(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	ts.must(g, 0, "move", "resign")
	code, body := ts.post("/api/games/"+g.ID+"/rematch", rematchRequest{Seat: 1, Token: g.Tokens[1]})
	var rematch posted
	if code != http.StatusCreated || json.Unmarshal(body, &rematch) != nil {
		t.Fatalf("rematch: %d %s", code, body)
	}
	for range MaxOpenChallenges - 1 { // the rematch counts as one of this client's
		ts.challenge(map[string]any{"game": "go", "name": "Ann"})
	}
	now := time.Now()
	for i := range MaxChallenges + 10 {
		c := &store.Challenge{ID: fmt.Sprintf("busy-%03d", i), SecretHash: []byte{byte(i)}, Maker: "Someone",
			Owner: fmt.Sprintf("198.51.100.%d", i), Request: `{"game":"go"}`, Created: now.Add(time.Minute + time.Duration(i)*time.Millisecond),
			Expires: now.Add(time.Hour)}
		if err := ts.store.CreateChallenge(context.Background(), c); err != nil {
			t.Fatal(err)
		}
	}
	if code, body := ts.post("/api/lobby/challenges", map[string]any{"game": "go", "name": "Ann"}); code != http.StatusTooManyRequests || !strings.Contains(string(body), "open challenges already") {
		t.Errorf("a challenge past the cap under %d newer ones: %d %s, want 429 for the cap", MaxChallenges+10, code, body)
	}
	code, body = ts.do("GET", "/api/games/"+g.ID+"/rematch", "")
	var offer struct{ ID string }
	if code != http.StatusOK || json.Unmarshal(body, &offer) != nil || offer.ID != rematch.ID {
		t.Errorf("the rematch offer under %d newer challenges: %d %s, want %s", MaxChallenges+10, code, body, rematch.ID)
	}
	if code, body := ts.post("/api/games/"+g.ID+"/rematch", rematchRequest{Seat: 0, Token: g.Tokens[0]}); code != http.StatusConflict {
		t.Errorf("a second rematch under %d newer challenges: %d %s, want 409", MaxChallenges+10, code, body)
	}
}

// TestLobbyAccountNames: a signed-in player posts and accepts under their
// account's name, whatever name they type (no one signed in passes for
// another); a guest goes by the name they give.
func TestLobbyAccountNames(t *testing.T) {
	ts := newTestServer(t)
	bob := signUp(t, ts, "Bob")
	code, body, _ := bob.post("/api/lobby/challenges", map[string]any{"game": "kee", "board": "5x5", "players": 3, "name": "Ann"})
	var p posted
	if code != http.StatusCreated || json.Unmarshal(body, &p) != nil {
		t.Fatalf("Bob's challenge: %d %s", code, body)
	}
	if code, body := ts.post("/api/lobby/challenges/"+p.ID+"/accept", map[string]any{"name": "Cy"}); code != http.StatusAccepted {
		t.Fatalf("Cy, a guest, accepts: %d %s", code, body)
	}
	ann := signUp(t, ts, "Ann")
	code, body, _ = ann.post("/api/lobby/challenges/"+p.ID+"/accept", map[string]any{"name": "Bob"})
	var a accepted
	if code != http.StatusCreated || json.Unmarshal(body, &a) != nil {
		t.Fatalf("Ann accepts as the last: %d %s", code, body)
	}
	var names []string
	for _, st := range ts.view(a.Game).Seats {
		names = append(names, st.Name)
	}
	slices.Sort(names)
	if fmt.Sprint(names) != "[Ann Bob Cy]" {
		t.Errorf("the game's seats: %v; want Ann, Bob and Cy, each signed-in player by their account's name", names)
	}
}
