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
// only. Each acceptance takes one of the challenge's seats (one, with two
// players; two or three in Kee of three or four) and is given a secret
// likewise; the acceptance that takes the last seat makes the game, and
// is answered with it and its seat. The others learn of it on the
// lobby's WebSocket (GET /api/lobby/ws) or by asking (POST
// /api/lobby/challenges/{id}/seat with their secret). The store decides
// between acceptances racing on several servers: each seat goes to one,
// the others are answered 409.
//
// A challenge that expires leaves the lobby of every server's watchers
// at its expiry: each server sets an alarm for the next expiry of the
// challenges it lists.

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
	// Joined names the people who took a seat so far (in Kee of three
	// or four players, before the last seat is taken).
	Joined  []string `json:"joined"`
	rematch bool     // a rematch: not listed
}

func viewOfChallenge(c store.Challenge) challengeView {
	var req challengeRequest
	json.Unmarshal([]byte(c.Request), &req) // the server wrote it
	players := playersOf(req)
	color := req.Color
	if color == "" {
		color = "first"
	}
	v := challengeView{ID: c.ID, Maker: c.Maker, Game: req.Game, Rules: req.Rules, Board: req.Board, Players: players,
		Setup: req.Setup, Clock: req.Clock, Color: color, Rated: req.Rated, Created: c.Created, Expires: c.Expires, Joined: []string{},
		rematch: req.Rematch != ""}
	for _, j := range c.Joined {
		v.Joined = append(v.Joined, j.Name)
	}
	return v
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

// gameOf makes the game a challenge asks for, with people in their seats
// (by seat).
func (s *Server) gameOf(req challengeRequest, people []seatPerson) (*store.Game, error) {
	cr := createRequest{Game: req.Game, Rules: req.Rules, Board: req.Board, Komi: req.Komi, Button: req.Button,
		Players: req.Players, Setup: req.Setup, Clock: req.Clock}
	cr.Seats = make([]struct {
		Kind  string `json:"kind"`
		Name  string `json:"name"`
		Level string `json:"level"`
	}, len(people))
	for i, p := range people {
		cr.Seats[i].Kind, cr.Seats[i].Name = "human", p.name
	}
	meta, _, err := s.newGame(cr)
	if err != nil {
		return nil, err
	}
	for i, p := range people {
		meta.Seats[i].TokenHash, meta.Seats[i].Account = p.hash, p.account
	}
	return meta, nil
}

// seatPerson is who takes a seat: a name, an account ("" for none) and
// the hash of their seat's token (their secret).
type seatPerson struct {
	name, account string
	hash          []byte
}

// lobbyPerson is who posts or accepts a challenge: a signed-in player
// (a non-nil a) by their account's name, whatever name they typed, as
// every seat of an account bears it; a guest by the name they gave, else
// "guest".
func lobbyPerson(name string, a *store.Account) seatPerson {
	if a != nil {
		return seatPerson{name: a.Name, account: a.ID}
	}
	if name == "" {
		name = "guest"
	}
	return seatPerson{name: name}
}

// playersOf is the number of seats a challenge asks for.
func playersOf(req challengeRequest) int { return max(req.Players, 2) }

// seating returns the seats of a challenge's maker (first) and of its
// joiners (in the order they came) in a game of n players, as color asks:
// "first" seats the maker first, "second" second, and the joiners in the
// other seats in turn; "random" seats everyone at random.
func seating(color string, n int) []int {
	if color == "random" {
		return rand.Perm(n)
	}
	maker := 0
	if color == "second" {
		maker = 1
	}
	order := []int{maker}
	for i := range n {
		if i != maker {
			order = append(order, i)
		}
	}
	return order
}

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
	if req.Players < 0 || req.Players > MaxSeats {
		writeError(w, fail(http.StatusBadRequest, "players %d: want 2 to %d", req.Players, MaxSeats))
		return
	}
	switch req.Color {
	case "", "first", "second", "random":
	default:
		writeError(w, fail(http.StatusBadRequest, "color %q: want first, second or random", req.Color))
		return
	}
	maker := lobbyPerson(name, a)
	req.Name = ""
	// The game must be one the server makes: checked now, not at the
	// acceptance.
	if _, err := s.gameOf(req, make([]seatPerson, playersOf(req))); err != nil {
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
		Created: now, Expires: now.Add(life), Players: playersOf(req)}
	if err := s.store.CreateChallenge(r.Context(), c); err != nil {
		writeError(w, challengeError(err))
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
	n, err := s.store.OwnerChallenges(ctx, owner, s.now())
	if err != nil {
		return err
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
	var next time.Time // the next expiry of a challenge listed
	for _, c := range list {
		if cv := viewOfChallenge(c); !cv.rematch {
			v.Challenges = append(v.Challenges, cv)
			if next.IsZero() || c.Expires.Before(next) {
				next = c.Expires
			}
		}
	}
	if !next.IsZero() {
		s.armLobby(next)
	}
	for _, g := range games {
		if g.Status == string(session.Playing) && len(v.Games) < MaxLobbyGames {
			v.Games = append(v.Games, itemOf(g))
		}
	}
	return v, nil
}

// acceptChallenge answers POST /api/lobby/challenges/{id}/accept {name}:
// the acceptor takes a seat. If it was the last, the game is made, and
// the answer is 201 with the game and the acceptor's seat and token;
// otherwise 202 with the acceptor's secret (which withdraws them, and
// will be their seat's token) and the seats still to take.
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
	secret := newToken()
	var j store.Joiner
	var meta *store.Game // the game, once made
	var start func(c *store.Challenge) (*store.Game, error)
	if req.Rematch != "" {
		g, seat, token, err := s.rematchGame(r, req.Rematch, req.From, c.SecretHash, body.Token)
		if err != nil {
			writeError(w, err)
			return
		}
		acceptor := g.Seats[1-seat]
		secret, j = token, store.Joiner{Name: acceptor.Name, Account: acceptor.Account}
		start = func(c *store.Challenge) (*store.Game, error) {
			c.Seat, c.Joined[len(c.Joined)-1].Seat = seat, 1-seat
			meta = g
			return g, nil
		}
	} else {
		a, _ := s.signedIn(r)
		if req.Rated && a == nil {
			writeError(w, fail(http.StatusUnauthorized, "a rated game needs an account: sign in first"))
			return
		}
		p := lobbyPerson(name, a)
		j.Name, j.Account = p.name, p.account
		start = func(c *store.Challenge) (*store.Game, error) {
			order := seating(req.Color, c.Players)
			people := make([]seatPerson, c.Players)
			c.Seat = order[0]
			people[c.Seat] = seatPerson{name: c.Maker, account: c.Account, hash: c.SecretHash}
			for i := range c.Joined {
				jn := &c.Joined[i]
				jn.Seat = order[i+1]
				people[jn.Seat] = seatPerson{name: jn.Name, account: jn.Account, hash: jn.SecretHash}
			}
			g, err := s.gameOf(req, people)
			meta = g
			return g, err
		}
	}
	sum := sha256.Sum256([]byte(secret))
	j.SecretHash = sum[:]
	after, err := s.store.JoinChallenge(r.Context(), id, s.now(), j, start)
	if err != nil {
		writeError(w, challengeError(err))
		return
	}
	s.lobbyChanged(id)
	if after.State != "accepted" {
		s.log.Info("challenge joined", "challenge", id)
		writeJSON(w, http.StatusAccepted, map[string]any{"secret": secret, "waiting": after.Players - 1 - len(after.Joined)})
		return
	}
	if req.Rated {
		// Every person has an account: the challenge asked for them.
		if err := s.markRated(r.Context(), meta); err != nil {
			s.log.Error("rated challenge", "game", meta.ID, "err", err)
		}
	}
	s.log.Info("challenge accepted", "challenge", id, "game", meta.ID)
	if sv, err := s.acquire(r.Context(), meta.ID); err == nil {
		s.computerTurn(meta.ID, sv)
		sv.mu.Unlock()
	}
	writeJSON(w, http.StatusCreated, map[string]any{"game": meta.ID, "seat": after.Joined[len(after.Joined)-1].Seat, "token": secret})
}

// challengeError words a store's error about a challenge.
func challengeError(err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return fail(http.StatusNotFound, "no such challenge")
	case errors.Is(err, store.ErrGone):
		return fail(http.StatusConflict, "the challenge is no longer open: someone else took it, or it was withdrawn or expired")
	case errors.Is(err, store.ErrJoined):
		return fail(http.StatusConflict, "you have a seat in this challenge already")
	case errors.Is(err, store.ErrNoAccount):
		return fail(http.StatusUnauthorized, "your account no longer exists")
	}
	return err
}

