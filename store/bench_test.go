package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// BenchmarkAccountGamesSQLite: the games of an account with one game
// among 20,000 others' (the whole table read), on SQLite.
func BenchmarkAccountGamesSQLite(b *testing.B) {
	s, err := OpenSQLite(filepath.Join(b.TempDir(), "moku.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	const games = 20000
	for i := range games {
		g := newGame(fmt.Sprintf("g%05d", i))
		g.Seats[0].Account = fmt.Sprintf("acc-%d", i%1000)
		if i == games/2 {
			g.Seats[0].Account = "acc-rare"
		}
		if err := s.Create(ctx, g); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		list, err := s.AccountGames(ctx, "acc-rare", 50, Page{})
		if err != nil || len(list) != 1 {
			b.Fatalf("%d games, %v", len(list), err)
		}
	}
}
