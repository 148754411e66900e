package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// CreateAccount stores a new account.
func (p *Postgres) CreateAccount(ctx context.Context, a *Account) (err error) {
	defer markUnavailable(&err)
	if a.Created.IsZero() {
		a.Created = time.Now().Truncate(time.Microsecond)
	}
	_, err = p.pool.Exec(ctx, `INSERT INTO accounts (id, name, lname, hash, created) VALUES ($1, $2, $3, $4, $5)`,
		a.ID, a.Name, strings.ToLower(a.Name), a.Hash, a.Created)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" { // unique_violation
		return ErrTaken
	}
	return err
}

func (p *Postgres) account(ctx context.Context, where string, args ...any) (_ *Account, err error) {
	defer markUnavailable(&err)
	var a Account
	err = p.pool.QueryRow(ctx, `SELECT id, name, hash, created FROM accounts WHERE `+where, args...).Scan(&a.ID, &a.Name, &a.Hash, &a.Created)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &a, nil
}

// AccountByName returns the account of a name, in any case.
func (p *Postgres) AccountByName(ctx context.Context, name string) (*Account, error) {
	return p.account(ctx, `lname = $1`, strings.ToLower(name))
}

// AccountByID returns an account.
func (p *Postgres) AccountByID(ctx context.Context, id string) (*Account, error) {
	return p.account(ctx, `id = $1`, id)
}

// SetPassword replaces a password hash and ends the account's sessions.
func (p *Postgres) SetPassword(ctx context.Context, id, hash string) (err error) {
	defer markUnavailable(&err)
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE accounts SET hash = $1 WHERE id = $2`, hash, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrNotFound
		}
		_, err = tx.Exec(ctx, `DELETE FROM sessions WHERE account = $1`, id)
		return err
	})
}

// DeleteAccount removes an account, its sessions, its claim on seats and
// its open challenges.
func (p *Postgres) DeleteAccount(ctx context.Context, id string) (err error) {
	defer markUnavailable(&err)
	var games []string // whose seats it held: every server holding one hears of it
	defer func() {
		if err == nil {
			p.announceSeats(games...)
		}
	}()
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		// The account's row first: a challenge posted or joined by it
		// (which locks the row, pgLockAccount) commits before, and the
		// statements below see it, or waits and finds it gone.
		if _, err := tx.Exec(ctx, `SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, id); err != nil {
			return err
		}
		// Its open challenges are cancelled, the seats it took in others'
		// given back; every server's lobby hears of each.
		rows, err := tx.Query(ctx, `SELECT `+pgChallengeColumns+` FROM challenges WHERE state = 'open'
			AND (account = $1 OR joined @> jsonb_build_array(jsonb_build_object('Account', $1::text))) ORDER BY id FOR UPDATE`, id)
		if err != nil {
			return err
		}
		open, err := collect(rows, scanPgChallenge)
		rows.Close()
		if err != nil {
			return err
		}
		for _, c := range open {
			joined, err := c.forget(id)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE challenges SET state = $2, joined = $3 WHERE id = $1`, c.ID, c.State, joined); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, LobbyChannel, c.ID); err != nil {
				return err
			}
		}
		rows, err = tx.Query(ctx, `UPDATE games SET seats = (
				SELECT jsonb_agg(CASE WHEN s->>'Account' = $1 THEN s - 'Account' ELSE s END ORDER BY i)
				FROM jsonb_array_elements(seats) WITH ORDINALITY AS e(s, i))
			WHERE seats @> jsonb_build_array(jsonb_build_object('Account', $1::text)) RETURNING id`, id)
		if err != nil {
			return err
		}
		games, err = pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE account = $1`, id); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM accounts WHERE id = $1`, id)
		return err
	})
}

// CreateSession starts a session.
func (p *Postgres) CreateSession(ctx context.Context, tokenHash []byte, account string, expires time.Time) (err error) {
	defer markUnavailable(&err)
	_, err = p.pool.Exec(ctx, `INSERT INTO sessions (token, account, expires) VALUES ($1, $2, $3)`, tokenHash, account, expires)
	return err
}

// SessionAccount returns a live session's account.
func (p *Postgres) SessionAccount(ctx context.Context, tokenHash []byte, now time.Time) (*Account, error) {
	return p.account(ctx, `id = (SELECT account FROM sessions WHERE token = $1 AND expires > $2)`, tokenHash, now)
}

// DeleteExpiredSessions deletes the sessions expired at now.
func (p *Postgres) DeleteExpiredSessions(ctx context.Context, now time.Time) (_ int64, err error) {
	defer markUnavailable(&err)
	tag, err := p.pool.Exec(ctx, `DELETE FROM sessions WHERE expires <= $1`, now)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// DeleteSession ends a session.
func (p *Postgres) DeleteSession(ctx context.Context, tokenHash []byte) (err error) {
	defer markUnavailable(&err)
	_, err = p.pool.Exec(ctx, `DELETE FROM sessions WHERE token = $1`, tokenHash)
	return err
}

// BindSeat gives a seat to an account, if it has none.
func (p *Postgres) BindSeat(ctx context.Context, game string, seat int, account, name string) (_ bool, err error) {
	defer markUnavailable(&err)
	var owner *string
	err = pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		// The account is locked against its deletion (which then clears
		// this seat), or found gone.
		if err := pgLockAccount(ctx, tx, account); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `UPDATE games SET seats = CASE WHEN coalesce(seats->$2->>'Account', '') = ''
			THEN jsonb_set(jsonb_set(seats, ARRAY[$2::text, 'Account'], to_jsonb($3::text)), ARRAY[$2::text, 'Name'], to_jsonb($4::text)) ELSE seats END
		WHERE id = $1 AND $2 >= 0 AND $2 < jsonb_array_length(seats) RETURNING seats->$2->>'Account'`, game, seat, account, name).Scan(&owner)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, ErrNotFound
	}
	if err != nil {
		return false, err
	}
	if owner == nil || *owner != account {
		return false, nil
	}
	p.announceSeats(game) // every server holding the game names the seat anew
	return true, nil
}

// AccountGames returns the games with a seat of an account.
func (p *Postgres) AccountGames(ctx context.Context, account string, limit int, from Page) (_ []Game, err error) {
	defer markUnavailable(&err)
	const mine = `seats @> jsonb_build_array(jsonb_build_object('Account', $1::text))`
	return p.gamesPage(ctx, mine, []any{account}, limit, from)
}
