package store

import (
	"context"
	"errors"
	"time"
)

// ErrGone is returned by AcceptChallenge and CancelChallenge for a
// challenge that is no longer open: accepted by someone else, cancelled
// or expired.
var ErrGone = errors.New("the challenge is no longer open")

// Challenge is an open invitation to a game, posted in the lobby: anyone
// may accept it, and the first acceptance makes the game.
type Challenge struct {
	ID string
	// SecretHash is the SHA-256 of the maker's secret, which only the
	// maker holds: it cancels the challenge, and it is the token of the
	// maker's seat in the game an acceptance makes.
	SecretHash []byte
	Maker      string // the maker's name
	Account    string // the maker's account, or ""
	// Owner is who posted it, for the server's cap on each one's open
	// challenges: the account, or the client's address.
	Owner string
	// Request is the game asked for, as the server encodes it (JSON).
	Request string
	Created time.Time
	Expires time.Time
	State   string // "open", "accepted", "cancelled"
	Game    string // the game an acceptance made, or ""
	Seat    int    // the maker's seat in Game
}

// Challenges keeps the lobby's challenges.
type Challenges interface {
	// CreateChallenge stores a new open challenge.
	CreateChallenge(ctx context.Context, c *Challenge) error
	// Challenge returns a challenge, whatever its state, or ErrNotFound.
	Challenge(ctx context.Context, id string) (*Challenge, error)
	// OpenChallenges returns up to limit challenges open at now, the
	// newest first.
	OpenChallenges(ctx context.Context, now time.Time, limit int) ([]Challenge, error)
	// AcceptChallenge closes the open, unexpired (at now) challenge id and
	// creates game g, its game, with the maker in seat, in one
	// transaction: of any number of acceptances, from any number of
	// servers, one only succeeds; the others get ErrGone (ErrNotFound for
	// no such challenge) and create nothing.
	AcceptChallenge(ctx context.Context, id string, now time.Time, g *Game, seat int) error
	// CancelChallenge closes the open challenge id whose secret hashes to
	// secretHash; ErrGone if it is not open, ErrNotFound if there is no
	// such challenge or the secret is not its own.
	CancelChallenge(ctx context.Context, id string, secretHash []byte) error
}

// LobbyNotice tells that challenge Challenge changed (posted, accepted or
// cancelled); a LobbyNotice with Challenge "" means notices may have been
// missed.
type LobbyNotice struct {
	Challenge string
}

// LobbyNotifier is implemented by stores that several servers share:
// ListenLobby calls f for every change of a challenge made by any of them,
// until ctx ends (it reconnects by itself, calling f with an empty notice
// after each connection). f is called by one goroutine at a time.
type LobbyNotifier interface {
	ListenLobby(ctx context.Context, f func(LobbyNotice)) error
}
