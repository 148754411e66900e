package server

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/coder/websocket"

	"moku/session"
	"moku/store"
)

// The lobby is where people find a game: open challenges, which anyone
// may accept with one click, and the games in play to watch.
//
// A challenge's maker is given a secret: it cancels the challenge, and it
// is the token of the maker's seat in the game an acceptance makes (the
// seat's token hash is the secret's), so that token reaches the maker
// only. The acceptor is answered with the game and their own seat's
// token; the maker learns of the acceptance on the lobby's WebSocket
// (GET /api/lobby/ws) or by asking (POST /api/lobby/challenges/{id}/seat).
// The store decides between acceptances racing on several servers: one
// makes the game, the others are answered 409.

// Lobby limits.
const (
	// ChallengeLife is how long a challenge stays open unaccepted.
	ChallengeLife = 30 * time.Minute
	// CorrespondenceLife is how long a correspondence game's challenge
	// stays open.
	CorrespondenceLife = 7 * 24 * time.Hour
	// MaxChallenges is the most open challenges the lobby lists.
	MaxChallenges = 100
	// MaxLobbyGames is the most games in play the lobby lists.
	MaxLobbyGames = 50
	// MaxOpenChallenges is the most open challenges of one player (an
	// account, or a client address without one), rematches included.
	MaxOpenChallenges = 3
)

// challengeRequest is the body of POST /api/lobby/challenges: the game
// asked for, as createRequest's, without seats.
type challengeRequest struct {
	Game    string        `json:"game"`
	Rules   string        `json:"rules"`
	Board   string        `json:"board"`
	Komi    string        `json:"komi"`
	Button  string        `json:"button"`
	Players int           `json:"players"`
	Setup   string        `json:"setup"`
	Clock   *clockRequest `json:"clock"`
	// Name is the maker's name (an account's name when signed in and
	// left empty).
	Name string `json:"name"`
	// Color is the maker's seat: "first" (the default), "second" or
	// "random".
	Color string `json:"color"`
	// Rated asks for a rated game: only players with accounts make or
	// accept one.
	Rated bool `json:"rated"`
	// Rematch, set by the server only, is the game a rematch replays;
	// From is the seat of that game whose player proposed it (rematch.go).
	Rematch string `json:"rematch,omitempty"`
	From    int    `json:"from,omitempty"`
}

// challengeView is a challenge in the lobby.
type challengeView struct {
	ID      string        `json:"id"`
	Maker   string        `json:"maker"`
	Game    string        `json:"game"`
	Rules   string        `json:"rules"`
	Board   string        `json:"board"`
	Players int           `json:"players"`
	Setup   string        `json:"setup,omitempty"`
	Clock   *clockRequest `json:"clock,omitempty"`
	Color   string        `json:"color"`
	Rated   bool          `json:"rated"`
	Created time.Time     `json:"created"`
	Expires time.Time     `json:"expires"`
	rematch bool          // a rematch: not listed
}

func viewOfChallenge(c store.Challenge) challengeView {
	var req challengeRequest
	json.Unmarshal([]byte(c.Request), &req) // the server wrote it
	players := req.Players
	if players == 0 {
		players = 2
	}
	color := req.Color
	if color == "" {
		color = "first"
	}
	return challengeView{ID: c.ID, Maker: c.Maker, Game: req.Game, Rules: req.Rules, Board: req.Board, Players: players,
		Setup: req.Setup, Clock: req.Clock, Color: color, Rated: req.Rated, Created: c.Created, Expires: c.Expires, rematch: req.Rematch != ""}
}

// checkName checks a player's name.
func checkName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if len(name) > MaxNameLen {
		return "", fail(http.StatusBadRequest, "name longer than %d bytes", MaxNameLen)
	}
	if !utf8.ValidString(name) || strings.IndexFunc(name, unicode.IsControl) >= 0 {
		return "", fail(http.StatusBadRequest, "name with control characters")
	}
	return name, nil
}

// gameOf makes the game a challenge asks for, with the maker in seat and
// the acceptor in the other; the acceptor's token is returned.
func (s *Server) gameOf(req challengeRequest, makerSeat int, maker, acceptor seatPerson, makerHash []byte) (*store.Game, string, error) {
	cr := createRequest{Game: req.Game, Rules: req.Rules, Board: req.Board, Komi: req.Komi, Button: req.Button,
		Players: req.Players, Setup: req.Setup, Clock: req.Clock}
	cr.Seats = make([]struct {
		Kind  string `json:"kind"`
		Name  string `json:"name"`
		Level string `json:"level"`
	}, 2)
	for i := range cr.Seats {
		cr.Seats[i].Kind = "human"
	}
	cr.Seats[makerSeat].Name = maker.name
	cr.Seats[1-makerSeat].Name = acceptor.name
	meta, tokens, err := s.newGame(cr)
	if err != nil {
		return nil, "", err
	}
	meta.Seats[makerSeat].TokenHash = makerHash
	meta.Seats[makerSeat].Account = maker.account
	meta.Seats[1-makerSeat].Account = acceptor.account
	return meta, tokens[1-makerSeat], nil
}

