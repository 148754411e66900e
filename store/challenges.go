package store

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"
)

// Errors about challenges.
var (
	// ErrGone is returned by JoinChallenge and CancelChallenge for a
	// challenge that is no longer open: accepted by someone else (its
	// last seat taken), cancelled or expired.
	ErrGone = errors.New("the challenge is no longer open")
	// ErrJoined is returned by JoinChallenge for an account that has a
	// seat of the challenge already (its maker's, or one it took).
	ErrJoined = errors.New("you have a seat in this challenge already")
	// ErrNoAccount is returned by CreateChallenge and JoinChallenge for
	// an account that no longer exists (deleted meanwhile).
	ErrNoAccount = errors.New("the account no longer exists")
)

// Challenge is an open invitation to a game, posted in the lobby: anyone
// may accept it, taking one of its seats; the acceptance that takes the
// last seat makes the game (with two players, the first acceptance).
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
	// Rematch is the game this challenge is a rematch of, or "".
	Rematch string
	Created time.Time
	Expires time.Time
	State   string // "open", "accepted", "cancelled"
	Game    string // the game an acceptance made, or ""
	Seat    int    // the maker's seat in Game
	// Players is the number of seats of the game (2 to 4): the maker's,
	// and one for each person who accepts.
	Players int
	// Joined are the people who took a seat so far, in the order they
	// came; once the game is made, each with their seat in it.
	Joined []Joiner
}

// Joiner is a person who accepted a challenge, taking one of its seats.
type Joiner struct {
	Name    string
	Account string // or ""
	// SecretHash is the SHA-256 of the joiner's secret: it takes them out
	// of the challenge before its game is made (CancelChallenge), and it
	// is the token of their seat in the game.
	SecretHash []byte
	Seat       int // their seat in the game, once made
}

// join adds j to c, open at now, and reports whether j took the last
// seat.
func (c *Challenge) join(j Joiner, now time.Time) (last bool, err error) {
	if c.State != "open" || !now.Before(c.Expires) || len(c.Joined)+1 >= c.Players {
		return false, ErrGone
	}
	if j.Account != "" && (j.Account == c.Account || slices.ContainsFunc(c.Joined, func(o Joiner) bool { return o.Account == j.Account })) {
		return false, ErrJoined
	}
	c.Joined = append(c.Joined, j)
	return len(c.Joined)+1 == c.Players, nil
}

// joinThen is JoinChallenge's change of c: j joins it, and if j took the
// last seat, the game start returns is created by insert (in the same
// transaction) and c is accepted with it.
func (c *Challenge) joinThen(j Joiner, now time.Time, start func(c *Challenge) (*Game, error), insert func(g *Game) error) error {
	last, err := c.join(j, now)
	if err != nil || !last {
		return err
	}
	g, err := start(c)
	if err != nil {
		return err
	}
	c.State, c.Game = "accepted", g.ID
	return insert(g)
}

// withdraw takes the joiner whose secret hashes to secretHash out of c,
// or, for the maker's secret, cancels c: ErrNotFound for neither, ErrGone
// if c is not open.
func (c *Challenge) withdraw(secretHash []byte) error {
	i := slices.IndexFunc(c.Joined, func(j Joiner) bool { return string(j.SecretHash) == string(secretHash) })
	switch {
	case i < 0 && string(secretHash) != string(c.SecretHash):
		return ErrNotFound
	case c.State != "open":
		return ErrGone
	case i < 0:
		c.State = "cancelled"
	default:
		c.Joined = slices.Delete(c.Joined, i, i+1)
	}
	return nil
}

// forget takes account out of the open challenge c, as DeleteAccount
// does: a challenge it made is cancelled, a seat it took is given back.
// It returns c's joiners as stored (JSON).
func (c *Challenge) forget(account string) (joined string, err error) {
	if c.Account == account {
		c.State = "cancelled"
	} else {
		c.Joined = slices.DeleteFunc(c.Joined, func(j Joiner) bool { return j.Account == account })
	}
	data, err := json.Marshal(c.Joined)
	return string(data), err
}

// Challenges keeps the lobby's challenges.
type Challenges interface {
	// CreateChallenge stores a new open challenge.
	CreateChallenge(ctx context.Context, c *Challenge) error
	// Challenge returns a challenge, whatever its state, or ErrNotFound.
	Challenge(ctx context.Context, id string) (*Challenge, error)
	// OpenChallenges returns up to limit challenges open at now, the
	// newest first: the lobby's, so not the rematches (OpenRematch).
	OpenChallenges(ctx context.Context, now time.Time, limit int) ([]Challenge, error)
	// OwnerChallenges counts the challenges of owner open at now.
	OwnerChallenges(ctx context.Context, owner string, now time.Time) (int, error)
	// OpenRematch returns the newest challenge open at now that is a
	// rematch of game, or ErrNotFound.
	OpenRematch(ctx context.Context, game string, now time.Time) (*Challenge, error)
	// JoinChallenge gives j a seat of the challenge id, open and
	// unexpired at now, in one transaction: of any number of acceptances,
	// from any number of servers, each seat goes to one only; the others
	// get ErrGone (ErrNotFound for no such challenge, ErrJoined for an
	// account in it already) and change nothing. When j takes the last
	// seat, start is called with the challenge, j last of its Joined: it
	// returns the game to create, having set the maker's seat (c.Seat) and
	// each joiner's (c.Joined[i].Seat); the game is created and the
	// challenge accepted in the same transaction (an error of start is
	// returned, and nothing changes). The challenge is returned as it
	// stands after.
	JoinChallenge(ctx context.Context, id string, now time.Time, j Joiner, start func(c *Challenge) (*Game, error)) (*Challenge, error)
	// CancelChallenge closes the open challenge id if secretHash is the
	// hash of its maker's secret, or takes out of it the joiner whose
	// secret it is; ErrGone if it is not open, ErrNotFound if there is no
	// such challenge or the secret is none of its own.
	CancelChallenge(ctx context.Context, id string, secretHash []byte) error
}

// LobbyNotice tells that challenge Challenge changed (posted, joined,
// accepted, cancelled or left); a LobbyNotice with Challenge "" means notices may have been
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
