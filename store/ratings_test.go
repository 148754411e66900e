package store

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"moku/internal/pgtest"
)

// TestRatings runs the ratings' suite on both databases.
func TestRatings(t *testing.T) {
	onEach(t, func(t *testing.T, open opener) { testRatings(t, open(t)) })
}

func testRatings(t *testing.T, s Store) {
	ctx := context.Background()
	for _, a := range []*Account{{ID: "a1", Name: "Ann"}, {ID: "b2", Name: "Bob"}} {
		if err := s.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	if rated, _, err := s.Rated(ctx, "g1"); err != nil || rated {
		t.Fatalf("Rated of an unmarked game = %v, %v; want false", rated, err)
	}
	// An unrated game is never rated.
	bump := func(before []Rating) []Rating {
		out := make([]Rating, len(before))
		for i, r := range before {
			out[i] = Rating{Account: r.Account, Rating: r.Rating + 100, Deviation: 200, Volatility: 0.06}
		}
		return out
	}
	if ok, err := s.RateGame(ctx, "g0", "go", time.Now(), []string{"a1", "b2"}, bump); err != nil || ok {
		t.Fatalf("RateGame of an unrated game = %v, %v; want false", ok, err)
	}
	if err := s.SetRated(ctx, "g1"); err != nil {
		t.Fatal(err)
	}
	if rated, done, err := s.Rated(ctx, "g1"); err != nil || !rated || done {
		t.Fatalf("Rated = %v, %v, %v; want rated, not done", rated, done, err)
	}
	var seen [][]Rating
	f := func(before []Rating) []Rating { seen = append(seen, before); return bump(before) }
	at := time.UnixMilli(time.Now().UnixMilli())
	if ok, err := s.RateGame(ctx, "g1", "go", at, []string{"b2", "a1"}, f); err != nil || !ok {
		t.Fatalf("RateGame = %v, %v; want true", ok, err)
	}
	if len(seen) != 1 || seen[0][0].Account != "b2" || seen[0][1].Account != "a1" || seen[0][0].Games != 0 || seen[0][0].Deviation != 0 {
		t.Fatalf("f saw %+v; want two new players, b2 first", seen)
	}
	// Once only, even when asked at once from several goroutines.
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if ok, err := s.RateGame(ctx, "g1", "go", at, []string{"b2", "a1"}, bump); err != nil || ok {
				t.Errorf("RateGame again = %v, %v; want false", ok, err)
			}
		})
	}
	wg.Wait()
	if _, done, _ := s.Rated(ctx, "g1"); !done {
		t.Error("Rated after RateGame: not done")
	}
	// A second game reads the first's ratings.
	if err := s.SetRated(ctx, "g2"); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.RateGame(ctx, "g2", "go", at.Add(time.Minute), []string{"a1"}, f); err != nil || !ok {
		t.Fatalf("RateGame g2 = %v, %v", ok, err)
	}
	if got := seen[1][0]; got.Rating != 100 || got.Deviation != 200 || got.Games != 1 {
		t.Fatalf("before g2: %+v; want the rating after g1", got)
	}
	rs, err := s.AccountRatings(ctx, "a1")
	if err != nil || len(rs) != 1 || rs[0] != (Rating{Account: "a1", Game: "go", Rating: 200, Deviation: 200, Volatility: 0.06, Games: 2}) {
		t.Fatalf("AccountRatings = %+v, %v", rs, err)
	}
	h, err := s.RatingHistory(ctx, "a1", 10)
	if err != nil || len(h) != 2 || h[0].GameID != "g1" || h[1].GameID != "g2" || h[1].Rating != 200 || !h[0].At.Equal(at) {
		t.Fatalf("RatingHistory = %+v, %v", h, err)
	}
	if h, err := s.RatingHistory(ctx, "a1", 1); err != nil || len(h) != 1 || h[0].GameID != "g2" {
		t.Fatalf("RatingHistory limit 1 = %+v, %v; want the latest", h, err)
	}
	// Deleting an account deletes its ratings.
	if err := s.DeleteAccount(ctx, "a1"); err != nil {
		t.Fatal(err)
	}
	if rs, err := s.AccountRatings(ctx, "a1"); err != nil || len(rs) != 0 {
		t.Fatalf("AccountRatings after deletion = %+v, %v", rs, err)
	}
	// A rated game whose player was deleted meanwhile is claimed and
	// rates no one.
	bob, _ := s.AccountRatings(ctx, "b2")
	if err := s.SetRated(ctx, "g3"); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.RateGame(ctx, "g3", "go", at.Add(2*time.Minute), []string{"b2", "a1"}, f); err != nil || ok {
		t.Fatalf("RateGame with a deleted account = %v, %v; want false, no error", ok, err)
	}
	if _, done, err := s.Rated(ctx, "g3"); err != nil || !done {
		t.Errorf("Rated after RateGame with a deleted account: done %v, %v; want done", done, err)
	}
	if len(seen) != 2 {
		t.Errorf("f called with a deleted account: %+v", seen[2:])
	}
	if rs, err := s.AccountRatings(ctx, "b2"); err != nil || fmt.Sprint(rs) != fmt.Sprint(bob) {
		t.Errorf("Bob's ratings after a game with a deleted account: %+v, %v; want %+v", rs, err, bob)
	}
}

// TestRatingsTwoServers: two stores on one PostgreSQL database, as two
// servers have, rate one game at once: one of them does; and two games of
// one account rated at once both count (neither overwrites the other).
func TestRatingsTwoServers(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	var stores [2]Store
	for i := range stores {
		stores[i] = openPostgresAt(t, dsn)
	}
	if err := stores[0].CreateAccount(ctx, &Account{ID: "a1", Name: "Ann"}); err != nil {
		t.Fatal(err)
	}
	plusOne := func(before []Rating) []Rating {
		return []Rating{{Account: "a1", Rating: before[0].Rating + 1, Deviation: 100, Volatility: 0.06}}
	}
	for _, round := range [][2]string{{"g1", "g1"}, {"g2", "g3"}} {
		for _, id := range round {
			if err := stores[0].SetRated(ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		var rated [2]bool
		var wg sync.WaitGroup
		for i, s := range stores {
			wg.Go(func() {
				ok, err := s.RateGame(ctx, round[i], "go", time.Now(), []string{"a1"}, plusOne)
				if err != nil {
					t.Error(err)
				}
				rated[i] = ok
			})
		}
		wg.Wait()
		if want := [2]bool{true, round[0] != round[1]}; rated != want && rated != [2]bool{want[1], want[0]} {
			t.Errorf("games %v rated at once by two stores: %v", round, rated)
		}
	}
	rs, err := stores[1].AccountRatings(ctx, "a1")
	if err != nil || len(rs) != 1 || rs[0].Games != 3 || rs[0].Rating != 3 {
		t.Fatalf("after three games: %+v, %v; want 3 games, rating 3", rs, err)
	}
}
