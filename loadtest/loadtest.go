// Package loadtest plays many concurrent games of Go, two people each,
// against running moku servers through their HTTP and WebSocket API, and
// reports moves a second and latency percentiles; at the end it checks
// that every acknowledged move is stored once, in its place. moku loadtest
// is its command line.
//
// Start with Config and Run.
package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Config is a load test.
type Config struct {
	// URLs are the servers (loopback only): each game's moves go to them
	// in turn, its watcher to the next.
	URLs     []string
	Games    int           // games played at once (1 to 20,000)
	Duration time.Duration // how long to play (at most 10 minutes)
	MaxMoves int           // stop after this many moves
	Rate     float64       // moves a second, all games together (0: as fast as possible)
	Board    string        // the board of the games
	Watch    bool          // watch every game on a WebSocket
	Verify   bool          // at the end, check every acknowledged move is stored once, in place
}

// check refuses a configuration out of bounds, and servers off loopback.
func (c *Config) check() error {
	for i, u := range c.URLs {
		c.URLs[i] = strings.TrimRight(strings.TrimSpace(u), "/")
		if !strings.HasPrefix(c.URLs[i], "http://127.0.0.1:") && !strings.HasPrefix(c.URLs[i], "http://localhost:") && !strings.HasPrefix(c.URLs[i], "http://[::1]:") {
			return fmt.Errorf("--url %s: the load test runs against loopback servers only", u)
		}
	}
	if len(c.URLs) == 0 {
		return fmt.Errorf("no server")
	}
	if c.Duration > 10*time.Minute || c.Duration <= 0 {
		return fmt.Errorf("--duration %v: between 0 and 10m", c.Duration)
	}
	if c.Games < 1 || c.Games > 20000 {
		return fmt.Errorf("--games %d: between 1 and 20000", c.Games)
	}
	return nil
}

// Run runs the load test c, writing its progress and report to out; it
// fails if the set-up fails or, with Verify, if any game lost or changed
// an acknowledged move.
func Run(c Config, out io.Writer) error {
	if err := c.check(); err != nil {
		return err
	}
	client := &http.Client{
		Timeout:   10 * time.Second,
		Transport: &http.Transport{MaxIdleConns: 4 * c.Games, MaxIdleConnsPerHost: 2 * c.Games, IdleConnTimeout: time.Minute},
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	lt := &loadtest{client: client, servers: c.URLs, board: c.Board, st: &ltStats{}}
	games, err := lt.setUp(ctx, c, out)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "playing for %v (at most %d moves, rate %v/s)...\n", c.Duration, c.MaxMoves, c.Rate)
	start := time.Now()
	lt.play(ctx, games, lt.pace(ctx, c))
	elapsed := time.Since(start)
	time.Sleep(200 * time.Millisecond) // the last broadcasts
	cancel()
	lt.report(c, elapsed, out)
	if c.Verify {
		if bad := lt.verify(context.Background(), games, out); bad > 0 {
			return fmt.Errorf("%d games lost or changed acknowledged moves", bad)
		}
	}
	return nil
}

// setUp creates every game first, each with its watcher.
func (lt *loadtest) setUp(ctx context.Context, c Config, out io.Writer) ([]*ltGame, error) {
	fmt.Fprintf(out, "creating %d games on %d server(s)...\n", c.Games, len(lt.servers))
	games := make([]*ltGame, c.Games)
	sem := make(chan struct{}, 32)
	var wg sync.WaitGroup
	for i := range games {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			g, err := lt.newGame(ctx, i)
			if err != nil {
				lt.fail(err)
				return
			}
			games[i] = g
			if c.Watch {
				lt.watch(ctx, g, lt.servers[(i+1)%len(lt.servers)])
			}
		}()
	}
	wg.Wait()
	if e := lt.st.firstErr.Load(); e != nil {
		return nil, fmt.Errorf("setting up: %s", *e)
	}
	if c.Watch {
		deadline := time.Now().Add(30 * time.Second)
		for lt.st.watching.Load() < int64(c.Games) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
	}
	return games, nil
}

// pace hands out permits to move at the rate asked for, until the time or
// the moves run out; the channel closes then.
func (lt *loadtest) pace(ctx context.Context, c Config) <-chan struct{} {
	permits := make(chan struct{}, 64)
	end := time.Now().Add(c.Duration)
	var budget atomic.Int64
	budget.Store(int64(c.MaxMoves))
	give := func() bool {
		select {
		case permits <- struct{}{}:
			return true
		case <-ctx.Done():
			return false
		}
	}
	go func() {
		defer close(permits)
		var interval time.Duration
		if c.Rate > 0 {
			interval = time.Duration(float64(time.Second) / c.Rate)
		}
		next := time.Now()
		for time.Now().Before(end) && budget.Add(-1) >= 0 {
			if interval > 0 {
				next = next.Add(interval)
				if d := time.Until(next); d > 0 {
					time.Sleep(d)
				}
			}
			if !give() {
				return
			}
		}
	}()
	return permits
}

