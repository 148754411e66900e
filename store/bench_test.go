package store

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkAccountGames: the games of an account with one game among
// 20,000 others', on each store (SQLite reads game_accounts, PostgreSQL
// the seats' GIN index, once vacuumed).
func BenchmarkAccountGames(b *testing.B) {
	for _, db := range []struct {
		name string
		open opener
	}{{"sqlite", openSQLite}, {"postgres", openPostgres}} {
		b.Run(db.name, func(b *testing.B) {
			s := db.open(b)
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
			if p, ok := s.(*Postgres); ok {
				// As autovacuum would: the GIN index's pending list
				// flushed and the table's statistics taken, without
				// which the planner reads the whole table.
				if _, err := p.pool.Exec(ctx, `VACUUM ANALYZE games`); err != nil {
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
		})
	}
}
