package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite", without cgo
)

// SQLite is a Store in an SQLite database file (write-ahead logging on).
type SQLite struct {
	db      *sql.DB
	appends chan *appendReq // to the writer, which commits them in groups
	stop    chan struct{}   // closed by Close
	done    chan struct{}   // closed when the writer has stopped
	closing sync.Once
	stmts   sqliteStmts // the writer's statements, prepared once
}

// sqliteStmts are the statements of Append, prepared once: SQLite would
// otherwise compile each of them for every action.
type sqliteStmts struct {
	savepoint, rollback, release, update, count, insert *sql.Stmt
}

const sqliteSchema = `
CREATE TABLE IF NOT EXISTS games (
	id         TEXT PRIMARY KEY,
	created    INTEGER NOT NULL,
	updated    INTEGER NOT NULL,
	rules      TEXT NOT NULL,
	board      TEXT NOT NULL,
	board_json TEXT NOT NULL DEFAULT '',
	setup      TEXT NOT NULL,
	seats      TEXT NOT NULL,
	status     TEXT NOT NULL,
	result     TEXT NOT NULL DEFAULT '',
	moves      INTEGER NOT NULL DEFAULT 0,
	colors     TEXT NOT NULL DEFAULT '',
	serving    INTEGER NOT NULL DEFAULT 1,
	clock      TEXT NOT NULL DEFAULT '',
	deadline   INTEGER NOT NULL DEFAULT 0,
	to_move    INTEGER NOT NULL DEFAULT -1
);
CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
CREATE TABLE IF NOT EXISTS actions (
	game_id TEXT NOT NULL REFERENCES games(id),
	seq     INTEGER NOT NULL,
	seat    INTEGER NOT NULL,
	kind    TEXT NOT NULL,
	arg     TEXT NOT NULL,
	at      INTEGER NOT NULL,
	PRIMARY KEY (game_id, seq)
);
`

// sqliteColumns are the columns added to tables since their first
// schemas, with their definitions: a database made before gets them
// added.
var sqliteColumns = []struct{ table, name, def string }{
	{"games", "colors", `TEXT NOT NULL DEFAULT ''`},
	{"games", "serving", `INTEGER NOT NULL DEFAULT 1`},
	{"games", "clock", `TEXT NOT NULL DEFAULT ''`},
	{"games", "deadline", `INTEGER NOT NULL DEFAULT 0`},
	{"games", "to_move", `INTEGER NOT NULL DEFAULT -1`},
	{"challenges", "players", `INTEGER NOT NULL DEFAULT 2`},
	{"challenges", "joined", `TEXT NOT NULL DEFAULT '[]'`},
	{"challenges", "rematch", `TEXT NOT NULL DEFAULT ''`},
}

