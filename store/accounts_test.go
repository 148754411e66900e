package store

import (
	"context"
	"errors"
	"testing"
)

// TestBindSeat: a seat bound to an account takes its name too; a seat
// bound already stays its first account's, under that name; a seat or
// game that does not exist is ErrNotFound.
func TestBindSeat(t *testing.T) {
	onEach(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		s := open(t)
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
		if list, err := s.AccountGames(ctx, "acc-bob", 10); err != nil || len(list) != 1 || list[0].ID != "g1" {
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
	})
}
