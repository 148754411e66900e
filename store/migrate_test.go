package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
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
INSERT INTO challenges VALUES ('oldr', x'01', 'Ann', '', '', '{"rematch":"old","from":1}', 2, 9999999999999, 'open', '', 0);
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
	checkOldRematch(t, s)
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
	// Up to the migration before the rematch column, with a rematch
	// posted then.
	last := len(pgMigrations) - 1
	for v := 2; v <= last; v++ {
		if _, err := conn.Exec(ctx, pgMigrations[v-1]); err != nil {
			t.Fatalf("migration %d: %v", v, err)
		}
		if _, err := conn.Exec(ctx, `INSERT INTO schema_migrations VALUES ($1)`, v); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := conn.Exec(ctx, `INSERT INTO challenges (id, secret, maker, request, created, expires, state)
		VALUES ('oldr', '\x01', 'Ann', '{"rematch":"old","from":1}', now(), now() + interval '1 hour', 'open')`); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)
	s, err := OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	checkMigrated(t, s)
	checkOldRematch(t, s)
}

// checkOldRematch: the rematch challenge oldr of game old, posted before
// challenges had a rematch column, is found as old's rematch.
func checkOldRematch(t *testing.T, s Store) {
	t.Helper()
	if c, err := s.OpenRematch(context.Background(), "old", time.Now()); err != nil || c.ID != "oldr" {
		t.Errorf("the rematch of old posted before the column: %+v, %v; want oldr", c, err)
	}
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

// TestSQLiteSeatIndexMigration: a database made before the index of the
// seats' accounts gets it filled from its games when it opens, and the
// index then follows the seats as they change.
func TestSQLiteSeatIndexMigration(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "moku.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	haveAccounts(t, s, "acc-ann", "acc-bob")
	for i, acc := range []string{"acc-ann", "acc-bob", "acc-ann"} {
		id := fmt.Sprintf("g%d", i)
		if err := s.Create(ctx, newGame(id)); err != nil {
			t.Fatal(err)
		}
		if mine, err := s.BindSeat(ctx, id, i%2, acc, "Player"); err != nil || !mine {
			t.Fatalf("binding %s: %v, %v", id, mine, err)
		}
	}
	if mine, err := s.BindSeat(ctx, "g1", 0, "acc-ann", "Ann"); err != nil || !mine {
		t.Fatalf("binding g1's first seat: %v, %v", mine, err)
	}
	s.Close()
	// The database as moku wrote it before: no index, no triggers.
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`DROP TRIGGER game_accounts_insert`, `DROP TRIGGER game_accounts_update`, `DROP TRIGGER game_accounts_delete`, `DROP TABLE game_accounts`} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	if s, err = OpenSQLite(path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	games := func(acc string) []string {
		t.Helper()
		list, err := s.AccountGames(ctx, acc, 10, Page{})
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, g := range list {
			ids = append(ids, g.ID)
		}
		return sorted(ids)
	}
	if got := games("acc-ann"); !slices.Equal(got, []string{"g0", "g1", "g2"}) {
		t.Errorf("Ann's games after the migration: %v", got)
	}
	if got := games("acc-bob"); !slices.Equal(got, []string{"g1"}) {
		t.Errorf("Bob's games after the migration: %v", got)
	}
	// A game created with a seat's account already set.
	g := newGame("g3")
	g.Seats[1].Account = "acc-bob"
	if err := s.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	if got := games("acc-bob"); !slices.Equal(got, []string{"g1", "g3"}) {
		t.Errorf("Bob's games after a new one: %v", got)
	}
	// A game removed (moku removes none, an operator may) leaves no row.
	if _, err := s.db.Exec(`DELETE FROM games WHERE id = 'g3'`); err != nil {
		t.Fatal(err)
	}
	var rows int
	if err := s.db.QueryRow(`SELECT count(*) FROM game_accounts WHERE game_id = 'g3'`).Scan(&rows); err != nil || rows != 0 {
		t.Errorf("a removed game's index rows: %d, %v", rows, err)
	}
	if err := s.DeleteAccount(ctx, "acc-ann"); err != nil && !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	if got := games("acc-ann"); len(got) != 0 {
		t.Errorf("a deleted account's games: %v", got)
	}
	if got := games("acc-bob"); !slices.Equal(got, []string{"g1"}) {
		t.Errorf("Bob's games after Ann's deletion: %v", got)
	}
}
