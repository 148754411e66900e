package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestBindSeat: a seat bound to an account takes its name too; a seat
// bound already stays its first account's, under that name; a seat or
// game that does not exist is ErrNotFound; an account that does not
// exist binds nothing (ErrNoAccount).
func TestBindSeat(t *testing.T) {
	onEach(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		s := open(t)
		haveAccounts(t, s, "acc-bob", "acc-cy")
		g := newGame("g1")
		g.Seats[1] = Seat{Kind: "human", Name: "white", TokenHash: hash("white's token")}
		if err := s.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
		if mine, err := s.BindSeat(ctx, "g1", 1, "acc-bob", "Bob"); err != nil || !mine {
			t.Fatalf("binding the second seat: %v, %v", mine, err)
		}
		if mine, err := s.BindSeat(ctx, "g1", 1, "acc-bob", "Bob"); err != nil || !mine {
			t.Errorf("binding it again to the same account: %v, %v", mine, err)
		}
		if mine, err := s.BindSeat(ctx, "g1", 1, "acc-cy", "Cy"); err != nil || mine {
			t.Errorf("binding it to another account: %v, %v; want false", mine, err)
		}
		got, err := s.Get(ctx, "g1")
		if err != nil || got.Seats[1].Account != "acc-bob" || got.Seats[1].Name != "Bob" || got.Seats[0].Name != "Ann" || got.Seats[0].Account != "" {
			t.Fatalf("seats after binding: %+v, %v", got.Seats, err)
		}
		if list, err := s.AccountGames(ctx, "acc-bob", 10, Page{}); err != nil || len(list) != 1 || list[0].ID != "g1" {
			t.Errorf("Bob's games: %+v, %v", list, err)
		}
		for _, tc := range []struct {
			game string
			seat int
		}{{"g1", 2}, {"g1", -1}, {"nope", 0}} {
			if _, err := s.BindSeat(ctx, tc.game, tc.seat, "acc-cy", "Cy"); !errors.Is(err, ErrNotFound) {
				t.Errorf("binding seat %d of %s: %v, want ErrNotFound", tc.seat, tc.game, err)
			}
		}
		// An account deleted (or never made) binds nothing.
		if mine, err := s.BindSeat(ctx, "g1", 0, "acc-gone", "Gone"); !errors.Is(err, ErrNoAccount) || mine {
			t.Errorf("binding a seat to no account: %v, %v; want ErrNoAccount", mine, err)
		}
		if got, err := s.Get(ctx, "g1"); err != nil || got.Seats[0].Account != "" || got.Seats[0].Name != "Ann" {
			t.Errorf("the seat after binding it to no account: %+v, %v", got.Seats[0], err)
		}
	})
}

// TestAccountGamesPages: an account's games, a page at a time, are its
// games of the whole list, each once and in its order, though games made
// in a burst share update times; the games of other accounts are not in
// them.
func TestAccountGamesPages(t *testing.T) {
	onEach(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		s := open(t)
		haveAccounts(t, s, "acc-bob", "acc-cy")
		var want []string
		for i := range 13 {
			id := fmt.Sprintf("a%02d", i)
			if err := s.Create(ctx, newGame(id)); err != nil {
				t.Fatal(err)
			}
			acc, name := "acc-bob", "Bob"
			if i%3 == 2 {
				acc, name = "acc-cy", "Cy"
			} else {
				want = append(want, id)
			}
			if mine, err := s.BindSeat(ctx, id, 0, acc, name); err != nil || !mine {
				t.Fatalf("binding %s to %s: %v, %v", id, acc, mine, err)
			}
		}
		all, err := s.AccountGames(ctx, "acc-bob", 100, Page{})
		if err != nil {
			t.Fatal(err)
		}
		var whole []string
		for _, g := range all {
			whole = append(whole, g.ID)
		}
		slices.Reverse(want) // created last, updated last: listed first
		if !slices.Equal(sorted(whole), sorted(want)) {
			t.Fatalf("Bob's games: %v, want those of %v", whole, want)
		}
		for _, size := range []int{1, 3, 4, len(want)} {
			var paged []string
			from := Page{}
			for pages := 0; ; pages++ {
				page, err := s.AccountGames(ctx, "acc-bob", size, from)
				if err != nil {
					t.Fatal(err)
				}
				for _, g := range page {
					paged = append(paged, g.ID)
				}
				if len(page) < size {
					break
				}
				last := page[len(page)-1]
				from = Page{last.Updated, last.ID}
				if pages > len(want) {
					t.Fatal("pages never end")
				}
			}
			if !slices.Equal(paged, whole) {
				t.Errorf("pages of %d: %v; the whole list: %v", size, paged, whole)
			}
		}
	})
}

