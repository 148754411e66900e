package server

import (
	"context"
	"net/http"
	"slices"
	"time"

	"moku/rating"
	"moku/session"
	"moku/store"
)

// Rated games (docs/usage.md, "Ratings"). A game created with "rated":
// true updates its players' Glicko-2 ratings (package rating) when it
// ends, each account having one rating a game name (keil, kee, ki, go;
// Kee of two, three and four players share one). Each rated game is a
// rating period of its own: a player's new rating is Glicko.Update of
// the game's outcomes alone, against the opponents' ratings before it. A
// two-player game is one outcome (1, ½ or 0); a game of three or four
// players is rating.RankOutcomes of the players' ranks, an outcome
// against every other player. The computer's seats are the fixed anchors
// of Options.Anchor and never move. The store claims the game and writes
// the ratings in one transaction (store.Ratings.RateGame), so a game is
// rated once, whichever server ends it.
//
// A game is rated only if, when it ends, every person's seat belongs to
// an account (the creator's does from the start; the others' when their
// players open their links signed in) and no account holds two seats;
// otherwise it ends unrated.

// RatingTau is the Glicko-2 system constant of the web app's ratings.
const RatingTau = rating.DefaultTau

// MaxHistory bounds the points of rating history GET /api/players/{name}
// returns (the latest).
const MaxHistory = 500

// markRated records a game to be created as rated, after checking that
// it can be (checkRated).
func (s *Server) markRated(ctx context.Context, meta *store.Game) error {
	cfg, err := configOf(meta)
	if err != nil {
		return err
	}
	if err := s.checkRated(meta, cfg.Rules.Game); err != nil {
		return err
	}
	return s.store.SetRated(ctx, meta.ID)
}

// checkRated refuses to create a rated game that could not be: one
// created by no account, with no person, or with a computer seat whose
// level has no fixed rating (Options.Anchor). The caller has bound the
// creator's seat.
func (s *Server) checkRated(meta *store.Game, gameName string) error {
	bad := func(format string, a ...any) error { return fail(http.StatusBadRequest, format, a...) }
	signed := false
	for i, st := range meta.Seats {
		switch st.Kind {
		case "human":
			signed = signed || st.Account != ""
		case "computer":
			if s.opt.Anchor == nil {
				return bad("seat %d: a game with the computer cannot be rated on this server", i+1)
			}
			if _, ok := s.opt.Anchor(gameName, st.Level); !ok {
				return bad("seat %d: the computer's level %q has no fixed rating: choose a level of playouts for a rated game", i+1, st.Level)
			}
		}
	}
	if !signed {
		return bad("sign in to create a rated game")
	}
	return nil
}

