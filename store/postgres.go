package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is a Store in a PostgreSQL database, which several servers may
// share: it is a Notifier, telling every server of every action recorded
// (LISTEN/NOTIFY on the channel NotifyChannel).
//
// Announcements are sent after the action's transaction commits, several
// in one NOTIFY: a NOTIFY inside the transaction would take PostgreSQL's
// one lock on the notification queue until the commit is on disk, so that
// every server's moves would be committed one after another, each waiting
// for the one before to reach the disk. An announcement lost (a server
// killed between its commit and its NOTIFY) is made up for by Listen's
// sweep of the recently updated games.
type Postgres struct {
	pool *pgxpool.Pool
	cfg  *pgx.ConnConfig // for the listening connection

	notices chan string   // "<game id> <seq>" to announce
	stop    chan struct{} // closed by Close
	done    chan struct{} // closed when the announcer has stopped
	closing sync.Once
}

// NotifyChannel is the PostgreSQL channel on which Append's actions are
// announced, as lines "<game id> <seq>", after their transactions commit.
const NotifyChannel = "moku_actions"

// Listen's sweep: every sweepEvery it reads the games updated since its
// last sweep (less sweepMargin, for the servers' clocks) and announces
// their last actions, in case an announcement was lost.
var (
	sweepEvery  = 2 * time.Second
	sweepMargin = 5 * time.Second
)

// maxPayload is the most bytes of announcements sent in one NOTIFY
// (PostgreSQL takes up to 8000).
const maxPayload = 7000

