package store

import (
	"context"
	"time"
)

// Chat channels: a game's players talk among themselves, its watchers
// among themselves; while the game is live neither sees the other's
// channel (the server decides who sees what).
const (
	ChatPlayers  = "players"
	ChatWatchers = "watchers"
)

// ChatLine is one line of a game's chat, stored as it was written (plain
// text: whoever shows it must not read it as markup).
type ChatLine struct {
	ID      int64 // assigned by AddChat, increasing
	Game    string
	Channel string // ChatPlayers or ChatWatchers
	Seat    int    // the author's seat for ChatPlayers, -1 for a watcher
	Account string // the author's account, or ""
	Name    string // the author's name as shown
	Text    string
	At      time.Time
}

// Chats keeps the games' chat.
type Chats interface {
	// AddChat stores line l of game l.Game and sets l.ID. A store that is
	// a Notifier announces it (Notice.Chat).
	AddChat(ctx context.Context, l *ChatLine) error
	// ChatLines returns the latest limit lines of a game on channel
	// (ChatPlayers or ChatWatchers; "" for both), oldest first.
	ChatLines(ctx context.Context, game, channel string, limit int) ([]ChatLine, error)
	// ChatLine returns line id, or ErrNotFound.
	ChatLine(ctx context.Context, id int64) (*ChatLine, error)
}
