package server

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"strings"
	"sync"
	"testing"

	"moku/computer"
	"moku/internal/pgtest"
	"moku/rating"
)

// signUp makes a device signed in to a new account of name.
func signUp(t *testing.T, ts *testServer, name string) *device {
	t.Helper()
	d := ts.device()
	if code, body, _ := d.post("/api/account/signup", map[string]string{"name": name, "password": "correct horse"}); code != http.StatusOK {
		t.Fatalf("sign-up %s: %d %s", name, code, body)
	}
	return d
}

// twoAccountGame makes a game of game on board between two signed-in
// devices' accounts, rated or not: a creates it, in seat 0, and b takes
// seat 1.
func twoAccountGame(t *testing.T, a, b *device, game, board string, rated bool) created {
	t.Helper()
	code, body, _ := a.post("/api/games", map[string]any{"game": game, "board": board, "rated": rated,
		"seats": []map[string]any{{"kind": "human"}, {"kind": "human"}}})
	var g created
	if code != http.StatusCreated || json.Unmarshal(body, &g) != nil {
		t.Fatalf("create: %d %s", code, body)
	}
	if code, body, _ := b.post("/api/games/"+g.ID+"/seat", map[string]any{"seat": 1, "token": g.Tokens[1]}); code != http.StatusOK {
		t.Fatalf("the second player takes seat 1: %d %s", code, body)
	}
	return g
}

// profile returns GET /api/players/{name}.
func profile(t *testing.T, d *device, name string) playerView {
	t.Helper()
	code, body := d.get("/api/players/" + name)
	var v playerView
	if code != http.StatusOK || json.Unmarshal(body, &v) != nil {
		t.Fatalf("profile of %s: %d %s", name, code, body)
	}
	return v
}

// ratingOf returns a profile's rating at game, or a new player's.
func ratingOf(v playerView, game string) (rating.Glicko, int) {
	for _, r := range v.Ratings {
		if r.Game == game {
			return rating.Glicko{Rating: r.Rating, Deviation: r.Deviation}, r.Games
		}
	}
	return rating.NewGlicko(), 0
}

func near(a, b rating.Glicko) bool {
	return math.Abs(a.Rating-b.Rating) < 1e-6 && math.Abs(a.Deviation-b.Deviation) < 1e-6
}

