package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"moku/internal/pgtest"
	"moku/session"
	"moku/store"
)

// Fault tests: real `moku serve` processes (the binary, built once) under a
// load of concurrent games played by goroutine clients through HTTP on
// 127.0.0.1, while a server is killed with SIGKILL, or PostgreSQL is
// restarted. Afterwards every acknowledged move must be stored exactly
// once, in its place, nothing may be stored that no request asked for,
// and every game must go on. Each is bounded in time (about 10-20 s).

// faultGames is how many games (one client goroutine each) play at once.
const faultGames = 16

// faultLoad is a load of games played by one client goroutine each.
type faultLoad struct {
	t      *testing.T
	client *http.Client
	games  []*faultGame
	acks   atomic.Int64 // moves acknowledged
	fails  atomic.Int64 // requests without an answer, or answered 5xx
	stop   chan struct{}
	wg     sync.WaitGroup

	mu      sync.Mutex
	servers []string // where clients send requests, in turn
}

// faultGame is one client's game, owned by its goroutine until the load
// stops.
type faultGame struct {
	id         string
	tokens     []string
	view       gameView
	acked      map[int]string // seq -> move the server acknowledged
	unanswered int            // requests whose fate the client does not know
}

// startFaultLoad creates faultGames games through the first server and
// starts their clients.
func startFaultLoad(t *testing.T, servers ...string) *faultLoad {
	t.Helper()
	return startFaultLoadOf(t, faultGames, "13x13", servers...)
}

// startFaultLoadOf creates n games of Go on board through the first server
// and starts their clients.
func startFaultLoadOf(t *testing.T, n int, board string, servers ...string) *faultLoad {
	t.Helper()
	l := &faultLoad{t: t, client: &http.Client{Timeout: 5 * time.Second}, stop: make(chan struct{}), servers: servers}
	for range n {
		var c created
		code, err := l.call("POST", servers[0]+"/api/games", createReq{Game: "go", Board: board, Seats: humans(2)}, &c)
		if err != nil || code != http.StatusCreated {
			t.Fatalf("create: %d %v", code, err)
		}
		g := &faultGame{id: c.ID, tokens: c.Tokens, acked: map[int]string{}}
		if code, err := l.call("GET", servers[0]+"/api/games/"+c.ID, nil, &g.view); err != nil || code != 200 {
			t.Fatalf("get: %d %v", code, err)
		}
		l.games = append(l.games, g)
	}
	for i, g := range l.games {
		l.wg.Add(1)
		go l.play(i, g)
	}
	t.Cleanup(l.halt)
	return l
}

// setServers changes where the clients send their requests (a load
// balancer that has learnt a server is gone, or where it came back).
func (l *faultLoad) setServers(servers ...string) {
	l.mu.Lock()
	l.servers = servers
	l.mu.Unlock()
}

func (l *faultLoad) server(k int) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.servers[k%len(l.servers)]
}

// call sends a request with body v (nil: none) and decodes a 2xx answer
// into out; err is a transport error or an undecodable answer.
func (l *faultLoad) call(method, url string, v, out any) (int, error) {
	var rd io.Reader
	if v != nil {
		b, _ := json.Marshal(v)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := l.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return res.StatusCode, err
	}
	if res.StatusCode/100 == 2 && out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return res.StatusCode, fmt.Errorf("%s %s: %v: %s", method, url, err, data)
		}
	} else if res.StatusCode/100 != 2 {
		return res.StatusCode, fmt.Errorf("%s %s: %d %s", method, url, res.StatusCode, bytes.TrimSpace(data))
	}
	return res.StatusCode, nil
}

func (l *faultLoad) stopped() bool {
	select {
	case <-l.stop:
		return true
	default:
		return false
	}
}

// play moves in game g as fast as the servers answer, until the load
// stops or the game ends.
func (l *faultLoad) play(i int, g *faultGame) {
	defer l.wg.Done()
	rnd := rand.New(rand.NewPCG(uint64(i), 99))
	k := i
	for !l.stopped() && g.view.Phase == string(session.Playing) && len(g.view.Legal) > 0 {
		m := g.view.Legal[rnd.IntN(len(g.view.Legal))]
		for m == "pass" && len(g.view.Legal) > 1 {
			m = g.view.Legal[rnd.IntN(len(g.view.Legal))]
		}
		seat, version := g.view.ToMove, g.view.Version
		k++
		var v gameView
		code, err := l.call("POST", l.server(k)+"/api/games/"+g.id+"/actions",
			actReq{Seat: seat, Token: g.tokens[seat], Kind: "move", Arg: m, Version: intp(version)}, &v)
		switch {
		case err == nil:
			if v.Version != version+1 || v.Moves[version].Move != m {
				l.t.Errorf("game %s: move %d %s acknowledged with version %d", g.id, version+1, m, v.Version)
				return
			}
			if prev, ok := g.acked[version+1]; ok {
				l.t.Errorf("game %s: move %d acknowledged twice (%s, %s)", g.id, version+1, prev, m)
				return
			}
			g.acked[version+1] = m
			g.view = v
			l.acks.Add(1)
			continue
		case code == http.StatusConflict:
			// The game moved on: another request of ours was stored
			// after all (it had no answer). Read it again.
		case code == 0 || code/100 == 5 || code/100 == 2:
			// No answer (or one cut short): the move may be stored.
			g.unanswered++
			l.fails.Add(1)
			time.Sleep(20 * time.Millisecond)
		default:
			l.t.Errorf("game %s: move %d %s: %v", g.id, version+1, m, err)
			return
		}
		l.refresh(g, k)
	}
}

