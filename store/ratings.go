package store

import (
	"context"
	"time"
)

// Rating is an account's Glicko-2 rating at one game (package rating's
// Glicko on the Glicko scale), with the number of rated games it played.
type Rating struct {
	Account    string
	Game       string // the game's name: "keil", "kee", "ki", "go"
	Rating     float64
	Deviation  float64
	Volatility float64
	Games      int
}

// RatingPoint is an account's rating at one game after one rated game: a
// point of its history.
type RatingPoint struct {
	Game      string // the game's name, as Rating.Game
	GameID    string // the rated game's id
	At        time.Time
	Rating    float64
	Deviation float64
}

// Ratings keeps the ratings of accounts and which games are rated. A
// rated game's result updates the ratings once: RateGame claims the game
// and writes the new ratings in one transaction, so that of two servers
// ending the same game (or one ending it twice) only the first changes
// anything.
type Ratings interface {
	// SetRated records that game id is rated. (The server records it
	// before it creates the game: a game that could not be created
	// leaves an unused mark.)
	SetRated(ctx context.Context, id string) error
	// Rated reports whether game id is rated, and whether its ratings
	// were updated already.
	Rated(ctx context.Context, id string) (rated, done bool, err error)
	// RateGame updates the ratings at game name of accounts after rated
	// game id, once: in one transaction it claims the game, reads the
	// accounts' ratings (with Games 0 and no Rating for an account
	// without one: the caller starts it as a new player's), calls f with
	// them (in the order of accounts) and stores the ratings f returns,
	// each with one more game, and a point of history at time at for
	// each. It reports false, changing nothing, if the game is not rated
	// or was rated already; and false, claiming the game but rating no
	// one, if one of accounts no longer exists (deleted while the game
	// was played): the game stays unrated.
	RateGame(ctx context.Context, id, game string, at time.Time, accounts []string, f func(before []Rating) []Rating) (bool, error)
	// AccountRatings returns an account's ratings, by game name.
	AccountRatings(ctx context.Context, account string) ([]Rating, error)
	// RatingHistory returns up to limit points of an account's history
	// (every game), the most recent last.
	RatingHistory(ctx context.Context, account string, limit int) ([]RatingPoint, error)
}
