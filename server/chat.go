package server

import (
	"cmp"
	"context"
	"encoding/json"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/coder/websocket"

	"moku/session"
	"moku/store"
)

// A game's chat has two channels: the players' (store.ChatPlayers), seen
// by its players, and the watchers' (store.ChatWatchers), seen by its
// watchers; once the game is over everyone sees both. So while a game is
// live no player reads what the watchers say of it (no advice).
//
// A line is posted with POST /api/games/{id}/chat and read over the
// WebSocket GET /api/games/{id}/chat/ws, whose first message from the
// client says who reads (a seat and its token, or nothing for a watcher).
// Lines are plain text: the page shows them as text, never as markup.

// Chat limits.
const (
	MaxChatLen  = 300 // characters of a chat line
	ChatRate    = 1.0 // chat lines a second, sustained, per client and per author
	ChatBurst   = 5   // chat lines at once
	ChatHistory = 100 // latest lines of each channel sent to a reader when it connects
	chatMyLines = 4096
)

// chatHub holds the chat's readers on this server and its rate limits.
type chatHub struct {
	mu   sync.Mutex
	subs map[string]map[*chatSub]struct{} // by game
	// mine: lines this server posted, delivered already, whose
	// announcement from the store is still to come (then ignored).
	mine map[int64]struct{}
	// last is the latest line sent to a game's readers (by game, while
	// it has readers), from which a resync goes on.
	last   map[string]int64
	limits *limiter
	client map[string]*bucket // by client address
	author map[string]*bucket // by game and seat, or by account
}

// chatSub is one chat reader.
type chatSub struct {
	player bool // reads the players' channel while the game is live
	ch     chan []byte
}

func newChatHub(now func() time.Time) *chatHub {
	return &chatHub{subs: map[string]map[*chatSub]struct{}{}, mine: map[int64]struct{}{}, last: map[string]int64{},
		limits: newLimiter(Limits{now: now}), client: map[string]*bucket{}, author: map[string]*bucket{}}
}

// chatLineView is a chat line as clients see it.
type chatLineView struct {
	ID      int64     `json:"id"`
	Channel string    `json:"channel"`
	Seat    int       `json:"seat"`
	Name    string    `json:"name"`
	Text    string    `json:"text"`
	At      time.Time `json:"at"`
}

// chatMessage is what the chat socket sends: lines, oldest first.
type chatMessage struct {
	Lines []chatLineView `json:"lines"`
}

func viewOfLine(l store.ChatLine) chatLineView {
	return chatLineView{ID: l.ID, Channel: l.Channel, Seat: l.Seat, Name: l.Name, Text: l.Text, At: l.At}
}

// chatVisible reports whether a reader (a player of the game or not) sees
// a line of channel: a live game's channels are apart.
func chatVisible(player bool, channel string, over bool) bool {
	return over || player == (channel == store.ChatPlayers)
}

// chatRequest is the body of POST /api/games/{id}/chat: a player gives
// its seat (and the seat's token, unless the seat is its account's); a
// watcher gives neither.
type chatRequest struct {
	Seat  *int   `json:"seat"`
	Token string `json:"token"`
	Text  string `json:"text"`
}

// checkChatText returns the line as stored, or why it is refused.
func checkChatText(text string) (string, error) {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return "", fail(http.StatusBadRequest, "an empty chat line")
	case !utf8.ValidString(text):
		return "", fail(http.StatusBadRequest, "a chat line that is not UTF-8")
	case utf8.RuneCountInString(text) > MaxChatLen:
		return "", fail(http.StatusRequestEntityTooLarge, "a chat line longer than %d characters", MaxChatLen)
	case strings.IndexFunc(text, unicode.IsControl) >= 0:
		return "", fail(http.StatusBadRequest, "a chat line with control characters")
	}
	return text, nil
}

// reader says who reads or writes a game's chat: a player (seat >= 0)
// or a watcher (-1, with its account or nil). A signed-in account with a
// seat of the game is that seat's player even without a token. The caller
// holds the game's lock.
func (t *table) chatReader(seat *int, token string, a *store.Account) (int, error) {
	account := ""
	if a != nil {
		account = a.ID
	}
	if seat != nil {
		if err := t.checkSeat(*seat, token, account); err != nil {
			return 0, err
		}
		return *seat, nil
	}
	if account != "" {
		for i, st := range t.meta.Seats {
			if st.Account == account {
				return i, nil
			}
		}
	}
	return -1, nil
}

