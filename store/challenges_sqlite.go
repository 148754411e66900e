package store

import (
	"cmp"
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

const challengeColumns = `id, secret, maker, account, owner, request, created, expires, state, game, seat, players, joined, rematch`

func scanChallenge(row scanner) (Challenge, error) {
	var c Challenge
	var created, expires int64
	var joined string
	err := row.Scan(&c.ID, &c.SecretHash, &c.Maker, &c.Account, &c.Owner, &c.Request, &created, &expires, &c.State, &c.Game, &c.Seat, &c.Players, &joined, &c.Rematch)
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotFound
	}
	if err != nil {
		return c, err
	}
	c.Created, c.Expires = time.UnixMilli(created), time.UnixMilli(expires)
	return c, json.Unmarshal([]byte(joined), &c.Joined)
}

// CreateChallenge stores a new open challenge.
func (s *SQLite) CreateChallenge(ctx context.Context, c *Challenge) (err error) {
	defer markUnavailable(&err)
	c.State, c.Joined = "open", nil
	c.Players = max(c.Players, 2)
	res, err := s.db.ExecContext(ctx, `INSERT INTO challenges (`+challengeColumns+`)
		SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, '', 0, ?, '[]', ? WHERE ? = '' OR EXISTS (SELECT 1 FROM accounts WHERE id = ?)`,
		c.ID, c.SecretHash, c.Maker, c.Account, c.Owner, c.Request, c.Created.UnixMilli(), c.Expires.UnixMilli(), c.State, c.Players, c.Rematch,
		c.Account, c.Account)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return cmp.Or(err, ErrNoAccount)
	}
	return nil
}

// sqliteAccountLive returns ErrNoAccount if account is not "" and no
// longer exists.
func sqliteAccountLive(ctx context.Context, tx *sql.Tx, account string) error {
	if account == "" {
		return nil
	}
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM accounts WHERE id = ?`, account).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNoAccount
	}
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
	rows, err := s.db.QueryContext(ctx, `SELECT `+challengeColumns+` FROM challenges WHERE state = 'open' AND expires > ? AND rematch = ''
		ORDER BY created DESC, id DESC LIMIT ?`, now.UnixMilli(), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, scanChallenge)
}

// OwnerChallenges counts an owner's open challenges.
func (s *SQLite) OwnerChallenges(ctx context.Context, owner string, now time.Time) (n int, err error) {
	defer markUnavailable(&err)
	err = s.db.QueryRowContext(ctx, `SELECT count(*) FROM challenges WHERE state = 'open' AND expires > ? AND owner = ?`, now.UnixMilli(), owner).Scan(&n)
	return n, err
}

// OpenRematch returns the open rematch of a game.
func (s *SQLite) OpenRematch(ctx context.Context, game string, now time.Time) (_ *Challenge, err error) {
	defer markUnavailable(&err)
	if game == "" {
		return nil, ErrNotFound
	}
	c, err := scanChallenge(s.db.QueryRowContext(ctx, `SELECT `+challengeColumns+` FROM challenges
		WHERE state = 'open' AND expires > ? AND rematch = ? ORDER BY created DESC, id DESC LIMIT 1`, now.UnixMilli(), game))
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// changeChallenge reads challenge id in a transaction (the store's one
// connection makes it the only one), lets change alter it, and writes
// back its state, game, seat and joiners.
func (s *SQLite) changeChallenge(ctx context.Context, id string, change func(tx *sql.Tx, c *Challenge) error) (_ *Challenge, err error) {
	defer markUnavailable(&err)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	c, err := scanChallenge(tx.QueryRowContext(ctx, `SELECT `+challengeColumns+` FROM challenges WHERE id = ?`, id))
	if err != nil {
		return nil, err
	}
	if err := change(tx, &c); err != nil {
		return nil, err
	}
	joined, err := json.Marshal(c.Joined)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE challenges SET state = ?, game = ?, seat = ?, joined = ? WHERE id = ?`,
		c.State, c.Game, c.Seat, string(joined), id); err != nil {
		return nil, err
	}
	return &c, tx.Commit()
}

// JoinChallenge gives j a seat of a challenge, and makes its game when j
// takes the last.
func (s *SQLite) JoinChallenge(ctx context.Context, id string, now time.Time, j Joiner, start func(c *Challenge) (*Game, error)) (*Challenge, error) {
	return s.changeChallenge(ctx, id, func(tx *sql.Tx, c *Challenge) error {
		if err := sqliteAccountLive(ctx, tx, j.Account); err != nil {
			return err
		}
		return c.joinThen(j, now, start, func(g *Game) error { return sqliteInsertGame(ctx, tx, g, now) })
	})
}

// CancelChallenge closes a challenge its maker withdraws, or takes a
// joiner out of it.
func (s *SQLite) CancelChallenge(ctx context.Context, id string, secretHash []byte) error {
	_, err := s.changeChallenge(ctx, id, func(_ *sql.Tx, c *Challenge) error { return c.withdraw(secretHash) })
	return err
}
