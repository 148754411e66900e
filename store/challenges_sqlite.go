package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"
)

// sqliteChallengesSchema holds the lobby's challenges.
const sqliteChallengesSchema = `
CREATE TABLE IF NOT EXISTS challenges (
	id       TEXT PRIMARY KEY,
	secret   BLOB NOT NULL,
	maker    TEXT NOT NULL,
	account  TEXT NOT NULL DEFAULT '',
	owner    TEXT NOT NULL DEFAULT '',
	request  TEXT NOT NULL,
	created  INTEGER NOT NULL,
	expires  INTEGER NOT NULL,
	state    TEXT NOT NULL,
	game     TEXT NOT NULL DEFAULT '',
	seat     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS challenges_open ON challenges(expires) WHERE state = 'open';
`

const challengeColumns = `id, secret, maker, account, owner, request, created, expires, state, game, seat`

func scanChallenge(row scanner) (Challenge, error) {
	var c Challenge
	var created, expires int64
	err := row.Scan(&c.ID, &c.SecretHash, &c.Maker, &c.Account, &c.Owner, &c.Request, &created, &expires, &c.State, &c.Game, &c.Seat)
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotFound
	}
	c.Created, c.Expires = time.UnixMilli(created), time.UnixMilli(expires)
	return c, err
}

// CreateChallenge stores a new open challenge.
func (s *SQLite) CreateChallenge(ctx context.Context, c *Challenge) (err error) {
	defer markUnavailable(&err)
	c.State = "open"
	_, err = s.db.ExecContext(ctx, `INSERT INTO challenges (`+challengeColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '', 0)`,
		c.ID, c.SecretHash, c.Maker, c.Account, c.Owner, c.Request, c.Created.UnixMilli(), c.Expires.UnixMilli(), c.State)
	return err
}

// Challenge returns a challenge.
func (s *SQLite) Challenge(ctx context.Context, id string) (_ *Challenge, err error) {
	defer markUnavailable(&err)
	c, err := scanChallenge(s.db.QueryRowContext(ctx, `SELECT `+challengeColumns+` FROM challenges WHERE id = ?`, id))
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// OpenChallenges returns the challenges open at now.
func (s *SQLite) OpenChallenges(ctx context.Context, now time.Time, limit int) (_ []Challenge, err error) {
	defer markUnavailable(&err)
	rows, err := s.db.QueryContext(ctx, `SELECT `+challengeColumns+` FROM challenges WHERE state = 'open' AND expires > ?
		ORDER BY created DESC, id DESC LIMIT ?`, now.UnixMilli(), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, scanChallenge)
}

// AcceptChallenge closes a challenge and creates its game.
func (s *SQLite) AcceptChallenge(ctx context.Context, id string, now time.Time, g *Game, seat int) (err error) {
	defer markUnavailable(&err)
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE challenges SET state = 'accepted', game = ?, seat = ? WHERE id = ? AND state = 'open' AND expires > ?`,
		g.ID, seat, id, now.UnixMilli())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return s.goneOrMissing(ctx, tx, id)
	}
	if g.Created.IsZero() {
		g.Created = now
	}
	g.Updated = g.Created
	_, err = tx.ExecContext(ctx, `INSERT INTO games (id, created, updated, rules, board, board_json, setup, seats, status, result, moves, colors, serving, clock, deadline, to_move)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
		g.ID, g.Created.UnixMilli(), g.Created.UnixMilli(), g.Rules, g.Board, g.BoardJSON, g.Setup, string(seats), g.Status, g.Result, g.Colors, servingOf(g), g.Clock, msOf(g.Deadline), g.ToMove)
	if err != nil {
		return err
	}
	return tx.Commit()
}

func (s *SQLite) goneOrMissing(ctx context.Context, tx *sql.Tx, id string) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM challenges WHERE id = ?`, id).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return ErrGone
}

// CancelChallenge closes a challenge its maker withdraws.
func (s *SQLite) CancelChallenge(ctx context.Context, id string, secretHash []byte) (err error) {
	defer markUnavailable(&err)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE challenges SET state = 'cancelled' WHERE id = ? AND secret = ? AND state = 'open'`, id, secretHash)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM challenges WHERE id = ? AND secret = ?`, id, secretHash).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		return ErrGone
	}
	return tx.Commit()
}
