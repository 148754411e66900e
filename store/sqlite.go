package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite", without cgo
)

// SQLite is a Store in an SQLite database file (write-ahead logging on).
type SQLite struct {
	db *sql.DB
}

const sqliteSchema = `
CREATE TABLE IF NOT EXISTS games (
	id         TEXT PRIMARY KEY,
	created    INTEGER NOT NULL,
	updated    INTEGER NOT NULL,
	rules      TEXT NOT NULL,
	board      TEXT NOT NULL,
	board_json TEXT NOT NULL DEFAULT '',
	setup      TEXT NOT NULL,
	seats      TEXT NOT NULL,
	status     TEXT NOT NULL,
	result     TEXT NOT NULL DEFAULT '',
	moves      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
CREATE TABLE IF NOT EXISTS actions (
	game_id TEXT NOT NULL REFERENCES games(id),
	seq     INTEGER NOT NULL,
	seat    INTEGER NOT NULL,
	kind    TEXT NOT NULL,
	arg     TEXT NOT NULL,
	at      INTEGER NOT NULL,
	PRIMARY KEY (game_id, seq)
);
`

// OpenSQLite opens (creating if needed) the database file path.
func OpenSQLite(path string) (*SQLite, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // one writer; SQLite serialises anyway
	if _, err := db.Exec(sqliteSchema); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite %s: %v", path, err)
	}
	return &SQLite{db: db}, nil
}

// Create stores a new game.
func (s *SQLite) Create(ctx context.Context, g *Game) error {
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return err
	}
	now := time.Now()
	g.Created, g.Updated = now, now
	_, err = s.db.ExecContext(ctx, `INSERT INTO games (id, created, updated, rules, board, board_json, setup, seats, status, result, moves)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
		g.ID, now.UnixMilli(), now.UnixMilli(), g.Rules, g.Board, g.BoardJSON, g.Setup, string(seats), g.Status, g.Result)
	return err
}

const gameColumns = `id, created, updated, rules, board, board_json, setup, seats, status, result, moves`

func scanGame(row interface{ Scan(...any) error }) (*Game, error) {
	var g Game
	var created, updated int64
	var seats string
	if err := row.Scan(&g.ID, &created, &updated, &g.Rules, &g.Board, &g.BoardJSON, &g.Setup, &seats, &g.Status, &g.Result, &g.Moves); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	g.Created, g.Updated = time.UnixMilli(created), time.UnixMilli(updated)
	if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil {
		return nil, fmt.Errorf("game %s: seats: %v", g.ID, err)
	}
	return &g, nil
}

// Get returns a game.
func (s *SQLite) Get(ctx context.Context, id string) (*Game, error) {
	return scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
}

// List returns the most recently updated games.
func (s *SQLite) List(ctx context.Context, limit int) ([]Game, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+gameColumns+` FROM games ORDER BY updated DESC LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *g)
	}
	return out, rows.Err()
}

// Actions returns a game's actions after seq after.
func (s *SQLite) Actions(ctx context.Context, id string, after int) ([]Action, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seq, seat, kind, arg, at FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq`, id, after)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Action
	for rows.Next() {
		var a Action
		var at int64
		if err := rows.Scan(&a.Seq, &a.Seat, &a.Kind, &a.Arg, &at); err != nil {
			return nil, err
		}
		a.At = time.UnixMilli(at)
		out = append(out, a)
	}
	return out, rows.Err()
}

// Append records an action if its sequence number is the next one.
func (s *SQLite) Append(ctx context.Context, id string, a Action, status, result string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if a.At.IsZero() {
		a.At = time.Now()
	}
	res, err := tx.ExecContext(ctx, `UPDATE games SET moves = ?, updated = ?, status = ?, result = ? WHERE id = ? AND moves = ?`,
		a.Seq, a.At.UnixMilli(), status, result, id, a.Seq-1)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		// Look inside the transaction: it holds the only connection.
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE id = ?`, id).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		return ErrConflict
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO actions (game_id, seq, seat, kind, arg, at) VALUES (?, ?, ?, ?, ?, ?)`,
		id, a.Seq, a.Seat, a.Kind, a.Arg, a.At.UnixMilli()); err != nil {
		if strings.Contains(err.Error(), "UNIQUE") || strings.Contains(err.Error(), "constraint") {
			return ErrConflict
		}
		return err
	}
	return tx.Commit()
}

// Close closes the database.
func (s *SQLite) Close() error { return s.db.Close() }
