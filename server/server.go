// Package server is moku's web app: an HTTP and WebSocket API over a
// store.Store, and the page (embedded from web/) that plays every game in
// the browser, against the computer or other people.
//
// A game is its set-up plus an append-only log of actions; the server keeps
// the games in play in memory, rebuilt from the log, and records every
// action in the store before it acknowledges it, so a game survives a
// restart. Each seat has a secret token; anyone with the game's address
// watches. The rules of a served game are package session's; this package
// carries them over HTTP and keeps them in the store.
//
// Start with New and Options, then ServeHTTP's routes (the HTTP API of
// docs/usage.md); act and commit are the path of one move.
package server

import (
	"bytes"
	"context"
	crand "crypto/rand"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/rating"
	"moku/record"
	"moku/rules"
	"moku/session"
	"moku/store"
)

//go:embed web
var webFiles embed.FS

// Limits on what clients may ask for.
const (
	MaxBodyBytes = 64 << 10          // a request body
	MaxSeats     = board.MaxPlayers  // players of a game
	MaxBoardSide = board.MaxRectSide // each side of a WxH or torus:WxH board
	MaxHexSide   = board.MaxHexSide  // the side of a hex:N board
	MaxNameLen   = 40                // bytes of a seat's name
	MaxListed    = 200               // games GET /api/games lists, the latest first
	MaxWSMessage = 1 << 10           // bytes of a message from a watcher (which sends none)
	// DefaultMaxWatchers is Options.MaxWatchers's default.
	DefaultMaxWatchers = 1000
	// DefaultMaxSelfPlay is Options.MaxSelfPlay's default.
	DefaultMaxSelfPlay = 4
	// RetryAfterUnavailable is the Retry-After, in seconds, of a 503
	// answered while the store is unavailable.
	RetryAfterUnavailable = 5
)

// Options configure a Server.
type Options struct {
	// Computer returns the computer player of a strength level for a
	// game under ruleset r: its moves, its side of Keil's komi pie, and
	// its estimate by which it judges a marking of dead stones. nil means
	// only the "random" level exists (session.Random).
	Computer func(level string, r rules.Ruleset) (session.Player, error)
	// Levels lists the strength levels offered, weakest first.
	Levels []string
	// Log receives the server's structured logs; nil discards them.
	Log *slog.Logger
	// Limits are the per-client rate limits; the zero value has none.
	Limits Limits
	// Analyze estimates a position for the analysis of a game (win rate,
	// margin, ownership); nil means the server offers no analysis. It must
	// leave s as it was.
	Analyze func(s game.State) (Estimate, error)
	// Takeover is how long a server that learns of another server's
	// action (on a shared store) waits before making the computer's move
	// itself, should the other server not make it; the store lets only one
	// through. 0 means 10 s; negative, at once (every server races).
	Takeover time.Duration
	// MaxWatchers caps the WebSocket watchers of one game on this server;
	// 0 means DefaultMaxWatchers.
	MaxWatchers int
	// MaxAnalyses caps the analyses running at once on this server; 0
	// means DefaultMaxAnalyses.
	MaxAnalyses int
	// MaxThinkers caps the computer's searches running at once on this
	// server; the computers of other games wait their turn (their clocks
	// running). 0 means runtime.GOMAXPROCS(0).
	MaxThinkers int
	// MaxSelfPlay caps the unfinished games with no person's seat (the
	// computer against itself) that this server plays at once: a
	// creation past it is refused until one ends. 0 means
	// DefaultMaxSelfPlay; negative, no cap.
	MaxSelfPlay int
	// SolveNodes caps the nodes of the exact solver's search of a
	// position for the analysis board (one search at a time on a server);
	// 0 means DefaultSolveNodes.
	SolveNodes int64
	// SolveTime caps the time of that search; 0 means DefaultSolveTime.
	SolveTime time.Duration
	// Clock is the server's time (nil: the machine's clock), which stamps
	// every action and runs the games' clocks.
	Clock Clock
	// Sweep is how often the server looks in the store for games whose
	// player to move ran out of time (0: DefaultSweep; negative: never).
	Sweep time.Duration
	// MaxGames caps the games held in memory: past it, the games used
	// least recently that nothing needs (no watcher, no computer move or
	// analysis under way) are dropped, and read from the store again when
	// next asked for. 0 means DefaultMaxGames; negative, no cap.
	MaxGames int
	// Anchor returns the fixed rating of the computer at a level in the
	// game named gameName (computer.AnchorOf), false for a level without
	// one; nil: no game with a computer seat can be rated.
	Anchor func(gameName, level string) (rating.Glicko, bool)
	// IdleGames is how long a game nothing needs stays in memory unused;
	// 0 means DefaultIdleGames; negative, for ever (up to MaxGames).
	IdleGames time.Duration
	// MaxBoardPoints caps the points of a board file a client sends
	// (boards.go), at most board.MaxJSONPoints; 0 means
	// DefaultMaxBoardPoints.
	MaxBoardPoints int
}

