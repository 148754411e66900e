package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// sqliteRatingsSchema holds the rated games, the accounts' ratings and
// their history.
const sqliteRatingsSchema = `
CREATE TABLE IF NOT EXISTS rated_games (
	game_id TEXT PRIMARY KEY,
	done    INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS ratings (
	account    TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
	game       TEXT NOT NULL,
	rating     REAL NOT NULL,
	deviation  REAL NOT NULL,
	volatility REAL NOT NULL,
	games      INTEGER NOT NULL,
	PRIMARY KEY (account, game)
);
CREATE TABLE IF NOT EXISTS rating_history (
	account   TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
	game      TEXT NOT NULL,
	game_id   TEXT NOT NULL,
	at        INTEGER NOT NULL,
	rating    REAL NOT NULL,
	deviation REAL NOT NULL,
	PRIMARY KEY (account, game_id)
);
CREATE INDEX IF NOT EXISTS rating_history_at ON rating_history(account, at);
`

// SetRated marks a game rated.
func (s *SQLite) SetRated(ctx context.Context, id string) (err error) {
	defer markUnavailable(&err)
	_, err = s.db.ExecContext(ctx, `INSERT OR IGNORE INTO rated_games (game_id) VALUES (?)`, id)
	return err
}

// Rated reports whether a game is rated and rated already.
func (s *SQLite) Rated(ctx context.Context, id string) (rated, done bool, err error) {
	defer markUnavailable(&err)
	err = s.db.QueryRowContext(ctx, `SELECT done FROM rated_games WHERE game_id = ?`, id).Scan(&done)
	if errors.Is(err, sql.ErrNoRows) {
		return false, false, nil
	}
	return err == nil, done, err
}

// RateGame updates the ratings after a rated game, once. (The store has
// one connection: its transactions run one at a time.)
func (s *SQLite) RateGame(ctx context.Context, id, game string, at time.Time, accounts []string, f func([]Rating) []Rating) (_ bool, err error) {
	defer markUnavailable(&err)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE rated_games SET done = 1 WHERE game_id = ? AND done = 0`, id)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	before := make([]Rating, len(accounts))
	for i, a := range accounts {
		if err := sqliteAccountLive(ctx, tx, a); errors.Is(err, ErrNoAccount) {
			return false, tx.Commit() // a player's account is gone: the game stays unrated
		} else if err != nil {
			return false, err
		}
		before[i] = Rating{Account: a, Game: game}
		err := tx.QueryRowContext(ctx, `SELECT rating, deviation, volatility, games FROM ratings WHERE account = ? AND game = ?`, a, game).
			Scan(&before[i].Rating, &before[i].Deviation, &before[i].Volatility, &before[i].Games)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return false, err
		}
	}
	for i, r := range f(before) {
		_, err := tx.ExecContext(ctx, `INSERT INTO ratings (account, game, rating, deviation, volatility, games) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (account, game) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games`,
			r.Account, game, r.Rating, r.Deviation, r.Volatility, before[i].Games+1)
		if err != nil {
			return false, err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO rating_history (account, game, game_id, at, rating, deviation) VALUES (?, ?, ?, ?, ?, ?)`,
			r.Account, game, id, at.UnixMilli(), r.Rating, r.Deviation)
		if err != nil {
			return false, err
		}
	}
	return true, tx.Commit()
}

// AccountRatings returns an account's ratings.
func (s *SQLite) AccountRatings(ctx context.Context, account string) (_ []Rating, err error) {
	defer markUnavailable(&err)
	rows, err := s.db.QueryContext(ctx, `SELECT account, game, rating, deviation, volatility, games FROM ratings WHERE account = ? ORDER BY game`, account)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, scanRating)
}

// RatingHistory returns an account's latest points of history.
func (s *SQLite) RatingHistory(ctx context.Context, account string, limit int) (_ []RatingPoint, err error) {
	defer markUnavailable(&err)
	rows, err := s.db.QueryContext(ctx, `SELECT game, game_id, at, rating, deviation FROM
		(SELECT * FROM rating_history WHERE account = ? ORDER BY at DESC, game_id DESC LIMIT ?) ORDER BY at, game_id`, account, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, func(row scanner) (RatingPoint, error) {
		var p RatingPoint
		var at int64
		err := row.Scan(&p.Game, &p.GameID, &at, &p.Rating, &p.Deviation)
		p.At = time.UnixMilli(at)
		return p, err
	})
}

func scanRating(row scanner) (r Rating, err error) {
	err = row.Scan(&r.Account, &r.Game, &r.Rating, &r.Deviation, &r.Volatility, &r.Games)
	return r, err
}