// refresh reads game g again from any server that answers, the one after
// server k first, until one does or the load stops.
func (l *faultLoad) refresh(g *faultGame, k int) {
	for !l.stopped() {
		k++
		var v gameView
		if code, err := l.call("GET", l.server(k)+"/api/games/"+g.id, nil, &v); err == nil && code == 200 {
			g.view = v
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitAcks waits until n more moves than now are acknowledged, for at most
// d.
func (l *faultLoad) waitAcks(what string, n int64, d time.Duration) {
	l.t.Helper()
	want := l.acks.Load() + n
	deadline := time.Now().Add(d)
	for l.acks.Load() < want {
		if time.Now().After(deadline) {
			l.t.Fatalf("%s: %d moves acknowledged in %v, want %d more", what, l.acks.Load(), d, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// halt stops the clients and waits for them.
func (l *faultLoad) halt() {
	select {
	case <-l.stop:
	default:
		close(l.stop)
	}
	l.wg.Wait()
}

// check halts the load and checks every game in the store st: actions
// numbered 1..n without gaps, every acknowledged move stored at its place
// (once: a place holds one action), no more unacknowledged actions than
// requests without an answer. Then every game unfinished goes on through
// each server of servers in turn: the server holds the game as stored
// (waiting for it to catch up, at most 10 s), and takes one more move.
func (l *faultLoad) check(st store.Store, servers ...string) {
	l.t.Helper()
	l.halt()
	t := l.t
	ctx := context.Background()
	stored, acked, went := 0, 0, 0
	for _, g := range l.games {
		as, err := st.Actions(ctx, g.id, 0)
		if err != nil {
			t.Fatalf("game %s: %v", g.id, err)
		}
		meta, err := st.Get(ctx, g.id)
		if err != nil {
			t.Fatalf("game %s: %v", g.id, err)
		}
		if meta.Moves != len(as) {
			t.Errorf("game %s: %d actions, the game says %d", g.id, len(as), meta.Moves)
		}
		for i, a := range as {
			if a.Seq != i+1 || a.Seat != i%2 || a.Kind != "move" {
				t.Fatalf("game %s: action %d is %+v", g.id, i+1, a)
			}
		}
		for seq, m := range g.acked {
			if seq > len(as) || as[seq-1].Arg != m {
				t.Errorf("game %s: acknowledged move %d %s is not stored in its place (%d actions stored)", g.id, seq, m, len(as))
			}
		}
		if extra := len(as) - len(g.acked); extra > g.unanswered {
			t.Errorf("game %s: %d actions stored beyond the %d acknowledged, but only %d requests went unanswered",
				g.id, extra, len(g.acked), g.unanswered)
		}
		stored += len(as)
		acked += len(g.acked)

		// The game goes on, through every server.
		n := len(as)
		for _, srv := range servers {
			v := l.viewAt(srv, g.id, n)
			if v.Phase != string(session.Playing) || len(v.Legal) == 0 {
				break
			}
			m := v.Legal[len(v.Legal)/2]
			var w gameView
			code, err := l.call("POST", srv+"/api/games/"+g.id+"/actions",
				actReq{Seat: v.ToMove, Token: g.tokens[v.ToMove], Kind: "move", Arg: m, Version: intp(n)}, &w)
			if err != nil || w.Version != n+1 {
				t.Fatalf("game %s via %s: move %d %s after the fault: %d %v", g.id, srv, n+1, m, code, err)
			}
			n++
			as, err := st.Actions(ctx, g.id, n-1)
			if err != nil || len(as) != 1 || as[0].Arg != m {
				t.Fatalf("game %s: move %d %s after the fault stored as %+v, %v", g.id, n, m, as, err)
			}
			went++
		}
	}
	t.Logf("%d games: %d moves acknowledged, %d stored, %d requests unanswered; %d moves after the fault",
		len(l.games), acked, stored, l.fails.Load(), went)
	if acked == 0 || went == 0 {
		t.Errorf("nothing was played")
	}
}

// viewAt returns server srv's view of game id once it has version n, for
// at most 10 s (a server learns of another's moves by notification).
func (l *faultLoad) viewAt(srv, id string, n int) gameView {
	l.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var v gameView
		code, err := l.call("GET", srv+"/api/games/"+id, nil, &v)
		if err == nil && v.Version == n {
			return v
		}
		if err == nil && v.Version > n {
			l.t.Fatalf("game %s via %s: version %d, the store holds %d", id, srv, v.Version, n)
		}
		if time.Now().After(deadline) {
			l.t.Fatalf("game %s via %s: %d %v, version %d, want %d", id, srv, code, err, v.Version, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// noLimits are moku serve's flags for a load from one address.
var noLimits = []string{"--rate-actions", "0", "--rate-games", "0", "--max-sockets", "-1", "--max-conns", "0"}

// faultKillRestart kills the server with SIGKILL twice under load, each
// time restarting it with the same flags.
func faultKillRestart(t *testing.T, bin string, args []string, open func() store.Store) {
	srv := startMokuArgs(t, bin, append(args, noLimits...)...)
	l := startFaultLoad(t, srv.url)
	l.waitAcks("before the kill", 150, 15*time.Second)
	for round := range 2 {
		before := l.acks.Load()
		srv.kill(t)
		t.Logf("kill -9 %d after %d acknowledged moves", round+1, before)
		time.Sleep(200 * time.Millisecond) // clients meet a dead server
		srv = startMokuArgs(t, bin, srv.args...)
		l.setServers(srv.url)
		l.waitAcks("after the restart", 150, 15*time.Second)
	}
	st := open()
	defer st.Close()
	l.check(st, srv.url)
}

// A server on SQLite killed with SIGKILL under load, and restarted.
func TestFaultKillSQLite(t *testing.T) {
	bin := buildMoku(t)
	data := t.TempDir()
	faultKillRestart(t, bin, []string{"--data", data}, func() store.Store {
		st, err := store.OpenSQLite(filepath.Join(data, "moku.db"))
		if err != nil {
			t.Fatal(err)
		}
		return st
	})
}

// A server on PostgreSQL killed with SIGKILL under load, and restarted.
func TestFaultKillPostgres(t *testing.T) {
	bin := buildMoku(t)
	dsn := pgtest.DSN(t)
	faultKillRestart(t, bin, []string{"--db", dsn}, func() store.Store { return openPg(t, dsn) })
}

func openPg(t *testing.T, dsn string) store.Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := store.OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// Two servers on PostgreSQL under load, the clients' requests spread over
// both; one is killed with SIGKILL: the games go on through the other,
// which holds every game as stored.
func TestFaultKillOneOfTwo(t *testing.T) {
	bin := buildMoku(t)
	dsn := pgtest.DSN(t)
	a := startMokuArgs(t, bin, append([]string{"--db", dsn}, noLimits...)...)
	b := startMokuArgs(t, bin, append([]string{"--db", dsn}, noLimits...)...)
	l := startFaultLoad(t, a.url, b.url)
	l.waitAcks("on two servers", 200, 15*time.Second)
	t.Logf("kill -9 of one server after %d acknowledged moves", l.acks.Load())
	a.kill(t)
	// For a moment the clients still try the dead server (a load balancer
	// that has not noticed yet), then only the other.
	l.waitAcks("with a dead server", 50, 15*time.Second)
	l.setServers(b.url)
	l.waitAcks("on the other server", 200, 15*time.Second)
	st := openPg(t, dsn)
	defer st.Close()
	l.check(st, b.url)
}

// PostgreSQL restarted (a fast shutdown, as pg_ctl restart -m fast) under
// load on two servers: moves fail while it is down, then the games go on
// through both servers, which both hold every game as stored. The cluster
// is the test's own: the shared one serves other tests at the same time.
func TestFaultPostgresRestart(t *testing.T) {
	bin := buildMoku(t)
	pg := pgtest.NewCluster(t)
	dsn := pg.URL
	a := startMokuArgs(t, bin, append([]string{"--db", dsn}, noLimits...)...)
	b := startMokuArgs(t, bin, append([]string{"--db", dsn}, noLimits...)...)
	l := startFaultLoad(t, a.url, b.url)
	l.waitAcks("before the restart", 200, 15*time.Second)
	t.Logf("restarting PostgreSQL after %d acknowledged moves", l.acks.Load())
	start := time.Now()
	if err := pg.Restart(); err != nil {
		t.Fatal(err)
	}
	t.Logf("PostgreSQL restarted in %v; %d requests failed so far", time.Since(start).Round(time.Millisecond), l.fails.Load())
	l.waitAcks("after the restart", 200, 15*time.Second)
	st := openPg(t, dsn)
	defer st.Close()
	l.check(st, a.url, b.url)
}
