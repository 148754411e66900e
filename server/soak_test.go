package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"moku/internal/pgtest"
	"moku/store"
)

// The soak test: two real `moku serve` processes over a PostgreSQL
// cluster of the test's own, on loopback, under a mixed load (games
// played by client goroutines through both servers, WebSocket watchers of
// them on both), while PostgreSQL is restarted and one server is killed
// with SIGKILL and started again; then many games are created and left
// idle, and read again through the restarted server. At the end:
//   - every acknowledged move is stored at its place, nothing stored that
//     no request asked for (faultLoad.check), and every game goes on
//     through both servers;
//   - no watcher was ever shown a move that the store does not hold at
//     that place, and every watcher shows the stored last version of its
//     game;
//   - each server's resident memory stays under a stated bound.
//
// MOKU_SOAK=full runs the long form (more games, watchers, moves, faults,
// 10,000 idle games), printing its figures: go test ./server -run TestSoak
// -v -timeout 30m with MOKU_SOAK=full. The short form runs in go test.

// soakParams size a soak.
type soakParams struct {
	games     int   // games played at once (19x19, one client goroutine each)
	watchers  int   // WebSocket watchers, spread over the games and servers
	acks      int64 // moves acknowledged in each phase
	pgRounds  int   // PostgreSQL restarts
	killRound int   // SIGKILLs of a server
	idle      int   // games created and left idle
	maxGames  int   // the servers' --max-games
	rssBound  int64 // bytes of resident memory a server may hold
}

var (
	soakShort = soakParams{games: 16, watchers: 24, acks: 150, pgRounds: 1, killRound: 1, idle: 3000, maxGames: 500, rssBound: 256 << 20}
	soakFull  = soakParams{games: 32, watchers: 200, acks: 1500, pgRounds: 3, killRound: 2, idle: 10000, maxGames: DefaultMaxGames, rssBound: 256 << 20}
)

// soakWatcher is one WebSocket watcher: it connects to the servers in
// turn, and connects again whenever its connection ends.
type soakWatcher struct {
	game  *faultGame
	k     int
	mu    sync.Mutex
	seen  map[int]string // seq -> the move a view showed there
	twice map[int]string // seq -> another move a view showed there
	last  int            // the version of the last view
	views int
	dials int
}

func (w *soakWatcher) run(l *faultLoad, stop <-chan struct{}, wg *sync.WaitGroup) {
	defer wg.Done()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { <-stop; cancel() }()
	for ctx.Err() == nil {
		w.k++
		url := "ws" + strings.TrimPrefix(l.server(w.k), "http") + "/api/games/" + w.game.id + "/ws"
		dctx, dcancel := context.WithTimeout(ctx, 5*time.Second)
		c, _, err := websocket.Dial(dctx, url, nil)
		dcancel()
		if err != nil {
			select {
			case <-ctx.Done():
			case <-time.After(50 * time.Millisecond):
			}
			continue
		}
		w.mu.Lock()
		w.dials++
		w.mu.Unlock()
		c.SetReadLimit(1 << 22)
		for {
			_, data, err := c.Read(ctx)
			if err != nil {
				break
			}
			var v gameView
			if err := json.Unmarshal(data, &v); err != nil {
				break
			}
			w.mu.Lock()
			for i, m := range v.Moves {
				if prev, ok := w.seen[i+1]; !ok {
					w.seen[i+1] = m.Move
				} else if prev != m.Move {
					w.twice[i+1] = m.Move // two different moves at one place: never both stored
				}
			}
			w.last, w.views = v.Version, w.views+1
			w.mu.Unlock()
		}
		c.CloseNow()
	}
}

// procStat returns a process's resident memory (bytes) and CPU time.
func procStat(pid int) (rss int64, cpu time.Duration) {
	if data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid)); err == nil {
		for line := range strings.SplitSeq(string(data), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
				kb, _ := strconv.ParseInt(f[1], 10, 64)
				rss = kb << 10
			}
		}
	}
	if data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		s := string(data)
		if i := strings.LastIndexByte(s, ')'); i >= 0 {
			f := strings.Fields(s[i+1:])
			if len(f) > 12 {
				ut, _ := strconv.ParseInt(f[11], 10, 64)
				st, _ := strconv.ParseInt(f[12], 10, 64)
				cpu = time.Duration(ut+st) * time.Second / 100 // USER_HZ
			}
		}
	}
	return rss, cpu
}

