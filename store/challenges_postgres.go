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

const pgChallengeColumns = `id, secret, maker, account, owner, request, created, expires, state, game, seat, players, joined::text, rematch`

func scanPgChallenge(row scanner) (Challenge, error) {
	var c Challenge
	var joined string
	err := row.Scan(&c.ID, &c.SecretHash, &c.Maker, &c.Account, &c.Owner, &c.Request, &c.Created, &c.Expires, &c.State, &c.Game, &c.Seat, &c.Players, &joined, &c.Rematch)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, ErrNotFound
	}
	if err != nil {
		return c, err
	}
	return c, json.Unmarshal([]byte(joined), &c.Joined)
}

// CreateChallenge stores a new open challenge and announces it.
func (p *Postgres) CreateChallenge(ctx context.Context, c *Challenge) (err error) {
	defer markUnavailable(&err)
	c.State, c.Joined = "open", nil
	c.Players = max(c.Players, 2)
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if err := pgLockAccount(ctx, tx, c.Account); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO challenges (id, secret, maker, account, owner, request, created, expires, state, game, seat, players, joined, rematch)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open', '', 0, $9, '[]', $10)`,
			c.ID, c.SecretHash, c.Maker, c.Account, c.Owner, c.Request, c.Created, c.Expires, c.Players, c.Rematch)
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
	rows, err := p.pool.Query(ctx, `SELECT `+pgChallengeColumns+` FROM challenges WHERE state = 'open' AND expires > $1 AND rematch = ''
		ORDER BY created DESC, id DESC LIMIT $2`, now, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, scanPgChallenge)
}

// pgLockAccount locks the row of account, if not "", against its
// deletion until the transaction ends (DeleteAccount locks it first, then
// sees what this transaction wrote), or returns ErrNoAccount if it is gone.
func pgLockAccount(ctx context.Context, tx pgx.Tx, account string) error {
	if account == "" {
		return nil
	}
	var id string
	err := tx.QueryRow(ctx, `SELECT id FROM accounts WHERE id = $1 FOR KEY SHARE`, account).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNoAccount
	}
	return err
}

// OwnerChallenges counts an owner's open challenges.
func (p *Postgres) OwnerChallenges(ctx context.Context, owner string, now time.Time) (n int, err error) {
	defer markUnavailable(&err)
	err = p.pool.QueryRow(ctx, `SELECT count(*) FROM challenges WHERE state = 'open' AND expires > $1 AND owner = $2`, now, owner).Scan(&n)
	return n, err
}

// OpenRematch returns the open rematch of a game.
func (p *Postgres) OpenRematch(ctx context.Context, game string, now time.Time) (_ *Challenge, err error) {
	defer markUnavailable(&err)
	if game == "" {
		return nil, ErrNotFound
	}
	c, err := scanPgChallenge(p.pool.QueryRow(ctx, `SELECT `+pgChallengeColumns+` FROM challenges
		WHERE state = 'open' AND expires > $1 AND rematch = $2 ORDER BY created DESC, id DESC LIMIT 1`, now, game))
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// changeChallenge reads challenge id in a transaction, locking its row
// (SELECT ... FOR UPDATE: a transaction of another server changing it
// waits for this one, then reads what this one wrote), lets change alter
// it, writes back its state, game, seat and joiners, and announces the
// change.
func (p *Postgres) changeChallenge(ctx context.Context, id, account string, change func(tx pgx.Tx, c *Challenge) error) (_ *Challenge, err error) {
	defer markUnavailable(&err)
	var c Challenge
	err = pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if err := pgLockAccount(ctx, tx, account); err != nil {
			return err
		}
		var err error
		c, err = scanPgChallenge(tx.QueryRow(ctx, `SELECT `+pgChallengeColumns+` FROM challenges WHERE id = $1 FOR UPDATE`, id))
		if err != nil {
			return err
		}
		if err := change(tx, &c); err != nil {
			return err
		}
		joined, err := json.Marshal(c.Joined)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE challenges SET state = $2, game = $3, seat = $4, joined = $5 WHERE id = $1`,
			id, c.State, c.Game, c.Seat, string(joined)); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, LobbyChannel, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// JoinChallenge gives j a seat of a challenge, and makes its game when j
// takes the last.
func (p *Postgres) JoinChallenge(ctx context.Context, id string, now time.Time, j Joiner, start func(c *Challenge) (*Game, error)) (*Challenge, error) {
	return p.changeChallenge(ctx, id, j.Account, func(tx pgx.Tx, c *Challenge) error {
		return c.joinThen(j, now, start, func(g *Game) error { return pgInsertGame(ctx, tx, g, now) })
	})
}

// CancelChallenge closes a challenge its maker withdraws, or takes a
// joiner out of it.
func (p *Postgres) CancelChallenge(ctx context.Context, id string, secretHash []byte) error {
	_, err := p.changeChallenge(ctx, id, "", func(_ pgx.Tx, c *Challenge) error { return c.withdraw(secretHash) })
	return err
}

// ListenLobby calls f for every change of a challenge any server makes
// (see LobbyNotifier).
func (p *Postgres) ListenLobby(ctx context.Context, f func(LobbyNotice)) error {
	p.listen(ctx, LobbyChannel, func(id string) { f(LobbyNotice{Challenge: id}) })
	return nil
}
