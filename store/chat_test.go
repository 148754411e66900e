package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestChat(t *testing.T) { onEach(t, testChat) }

// testChat: lines come back as written (markup included), the latest
// ones oldest first, by game; a line of a game that does not exist is
// refused.
func testChat(t *testing.T, open opener) {
	ctx := context.Background()
	s := open(t)
	for _, id := range []string{"g1", "g2"} {
		if err := s.Create(ctx, newGame(id)); err != nil {
			t.Fatal(err)
		}
	}
	at := time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC)
	lines := []ChatLine{
		{Game: "g1", Channel: ChatPlayers, Seat: 0, Name: "Ann", Text: "<b>hi</b>", At: at},
		{Game: "g2", Channel: ChatWatchers, Seat: -1, Name: "watcher", Text: "other game", At: at},
		{Game: "g1", Channel: ChatWatchers, Seat: -1, Account: "acc1", Name: "Bob", Text: `<img src=x onerror="alert(1)">`, At: at.Add(time.Second)},
		{Game: "g1", Channel: ChatPlayers, Seat: 1, Name: "Cy", Text: "ünïcode ✓", At: at.Add(2 * time.Second)},
	}
	var last int64
	for i := range lines {
		if err := s.AddChat(ctx, &lines[i]); err != nil {
			t.Fatal(err)
		}
		if lines[i].ID <= last {
			t.Fatalf("line %d: id %d after %d", i, lines[i].ID, last)
		}
		last = lines[i].ID
	}
	tests := []struct {
		game, channel string
		limit         int
		want          []ChatLine
	}{
		{"g1", "", 10, []ChatLine{lines[0], lines[2], lines[3]}},
		{"g1", "", 2, []ChatLine{lines[2], lines[3]}},
		{"g1", ChatPlayers, 10, []ChatLine{lines[0], lines[3]}},
		{"g1", ChatPlayers, 1, []ChatLine{lines[3]}},
		{"g1", ChatWatchers, 10, []ChatLine{lines[2]}},
		{"g2", "", 10, []ChatLine{lines[1]}},
		{"g2", ChatPlayers, 10, nil},
		{"nothing", "", 10, nil},
	}
	for _, tt := range tests {
		got, err := s.ChatLines(ctx, tt.game, tt.channel, tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(tt.want) {
			t.Fatalf("ChatLines(%s, %q, %d) = %+v, want %+v", tt.game, tt.channel, tt.limit, got, tt.want)
		}
		for i := range got {
			if !sameLine(got[i], tt.want[i]) {
				t.Errorf("ChatLines(%s, %q, %d)[%d] = %+v, want %+v", tt.game, tt.channel, tt.limit, i, got[i], tt.want[i])
			}
		}
	}
	one, err := s.ChatLine(ctx, lines[2].ID)
	if err != nil || !sameLine(*one, lines[2]) {
		t.Errorf("ChatLine(%d) = %+v, %v; want %+v", lines[2].ID, one, err, lines[2])
	}
	if _, err := s.ChatLine(ctx, last+100); !errors.Is(err, ErrNotFound) {
		t.Errorf("ChatLine of no line: %v, want ErrNotFound", err)
	}
	if err := s.AddChat(ctx, &ChatLine{Game: "nothing", Channel: ChatPlayers, Name: "x", Text: "x", At: at}); !errors.Is(err, ErrNotFound) {
		t.Errorf("AddChat to no game: %v, want ErrNotFound", err)
	}
}

func sameLine(a, b ChatLine) bool {
	return a.ID == b.ID && a.Game == b.Game && a.Channel == b.Channel && a.Seat == b.Seat && a.Account == b.Account &&
		a.Name == b.Name && a.Text == b.Text && a.At.Equal(b.At)
}