// TestAccountGamesExact: an account's games are those with a seat of that
// very ID, though another ID reads as a pattern of it ('_' and '%'), is
// a part of it, differs in case alone, or holds what JSON escapes.
func TestAccountGamesExact(t *testing.T) {
	onEach(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		s := open(t)
		ids := []string{"acc-bob", "acc_bob", "acc%", "acc", "cc-bo", `acc"bob\`, "acc-bób", "ACC-BOB", "acc\\_%"}
		haveAccounts(t, s, ids...)
		for i, acc := range ids {
			game := fmt.Sprintf("g%d", i)
			if err := s.Create(ctx, newGame(game)); err != nil {
				t.Fatal(err)
			}
			if mine, err := s.BindSeat(ctx, game, i%2, acc, "Bob"); err != nil || !mine {
				t.Fatalf("binding %s to %q: %v, %v", game, acc, mine, err)
			}
		}
		for i, acc := range ids {
			list, err := s.AccountGames(ctx, acc, 10, Page{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, g := range list {
				got = append(got, g.ID)
			}
			if want := []string{fmt.Sprintf("g%d", i)}; !slices.Equal(got, want) {
				t.Errorf("the games of %q: %v, want %v", acc, got, want)
			}
		}
	})
}

// sorted returns a sorted copy of ids.
func sorted(ids []string) []string {
	return slices.Sorted(slices.Values(ids))
}

// TestDeleteAccountKeepsOthersSeats: an account deleted while another
// takes seats in its games leaves every such seat bound: the deletion
// rewrites only the seats as its own transaction reads them.
func TestDeleteAccountKeepsOthersSeats(t *testing.T) {
	onEach(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		s := open(t)
		haveAccounts(t, s, "acc-bob")
		for round := range 10 {
			ann := fmt.Sprintf("acc-ann-%d", round)
			if err := s.CreateAccount(ctx, &Account{ID: ann, Name: fmt.Sprintf("Ann%d", round)}); err != nil {
				t.Fatal(err)
			}
			const games = 30
			for i := range games {
				id := fmt.Sprintf("r%d-g%02d", round, i)
				if err := s.Create(ctx, newGame(id)); err != nil {
					t.Fatal(err)
				}
				if mine, err := s.BindSeat(ctx, id, 0, ann, "Ann"); err != nil || !mine {
					t.Fatalf("binding %s to Ann: %v, %v", id, mine, err)
				}
			}
			done := make(chan error, 1)
			go func() { done <- s.DeleteAccount(ctx, ann) }()
			for i := range games {
				id := fmt.Sprintf("r%d-g%02d", round, i)
				if mine, err := s.BindSeat(ctx, id, 1, "acc-bob", "Bob"); err != nil || !mine {
					t.Fatalf("binding %s to Bob: %v, %v", id, mine, err)
				}
			}
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			for i := range games {
				id := fmt.Sprintf("r%d-g%02d", round, i)
				g, err := s.Get(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if g.Seats[0].Account != "" || g.Seats[1].Account != "acc-bob" {
					t.Fatalf("round %d, %s after Ann's deletion and Bob's seat: accounts %q and %q, want none and acc-bob",
						round, id, g.Seats[0].Account, g.Seats[1].Account)
				}
			}
		}
	})
}

// TestSessions: a session reads as its account until it expires;
// DeleteSession ends one; DeleteExpiredSessions deletes exactly the
// sessions expired at its time, of every account, and leaves the live
// ones signed in.
func TestSessions(t *testing.T) {
	onEach(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		s := open(t)
		for _, a := range []*Account{{ID: "acc-ann", Name: "Ann"}, {ID: "acc-bob", Name: "Bob"}} {
			if err := s.CreateAccount(ctx, a); err != nil {
				t.Fatal(err)
			}
		}
		now := time.UnixMilli(time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC).UnixMilli())
		sessions := []struct {
			token, account string
			expires        time.Time
		}{
			{"ann-old", "acc-ann", now.Add(-time.Hour)},
			{"ann-now", "acc-ann", now},
			{"ann-live", "acc-ann", now.Add(time.Hour)},
			{"bob-old", "acc-bob", now.Add(-24 * time.Hour)},
			{"bob-live", "acc-bob", now.Add(time.Minute)},
		}
		for _, ss := range sessions {
			if err := s.CreateSession(ctx, hash(ss.token), ss.account, ss.expires); err != nil {
				t.Fatal(err)
			}
		}
		live := func(token string, at time.Time) bool {
			a, err := s.SessionAccount(ctx, hash(token), at)
			if err != nil && !errors.Is(err, ErrNotFound) {
				t.Fatal(err)
			}
			return a != nil
		}
		for _, ss := range sessions {
			if got, want := live(ss.token, now), ss.expires.After(now); got != want {
				t.Errorf("session %s at its expiry's side: live %v, want %v", ss.token, got, want)
			}
		}
		if n, err := s.DeleteExpiredSessions(ctx, now); err != nil || n != 3 {
			t.Fatalf("DeleteExpiredSessions = %d, %v; want 3", n, err)
		}
		// Deleted, they read as gone even at a time before they expired.
		for _, ss := range sessions {
			if got, want := live(ss.token, now.Add(-48*time.Hour)), ss.expires.After(now); got != want {
				t.Errorf("session %s after the sweep: live %v, want %v", ss.token, got, want)
			}
		}
		if n, err := s.DeleteExpiredSessions(ctx, now); err != nil || n != 0 {
			t.Errorf("DeleteExpiredSessions again = %d, %v; want 0", n, err)
		}
		if err := s.DeleteSession(ctx, hash("bob-live")); err != nil {
			t.Fatal(err)
		}
		if live("bob-live", now) || !live("ann-live", now) {
			t.Errorf("after Bob's sign-out: Bob live %v, Ann live %v", live("bob-live", now), live("ann-live", now))
		}
	})
}
