package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"moku/internal/pgtest"
)

// TestUnavailable calls every method of a store whose database is away (a
// PostgreSQL server stopped; an SQLite store closed): each fails with an
// error matching ErrUnavailable, and, once PostgreSQL is back, works again;
// a missing game is ErrNotFound, not ErrUnavailable.
func TestUnavailable(t *testing.T) {
	pg := pgtest.NewCluster(t)
	p, err := OpenPostgres(context.Background(), pg.URL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	sq, err := OpenSQLite(filepath.Join(t.TempDir(), "moku.db"))
	if err != nil {
		t.Fatal(err)
	}
	stores := []struct {
		name string
		st   Store
		down func() error
		up   func() error
	}{
		{"postgres", p, pg.Stop, pg.Start},
		{"sqlite", sq, sq.Close, nil},
	}
	for _, c := range stores {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if err := c.st.Create(ctx, newGame("g1")); err != nil {
				t.Fatal(err)
			}
			if _, err := c.st.Get(ctx, "nosuch"); !errors.Is(err, ErrNotFound) || errors.Is(err, ErrUnavailable) {
				t.Errorf("a missing game: %v", err)
			}
			calls := []struct {
				name string
				f    func() error
			}{
				{"Create", func() error { return c.st.Create(ctx, newGame("g2")) }},
				{"Get", func() error { _, err := c.st.Get(ctx, "g1"); return err }},
				{"List", func() error { _, err := c.st.List(ctx, 10, Page{}); return err }},
				{"Resumable", func() error { _, err := c.st.Resumable(ctx); return err }},
				{"Actions", func() error { _, err := c.st.Actions(ctx, "g1", 0); return err }},
				{"Append", func() error {
					return c.st.Append(ctx, "g1", Action{Seq: 1, Kind: "move", Arg: "c3"}, Status{Phase: "playing"})
				}},
			}
			if err := c.down(); err != nil {
				t.Fatal(err)
			}
			for _, call := range calls {
				if err := call.f(); !errors.Is(err, ErrUnavailable) {
					t.Errorf("%s while the database is away: %v, want ErrUnavailable", call.name, err)
				}
			}
			if c.up == nil {
				return
			}
			if err := c.up(); err != nil {
				t.Fatal(err)
			}
			for _, call := range calls {
				if err := call.f(); err != nil {
					t.Errorf("%s once the database is back: %v", call.name, err)
				}
			}
		})
	}
}