// Server serves games from a store.
type Server struct {
	store store.Store
	opt   Options
	log   *slog.Logger
	mux   *http.ServeMux

	mu     sync.Mutex
	tables map[string]*served // games in memory, by id
	ctx    context.Context
	stop   context.CancelFunc
	wg     sync.WaitGroup
	limits *limiter  // per-client rate limits (limit.go)
	warned *warnings // rate-limit warnings logged, by client (logging.go)
	// analyses holds a token for each analysis running (analysis.go).
	analyses chan struct{}
	// solving holds a token while the exact solver runs (review.go).
	solving chan struct{}
	// thinkers holds a token for each computer search running.
	thinkers chan struct{}
	// selfPlay counts the games with no person's seat whose computer
	// thinks or waits to.
	selfPlay atomic.Int32
	clock    Clock
	acc      *accounts // sign-in state (accounts.go)
	chat     *chatHub  // the games' chat readers and limits (chat.go)
	lobby    *lobby    // the lobby's watchers (lobby.go)
	// sweepStop stops the next sweep for games out of time (clock.go);
	// guarded by mu.
	sweepStop func() bool

	// afterRead, if set (by tests), is called by load between reading a
	// game from the store and holding it in memory.
	afterRead func(id string)
}

// served is a game in memory with its lock and its watchers.
type served struct {
	mu       sync.Mutex
	t        *table
	watchers map[chan []byte]struct{}
	thinking bool // a computer move is being computed
	analysis *analysisJob

	// stale: an action's fate in the store is unknown (the store failed
	// while recording it), so the store may hold actions this game lacks;
	// the game is brought up to the store before it is used again, and by
	// a goroutine retrying until it is (resyncing). See sync.go.
	stale, resyncing bool
	// dropped: the game is no longer in Server.tables (evicted); whoever
	// holds it reads it again (see Server.acquire).
	dropped bool
	timers  int // takeovers waiting (cluster.go): the game is needed
	// clockStop stops the alarm of the running clock's deadline
	// (clock.go), or is nil.
	clockStop func() bool
	used      time.Time // when last asked for; guarded by Server.mu

	// The game's view as JSON, cached for the table and version it was
	// made for: every watcher, the mover's answer and readers share it.
	cached      []byte
	cachedTable *table
	cachedAt    int
}

// viewJSON returns the game's view as JSON. The caller holds sv.mu.
func (sv *served) viewJSON() []byte {
	if sv.cached == nil || sv.cachedTable != sv.t || sv.cachedAt != len(sv.t.actions) {
		// The board's geometry, made once a game, is put in the encoded
		// view as it is: json.Marshal would check and copy it every time.
		v := sv.t.view()
		geom := v.Board.enc
		v.Board = boardView{}
		data, err := json.Marshal(v)
		if err != nil {
			panic(err) // a view is plain data: it always encodes
		}
		if geom != nil {
			data = bytes.Replace(data, boardPlaceholder, append([]byte(`"board":`), geom...), 1)
		}
		sv.cached, sv.cachedTable, sv.cachedAt = data, sv.t, len(sv.t.actions)
	}
	return sv.cached
}

// boardPlaceholder is an empty board in an encoded view. (A string of the
// view holding the same text would have its quotes escaped.)
var boardPlaceholder = func() []byte {
	data, err := json.Marshal(boardView{})
	if err != nil {
		panic(err)
	}
	return append([]byte(`"board":`), data...)
}()

// writeView writes the game's view as the answer. The caller holds sv.mu.
func writeView(w http.ResponseWriter, sv *served) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	w.Write(sv.viewJSON())
	w.Write([]byte("\n"))
}

