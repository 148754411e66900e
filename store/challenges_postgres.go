package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// LobbyChannel is the PostgreSQL channel on which changes of challenges
// are announced, each as the challenge's id, when their transactions
// commit.
const LobbyChannel = "moku_lobby"

const pgChallengeColumns = `id, secret, maker, account, owner, request, created, expires, state, game, seat`

func scanPgChallenge(row scanner) (Challenge, error) {
	var c Challenge
	err := row.Scan(&c.ID, &c.SecretHash, &c.Maker, &c.Account, &c.Owner, &c.Request, &c.Created, &c.Expires, &c.State, &c.Game, &c.Seat)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, ErrNotFound
	}
	return c, err
}

// CreateChallenge stores a new open challenge and announces it.
func (p *Postgres) CreateChallenge(ctx context.Context, c *Challenge) (err error) {
	defer markUnavailable(&err)
	c.State = "open"
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO challenges (`+pgChallengeColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open', '', 0)`,
			c.ID, c.SecretHash, c.Maker, c.Account, c.Owner, c.Request, c.Created, c.Expires)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, LobbyChannel, c.ID)
		return err
	})
}

// Challenge returns a challenge.
func (p *Postgres) Challenge(ctx context.Context, id string) (_ *Challenge, err error) {
	defer markUnavailable(&err)
	c, err := scanPgChallenge(p.pool.QueryRow(ctx, `SELECT `+pgChallengeColumns+` FROM challenges WHERE id = $1`, id))
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// OpenChallenges returns the challenges open at now.
func (p *Postgres) OpenChallenges(ctx context.Context, now time.Time, limit int) (_ []Challenge, err error) {
	defer markUnavailable(&err)
	rows, err := p.pool.Query(ctx, `SELECT `+pgChallengeColumns+` FROM challenges WHERE state = 'open' AND expires > $1
		ORDER BY created DESC, id DESC LIMIT $2`, now, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, scanPgChallenge)
}

// AcceptChallenge closes a challenge and creates its game: the UPDATE
// ... WHERE state = 'open' lets one transaction through; the others,
// waiting on its row lock, find the state changed and update nothing.
func (p *Postgres) AcceptChallenge(ctx context.Context, id string, now time.Time, g *Game, seat int) (err error) {
	defer markUnavailable(&err)
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return err
	}
	if g.Created.IsZero() {
		g.Created = now
	}
	g.Created = g.Created.Truncate(time.Microsecond)
	g.Updated = g.Created
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE challenges SET state = 'accepted', game = $2, seat = $3 WHERE id = $1 AND state = 'open' AND expires > $4`,
			id, g.ID, seat, now)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM challenges WHERE id = $1`, id).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return ErrNotFound
			}
			return ErrGone
		}
		_, err = tx.Exec(ctx, `INSERT INTO games (id, created, updated, rules, board, board_json, setup, seats, status, result, moves, colors, serving, clock, deadline, to_move)
			VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $12, $13, $14)`,
			g.ID, g.Created, g.Rules, g.Board, g.BoardJSON, g.Setup, string(seats), g.Status, g.Result, g.Colors, servingOf(g), g.Clock, pgTime(g.Deadline), g.ToMove)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, LobbyChannel, id)
		return err
	})
}

// CancelChallenge closes a challenge its maker withdraws.
func (p *Postgres) CancelChallenge(ctx context.Context, id string, secretHash []byte) (err error) {
	defer markUnavailable(&err)
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE challenges SET state = 'cancelled' WHERE id = $1 AND secret = $2 AND state = 'open'`, id, secretHash)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM challenges WHERE id = $1 AND secret = $2`, id, secretHash).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return ErrNotFound
			}
			return ErrGone
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, LobbyChannel, id)
		return err
	})
}

// ListenLobby calls f for every change of a challenge any server makes
// (see LobbyNotifier).
func (p *Postgres) ListenLobby(ctx context.Context, f func(LobbyNotice)) error {
	backoff := 50 * time.Millisecond
	for ctx.Err() == nil {
		err := p.listenLobbyOnce(ctx, f, func() { backoff = 50 * time.Millisecond })
		if ctx.Err() != nil {
			break
		}
		_ = err // the connection broke: connect again
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 2*time.Second)
	}
	return nil
}

func (p *Postgres) listenLobbyOnce(ctx context.Context, f func(LobbyNotice), connected func()) error {
	conn, err := pgx.ConnectConfig(ctx, p.cfg)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, `LISTEN `+LobbyChannel); err != nil {
		return err
	}
	connected()
	f(LobbyNotice{})
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		f(LobbyNotice{Challenge: n.Payload})
	}
}
