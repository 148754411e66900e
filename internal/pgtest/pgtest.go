// Package pgtest gives tests a fresh PostgreSQL database on a real server.
//
// The server is the one named by $MOKU_TEST_POSTGRES (a postgres:// URL of
// a role allowed to create databases), as scripts/test starts it. Without
// it, under CI=true the test fails; elsewhere pgtest starts a throwaway
// cluster of its own (initdb and postgres from /usr/lib/postgresql/*/bin,
// on a loopback port, in a temporary directory, stopped when the test
// process ends), or fails saying what is missing. It never skips.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// EnvVar names the variable holding the test server's URL.
const EnvVar = "MOKU_TEST_POSTGRES"

var (
	once    sync.Once
	baseURL string
	baseErr error
)

// Server returns the URL of the test server, starting one if needed.
func Server(t testing.TB) string {
	t.Helper()
	once.Do(func() {
		if u := os.Getenv(EnvVar); u != "" {
			baseURL = u
			return
		}
		if os.Getenv("CI") == "true" {
			baseErr = fmt.Errorf("$%s is not set: under CI, scripts/test must start PostgreSQL and set it", EnvVar)
			return
		}
		baseURL, baseErr = start()
	})
	if baseErr != nil {
		t.Fatalf("PostgreSQL for tests: %v", baseErr)
	}
	return baseURL
}

// DSN returns the URL of a new, empty database on the test server, dropped
// when the test ends.
func DSN(t testing.TB) string {
	t.Helper()
	base := Server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("PostgreSQL for tests: %v", err)
	}
	defer conn.Close(context.Background())
	b := make([]byte, 6)
	rand.Read(b)
	name := "moku_test_" + hex.EncodeToString(b)
	if _, err := conn.Exec(ctx, `CREATE DATABASE `+name); err != nil {
		t.Fatalf("PostgreSQL for tests: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("dropping %s: %v", name, err)
			return
		}
		defer conn.Close(context.Background())
		if _, err := conn.Exec(ctx, `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`); err != nil {
			t.Errorf("dropping %s: %v", name, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("$%s: %v", EnvVar, err)
	}
	u.Path = "/" + name
	return u.String()
}

// Bin returns the directory of PostgreSQL's server programs, the newest
// version's.
func Bin() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	var ok []string
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			ok = append(ok, d)
		}
	}
	if len(ok) == 0 {
		return "", fmt.Errorf("no /usr/lib/postgresql/*/bin/initdb: install PostgreSQL (apt-get install postgresql) or set $%s", EnvVar)
	}
	sort.Slice(ok, func(i, j int) bool {
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(ok[i])))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(ok[j])))
		return vi < vj
	})
	return ok[len(ok)-1], nil
}

// start runs the shared throwaway cluster of this process.
func start() (string, error) {
	c, err := startCluster()
	if err != nil {
		return "", err
	}
	return c.URL, nil
}

// Cluster is a throwaway PostgreSQL cluster owned by this process, on a
// loopback port, in a temporary directory: the server is killed when the
// process ends (Pdeathsig), and left-over directories of dead clusters are
// removed when the next one starts.
type Cluster struct {
	URL  string // of the database postgres, as the role postgres
	bin  string
	dir  string
	port int
	cred *syscall.Credential
	logf *os.File

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{} // closed when cmd has exited
}

// NewCluster starts a cluster of the test's own, which it may stop and
// restart (the shared one of Server may not be: other tests use it); the
// cluster is removed when the test ends. Without PostgreSQL's programs the
// test fails (it never skips).
func NewCluster(t testing.TB) *Cluster {
	t.Helper()
	c, err := startCluster()
	if err != nil {
		t.Fatalf("PostgreSQL for tests: %v", err)
	}
	t.Cleanup(c.remove)
	return c
}