// New returns a server over st.
func New(st store.Store, opt Options) *Server {
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	if len(opt.Levels) == 0 {
		opt.Levels = []string{"random"}
	}
	ctx, stop := context.WithCancel(context.Background())
	if opt.MaxAnalyses <= 0 {
		opt.MaxAnalyses = DefaultMaxAnalyses
	}
	if opt.MaxWatchers <= 0 {
		opt.MaxWatchers = DefaultMaxWatchers
	}
	if opt.MaxThinkers <= 0 {
		opt.MaxThinkers = runtime.GOMAXPROCS(0)
	}
	if opt.MaxSelfPlay == 0 {
		opt.MaxSelfPlay = DefaultMaxSelfPlay
	}
	if opt.SolveNodes <= 0 {
		opt.SolveNodes = DefaultSolveNodes
	}
	if opt.SolveTime <= 0 {
		opt.SolveTime = DefaultSolveTime
	}
	s := &Server{store: st, opt: opt, log: opt.Log, tables: map[string]*served{}, ctx: ctx, stop: stop,
		analyses: make(chan struct{}, opt.MaxAnalyses), solving: make(chan struct{}, 1), thinkers: make(chan struct{}, opt.MaxThinkers)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.health)
	mux.HandleFunc("GET /api/options", s.options)
	mux.HandleFunc("GET /api/boards", s.gallery)
	mux.HandleFunc("POST /api/boards", s.checkBoard)
	mux.HandleFunc("GET /api/games", s.list)
	mux.HandleFunc("POST /api/games", s.create)
	mux.HandleFunc("GET /api/games/{id}", s.get)
	mux.HandleFunc("GET /api/games/{id}/positions", s.positions)
	mux.HandleFunc("GET /api/games/{id}/record", s.record)
	mux.HandleFunc("POST /api/games/{id}/actions", s.act)
	mux.HandleFunc("POST /api/games/{id}/seat", s.seat)
	mux.HandleFunc("GET /api/games/{id}/ws", s.watch)
	mux.HandleFunc("GET /api/games/{id}/analysis", s.analyze)
	mux.HandleFunc("POST /api/position", s.position)
	mux.HandleFunc("POST /api/position/evaluate", s.evaluate)
	mux.HandleFunc("POST /api/position/solve", s.solvePosition)
	mux.HandleFunc("POST /api/record", s.recordOfLines)
	mux.HandleFunc("POST /api/records/parse", s.parseRecord)
	mux.HandleFunc("POST /api/games/{id}/chat", s.postChat)
	mux.HandleFunc("GET /api/games/{id}/chat/ws", s.watchChat)
	mux.HandleFunc("POST /api/account/signup", s.signUp)
	mux.HandleFunc("POST /api/account/signin", s.signIn)
	mux.HandleFunc("POST /api/account/signout", s.signOut)
	mux.HandleFunc("GET /api/account", s.account)
	mux.HandleFunc("GET /api/players/{name}", s.playerProfile)
	mux.HandleFunc("GET /api/players/{name}/games", s.playerGames)
	mux.HandleFunc("POST /api/account/password", s.changePassword)
	mux.HandleFunc("POST /api/account/delete", s.deleteAccount)
	mux.HandleFunc("GET /api/lobby", s.lobbyView)
	mux.HandleFunc("GET /api/lobby/ws", s.watchLobby)
	mux.HandleFunc("POST /api/lobby/challenges", s.postChallenge)
	mux.HandleFunc("POST /api/lobby/challenges/{id}/accept", s.acceptChallenge)
	mux.HandleFunc("POST /api/lobby/challenges/{id}/cancel", s.cancelChallenge)
	mux.HandleFunc("POST /api/lobby/challenges/{id}/seat", s.challengeSeat)
	mux.HandleFunc("POST /api/games/{id}/rematch", s.proposeRematch)
	mux.HandleFunc("GET /api/games/{id}/rematch", s.getRematch)
	web, _ := fs.Sub(webFiles, "web")
	mux.Handle("GET /", http.FileServerFS(web))
	s.mux = mux
	s.limits = newLimiter(opt.Limits)
	s.warned = &warnings{max: s.limits.l.MaxClients, last: map[string]*warned{}}
	s.acc = newAccounts()
	s.clock = opt.Clock
	if s.clock == nil {
		s.clock = systemClock{}
	}
	s.chat = newChatHub(s.clock.Now)
	s.follow() // several servers on one store (cluster.go)
	s.sweep()  // games out of time (clock.go)
	s.sweepIdle()
	s.lobby = &lobby{watchers: map[chan []byte]struct{}{}}
	s.listenLobby() // the lobby's watchers (lobby.go)
	return s
}

// ServeHTTP serves the API and the page.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w, status: 200}
	setSecurityHeaders(w.Header(), r)
	switch {
	case s.refuseUnsafe(sw, r):
	case s.limited(sw, r):
		client := s.limits.client(r)
		if ok, dropped := s.warned.allow(client, s.limits.l.now()); ok {
			s.log.Warn("rate limited", "method", truncate(r.Method, 20), "path", logPath(r.URL.Path), "client", client, "unlogged", dropped)
		}
	default:
		s.mux.ServeHTTP(sw, r)
	}
	s.log.Info("request", "method", truncate(r.Method, 20), "path", logPath(r.URL.Path), "status", sw.status, "ms", time.Since(start).Milliseconds())
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) { w.status = code; w.ResponseWriter.WriteHeader(code) }

// Unwrap lets the WebSocket upgrade reach the connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Close stops the computer players and waits for them.
func (s *Server) Close() {
	s.stop()
	s.mu.Lock()
	if s.sweepStop != nil {
		s.sweepStop()
	}
	held := make([]*served, 0, len(s.tables))
	for _, sv := range s.tables {
		held = append(held, sv)
	}
	s.mu.Unlock()
	for _, sv := range held { // a game's lock is never taken under s.mu
		sv.mu.Lock()
		if sv.clockStop != nil {
			sv.clockStop()
		}
		sv.mu.Unlock()
	}
	s.wg.Wait()
}

// Resume starts the computer's moves in every unfinished game of the store
// with a computer seat (all of them, however many), as after a restart.
func (s *Server) Resume(ctx context.Context) error {
	ids, err := s.store.Resumable(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		sv, err := s.acquire(ctx, id)
		if err != nil {
			s.log.Error("resume", "game", id, "err", err)
			continue
		}
		s.computerTurn(id, sv)
		sv.mu.Unlock()
	}
	return nil
}

