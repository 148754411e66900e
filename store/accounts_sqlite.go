package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// sqliteAccountsSchema holds the accounts and their sessions.
const sqliteAccountsSchema = `
CREATE TABLE IF NOT EXISTS accounts (
	id      TEXT PRIMARY KEY,
	name    TEXT NOT NULL,
	lname   TEXT NOT NULL UNIQUE,
	hash    TEXT NOT NULL,
	created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
	token   BLOB PRIMARY KEY,
	account TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
	expires INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions(account);
`

// CreateAccount stores a new account.
func (s *SQLite) CreateAccount(ctx context.Context, a *Account) (err error) {
	defer markUnavailable(&err)
	if a.Created.IsZero() {
		a.Created = time.Now()
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO accounts (id, name, lname, hash, created) VALUES (?, ?, ?, ?, ?)`,
		a.ID, a.Name, strings.ToLower(a.Name), a.Hash, a.Created.UnixMilli())
	if err != nil && strings.Contains(err.Error(), "UNIQUE") {
		return ErrTaken
	}
	return err
}

func (s *SQLite) account(ctx context.Context, where string, arg any) (_ *Account, err error) {
	defer markUnavailable(&err)
	var a Account
	var created int64
	err = s.db.QueryRowContext(ctx, `SELECT id, name, hash, created FROM accounts WHERE `+where, arg).Scan(&a.ID, &a.Name, &a.Hash, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	a.Created = time.UnixMilli(created)
	return &a, nil
}

// AccountByName returns the account of a name, in any case.
func (s *SQLite) AccountByName(ctx context.Context, name string) (*Account, error) {
	return s.account(ctx, `lname = ?`, strings.ToLower(name))
}

// AccountByID returns an account.
func (s *SQLite) AccountByID(ctx context.Context, id string) (*Account, error) {
	return s.account(ctx, `id = ?`, id)
}

// SetPassword replaces a password hash and ends the account's sessions.
func (s *SQLite) SetPassword(ctx context.Context, id, hash string) (err error) {
	defer markUnavailable(&err)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE accounts SET hash = ? WHERE id = ?`, hash, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE account = ?`, id); err != nil {
		return err
	}
	return tx.Commit()
}

// DeleteAccount removes an account, its sessions, its claim on seats and
// its open challenges.
func (s *SQLite) DeleteAccount(ctx context.Context, id string) (err error) {
	defer markUnavailable(&err)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	// The seats as the transaction reads them: read before it, a seat
	// bound meanwhile would be written over.
	games, err := accountGames(ctx, tx, id, 1<<30, Page{})
	if err != nil {
		return err
	}
	for _, g := range games {
		for i := range g.Seats {
			if g.Seats[i].Account == id {
				g.Seats[i].Account = ""
			}
		}
		seats, err := json.Marshal(g.Seats)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET seats = ? WHERE id = ?`, string(seats), g.ID); err != nil {
			return err
		}
	}
	// Its open challenges are cancelled, the seats it took in others'
	// given back.
	rows, err := tx.QueryContext(ctx, `SELECT `+challengeColumns+` FROM challenges WHERE state = 'open'
		AND (account = ? OR EXISTS (SELECT 1 FROM json_each(joined) WHERE json_extract(value, '$.Account') = ?))`, id, id)
	if err != nil {
		return err
	}
	open, err := collect(rows, scanChallenge)
	rows.Close()
	if err != nil {
		return err
	}
	for _, c := range open {
		joined, err := c.forget(id)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE challenges SET state = ?, joined = ? WHERE id = ?`, c.State, joined, c.ID); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE account = ?`, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM accounts WHERE id = ?`, id); err != nil {
		return err
	}
	return tx.Commit()
}

// CreateSession starts a session.
func (s *SQLite) CreateSession(ctx context.Context, tokenHash []byte, account string, expires time.Time) (err error) {
	defer markUnavailable(&err)
	_, err = s.db.ExecContext(ctx, `INSERT INTO sessions (token, account, expires) VALUES (?, ?, ?)`, tokenHash, account, expires.UnixMilli())
	return err
}

// SessionAccount returns a live session's account.
func (s *SQLite) SessionAccount(ctx context.Context, tokenHash []byte, now time.Time) (*Account, error) {
	return s.account(ctx, `id = (SELECT account FROM sessions WHERE token = ? AND expires > `+itoa(now.UnixMilli())+`)`, tokenHash)
}

// DeleteExpiredSessions deletes the sessions expired at now.
func (s *SQLite) DeleteExpiredSessions(ctx context.Context, now time.Time) (_ int64, err error) {
	defer markUnavailable(&err)
	res, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE expires <= ?`, now.UnixMilli())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// DeleteSession ends a session.
func (s *SQLite) DeleteSession(ctx context.Context, tokenHash []byte) (err error) {
	defer markUnavailable(&err)
	_, err = s.db.ExecContext(ctx, `DELETE FROM sessions WHERE token = ?`, tokenHash)
	return err
}

// BindSeat gives a seat to an account, if it has none.
func (s *SQLite) BindSeat(ctx context.Context, game string, seat int, account, name string) (_ bool, err error) {
	defer markUnavailable(&err)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	var text string
	if err := tx.QueryRowContext(ctx, `SELECT seats FROM games WHERE id = ?`, game).Scan(&text); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return false, ErrNotFound
		}
		return false, err
	}
	var seats []Seat
	if err := json.Unmarshal([]byte(text), &seats); err != nil {
		return false, err
	}
	if seat < 0 || seat >= len(seats) {
		return false, ErrNotFound
	}
	if seats[seat].Account != "" {
		return seats[seat].Account == account, nil
	}
	if err := sqliteAccountLive(ctx, tx, account); err != nil {
		return false, err
	}
	seats[seat].Account, seats[seat].Name = account, name
	data, err := json.Marshal(seats)
	if err != nil {
		return false, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET seats = ? WHERE id = ?`, string(data), game); err != nil {
		return false, err
	}
	return true, tx.Commit()
}

// AccountGames returns the games with a seat of an account.
func (s *SQLite) AccountGames(ctx context.Context, account string, limit int, from Page) (_ []Game, err error) {
	defer markUnavailable(&err)
	return accountGames(ctx, s.db, account, limit, from)
}

// accountGames is AccountGames in db, read through the index of the
// seats' accounts (game_accounts, kept by triggers: sqliteSeatIndex).
func accountGames(ctx context.Context, db querier, account string, limit int, from Page) ([]Game, error) {
	const mine = `id IN (SELECT game_id FROM game_accounts WHERE account = ?)`
	return gamesPage(ctx, db, mine, []any{account}, limit, from)
}

func itoa(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}