// seatPerson is who takes a seat: a name and an account ("" for none).
type seatPerson struct{ name, account string }

// postChallenge answers POST /api/lobby/challenges with the challenge's
// id and its secret.
func (s *Server) postChallenge(w http.ResponseWriter, r *http.Request) {
	var req challengeRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	name, err := checkName(req.Name)
	if err != nil {
		writeError(w, err)
		return
	}
	a, _ := s.signedIn(r)
	if req.Rated && a == nil {
		writeError(w, fail(http.StatusUnauthorized, "a rated game needs an account: sign in first"))
		return
	}
	if req.Rematch != "" || req.From != 0 {
		writeError(w, fail(http.StatusBadRequest, "a rematch is proposed from its game's page"))
		return
	}
	if req.Players > 2 {
		writeError(w, fail(http.StatusBadRequest, "challenges in the lobby are for two players: make a game of %d from the new-game form and send its seat links", req.Players))
		return
	}
	switch req.Color {
	case "", "first", "second", "random":
	default:
		writeError(w, fail(http.StatusBadRequest, "color %q: want first, second or random", req.Color))
		return
	}
	maker := seatPerson{name: name}
	if a != nil {
		maker.account = a.ID
		if maker.name == "" {
			maker.name = a.Name
		}
	}
	if maker.name == "" {
		maker.name = "guest"
	}
	req.Name = ""
	// The game must be one the server makes: checked now, not at the
	// acceptance.
	if _, _, err := s.gameOf(req, 0, maker, seatPerson{}, nil); err != nil {
		writeError(w, err)
		return
	}
	owner := s.limits.client(r)
	if a != nil {
		owner = "account " + a.ID
	}
	if err := s.capChallenges(r.Context(), owner); err != nil {
		writeError(w, err)
		return
	}
	life := ChallengeLife
	if req.Clock != nil && req.Clock.Kind == string(session.Correspondence) {
		life = CorrespondenceLife
	}
	secret := newToken()
	sum := sha256.Sum256([]byte(secret))
	data, _ := json.Marshal(req)
	now := s.now()
	c := &store.Challenge{ID: newID(), SecretHash: sum[:], Maker: maker.name, Account: maker.account, Owner: owner, Request: string(data),
		Created: now, Expires: now.Add(life)}
	if err := s.store.CreateChallenge(r.Context(), c); err != nil {
		writeError(w, err)
		return
	}
	s.log.Info("challenge", "challenge", c.ID)
	s.lobbyChanged(c.ID)
	writeJSON(w, http.StatusCreated, map[string]any{"id": c.ID, "secret": secret, "expires": c.Expires})
}

// capChallenges refuses a challenge of owner's past MaxOpenChallenges
// open ones. (Servers racing may let one or two more through: the cap
// bounds a client, it is not a rule of the game.)
func (s *Server) capChallenges(ctx context.Context, owner string) error {
	list, err := s.store.OpenChallenges(ctx, s.now(), MaxChallenges)
	if err != nil {
		return err
	}
	n := 0
	for _, c := range list {
		if c.Owner == owner {
			n++
		}
	}
	if n >= MaxOpenChallenges {
		return fail(http.StatusTooManyRequests, "you have %d open challenges already: cancel one, or wait for one to be accepted", n)
	}
	return nil
}