// postChat answers POST /api/games/{id}/chat: 201 with the line stored.
func (s *Server) postChat(w http.ResponseWriter, r *http.Request) {
	var req chatRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	text, err := checkChatText(req.Text)
	if err != nil {
		writeError(w, err)
		return
	}
	// The client's bucket first: a flood costs no read of the game.
	if ok, wait := s.chat.limits.take(s.chat.client, s.limits.client(r), ChatRate, ChatBurst); !ok {
		chatLimited(w, wait)
		return
	}
	id := r.PathValue("id")
	a, _ := s.signedIn(r)
	sv, err := s.acquire(r.Context(), id)
	if err != nil {
		writeError(w, err)
		return
	}
	seat, err := sv.t.chatReader(req.Seat, req.Token, a)
	line := store.ChatLine{Game: id, Channel: store.ChatWatchers, Seat: -1, Name: "watcher", Text: text, At: s.now()}
	if err == nil && seat >= 0 {
		line.Channel, line.Seat, line.Name = store.ChatPlayers, seat, sv.t.meta.Seats[seat].Name
	}
	if a != nil {
		line.Account = a.ID
		if seat < 0 {
			line.Name = a.Name
		}
	}
	sv.mu.Unlock()
	if err != nil {
		writeError(w, err)
		return
	}
	author := "account:" + line.Account
	if seat >= 0 {
		author = "seat:" + id + "/" + strconv.Itoa(seat)
	}
	if seat >= 0 || line.Account != "" {
		if ok, wait := s.chat.limits.take(s.chat.author, author, ChatRate, ChatBurst); !ok {
			chatLimited(w, wait)
			return
		}
	}
	if err := s.store.AddChat(r.Context(), &line); err != nil {
		s.log.Error("chat", "game", id, "err", err)
		writeError(w, err)
		return
	}
	s.chat.remember(line.ID)
	s.deliverChat(r.Context(), line)
	writeJSON(w, http.StatusCreated, viewOfLine(line))
}

// chatLimited answers 429: too many lines, and when to try again.
func chatLimited(w http.ResponseWriter, wait time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	writeError(w, fail(http.StatusTooManyRequests, "too many chat lines: try again in %.1f s", wait.Seconds()))
}

// remember notes a line this server delivered itself.
func (h *chatHub) remember(id int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.mine) >= chatMyLines {
		clear(h.mine) // a store that never announces: forget
	}
	h.mine[id] = struct{}{}
}

// gameOver reports whether game id is over (false if it cannot be read: the
// channels stay apart).
func (s *Server) gameOver(ctx context.Context, id string) bool {
	sv, err := s.acquire(ctx, id)
	if err != nil {
		return false
	}
	defer sv.mu.Unlock()
	return sv.t.game.Phase() == session.Over
}

// deliverChat sends a line to this server's readers of its game who see
// it.
func (s *Server) deliverChat(ctx context.Context, l store.ChatLine) {
	s.chat.mu.Lock()
	n := len(s.chat.subs[l.Game])
	s.chat.mu.Unlock()
	if n == 0 {
		return
	}
	over := s.gameOver(ctx, l.Game)
	data, err := json.Marshal(chatMessage{Lines: []chatLineView{viewOfLine(l)}})
	if err != nil {
		return
	}
	s.chat.mu.Lock()
	defer s.chat.mu.Unlock()
	s.chat.last[l.Game] = max(s.chat.last[l.Game], l.ID)
	for sub := range s.chat.subs[l.Game] {
		if !chatVisible(sub.player, l.Channel, over) {
			continue
		}
		select {
		case sub.ch <- data:
		default: // a reader that cannot keep up is dropped; it reconnects
			delete(s.chat.subs[l.Game], sub)
			close(sub.ch)
		}
	}
}

// chatNotice delivers a line another server recorded (cluster.go).
func (s *Server) chatNotice(n store.Notice) {
	s.chat.mu.Lock()
	_, mine := s.chat.mine[n.Chat]
	delete(s.chat.mine, n.Chat)
	readers := len(s.chat.subs[n.Game])
	s.chat.mu.Unlock()
	if mine || readers == 0 {
		return
	}
	l, err := s.store.ChatLine(s.ctx, n.Chat)
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Warn("reading another server's chat line", "game", n.Game, "err", err)
		}
		return
	}
	s.deliverChat(s.ctx, *l)
}