// pgMigrations are the schema's versions, in order: migration i brings the
// schema to version i+1. Published migrations are never edited; a change
// is a new one at the end.
var pgMigrations = []string{
	// 1: games and their action logs.
	`CREATE TABLE games (
		id         text PRIMARY KEY,
		created    timestamptz NOT NULL,
		updated    timestamptz NOT NULL,
		rules      text NOT NULL,
		board      text NOT NULL,
		board_json text NOT NULL DEFAULT '',
		setup      text NOT NULL,
		seats      jsonb NOT NULL,
		status     text NOT NULL,
		result     text NOT NULL DEFAULT '',
		moves      integer NOT NULL DEFAULT 0 CHECK (moves >= 0)
	);
	CREATE INDEX games_updated ON games (updated DESC);
	CREATE TABLE actions (
		game_id text NOT NULL REFERENCES games (id),
		seq     integer NOT NULL CHECK (seq > 0),
		seat    integer NOT NULL,
		kind    text NOT NULL,
		arg     text NOT NULL,
		at      timestamptz NOT NULL,
		PRIMARY KEY (game_id, seq)
	);`,
	// 2: each seat's colour (after Keil's komi pie), and the version of
	// the rules of serving (games before it: 1).
	`ALTER TABLE games ADD COLUMN colors text NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN serving integer NOT NULL DEFAULT 1;`,
	// 3: the time control and the deadline of the clock running.
	`ALTER TABLE games ADD COLUMN clock text NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN deadline timestamptz;
	CREATE INDEX games_deadline ON games (deadline) WHERE deadline IS NOT NULL;`,
	// 4: accounts and their sign-in sessions.
	`CREATE TABLE accounts (
		id      text PRIMARY KEY,
		name    text NOT NULL,
		lname   text NOT NULL UNIQUE,
		hash    text NOT NULL,
		created timestamptz NOT NULL
	);
	CREATE TABLE sessions (
		token   bytea PRIMARY KEY,
		account text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
		expires timestamptz NOT NULL
	);
	CREATE INDEX sessions_account ON sessions (account);
	CREATE INDEX games_seats ON games USING gin (seats jsonb_path_ops);`,
	// 5: the games' chat.
	`CREATE TABLE chat (
		id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		game_id text NOT NULL REFERENCES games (id),
		channel text NOT NULL,
		seat    integer NOT NULL,
		account text NOT NULL DEFAULT '',
		name    text NOT NULL,
		text    text NOT NULL,
		at      timestamptz NOT NULL
	);
	CREATE INDEX chat_game ON chat (game_id, id);`,
	// 6: rated games, the accounts' ratings and their history
	// (ratings_postgres.go).
	`CREATE TABLE rated_games (
		game_id text PRIMARY KEY,
		done    boolean NOT NULL DEFAULT false
	);
	CREATE TABLE ratings (
		account    text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
		game       text NOT NULL,
		rating     double precision NOT NULL,
		deviation  double precision NOT NULL,
		volatility double precision NOT NULL,
		games      integer NOT NULL,
		PRIMARY KEY (account, game)
	);
	CREATE TABLE rating_history (
		account   text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
		game      text NOT NULL,
		game_id   text NOT NULL,
		at        timestamptz NOT NULL,
		rating    double precision NOT NULL,
		deviation double precision NOT NULL,
		PRIMARY KEY (account, game_id)
	);
	CREATE INDEX rating_history_at ON rating_history (account, at);`,
	// 7: the lobby's challenges.
	`CREATE TABLE challenges (
		id      text PRIMARY KEY,
		secret  bytea NOT NULL,
		maker   text NOT NULL,
		account text NOT NULL DEFAULT '',
		owner   text NOT NULL DEFAULT '',
		request text NOT NULL,
		created timestamptz NOT NULL,
		expires timestamptz NOT NULL,
		state   text NOT NULL CHECK (state IN ('open', 'accepted', 'cancelled')),
		game    text NOT NULL DEFAULT '',
		seat    integer NOT NULL DEFAULT 0
	);
	CREATE INDEX challenges_open ON challenges (expires) WHERE state = 'open';`,
	// 8: the seat to move (-1: none, or not known).
	`ALTER TABLE games ADD COLUMN to_move integer NOT NULL DEFAULT -1;`,
	// 9: challenges of three and four seats, and who took them.
	`ALTER TABLE challenges ADD COLUMN players integer NOT NULL DEFAULT 2;
	ALTER TABLE challenges ADD COLUMN joined jsonb NOT NULL DEFAULT '[]';`,
	// 10: each channel's latest chat lines, read apart.
	`CREATE INDEX chat_channel ON chat (game_id, channel, id);`,
	// 11: the game a challenge is a rematch of (the server wrote it in
	// the request before), and the lobby's counts of each owner's.
	`ALTER TABLE challenges ADD COLUMN rematch text NOT NULL DEFAULT '';
	UPDATE challenges SET rematch = coalesce(request::jsonb->>'rematch', '') WHERE state = 'open';
	CREATE INDEX challenges_rematch ON challenges (rematch) WHERE state = 'open' AND rematch != '';
	CREATE INDEX challenges_owner ON challenges (owner) WHERE state = 'open';`,
}

// pgMigrateLock is the advisory lock key that serialises migrations between
// servers starting at once.
const pgMigrateLock = 0x6d6f6b75 // "moku"

// OpenPostgres connects to the database at dsn (a postgres:// URL or a
// key=value string) and brings its schema up to date.
func OpenPostgres(ctx context.Context, dsn string) (*Postgres, error) {
	pcfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %v", err)
	}
	if pcfg.MaxConns < 16 {
		pcfg.MaxConns = 16
	}
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %v", err)
	}
	p := &Postgres{pool: pool, cfg: pcfg.ConnConfig.Copy(),
		notices: make(chan string, 4096), stop: make(chan struct{}), done: make(chan struct{})}
	if err := p.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: migrating the schema: %v", err)
	}
	go p.announcer()
	return p, nil
}

