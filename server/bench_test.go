package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/coder/websocket"

	"moku/internal/pgtest"
	"moku/session"
	"moku/store"
)

// BenchmarkMove measures one move through the HTTP API on a 9x9 Go game
// with one WebSocket-style watcher: applying, storing (SQLite), answering
// and broadcasting.
//
//	go test -run XXX -bench Move -cpuprofile cpu.out ./server/
func BenchmarkMove(b *testing.B) {
	ts := newTestServer(b)
	moves := []string{}
	for _, c := range "abcdefghj" {
		for r := 1; r <= 9; r++ {
			moves = append(moves, fmt.Sprintf("%c%d", c, r))
		}
	}
	var g created
	var sv *served
	next := 0
	newGame := func() {
		g = ts.create(createReq{Game: "go", Board: "9x9", Seats: humans(2)})
		var err error
		if sv, err = ts.srv.load(b.Context(), g.ID); err != nil {
			b.Fatal(err)
		}
		// A watcher that reads every view (a buffer of a million views
		// would be scanned by every GC, and measured instead of the move).
		ch := make(chan []byte, 16)
		sv.mu.Lock()
		sv.watchers[ch] = struct{}{}
		sv.mu.Unlock()
		go func() {
			for range ch {
			}
		}()
		next = 0
	}
	newGame()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if next == 60 {
			b.StopTimer()
			newGame()
			b.StartTimer()
		}
		seat := next % 2
		body := fmt.Sprintf(`{"seat":%d,"token":%q,"kind":"move","arg":%q}`, seat, g.Tokens[seat], moves[(next*7)%len(moves)])
		req := httptest.NewRequest("POST", "/api/games/"+g.ID+"/actions", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json") // POSTs are JSON, or refused (415)
		rec := httptest.NewRecorder()
		ts.srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("move %d: %d %s", next, rec.Code, rec.Body)
		}
		next++
	}
}

// BenchmarkMoveParallel measures moves in many games at once through the
// HTTP handler (as the load test plays them, without the network): each
// goroutine plays its own 9x9 games, each game with a watcher that reads
// every view, over SQLite with group commit.
//
//	go test -run XXX -bench MoveParallel -cpuprofile cpu.out ./server/
func BenchmarkMoveParallel(b *testing.B) {
	benchMoveParallel(b, newTestServer(b))
}

// BenchmarkMoveParallelPostgres is BenchmarkMoveParallel over PostgreSQL
// (one server: its notices of its own actions cost it too).
func BenchmarkMoveParallelPostgres(b *testing.B) {
	st, err := store.OpenPostgres(b.Context(), pgtest.DSN(b))
	if err != nil {
		b.Fatal(err)
	}
	srv := New(st, Options{})
	b.Cleanup(func() {
		srv.Close()
		st.Close()
	})
	benchMoveParallel(b, &testServer{t: b, srv: srv, base: "unused"})
}

func benchMoveParallel(b *testing.B, ts *testServer) {
	create := func() created {
		req := httptest.NewRequest("POST", "/api/games", strings.NewReader(js(createReq{Game: "go", Board: "9x9", Seats: humans(2)})))
		req.Header.Set("Content-Type", "application/json") // POSTs are JSON, or refused (415)
		rec := httptest.NewRecorder()
		ts.srv.ServeHTTP(rec, req)
		var g created
		if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &g) != nil {
			b.Fatalf("create: %d %s", rec.Code, rec.Body)
		}
		return g
	}
	moves := []string{}
	for _, c := range "abcdefghj" {
		for r := 1; r <= 9; r++ {
			moves = append(moves, fmt.Sprintf("%c%d", c, r))
		}
	}
	b.SetParallelism(64) // goroutines per CPU: like many clients at once
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var g created
		next := 60
		for pb.Next() {
			if next == 60 {
				g = create()
				sv, err := ts.srv.load(b.Context(), g.ID)
				if err != nil {
					b.Fatal(err)
				}
				ch := make(chan []byte, 16)
				sv.mu.Lock()
				sv.watchers[ch] = struct{}{}
				sv.mu.Unlock()
				go func() {
					for range ch {
					}
				}()
				next = 0
			}
			seat := next % 2
			body := fmt.Sprintf(`{"seat":%d,"token":%q,"kind":"move","arg":%q,"version":%d}`, seat, g.Tokens[seat], moves[(next*7)%len(moves)], next)
			req := httptest.NewRequest("POST", "/api/games/"+g.ID+"/actions", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json") // POSTs are JSON, or refused (415)
			rec := httptest.NewRecorder()
			ts.srv.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Errorf("move %d: %d %s", next, rec.Code, rec.Body)
				return
			}
			next++
		}
	})
}

// BenchmarkLoad plays as moku loadtest does, in one process: games played
// at once through real HTTP on 127.0.0.1, each game watched on a real
// WebSocket, over SQLite. Its profile shows the whole server's share of a
// move (HTTP, WebSocket, store), next to the clients'.
//
//	go test -run XXX -bench Load -cpuprofile cpu.out ./server/
func BenchmarkLoad(b *testing.B) {
	ts := newTestServer(b)
	const games = 200
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: games}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type game struct {
		g    created
		view gameView
	}
	gs := make([]*game, games)
	for i := range gs {
		gs[i] = &game{g: ts.create(createReq{Game: "go", Board: "9x9", Seats: humans(2)})}
		gs[i].view = ts.view(gs[i].g.ID)
		c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.http.URL, "http")+"/api/games/"+gs[i].g.ID+"/ws", nil)
		if err != nil {
			b.Fatal(err)
		}
		c.SetReadLimit(1 << 20)
		go func() {
			defer c.CloseNow()
			for {
				if _, _, err := c.Read(ctx); err != nil {
					return
				}
			}
		}()
	}
	work := make(chan struct{})
	var wg sync.WaitGroup
	for _, g := range gs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range work {
				if g.view.Phase != string(session.Playing) || len(g.view.Legal) < 2 {
					g.g = ts.create(createReq{Game: "go", Board: "9x9", Seats: humans(2)})
					g.view = ts.view(g.g.ID)
				}
				m := g.view.Legal[(g.view.Version*7)%len(g.view.Legal)]
				if m == "pass" {
					m = g.view.Legal[0]
				}
				seat := g.view.ToMove
				body := js(actReq{Seat: seat, Token: g.g.Tokens[seat], Kind: "move", Arg: m, Version: intp(g.view.Version)})
				res, err := client.Post(ts.http.URL+"/api/games/"+g.g.ID+"/actions", "application/json", strings.NewReader(body))
				if err != nil {
					b.Error(err)
					return
				}
				err = json.NewDecoder(res.Body).Decode(&g.view)
				res.Body.Close()
				if err != nil || res.StatusCode != http.StatusOK {
					b.Errorf("move: %d %v", res.StatusCode, err)
					return
				}
			}
		}()
	}
	b.ResetTimer()
	for range b.N {
		work <- struct{}{}
	}
	close(work)
	wg.Wait()
}
