package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"moku/internal/pgtest"
)

func TestChallenges(t *testing.T) { onEach(t, testChallenges) }

func newChallenge(id string, now time.Time) *Challenge {
	return &Challenge{ID: id, SecretHash: hash(id + " secret"), Maker: "Ann", Owner: "127.0.0.1", Request: `{"game":"go"}`,
		Created: now, Expires: now.Add(30 * time.Minute)}
}

// postSeats stores a new challenge of Ann's, id, of players seats.
func postSeats(t *testing.T, s Store, id string, now time.Time, players int) {
	t.Helper()
	c := newChallenge(id, now)
	c.Players = players
	if err := s.CreateChallenge(context.Background(), c); err != nil {
		t.Fatal(err)
	}
}

// accept takes a seat of challenge id for a guest; a game made is named
// game, with the maker in seat and the joiners in the other seats in
// the order they came.
func accept(s Store, id string, now time.Time, game string, seat int) error {
	_, err := s.JoinChallenge(context.Background(), id, now, Joiner{Name: game, SecretHash: hash(game)}, startAt(game, seat))
	return err
}

// startAt is JoinChallenge's start of a game named id with the maker in
// seat and the joiners in the other seats in the order they came.
func startAt(id string, seat int) func(c *Challenge) (*Game, error) {
	return func(c *Challenge) (*Game, error) {
		g := newGame(id)
		g.Seats = make([]Seat, c.Players)
		c.Seat = seat
		next := 0
		for i := range c.Joined {
			if next == seat {
				next++
			}
			c.Joined[i].Seat = next
			g.Seats[next] = Seat{Kind: "human", Name: c.Joined[i].Name, TokenHash: c.Joined[i].SecretHash}
			next++
		}
		g.Seats[seat] = Seat{Kind: "human", Name: c.Maker, TokenHash: c.SecretHash}
		return g, nil
	}
}

