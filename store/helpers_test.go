package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"moku/internal/pgtest"
)

// opener opens a new, empty store for a test; it is closed when the test
// ends.
type opener func(t testing.TB) Store

// onEach runs suite on each database as a subtest of its name: SQLite in a
// temporary directory, and PostgreSQL in a throwaway database of its own
// (internal/pgtest).
func onEach(t *testing.T, suite func(t *testing.T, open opener)) {
	for _, db := range []struct {
		name string
		open opener
	}{{"sqlite", openSQLite}, {"postgres", openPostgres}} {
		t.Run(db.name, func(t *testing.T) { suite(t, db.open) })
	}
}

// openSQLite opens a new SQLite store in a temporary directory.
func openSQLite(t testing.TB) Store {
	t.Helper()
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "moku.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// openPostgres opens a store on a new PostgreSQL database.
func openPostgres(t testing.TB) Store {
	t.Helper()
	return openPostgresAt(t, pgtest.DSN(t))
}

// openPostgresAt opens a store on the PostgreSQL database at dsn, as one
// more server sharing it would.
func openPostgresAt(t testing.TB, dsn string) *Postgres {
	t.Helper()
	s, err := OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// haveAccounts creates the accounts of ids in s (each named by its id in
// hexadecimal, so that ids differing in case alone are two names).
func haveAccounts(t testing.TB, s Store, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if err := s.CreateAccount(context.Background(), &Account{ID: id, Name: fmt.Sprintf("%x", id)}); err != nil {
			t.Fatalf("account %q: %v", id, err)
		}
	}
}
