package store

import (
	"context"
	"sync"
	"testing"
	"time"

	"moku/internal/pgtest"
)

// Several servers starting at once on a new database: the migrations run
// once, and the schema ends at the latest version.
func TestPostgresMigrations(t *testing.T) {
	dsn := pgtest.DSN(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	stores := make([]*Postgres, 4)
	for i := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := OpenPostgres(ctx, dsn)
			if err != nil {
				t.Error(err)
				return
			}
			stores[i] = p
		}()
	}
	wg.Wait()
	for _, p := range stores {
		if p != nil {
			defer p.Close()
		}
	}
	if t.Failed() {
		return
	}
	v, err := stores[0].SchemaVersion(ctx)
	if err != nil || v != len(pgMigrations) {
		t.Errorf("schema version %d, %v; want %d", v, err, len(pgMigrations))
	}
	var n int
	if err := stores[0].pool.QueryRow(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil || n != len(pgMigrations) {
		t.Errorf("%d rows in schema_migrations, %v", n, err)
	}
	// A database from a newer moku is refused.
	if _, err := stores[0].pool.Exec(ctx, `INSERT INTO schema_migrations (version) VALUES (1000)`); err != nil {
		t.Fatal(err)
	}
	if p, err := OpenPostgres(ctx, dsn); err == nil {
		p.Close()
		t.Error("a schema newer than this moku was accepted")
	}
}

// Every action recorded through one store reaches the listeners of
// another, in order, and a refused action announces nothing.
func TestPostgresNotify(t *testing.T) {
	defer func(d time.Duration) { sweepEvery = d }(sweepEvery)
	sweepEvery = time.Hour // no sweep's notices among those checked
	dsn := pgtest.DSN(t)
	ctx := context.Background()
	a, b := openPostgresAt(t, dsn), openPostgresAt(t, dsn)
	lctx, cancel := context.WithCancel(ctx)
	notes := make(chan Notice, 100)
	done := make(chan struct{})
	go func() {
		b.Listen(lctx, func(n Notice) { notes <- n })
		close(done)
	}()
	defer func() { cancel(); <-done }()
	next := func() Notice {
		t.Helper()
		select {
		case n := <-notes:
			return n
		case <-time.After(10 * time.Second):
			t.Fatal("no notice")
			return Notice{}
		}
	}
	if n := next(); n != (Notice{}) {
		t.Fatalf("first notice %+v, want the (re)connection notice", n)
	}
	if err := a.Create(ctx, newGame("n1")); err != nil {
		t.Fatal(err)
	}
	for seq := 1; seq <= 3; seq++ {
		if err := a.Append(ctx, "n1", Action{Seq: seq, Kind: "move", Arg: "pass"}, Status{Phase: "playing"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Append(ctx, "n1", Action{Seq: 3, Kind: "move", Arg: "a1"}, Status{Phase: "playing"}); err != ErrConflict {
		t.Fatalf("repeated seq: %v", err)
	}
	if err := a.Append(ctx, "n1", Action{Seq: 4, Kind: "move", Arg: "b1"}, Status{Phase: "playing"}); err != nil {
		t.Fatal(err)
	}
	for seq := 1; seq <= 4; seq++ {
		if n := next(); n != (Notice{Game: "n1", Seq: seq}) {
			t.Fatalf("notice %+v, want n1 %d", n, seq)
		}
	}
	// The listener reconnects after its connection is killed, and says so.
	if _, err := a.pool.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	if n := next(); n != (Notice{}) {
		t.Fatalf("after the kill: %+v, want the reconnection notice", n)
	}
	if err := a.Append(ctx, "n1", Action{Seq: 5, Kind: "move", Arg: "pass"}, Status{Phase: "playing"}); err != nil {
		t.Fatal(err)
	}
	if n := next(); n != (Notice{Game: "n1", Seq: 5}) {
		t.Fatalf("notice %+v, want n1 5", n)
	}
}

// An action recorded without its announcement (the server was killed
// between its commit and its NOTIFY) is announced by the sweep.
func TestPostgresSweep(t *testing.T) {
	defer func(d time.Duration) { sweepEvery = d }(sweepEvery)
	sweepEvery = 100 * time.Millisecond
	dsn := pgtest.DSN(t)
	ctx := context.Background()
	a := openPostgresAt(t, dsn)
	if err := a.Create(ctx, newGame("s1")); err != nil {
		t.Fatal(err)
	}
	lctx, cancel := context.WithCancel(ctx)
	notes := make(chan Notice, 100)
	done := make(chan struct{})
	go func() {
		a.Listen(lctx, func(n Notice) { notes <- n })
		close(done)
	}()
	defer func() { cancel(); <-done }()
	// Recorded as Append does, without announcing it.
	_, err := a.pool.Exec(ctx, `WITH g AS (UPDATE games SET moves = 1, updated = now() WHERE id = 's1' AND moves = 0 RETURNING id)
		INSERT INTO actions (game_id, seq, seat, kind, arg, at) SELECT id, 1, 0, 'move', 'pass', now() FROM g`)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.After(10 * time.Second)
	for {
		select {
		case n := <-notes:
			if n == (Notice{Game: "s1", Seq: 1}) {
				return
			}
		case <-deadline:
			t.Fatal("the unannounced action was never announced")
		}
	}
}