// announcer sends the announcements Append queues, as many as wait in one
// NOTIFY, until the store is closed (then the ones still queued).
func (p *Postgres) announcer() {
	defer close(p.done)
	var b strings.Builder
	for {
		b.Reset()
		select {
		case n := <-p.notices:
			b.WriteString(n)
		case <-p.stop:
			select {
			case n := <-p.notices:
				b.WriteString(n)
			default:
				return
			}
		}
	more:
		for b.Len() < maxPayload {
			select {
			case n := <-p.notices:
				b.WriteByte('\n')
				b.WriteString(n)
			default:
				break more
			}
		}
		// While the database is unreachable, try for a while; then the
		// sweep will tell.
		for try := 0; try < 20; try++ {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			_, err := p.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, NotifyChannel, b.String())
			cancel()
			if err == nil {
				break
			}
			select {
			case <-p.stop:
				try = 20
			case <-time.After(250 * time.Millisecond):
			}
		}
	}
}

// announceSeats queues the announcement that the seats of games changed,
// after the transaction that changed them committed.
func (p *Postgres) announceSeats(games ...string) {
	for _, g := range games {
		select {
		case p.notices <- seatsNoticePrefix + g + " 0":
		case <-p.done:
			return
		}
	}
}

// SchemaVersion returns the version of the database's schema.
func (p *Postgres) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := p.pool.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}

// migrate applies the migrations the database lacks, each in its own
// transaction with its version, under an advisory lock.
func (p *Postgres) migrate(ctx context.Context) error {
	conn, err := p.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, pgMigrateLock); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, pgMigrateLock)
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version integer PRIMARY KEY,
		applied timestamptz NOT NULL DEFAULT now())`); err != nil {
		return err
	}
	var have int
	if err := conn.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return err
	}
	if have > len(pgMigrations) {
		return fmt.Errorf("the database's schema is version %d, newer than this moku's %d", have, len(pgMigrations))
	}
	for v := have + 1; v <= len(pgMigrations); v++ {
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, pgMigrations[v-1]); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version) VALUES ($1)`, v)
			return err
		})
		if err != nil {
			return fmt.Errorf("version %d: %v", v, err)
		}
	}
	return nil
}

// Create stores a new game.
func (p *Postgres) Create(ctx context.Context, g *Game) (err error) {
	defer markUnavailable(&err)
	if err := pgInsertGame(ctx, p.pool, g, time.Now()); err != nil {
		return fmt.Errorf("postgres: create game %s: %w", g.ID, err)
	}
	return nil
}

// pgInsertGame inserts a new game, created at now unless g.Created says
// when (the server's clock, which the game's clocks read).
func pgInsertGame(ctx context.Context, db interface {
	Exec(context.Context, string, ...any) (pgconn.CommandTag, error)
}, g *Game, now time.Time) error {
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return err
	}
	if !g.Created.IsZero() {
		now = g.Created
	}
	now = now.Truncate(time.Microsecond)
	g.Created, g.Updated = now, now
	_, err = db.Exec(ctx, `INSERT INTO games (id, created, updated, rules, board, board_json, setup, seats, status, result, moves, colors, serving, clock, deadline, to_move)
		VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $12, $13, $14)`,
		g.ID, now, g.Rules, g.Board, g.BoardJSON, g.Setup, string(seats), g.Status, g.Result, g.Colors, servingOf(g), g.Clock, pgTime(g.Deadline), g.ToMove)
	return err
}

const pgGameColumns = `id, created, updated, rules, board, board_json, setup, seats::text, status, result, moves, colors, serving, clock, deadline, to_move`

func scanPgGame(row scanner) (Game, error) {
	var g Game
	var seats string
	var deadline *time.Time
	if err := row.Scan(&g.ID, &g.Created, &g.Updated, &g.Rules, &g.Board, &g.BoardJSON, &g.Setup, &seats, &g.Status, &g.Result, &g.Moves, &g.Colors, &g.Serving, &g.Clock, &deadline, &g.ToMove); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return g, ErrNotFound
		}
		return g, err
	}
	if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil {
		return g, fmt.Errorf("game %s: seats: %v", g.ID, err)
	}
	if deadline != nil {
		g.Deadline = *deadline
	}
	return g, nil
}

