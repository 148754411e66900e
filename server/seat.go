package server

import (
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"math"
	"net/http"
	"strconv"

	"moku/session"
	"moku/store"
)

// seatRequest is the body of POST /api/games/{id}/seat: a seat and the
// token its link carries.
type seatRequest struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// seatAnswer is the answer to a seat whose token is right.
type seatAnswer struct {
	Seat  int    `json:"seat"`
	Color string `json:"color"`
}

// seat checks a seat link's token without acting, so that the page can
// tell a wrong link as soon as it opens, before any click: 200 with the
// seat and its colour if the token is the seat's, 403 if it is not (or the
// seat is the computer's), 400 for a seat the game does not have. It
// counts against the client's action limit, as an action would: the token
// compare is the same.
func (s *Server) seat(w http.ResponseWriter, r *http.Request) {
	lm := s.limits
	if ok, wait := lm.take(lm.actions, lm.client(r), lm.l.Actions, lm.l.ActionBurst); !ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
		writeError(w, fail(http.StatusTooManyRequests, "too many requests: try again in %.1f s", wait.Seconds()))
		return
	}
	var req seatRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	sv, err := s.acquire(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	defer sv.mu.Unlock()
	t := sv.t
	a, _ := s.signedIn(r)
	account := ""
	if a != nil {
		account = a.ID
	}
	if err := t.checkSeat(req.Seat, req.Token, account); err != nil {
		writeError(w, err)
		return
	}
	if a != nil && req.Token != "" && t.meta.Seats[req.Seat].Account == "" {
		// A signed-in player's seat belongs to their account from now on,
		// and bears its name (not the one its link was sent under).
		mine, err := s.store.BindSeat(r.Context(), t.meta.ID, req.Seat, a.ID, a.Name)
		if errors.Is(err, store.ErrNoAccount) {
			mine, err = false, nil // deleted meanwhile: the link opens the seat, as a guest's
		}
		if err != nil {
			writeError(w, err)
			return
		}
		if mine {
			t.meta.Seats[req.Seat].Account, t.meta.Seats[req.Seat].Name = a.ID, a.Name
			sv.cached = nil // the view names the seat anew
			s.broadcast(sv)
		}
	}
	writeJSON(w, http.StatusOK, seatAnswer{Seat: req.Seat, Color: t.colorName(req.Seat)})
}

// checkSeat checks that token is the secret of a person's seat of the
// game (constant time), or, without a token, that the seat belongs to the
// account signed in (account, or ""): 400 for a seat the game lacks, 403
// otherwise. The caller holds the game's lock.
func (t *table) checkSeat(seat int, token, account string) error {
	if seat < 0 || seat >= len(t.meta.Seats) {
		return fail(http.StatusBadRequest, "no seat %d", seat)
	}
	st := t.meta.Seats[seat]
	if account != "" && st.Account == account && token == "" {
		return nil // the seat of the account signed in
	}
	sum := sha256.Sum256([]byte(token))
	if st.Kind != string(session.Human) || subtle.ConstantTimeCompare(sum[:], st.TokenHash) != 1 {
		return fail(http.StatusForbidden, "wrong token for seat %d", seat)
	}
	return nil
}