// httpError is an error with an HTTP status.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

func fail(status int, format string, a ...any) error {
	return &httpError{status: status, msg: fmt.Sprintf(format, a...)}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, err error) {
	var he *httpError
	switch {
	case errors.As(err, &he):
		writeJSON(w, he.status, map[string]string{"error": he.msg})
	case errors.Is(err, store.ErrNotFound):
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "no such game"})
	case errors.Is(err, store.ErrConflict):
		writeJSON(w, http.StatusConflict, map[string]string{"error": "the game has moved on: reload it"})
	case errors.Is(err, store.ErrUnavailable):
		w.Header().Set("Retry-After", strconv.Itoa(RetryAfterUnavailable))
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": "the game store is unavailable for the moment: try again in a few seconds"})
	default:
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal error"})
	}
}

// readJSON decodes a request body of at most MaxBodyBytes into v.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	return readJSONLimit(w, r, v, MaxBodyBytes)
}

// readJSONLimit reads the body as readJSON does, up to limit bytes.
func readJSONLimit(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	body := http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return fail(http.StatusRequestEntityTooLarge, "request body larger than %d bytes", limit)
		}
		return fail(http.StatusBadRequest, "malformed request: %v", err)
	}
	// One JSON value and nothing after it: trailing data is refused, not
	// silently ignored.
	if _, err := dec.Token(); err != io.EOF {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return fail(http.StatusRequestEntityTooLarge, "request body larger than %d bytes", limit)
		}
		return fail(http.StatusBadRequest, "malformed request: data after the JSON object")
	}
	return nil
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if _, err := s.store.List(ctx, 1, store.Page{}); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "store unavailable"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) options(w http.ResponseWriter, r *http.Request) {
	type gameInfo struct {
		Name       string   `json:"name"`
		Title      string   `json:"title"`
		Summary    string   `json:"summary"`
		Rulesets   []string `json:"rulesets"`
		Board      string   `json:"board"`
		Boards     string   `json:"boards"`
		MinPlayers int      `json:"minPlayers"`
		MaxPlayers int      `json:"maxPlayers"`
		MinSide    int      `json:"minSide"`
		MaxSide    int      `json:"maxSide"`
		OddSides   bool     `json:"oddSides,omitempty"`
	}
	var names []string
	var info []gameInfo
	type limit struct {
		Hint    string   `json:"hint"`
		Suggest []string `json:"suggest"`
	}
	boards, players, limits := map[string]string{}, map[string]int{}, map[string]limit{}
	for _, g := range catalog.Games {
		limits[g.Name] = limit{Hint: g.Boards, Suggest: g.Suggest}
		names = append(names, g.Name)
		boards[g.Name] = g.WebBoard
		if g.MaxPlayers > 2 {
			players[g.Name] = g.MaxPlayers
		}
		info = append(info, gameInfo{Name: g.Name, Title: g.Title, Summary: g.Summary, Rulesets: g.Rulesets, Board: g.WebBoard,
			Boards: g.Boards, MinPlayers: g.MinPlayers, MaxPlayers: g.MaxPlayers, MinSide: g.MinSide, MaxSide: g.MaxSide, OddSides: g.OddSides})
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"games":     names,
		"rules":     rules.Presets,
		"levels":    s.opt.Levels,
		"boards":    boards,
		"players":   players,
		"catalog":   info,
		"limits":    limits,
		"boardFile": map[string]int{"maxBytes": MaxBoardFileBytes, "maxPoints": s.maxBoardPoints(), "maxDegree": MaxBoardDegree},
	})
}

// load returns the game id in memory, reading it from the store if needed.
func (s *Server) load(ctx context.Context, id string) (*served, error) {
	s.mu.Lock()
	sv, ok := s.tables[id]
	if ok {
		sv.used = time.Now()
	}
	s.mu.Unlock()
	if ok {
		return sv, nil
	}
	t, err := s.read(ctx, id)
	if err != nil {
		return nil, err
	}
	if s.afterRead != nil {
		s.afterRead(id)
	}
	s.mu.Lock()
	if sv, ok := s.tables[id]; ok {
		s.mu.Unlock()
		return sv, nil
	}
	sv = &served{t: t, watchers: map[chan []byte]struct{}{}, used: time.Now()}
	s.tables[id] = sv
	s.evictLocked()
	s.mu.Unlock()
	sv.mu.Lock()
	s.armClock(id, sv)
	s.rateGame(ctx, id, sv) // a rated game that ended unrated (ratings.go)
	sv.mu.Unlock()
	if _, ok := s.store.(store.Notifier); ok {
		// A notice of another server's action that came while the game
		// was being read found it not yet held, and was dropped: read
		// again what the store recorded since. (A later notice finds the
		// game held.)
		sv.mu.Lock()
		if s.catchUpLocked(ctx, id, sv) {
			s.takeOver(id, sv)
		}
		sv.mu.Unlock()
	}
	return sv, nil
}