// secretRequest is the body of the maker's requests about a challenge.
type secretRequest struct {
	Secret string `json:"secret"`
}

// cancelChallenge answers POST /api/lobby/challenges/{id}/cancel {secret}:
// the maker's secret withdraws the challenge ("cancelled"), a joiner's
// takes them out of it ("left").
func (s *Server) cancelChallenge(w http.ResponseWriter, r *http.Request) {
	var body secretRequest
	if err := readJSON(w, r, &body); err != nil {
		writeError(w, err)
		return
	}
	id := r.PathValue("id")
	sum := sha256.Sum256([]byte(body.Secret))
	c, err := s.store.Challenge(r.Context(), id)
	if err == nil {
		err = s.store.CancelChallenge(r.Context(), id, sum[:])
	}
	if err != nil {
		writeError(w, challengeError(err))
		return
	}
	s.lobbyChanged(id)
	status := "cancelled"
	if string(sum[:]) != string(c.SecretHash) {
		status = "left"
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": status})
}

// challengeSeat answers POST /api/lobby/challenges/{id}/seat {secret}:
// the challenge's state, and once accepted its game and the seat of the
// secret's bearer, the maker or a joiner (whose token is the secret).
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
	seat := -1
	if string(sum[:]) == string(c.SecretHash) {
		seat = c.Seat
	}
	for _, j := range c.Joined {
		if string(sum[:]) == string(j.SecretHash) {
			seat = j.Seat
		}
	}
	if seat < 0 {
		writeError(w, challengeError(store.ErrNotFound))
		return
	}
	state := c.State
	if state == "open" && !s.now().Before(c.Expires) {
		state = "expired"
	}
	out := map[string]any{"state": state}
	if c.State == "accepted" {
		out["game"], out["seat"] = c.Game, seat
	}
	writeJSON(w, http.StatusOK, out)
}

