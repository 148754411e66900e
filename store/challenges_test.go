package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"moku/internal/pgtest"
)

func TestChallengesSQLite(t *testing.T) {
	testChallenges(t, func(t *testing.T) Store {
		s, err := OpenSQLite(filepath.Join(t.TempDir(), "moku.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestChallengesPostgres(t *testing.T) {
	testChallenges(t, func(t *testing.T) Store {
		s, err := OpenPostgres(context.Background(), pgtest.DSN(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func newChallenge(id string, now time.Time) *Challenge {
	return &Challenge{ID: id, SecretHash: hash(id + " secret"), Maker: "Ann", Owner: "127.0.0.1", Request: `{"game":"go"}`,
		Created: now, Expires: now.Add(30 * time.Minute)}
}

func testChallenges(t *testing.T, open func(t *testing.T) Store) {
	ctx := context.Background()
	now := time.UnixMilli(time.Now().UnixMilli())

	t.Run("create, list, get", func(t *testing.T) {
		s := open(t)
		for i, id := range []string{"c1", "c2"} {
			c := newChallenge(id, now.Add(time.Duration(i)*time.Second))
			if err := s.CreateChallenge(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		list, err := s.OpenChallenges(ctx, now.Add(time.Minute), 10)
		if err != nil || len(list) != 2 || list[0].ID != "c2" || list[1].ID != "c1" {
			t.Fatalf("open challenges %+v, %v; want c2, c1", list, err)
		}
		c, err := s.Challenge(ctx, "c1")
		if err != nil || c.Maker != "Ann" || c.Owner != "127.0.0.1" || c.Request != `{"game":"go"}` || c.State != "open" || !c.Expires.Equal(now.Add(30*time.Minute)) {
			t.Errorf("challenge %+v, %v", c, err)
		}
		if _, err := s.Challenge(ctx, "nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("missing challenge: %v, want ErrNotFound", err)
		}
	})

	t.Run("expired challenges are neither listed nor accepted", func(t *testing.T) {
		s := open(t)
		if err := s.CreateChallenge(ctx, newChallenge("c1", now)); err != nil {
			t.Fatal(err)
		}
		later := now.Add(31 * time.Minute)
		if list, err := s.OpenChallenges(ctx, later, 10); err != nil || len(list) != 0 {
			t.Errorf("open challenges after expiry %+v, %v", list, err)
		}
		if err := s.AcceptChallenge(ctx, "c1", later, newGame("g1"), 0); !errors.Is(err, ErrGone) {
			t.Errorf("accepting an expired challenge: %v, want ErrGone", err)
		}
		if _, err := s.Get(ctx, "g1"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the game of a refused acceptance: %v, want ErrNotFound", err)
		}
	})

	t.Run("accept creates the game once", func(t *testing.T) {
		s := open(t)
		if err := s.CreateChallenge(ctx, newChallenge("c1", now)); err != nil {
			t.Fatal(err)
		}
		if err := s.AcceptChallenge(ctx, "c1", now, newGame("g1"), 1); err != nil {
			t.Fatal(err)
		}
		c, err := s.Challenge(ctx, "c1")
		if err != nil || c.State != "accepted" || c.Game != "g1" || c.Seat != 1 {
			t.Errorf("accepted challenge %+v, %v", c, err)
		}
		if g, err := s.Get(ctx, "g1"); err != nil || len(g.Seats) != 2 {
			t.Errorf("its game %+v, %v", g, err)
		}
		if err := s.AcceptChallenge(ctx, "c1", now, newGame("g2"), 0); !errors.Is(err, ErrGone) {
			t.Errorf("second acceptance: %v, want ErrGone", err)
		}
		if err := s.AcceptChallenge(ctx, "nope", now, newGame("g3"), 0); !errors.Is(err, ErrNotFound) {
			t.Errorf("accepting no challenge: %v, want ErrNotFound", err)
		}
		if list, _ := s.OpenChallenges(ctx, now, 10); len(list) != 0 {
			t.Errorf("accepted challenge still listed: %+v", list)
		}
	})

	t.Run("cancel needs the secret", func(t *testing.T) {
		s := open(t)
		if err := s.CreateChallenge(ctx, newChallenge("c1", now)); err != nil {
			t.Fatal(err)
		}
		if err := s.CancelChallenge(ctx, "c1", hash("wrong")); !errors.Is(err, ErrNotFound) {
			t.Errorf("cancel with a wrong secret: %v, want ErrNotFound", err)
		}
		if err := s.CancelChallenge(ctx, "c1", hash("c1 secret")); err != nil {
			t.Fatal(err)
		}
		if err := s.CancelChallenge(ctx, "c1", hash("c1 secret")); !errors.Is(err, ErrGone) {
			t.Errorf("second cancel: %v, want ErrGone", err)
		}
		if err := s.AcceptChallenge(ctx, "c1", now, newGame("g1"), 0); !errors.Is(err, ErrGone) {
			t.Errorf("accepting a cancelled challenge: %v, want ErrGone", err)
		}
	})

	t.Run("of many acceptances at once one wins", func(t *testing.T) {
		s := open(t)
		if err := s.CreateChallenge(ctx, newChallenge("c1", now)); err != nil {
			t.Fatal(err)
		}
		const n = 16
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = s.AcceptChallenge(ctx, "c1", now, newGame(fmt.Sprintf("g%d", i)), 0)
			}()
		}
		wg.Wait()
		won, games := -1, 0
		for i, err := range errs {
			switch {
			case err == nil:
				if won >= 0 {
					t.Errorf("acceptances %d and %d both won", won, i)
				}
				won = i
			case !errors.Is(err, ErrGone):
				t.Errorf("acceptance %d: %v, want ErrGone", i, err)
			}
			if _, err := s.Get(ctx, fmt.Sprintf("g%d", i)); err == nil {
				games++
			}
		}
		if won < 0 || games != 1 {
			t.Fatalf("winner %d, %d games created; want one of each", won, games)
		}
		if c, err := s.Challenge(ctx, "c1"); err != nil || c.Game != fmt.Sprintf("g%d", won) {
			t.Errorf("challenge %+v, %v: want the winner's game g%d", c, err, won)
		}
	})
}

// A change of a challenge made through one store reaches the lobby
// listeners of another on the same database.
func TestPostgresLobbyNotify(t *testing.T) {
	dsn := pgtest.DSN(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a, err := OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	got := make(chan string, 16)
	lctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		b.ListenLobby(lctx, func(n LobbyNotice) { got <- n.Challenge })
	}()
	defer func() { stop(); <-done }()
	if c := <-got; c != "" {
		t.Fatalf("first notice %q, want the empty one of the connection", c)
	}
	now := time.Now()
	if err := a.CreateChallenge(ctx, newChallenge("c1", now)); err != nil {
		t.Fatal(err)
	}
	if err := a.AcceptChallenge(ctx, "c1", now, newGame("g1"), 0); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"c1", "c1"} {
		select {
		case c := <-got:
			if c != want {
				t.Errorf("notice %d: %q, want %q", i, c, want)
			}
		case <-ctx.Done():
			t.Fatalf("notice %d never came", i)
		}
	}
}

// TestToMove: the seat to move is stored at creation and with each
// action, and read back by Get, List and AccountGames.
func TestToMove(t *testing.T) {
	for _, db := range []struct {
		name string
		open func(t *testing.T) Store
	}{
		{"sqlite", func(t *testing.T) Store {
			s, err := OpenSQLite(filepath.Join(t.TempDir(), "moku.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		}},
		{"postgres", func(t *testing.T) Store {
			s, err := OpenPostgres(context.Background(), pgtest.DSN(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		}},
	} {
		t.Run(db.name, func(t *testing.T) {
			ctx := context.Background()
			s := db.open(t)
			g := newGame("g1")
			g.Seats[0].Account = "acc"
			if err := s.Create(ctx, g); err != nil {
				t.Fatal(err)
			}
			check := func(want int) {
				t.Helper()
				got, err := s.Get(ctx, "g1")
				if err != nil || got.ToMove != want {
					t.Errorf("Get: to move %d, %v; want %d", got.ToMove, err, want)
				}
				list, err := s.List(ctx, 10, Page{})
				if err != nil || len(list) != 1 || list[0].ToMove != want {
					t.Errorf("List: %+v, %v; want to move %d", list, err, want)
				}
				mine, err := s.AccountGames(ctx, "acc", 10)
				if err != nil || len(mine) != 1 || mine[0].ToMove != want {
					t.Errorf("AccountGames: %+v, %v; want to move %d", mine, err, want)
				}
			}
			check(0)
			for i, want := range []int{1, -1} {
				phase := "playing"
				if want < 0 {
					phase = "over"
				}
				if err := s.Append(ctx, "g1", Action{Seq: i + 1, Seat: i, Kind: "move", Arg: "pass"}, Status{Phase: phase, ToMove: want}); err != nil {
					t.Fatal(err)
				}
				check(want)
			}
		})
	}
}