// play gives the permits to whichever game is ready; games wait in a
// random order so every game moves.
func (lt *loadtest) play(ctx context.Context, games []*ltGame, permits <-chan struct{}) {
	var wg sync.WaitGroup
	for i, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k := i
			for range permits {
				if err := lt.move(ctx, g, &k); err != nil {
					lt.fail(err)
					time.Sleep(100 * time.Millisecond)
				}
			}
		}()
	}
	wg.Wait()
}

// report writes the figures of the run.
func (lt *loadtest) report(c Config, elapsed time.Duration, out io.Writer) {
	st := lt.st
	st.mu.Lock()
	defer st.mu.Unlock()
	p := func(d []time.Duration, q float64) string {
		if len(d) == 0 {
			return "-"
		}
		slices.Sort(d)
		return d[min(len(d)-1, int(q*float64(len(d))))].Round(10 * time.Microsecond).String()
	}
	fmt.Fprintf(out, "servers:            %s\n", strings.Join(lt.servers, " "))
	fmt.Fprintf(out, "games held at once: %d (WebSocket watchers at once: %d)\n", c.Games, st.maxWatch.Load())
	fmt.Fprintf(out, "moves:              %d acknowledged in %.1fs = %.0f moves/s (%d games finished and restarted)\n",
		st.ok.Load(), elapsed.Seconds(), float64(st.ok.Load())/elapsed.Seconds(), st.finished.Load())
	fmt.Fprintf(out, "refused:            %d conflicts (409), %d errors\n", st.conflicts.Load(), st.errors.Load())
	fmt.Fprintf(out, "move latency:       p50 %s  p99 %s  max %s\n", p(st.moveLat, 0.5), p(st.moveLat, 0.99), p(st.moveLat, 1))
	if c.Watch {
		fmt.Fprintf(out, "seen by watchers:   p50 %s  p99 %s  (%d moves seen)\n", p(st.watchLat, 0.5), p(st.watchLat, 0.99), len(st.watchLat))
	}
	if e := st.firstErr.Load(); e != nil {
		fmt.Fprintf(out, "first error:        %s\n", *e)
	}
}

// ltView is the part of a game's view the load test reads.
type ltView struct {
	Version int      `json:"version"`
	Phase   string   `json:"phase"`
	ToMove  int      `json:"toMove"`
	Legal   []string `json:"legal"`
	Moves   []struct {
		Move string `json:"move"`
	} `json:"moves"`
}

type ltGame struct {
	id     string
	tokens []string
	view   ltView
	acked  map[int]string // seq -> move, every move the server acknowledged
	sentMu sync.Mutex
	sent   map[int]time.Time // version after the move -> when it was sent
}

type ltStats struct {
	mu        sync.Mutex
	moveLat   []time.Duration // acknowledged moves
	watchLat  []time.Duration // move sent -> seen on a WebSocket of another server
	ok        atomic.Int64
	conflicts atomic.Int64
	errors    atomic.Int64
	finished  atomic.Int64
	watching  atomic.Int64
	maxWatch  atomic.Int64
	firstErr  atomic.Pointer[string]
}

type loadtest struct {
	client  *http.Client
	servers []string
	board   string
	st      *ltStats
	old     []*ltGame // finished games, verified at the end
	oldMu   sync.Mutex
}

func (lt *loadtest) fail(err error) {
	lt.st.errors.Add(1)
	msg := err.Error()
	lt.st.firstErr.CompareAndSwap(nil, &msg)
}

// call sends a request and decodes the answer into v; it returns the HTTP
// status.
func (lt *loadtest) call(ctx context.Context, method, url string, body, v any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := lt.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return res.StatusCode, err
	}
	if res.StatusCode/100 != 2 {
		return res.StatusCode, fmt.Errorf("%s %s: %d %s", method, url, res.StatusCode, bytes.TrimSpace(data))
	}
	if v != nil {
		return res.StatusCode, json.Unmarshal(data, v)
	}
	return res.StatusCode, nil
}