// sqliteMigrate adds the columns a database made by an earlier moku lacks.
func sqliteMigrate(db *sql.DB) error {
	have := map[string]bool{} // "table.column"
	for _, table := range []string{"games", "challenges"} {
		rows, err := db.Query(`SELECT name FROM pragma_table_info(?)`, table)
		if err != nil {
			return err
		}
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				rows.Close()
				return err
			}
			have[table+"."+name] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	// The columns and what fills them, in one transaction: a start cut
	// short leaves the database as it was.
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, c := range sqliteColumns {
		if !have[c.table+"."+c.name] {
			if _, err := tx.Exec(`ALTER TABLE ` + c.table + ` ADD COLUMN ` + c.name + ` ` + c.def); err != nil {
				return err
			}
		}
	}
	if !have["challenges.rematch"] {
		// The open rematches posted before the column: the server wrote
		// the game in the request.
		if _, err := tx.Exec(`UPDATE challenges SET rematch = CASE WHEN json_valid(request)
			THEN coalesce(json_extract(request, '$.rematch'), '') ELSE '' END WHERE state = 'open'`); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if _, err := db.Exec(`CREATE INDEX IF NOT EXISTS games_deadline ON games(deadline) WHERE deadline > 0;
		CREATE INDEX IF NOT EXISTS challenges_rematch ON challenges(rematch) WHERE state = 'open' AND rematch != '';
		CREATE INDEX IF NOT EXISTS challenges_owner ON challenges(owner) WHERE state = 'open'`); err != nil {
		return err
	}
	return sqliteSeatIndex(db)
}

// seatAccounts selects the pairs of an account and a game it holds a seat
// of from the seats' JSON of games rows; formatted with the row's name
// (NEW in a trigger) and what comes before json_each in its FROM.
const seatAccounts = `SELECT DISTINCT json_extract(value, '$.Account'), %[1]s.id FROM %[2]sjson_each(%[1]s.seats)
	WHERE coalesce(json_extract(value, '$.Account'), '') != ''`

// sqliteSeatIndex makes the table of the games each account holds a seat
// of (game_accounts, AccountGames's index), which triggers on games keep
// as the seats' JSON says whatever writes it; a database made before it
// has it filled from its games, in the transaction that makes it.
func sqliteSeatIndex(db *sql.DB) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'game_accounts'`).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		if _, err := tx.Exec(`CREATE TABLE game_accounts (
			account TEXT NOT NULL,
			game_id TEXT NOT NULL,
			PRIMARY KEY (account, game_id)) WITHOUT ROWID`); err != nil {
			return err
		}
		if _, err := tx.Exec(`INSERT INTO game_accounts (account, game_id) ` + fmt.Sprintf(seatAccounts, "games", "games, ")); err != nil {
			return err
		}
	}
	for _, q := range []string{
		`CREATE TRIGGER IF NOT EXISTS game_accounts_insert AFTER INSERT ON games BEGIN
			INSERT OR IGNORE INTO game_accounts (account, game_id) ` + fmt.Sprintf(seatAccounts, "NEW", "") + `;
		END`,
		`CREATE TRIGGER IF NOT EXISTS game_accounts_update AFTER UPDATE OF seats ON games BEGIN
			DELETE FROM game_accounts WHERE game_id = OLD.id;
			INSERT OR IGNORE INTO game_accounts (account, game_id) ` + fmt.Sprintf(seatAccounts, "NEW", "") + `;
		END`,
		`CREATE TRIGGER IF NOT EXISTS game_accounts_delete AFTER DELETE ON games BEGIN
			DELETE FROM game_accounts WHERE game_id = OLD.id;
		END`,
	} {
		if _, err := tx.Exec(q); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// OpenSQLite opens (creating if needed) the database file path.
func OpenSQLite(path string) (*SQLite, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // one writer; SQLite serialises anyway
	if _, err := db.Exec(sqliteSchema); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite %s: %v", path, err)
	}
	if _, err := db.Exec(sqliteAccountsSchema + sqliteChatSchema); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite %s: %v", path, err)
	}
	if _, err := db.Exec(sqliteRatingsSchema); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite %s: %v", path, err)
	}
	if _, err := db.Exec(sqliteChallengesSchema); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite %s: %v", path, err)
	}
	if err := sqliteMigrate(db); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite %s: migrating the schema: %v", path, err)
	}
	s := &SQLite{db: db, appends: make(chan *appendReq, maxGroup), stop: make(chan struct{}), done: make(chan struct{})}
	for _, p := range []struct {
		st  **sql.Stmt
		sql string
	}{
		{&s.stmts.savepoint, `SAVEPOINT append`},
		{&s.stmts.rollback, `ROLLBACK TO append`},
		{&s.stmts.release, `RELEASE append`},
		{&s.stmts.update, `UPDATE games SET moves = ?, updated = ?, status = ?, result = ?, colors = ?, deadline = ?, to_move = ? WHERE id = ? AND moves = ?`},
		{&s.stmts.count, `SELECT count(*) FROM games WHERE id = ?`},
		{&s.stmts.insert, `INSERT INTO actions (game_id, seq, seat, kind, arg, at) VALUES (?, ?, ?, ?, ?, ?)`},
	} {
		if *p.st, err = db.Prepare(p.sql); err != nil {
			db.Close()
			return nil, fmt.Errorf("sqlite %s: %v", path, err)
		}
	}
	go s.writer()
	return s, nil
}

// Create stores a new game.
func (s *SQLite) Create(ctx context.Context, g *Game) (err error) {
	defer markUnavailable(&err)
	return sqliteInsertGame(ctx, s.db, g, time.Now())
}

// sqliteInsertGame inserts a new game, created at now unless g.Created
// says when (the server's clock, which the game's clocks read).
func sqliteInsertGame(ctx context.Context, db interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, g *Game, now time.Time) error {
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return err
	}
	if !g.Created.IsZero() {
		now = g.Created
	}
	g.Created, g.Updated = now, now
	_, err = db.ExecContext(ctx, `INSERT INTO games (id, created, updated, rules, board, board_json, setup, seats, status, result, moves, colors, serving, clock, deadline, to_move)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
		g.ID, now.UnixMilli(), now.UnixMilli(), g.Rules, g.Board, g.BoardJSON, g.Setup, string(seats), g.Status, g.Result, g.Colors, servingOf(g), g.Clock, msOf(g.Deadline), g.ToMove)
	return err
}

