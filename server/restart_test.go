package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"moku/store"
)

var (
	buildOnce sync.Once
	buildDir  string
	buildBin  string
	buildErr  error
)

// buildMoku builds the moku command, once per test run, into a temporary
// directory (removed by TestMain).
func buildMoku(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "moku-bin-"); buildErr != nil {
			return
		}
		buildBin = filepath.Join(buildDir, "moku")
		cmd := exec.Command("go", "build", "-o", buildBin, "moku/cmd/moku")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return buildBin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// mokuServe is a running `moku serve`.
type mokuServe struct {
	cmd  *exec.Cmd
	url  string
	args []string
	log  *syncBuffer // its standard error
}

var servingRE = regexp.MustCompile(`moku is serving on (http://\S+?)/ `)

// startMoku starts `moku serve` on a free port of 127.0.0.1 over data dir
// and waits until it serves.
func startMoku(t *testing.T, bin, data string) *mokuServe {
	t.Helper()
	return startMokuArgs(t, bin, "--data", data)
}

// startMokuArgs starts `moku serve` on a free port of 127.0.0.1 with the
// given flags and waits until it serves; its log is kept, and shown if
// the test fails.
func startMokuArgs(t *testing.T, bin string, args ...string) *mokuServe {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	logBuf := &syncBuffer{}
	cmd.Stderr = logBuf
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("moku serve %s (pid %d) logged:\n%s", strings.Join(args, " "), cmd.Process.Pid, tailLines(logBuf.String(), 40))
		}
	})
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := servingRE.FindStringSubmatch(sc.Text()); m != nil {
				line <- m[1]
			}
		}
		io.Copy(io.Discard, out)
	}()
	select {
	case url := <-line:
		return &mokuServe{cmd: cmd, url: url, args: args, log: logBuf}
	case <-time.After(30 * time.Second):
		t.Fatalf("moku serve did not say where it serves:\n%s", logBuf.String())
	}
	return nil
}

// tailLines returns the last n lines of s.
func tailLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// kill stops the server at once, as a crash would.
func (m *mokuServe) kill(t *testing.T) {
	t.Helper()
	if err := m.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	m.cmd.Wait()
}

// client is a testServer-like client of an external server.
func (m *mokuServe) client(t *testing.T) *testServer {
	return &testServer{t: t, base: m.url}
}

// TestRestart plays through HTTP against the real binary, kills it with
// SIGKILL in the middle of a game, restarts it on the same data directory
// and finds every acknowledged move, and the game going on; a computer
// whose turn it was when the server died moves after the restart.
func TestRestart(t *testing.T) {
	bin := buildMoku(t)
	data := t.TempDir()
	srv := startMoku(t, bin, data)
	c := srv.client(t)
	g := c.create(createReq{Game: "go", Board: "7x7", Seats: humans(2)})
	vsComputer := c.create(createReq{Game: "ki", Board: "5x5", Seats: []seatReq{{Kind: "human"}, {Kind: "computer"}}})
	c.must(vsComputer, 0, "move", "c3")
	c.waitView(vsComputer.ID, func(v gameView) bool { return v.Version == 2 })

	// Moves are sent one after another; the server is killed while they
	// are coming in.
	points := []string{"a1", "g7", "b1", "f7", "c1", "e7", "d1", "d7", "e1", "c7", "f1", "b7", "g1", "a7", "a2", "g6", "b2", "f6", "c2", "e6"}
	acked := make(chan string, len(points))
	done := make(chan struct{})
	go func() {
		defer close(done)
		hc := &http.Client{Timeout: 5 * time.Second}
		for i, p := range points {
			body := js(actReq{Seat: i % 2, Token: g.Tokens[i%2], Kind: "move", Arg: p, Version: intp(i)})
			res, err := hc.Post(srv.url+"/api/games/"+g.ID+"/actions", "application/json", strings.NewReader(body))
			if err != nil {
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				return
			}
			acked <- p
		}
	}()
	// Kill after the sixth acknowledgement, with the seventh on its way.
	for range 6 {
		select {
		case <-acked:
		case <-time.After(10 * time.Second):
			t.Fatal("moves are not acknowledged")
		}
	}
	srv.kill(t)
	<-done
	close(acked)
	n := 6
	for range acked {
		n++
	}
	t.Logf("%d moves acknowledged before the kill", n)

	// While the server is down, record a move of the human against the
	// computer, as if the server had died between storing it and the
	// computer's answer.
	st, err := store.OpenSQLite(filepath.Join(data, "moku.db"))
	if err != nil {
		t.Fatal(err)
	}
	v := c2view(t, st, vsComputer.ID)
	if v.ToMove != 0 {
		t.Fatalf("vs computer: to move %d", v.ToMove)
	}
	if err := st.Append(context.Background(), vsComputer.ID, store.Action{Seq: 3, Seat: 0, Kind: "move", Arg: v.Legal[0]}, store.Status{Phase: "playing"}); err != nil {
		t.Fatal(err)
	}
	st.Close()

	srv = startMoku(t, bin, data)
	c = srv.client(t)
	v = c.view(g.ID)
	if v.Version < n {
		t.Fatalf("after the restart: %d moves, %d were acknowledged", v.Version, n)
	}
	for i := 0; i < n; i++ {
		if v.Moves[i].Move != points[i] {
			t.Errorf("move %d is %s, want %s", i+1, v.Moves[i].Move, points[i])
		}
	}
	// The game goes on.
	next := points[v.Version]
	if w := c.must(g, v.ToMove, "move", next); w.Version != v.Version+1 {
		t.Errorf("after the restart the game did not go on: %+v", moveNames(w))
	}
	// The computer answers the move recorded while the server was down.
	w := c.waitView(vsComputer.ID, func(v gameView) bool { return v.Version == 4 })
	if w.ToMove != 0 || w.Moves[3].Color != "white" {
		t.Errorf("the computer's move after the restart: %v", moveNames(w))
	}
	// A clean stop (SIGTERM) also keeps everything.
	srv.cmd.Process.Signal(syscall.SIGTERM)
	errc := make(chan error, 1)
	go func() { errc <- srv.cmd.Wait() }()
	select {
	case err := <-errc:
		if err != nil {
			t.Errorf("moku serve after SIGTERM: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("moku serve did not stop on SIGTERM")
	}
}

// c2view rebuilds a game's view straight from the store.
func c2view(t *testing.T, st store.Store, id string) gameView {
	t.Helper()
	meta, err := st.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	as, err := st.Actions(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := newTable(meta, as)
	if err != nil {
		t.Fatal(err)
	}
	v := tb.view()
	// and through JSON, as clients see it
	data, _ := json.Marshal(v)
	var out gameView
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(fmt.Errorf("view: %v", err))
	}
	return out
}
