package store

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
)

// SetRated marks a game rated.
func (p *Postgres) SetRated(ctx context.Context, id string) (err error) {
	defer markUnavailable(&err)
	_, err = p.pool.Exec(ctx, `INSERT INTO rated_games (game_id) VALUES ($1) ON CONFLICT DO NOTHING`, id)
	return err
}

// Rated reports whether a game is rated and rated already.
func (p *Postgres) Rated(ctx context.Context, id string) (rated, done bool, err error) {
	defer markUnavailable(&err)
	err = p.pool.QueryRow(ctx, `SELECT done FROM rated_games WHERE game_id = $1`, id).Scan(&done)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, false, nil
	}
	return err == nil, done, err
}

// RateGame updates the ratings after a rated game, once: the claim of the
// game is an update of its row, which a second transaction waits for and
// then finds done; the accounts' rows are locked (in the order of their
// ids, so two games never wait for each other) before they are read.
func (p *Postgres) RateGame(ctx context.Context, id, game string, at time.Time, accounts []string, f func([]Rating) []Rating) (rated bool, err error) {
	defer markUnavailable(&err)
	err = pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE rated_games SET done = true WHERE game_id = $1 AND NOT done`, id)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		sorted := slices.Clone(accounts)
		slices.Sort(sorted)
		// The accounts are locked against deletion until the ratings are
		// written; one already gone leaves the game claimed and unrated.
		var alive int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM (SELECT id FROM accounts WHERE id = ANY($1) ORDER BY id FOR KEY SHARE) AS a`, sorted).Scan(&alive); err != nil {
			return err
		}
		if alive < len(slices.Compact(slices.Clone(sorted))) {
			return nil
		}
		for _, a := range sorted {
			if _, err := tx.Exec(ctx, `INSERT INTO ratings (account, game, rating, deviation, volatility, games) VALUES ($1, $2, 0, 0, 0, 0)
				ON CONFLICT DO NOTHING`, a, game); err != nil {
				return err
			}
		}
		rows, err := tx.Query(ctx, `SELECT account, game, rating, deviation, volatility, games FROM ratings
			WHERE account = ANY($1) AND game = $2 ORDER BY account FOR UPDATE`, sorted, game)
		if err != nil {
			return err
		}
		got, err := collect(rows, scanRating)
		rows.Close()
		if err != nil {
			return err
		}
		before := make([]Rating, len(accounts))
		for i, a := range accounts {
			before[i] = Rating{Account: a, Game: game}
			for _, r := range got {
				if r.Account == a {
					before[i] = r
				}
			}
		}
		for i, r := range f(before) {
			if _, err := tx.Exec(ctx, `UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = $6 WHERE account = $1 AND game = $2`,
				r.Account, game, r.Rating, r.Deviation, r.Volatility, before[i].Games+1); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO rating_history (account, game, game_id, at, rating, deviation) VALUES ($1, $2, $3, $4, $5, $6)`,
				r.Account, game, id, at, r.Rating, r.Deviation); err != nil {
				return err
			}
		}
		rated = true
		return nil
	})
	return rated && err == nil, err
}

// AccountRatings returns an account's ratings.
func (p *Postgres) AccountRatings(ctx context.Context, account string) (_ []Rating, err error) {
	defer markUnavailable(&err)
	rows, err := p.pool.Query(ctx, `SELECT account, game, rating, deviation, volatility, games FROM ratings
		WHERE account = $1 AND games > 0 ORDER BY game`, account)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, scanRating)
}

// RatingHistory returns an account's latest points of history.
func (p *Postgres) RatingHistory(ctx context.Context, account string, limit int) (_ []RatingPoint, err error) {
	defer markUnavailable(&err)
	rows, err := p.pool.Query(ctx, `SELECT game, game_id, at, rating, deviation FROM
		(SELECT * FROM rating_history WHERE account = $1 ORDER BY at DESC, game_id DESC LIMIT $2) h ORDER BY at, game_id`, account, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, func(row scanner) (p RatingPoint, err error) {
		err = row.Scan(&p.Game, &p.GameID, &p.At, &p.Rating, &p.Deviation)
		return p, err
	})
}