const gameColumns = `id, created, updated, rules, board, board_json, setup, seats, status, result, moves, colors, serving, clock, deadline, to_move`

func scanGame(row scanner) (Game, error) {
	var g Game
	var created, updated, deadline int64
	var seats string
	if err := row.Scan(&g.ID, &created, &updated, &g.Rules, &g.Board, &g.BoardJSON, &g.Setup, &seats, &g.Status, &g.Result, &g.Moves, &g.Colors, &g.Serving, &g.Clock, &deadline, &g.ToMove); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return g, ErrNotFound
		}
		return g, err
	}
	g.Created, g.Updated = time.UnixMilli(created), time.UnixMilli(updated)
	if deadline > 0 {
		g.Deadline = time.UnixMilli(deadline)
	}
	if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil {
		return g, fmt.Errorf("game %s: seats: %v", g.ID, err)
	}
	return g, nil
}

// Get returns a game.
func (s *SQLite) Get(ctx context.Context, id string) (_ *Game, err error) {
	defer markUnavailable(&err)
	g, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
	if err != nil {
		return nil, err
	}
	return &g, nil
}

// List returns the most recently updated games.
func (s *SQLite) List(ctx context.Context, limit int, from Page) (_ []Game, err error) {
	defer markUnavailable(&err)
	return gamesPage(ctx, s.db, "", nil, limit, from)
}

// querier is what a query asks of the database or of a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// gamesPage returns the games of db that hold where (none: all), with
// its args, newest first from from on, at most limit of them: the one
// keyset query behind List and AccountGames.
func gamesPage(ctx context.Context, db querier, where string, args []any, limit int, from Page) ([]Game, error) {
	var conds []string
	if where != "" {
		conds = append(conds, "("+where+")")
	}
	if from.ID != "" {
		ms := from.Updated.UnixMilli()
		conds = append(conds, "(updated < ? OR updated = ? AND id < ?)")
		args = append(args, ms, ms, from.ID)
	}
	q := `SELECT ` + gameColumns + ` FROM games`
	if len(conds) > 0 {
		q += ` WHERE ` + strings.Join(conds, " AND ")
	}
	rows, err := db.QueryContext(ctx, q+` ORDER BY updated DESC, id DESC LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, scanGame)
}

// Resumable returns the unfinished games with a computer seat. (Seats are
// JSON: a name holding the text below would have its quotes escaped.)
func (s *SQLite) Resumable(ctx context.Context) (_ []string, err error) {
	defer markUnavailable(&err)
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE status != 'over' AND seats LIKE '%"Kind":"computer"%'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, scanID)
}

// Overdue returns the unfinished games whose deadline has passed.
func (s *SQLite) Overdue(ctx context.Context, now time.Time) (_ []string, err error) {
	defer markUnavailable(&err)
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE deadline > 0 AND deadline <= ? AND status != 'over'`, now.UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, scanID)
}

// msOf is t in Unix milliseconds, 0 for the zero time.
func msOf(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// Actions returns a game's actions after seq after.
func (s *SQLite) Actions(ctx context.Context, id string, after int) (_ []Action, err error) {
	defer markUnavailable(&err)
	rows, err := s.db.QueryContext(ctx, `SELECT seq, seat, kind, arg, at FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq`, id, after)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, func(row scanner) (a Action, err error) {
		var at int64
		err = row.Scan(&a.Seq, &a.Seat, &a.Kind, &a.Arg, &at)
		a.At = time.UnixMilli(at)
		return a, err
	})
}