func testChallenges(t *testing.T, open opener) {
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
		if err := accept(s, "c1", later, "g1", 0); !errors.Is(err, ErrGone) {
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
		if err := accept(s, "c1", now, "g1", 1); err != nil {
			t.Fatal(err)
		}
		c, err := s.Challenge(ctx, "c1")
		if err != nil || c.State != "accepted" || c.Game != "g1" || c.Seat != 1 {
			t.Errorf("accepted challenge %+v, %v", c, err)
		}
		if g, err := s.Get(ctx, "g1"); err != nil || len(g.Seats) != 2 {
			t.Errorf("its game %+v, %v", g, err)
		}
		if err := accept(s, "c1", now, "g2", 0); !errors.Is(err, ErrGone) {
			t.Errorf("second acceptance: %v, want ErrGone", err)
		}
		if err := accept(s, "nope", now, "g3", 0); !errors.Is(err, ErrNotFound) {
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
		if err := accept(s, "c1", now, "g1", 0); !errors.Is(err, ErrGone) {
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
				errs[i] = accept(s, "c1", now, fmt.Sprintf("g%d", i), 0)
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

	t.Run("three seats fill one acceptance at a time", func(t *testing.T) {
		s := open(t)
		postSeats(t, s, "c1", now, 3)
		if err := accept(s, "c1", now, "g1", 2); err != nil {
			t.Fatal(err)
		}
		got, err := s.Challenge(ctx, "c1")
		if err != nil || got.State != "open" || got.Players != 3 || len(got.Joined) != 1 || got.Joined[0].Name != "g1" || string(got.Joined[0].SecretHash) != string(hash("g1")) {
			t.Fatalf("after one acceptance of three seats: %+v, %v", got, err)
		}
		if list, err := s.OpenChallenges(ctx, now, 10); err != nil || len(list) != 1 || len(list[0].Joined) != 1 {
			t.Errorf("listed after one acceptance: %+v, %v", list, err)
		}
		if _, err := s.Get(ctx, "g1"); !errors.Is(err, ErrNotFound) {
			t.Errorf("a game made before the last seat was taken: %v", err)
		}
		if err := accept(s, "c1", now, "g2", 2); err != nil {
			t.Fatal(err)
		}
		got, err = s.Challenge(ctx, "c1")
		if err != nil || got.State != "accepted" || got.Game != "g2" || got.Seat != 2 || len(got.Joined) != 2 || got.Joined[0].Seat != 0 || got.Joined[1].Seat != 1 {
			t.Fatalf("after the last seat: %+v, %v", got, err)
		}
		g, err := s.Get(ctx, "g2")
		if err != nil || len(g.Seats) != 3 || g.Seats[0].Name != "g1" || g.Seats[1].Name != "g2" || g.Seats[2].Name != "Ann" {
			t.Fatalf("the game: %+v, %v", g, err)
		}
		if err := accept(s, "c1", now, "g3", 2); !errors.Is(err, ErrGone) {
			t.Errorf("a fourth person: %v, want ErrGone", err)
		}
	})

	t.Run("an account takes one seat", func(t *testing.T) {
		s := open(t)
		for _, a := range []string{"ann", "bob"} {
			if err := s.CreateAccount(ctx, &Account{ID: a, Name: a}); err != nil {
				t.Fatal(err)
			}
		}
		c := newChallenge("c1", now)
		c.Players, c.Account = 4, "ann"
		if err := s.CreateChallenge(ctx, c); err != nil {
			t.Fatal(err)
		}
		join := func(account string) error {
			_, err := s.JoinChallenge(ctx, "c1", now, Joiner{Name: account, Account: account, SecretHash: hash(account)}, startAt("g", 0))
			return err
		}
		if err := join("ann"); !errors.Is(err, ErrJoined) {
			t.Errorf("the maker's account accepting: %v, want ErrJoined", err)
		}
		if err := join("bob"); err != nil {
			t.Fatal(err)
		}
		if err := join("bob"); !errors.Is(err, ErrJoined) {
			t.Errorf("an account accepting twice: %v, want ErrJoined", err)
		}
		if got, err := s.Challenge(ctx, "c1"); err != nil || len(got.Joined) != 1 {
			t.Errorf("joined %+v, %v; want Bob only", got, err)
		}
	})

	t.Run("a joiner withdraws, the maker cancels", func(t *testing.T) {
		s := open(t)
		postSeats(t, s, "c1", now, 3)
		if err := accept(s, "c1", now, "g1", 0); err != nil {
			t.Fatal(err)
		}
		if err := s.CancelChallenge(ctx, "c1", hash("g1")); err != nil {
			t.Fatalf("the joiner withdrawing: %v", err)
		}
		if err := s.CancelChallenge(ctx, "c1", hash("g1")); !errors.Is(err, ErrNotFound) {
			t.Errorf("withdrawing again: %v, want ErrNotFound", err)
		}
		if err := accept(s, "c1", now, "g2", 0); err != nil {
			t.Fatal(err)
		}
		got, err := s.Challenge(ctx, "c1")
		if err != nil || got.State != "open" || len(got.Joined) != 1 || got.Joined[0].Name != "g2" {
			t.Fatalf("after g1 withdrew and g2 came: %+v, %v", got, err)
		}
		if err := s.CancelChallenge(ctx, "c1", hash("c1 secret")); err != nil {
			t.Fatal(err)
		}
		if err := s.CancelChallenge(ctx, "c1", hash("g2")); !errors.Is(err, ErrGone) {
			t.Errorf("a joiner withdrawing from a cancelled challenge: %v, want ErrGone", err)
		}
	})

	t.Run("an error of start changes nothing", func(t *testing.T) {
		s := open(t)
		if err := s.CreateChallenge(ctx, newChallenge("c1", now)); err != nil {
			t.Fatal(err)
		}
		bad := errors.New("no such game")
		_, err := s.JoinChallenge(ctx, "c1", now, Joiner{Name: "Bob"}, func(*Challenge) (*Game, error) { return nil, bad })
		if !errors.Is(err, bad) {
			t.Errorf("JoinChallenge: %v, want start's error", err)
		}
		if got, err := s.Challenge(ctx, "c1"); err != nil || got.State != "open" || len(got.Joined) != 0 {
			t.Errorf("after start failed: %+v, %v", got, err)
		}
	})

	t.Run("of many acceptances of four seats at once each seat goes to one", func(t *testing.T) {
		s := open(t)
		raceSeats(t, []Store{s})
	})
}

// raceSeats posts a challenge of four seats through stores[0], then
// accepts it 16 times at once through the stores in turn: three
// acceptances take a seat each, one of them makes the game, and the game
// seats the maker and those three, each once.
func raceSeats(t *testing.T, stores []Store) {
	t.Helper()
	ctx := context.Background()
	now := time.UnixMilli(time.Now().UnixMilli())
	postSeats(t, stores[0], "c4", now, 4)
	const n = 16
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			errs[i] = accept(stores[i%len(stores)], "c4", now, fmt.Sprintf("p%d", i), 1)
		})
	}
	wg.Wait()
	var took []string
	for i, err := range errs {
		switch {
		case err == nil:
			took = append(took, fmt.Sprintf("p%d", i))
		case !errors.Is(err, ErrGone):
			t.Errorf("acceptance %d: %v, want ErrGone", i, err)
		}
	}
	if len(took) != 3 {
		t.Fatalf("%d acceptances took a seat (%v), want 3", len(took), took)
	}
	got, err := stores[0].Challenge(ctx, "c4")
	if err != nil || got.State != "accepted" {
		t.Fatalf("the challenge after the race: %+v, %v", got, err)
	}
	g, err := stores[0].Get(ctx, got.Game)
	if err != nil || len(g.Seats) != 4 {
		t.Fatalf("its game %+v, %v", g, err)
	}
	seated := map[string]int{}
	for _, st := range g.Seats {
		seated[st.Name]++
	}
	for _, name := range append(took, "Ann") {
		if seated[name] != 1 {
			t.Errorf("%s has %d seats of %+v", name, seated[name], g.Seats)
		}
	}
	if g.Seats[1].Name != "Ann" {
		t.Errorf("the maker in seat %+v, want seat 1", g.Seats)
	}
	for i := range n {
		if _, err := stores[0].Get(ctx, fmt.Sprintf("p%d", i)); err == nil && fmt.Sprintf("p%d", i) != got.Game {
			t.Errorf("a second game p%d was made", i)
		}
	}
}