// read rebuilds game id from the store.
func (s *Server) read(ctx context.Context, id string) (*table, error) {
	meta, err := s.store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	actions, err := s.store.Actions(ctx, id, 0)
	if err != nil {
		return nil, err
	}
	t, err := newTable(meta, actions)
	if err != nil {
		return nil, err
	}
	if slices.ContainsFunc(meta.Seats, func(st store.Seat) bool { return st.Kind == "computer" }) {
		rated, _, err := s.store.Rated(ctx, id)
		if err != nil {
			return nil, err
		}
		t.noTakeBacks = rated
	}
	return t, nil
}

// createRequest is the body of POST /api/games.
type createRequest struct {
	Game    string `json:"game"`
	Rules   string `json:"rules"`
	Board   string `json:"board"`
	Komi    string `json:"komi"`
	Button  string `json:"button"`
	Players int    `json:"players"`
	// BoardFile is a board file (JSON, see board.ReadJSON) in place of
	// Board, and BoardName its file's name.
	BoardFile string `json:"boardFile"`
	BoardName string `json:"boardName"`
	Setup     string `json:"setup"` // "fixed" or "pie"
	// Rated asks for a rated game (ratings.go).
	Rated bool `json:"rated"`
	// Clock is the time control; absent or null: none.
	Clock *clockRequest `json:"clock"`
	Seats []struct {
		Kind  string `json:"kind"`
		Name  string `json:"name"`
		Level string `json:"level"`
	} `json:"seats"`
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if err := readJSONLimit(w, r, &req, maxBoardRequest); err != nil {
		writeError(w, err)
		return
	}
	meta, tokens, err := s.newGame(req)
	if err != nil {
		writeError(w, err)
		return
	}
	if selfPlay(meta.Seats) && s.opt.MaxSelfPlay > 0 && int(s.selfPlay.Load()) >= s.opt.MaxSelfPlay {
		writeError(w, fail(http.StatusServiceUnavailable, "this server already plays %d games of the computer against itself; try again when one ends", s.opt.MaxSelfPlay))
		return
	}
	if a, _ := s.signedIn(r); a != nil {
		// The creator's seat, the first person's, is their account's.
		for i := range meta.Seats {
			if meta.Seats[i].Kind == "human" {
				meta.Seats[i].Account = a.ID
				if req.Seats[i].Name == "" {
					meta.Seats[i].Name = a.Name
				}
				break
			}
		}
	}
	if req.Rated {
		if err := s.markRated(r.Context(), meta); err != nil {
			writeError(w, err)
			return
		}
	}
	if err := s.store.Create(r.Context(), meta); err != nil {
		s.log.Error("create", "err", err)
		writeError(w, err)
		return
	}
	sv, err := s.acquire(r.Context(), meta.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	s.computerTurn(meta.ID, sv)
	sv.mu.Unlock()
	s.log.Info("created", "game", meta.ID, "rules", meta.Rules, "board", meta.Board)
	writeJSON(w, http.StatusCreated, map[string]any{"id": meta.ID, "tokens": tokens})
}

// newGame checks a creation request and returns the game and its seats'
// tokens (by seat; "" for the computer's).
func (s *Server) newGame(req createRequest) (*store.Game, []string, error) {
	bad := func(format string, a ...any) error { return fail(http.StatusBadRequest, format, a...) }
	preset := req.Rules
	if preset == "" {
		preset = req.Game
	}
	base, err := rules.Preset(preset, nil)
	if err != nil {
		return nil, nil, bad("%v", err)
	}
	b, err := s.chooseBoard(base.Game, req.Board, req.BoardName, req.BoardFile)
	if err != nil {
		return nil, nil, err
	}
	cfg := catalog.Config{Rules: preset, Graph: b}
	if req.Komi != "" {
		cfg.Overrides = append(cfg.Overrides, "komi="+req.Komi)
	}
	if req.Button != "" {
		cfg.Overrides = append(cfg.Overrides, "button="+req.Button)
	}
	if req.Players != 0 {
		cfg.Overrides = append(cfg.Overrides, "players="+strconv.Itoa(req.Players))
	}
	rs, g, err := cfg.Build()
	if err != nil {
		return nil, nil, bad("%v", err)
	}
	if _, err := catalog.New(rs, g); err != nil {
		return nil, nil, bad("%v", err)
	}
	setup := req.Setup
	switch setup {
	case "", "fixed":
		setup = "fixed"
	case "pie":
		if rs.Players != 2 {
			return nil, nil, bad("the komi pie needs two players")
		}
	default:
		return nil, nil, bad("setup %q: want fixed or pie", req.Setup)
	}
	if len(req.Seats) != rs.Players {
		return nil, nil, bad("%d seats for %d players", len(req.Seats), rs.Players)
	}
	tc, err := req.Clock.timeControl()
	if err != nil {
		return nil, nil, err
	}
	meta := &store.Game{ID: newID(), Rules: rs.String(), Board: g.Spec(), Setup: setup, Status: string(session.Playing), Serving: session.Current,
		Created: s.now()}
	if g.Kind() == "graph" {
		meta.BoardJSON = string(g.JSON()) // the file as the board reads it back
	}
	if setup == "pie" {
		meta.Status = string(session.Setup)
	}
	if tc.Kind != session.NoClock {
		data, _ := json.Marshal(tc)
		meta.Clock = string(data)
		if setup != "pie" {
			meta.Deadline = meta.Created.Add(tc.Remaining(tc.Start()))
		}
	}
	tokens := make([]string, len(req.Seats))
	for i, seat := range req.Seats {
		name := strings.TrimSpace(seat.Name)
		if len(name) > MaxNameLen {
			return nil, nil, bad("seat %d: name longer than %d bytes", i+1, MaxNameLen)
		}
		if !utf8.ValidString(name) || strings.IndexFunc(name, unicode.IsControl) >= 0 {
			return nil, nil, bad("seat %d: name with control characters", i+1)
		}
		st := store.Seat{Kind: seat.Kind, Name: name}
		switch seat.Kind {
		case "human":
			tokens[i] = newToken()
			sum := sha256.Sum256([]byte(tokens[i]))
			st.TokenHash = sum[:]
			if st.Name == "" {
				st.Name = board.Color(i + 1).String()
			}
		case "computer":
			level := seat.Level
			if level == "" {
				level = s.opt.Levels[0]
			}
			if !slices.Contains(s.opt.Levels, level) {
				return nil, nil, bad("seat %d: level %q is not offered here (the levels: %s)", i+1, level, strings.Join(s.opt.Levels, ", "))
			}
			if _, err := s.player(level, rs); err != nil {
				return nil, nil, bad("seat %d: %v", i+1, err)
			}
			st.Level = level
			if st.Name == "" {
				st.Name = "moku (" + level + ")"
			}
		default:
			return nil, nil, bad("seat %d: kind %q: want human or computer", i+1, seat.Kind)
		}
		meta.Seats = append(meta.Seats, st)
	}
	return meta, tokens, nil
}

func (s *Server) player(level string, r rules.Ruleset) (session.Player, error) {
	if s.opt.Computer != nil {
		return s.opt.Computer(level, r)
	}
	if level != "random" {
		return nil, fmt.Errorf("unknown level %q", level)
	}
	return session.Random{RandomPlayer: game.RandomPlayer{Rand: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))}}, nil
}