func startCluster() (*Cluster, error) {
	bin, err := Bin()
	if err != nil {
		return nil, err
	}
	cleanStale()
	dir, err := os.MkdirTemp("", "moku-pg-")
	if err != nil {
		return nil, err
	}
	// The test process that owns the cluster: cleanStale leaves the
	// clusters of living processes alone, stopped or starting.
	if err := os.WriteFile(filepath.Join(dir, "owner"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return nil, err
	}
	c := &Cluster{bin: bin, dir: dir}
	if c.cred, err = credential(); err != nil {
		return nil, err
	}
	if c.cred != nil {
		if err := os.Chown(dir, int(c.cred.Uid), int(c.cred.Gid)); err != nil {
			return nil, err
		}
	}
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", c.data(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	if out, err := initdb.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	if c.port, err = freePort(); err != nil {
		return nil, err
	}
	if c.logf, err = os.Create(filepath.Join(dir, "log")); err != nil {
		return nil, err
	}
	if c.cred != nil {
		os.Chown(c.logf.Name(), int(c.cred.Uid), int(c.cred.Gid))
	}
	c.URL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.port)
	if err := c.Start(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Cluster) data() string { return filepath.Join(c.dir, "data") }

// Start starts the cluster's server (again, after Stop) on its port and
// waits until it accepts connections.
func (c *Cluster) Start() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cmd != nil {
		return fmt.Errorf("postgres is already running")
	}
	pg := exec.Command(filepath.Join(c.bin, "postgres"), "-D", c.data(), "-k", c.dir, "-h", "127.0.0.1", "-p", strconv.Itoa(c.port),
		"-c", "fsync=off", "-c", "max_connections=300")
	pg.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred, Pdeathsig: syscall.SIGQUIT}
	pg.Stdout, pg.Stderr = c.logf, c.logf
	if err := pg.Start(); err != nil {
		return err
	}
	done := make(chan struct{})
	go func() { pg.Wait(); close(done) }()
	c.cmd, c.done = pg, done
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		conn, err := pgx.Connect(ctx, c.URL)
		cancel()
		if err == nil {
			conn.Close(context.Background())
			return nil
		}
		select {
		case <-done:
			log, _ := os.ReadFile(c.logf.Name())
			c.cmd = nil
			return fmt.Errorf("postgres exited: %v\n%s", err, log)
		default:
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(c.logf.Name())
			return fmt.Errorf("postgres did not start: %v\n%s", err, log)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Stop stops the server with a fast shutdown, as pg_ctl stop -m fast does
// (SIGINT: open transactions are rolled back, clients disconnected, the
// data checkpointed), and waits until it has exited.
func (c *Cluster) Stop() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cmd == nil {
		return nil
	}
	if err := c.cmd.Process.Signal(syscall.SIGINT); err != nil {
		return err
	}
	select {
	case <-c.done:
	case <-time.After(60 * time.Second):
		c.cmd.Process.Kill()
		<-c.done
		return fmt.Errorf("postgres did not stop in 60 s: killed")
	}
	c.cmd = nil
	return nil
}

// Restart is pg_ctl restart -m fast: Stop, then Start on the same port and
// data.
func (c *Cluster) Restart() error {
	if err := c.Stop(); err != nil {
		return err
	}
	return c.Start()
}

// remove kills the server and removes the cluster's directory.
func (c *Cluster) remove() {
	c.mu.Lock()
	if c.cmd != nil {
		c.cmd.Process.Signal(syscall.SIGQUIT)
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
			c.cmd.Process.Kill()
			<-c.done
		}
		c.cmd = nil
	}
	c.mu.Unlock()
	c.logf.Close()
	os.RemoveAll(c.dir)
}

// credential is the user to run PostgreSQL as: "postgres" when this
// process is root (initdb refuses root), else nil (this user).
func credential() (*syscall.Credential, error) {
	if os.Getuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root, PostgreSQL needs the user postgres: %v", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// cleanStale removes the directories of earlier test clusters whose server
// is gone.
func cleanStale() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "moku-pg-*"))
	for _, d := range dirs {
		if owner, err := os.ReadFile(filepath.Join(d, "owner")); err == nil {
			if pid, _ := strconv.Atoi(strings.TrimSpace(string(owner))); pid > 0 && syscall.Kill(pid, 0) == nil {
				continue // its test process lives: the cluster may be stopped by a test, or starting
			}
		}
		pidFile, err := os.ReadFile(filepath.Join(d, "data", "postmaster.pid"))
		if err == nil {
			pid, _ := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(pidFile), "\n", 2)[0]))
			if pid > 0 && syscall.Kill(pid, 0) == nil {
				continue // still running
			}
		} else if fi, err := os.Stat(d); err != nil || time.Since(fi.ModTime()) < time.Minute {
			continue // perhaps still starting
		}
		os.RemoveAll(d)
	}
}