// chatResync delivers the lines of the games read here that may have
// been recorded elsewhere unannounced (the store's listener reconnected):
// those after the last one delivered. A line may come twice (the page
// skips ids it has), never not at all.
func (s *Server) chatResync() {
	s.chat.mu.Lock()
	last := make(map[string]int64, len(s.chat.subs))
	for id := range s.chat.subs {
		last[id] = s.chat.last[id]
	}
	s.chat.mu.Unlock()
	for id, after := range last {
		// Each channel's latest: lines of one never crowd out the other's.
		for _, ch := range []string{store.ChatPlayers, store.ChatWatchers} {
			lines, err := s.store.ChatLines(s.ctx, id, ch, ChatHistory)
			if err != nil {
				continue
			}
			for _, l := range lines {
				if l.ID > after {
					s.deliverChat(s.ctx, l)
				}
			}
		}
	}
}

// chatHello is the chat socket's first message from the client.
type chatHello struct {
	Seat  *int   `json:"seat"`
	Token string `json:"token"`
}

// watchChat streams a game's chat over a WebSocket: the latest lines the
// reader sees, then each new one. The client first says who reads
// (chatHello); a wrong seat token closes the socket (StatusPolicyViolation).
// When the game ends, a player reconnects to read the watchers' lines too.
func (s *Server) watchChat(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, err := s.store.Get(r.Context(), id); err != nil {
		writeError(w, err)
		return
	}
	s.chat.mu.Lock()
	full := len(s.chat.subs[id]) >= s.opt.MaxWatchers
	s.chat.mu.Unlock()
	if full {
		writeError(w, fail(http.StatusServiceUnavailable, "too many readers of this game's chat"))
		return
	}
	a, _ := s.signedIn(r)
	var hello chatHello
	c, ctx, done := s.socket(w, r, &hello, "say who reads first: {} or {\"seat\":N,\"token\":T}")
	if c == nil {
		return
	}
	defer done()

	sv, err := s.acquire(ctx, id)
	if err != nil {
		c.Close(websocket.StatusTryAgainLater, "the game could not be read: try again")
		return
	}
	seat, err := sv.t.chatReader(hello.Seat, hello.Token, a)
	over := sv.t.game.Phase() == session.Over
	sv.mu.Unlock()
	if err != nil {
		c.Close(websocket.StatusPolicyViolation, truncate(err.Error(), 100))
		return
	}
	sub := &chatSub{player: seat >= 0, ch: make(chan []byte, 16)}
	// Registered before the history is read: a line posted meanwhile comes
	// twice rather than never (the page skips ids it has).
	s.chat.mu.Lock()
	if s.chat.subs[id] == nil {
		s.chat.subs[id] = map[*chatSub]struct{}{}
	}
	s.chat.subs[id][sub] = struct{}{}
	s.chat.mu.Unlock()
	defer func() {
		s.chat.mu.Lock()
		if _, ok := s.chat.subs[id][sub]; ok {
			delete(s.chat.subs[id], sub)
			close(sub.ch)
		}
		if len(s.chat.subs[id]) == 0 {
			delete(s.chat.subs, id)
			delete(s.chat.last, id)
		}
		s.chat.mu.Unlock()
	}()
	// The history of the channels the reader sees, each its own latest
	// ChatHistory lines: a busy channel never hides the other's.
	var lines []store.ChatLine
	for _, ch := range []string{store.ChatPlayers, store.ChatWatchers} {
		if !chatVisible(sub.player, ch, over) {
			continue
		}
		more, err := s.store.ChatLines(ctx, id, ch, ChatHistory)
		if err != nil {
			c.Close(websocket.StatusTryAgainLater, "the chat could not be read: try again")
			return
		}
		lines = append(lines, more...)
	}
	slices.SortFunc(lines, func(a, b store.ChatLine) int { return cmp.Compare(a.ID, b.ID) })
	first := chatMessage{Lines: make([]chatLineView, 0, len(lines))}
	if n := len(lines); n > 0 {
		s.chat.mu.Lock()
		s.chat.last[id] = max(s.chat.last[id], lines[n-1].ID)
		s.chat.mu.Unlock()
	}
	for _, l := range lines {
		first.Lines = append(first.Lines, viewOfLine(l))
	}
	data, jerr := json.Marshal(first)
	if jerr != nil {
		return
	}
	s.pump(ctx, c, data, sub.ch)
}
