package store

import (
	"context"
	"errors"
	"time"
)

// ErrTaken is returned by CreateAccount for a name another account has.
var ErrTaken = errors.New("the name is taken")

// Account is a player's account: a name and the hash of a password. A
// player needs none to play (seat links do); an account keeps the seats
// of its player on every device.
type Account struct {
	ID      string
	Name    string // unique, compared without regard to case
	Hash    string // the password's hash, as the server encodes it (argon2id)
	Created time.Time
}

// Accounts keeps accounts and their sign-in sessions. A session is known
// by the SHA-256 of its secret token, which only the player's browser
// holds.
type Accounts interface {
	// CreateAccount stores a new account; ErrTaken if the name (in any
	// case) is another's.
	CreateAccount(ctx context.Context, a *Account) error
	// AccountByName and AccountByID return an account, or ErrNotFound.
	AccountByName(ctx context.Context, name string) (*Account, error)
	AccountByID(ctx context.Context, id string) (*Account, error)
	// SetPassword replaces an account's password hash and ends its
	// sessions.
	SetPassword(ctx context.Context, id, hash string) error
	// DeleteAccount removes an account and its sessions; the seats it
	// held keep their names but belong to no account; the challenges it
	// made that are open are cancelled, and the seats it took in others'
	// open challenges are given back.
	DeleteAccount(ctx context.Context, id string) error
	// CreateSession starts a session of account until expires.
	CreateSession(ctx context.Context, tokenHash []byte, account string, expires time.Time) error
	// SessionAccount returns the account of the session whose token hashes
	// to tokenHash, if it has not expired by now; else ErrNotFound.
	SessionAccount(ctx context.Context, tokenHash []byte, now time.Time) (*Account, error)
	// DeleteSession ends a session.
	DeleteSession(ctx context.Context, tokenHash []byte) error
	// DeleteExpiredSessions deletes the sessions expired at now, of every
	// account, and returns how many.
	DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error)
	// BindSeat makes seat of game belong to account, and be named name
	// (the account's), if it belongs to none yet; it reports whether the
	// seat is the account's now (ErrNoAccount for an account deleted,
	// whose seats DeleteAccount has cleared).
	BindSeat(ctx context.Context, game string, seat int, account, name string) (bool, error)
	// AccountGames returns up to limit games with a seat of account, the
	// most recently updated first (equal times by id, descending),
	// starting after the game at position from, as List does.
	AccountGames(ctx context.Context, account string, limit int, from Page) ([]Game, error)
}