// TestRatingGames: a rated game between two accounts moves both ratings
// as Glicko-2 does in one rating period of that game; against the
// computer only the person's rating moves, against its fixed anchor; an
// unrated game, or a rated one whose second seat never belonged to an
// account, moves nothing; and rated games that cannot be are refused.
func TestRatingGames(t *testing.T) {
	ts := newTestServerOpt(t, Options{Anchor: computer.AnchorOf})
	ann, bob := signUp(t, ts, "Ann"), signUp(t, ts, "Bob")
	anon := ts.device()
	newP := rating.NewGlicko()
	random, _ := computer.AnchorOf("go", "random")
	for _, tc := range []struct {
		name     string
		rated    bool
		opponent string // "bob", "computer" or "anon"
		// Ann's and Bob's ratings after Ann resigns, from new players'.
		ann, bob rating.Glicko
		games    int
	}{
		{"unrated", false, "bob", newP, newP, 0},
		{"rated, Bob never signed in", true, "anon", newP, newP, 0},
		{"rated, two accounts", true, "bob",
			newP.Update([]rating.Outcome{{Opponent: newP, Score: 0}}, RatingTau),
			newP.Update([]rating.Outcome{{Opponent: newP, Score: 1}}, RatingTau), 1},
		{"rated, against the computer", true, "computer",
			newP.Update([]rating.Outcome{{Opponent: random, Score: 0}}, RatingTau), newP, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Each case in a game of its own: Ki, Kee, Go and Keil-free
			// names keep the cases' ratings apart.
			game := map[string]string{"unrated": "ki", "rated, Bob never signed in": "kee", "rated, two accounts": "go", "rated, against the computer": "keil"}[tc.name]
			board := map[string]string{"ki": "5x5", "kee": "5x5", "go": "5x5", "keil": "hex:3"}[game]
			if game == "keil" {
				// Keil's anchors are Keil's; Go's random is the same.
				tc.ann = newP.Update([]rating.Outcome{{Opponent: random, Score: 0}}, RatingTau)
			}
			second := map[string]any{"kind": "human"}
			if tc.opponent == "computer" {
				second = map[string]any{"kind": "computer", "level": "random"}
			}
			code, body, _ := ann.post("/api/games", map[string]any{"game": game, "board": board, "rated": tc.rated,
				"seats": []map[string]any{{"kind": "human"}, second}})
			if code != http.StatusCreated {
				t.Fatalf("create: %d %s", code, body)
			}
			var g created
			json.Unmarshal(body, &g)
			switch tc.opponent {
			case "bob":
				if code, body, _ := bob.post("/api/games/"+g.ID+"/seat", map[string]any{"seat": 1, "token": g.Tokens[1]}); code != http.StatusOK {
					t.Fatalf("Bob takes his seat: %d %s", code, body)
				}
			case "anon":
				if code, body, _ := anon.post("/api/games/"+g.ID+"/seat", map[string]any{"seat": 1, "token": g.Tokens[1]}); code != http.StatusOK {
					t.Fatalf("the second player takes the seat: %d %s", code, body)
				}
			}
			ts.must(g, 0, "move", "resign")
			a := profile(t, anon, "ann")
			gotAnn, n := ratingOf(a, game)
			if !near(gotAnn, tc.ann) || n != tc.games {
				t.Errorf("Ann's %s rating: %+v after %d games, want %+v", game, gotAnn, n, tc.ann)
			}
			if gotBob, _ := ratingOf(profile(t, anon, "BOB"), game); !near(gotBob, tc.bob) {
				t.Errorf("Bob's %s rating: %+v, want %+v", game, gotBob, tc.bob)
			}
			rated := n > 0
			if rated != (len(a.History) > 0 && a.History[len(a.History)-1].ID == g.ID) {
				t.Errorf("Ann's history %+v after game %s (rated: %v)", a.History, g.ID, rated)
			}
			if len(a.Games) == 0 || a.Games[0].ID != g.ID {
				t.Errorf("Ann's games %+v: want %s first", a.Games, g.ID)
			}
		})
	}

	// Refused: rated without an account, or with a computer level
	// without an anchor (here, a server with none).
	for _, tc := range []struct {
		name string
		ts   *testServer
		d    *device
		seat map[string]any
	}{
		{"not signed in", ts, anon, map[string]any{"kind": "human"}},
		{"no anchors", newTestServer(t), nil, map[string]any{"kind": "computer", "level": "random"}},
	} {
		d := tc.d
		if d == nil {
			d = signUp(t, tc.ts, "Cat")
		}
		code, body, _ := d.post("/api/games", map[string]any{"game": "go", "board": "5x5", "rated": true,
			"seats": []map[string]any{{"kind": "human"}, tc.seat}})
		if code != http.StatusBadRequest {
			t.Errorf("%s: a rated game: %d %s, want 400", tc.name, code, body)
		}
	}
	if code, _ := anon.get("/api/players/nobody"); code != http.StatusNotFound {
		t.Errorf("the profile of no account: %d, want 404", code)
	}
}