// rateGame updates the ratings after game id, if it is rated, over and
// not rated yet. The caller holds sv.mu. It runs when an action ends the
// game, when a server learns that another's action did, and when a
// server reads a game that is over: a rating that failed (the store
// unavailable, the server stopped) is made the next time the game is
// read. Errors are logged: the game's end is stored already.
func (s *Server) rateGame(ctx context.Context, id string, sv *served) {
	t := sv.t
	if t.game.Phase() != session.Over {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	rated, done, err := s.store.Rated(ctx, id)
	if err != nil {
		s.log.Error("rating", "game", id, "err", err)
		return
	}
	if !rated || done {
		return
	}
	r := t.game.Rules()
	var accounts []string
	var anchors []rating.Glicko
	seatOf := map[int]int{} // seat → index into accounts
	for i, st := range t.meta.Seats {
		if st.Kind != "human" {
			a, ok := rating.Glicko{}, false
			if s.opt.Anchor != nil {
				a, ok = s.opt.Anchor(r.Game, st.Level)
			}
			if !ok {
				s.log.Warn("rating: computer level without an anchor", "game", id, "level", st.Level)
				return
			}
			anchors = append(anchors, a)
			continue
		}
		if st.Account == "" || slices.Contains(accounts, st.Account) {
			s.log.Info("rated game left unrated: a seat without an account, or two seats of one", "game", id)
			return
		}
		seatOf[i] = len(accounts)
		accounts = append(accounts, st.Account)
	}
	res := t.game.Result()
	ranks := res.Rank()
	rank := make([]int, len(t.meta.Seats))
	for i := range rank {
		rank[i] = ranks[t.game.Color(i)]
	}
	at := s.now()
	if len(t.actions) > 0 {
		at = t.actions[len(t.actions)-1].At
	}
	_, err = s.store.RateGame(ctx, id, r.Game, at, accounts, func(before []store.Rating) []store.Rating {
		ratings := make([]rating.Glicko, len(t.meta.Seats))
		k := 0
		for i := range t.meta.Seats {
			if j, ok := seatOf[i]; ok {
				ratings[i] = glickoOf(before[j])
			} else {
				ratings[i] = anchors[k]
				k++
			}
		}
		outcomes := rating.RankOutcomes(rank, ratings)
		after := make([]store.Rating, len(accounts))
		for i, j := range seatOf {
			g := ratings[i].Update(outcomes[i], RatingTau)
			after[j] = store.Rating{Account: accounts[j], Game: r.Game, Rating: g.Rating, Deviation: g.Deviation, Volatility: g.Volatility}
		}
		return after
	})
	if err != nil {
		s.log.Error("rating", "game", id, "err", err)
	}
}

// glickoOf is a stored rating as package rating's, a new player's if
// none was stored.
func glickoOf(r store.Rating) rating.Glicko {
	if r.Games == 0 && r.Deviation == 0 {
		return rating.NewGlicko()
	}
	return rating.Glicko{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}
}

// ratingView is one of a player's ratings.
type ratingView struct {
	Game      string  `json:"game"`
	Rating    float64 `json:"rating"`
	Deviation float64 `json:"deviation"`
	Games     int     `json:"games"`
}

// historyPoint is a point of a player's rating history.
type historyPoint struct {
	Game      string    `json:"game"`
	ID        string    `json:"id"`
	At        time.Time `json:"at"`
	Rating    float64   `json:"rating"`
	Deviation float64   `json:"deviation"`
}

// profileGames is the latest games a player's profile shows.
const profileGames = 50

// playerView is the answer of GET /api/players/{name}.
type playerView struct {
	Name    string         `json:"name"`
	Ratings []ratingView   `json:"ratings"`
	History []historyPoint `json:"history"`
	Games   []gameItem     `json:"games"`
	// Next, when the player has more games than these, is where GET
	// /api/players/{name}/games goes on with the older ones.
	Next *nextPage `json:"next,omitempty"`
}

// playerProfile answers GET /api/players/{name}: an account's ratings, the
// latest MaxHistory points of their history, oldest first, and its
// latest games. Anyone may look.
func (s *Server) playerProfile(w http.ResponseWriter, r *http.Request) {
	a, ok := s.namedAccount(w, r)
	if !ok {
		return
	}
	ratings, err := s.store.AccountRatings(r.Context(), a.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	history, err := s.store.RatingHistory(r.Context(), a.ID, MaxHistory)
	if err != nil {
		writeError(w, err)
		return
	}
	games, err := s.store.AccountGames(r.Context(), a.ID, profileGames, store.Page{})
	if err != nil {
		writeError(w, err)
		return
	}
	v := playerView{Name: a.Name, Ratings: []ratingView{}, History: []historyPoint{}, Games: []gameItem{}, Next: nextOf(games, profileGames)}
	for _, r := range ratings {
		v.Ratings = append(v.Ratings, ratingView{Game: r.Game, Rating: r.Rating, Deviation: r.Deviation, Games: r.Games})
	}
	for _, p := range history {
		v.History = append(v.History, historyPoint{Game: p.Game, ID: p.GameID, At: p.At, Rating: p.Rating, Deviation: p.Deviation})
	}
	for _, g := range games {
		v.Games = append(v.Games, itemOf(g))
	}
	writeJSON(w, http.StatusOK, v)
}
