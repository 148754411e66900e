package loadtest

import (
	"bytes"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"moku/server"
	"moku/store"
)

// moku loadtest against a real server over SQLite on 127.0.0.1, briefly:
// it plays, measures and verifies every acknowledged move.
func TestLoadtest(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "moku.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(st, server.Options{})
	hs := httptest.NewServer(srv)
	defer func() {
		hs.CloseClientConnections()
		srv.Close()
		hs.Close()
		st.Close()
	}()
	var out bytes.Buffer
	c := Config{URLs: []string{hs.URL}, Games: 20, Duration: 2 * time.Second, Rate: 100, MaxMoves: 100000, Board: "9x9", Watch: true, Verify: true}
	if err := Run(c, &out); err != nil {
		t.Fatalf("loadtest: %v\n%s", err, out.String())
	}
	m := regexp.MustCompile(`verified: +(\d+) acknowledged moves in (\d+) games: 0 games wrong`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no verification:\n%s", out.String())
	}
	if n, _ := strconv.Atoi(m[1]); n < 50 {
		t.Errorf("only %d moves in 2 s at 100/s:\n%s", n, out.String())
	}
	for _, want := range []string{"games held at once: 20 (WebSocket watchers at once: 20)", "move latency:", "seen by watchers:"} {
		if !bytes.Contains(out.Bytes(), []byte(want)) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
	// Loopback only.
	c.URLs = []string{"http://example.com:80"}
	if err := Run(c, &out); err == nil {
		t.Errorf("a load test against a remote server ran")
	}
}