// Append records an action if its sequence number is the next one. Appends
// are committed in groups: the actions that arrive while one group is being
// written to disk are written together in the next transaction, each in its
// own savepoint, so one fsync acknowledges many moves and each still
// succeeds or fails alone.
func (s *SQLite) Append(ctx context.Context, id string, a Action, st Status) (err error) {
	defer markUnavailable(&err)
	if a.At.IsZero() {
		a.At = time.Now()
	}
	r := &appendReq{id: id, a: a, st: st, err: make(chan error, 1)}
	select {
	case s.appends <- r:
	case <-ctx.Done():
		return ctx.Err()
	case <-s.done:
		return errClosed
	}
	select {
	case err := <-r.err:
		return err
	case <-s.done:
		select {
		case err := <-r.err:
			return err
		default:
			return errClosed
		}
	}
}

var errClosed = errors.New("the store is closed")

// appendReq is an Append waiting for the writer.
type appendReq struct {
	id  string
	a   Action
	st  Status
	err chan error
}

// maxGroup caps the appends of one transaction.
const maxGroup = 256

// writer commits the appends in groups until the store is closed.
func (s *SQLite) writer() {
	defer close(s.done)
	for {
		var group []*appendReq
		select {
		case r := <-s.appends:
			group = append(group, r)
		case <-s.stop:
			return
		}
	more:
		for len(group) < maxGroup {
			select {
			case r := <-s.appends:
				group = append(group, r)
			default:
				break more
			}
		}
		s.commitGroup(group)
	}
}

// commitGroup writes a group of appends in one transaction and answers each.
func (s *SQLite) commitGroup(group []*appendReq) {
	ctx := context.Background()
	errs := make([]error, len(group))
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		for _, r := range group {
			r.err <- err
		}
		return
	}
	st := sqliteStmts{
		savepoint: tx.StmtContext(ctx, s.stmts.savepoint), rollback: tx.StmtContext(ctx, s.stmts.rollback),
		release: tx.StmtContext(ctx, s.stmts.release), update: tx.StmtContext(ctx, s.stmts.update),
		count: tx.StmtContext(ctx, s.stmts.count), insert: tx.StmtContext(ctx, s.stmts.insert),
	}
	for i, r := range group {
		if _, err := st.savepoint.ExecContext(ctx); err != nil {
			errs[i] = err
			continue
		}
		if errs[i] = appendTx(ctx, &st, r); errs[i] != nil {
			if _, err := st.rollback.ExecContext(ctx); err != nil {
				errs[i] = err
			}
		}
		if _, err := st.release.ExecContext(ctx); err != nil && errs[i] == nil {
			errs[i] = err
		}
	}
	if err := tx.Commit(); err != nil {
		for i := range errs {
			if errs[i] == nil {
				errs[i] = err
			}
		}
	}
	for i, r := range group {
		r.err <- errs[i]
	}
}

// appendTx records one action with the statements of a transaction.
func appendTx(ctx context.Context, st *sqliteStmts, r *appendReq) error {
	a := r.a
	res, err := st.update.ExecContext(ctx, a.Seq, a.At.UnixMilli(), r.st.Phase, r.st.Result, r.st.Colors, msOf(r.st.Deadline), r.st.ToMove, r.id, a.Seq-1)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		// Look inside the transaction: it holds the only connection.
		var n int
		if err := st.count.QueryRowContext(ctx, r.id).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		return ErrConflict
	}
	if _, err := st.insert.ExecContext(ctx, r.id, a.Seq, a.Seat, a.Kind, a.Arg, a.At.UnixMilli()); err != nil {
		if strings.Contains(err.Error(), "UNIQUE") || strings.Contains(err.Error(), "constraint") {
			return ErrConflict
		}
		return err
	}
	return nil
}

// Close stops the writer and closes the database.
func (s *SQLite) Close() error {
	s.closing.Do(func() { close(s.stop) })
	<-s.done
	return s.db.Close()
}
