package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"moku/internal/pgtest"
)

// The games table and an action as moku wrote them before the columns
// colors and serving: a database of that time must open, read its games
// as serving version 1 with colours in turn order, and take new actions.

const sqliteSchemaV1 = `
CREATE TABLE games (
	id TEXT PRIMARY KEY, created INTEGER NOT NULL, updated INTEGER NOT NULL,
	rules TEXT NOT NULL, board TEXT NOT NULL, board_json TEXT NOT NULL DEFAULT '',
	setup TEXT NOT NULL, seats TEXT NOT NULL, status TEXT NOT NULL,
	result TEXT NOT NULL DEFAULT '', moves INTEGER NOT NULL DEFAULT 0);
CREATE INDEX games_updated ON games(updated);
CREATE TABLE actions (
	game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, seat INTEGER NOT NULL,
	kind TEXT NOT NULL, arg TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (game_id, seq));
INSERT INTO games VALUES ('old', 1, 1, 'go komi=7.5', '9x9', '', 'fixed',
	'[{"Kind":"human","Name":"Ann","Level":"","TokenHash":null},{"Kind":"computer","Name":"moku","Level":"random","TokenHash":null}]',
	'playing', '', 1);
INSERT INTO actions VALUES ('old', 1, 0, 'move', 'e5', 1);
CREATE TABLE challenges (
	id TEXT PRIMARY KEY, secret BLOB NOT NULL, maker TEXT NOT NULL, account TEXT NOT NULL DEFAULT '',
	owner TEXT NOT NULL DEFAULT '', request TEXT NOT NULL, created INTEGER NOT NULL, expires INTEGER NOT NULL,
	state TEXT NOT NULL, game TEXT NOT NULL DEFAULT '', seat INTEGER NOT NULL DEFAULT 0);
INSERT INTO challenges VALUES ('oldc', x'00', 'Ann', '', '', '{}', 1, 9999999999999, 'open', '', 0);
`

func TestSQLiteMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "moku.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(sqliteSchemaV1); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	checkMigrated(t, s)
	// A challenge posted before challenges had seats has two.
	if c, err := s.Challenge(context.Background(), "oldc"); err != nil || c.Players != 2 || len(c.Joined) != 0 {
		t.Fatalf("old challenge read as %+v, %v", c, err)
	}
	s.Close()
	// Opening again finds the columns there.
	if s, err = OpenSQLite(path); err != nil {
		t.Fatal(err)
	}
	s.Close()
}

func TestPostgresMigration(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `CREATE TABLE schema_migrations (version integer PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, pgMigrations[0]); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO schema_migrations VALUES (1)`,
		`INSERT INTO games VALUES ('old', now(), now(), 'go komi=7.5', '9x9', '', 'fixed',
			'[{"Kind":"human","Name":"Ann","Level":"","TokenHash":null},{"Kind":"computer","Name":"moku","Level":"random","TokenHash":null}]',
			'playing', '', 1)`,
		`INSERT INTO actions VALUES ('old', 1, 0, 'move', 'e5', now())`,
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	conn.Close(ctx)
	s, err := OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	checkMigrated(t, s)
}

func checkMigrated(t *testing.T, s Store) {
	t.Helper()
	ctx := context.Background()
	g, err := s.Get(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	if g.Serving != 1 || g.Colors != "" || g.Moves != 1 || len(g.Seats) != 2 {
		t.Fatalf("old game read as %+v", g)
	}
	if err := s.Append(ctx, "old", Action{Seq: 2, Seat: 1, Kind: "move", Arg: "c3"}, Status{Phase: "playing", Colors: "white black"}); err != nil {
		t.Fatal(err)
	}
	if g, err = s.Get(ctx, "old"); err != nil || g.Colors != "white black" || g.Moves != 2 {
		t.Fatalf("after an action: %+v, %v", g, err)
	}
	n := newGame("new")
	n.Serving = 2
	if err := s.Create(ctx, n); err != nil {
		t.Fatal(err)
	}
	if g, err = s.Get(ctx, "new"); err != nil || g.Serving != 2 {
		t.Fatalf("new game: %+v, %v", g, err)
	}
	// Challenges of three seats are kept.
	postSeats(t, s, "new3", time.Now(), 3)
	if err := accept(s, "new3", time.Now(), "j1", 0); err != nil {
		t.Fatal(err)
	}
	if c, err := s.Challenge(ctx, "new3"); err != nil || c.Players != 3 || len(c.Joined) != 1 {
		t.Fatalf("a challenge of three seats read back as %+v, %v", c, err)
	}
}
