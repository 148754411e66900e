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

// start runs a throwaway cluster owned by this process: it is killed when
// the process ends (Pdeathsig), and left-over directories of dead clusters
// are removed first.
func start() (string, error) {
	bin, err := Bin()
	if err != nil {
		return "", err
	}
	cleanStale()
	dir, err := os.MkdirTemp("", "moku-pg-")
	if err != nil {
		return "", err
	}
	cred, err := credential()
	if err != nil {
		return "", err
	}
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return "", err
		}
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if out, err := initdb.CombinedOutput(); err != nil {
		return "", fmt.Errorf("initdb: %v\n%s", err, out)
	}
	port, err := freePort()
	if err != nil {
		return "", err
	}
	pg := exec.Command(filepath.Join(bin, "postgres"), "-D", data, "-k", dir, "-h", "127.0.0.1", "-p", strconv.Itoa(port),
		"-c", "fsync=off", "-c", "max_connections=300")
	pg.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGQUIT}
	logf, err := os.Create(filepath.Join(dir, "log"))
	if err != nil {
		return "", err
	}
	if cred != nil {
		os.Chown(logf.Name(), int(cred.Uid), int(cred.Gid))
	}
	pg.Stdout, pg.Stderr = logf, logf
	if err := pg.Start(); err != nil {
		return "", err
	}
	go pg.Wait()
	u := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		conn, err := pgx.Connect(ctx, u)
		cancel()
		if err == nil {
			conn.Close(context.Background())
			return u, nil
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(logf.Name())
			return "", fmt.Errorf("postgres did not start: %v\n%s", err, log)
		}
		time.Sleep(100 * time.Millisecond)
	}
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
