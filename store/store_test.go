package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// Each implementation runs the same suite, on a real database.

func TestStore(t *testing.T) { onEach(t, testStore) }

func newGame(id string) *Game {
	return &Game{
		ID: id, Rules: "go komi=7.5", Board: "9x9", Setup: "fixed", Status: "playing",
		Seats: []Seat{
			{Kind: "human", Name: "Ann", TokenHash: hash("ann's token")},
			{Kind: "computer", Name: "moku (random)", Level: "random"},
		},
	}
}

func hash(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}

func testStore(t *testing.T, open opener) {
	ctx := context.Background()

	t.Run("create and get round trip", func(t *testing.T) {
		s := open(t)
		g := newGame("g1")
		g.BoardJSON = `{"points":["a","b"],"edges":[[0,1]]}`
		g.Seats = append(g.Seats, Seat{Kind: "human", Name: "Émile ☯", TokenHash: []byte{0, 1, 2, 255, 0}})
		before := time.Now().Add(-time.Second)
		if err := s.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
		got, err := s.Get(ctx, "g1")
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != "g1" || got.Rules != g.Rules || got.Board != g.Board || got.BoardJSON != g.BoardJSON ||
			got.Setup != g.Setup || got.Status != "playing" || got.Result != "" || got.Moves != 0 {
			t.Errorf("got %+v, want %+v", got, g)
		}
		if len(got.Seats) != len(g.Seats) {
			t.Fatalf("seats %+v, want %+v", got.Seats, g.Seats)
		}
		for i := range g.Seats {
			w, h := g.Seats[i], got.Seats[i]
			if h.Kind != w.Kind || h.Name != w.Name || h.Level != w.Level || !bytes.Equal(h.TokenHash, w.TokenHash) {
				t.Errorf("seat %d: %+v, want %+v", i, h, w)
			}
		}
		if got.Created.Before(before) || got.Created.After(time.Now().Add(time.Second)) || !got.Updated.Equal(got.Created) {
			t.Errorf("created %v updated %v", got.Created, got.Updated)
		}
		if err := s.Create(ctx, newGame("g1")); err == nil {
			t.Error("a second game g1 was created")
		}
	})

	t.Run("unknown game", func(t *testing.T) {
		s := open(t)
		if _, err := s.Get(ctx, "nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("Get: %v, want ErrNotFound", err)
		}
		if err := s.Append(ctx, "nope", Action{Seq: 1, Kind: "move", Arg: "a1"}, Status{Phase: "playing"}); !errors.Is(err, ErrNotFound) {
			t.Errorf("Append: %v, want ErrNotFound", err)
		}
		acts, err := s.Actions(ctx, "nope", 0)
		if err != nil || len(acts) != 0 {
			t.Errorf("Actions: %v %v, want none", acts, err)
		}
	})

	t.Run("append in order", func(t *testing.T) {
		s := open(t)
		if err := s.Create(ctx, newGame("g")); err != nil {
			t.Fatal(err)
		}
		moves := []string{"e5", "c3", "pass", "g7", "pass", "pass"}
		for i, m := range moves {
			status := "playing"
			result := ""
			if i == len(moves)-1 {
				status, result = "over", "W+7.5"
			}
			a := Action{Seq: i + 1, Seat: i % 2, Kind: "move", Arg: m, At: time.Now()}
			if err := s.Append(ctx, "g", a, Status{Phase: status, Result: result}); err != nil {
				t.Fatalf("append %d: %v", i+1, err)
			}
		}
		// Wrong sequence numbers: a repeat, a gap, zero.
		for _, seq := range []int{1, 6, 8, 0} {
			if err := s.Append(ctx, "g", Action{Seq: seq, Kind: "move", Arg: "a1"}, Status{Phase: "playing"}); !errors.Is(err, ErrConflict) {
				t.Errorf("append seq %d: %v, want ErrConflict", seq, err)
			}
		}
		acts, err := s.Actions(ctx, "g", 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(acts) != len(moves) {
			t.Fatalf("%d actions, want %d: %+v", len(acts), len(moves), acts)
		}
		for i, a := range acts {
			if a.Seq != i+1 || a.Seat != i%2 || a.Kind != "move" || a.Arg != moves[i] || time.Since(a.At) > time.Minute {
				t.Errorf("action %d: %+v", i, a)
			}
		}
		tail, err := s.Actions(ctx, "g", 4)
		if err != nil || len(tail) != 2 || tail[0].Seq != 5 || tail[1].Seq != 6 {
			t.Errorf("Actions after 4: %+v %v", tail, err)
		}
		g, err := s.Get(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		if g.Moves != 6 || g.Status != "over" || g.Result != "W+7.5" || g.Updated.Before(g.Created) {
			t.Errorf("game after the moves: %+v", g)
		}
	})

	t.Run("list most recent first", func(t *testing.T) {
		s := open(t)
		for i := range 5 {
			if err := s.Create(ctx, newGame(fmt.Sprintf("g%d", i))); err != nil {
				t.Fatal(err)
			}
			time.Sleep(3 * time.Millisecond)
		}
		time.Sleep(3 * time.Millisecond)
		if err := s.Append(ctx, "g1", Action{Seq: 1, Kind: "move", Arg: "e5"}, Status{Phase: "playing"}); err != nil {
			t.Fatal(err)
		}
		list, err := s.List(ctx, 3, Page{})
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, g := range list {
			ids = append(ids, g.ID)
		}
		if fmt.Sprint(ids) != "[g1 g4 g3]" {
			t.Errorf("List(3) = %v, want [g1 g4 g3]", ids)
		}
		if list[0].Moves != 1 || len(list[0].Seats) != 2 || !bytes.Equal(list[0].Seats[0].TokenHash, hash("ann's token")) {
			t.Errorf("listed %+v", list[0])
		}
		all, err := s.List(ctx, 100, Page{})
		if err != nil || len(all) != 5 {
			t.Errorf("List(100): %d games, %v", len(all), err)
		}
	})

	t.Run("pages", func(t *testing.T) {
		// Games created in a burst share update times (SQLite keeps
		// milliseconds): pages must still cover every game once, in the
		// order of the whole list.
		s := open(t)
		for i := range 11 {
			if err := s.Create(ctx, newGame(fmt.Sprintf("p%02d", i))); err != nil {
				t.Fatal(err)
			}
		}
		all, err := s.List(ctx, 100, Page{})
		if err != nil || len(all) != 11 {
			t.Fatalf("List(100): %d games, %v", len(all), err)
		}
		ties := 0
		for i := 1; i < len(all); i++ {
			if all[i].Updated.Equal(all[i-1].Updated) {
				ties++
			}
		}
		var paged []string
		from := Page{}
		for pages := 0; ; pages++ {
			page, err := s.List(ctx, 3, from)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range page {
				paged = append(paged, g.ID)
			}
			if len(page) < 3 {
				break
			}
			last := page[len(page)-1]
			from = Page{last.Updated, last.ID}
			if pages > 11 {
				t.Fatal("pages never end")
			}
		}
		var want []string
		for _, g := range all {
			want = append(want, g.ID)
		}
		if fmt.Sprint(paged) != fmt.Sprint(want) {
			t.Errorf("pages of 3: %v, the whole list: %v (%d equal update times)", paged, want, ties)
		}
	})

	t.Run("concurrent appends of the same seq: exactly one wins", func(t *testing.T) {
		s := open(t)
		if err := s.Create(ctx, newGame("race")); err != nil {
			t.Fatal(err)
		}
		const writers, rounds = 16, 10
		for seq := 1; seq <= rounds; seq++ {
			var wg sync.WaitGroup
			var mu sync.Mutex
			won, lost := []int{}, 0
			start := make(chan struct{})
			for w := range writers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					err := s.Append(ctx, "race", Action{Seq: seq, Seat: w, Kind: "move", Arg: fmt.Sprintf("w%d", w)}, Status{Phase: "playing"})
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil:
						won = append(won, w)
					case errors.Is(err, ErrConflict):
						lost++
					default:
						t.Errorf("seq %d writer %d: %v", seq, w, err)
					}
				}()
			}
			close(start)
			wg.Wait()
			if len(won) != 1 || lost != writers-1 {
				t.Fatalf("seq %d: winners %v, %d conflicts", seq, won, lost)
			}
			acts, err := s.Actions(ctx, "race", seq-1)
			if err != nil {
				t.Fatal(err)
			}
			if len(acts) != 1 || acts[0].Seq != seq || acts[0].Arg != fmt.Sprintf("w%d", won[0]) {
				t.Fatalf("seq %d: stored %+v, winner %d", seq, acts, won[0])
			}
		}
		g, err := s.Get(ctx, "race")
		if err != nil || g.Moves != rounds {
			t.Errorf("game after the race: %+v %v", g, err)
		}
	})

	t.Run("concurrent games", func(t *testing.T) {
		s := open(t)
		const games, moves = 8, 20
		var wg sync.WaitGroup
		for i := range games {
			wg.Add(1)
			go func() {
				defer wg.Done()
				id := fmt.Sprintf("c%d", i)
				if err := s.Create(ctx, newGame(id)); err != nil {
					t.Error(err)
					return
				}
				for seq := 1; seq <= moves; seq++ {
					if err := s.Append(ctx, id, Action{Seq: seq, Kind: "move", Arg: "pass"}, Status{Phase: "playing"}); err != nil {
						t.Errorf("%s %d: %v", id, seq, err)
						return
					}
				}
			}()
		}
		wg.Wait()
		for i := range games {
			acts, err := s.Actions(ctx, fmt.Sprintf("c%d", i), 0)
			if err != nil || len(acts) != moves {
				t.Errorf("c%d: %d actions, %v", i, len(acts), err)
			}
		}
	})

	t.Run("resumable: every unfinished game with a computer seat", func(t *testing.T) {
		s := open(t)
		want := map[string]bool{}
		for i := range 30 {
			g := newGame(fmt.Sprintf("r%02d", i))
			switch i % 5 {
			case 0: // computer, playing
				want[g.ID] = true
			case 1: // computer, over
			case 2: // people only, one named like a computer seat's JSON
				g.Seats[1] = Seat{Kind: "human", Name: `"Kind":"computer"`}
			case 3: // computer, setting up
				g.Status = "setup"
				want[g.ID] = true
			case 4: // computer, scoring
				want[g.ID] = true
			}
			if err := s.Create(ctx, g); err != nil {
				t.Fatal(err)
			}
			status := map[int]string{1: "over", 4: "scoring"}[i%5]
			if status != "" {
				if err := s.Append(ctx, g.ID, Action{Seq: 1, Kind: "move", Arg: "pass"}, Status{Phase: status}); err != nil {
					t.Fatal(err)
				}
			}
		}
		ids, err := s.Resumable(ctx)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, id := range ids {
			got[id] = true
		}
		if len(ids) != len(want) || len(got) != len(want) {
			t.Errorf("resumable %v, want %v", ids, want)
		}
		for id := range want {
			if !got[id] {
				t.Errorf("%s is not resumable", id)
			}
		}
	})
}