// Get returns a game.
func (p *Postgres) Get(ctx context.Context, id string) (_ *Game, err error) {
	defer markUnavailable(&err)
	g, err := scanPgGame(p.pool.QueryRow(ctx, `SELECT `+pgGameColumns+` FROM games WHERE id = $1`, id))
	if err != nil {
		return nil, err
	}
	return &g, nil
}

// List returns the most recently updated games.
func (p *Postgres) List(ctx context.Context, limit int, from Page) (_ []Game, err error) {
	defer markUnavailable(&err)
	return p.gamesPage(ctx, "", nil, limit, from)
}

// gamesPage returns the games that hold where (none: all), its
// parameters numbered from $1 with args, newest first from from on, at
// most limit of them: the one keyset query behind List and
// AccountGames.
func (p *Postgres) gamesPage(ctx context.Context, where string, args []any, limit int, from Page) ([]Game, error) {
	var conds []string
	if where != "" {
		conds = append(conds, "("+where+")")
	}
	if from.ID != "" {
		conds = append(conds, fmt.Sprintf("(updated, id) < ($%d, $%d)", len(args)+1, len(args)+2))
		args = append(args, from.Updated, from.ID)
	}
	q := `SELECT ` + pgGameColumns + ` FROM games`
	if len(conds) > 0 {
		q += ` WHERE ` + strings.Join(conds, " AND ")
	}
	q += fmt.Sprintf(` ORDER BY updated DESC, id DESC LIMIT $%d`, len(args)+1)
	rows, err := p.pool.Query(ctx, q, append(args, limit)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, scanPgGame)
}

