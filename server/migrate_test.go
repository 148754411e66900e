package server

import (
	"database/sql"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"moku/store"
)

// TestOldGamesLoad: games stored by the moku before the served game had
// versions (no colors or serving columns; computer seats accepted any
// marking; Go ended on two passes) load after it as they ended: the same
// phase and result, and records that replay to them.
func TestOldGamesLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "moku.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	seats := `[{"Kind":"human","Name":"Ann","Level":"","TokenHash":null},{"Kind":"computer","Name":"moku","Level":"random","TokenHash":null}]`
	people := `[{"Kind":"human","Name":"Ann","Level":"","TokenHash":null},{"Kind":"human","Name":"Bob","Level":"","TokenHash":null}]`
	stmts := []string{`CREATE TABLE games (
		id TEXT PRIMARY KEY, created INTEGER NOT NULL, updated INTEGER NOT NULL,
		rules TEXT NOT NULL, board TEXT NOT NULL, board_json TEXT NOT NULL DEFAULT '',
		setup TEXT NOT NULL, seats TEXT NOT NULL, status TEXT NOT NULL,
		result TEXT NOT NULL DEFAULT '', moves INTEGER NOT NULL DEFAULT 0)`,
		`CREATE TABLE actions (
		game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, seat INTEGER NOT NULL,
		kind TEXT NOT NULL, arg TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (game_id, seq))`,
	}
	// A Kee game against the computer whose person marked the computer's
	// wall dead and accepted alone (the computer then accepted any
	// marking), and a Go game between people that ended on two passes.
	games := []struct {
		id, rules, seats, status, result, moves string
		last                                    [][2]string // seat:kind, arg
	}{
		{"keeold", "kee", seats, "over", "B+25", "b1 d1 b2 d2 b3 d3 b4 d4 b5 d5 pass pass", [][2]string{{"0:mark", "d1"}, {"0:accept", ""}}},
		{"goold", "go komi=0", people, "over", "B+6", "b1 d1 b2 d2 b3 d3 b4 d4 b5 d5 e3 pass pass", nil},
	}
	for _, g := range games {
		n := 0
		add := func(seat int, kind, arg string) {
			n++
			stmts = append(stmts, fmt.Sprintf(`INSERT INTO actions VALUES ('%s', %d, %d, '%s', '%s', 1)`, g.id, n, seat, kind, arg))
		}
		for i, m := range strings.Fields(g.moves) {
			add(i%2, "move", m)
		}
		for _, a := range g.last {
			add(int(a[0][0]-'0'), a[0][2:], a[1])
		}
		stmts = append(stmts, fmt.Sprintf(`INSERT INTO games VALUES ('%s', 1, 1, '%s', '5x5', '', 'fixed', '%s', '%s', '%s', %d)`,
			g.id, g.rules, g.seats, g.status, g.result, n))
	}
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()

	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	srv := New(st, Options{})
	ts := &testServer{t: t, srv: srv, http: httptest.NewServer(srv), store: st}
	t.Cleanup(func() { ts.http.CloseClientConnections(); srv.Close(); ts.http.Close(); st.Close() })
	t.Cleanup(ts.checkRecords)
	if err := srv.Resume(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		v := ts.view(g.id)
		if v.Phase != g.status || v.Result != g.result {
			t.Errorf("%s loads as %s %q, want %s %q", g.id, v.Phase, v.Result, g.status, g.result)
		}
	}
}
