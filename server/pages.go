package server

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"moku/session"
	"moku/store"
)

// nextPage is where a list of games goes on: the updated time and id of
// its last game, which a request gives as before and before_id for the
// page after it.
type nextPage struct {
	Before   time.Time `json:"before"`
	BeforeID string    `json:"beforeId"`
}

// nextOf returns the page after games, a page the store gave for a limit
// of limit, or nil if the list ends with it.
func nextOf(games []store.Game, limit int) *nextPage {
	if len(games) < limit || len(games) == 0 {
		return nil
	}
	last := games[len(games)-1]
	return &nextPage{Before: last.Updated, BeforeID: last.ID}
}

// pageQuery reads a list's limit (1 to MaxListed, def when q has none)
// and its place (before and before_id: the updated time, RFC 3339, and
// the id of the last game of the page before) from q.
func pageQuery(q url.Values, def int) (int, store.Page, error) {
	limit := def
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxListed {
			return 0, store.Page{}, fail(http.StatusBadRequest, "limit %q: want a number from 1 to %d", v, MaxListed)
		}
		limit = n
	}
	var from store.Page
	if v, id := q.Get("before"), q.Get("before_id"); v != "" || id != "" {
		t, err := time.Parse(time.RFC3339Nano, v)
		if err != nil || id == "" {
			return 0, store.Page{}, fail(http.StatusBadRequest, "before %q, before_id %q: want the updated time (RFC 3339) and the id of the last game of the page before", v, id)
		}
		from = store.Page{Updated: t, ID: id}
	}
	return limit, from, nil
}

// playerGamesView is the answer of GET /api/players/{name}/games.
type playerGamesView struct {
	Games []gameItem `json:"games"`
	Next  *nextPage  `json:"next,omitempty"` // nil at the end of the list
}

// playerGames answers GET /api/players/{name}/games[?limit=N][&before=TIME&before_id=ID]:
// at most limit of an account's games (default and most MaxListed), the
// latest updated first, from the place before and before_id give (a
// page's next), and where the list goes on. Anyone may look; to the
// account itself, signed in, the games where its seat is to move are
// marked yourTurn.
func (s *Server) playerGames(w http.ResponseWriter, r *http.Request) {
	limit, from, err := pageQuery(r.URL.Query(), MaxListed)
	if err != nil {
		writeError(w, err)
		return
	}
	a, ok := s.namedAccount(w, r)
	if !ok {
		return
	}
	games, err := s.store.AccountGames(r.Context(), a.ID, limit, from)
	if err != nil {
		writeError(w, err)
		return
	}
	me, _ := s.signedIn(r)
	v := playerGamesView{Games: []gameItem{}, Next: nextOf(games, limit)}
	for _, g := range games {
		it := itemOf(g)
		if me != nil && me.ID == a.ID {
			it.YourTurn = yourTurn(g, a.ID)
		}
		v.Games = append(v.Games, it)
	}
	writeJSON(w, http.StatusOK, v)
}

// namedAccount returns the account the request's {name} names; when there is
// none (404) or the store fails, it has answered and returns false.
func (s *Server) namedAccount(w http.ResponseWriter, r *http.Request) (*store.Account, bool) {
	a, err := s.store.AccountByName(r.Context(), r.PathValue("name"))
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			err = fail(http.StatusNotFound, "no such player")
		}
		writeError(w, err)
		return nil, false
	}
	return a, true
}

// yourTurn reports whether, in g, it is the turn of a seat of account.
func yourTurn(g store.Game, account string) bool {
	return g.ToMove >= 0 && g.ToMove < len(g.Seats) && g.Seats[g.ToMove].Account == account &&
		(g.Status == string(session.Playing) || g.Status == string(session.Setup))
}
