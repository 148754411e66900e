package store

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
)

// chatNoticePrefix starts the announcement of a chat line ("chat GAME
// ID"); a server that knows no chat reads it as an action of a game it
// does not hold, and ignores it.
const chatNoticePrefix = "chat "

// seatsNoticePrefix starts the announcement that a game's seats changed
// ("seats GAME 0"), which a server that knows no such notice ignores as
// chatNoticePrefix's.
const seatsNoticePrefix = "seats "

// AddChat stores a chat line and announces it.
func (p *Postgres) AddChat(ctx context.Context, l *ChatLine) (err error) {
	defer markUnavailable(&err)
	if l.At.IsZero() {
		l.At = time.Now()
	}
	l.At = l.At.Truncate(time.Microsecond)
	err = p.pool.QueryRow(ctx, `INSERT INTO chat (game_id, channel, seat, account, name, text, at)
		SELECT id, $1, $2, $3, $4, $5, $6 FROM games WHERE id = $7 RETURNING id`,
		l.Channel, l.Seat, l.Account, l.Name, l.Text, l.At, l.Game).Scan(&l.ID)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	select {
	case p.notices <- chatNoticePrefix + l.Game + " " + strconv.FormatInt(l.ID, 10):
	case <-p.done:
	}
	return nil
}

func scanPgChat(row scanner) (ChatLine, error) {
	var l ChatLine
	err := row.Scan(&l.ID, &l.Game, &l.Channel, &l.Seat, &l.Account, &l.Name, &l.Text, &l.At)
	return l, err
}

// ChatLines returns a game's latest lines of a channel, or of both,
// oldest first.
func (p *Postgres) ChatLines(ctx context.Context, game, channel string, limit int) (_ []ChatLine, err error) {
	defer markUnavailable(&err)
	// One query a case, each on its index (a query of both would use
	// neither).
	q, args := `SELECT `+chatColumns+` FROM chat WHERE game_id = $1 ORDER BY id DESC LIMIT $2`, []any{game, limit}
	if channel != "" {
		q, args = `SELECT `+chatColumns+` FROM chat WHERE game_id = $1 AND channel = $2 ORDER BY id DESC LIMIT $3`, []any{game, channel, limit}
	}
	rows, err := p.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out, err := collect(rows, scanPgChat)
	slices.Reverse(out)
	return out, err
}

// ChatLine returns one line.
func (p *Postgres) ChatLine(ctx context.Context, id int64) (_ *ChatLine, err error) {
	defer markUnavailable(&err)
	l, err := scanPgChat(p.pool.QueryRow(ctx, `SELECT `+chatColumns+` FROM chat WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &l, nil
}
