package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"moku/session"
	"moku/store"
)

// TestBrowserPlayerGamesPages: a player with more games than the account
// page and the profile list at first sees the rest, each once, through
// their "Older games" buttons, which go once the last page is in; a page
// left and shown again before its answer shows each game once.
func TestBrowserPlayerGamesPages(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	p := signUpPage(b, "Bob")
	ctx := context.Background()
	acc, err := ts.store.AccountByName(ctx, "Bob")
	if err != nil {
		t.Fatal(err)
	}
	const games = MaxListed + 13
	for i := range games {
		g := &store.Game{ID: fmt.Sprintf("bob%03d", i), Rules: "go", Board: "5x5", Setup: "fixed", Status: string(session.Playing),
			Seats: []store.Seat{{Kind: "human", Name: "Bob", Account: acc.ID}, {Kind: "human", Name: fmt.Sprintf("P%03d", i)}}, ToMove: 1}
		if err := ts.store.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	// rows waits for want rows in the games table sel, then checks that
	// they are want different games.
	rows := func(sel string, want int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			var n int
			p.eval(fmt.Sprintf(`document.querySelectorAll('%s tr').length`, sel), &n)
			if n == want {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: %d rows, want %d", sel, n, want)
			}
			time.Sleep(20 * time.Millisecond)
		}
		var names []string
		p.eval(fmt.Sprintf(`[...document.querySelectorAll('%s tr td:nth-child(3)')].map(td => td.textContent)`, sel), &names)
		seen := map[string]bool{}
		for _, n := range names {
			seen[n] = true
		}
		if len(seen) != want {
			t.Errorf("%s: %d different games in %d rows", sel, len(seen), len(names))
		}
	}

	// Away and straight back: the first account page's answer must not
	// land in the second's table (it did, before showAccount checked).
	var ignored any
	p.eval(`location.hash = "#/"; location.hash = "#/account"`, &ignored)
	rows("#my-games", MaxListed)
	if p.hidden("#my-games-more") {
		t.Fatal("the account page: no button for older games after a full page")
	}
	p.click("#my-games-more")
	rows("#my-games", games)
	if !p.hidden("#my-games-more") {
		t.Error("the account page: the button for older games still shows after the last page")
	}

	p.click("#profile-link")
	rows("#profile-games", profileGames)
	for shown := profileGames; shown < games; {
		if p.hidden("#profile-games-more") {
			t.Fatalf("the profile: no button for older games after %d of %d", shown, games)
		}
		p.click("#profile-games-more")
		shown = min(shown+50, games) // lists.js's LIST_PAGE
		rows("#profile-games", shown)
	}
	if !p.hidden("#profile-games-more") {
		t.Error("the profile: the button for older games still shows after the last page")
	}
}