// lobbyView answers GET /api/lobby: the open challenges and the games in
// play.
func (s *Server) lobbyView(w http.ResponseWriter, r *http.Request) {
	v, err := s.lobbyNow(r.Context())
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// lobbyState is the lobby as GET /api/lobby and its WebSocket send it.
type lobbyState struct {
	Challenges []challengeView `json:"challenges"`
	Games      []gameItem      `json:"games"`
	// Accepted, on the WebSocket, names a challenge just accepted and
	// its game.
	Accepted *acceptedView `json:"accepted,omitempty"`
}

type acceptedView struct {
	Challenge string `json:"challenge"`
	Game      string `json:"game"`
}

func (s *Server) lobbyNow(ctx context.Context) (*lobbyState, error) {
	list, err := s.store.OpenChallenges(ctx, s.now(), MaxChallenges)
	if err != nil {
		return nil, err
	}
	games, err := s.store.List(ctx, MaxListed, store.Page{})
	if err != nil {
		return nil, err
	}
	v := &lobbyState{Challenges: []challengeView{}, Games: []gameItem{}}
	for _, c := range list {
		if cv := viewOfChallenge(c); !cv.rematch {
			v.Challenges = append(v.Challenges, cv)
		}
	}
	for _, g := range games {
		if g.Status == string(session.Playing) && len(v.Games) < MaxLobbyGames {
			v.Games = append(v.Games, itemOf(g))
		}
	}
	return v, nil
}

// acceptChallenge answers POST /api/lobby/challenges/{id}/accept {name}
// with the game made and the acceptor's seat and token.
func (s *Server) acceptChallenge(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name string `json:"name"`
		// Seat and Token: of the game a rematch replays, the other
		// player's (rematch.go).
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	if err := readJSON(w, r, &body); err != nil {
		writeError(w, err)
		return
	}
	name, err := checkName(body.Name)
	if err != nil {
		writeError(w, err)
		return
	}
	id := r.PathValue("id")
	c, err := s.store.Challenge(r.Context(), id)
	if err != nil {
		writeError(w, challengeError(err))
		return
	}
	var req challengeRequest
	if err := json.Unmarshal([]byte(c.Request), &req); err != nil {
		writeError(w, err)
		return
	}
	if req.Rematch != "" {
		meta, seat, token, err := s.rematchGame(r, req.Rematch, req.From, c.SecretHash, body.Token)
		if err != nil {
			writeError(w, err)
			return
		}
		s.made(w, r, id, meta, seat, token, false)
		return
	}
	a, _ := s.signedIn(r)
	if req.Rated && a == nil {
		writeError(w, fail(http.StatusUnauthorized, "a rated game needs an account: sign in first"))
		return
	}
	acceptor := seatPerson{name: name}
	if a != nil {
		if a.ID == c.Account {
			writeError(w, fail(http.StatusConflict, "that is your own challenge"))
			return
		}
		acceptor.account = a.ID
		if acceptor.name == "" {
			acceptor.name = a.Name
		}
	}
	if acceptor.name == "" {
		acceptor.name = "guest"
	}
	seat := 0
	switch req.Color {
	case "second":
		seat = 1
	case "random":
		seat = rand.IntN(2)
	}
	meta, token, err := s.gameOf(req, seat, seatPerson{name: c.Maker, account: c.Account}, acceptor, c.SecretHash)
	if err != nil {
		writeError(w, err)
		return
	}
	s.made(w, r, id, meta, seat, token, req.Rated)
}

// made records the acceptance of challenge id, which makes game meta with
// the maker in seat, and answers the acceptor with the game and their
// seat's token. A rated challenge makes a rated game (both players have
// accounts: the challenge asked for them).
func (s *Server) made(w http.ResponseWriter, r *http.Request, id string, meta *store.Game, seat int, token string, rated bool) {
	if err := s.store.AcceptChallenge(r.Context(), id, s.now(), meta, seat); err != nil {
		writeError(w, challengeError(err))
		return
	}
	if rated {
		if err := s.markRated(r.Context(), meta); err != nil {
			s.log.Error("rated challenge", "game", meta.ID, "err", err)
		}
	}
	s.log.Info("challenge accepted", "challenge", id, "game", meta.ID)
	sv, err := s.acquire(r.Context(), meta.ID)
	if err == nil {
		s.computerTurn(meta.ID, sv)
		sv.mu.Unlock()
	}
	s.lobbyChanged(id)
	writeJSON(w, http.StatusCreated, map[string]any{"game": meta.ID, "seat": 1 - seat, "token": token})
}

// challengeError words a store's error about a challenge.
func challengeError(err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return fail(http.StatusNotFound, "no such challenge")
	case errors.Is(err, store.ErrGone):
		return fail(http.StatusConflict, "the challenge is no longer open: someone else took it, or it was withdrawn or expired")
	}
	return err
}

// secretRequest is the body of the maker's requests about a challenge.
type secretRequest struct {
	Secret string `json:"secret"`
}

// cancelChallenge answers POST /api/lobby/challenges/{id}/cancel {secret}.
func (s *Server) cancelChallenge(w http.ResponseWriter, r *http.Request) {
	var body secretRequest
	if err := readJSON(w, r, &body); err != nil {
		writeError(w, err)
		return
	}
	id := r.PathValue("id")
	sum := sha256.Sum256([]byte(body.Secret))
	if err := s.store.CancelChallenge(r.Context(), id, sum[:]); err != nil {
		writeError(w, challengeError(err))
		return
	}
	s.lobbyChanged(id)
	writeJSON(w, http.StatusOK, map[string]string{"status": "cancelled"})
}