func newID() string {
	b := make([]byte, 9)
	crand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func newToken() string {
	b := make([]byte, 24)
	crand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// list answers GET /api/games[?limit=N][&before=TIME&before_id=ID]: at
// most limit games (default and most MaxListed), the latest updated first;
// before and before_id (the updated and id of the last game of a page)
// ask for the page after it.
func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	limit, from, err := pageQuery(r.URL.Query(), MaxListed)
	if err != nil {
		writeError(w, err)
		return
	}
	list, err := s.store.List(r.Context(), limit, from)
	if err != nil {
		writeError(w, err)
		return
	}
	out := []gameItem{}
	for _, g := range list {
		out = append(out, itemOf(g))
	}
	writeJSON(w, http.StatusOK, out)
}

// gameItem is a game in a list.
type gameItem struct {
	ID     string     `json:"id"`
	Rules  string     `json:"rules"`
	Board  string     `json:"board"`
	Seats  []seatView `json:"seats"`
	Status string     `json:"status"`
	Result string     `json:"result"`
	Moves  int        `json:"actions"`
	ToMove int        `json:"toMove"` // the seat to move, -1 for none
	// YourTurn, in the games of GET /api/account, marks those where the
	// seat to move is the account's.
	YourTurn bool      `json:"yourTurn,omitempty"`
	Updated  time.Time `json:"updated"`
}

// itemOf describes a stored game for a list.
func itemOf(g store.Game) gameItem {
	it := gameItem{ID: g.ID, Rules: strings.Fields(g.Rules)[0], Board: g.Board, Status: g.Status, Result: g.Result, Moves: g.Moves, Updated: g.Updated, ToMove: g.ToMove}
	colors := strings.Fields(g.Colors)
	for i, st := range g.Seats {
		c := board.Color(i + 1).String()
		if len(colors) == len(g.Seats) {
			c = colors[i] // after Keil's komi pie
		}
		it.Seats = append(it.Seats, seatView{Color: c, Kind: st.Kind, Name: st.Name, Level: st.Level})
	}
	return it
}

// locked runs f on the game the request's {id} names, with the game's
// lock held, and reports whether it could; a game that cannot be loaded
// is answered with its error.
func (s *Server) locked(w http.ResponseWriter, r *http.Request, f func(*served)) bool {
	sv, err := s.acquire(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return false
	}
	defer sv.mu.Unlock()
	f(sv)
	return true
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	s.locked(w, r, func(sv *served) { writeView(w, sv) })
}

func (s *Server) positions(w http.ResponseWriter, r *http.Request) {
	var pos []string
	var err error
	// The positions are written after the lock is released.
	if !s.locked(w, r, func(sv *served) { pos, err = sv.t.positions() }) {
		return
	}
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, pos)
}

func (s *Server) record(w http.ResponseWriter, r *http.Request) {
	s.locked(w, r, func(sv *served) { s.writeRecord(w, r, sv) })
}

