package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"
)

// sqliteChatSchema holds the games' chat.
const sqliteChatSchema = `
CREATE TABLE IF NOT EXISTS chat (
	id      INTEGER PRIMARY KEY AUTOINCREMENT,
	game_id TEXT NOT NULL REFERENCES games(id),
	channel TEXT NOT NULL,
	seat    INTEGER NOT NULL,
	account TEXT NOT NULL DEFAULT '',
	name    TEXT NOT NULL,
	text    TEXT NOT NULL,
	at      INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_game ON chat(game_id, id);
CREATE INDEX IF NOT EXISTS chat_channel ON chat(game_id, channel, id);
`

// AddChat stores a chat line.
func (s *SQLite) AddChat(ctx context.Context, l *ChatLine) (err error) {
	defer markUnavailable(&err)
	if l.At.IsZero() {
		l.At = time.Now()
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO chat (game_id, channel, seat, account, name, text, at)
		SELECT id, ?, ?, ?, ?, ?, ? FROM games WHERE id = ?`,
		l.Channel, l.Seat, l.Account, l.Name, l.Text, l.At.UnixMilli(), l.Game)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return ErrNotFound
	}
	l.ID, err = res.LastInsertId()
	return err
}

func scanSQLiteChat(row scanner) (ChatLine, error) {
	var l ChatLine
	var at int64
	err := row.Scan(&l.ID, &l.Game, &l.Channel, &l.Seat, &l.Account, &l.Name, &l.Text, &at)
	l.At = time.UnixMilli(at)
	return l, err
}

const chatColumns = `id, game_id, channel, seat, account, name, text, at`

// ChatLines returns a game's latest lines of a channel, or of both,
// oldest first.
func (s *SQLite) ChatLines(ctx context.Context, game, channel string, limit int) (_ []ChatLine, err error) {
	defer markUnavailable(&err)
	// One query a case, each on its index (a query of both would use
	// neither).
	q, args := `SELECT `+chatColumns+` FROM chat WHERE game_id = ? ORDER BY id DESC LIMIT ?`, []any{game, limit}
	if channel != "" {
		q, args = `SELECT `+chatColumns+` FROM chat WHERE game_id = ? AND channel = ? ORDER BY id DESC LIMIT ?`, []any{game, channel, limit}
	}
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out, err := collect(rows, scanSQLiteChat)
	slices.Reverse(out)
	return out, err
}

// ChatLine returns one line.
func (s *SQLite) ChatLine(ctx context.Context, id int64) (_ *ChatLine, err error) {
	defer markUnavailable(&err)
	l, err := scanSQLiteChat(s.db.QueryRowContext(ctx, `SELECT `+chatColumns+` FROM chat WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &l, nil
}