// challengeSeat answers POST /api/lobby/challenges/{id}/seat {secret}:
// the challenge's state, and once accepted its game and the maker's seat
// (whose token is the secret).
func (s *Server) challengeSeat(w http.ResponseWriter, r *http.Request) {
	var body secretRequest
	if err := readJSON(w, r, &body); err != nil {
		writeError(w, err)
		return
	}
	c, err := s.store.Challenge(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, challengeError(err))
		return
	}
	sum := sha256.Sum256([]byte(body.Secret))
	if string(sum[:]) != string(c.SecretHash) {
		writeError(w, challengeError(store.ErrNotFound))
		return
	}
	state := c.State
	if state == "open" && !s.now().Before(c.Expires) {
		state = "expired"
	}
	out := map[string]any{"state": state}
	if c.State == "accepted" {
		out["game"], out["seat"] = c.Game, c.Seat
	}
	writeJSON(w, http.StatusOK, out)
}

// lobby holds the lobby's WebSocket watchers on this server.
type lobby struct {
	mu       sync.Mutex
	watchers map[chan []byte]struct{}
}

// listenLobby starts following the store's lobby notices, if it makes any
// (New calls it).
func (s *Server) listenLobby() {
	l := s.lobby
	n, ok := s.store.(store.LobbyNotifier)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		if ok {
			n.ListenLobby(s.ctx, func(n store.LobbyNotice) { s.lobbyNotice(n.Challenge) })
		} else {
			<-s.ctx.Done()
		}
		l.mu.Lock()
		for ch := range l.watchers {
			delete(l.watchers, ch)
			close(ch)
		}
		l.mu.Unlock()
	}()
}

// lobbyChanged tells the lobby's watchers of a change this server made;
// on a store that announces changes every server hears of it from there.
func (s *Server) lobbyChanged(id string) {
	if _, ok := s.store.(store.LobbyNotifier); ok {
		return
	}
	s.lobbyNotice(id)
}

// lobbyNotice sends the lobby to its watchers after challenge id changed.
func (s *Server) lobbyNotice(id string) {
	l := s.lobby
	l.mu.Lock()
	n := len(l.watchers)
	l.mu.Unlock()
	if n == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	v, err := s.lobbyNow(ctx)
	if err != nil {
		s.log.Warn("lobby", "err", err)
		return
	}
	if id != "" {
		if c, err := s.store.Challenge(ctx, id); err == nil && c.State == "accepted" {
			v.Accepted = &acceptedView{Challenge: id, Game: c.Game}
		}
	}
	data, _ := json.Marshal(v)
	l.mu.Lock()
	defer l.mu.Unlock()
	for ch := range l.watchers {
		select {
		case ch <- data:
		default: // a watcher that cannot keep up is dropped; it reconnects
			delete(l.watchers, ch)
			close(ch)
		}
	}
}

// watchLobby answers GET /api/lobby/ws: the lobby at once, then again
// after every change of a challenge (with the acceptance, if it was one).
func (s *Server) watchLobby(w http.ResponseWriter, r *http.Request) {
	l := s.lobby
	max := s.opt.MaxWatchers
	if max <= 0 {
		max = DefaultMaxWatchers
	}
	l.mu.Lock()
	full := len(l.watchers) >= max
	l.mu.Unlock()
	if full {
		writeError(w, fail(http.StatusServiceUnavailable, "too many watchers of the lobby"))
		return
	}
	client := s.limits.client(r)
	if !s.limits.openSocket(client) {
		writeError(w, fail(http.StatusTooManyRequests, "too many open connections from your address (%d): close some pages", s.limits.l.Sockets))
		return
	}
	defer s.limits.closeSocket(client)
	c, err := websocket.Accept(w, r, nil) // same origin only
	if err != nil {
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(MaxWSMessage)
	ctx := c.CloseRead(r.Context())
	ch := make(chan []byte, 16)
	l.mu.Lock()
	l.watchers[ch] = struct{}{}
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		if _, ok := l.watchers[ch]; ok {
			delete(l.watchers, ch)
			close(ch)
		}
		l.mu.Unlock()
	}()
	v, err := s.lobbyNow(ctx)
	if err != nil {
		c.Close(websocket.StatusTryAgainLater, "the lobby could not be read: try again")
		return
	}
	first, _ := json.Marshal(v)
	s.pump(ctx, c, first, ch)
}