func TestSoak(t *testing.T) {
	p, form := soakShort, "short"
	if os.Getenv("MOKU_SOAK") == "full" {
		p, form = soakFull, "full"
	}
	start := time.Now()
	bin := buildMoku(t)
	pg := pgtest.NewCluster(t)
	args := append([]string{"--db", pg.URL, "--max-games", strconv.Itoa(p.maxGames)}, noLimits...)
	a := startMokuArgs(t, bin, args...)
	b := startMokuArgs(t, bin, args...)
	var cpu time.Duration // of servers gone
	peak := map[string]int64{}
	sample := func(name string, m *mokuServe) int64 {
		rss, _ := procStat(m.cmd.Process.Pid)
		peak[name] = max(peak[name], rss)
		return rss
	}

	l := startFaultLoadOf(t, p.games, "19x19", a.url, b.url)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	watchers := make([]*soakWatcher, p.watchers)
	for i := range watchers {
		watchers[i] = &soakWatcher{game: l.games[i%len(l.games)], k: i, seen: map[int]string{}, twice: map[int]string{}}
		wg.Add(1)
		go watchers[i].run(l, stop, &wg)
	}
	defer func() {
		select {
		case <-stop:
		default:
			close(stop)
		}
		wg.Wait()
	}()

	l.waitAcks("before the faults", p.acks, 30*time.Second)
	for round := range max(p.pgRounds, p.killRound) {
		if round < p.pgRounds {
			t.Logf("restarting PostgreSQL after %d acknowledged moves", l.acks.Load())
			if err := pg.Restart(); err != nil {
				t.Fatal(err)
			}
			l.waitAcks("after restarting PostgreSQL", p.acks, 30*time.Second)
		}
		if round < p.killRound {
			sample("a", a)
			_, c := procStat(a.cmd.Process.Pid)
			cpu += c
			t.Logf("kill -9 of a server after %d acknowledged moves", l.acks.Load())
			a.kill(t)
			l.setServers(b.url)
			l.waitAcks("with one server", p.acks/2, 30*time.Second)
			a = startMokuArgs(t, bin, args...)
			l.setServers(a.url, b.url)
			l.waitAcks("after the restart", p.acks, 30*time.Second)
		}
	}
	sample("a", a)
	sample("b", b)
	// The load stops; the games go on through both servers (one move
	// each), the watchers still connected as they were.
	st := openPg(t, pg.URL)
	defer st.Close()
	l.check(st, a.url, b.url)
	moves := 0
	for _, g := range l.games {
		moves += len(g.acked)
	}

	// Every watcher, on the connection it holds (connecting again only if
	// a server closes it), comes to show the last version stored, within
	// 15 s; none was ever shown a move that is not stored at its place.
	ctx := context.Background()
	stored := map[string][]store.Action{}
	for _, g := range l.games {
		as, err := st.Actions(ctx, g.id, 0)
		if err != nil {
			t.Fatal(err)
		}
		stored[g.id] = as
	}
	deadline := time.Now().Add(15 * time.Second)
	for _, w := range watchers {
		want := len(stored[w.game.id])
		for {
			w.mu.Lock()
			last := w.last
			w.mu.Unlock()
			if last == want {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("game %s: a watcher shows version %d, the store holds %d", w.game.id, last, want)
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	close(stop)
	wg.Wait()
	views, dials := 0, 0
	for _, w := range watchers {
		as := stored[w.game.id]
		for _, shown := range []map[int]string{w.seen, w.twice} {
			for seq, m := range shown {
				if seq > len(as) || as[seq-1].Arg != m {
					t.Errorf("game %s: a watcher was shown %q as move %d, which the store does not hold there (%d actions)", w.game.id, m, seq, len(as))
				}
			}
		}
		views += w.views
		dials += w.dials
	}

	// Many games created and left idle, through b, then read again through
	// a (as anonymous visitors after a restart): memory stays bounded.
	idleIDs := make([]string, p.idle)
	var next atomic.Int64
	var cwg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		cwg.Add(1)
		go func() {
			defer cwg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= p.idle {
					return
				}
				var c created
				if code, err := l.call("POST", b.url+"/api/games", createReq{Game: "go", Board: "19x19", Seats: humans(2)}, &c); err != nil || code != http.StatusCreated {
					errs <- fmt.Errorf("create %d: %d %v", i, code, err)
					return
				}
				idleIDs[i] = c.ID
			}
		}()
	}
	cwg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	rssB := sample("b", b)
	next.Store(0)
	for range 8 {
		cwg.Add(1)
		go func() {
			defer cwg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= p.idle {
					return
				}
				if code, err := l.call("GET", a.url+"/api/games/"+idleIDs[i], nil, nil); err != nil || code != http.StatusOK {
					t.Errorf("get %d: %d %v", i, code, err)
					return
				}
			}
		}()
	}
	cwg.Wait()
	rssA := sample("a", a)
	for name, rss := range map[string]int64{"b, after creating the idle games": rssB, "a, after reading them": rssA} {
		if rss > p.rssBound {
			t.Errorf("server %s holds %d MiB, over the bound of %d MiB", name, rss>>20, p.rssBound>>20)
		}
	}
	_, ca := procStat(a.cmd.Process.Pid)
	_, cb := procStat(b.cmd.Process.Pid)
	cpu += ca + cb
	t.Logf("soak (%s): %v; %d games played (19x19), %d moves acknowledged; %d watchers, %d views, %d connections; "+
		"%d PostgreSQL restarts, %d kill -9; %d idle games created (19x19, --max-games %d) and read again; "+
		"resident memory at most %d MiB (a) and %d MiB (b), bound %d MiB; servers' CPU %.1f s",
		form, time.Since(start).Round(time.Second), len(l.games), moves, len(watchers), views, dials,
		p.pgRounds, p.killRound, p.idle, p.maxGames, peak["a"]>>20, peak["b"]>>20, p.rssBound>>20, cpu.Seconds())
}
