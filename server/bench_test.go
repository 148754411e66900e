package server

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
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
		ch := make(chan []byte, 1<<20)
		sv.mu.Lock()
		sv.watchers[ch] = struct{}{}
		sv.mu.Unlock()
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
		rec := httptest.NewRecorder()
		ts.srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("move %d: %d %s", next, rec.Code, rec.Body)
		}
		next++
	}
}