// Resumable returns the unfinished games with a computer seat.
func (p *Postgres) Resumable(ctx context.Context) (_ []string, err error) {
	defer markUnavailable(&err)
	rows, err := p.pool.Query(ctx, `SELECT id FROM games WHERE status <> 'over' AND seats @> '[{"Kind":"computer"}]'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, scanID)
}

// Overdue returns the unfinished games whose deadline has passed.
func (p *Postgres) Overdue(ctx context.Context, now time.Time) (_ []string, err error) {
	defer markUnavailable(&err)
	rows, err := p.pool.Query(ctx, `SELECT id FROM games WHERE deadline <= $1 AND status <> 'over'`, now)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, scanID)
}

// pgTime is t for a nullable timestamptz: nil for the zero time.
func pgTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// Actions returns a game's actions after seq after.
func (p *Postgres) Actions(ctx context.Context, id string, after int) (_ []Action, err error) {
	defer markUnavailable(&err)
	rows, err := p.pool.Query(ctx, `SELECT seq, seat, kind, arg, at FROM actions WHERE game_id = $1 AND seq > $2 ORDER BY seq`, id, after)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, func(row scanner) (a Action, err error) {
		err = row.Scan(&a.Seq, &a.Seat, &a.Kind, &a.Arg, &a.At)
		return a, err
	})
}

// Append records an action if its sequence number is the next one, in one
// statement (one round trip, its own transaction), and queues its
// announcement. Two servers appending the same Seq at once: the second
// UPDATE waits for the first's row lock, then finds moves already advanced
// and records nothing.
func (p *Postgres) Append(ctx context.Context, id string, a Action, st Status) (err error) {
	defer markUnavailable(&err)
	if a.At.IsZero() {
		a.At = time.Now()
	}
	tag, err := p.pool.Exec(ctx, `WITH g AS (
			UPDATE games SET moves = $1, updated = $2, status = $3, result = $4, colors = $10, deadline = $11, to_move = $12 WHERE id = $5 AND moves = $6 RETURNING id)
		INSERT INTO actions (game_id, seq, seat, kind, arg, at) SELECT id, $1, $7, $8, $9, $2 FROM g`,
		a.Seq, a.At, st.Phase, st.Result, id, a.Seq-1, a.Seat, a.Kind, a.Arg, st.Colors, pgTime(st.Deadline), st.ToMove)
	if err == nil && tag.RowsAffected() != 1 {
		var n int
		if err = p.pool.QueryRow(ctx, `SELECT count(*) FROM games WHERE id = $1`, id).Scan(&n); err == nil {
			err = ErrConflict
			if n == 0 {
				err = ErrNotFound
			}
		}
		return err
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) && (pe.Code == "23505" || pe.Code == "40001") { // unique_violation, serialization_failure
		return ErrConflict
	}
	if err == nil {
		// Queued before Append returns: a game's actions through one
		// store are announced in order.
		select {
		case p.notices <- id + " " + strconv.Itoa(a.Seq):
		case <-p.done:
		}
	}
	return err
}

// Listen calls f for every action recorded by any server (see Notifier),
// and every sweepEvery for the last action of each game updated lately
// (which f has usually been told of already).
func (p *Postgres) Listen(ctx context.Context, f func(Notice)) error {
	var mu sync.Mutex // f is called by one goroutine at a time
	f0 := f
	f = func(n Notice) {
		mu.Lock()
		defer mu.Unlock()
		f0(n)
	}
	swept := make(chan struct{})
	go func() {
		defer close(swept)
		p.sweep(ctx, f)
	}()
	defer func() { <-swept }()
	p.listen(ctx, NotifyChannel, func(payload string) {
		if payload == "" {
			f(Notice{}) // anything recorded before now may have been missed
			return
		}
		for line := range strings.SplitSeq(payload, "\n") {
			i := strings.LastIndexByte(line, ' ')
			if i < 0 {
				continue
			}
			seq, err := strconv.Atoi(line[i+1:])
			if err != nil {
				continue
			}
			if game, ok := strings.CutPrefix(line[:i], chatNoticePrefix); ok {
				f(Notice{Game: game, Chat: int64(seq)})
				continue
			}
			if game, ok := strings.CutPrefix(line[:i], seatsNoticePrefix); ok {
				f(Notice{Game: game, Seats: true})
				continue
			}
			f(Notice{Game: line[:i], Seq: seq})
		}
	})
	return nil
}

// listen calls f with the payload of every notification on channel, from
// a connection of its own, until ctx ends. It connects again when the
// connection breaks (after 50 ms, doubling up to 2 s while it fails), and
// calls f("") after each connection is made: anything announced before
// then may have been missed. (No notification has an empty payload.)
func (p *Postgres) listen(ctx context.Context, channel string, f func(payload string)) {
	backoff := 50 * time.Millisecond
	for ctx.Err() == nil {
		err := p.listenOnce(ctx, channel, f, func() { backoff = 50 * time.Millisecond })
		if ctx.Err() != nil {
			break
		}
		_ = err // the connection broke: connect again
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 2*time.Second)
	}
}

func (p *Postgres) listenOnce(ctx context.Context, channel string, f func(string), connected func()) error {
	conn, err := pgx.ConnectConfig(ctx, p.cfg)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, `LISTEN `+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	connected()
	f("")
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		f(n.Payload)
	}
}

// sweep announces, every sweepEvery until ctx ends, the last action of
// every game updated since the sweep before (less sweepMargin).
func (p *Postgres) sweep(ctx context.Context, f func(Notice)) {
	since := time.Now().Add(-sweepMargin)
	tick := time.NewTicker(sweepEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		next := time.Now().Add(-sweepMargin)
		rows, err := p.pool.Query(ctx, `SELECT id, moves FROM games WHERE updated >= $1 AND moves > 0`, since)
		if err != nil {
			continue // the database is away: the same again next time
		}
		var found []Notice
		for rows.Next() {
			var n Notice
			if rows.Scan(&n.Game, &n.Seq) == nil {
				found = append(found, n)
			}
		}
		if rows.Err() != nil {
			continue
		}
		since = next
		for _, n := range found {
			f(n)
		}
	}
}

// Close sends the announcements still queued and closes the connections.
func (p *Postgres) Close() error {
	p.closing.Do(func() { close(p.stop) })
	<-p.done
	p.pool.Close()
	return nil
}
