package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"moku/game"
	"moku/internal/pgtest"
	"moku/rules"
	"moku/session"
	"moku/store"
)

// Several servers on one PostgreSQL database, each with its own store (its
// own connections), as separate processes would be, behind real HTTP.

type clNode struct {
	t    *testing.T
	srv  *Server
	http *httptest.Server
	log  *syncBuffer
}

// syncBuffer is a log destination safe for concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// clNodes starts n servers on the database dsn.
func clNodes(t *testing.T, dsn string, n int, opt Options) []*clNode {
	t.Helper()
	var nodes []*clNode
	for range n {
		st, err := store.OpenPostgres(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		nd := &clNode{t: t, log: &syncBuffer{}}
		o := opt
		o.Log = slog.New(slog.NewTextHandler(nd.log, &slog.HandlerOptions{Level: slog.LevelDebug}))
		nd.srv = New(st, o)
		nd.http = httptest.NewServer(nd.srv)
		t.Cleanup(func() {
			nd.http.CloseClientConnections()
			nd.srv.Close()
			nd.http.Close()
			st.Close()
		})
		nodes = append(nodes, nd)
	}
	return nodes
}

func (nd *clNode) post(path string, v any) (int, []byte) {
	nd.t.Helper()
	b, _ := json.Marshal(v)
	res, err := nd.http.Client().Post(nd.http.URL+path, "application/json", bytes.NewReader(b))
	if err != nil {
		nd.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, body
}

func (nd *clNode) view(id string) gameView {
	nd.t.Helper()
	res, err := nd.http.Client().Get(nd.http.URL + "/api/games/" + id)
	if err != nil {
		nd.t.Fatal(err)
	}
	defer res.Body.Close()
	var v gameView
	if err := json.NewDecoder(res.Body).Decode(&v); err != nil || res.StatusCode != http.StatusOK {
		nd.t.Fatalf("get %s: %d %v", id, res.StatusCode, err)
	}
	return v
}

type clGame struct {
	ID     string   `json:"id"`
	Tokens []string `json:"tokens"`
}

func (nd *clNode) create(seats ...string) clGame {
	nd.t.Helper()
	req := map[string]any{"game": "go", "board": "9x9"}
	var ss []map[string]string
	for _, k := range seats {
		ss = append(ss, map[string]string{"kind": k})
	}
	req["seats"] = ss
	code, body := nd.post("/api/games", req)
	var g clGame
	if code != http.StatusCreated || json.Unmarshal(body, &g) != nil {
		nd.t.Fatalf("create: %d %s", code, body)
	}
	return g
}

func (nd *clNode) act(g clGame, seat int, move string, version int) (int, []byte) {
	nd.t.Helper()
	return nd.post("/api/games/"+g.ID+"/actions", map[string]any{
		"seat": seat, "token": g.Tokens[seat], "kind": "move", "arg": move, "version": version})
}

// watch connects a WebSocket to game id and returns the views it receives.
func (nd *clNode) watch(id string) <-chan gameView {
	nd.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	url := "ws" + strings.TrimPrefix(nd.http.URL, "http") + "/api/games/" + id + "/ws"
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		nd.t.Fatal(err)
	}
	out := make(chan gameView, 100)
	go func() {
		defer close(out)
		for {
			_, data, err := c.Read(ctx)
			if err != nil {
				return
			}
			var v gameView
			if json.Unmarshal(data, &v) == nil {
				out <- v
			}
		}
	}()
	nd.t.Cleanup(func() { cancel(); c.CloseNow() })
	return out
}

// clWaitVersion reads views until one has version v.
func clWaitVersion(t *testing.T, views <-chan gameView, v int) gameView {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case got, ok := <-views:
			if !ok {
				t.Fatalf("the WebSocket closed before version %d", v)
			}
			if got.Version == v {
				return got
			}
			if got.Version > v {
				t.Fatalf("version %d came before %d", got.Version, v)
			}
		case <-deadline:
			t.Fatalf("no version %d on the WebSocket", v)
		}
	}
}

// A move made through one server reaches the watchers of the other at
// once, both ways.
func TestClusterBroadcast(t *testing.T) {
	nodes := clNodes(t, pgtest.DSN(t), 2, Options{})
	a, b := nodes[0], nodes[1]
	g := a.create("human", "human")
	wa, wb := a.watch(g.ID), b.watch(g.ID)
	clWaitVersion(t, wa, 0)
	clWaitVersion(t, wb, 0)
	moves := []string{"e5", "c3", "g7", "c7", "g3"}
	for i, m := range moves {
		via := nodes[i%2]
		start := time.Now()
		if code, body := via.act(g, i%2, m, i); code != http.StatusOK {
			t.Fatalf("move %d via server %d: %d %s", i+1, i%2, code, body)
		}
		for _, w := range []<-chan gameView{wa, wb} {
			v := clWaitVersion(t, w, i+1)
			if len(v.Moves) != i+1 || v.Moves[i].Move != m {
				t.Fatalf("move %d: watcher saw %+v", i+1, v.Moves)
			}
		}
		t.Logf("move %d via server %d reached both servers' watchers in %v", i+1, i%2, time.Since(start))
	}
	// The other server answers the game as it is, without a reload.
	if v := b.view(g.ID); v.Version != len(moves) {
		t.Errorf("server b holds version %d, want %d", v.Version, len(moves))
	}
}

