package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"moku/store"
)

// A game stored in SQLite: its set-up, then its actions, each with the
// next sequence number; a second action with the same number is refused.
func ExampleOpenSQLite() {
	dir, _ := os.MkdirTemp("", "moku-example")
	defer os.RemoveAll(dir)
	st, err := store.OpenSQLite(filepath.Join(dir, "moku.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	ctx := context.Background()
	g := &store.Game{ID: "g1", Rules: "go komi=7.5", Board: "9x9", Setup: "fixed", Status: "playing",
		Seats: []store.Seat{{Kind: "human", Name: "Ann"}, {Kind: "computer", Name: "moku", Level: "random"}}}
	if err := st.Create(ctx, g); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Append(ctx, "g1", store.Action{Seq: 1, Seat: 0, Kind: "move", Arg: "e5"}, store.Status{Phase: "playing"}))
	fmt.Println(st.Append(ctx, "g1", store.Action{Seq: 1, Seat: 1, Kind: "move", Arg: "c3"}, store.Status{Phase: "playing"}))
	actions, _ := st.Actions(ctx, "g1", 0)
	fmt.Println(len(actions), actions[0].Arg)
	// Output:
	// <nil>
	// another action was recorded first
	// 1 e5
}
