package server

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"net/http"

	"moku/session"
	"moku/store"
)

// A rematch is a challenge of one player of a finished game between two
// people to the other: the same game (rules, board, komi set-up, clock)
// with the colours swapped. It is not listed in the lobby; the game's page
// asks for it (GET /api/games/{id}/rematch), and only the other player
// (their seat's token, or their account) accepts it, as any challenge is
// accepted (POST /api/lobby/challenges/{id}/accept with seat and token).

// rematchRequest is the body of POST /api/games/{id}/rematch.
type rematchRequest struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// rematchable checks that game g is over and between two people.
func rematchable(g *store.Game) error {
	if g.Status != string(session.Over) {
		return fail(http.StatusConflict, "the game is not over")
	}
	if len(g.Seats) != 2 || g.Seats[0].Kind != "human" || g.Seats[1].Kind != "human" {
		return fail(http.StatusBadRequest, "a rematch is for a game between two people")
	}
	return nil
}

// proposeRematch answers POST /api/games/{id}/rematch {seat, token} with
// the rematch's challenge id and the proposer's secret.
func (s *Server) proposeRematch(w http.ResponseWriter, r *http.Request) {
	var req rematchRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	id := r.PathValue("id")
	g, err := s.store.Get(r.Context(), id)
	if err != nil {
		writeError(w, err)
		return
	}
	account := ""
	if a, _ := s.signedIn(r); a != nil {
		account = a.ID
	}
	if err := (&table{meta: *g}).checkSeat(req.Seat, req.Token, account); err != nil {
		writeError(w, err)
		return
	}
	if err := rematchable(g); err != nil {
		writeError(w, err)
		return
	}
	if c, err := s.rematchOf(r, id); err != nil {
		writeError(w, err)
		return
	} else if c != nil {
		writeError(w, fail(http.StatusConflict, "a rematch is already proposed"))
		return
	}
	owner := s.limits.client(r)
	if account != "" {
		owner = "account " + account
	}
	if err := s.capChallenges(r.Context(), owner); err != nil {
		writeError(w, err)
		return
	}
	secret := newToken()
	sum := sha256.Sum256([]byte(secret))
	data, _ := json.Marshal(challengeRequest{Rematch: id, From: req.Seat})
	now := s.now()
	c := &store.Challenge{ID: newID(), SecretHash: sum[:], Maker: g.Seats[req.Seat].Name, Account: g.Seats[req.Seat].Account,
		Owner: owner, Request: string(data), Rematch: id, Created: now, Expires: now.Add(ChallengeLife)}
	if err := s.store.CreateChallenge(r.Context(), c); err != nil {
		writeError(w, challengeError(err))
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"id": c.ID, "secret": secret})
}

// rematchOf returns the open rematch of game id, or nil.
func (s *Server) rematchOf(r *http.Request, id string) (*store.Challenge, error) {
	c, err := s.store.OpenRematch(r.Context(), id, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	return c, err
}

// getRematch answers GET /api/games/{id}/rematch: the open rematch of the
// game ({id, from: the proposer's seat}), or {} for none.
func (s *Server) getRematch(w http.ResponseWriter, r *http.Request) {
	c, err := s.rematchOf(r, r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	if c == nil {
		writeJSON(w, http.StatusOK, map[string]any{})
		return
	}
	var req challengeRequest
	json.Unmarshal([]byte(c.Request), &req)
	writeJSON(w, http.StatusOK, map[string]any{"id": c.ID, "from": req.From, "by": c.Maker})
}

// rematchGame makes the game of a rematch of game old (which it checks),
// proposed by seat from and accepted by the bearer of the other seat's
// token (or account): the same game, colours swapped. It returns the game,
// the proposer's seat in it and the acceptor's token.
func (s *Server) rematchGame(r *http.Request, oldID string, from int, makerHash []byte, token string) (*store.Game, int, string, error) {
	old, err := s.store.Get(r.Context(), oldID)
	if err != nil {
		return nil, 0, "", err
	}
	if err := rematchable(old); err != nil {
		return nil, 0, "", err
	}
	if from != 0 && from != 1 {
		return nil, 0, "", fail(http.StatusBadRequest, "no seat %d", from)
	}
	account := ""
	if a, _ := s.signedIn(r); a != nil {
		account = a.ID
	}
	if err := (&table{meta: *old}).checkSeat(1-from, token, account); err != nil {
		return nil, 0, "", fail(http.StatusForbidden, "only the other player of game %s accepts this rematch", oldID)
	}
	now := s.now()
	g := &store.Game{ID: newID(), Rules: old.Rules, Board: old.Board, BoardJSON: old.BoardJSON, Setup: old.Setup,
		Status: string(session.Playing), Serving: session.Current, Clock: old.Clock, Created: now}
	if g.Setup == "pie" {
		g.Status = string(session.Setup)
	}
	if tc, err := clockOf(old); err != nil {
		return nil, 0, "", err
	} else if tc.Kind != session.NoClock && g.Setup != "pie" {
		g.Deadline = now.Add(tc.Remaining(tc.Start()))
	}
	newToken := newToken()
	sum := sha256.Sum256([]byte(newToken))
	maker, acceptor := old.Seats[from], old.Seats[1-from]
	maker.TokenHash = makerHash
	acceptor.TokenHash = sum[:]
	g.Seats = make([]store.Seat, 2)
	g.Seats[1-from], g.Seats[from] = maker, acceptor // colours swapped
	return g, 1 - from, newToken, nil
}