// Two moves for the same turn through two servers at once: the database
// decides, one is played, the other refused with a clear 409.
func TestClusterConflict(t *testing.T) {
	dsn := pgtest.DSN(t)
	nodes := clNodes(t, dsn, 2, Options{})
	a, b := nodes[0], nodes[1]
	g := a.create("human", "human")
	a.view(g.ID) // both hold the game in memory
	b.view(g.ID)
	const rounds = 12
	for round := range rounds {
		seat := round % 2
		moves := [2]string{fmt.Sprintf("%c%d", 'a'+round%8, 1+round/8*4), fmt.Sprintf("%c%d", 'a'+round%8, 3+round/8*4)}
		var codes [2]int
		var bodies [2][]byte
		var wg sync.WaitGroup
		for i, nd := range nodes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], bodies[i] = nd.act(g, seat, moves[i], round)
			}()
		}
		wg.Wait()
		won := -1
		for i := range 2 {
			switch codes[i] {
			case http.StatusOK:
				if won >= 0 {
					t.Fatalf("round %d: both moves played", round)
				}
				won = i
			case http.StatusConflict:
				var e struct{ Error string }
				if json.Unmarshal(bodies[i], &e) != nil || !strings.Contains(e.Error, "reload") {
					t.Errorf("round %d: 409 without a clear error: %s", round, bodies[i])
				}
			default:
				t.Fatalf("round %d via server %d: %d %s", round, i, codes[i], bodies[i])
			}
		}
		if won < 0 {
			t.Fatalf("round %d: no move played: %s / %s", round, bodies[0], bodies[1])
		}
		// Both servers agree on the winner.
		for i, nd := range nodes {
			deadline := time.Now().Add(5 * time.Second)
			for {
				v := nd.view(g.ID)
				if v.Version == round+1 {
					if v.Moves[round].Move != moves[won] {
						t.Fatalf("round %d: server %d shows %s, the winner was %s", round, i, v.Moves[round].Move, moves[won])
					}
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("round %d: server %d at version %d", round, i, v.Version)
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
	}
	st, err := store.OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	acts, err := st.Actions(context.Background(), g.ID, 0)
	if err != nil || len(acts) != rounds {
		t.Fatalf("%d actions stored, %v; want %d", len(acts), err, rounds)
	}
}

// The computer's moves are made exactly once, though every server races
// for every one of them.
func TestClusterComputerOnce(t *testing.T) {
	dsn := pgtest.DSN(t)
	nodes := clNodes(t, dsn, 2, Options{Takeover: -1})
	g := nodes[0].create("human", "computer")
	w := nodes[1].watch(g.ID)
	clWaitVersion(t, w, 0)
	for i := range 10 {
		via := nodes[i%2]
		v := via.view(g.ID)
		for v.Version != 2*i {
			time.Sleep(5 * time.Millisecond)
			v = via.view(g.ID)
		}
		if len(v.Legal) == 0 || v.Phase != string(session.Playing) {
			break
		}
		move := v.Legal[(i*7)%len(v.Legal)]
		if move == "pass" {
			move = v.Legal[0]
		}
		if code, body := via.act(g, 0, move, 2*i); code != http.StatusOK {
			t.Fatalf("human move %d: %d %s", i+1, code, body)
		}
		clWaitVersion(t, w, 2*i+2) // the computer's answer
	}
	time.Sleep(200 * time.Millisecond) // any late duplicate would be stored by now
	st, err := store.OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	acts, err := st.Actions(context.Background(), g.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(acts) != 20 {
		t.Errorf("%d actions stored, want 20", len(acts))
	}
	for i, a := range acts {
		if a.Seat != i%2 || a.Seq != i+1 {
			t.Fatalf("action %d is seat %d's (seq %d): a move made twice or out of turn: %+v", i+1, a.Seat, a.Seq, acts)
		}
	}
}

// failingPlayer never finds a move, like a server that stopped thinking.
type failingPlayer struct{ session.Random }

func (failingPlayer) Name() string { return "failing" }
func (failingPlayer) Genmove(game.State) (game.Move, error) {
	return game.Move{}, errors.New("this server cannot think")
}

// A server whose computer does not move (it stopped or failed): another
// server makes the move after the takeover delay, once.
func TestClusterComputerTakeover(t *testing.T) {
	dsn := pgtest.DSN(t)
	broken := clNodes(t, dsn, 1, Options{Computer: func(string, rules.Ruleset) (session.Player, error) { return failingPlayer{}, nil }})[0]
	good := clNodes(t, dsn, 1, Options{Takeover: 300 * time.Millisecond})[0]
	g := broken.create("human", "computer")
	w := good.watch(g.ID)
	clWaitVersion(t, w, 0)
	start := time.Now()
	if code, body := broken.act(g, 0, "e5", 0); code != http.StatusOK {
		t.Fatalf("%d %s", code, body)
	}
	v := clWaitVersion(t, w, 2)
	if v.Moves[1].Color != "white" || time.Since(start) < 300*time.Millisecond {
		t.Errorf("the computer's move %+v after %v", v.Moves, time.Since(start))
	}
	if !strings.Contains(good.log.String(), "computer move taken over") {
		t.Errorf("no takeover logged:\n%s", good.log.String())
	}
}

// A game being read from the store when another server's action on it is
// announced: the notice finds the game not yet held and is dropped; the
// server must not stay behind until the game's next action.
func TestClusterLoadCatchUp(t *testing.T) {
	nodes := clNodes(t, pgtest.DSN(t), 2, Options{})
	a, b := nodes[0], nodes[1]
	g := a.create("human", "human")
	var once sync.Once
	b.srv.afterRead = func(id string) {
		once.Do(func() {
			// Server b has read the game at version 0; a records move 1
			// and b's notice for it arrives before b holds the game.
			if code, body := a.post("/api/games/"+g.ID+"/actions", map[string]any{
				"seat": 0, "token": g.Tokens[0], "kind": "move", "arg": "e5", "version": 0}); code != http.StatusOK {
				t.Errorf("move through a: %d %s", code, body)
			}
			time.Sleep(300 * time.Millisecond)
		})
	}
	if v := b.view(g.ID); v.Version != 1 || v.Moves[0].Move != "e5" {
		t.Errorf("server b holds version %d (%v), want 1: it missed the move made while it read the game", v.Version, moveNames(v))
	}
	w := b.watch(g.ID)
	clWaitVersion(t, w, 1)
	// And the game goes on through b at the version it shows.
	if code, body := b.act(g, 1, "c3", 1); code != http.StatusOK {
		t.Errorf("move 2 through b: %d %s", code, body)
	}
}

// A seat bound to an account through one server is that account's on the
// other at once: its player acts there without the seat's token, and the
// other server's watchers see the account's name; the account's deletion
// through the first server frees the seat on the other too.
func TestClusterSeatBinding(t *testing.T) {
	nodes := clNodes(t, pgtest.DSN(t), 2, Options{})
	a, b := nodes[0], nodes[1]
	g := a.create("human", "human")
	wb := b.watch(g.ID) // b holds the game from now on
	clWaitVersion(t, wb, 0)
	if code, body := b.act(g, 0, "e5", 0); code != http.StatusOK {
		t.Fatalf("the first move: %d %s", code, body)
	}
	clWaitVersion(t, wb, 1)

	jar, _ := cookiejar.New(nil) // one browser: both servers are on 127.0.0.1
	ann := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	post := func(nd *clNode, path string, v any) (int, string) {
		t.Helper()
		data, _ := json.Marshal(v)
		res, err := ann.Post(nd.http.URL+path, "application/json", bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}
	if code, body := post(a, "/api/account/signup", map[string]string{"name": "Ann", "password": "correct horse"}); code != http.StatusCreated && code != http.StatusOK {
		t.Fatalf("sign-up: %d %s", code, body)
	}
	// Before the binding, b refuses Ann's account the seat without its token.
	if code, body := post(b, "/api/games/"+g.ID+"/actions", map[string]any{"seat": 1, "kind": "move", "arg": "c3", "version": 1}); code != http.StatusForbidden {
		t.Fatalf("an unbound seat played by an account: %d %s", code, body)
	}
	if code, body := post(a, "/api/games/"+g.ID+"/seat", map[string]any{"seat": 1, "token": g.Tokens[1]}); code != http.StatusOK {
		t.Fatalf("binding the seat through a: %d %s", code, body)
	}
	// b's watchers are sent the seat's new name, without a move.
	deadline := time.After(10 * time.Second)
	for named := false; !named; {
		select {
		case v, ok := <-wb:
			if !ok {
				t.Fatal("b's WebSocket closed")
			}
			named = v.Version == 1 && v.Seats[1].Name == "Ann"
		case <-deadline:
			t.Fatal("b's watchers were not told of the seat's account")
		}
	}
	if code, body := post(b, "/api/games/"+g.ID+"/actions", map[string]any{"seat": 1, "kind": "move", "arg": "c3", "version": 1}); code != http.StatusOK {
		t.Fatalf("the bound seat played through b by its account: %d %s", code, body)
	}

	if code, body := post(a, "/api/account/delete", map[string]string{"password": "correct horse"}); code != http.StatusOK {
		t.Fatalf("deleting the account through a: %d %s", code, body)
	}
	held := func() string {
		b.srv.mu.Lock()
		sv := b.srv.tables[g.ID]
		b.srv.mu.Unlock()
		sv.mu.Lock()
		defer sv.mu.Unlock()
		return sv.t.meta.Seats[1].Account
	}
	for start := time.Now(); held() != ""; time.Sleep(10 * time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatal("b still holds the deleted account's seat")
		}
	}
}