// TestPostgresSeatsTwoServers: two stores on one PostgreSQL database, as
// two servers have, race to accept a challenge of four seats: each seat
// goes to one acceptance only.
func TestPostgresSeatsTwoServers(t *testing.T) {
	dsn := pgtest.DSN(t)
	raceSeats(t, []Store{openPostgresAt(t, dsn), openPostgresAt(t, dsn)})
}

// A change of a challenge made through one store reaches the lobby
// listeners of another on the same database.
func TestPostgresLobbyNotify(t *testing.T) {
	dsn := pgtest.DSN(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a, b := openPostgresAt(t, dsn), openPostgresAt(t, dsn)
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
	if err := accept(a, "c1", now, "g1", 0); err != nil {
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
	onEach(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		s := open(t)
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
			mine, err := s.AccountGames(ctx, "acc", 10, Page{})
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

// TestDeleteAccountChallenges: deleting an account cancels the open
// challenges it made and gives back the seats it took in others', so that
// no game is made for an account that is gone; the others' challenges
// and the ones closed already stay as they were.
func TestDeleteAccountChallenges(t *testing.T) {
	onEach(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		s := open(t)
		now := time.UnixMilli(time.Now().UnixMilli())
		for _, a := range []*Account{{ID: "acc-ann", Name: "Ann"}, {ID: "acc-bob", Name: "Bob"}, {ID: "acc-carl", Name: "Carl"}} {
			if err := s.CreateAccount(ctx, a); err != nil {
				t.Fatal(err)
			}
		}
		post := func(id, account string, players int, at time.Time) {
			c := newChallenge(id, at)
			c.Account, c.Owner, c.Players = account, account, players
			if err := s.CreateChallenge(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		join := func(id, account string) {
			j := Joiner{Name: account, Account: account, SecretHash: hash(id + account)}
			if _, err := s.JoinChallenge(ctx, id, now, j, startAt("game-"+id, 0)); err != nil {
				t.Fatalf("%s joining %s: %v", account, id, err)
			}
		}
		post("ann-open", "acc-ann", 2, now)
		post("ann-taken", "acc-ann", 2, now.Add(time.Second))
		join("ann-taken", "acc-bob")
		post("bob-three", "acc-bob", 3, now.Add(2*time.Second))
		join("bob-three", "acc-ann")
		post("bob-four", "acc-bob", 4, now.Add(3*time.Second))
		join("bob-four", "acc-ann")
		if _, err := s.JoinChallenge(ctx, "bob-four", now, Joiner{Name: "Guest", SecretHash: hash("guest")}, startAt("game-bob-four", 0)); err != nil {
			t.Fatal(err)
		}
		post("bob-two", "acc-bob", 2, now.Add(4*time.Second))

		if err := s.DeleteAccount(ctx, "acc-ann"); err != nil {
			t.Fatal(err)
		}
		want := map[string]struct {
			state  string
			joined []string
		}{
			"ann-open":  {"cancelled", nil},
			"ann-taken": {"accepted", []string{"acc-bob"}},
			"bob-three": {"open", nil},
			"bob-four":  {"open", []string{"Guest"}},
			"bob-two":   {"open", nil},
		}
		for id, w := range want {
			c, err := s.Challenge(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			var joined []string
			for _, j := range c.Joined {
				joined = append(joined, j.Name)
			}
			if c.State != w.state || fmt.Sprint(joined) != fmt.Sprint(w.joined) {
				t.Errorf("%s after Ann's deletion: %s, joined by %v; want %s, joined by %v", id, c.State, joined, w.state, w.joined)
			}
		}
		// The seat given back is free: two more fill Bob's challenge of
		// three, without Ann.
		join("bob-three", "acc-carl")
		if _, err := s.JoinChallenge(ctx, "bob-three", now, Joiner{Name: "Dee", SecretHash: hash("dee")}, startAt("game-bob-three", 0)); err != nil {
			t.Fatal(err)
		}
		c, err := s.Challenge(ctx, "bob-three")
		if err != nil || c.State != "accepted" || len(c.Joined) != 2 || c.Joined[0].Account != "acc-carl" || c.Joined[1].Name != "Dee" {
			t.Errorf("Bob's challenge of three filled after Ann's deletion: %+v, %v; want accepted, joined by acc-carl and Dee", c, err)
		}
	})
}

// TestOwnerChallengesAndRematch: OwnerChallenges counts an owner's open,
// unexpired challenges however many others' are newer; OpenRematch finds
// a game's open rematch likewise, the newest if there are two, and
// ErrNotFound once none is open.
func TestOwnerChallengesAndRematch(t *testing.T) {
	onEach(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		s := open(t)
		now := time.UnixMilli(time.Now().UnixMilli())
		post := func(id, owner, rematch string, at time.Time) {
			c := newChallenge(id, at)
			c.Owner, c.Rematch = owner, rematch
			if err := s.CreateChallenge(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		post("ann-1", "ann", "", now)
		post("ann-2", "ann", "g1", now.Add(time.Second))
		post("ann-3", "ann", "g1", now.Add(2*time.Second))
		post("ann-old", "ann", "", now.Add(-time.Hour)) // expired at now
		for i := range 120 {
			post(fmt.Sprintf("other-%03d", i), fmt.Sprintf("other-%d", i%40), "", now.Add(time.Minute+time.Duration(i)*time.Second))
		}
		if err := s.CancelChallenge(ctx, "ann-1", hash("ann-1 secret")); err != nil {
			t.Fatal(err)
		}
		at := now.Add(5 * time.Minute)
		if n, err := s.OwnerChallenges(ctx, "ann", at); err != nil || n != 2 {
			t.Errorf("Ann's open challenges: %d, %v; want 2 (one cancelled, one expired)", n, err)
		}
		if n, err := s.OwnerChallenges(ctx, "other-7", at); err != nil || n != 3 {
			t.Errorf("other-7's open challenges: %d, %v; want 3", n, err)
		}
		c, err := s.OpenRematch(ctx, "g1", at)
		if err != nil || c.ID != "ann-3" || c.Rematch != "g1" {
			t.Fatalf("the open rematch of g1 under 120 newer challenges: %+v, %v; want ann-3", c, err)
		}
		// The lobby's list leaves the rematches out.
		list, err := s.OpenChallenges(ctx, at, 1000)
		if err != nil || len(list) != 120 {
			t.Errorf("OpenChallenges: %d challenges, %v; want the 120 others' (not Ann's rematches, cancelled or expired ones)", len(list), err)
		}
		for _, c := range list {
			if c.Rematch != "" {
				t.Errorf("OpenChallenges lists rematch %s", c.ID)
			}
		}
		for _, id := range []string{"ann-3", "ann-2"} {
			if err := s.CancelChallenge(ctx, id, hash(id+" secret")); err != nil {
				t.Fatal(err)
			}
		}
		if c, err := s.OpenRematch(ctx, "g1", at); !errors.Is(err, ErrNotFound) {
			t.Errorf("the rematch of g1 once both are cancelled: %+v, %v; want ErrNotFound", c, err)
		}
		if c, err := s.OpenRematch(ctx, "", at); !errors.Is(err, ErrNotFound) {
			t.Errorf("the rematch of no game: %+v, %v; want ErrNotFound", c, err)
		}
	})
}

// TestChallengeAccountGone: a challenge is neither posted nor joined for
// an account that does not exist, and changes nothing; an account deleted
// while it takes the last seat of a challenge (its game being made) holds
// no seat of that game once both are done, whichever came first.
func TestChallengeAccountGone(t *testing.T) {
	onEach(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		s := open(t)
		now := time.UnixMilli(time.Now().UnixMilli())
		c := newChallenge("ghost", now)
		c.Account = "acc-ghost"
		if err := s.CreateChallenge(ctx, c); !errors.Is(err, ErrNoAccount) {
			t.Errorf("a challenge of no account: %v, want ErrNoAccount", err)
		}
		if _, err := s.Challenge(ctx, "ghost"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the refused challenge: %v, want ErrNotFound", err)
		}
		if err := s.CreateChallenge(ctx, newChallenge("c1", now)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.JoinChallenge(ctx, "c1", now, Joiner{Name: "Ghost", Account: "acc-ghost", SecretHash: hash("g")}, startAt("g0", 0)); !errors.Is(err, ErrNoAccount) {
			t.Errorf("joining as no account: %v, want ErrNoAccount", err)
		}
		if got, err := s.Challenge(ctx, "c1"); err != nil || got.State != "open" || len(got.Joined) != 0 {
			t.Errorf("the challenge after the refused join: %+v, %v", got, err)
		}

		for round := range 5 {
			ann := fmt.Sprintf("acc-ann-%d", round)
			if err := s.CreateAccount(ctx, &Account{ID: ann, Name: fmt.Sprintf("Ann%d", round)}); err != nil {
				t.Fatal(err)
			}
			id, game := fmt.Sprintf("race-%d", round), fmt.Sprintf("game-%d", round)
			if err := s.CreateChallenge(ctx, newChallenge(id, now)); err != nil {
				t.Fatal(err)
			}
			started, release := make(chan struct{}), make(chan struct{})
			start := func(c *Challenge) (*Game, error) {
				close(started)
				<-release
				g := newGame(game)
				c.Seat, c.Joined[0].Seat = 1, 0
				g.Seats[0] = Seat{Kind: "human", Name: "Ann", Account: ann, TokenHash: c.Joined[0].SecretHash}
				g.Seats[1] = Seat{Kind: "human", Name: c.Maker, TokenHash: c.SecretHash}
				return g, nil
			}
			joined := make(chan error, 1)
			go func() {
				_, err := s.JoinChallenge(ctx, id, now, Joiner{Name: "Ann", Account: ann, SecretHash: hash(ann)}, start)
				joined <- err
			}()
			<-started
			deleted := make(chan error, 1)
			go func() { deleted <- s.DeleteAccount(ctx, ann) }()
			time.Sleep(20 * time.Millisecond) // let the deletion reach its wait (the race is the point; either order must hold)
			close(release)
			if err := <-joined; err != nil {
				t.Fatalf("round %d: the join: %v", round, err)
			}
			if err := <-deleted; err != nil {
				t.Fatalf("round %d: the deletion: %v", round, err)
			}
			g, err := s.Get(ctx, game)
			if err != nil {
				t.Fatal(err)
			}
			if g.Seats[0].Account != "" {
				t.Errorf("round %d: the game made as Ann's account was deleted keeps seat 0 bound to %q", round, g.Seats[0].Account)
			}
		}
	})
}