// TestRatingOnceTwoServers: two servers on one PostgreSQL database both
// try at once to rate a rated game that ended (as when one ends it and
// the other catches up): the ratings move once.
func TestRatingOnceTwoServers(t *testing.T) {
	dsn := pgtest.DSN(t)
	nodes := clNodes(t, dsn, 2, Options{Anchor: computer.AnchorOf, Takeover: -1})
	ts0 := &testServer{t: t, base: nodes[0].http.URL}
	ts1 := &testServer{t: t, base: nodes[1].http.URL}
	ann, bob := signUp(t, ts0, "Ann"), signUp(t, ts1, "Bob")
	g := twoAccountGame(t, ann, bob, "go", "5x5", false)
	// The game ends on server 0 unrated; marked rated only then, so that
	// no server rated it on its end, it is rated by both servers at once,
	// each holding it over, each several times.
	if code, body, _ := ann.post("/api/games/"+g.ID+"/actions", map[string]any{"seat": 0, "kind": "move", "arg": "resign"}); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, body)
	}
	ctx := context.Background()
	if err := nodes[0].srv.store.SetRated(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for _, nd := range nodes {
		sv, err := nd.srv.acquire(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		nd.srv.catchUpLocked(ctx, g.ID, sv)
		sv.mu.Unlock()
		for range 3 {
			wg.Go(func() {
				sv.mu.Lock()
				defer sv.mu.Unlock()
				nd.srv.rateGame(ctx, g.ID, sv)
			})
		}
	}
	wg.Wait()
	newP := rating.NewGlicko()
	want := newP.Update([]rating.Outcome{{Opponent: newP, Score: 0}}, RatingTau)
	v := profile(t, bob, "Ann")
	got, n := ratingOf(v, "go")
	if !near(got, want) || n != 1 || len(v.History) != 1 {
		t.Errorf("Ann after one game rated by two servers: %+v after %d games, history %+v; want %+v once", got, n, v.History, want)
	}
}

// TestRatingThreePlayers: a rated game of Kee among three accounts
// rates each player by rating.RankOutcomes of the ranks, in one rating
// period: Ann resigns first (third), Bob next (second), Cat wins.
func TestRatingThreePlayers(t *testing.T) {
	ts := newTestServerOpt(t, Options{Anchor: computer.AnchorOf})
	devs := []*device{signUp(t, ts, "Ann"), signUp(t, ts, "Bob"), signUp(t, ts, "Cat")}
	code, body, _ := devs[0].post("/api/games", map[string]any{"game": "kee", "board": "5x5", "players": 3, "rated": true,
		"seats": []map[string]any{{"kind": "human"}, {"kind": "human"}, {"kind": "human"}}})
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	var g created
	json.Unmarshal(body, &g)
	for i := 1; i < 3; i++ {
		if code, body, _ := devs[i].post("/api/games/"+g.ID+"/seat", map[string]any{"seat": i, "token": g.Tokens[i]}); code != http.StatusOK {
			t.Fatalf("seat %d: %d %s", i, code, body)
		}
	}
	for seat := range 2 {
		if code, body, _ := devs[seat].post("/api/games/"+g.ID+"/actions", map[string]any{"seat": seat, "kind": "move", "arg": "resign"}); code != http.StatusOK {
			t.Fatalf("seat %d resigns: %d %s", seat, code, body)
		}
	}
	if v := ts.view(g.ID); v.Phase != "over" {
		t.Fatalf("after two resignations: phase %q", v.Phase)
	}
	newP := rating.NewGlicko()
	ps := []rating.Glicko{newP, newP, newP}
	outcomes := rating.RankOutcomes([]int{3, 2, 1}, ps)
	for i, name := range []string{"Ann", "Bob", "Cat"} {
		want := newP.Update(outcomes[i], RatingTau)
		if got, n := ratingOf(profile(t, devs[0], name), "kee"); !near(got, want) || n != 1 {
			t.Errorf("%s: %+v after %d games, want %+v", name, got, n, want)
		}
	}
}

// TestRatingAfterPie: after Keil's komi pie in which the second seat
// chose Black, the rating follows the seats, not the turn order: Bob, in
// the second seat playing Black, resigns, and Ann wins.
func TestRatingAfterPie(t *testing.T) {
	ts := newTestServerOpt(t, Options{Anchor: computer.AnchorOf})
	ann, bob := signUp(t, ts, "Ann"), signUp(t, ts, "Bob")
	code, body, _ := ann.post("/api/games", map[string]any{"game": "keil", "board": "hex:3", "setup": "pie", "rated": true,
		"seats": []map[string]any{{"kind": "human"}, {"kind": "human"}}})
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	var g created
	json.Unmarshal(body, &g)
	if code, body, _ := bob.post("/api/games/"+g.ID+"/seat", map[string]any{"seat": 1, "token": g.Tokens[1]}); code != http.StatusOK {
		t.Fatalf("Bob's seat: %d %s", code, body)
	}
	for _, a := range []struct {
		d         *device
		seat      int
		kind, arg string
	}{{ann, 0, "komi", "0.5"}, {bob, 1, "choose", "black"}, {bob, 1, "move", "resign"}} {
		if code, body, _ := a.d.post("/api/games/"+g.ID+"/actions", map[string]any{"seat": a.seat, "kind": a.kind, "arg": a.arg}); code != http.StatusOK {
			t.Fatalf("seat %d %s %s: %d %s", a.seat, a.kind, a.arg, code, body)
		}
	}
	newP := rating.NewGlicko()
	for _, c := range []struct {
		name  string
		score float64
	}{{"Ann", 1}, {"Bob", 0}} {
		want := newP.Update([]rating.Outcome{{Opponent: newP, Score: c.score}}, RatingTau)
		if got, _ := ratingOf(profile(t, ann, c.name), "keil"); !near(got, want) {
			t.Errorf("%s: %+v, want %+v", c.name, got, want)
		}
	}
}

// TestRatingOnLoad: a rated game that ended without its rating (its
// server stopped, or the store failed, in between) is rated when a
// server next reads it.
func TestRatingOnLoad(t *testing.T) {
	ts := newTestServerOpt(t, Options{Anchor: computer.AnchorOf})
	ann := signUp(t, ts, "Ann")
	g := againstComputer(t, ann, false)
	ts.must(g, 0, "move", "resign")
	// The game ended unrated; marked rated now, it is as one whose
	// rating was never made.
	if err := ts.store.SetRated(context.Background(), g.ID); err != nil {
		t.Fatal(err)
	}
	if _, n := ratingOf(profile(t, ann, "Ann"), "go"); n != 0 {
		t.Fatalf("rated before it is read: %d games", n)
	}
	other := New(ts.store, Options{Anchor: computer.AnchorOf})
	defer other.Close()
	sv, err := other.acquire(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	sv.mu.Unlock()
	random, _ := computer.AnchorOf("go", "random")
	want := rating.NewGlicko().Update([]rating.Outcome{{Opponent: random, Score: 0}}, RatingTau)
	if got, n := ratingOf(profile(t, ann, "Ann"), "go"); !near(got, want) || n != 1 {
		t.Errorf("after another server read the game: %+v after %d games, want %+v", got, n, want)
	}
}

// TestRatedNoTakeBacks: in a rated game against the computer, which
// grants every take-back at once, the person's undo requests are refused
// and the view offers none; an unrated game against it grants them.
func TestRatedNoTakeBacks(t *testing.T) {
	ts := newTestServerOpt(t, Options{Anchor: computer.AnchorOf})
	ann := signUp(t, ts, "Ann")
	for _, rated := range []bool{true, false} {
		g := againstComputer(t, ann, rated)
		ts.must(g, 0, "move", "c3")
		v := ts.waitView(g.ID, func(v gameView) bool { return len(v.Moves) == 2 })
		if (v.Undoable[0] == 0) != rated {
			t.Errorf("rated %v: the view offers a take-back of %d moves", rated, v.Undoable[0])
		}
		before := ts.snapshot(g.ID)
		code, body := ts.act(g.ID, actReq{Seat: 0, Token: g.Tokens[0], Kind: "undo-request", Version: intp(2)})
		switch {
		case rated:
			if code != http.StatusForbidden || !strings.Contains(string(body), "rated") {
				t.Errorf("a take-back in a rated game: %d %s", code, body)
			}
			ts.unchanged("the refused take-back", before)
		case code != http.StatusOK:
			t.Errorf("a take-back in an unrated game: %d %s", code, body)
		default:
			ts.waitView(g.ID, func(v gameView) bool { return len(v.Moves) == 0 })
		}
	}
}

// againstComputer creates, as d, a 5x5 Go game against the computer's
// random level, rated or not.
func againstComputer(t *testing.T, d *device, rated bool) created {
	t.Helper()
	code, body, _ := d.post("/api/games", map[string]any{"game": "go", "board": "5x5", "rated": rated,
		"seats": []map[string]any{{"kind": "human"}, {"kind": "computer", "level": "random"}}})
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	var g created
	if err := json.Unmarshal(body, &g); err != nil {
		t.Fatal(err)
	}
	return g
}