// writeRecord answers GET /api/games/{id}/record for sv, whose lock the
// caller holds.
func (s *Server) writeRecord(w http.ResponseWriter, r *http.Request, sv *served) {
	t := sv.t
	if t.game.State() == nil {
		writeError(w, fail(http.StatusConflict, "the game has not started"))
		return
	}
	if r.URL.Query().Get("format") == "txt" {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"moku-%s.txt\"", t.meta.ID))
		record.WriteMoveList(w, t.game.State())
		return
	}
	rec, err := s.recordOf(sv)
	if err != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-go-sgf; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"moku-%s.sgf\"", t.meta.ID))
	rec.WriteSGF(w)
}

// recordOf is the SGF record of sv's game, whose lock the caller holds:
// its moves, result, players, clock and date.
func (s *Server) recordOf(sv *served) (*record.Record, error) {
	t := sv.t
	if t.game.State() == nil {
		return nil, fail(http.StatusConflict, "the game has not started")
	}
	g := t.game
	rec := record.FromState(g.State())
	rec.Delete("RE")
	if g.Phase() == session.Over {
		rec.Set("RE", g.Result().String())
		if g.Agreed() {
			rec.Dead = g.Dead()
		}
	}
	if g.Config().Pie && g.PieChosen() {
		rec.Pie = g.Color(1)
	}
	var others []string // the names of red and blue (Kee of three or four), which SGF has no property for
	for i, seat := range t.meta.Seats {
		if id := map[board.Color]string{board.Black: "PB", board.White: "PW"}[g.Color(i)]; id != "" {
			rec.Set(id, seat.Name)
		} else {
			others = append(others, g.Color(i).Letter()+":"+seat.Name)
		}
	}
	if len(others) > 0 {
		slices.Sort(others) // R before U
		rec.Set("MKPN", others...)
	}
	timedOut := map[board.Color]bool{}
	for _, seat := range g.TimedOut() {
		timedOut[g.Color(seat)] = true
	}
	abandoned := map[board.Color]bool{}
	for _, seat := range g.Abandoned() {
		abandoned[g.Color(seat)] = true
	}
	for i, m := range rec.Moves {
		rec.Moves[i].Timeout = m.Move.Kind == game.Resign && timedOut[m.Player]
		rec.Moves[i].Abandoned = m.Move.Kind == game.Resign && abandoned[m.Player]
	}
	if tc := g.Config().Clock; tc.Kind != session.NoClock {
		rec.Set("TM", strconv.FormatFloat(tc.Main.Seconds(), 'f', -1, 64))
		rec.Set("OT", overtime(tc))
	}
	rec.Set("DT", t.meta.Created.UTC().Format("2006-01-02")) // the same date whatever the server's zone
	rec.Set("GN", t.describe())
	return rec, nil
}

// actionRequest is the body of POST /api/games/{id}/actions.
type actionRequest struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
	Kind  string `json:"kind"`
	Arg   string `json:"arg"`
	// Version, if present, is the game version the client saw: the action
	// is refused if the game has moved on since, so a repeated request is
	// never applied twice. Version 0 (a game without actions) is checked
	// too: a request sent twice at the start is refused the second time.
	Version *int `json:"version"`
}

func (s *Server) act(w http.ResponseWriter, r *http.Request) {
	var req actionRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	id := r.PathValue("id")
	sv, err := s.acquire(r.Context(), id)
	if err != nil {
		writeError(w, err)
		return
	}
	defer sv.mu.Unlock()
	t := sv.t
	account := ""
	if a, _ := s.signedIn(r); a != nil {
		account = a.ID
	}
	if err := t.checkSeat(req.Seat, req.Token, account); err != nil {
		writeError(w, err)
		return
	}
	if req.Kind == string(session.UndoRequest) && t.noTakeBacks {
		writeError(w, fail(http.StatusForbidden, "no take-backs in a rated game against the computer"))
		return
	}
	if n := maxArg(req.Kind, t.game.Board().N(), t.longestName); len(req.Arg) > n {
		writeError(w, fail(http.StatusBadRequest, "the argument of %s is %d bytes, more than the %d it can need on this board", truncate(req.Kind, 20), len(req.Arg), n))
		return
	}
	if req.Version != nil && *req.Version > len(t.actions) {
		// Another server recorded actions this one has not heard of yet.
		s.catchUpLocked(r.Context(), id, sv)
		t = sv.t
	}
	if req.Version != nil && *req.Version != len(t.actions) {
		writeError(w, fail(http.StatusConflict, "the game has moved on (version %d, not %d): reload it", len(t.actions), *req.Version))
		return
	}
	if err := s.commit(r.Context(), id, sv, store.Action{Seq: len(t.actions) + 1, Seat: req.Seat, Kind: req.Kind, Arg: req.Arg}); err != nil {
		if _, at, ok := sv.t.game.Deadline(); ok && !s.now().Before(at) {
			s.claimTimeoutLocked(id, sv) // the move came too late: its player lost on time
		}
		writeError(w, err)
		return
	}
	writeView(w, sv)
}