func (lt *loadtest) newGame(ctx context.Context, i int) (*ltGame, error) {
	req := map[string]any{"game": "go", "board": lt.board, "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}
	var c struct {
		ID     string   `json:"id"`
		Tokens []string `json:"tokens"`
	}
	if _, err := lt.call(ctx, "POST", lt.servers[i%len(lt.servers)]+"/api/games", req, &c); err != nil {
		return nil, err
	}
	g := &ltGame{id: c.ID, tokens: c.Tokens, acked: map[int]string{}, sent: map[int]time.Time{}}
	if _, err := lt.call(ctx, "GET", lt.servers[i%len(lt.servers)]+"/api/games/"+c.ID, nil, &g.view); err != nil {
		return nil, err
	}
	return g, nil
}

// watch follows game g on a WebSocket of server u, noting how long each
// move took to arrive.
func (lt *loadtest) watch(ctx context.Context, g *ltGame, u string) {
	url := "ws" + strings.TrimPrefix(u, "http") + "/api/games/" + g.id + "/ws"
	go func() {
		for ctx.Err() == nil {
			c, _, err := websocket.Dial(ctx, url, nil)
			if err != nil {
				if ctx.Err() == nil {
					lt.fail(fmt.Errorf("watch %s: %v", g.id, err))
					time.Sleep(500 * time.Millisecond)
				}
				continue
			}
			c.SetReadLimit(1 << 20)
			if n := lt.st.watching.Add(1); n > lt.st.maxWatch.Load() {
				lt.st.maxWatch.Store(n)
			}
			for {
				_, data, err := c.Read(ctx)
				if err != nil {
					break
				}
				var v struct {
					Version int `json:"version"`
				}
				if json.Unmarshal(data, &v) != nil {
					continue
				}
				g.sentMu.Lock()
				if t, ok := g.sent[v.Version]; ok {
					delete(g.sent, v.Version)
					g.sentMu.Unlock()
					lt.st.mu.Lock()
					lt.st.watchLat = append(lt.st.watchLat, time.Since(t))
					lt.st.mu.Unlock()
				} else {
					g.sentMu.Unlock()
				}
			}
			lt.st.watching.Add(-1)
			c.CloseNow()
		}
	}()
}

// move plays one random legal move in g (not a pass while there is another
// move; a finished game is replaced by a new one), through the next server.
func (lt *loadtest) move(ctx context.Context, g *ltGame, k *int) error {
	*k++
	server := lt.servers[*k%len(lt.servers)]
	if g.view.Phase != "playing" || len(g.view.Legal) == 0 {
		// The game is over: keep it for the check, play a new one.
		lt.oldMu.Lock()
		lt.old = append(lt.old, &ltGame{id: g.id, acked: g.acked})
		lt.oldMu.Unlock()
		lt.st.finished.Add(1)
		ng, err := lt.newGame(ctx, *k)
		if err != nil {
			return err
		}
		g.id, g.tokens, g.view, g.acked = ng.id, ng.tokens, ng.view, ng.acked
		return nil
	}
	legal := g.view.Legal
	m := legal[rand.IntN(len(legal))]
	if m == "pass" && len(legal) > 1 && len(g.view.Moves) < 150 {
		for m == "pass" {
			m = legal[rand.IntN(len(legal))]
		}
	}
	seat := g.view.ToMove
	version := g.view.Version
	req := map[string]any{"seat": seat, "token": g.tokens[seat], "kind": "move", "arg": m, "version": version}
	t0 := time.Now()
	g.sentMu.Lock()
	g.sent[version+1] = t0
	g.sentMu.Unlock()
	var v ltView
	code, err := lt.call(ctx, "POST", server+"/api/games/"+g.id+"/actions", req, &v)
	lat := time.Since(t0)
	switch {
	case err == nil:
		lt.st.ok.Add(1)
		lt.st.mu.Lock()
		lt.st.moveLat = append(lt.st.moveLat, lat)
		lt.st.mu.Unlock()
		g.acked[version+1] = m
		g.view = v
		return nil
	case code == http.StatusConflict:
		lt.st.conflicts.Add(1)
	default:
		lt.fail(err)
	}
	// Read the game again, from any server that answers.
	for i := range lt.servers {
		if _, err := lt.call(ctx, "GET", lt.servers[(*k+i)%len(lt.servers)]+"/api/games/"+g.id, nil, &g.view); err == nil {
			return nil
		}
	}
	return errors.New("no server answers")
}

// verify reads every game back and checks that each acknowledged move is
// stored, once, at its place; it returns the number of bad games.
func (lt *loadtest) verify(ctx context.Context, games []*ltGame, stdout io.Writer) int {
	all := append(slices.Clone(games), lt.old...)
	bad, moves := 0, 0
	for i, g := range all {
		if g == nil {
			continue
		}
		last := 0
		for seq := range g.acked {
			last = max(last, seq)
		}
		// A server learns of the other servers' last moves by
		// notification: one that is behind is asked again, for a while.
		var v ltView
		var err error
		for try := 0; ; try++ {
			_, err = lt.call(ctx, "GET", lt.servers[(i+try)%len(lt.servers)]+"/api/games/"+g.id, nil, &v)
			if (err == nil && v.Version >= last) || try == 50 {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		if err != nil {
			fmt.Fprintf(stdout, "verify %s: %v\n", g.id, err)
			bad++
			continue
		}
		for seq, m := range g.acked {
			moves++
			if seq > len(v.Moves) || v.Moves[seq-1].Move != m {
				fmt.Fprintf(stdout, "verify %s: acknowledged move %d %s is not stored there\n", g.id, seq, m)
				bad++
				break
			}
		}
	}
	fmt.Fprintf(stdout, "verified:           %d acknowledged moves in %d games: %d games wrong\n", moves, len(all), bad)
	return bad
}
