package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"moku/session"
	"moku/store"
)

// playerPage is the part of GET /api/players/{name}/games, /api/account
// and /api/players/{name} that pages: the games and where they go on.
type playerPage struct {
	Games []gameItem `json:"games"`
	Next  *nextPage  `json:"next"`
}

// getPage returns the games and next of path's answer, which must be 200.
func getPage(t *testing.T, d *device, path string) playerPage {
	t.Helper()
	code, body := d.get(path)
	var p playerPage
	if code != http.StatusOK || json.Unmarshal(body, &p) != nil {
		t.Fatalf("GET %s: %d %.300s", path, code, body)
	}
	return p
}

// TestPlayerGamesPages: a player with more games than the account page and
// the profile show reaches every one of them, once, through the pages of
// GET /api/players/{name}/games that their next leads to; the games of
// others are in none; only the player, signed in, sees yourTurn; a bad
// page or an unknown player is a clear error.
func TestPlayerGamesPages(t *testing.T) {
	ts := newTestServer(t)
	ctx := context.Background()
	bob := signUp(t, ts, "Bob")
	acc, err := ts.store.AccountByName(ctx, "Bob")
	if err != nil {
		t.Fatal(err)
	}
	total := MaxListed + 7
	mine, turns := map[string]bool{}, map[string]bool{}
	for i := 0; len(mine) < total; i++ {
		g := &store.Game{ID: fmt.Sprintf("g%03d", i), Rules: "go", Board: "5x5", Setup: "fixed", Status: string(session.Playing),
			Seats: []store.Seat{{Kind: "human", Name: "a"}, {Kind: "human", Name: "b"}}, ToMove: i % 2}
		if i%10 == 3 {
			g.Seats[0].Name = "someone else" // one game in ten not Bob's
		} else {
			g.Seats[0].Name, g.Seats[0].Account = "Bob", acc.ID
			mine[g.ID] = true
			if g.ToMove == 0 {
				turns[g.ID] = true
			}
		}
		if err := ts.store.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	// follow reads the pages that next leads to, limit games a page,
	// adding each game to seen (each once) and checking yourTurn.
	follow := func(d *device, what string, first playerPage, limit int, signedIn bool) map[string]bool {
		t.Helper()
		seen := map[string]bool{}
		page := first
		for pages := 0; ; pages++ {
			for _, g := range page.Games {
				if !mine[g.ID] {
					t.Fatalf("%s: %s is not Bob's", what, g.ID)
				}
				if seen[g.ID] {
					t.Fatalf("%s: %s listed again", what, g.ID)
				}
				seen[g.ID] = true
				if want := signedIn && turns[g.ID]; g.YourTurn != want {
					t.Errorf("%s: %s yourTurn %v, want %v", what, g.ID, g.YourTurn, want)
				}
			}
			if page.Next == nil || pages > total {
				break
			}
			page = getPage(t, d, fmt.Sprintf("/api/players/Bob/games?limit=%d&before=%s&before_id=%s", limit,
				url.QueryEscape(page.Next.Before.Format(time.RFC3339Nano)), url.QueryEscape(page.Next.BeforeID)))
		}
		if len(seen) != total {
			t.Errorf("%s: the pages listed %d of Bob's %d games", what, len(seen), total)
		}
		return seen
	}

	account := getPage(t, bob, "/api/account")
	if len(account.Games) != MaxListed || account.Next == nil {
		t.Fatalf("the account page: %d games, next %v; want %d and a next", len(account.Games), account.Next, MaxListed)
	}
	for i := 1; i < len(account.Games); i++ {
		if account.Games[i].YourTurn && !account.Games[i-1].YourTurn {
			t.Fatalf("the account page lists %s, Bob's turn, after %s, not", account.Games[i].ID, account.Games[i-1].ID)
		}
	}
	follow(bob, "from the account page", account, 60, true)
	anon := ts.device()
	profile := getPage(t, anon, "/api/players/Bob")
	if len(profile.Games) != profileGames || profile.Next == nil {
		t.Fatalf("the profile: %d games, next %v; want %d and a next", len(profile.Games), profile.Next, profileGames)
	}
	follow(anon, "from the profile, not signed in", profile, 45, false)
	follow(bob, "from the first page, signed in", getPage(t, bob, "/api/players/Bob/games?limit=7"), 7, true)
	// The default page is MaxListed games; the rest, 7, fill a page of 7
	// exactly, which has a next all the same, to an empty page without.
	first := getPage(t, anon, "/api/players/Bob/games")
	if len(first.Games) != MaxListed || first.Next == nil {
		t.Fatalf("the default page: %d games, next %v; want %d and a next", len(first.Games), first.Next, MaxListed)
	}
	at := func(n *nextPage) string {
		return "&before=" + url.QueryEscape(n.Before.Format(time.RFC3339Nano)) + "&before_id=" + url.QueryEscape(n.BeforeID)
	}
	rest := getPage(t, anon, "/api/players/Bob/games?limit=7"+at(first.Next))
	if len(rest.Games) != 7 || rest.Next == nil {
		t.Fatalf("the page of the last 7: %d games, next %v; want 7 and a next", len(rest.Games), rest.Next)
	}
	if end := getPage(t, anon, "/api/players/Bob/games?limit=7"+at(rest.Next)); len(end.Games) != 0 || end.Next != nil {
		t.Errorf("the page after the last: %d games, next %v; want none", len(end.Games), end.Next)
	}

	for _, bad := range []string{"?limit=0", "?limit=x", fmt.Sprintf("?limit=%d", MaxListed+1), "?before=yesterday&before_id=g001", "?before_id=g001"} {
		if code, body := anon.get("/api/players/Bob/games" + bad); code != http.StatusBadRequest || !strings.Contains(errorOf(t, body), "want") {
			t.Errorf("GET /api/players/Bob/games%s: %d %s", bad, code, body)
		}
	}
	if code, body := anon.get("/api/players/nobody/games"); code != http.StatusNotFound || !strings.Contains(errorOf(t, body), "no such player") {
		t.Errorf("an unknown player's games: %d %s", code, body)
	}
}