// maxArg is the longest argument an action of kind can need on a board of
// points points whose longest name has longest bytes, which the store
// would otherwise keep as sent: a marking of dead stones ("dead") names at
// most every point, with a space after each; any other action one point
// (with "appeal-" before it) or a number.
func maxArg(kind string, points, longest int) int {
	if kind == string(session.Dead) {
		return points * (longest + 1)
	}
	return max(longest+len("appeal-"), 32)
}

// commit applies action a to the game in memory, records it in the store,
// and tells the watchers; on any failure the game holds only what the
// store holds (see unapply), so that no one, not even a request waiting on
// the game's lock, is shown an action that was not stored. The caller
// holds sv.mu.
func (s *Server) commit(ctx context.Context, id string, sv *served, a store.Action) error {
	if a.At.IsZero() {
		a.At = s.now()
	}
	before := len(sv.t.actions)
	if err := sv.t.apply(a); err != nil {
		return fail(http.StatusUnprocessableEntity, "%v", err)
	}
	if err := s.store.Append(ctx, id, a, sv.t.status()); err != nil {
		s.unapply(context.WithoutCancel(ctx), id, sv, before)
		if errors.Is(err, store.ErrConflict) {
			return err
		}
		s.log.Error("append", "game", id, "err", err)
		if errors.Is(err, store.ErrUnavailable) {
			return err
		}
		return fail(http.StatusServiceUnavailable, "the move could not be stored: try again")
	}
	s.log.Info("action", "game", id, "seq", a.Seq, "seat", a.Seat, "kind", a.Kind, "arg", a.Arg)
	s.rateGame(ctx, id, sv) // if it ended a rated game
	s.broadcast(sv)
	s.armClock(id, sv)
	s.computerTurn(id, sv)
	return nil
}

// broadcast sends the game to its watchers. The caller holds sv.mu.
func (s *Server) broadcast(sv *served) {
	data := sv.viewJSON()
	for ch := range sv.watchers {
		select {
		case ch <- data:
		default: // a watcher that cannot keep up is dropped; it reconnects
			delete(sv.watchers, ch)
			close(ch)
		}
	}
}

// computerTurn starts the computer's action if a computer seat must act
// (session.Game.Due): it thinks on a copy of the game, without holding
// the lock. The caller holds sv.mu.
func (s *Server) computerTurn(id string, sv *served) {
	if sv.thinking {
		return
	}
	seat, due := sv.t.game.Due()
	if !due {
		return
	}
	level := sv.t.meta.Seats[seat].Level
	player, err := s.player(level, sv.t.game.Rules())
	if err != nil {
		s.log.Error("computer player", "game", id, "err", err)
		return
	}
	g, version := sv.t.game.Clone(), len(sv.t.actions)
	self := selfPlay(sv.t.meta.Seats)
	sv.thinking = true
	if self {
		s.selfPlay.Add(1)
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		act, err := s.think(g, seat, player)
		sv.mu.Lock()
		defer sv.mu.Unlock()
		sv.thinking = false
		if self {
			s.selfPlay.Add(-1)
		}
		if err != nil {
			if s.ctx.Err() == nil {
				s.log.Error("computer action", "game", id, "err", err)
			}
			return
		}
		if s.ctx.Err() != nil || sv.dropped {
			return // the server is stopping, or the game left memory
		}
		if len(sv.t.actions) != version {
			s.computerTurn(id, sv) // the game moved on: think again
			return
		}
		s.commitComputer(id, sv, store.Action{Seq: version + 1, Seat: seat, Kind: string(act.Kind), Arg: act.Arg})
	}()
}

// think has player decide seat's action in g once one of the server's
// Options.MaxThinkers slots is free, telling a TimedPlayer the time its
// clock has left then.
func (s *Server) think(g *session.Game, seat int, player session.Player) (session.Action, error) {
	select {
	case s.thinkers <- struct{}{}:
	case <-s.ctx.Done():
		return session.Action{}, s.ctx.Err()
	}
	defer func() { <-s.thinkers }()
	if tp, ok := player.(session.TimedPlayer); ok {
		if main, period, ok := g.TimeLeft(seat, s.now()); ok {
			tp.TimeLeft(main, period)
		}
	}
	return g.Decide(seat, player)
}

// selfPlay reports whether a game's seats are all the computer's.
func selfPlay(seats []store.Seat) bool {
	for _, st := range seats {
		if st.Kind != "computer" {
			return false
		}
	}
	return true
}

func (s *Server) commitComputer(id string, sv *served, a store.Action) {
	err := s.commit(s.ctx, id, sv, a)
	if errors.Is(err, store.ErrConflict) {
		// Another server made this action first: it is dropped.
		s.log.Info("computer action made elsewhere", "game", id, "seq", a.Seq)
	} else if err != nil && s.ctx.Err() == nil {
		s.log.Error("computer action", "game", id, "kind", a.Kind, "err", err)
	}
}

func timeoutCtx(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, d)
}