// lobby holds the lobby's WebSocket watchers on this server.
type lobby struct {
	mu       sync.Mutex
	watchers map[chan []byte]struct{}
	// The alarm set for the next expiry of a challenge listed (armLobby):
	// stop cancels it; gen tells the alarm set last.
	alarm   func() bool
	alarmAt time.Time
	gen     int
}

// armLobby sets the lobby's alarm for at, when a challenge it lists
// expires, if it has watchers to tell and no alarm as early is set: the
// alarm sends them the lobby again (which sets the alarm of the expiry
// after). So an expiry reaches the watchers of every server, each
// server's at its own alarm.
func (s *Server) armLobby(at time.Time) {
	l := s.lobby
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.watchers) == 0 || s.ctx.Err() != nil || (l.alarm != nil && !l.alarmAt.After(at)) {
		return
	}
	if l.alarm != nil {
		l.alarm()
	}
	l.gen++
	gen := l.gen
	l.alarmAt = at
	l.alarm = s.clock.AfterFunc(at.Sub(s.clock.Now()), func() {
		l.mu.Lock()
		if l.gen == gen {
			l.alarm = nil
		}
		l.mu.Unlock()
		if s.ctx.Err() == nil {
			s.lobbyNotice("")
		}
	})
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
		if l.alarm != nil {
			l.alarm()
			l.alarm = nil
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
	l.mu.Lock()
	full := len(l.watchers) >= s.opt.MaxWatchers
	l.mu.Unlock()
	if full {
		writeError(w, fail(http.StatusServiceUnavailable, "too many watchers of the lobby"))
		return
	}
	c, ctx, done := s.socket(w, r, nil, "")
	if c == nil {
		return
	}
	defer done()
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
