// Package store keeps moku's games: each game's set-up and the append-only
// log of its actions (moves, undos, set-up choices, scoring marks), from
// which the game is rebuilt by replaying. A Store is safe for concurrent use;
// Append is the one place where two writers can race, and the database
// decides: a second action with the same sequence number fails with
// ErrConflict.
//
// Start with Store and OpenSQLite (OpenPostgres for several servers on one
// database, with Notifier's announcements of each action).
package store

import (
	"context"
	"errors"
	"time"
)

// Errors a Store returns.
var (
	ErrNotFound = errors.New("no such game")
	ErrConflict = errors.New("another action was recorded first")
)

// Game is a game's set-up and status.
type Game struct {
	ID        string
	Created   time.Time
	Updated   time.Time
	Rules     string // the ruleset, as rules.Ruleset.String prints it
	Board     string // the board specification
	BoardJSON string // the board file's JSON for graph boards, else ""
	Setup     string // "fixed" (komi agreed) or "pie" (Keil's komi pie)
	Seats     []Seat // one a player, in turn order
	Status    string // "setup", "playing", "scoring", "over"
	Result    string // the result once over, e.g. "B+3.5"
	Moves     int    // number of actions recorded
	// Colors names each seat's colour, space-separated ("white black"
	// after a komi pie in which the second seat chose black); "" means
	// the seats' turn order (black, white, red, blue).
	Colors string
	// Serving is the version of the rules of serving the game was
	// created under (session.Version1, ...); games stored before it was
	// recorded read as 1.
	Serving int
	// Clock is the game's time control as JSON (session.TimeControl), ""
	// for none.
	Clock string
	// Deadline is when the clock running now runs out; the zero time
	// when none runs.
	Deadline time.Time
	// ToMove is the seat whose turn it is (to play, or to set up the
	// komi pie), -1 when no one's (scoring, over, or a game stored before
	// it was recorded).
	ToMove int
}

// Status is a game's status after an action, recorded with it.
type Status struct {
	Phase    string    // Game.Status
	Result   string    // Game.Result
	Colors   string    // Game.Colors
	Deadline time.Time // Game.Deadline
	ToMove   int       // Game.ToMove
}

// Seat is one player's place at the game.
type Seat struct {
	Kind      string // "human" or "computer"
	Name      string
	Level     string // the computer's strength setting
	TokenHash []byte // SHA-256 of the seat's secret token (humans only)
	Account   string `json:",omitempty"` // the ID of the account it belongs to, or ""
}

// Action is one entry of a game's log. Seq numbers start at 1 and have no
// gaps.
type Action struct {
	Seq  int
	Seat int    // the acting seat's index into Game.Seats
	Kind string // "move", "undo-request", "undo-accept", "undo-decline", "komi", "choose", "mark", "accept", "resume"
	Arg  string // the move ("g7", "pass"…), the komi, the colour, the marked points…
	At   time.Time
}

// servingOf returns the version of the rules of serving to store for g:
// its own, or 1.
func servingOf(g *Game) int {
	if g.Serving == 0 {
		return 1
	}
	return g.Serving
}

// Page is a place in the list of games: the list goes on with the games
// updated before Updated, or at Updated with an id before ID.
type Page struct {
	Updated time.Time
	ID      string
}

// scanner is one row of a query: database/sql's and pgx's rows and row.
type scanner interface{ Scan(dest ...any) error }

// rowSet is a query's rows: *sql.Rows or pgx.Rows.
type rowSet interface {
	scanner
	Next() bool
	Err() error
}

// collect reads every row of rows with scan (the caller closes rows).
func collect[T any](rows rowSet, scan func(scanner) (T, error)) ([]T, error) {
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// scanID reads a row of one id.
func scanID(row scanner) (id string, err error) {
	err = row.Scan(&id)
	return id, err
}

// Store is where games live.
type Store interface {
	// Create stores a new game; g.ID must be unique.
	Create(ctx context.Context, g *Game) error
	// Get returns a game's set-up and status.
	Get(ctx context.Context, id string) (*Game, error)
	// List returns up to limit games, the most recently updated first
	// (equal times by id, descending), starting after the game at
	// position from (the zero Page: from the top). A page's last game
	// gives the next page: Page{g.Updated, g.ID}.
	List(ctx context.Context, limit int, from Page) ([]Game, error)
	// Resumable returns the ids of every unfinished game (status not
	// "over") with a computer seat: those a server starting resumes.
	Resumable(ctx context.Context) ([]string, error)
	// Overdue returns the ids of the unfinished games whose Deadline has
	// passed by now: those whose player to move has run out of time.
	Overdue(ctx context.Context, now time.Time) ([]string, error)
	// Actions returns a game's actions with Seq > after, in order.
	Actions(ctx context.Context, id string, after int) ([]Action, error)
	// Append records action a, whose Seq must be the game's next; if another
	// action took that number first it returns ErrConflict and records
	// nothing. st updates the game's status in the same transaction.
	Append(ctx context.Context, id string, a Action, st Status) error
	// Close releases the store.
	Close() error
	Accounts
	Chats
	Ratings
	Challenges
}

// Notice tells that game Game has recorded its action Seq. A Notice with
// Game "" means notices may have been missed (the listener reconnected):
// the receiver should look again at every game it holds.
type Notice struct {
	Game string
	Seq  int
	// Chat, if not 0, is a chat line of the game recorded (ChatLine.ID),
	// and Seq is 0.
	Chat int64
	// Seats, if true, tells that the game's seats changed (one was bound
	// to an account, or an account holding one was deleted: see Get), and
	// Seq and Chat are 0.
	Seats bool
}

// Notifier is implemented by stores that several servers can share: Listen
// calls f for every action any of them records, until ctx ends. Listen
// returns only when ctx ends (it reconnects by itself, calling f with a
// Notice whose Game is "" after each reconnection). f is called by one
// goroutine at a time and must not block for long. A game's actions
// recorded through one store are announced in order, but a notice may
// come more than once, or after a later one of the same game (another
// server's, or a sweep's): the receiver ignores what it already has.
type Notifier interface {
	Listen(ctx context.Context, f func(Notice)) error
}
