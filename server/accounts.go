package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"golang.org/x/crypto/argon2"

	"moku/store"
)

// Accounts are optional: guests play by seat links. A player who signs up
// (a name and a password; there is no e-mail, so no recovery of a lost
// password) gets a session cookie (HttpOnly, SameSite=Lax, Secure behind
// TLS); the seats they take while signed in belong to the account, so
// their games follow them to another device. POSTs are checked for their
// origin and content type (headers.go), which protects the session cookie
// from cross-site requests.

// SessionCookie is the name of the sign-in session's cookie.
const SessionCookie = "moku_session"

// Limits of accounts.
const (
	MinPasswordLen  = 8
	MaxPasswordLen  = 200
	MinAccountName  = 2
	MaxAccountName  = 30
	SessionLifetime = 30 * 24 * time.Hour
	// SignInFailures is how many failed sign-ins a name may have in
	// SignInWindow before it must wait out the window.
	SignInFailures = 5
	SignInWindow   = 15 * time.Minute
	// maxHashes is how many password hashes run at once (each takes
	// argonMemory of memory).
	maxHashes = 2
)

// argon2id's parameters (OWASP's: 19 MiB, 2 passes, 1 thread).
const (
	argonTime    = 2
	argonMemory  = 19 * 1024 // KiB
	argonThreads = 1
	argonKeyLen  = 32
)

// hashPassword returns the encoded argon2id hash of a password with a new
// salt.
func hashPassword(password string) string {
	salt := make([]byte, 16)
	rand.Read(salt)
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// checkPassword reports whether password matches an encoded hash.
func checkPassword(encoded, password string) bool {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m > 1<<20 || t > 10 || p == 0 {
		return false
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	want, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false
	}
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// accounts is the server's state of accounts: the hashes running, and the
// failed sign-ins by name.
type accounts struct {
	hashes chan struct{}
	mu     sync.Mutex
	failed map[string][]time.Time // lower-case name -> failures within the window
}

func newAccounts() *accounts {
	return &accounts{hashes: make(chan struct{}, maxHashes), failed: map[string][]time.Time{}}
}

// hashing runs f while holding one of the places for a password hash.
func (a *accounts) hashing(ctx context.Context, f func()) error {
	select {
	case a.hashes <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-a.hashes }()
	f()
	return nil
}

// blocked reports whether name has had SignInFailures failures within the
// window before now.
func (a *accounts) blocked(name string, now time.Time) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.recent(name, now)) >= SignInFailures
}

// recent returns name's failures within the window (the caller holds mu).
func (a *accounts) recent(name string, now time.Time) []time.Time {
	key := strings.ToLower(name)
	kept := a.failed[key][:0]
	for _, t := range a.failed[key] {
		if now.Sub(t) < SignInWindow {
			kept = append(kept, t)
		}
	}
	if len(kept) == 0 {
		delete(a.failed, key)
	} else {
		a.failed[key] = kept
	}
	return kept
}

// fail records a failed sign-in of name; the table stays bounded.
func (a *accounts) fail(name string, now time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.failed) > 10000 {
		for k := range a.failed { // forget the oldest-looking half, roughly
			delete(a.failed, k)
			if len(a.failed) <= 5000 {
				break
			}
		}
	}
	key := strings.ToLower(name)
	a.failed[key] = append(a.recent(name, now), now)
}

// accountRequest is the body of sign-up, sign-in, password change and
// deletion.
type accountRequest struct {
	Name        string `json:"name"`
	Password    string `json:"password"`
	NewPassword string `json:"newPassword"`
}

// accountView is what GET /api/account answers.
type accountView struct {
	Name  string     `json:"name"`
	Games []gameItem `json:"games"`
	// Next, when the account has more games than these, is where GET
	// /api/players/{name}/games goes on with the older ones.
	Next *nextPage `json:"next,omitempty"`
}

// checkAccountName refuses a name that is too short, too long, or not of
// letters, digits, '-', '_' and '.'.
func checkAccountName(name string) error {
	if n := len([]rune(name)); n < MinAccountName || n > MaxAccountName {
		return fail(http.StatusBadRequest, "a name of %d to %d characters", MinAccountName, MaxAccountName)
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("-_.", r) {
			return fail(http.StatusBadRequest, "a name of letters, digits, '-', '_' and '.', not %q", r)
		}
	}
	return nil
}

func checkPasswordRules(password string) error {
	if len([]rune(password)) < MinPasswordLen || len(password) > MaxPasswordLen {
		return fail(http.StatusBadRequest, "a password of at least %d characters (and at most %d bytes)", MinPasswordLen, MaxPasswordLen)
	}
	return nil
}

// signUp answers POST /api/account/signup: a new account, signed in.
func (s *Server) signUp(w http.ResponseWriter, r *http.Request) {
	var req accountRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	req.Name = strings.TrimSpace(req.Name)
	if err := checkAccountName(req.Name); err != nil {
		writeError(w, err)
		return
	}
	if err := checkPasswordRules(req.Password); err != nil {
		writeError(w, err)
		return
	}
	var hash string
	if err := s.acc.hashing(r.Context(), func() { hash = hashPassword(req.Password) }); err != nil {
		writeError(w, err)
		return
	}
	a := &store.Account{ID: newID(), Name: req.Name, Hash: hash, Created: s.now()}
	if err := s.store.CreateAccount(r.Context(), a); err != nil {
		if errors.Is(err, store.ErrTaken) {
			writeError(w, fail(http.StatusConflict, "the name %s is taken", req.Name))
			return
		}
		writeError(w, err)
		return
	}
	s.startSession(w, r, a)
}

// signIn answers POST /api/account/signin.
func (s *Server) signIn(w http.ResponseWriter, r *http.Request) {
	var req accountRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	now := s.clock.Now()
	// The failures count against the name as the account is found by
	// (trimmed; blocked and fail fold the case), not as typed: " Ann"
	// would otherwise be five more guesses at Ann's password.
	name := strings.TrimSpace(req.Name)
	if s.acc.blocked(name, now) {
		w.Header().Set("Retry-After", fmt.Sprint(int(SignInWindow.Seconds())))
		writeError(w, fail(http.StatusTooManyRequests, "too many failed sign-ins for %s: try again in %v", truncate(name, MaxNameLen), SignInWindow))
		return
	}
	a, err := s.store.AccountByName(r.Context(), name)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		writeError(w, err)
		return
	}
	ok := false
	encoded := dummyHash
	if a != nil {
		encoded = a.Hash
	}
	// An unknown name costs a hash too, so the time does not tell names.
	if err := s.acc.hashing(r.Context(), func() { ok = checkPassword(encoded, req.Password) && a != nil }); err != nil {
		writeError(w, err)
		return
	}
	if !ok {
		s.acc.fail(name, now)
		writeError(w, fail(http.StatusUnauthorized, "wrong name or password"))
		return
	}
	s.startSession(w, r, a)
}

// dummyHash is checked against for an unknown name.
var dummyHash = hashPassword("not a password of anyone")

// startSession signs a in: a new session and its cookie.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, a *store.Account) {
	token := newToken()
	sum := sha256.Sum256([]byte(token))
	expires := s.clock.Now().Add(SessionLifetime)
	if err := s.store.CreateSession(r.Context(), sum[:], a.ID, expires); err != nil {
		writeError(w, err)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: token, Path: "/", Expires: expires,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil})
	writeJSON(w, http.StatusOK, accountView{Name: a.Name, Games: []gameItem{}})
}

// signedIn returns the account of the request's session, or nil.
func (s *Server) signedIn(r *http.Request) (*store.Account, []byte) {
	c, err := r.Cookie(SessionCookie)
	if err != nil || c.Value == "" || len(c.Value) > 100 {
		return nil, nil
	}
	sum := sha256.Sum256([]byte(c.Value))
	a, err := s.store.SessionAccount(r.Context(), sum[:], s.clock.Now())
	if err != nil {
		return nil, nil
	}
	return a, sum[:]
}

// signOut answers POST /api/account/signout: the session ends.
func (s *Server) signOut(w http.ResponseWriter, r *http.Request) {
	if _, token := s.signedIn(r); token != nil {
		if err := s.store.DeleteSession(r.Context(), token); err != nil {
			writeError(w, err)
			return
		}
	}
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	writeJSON(w, http.StatusOK, map[string]string{"status": "signed out"})
}

// account answers GET /api/account: who is signed in, and their latest
// MaxListed games, those where it is their turn first; the older ones are
// a page of GET /api/players/{name}/games away.
func (s *Server) account(w http.ResponseWriter, r *http.Request) {
	a, _ := s.signedIn(r)
	if a == nil {
		writeError(w, fail(http.StatusUnauthorized, "not signed in"))
		return
	}
	games, err := s.store.AccountGames(r.Context(), a.ID, MaxListed, store.Page{})
	if err != nil {
		writeError(w, err)
		return
	}
	v := accountView{Name: a.Name, Games: []gameItem{}, Next: nextOf(games, MaxListed)}
	for _, g := range games {
		it := itemOf(g)
		it.YourTurn = yourTurn(g, a.ID)
		v.Games = append(v.Games, it)
	}
	// The games where it is the player's turn first, each part the most
	// recently updated first.
	slices.SortStableFunc(v.Games, func(x, y gameItem) int {
		switch {
		case x.YourTurn == y.YourTurn:
			return 0
		case x.YourTurn:
			return -1
		}
		return 1
	})
	writeJSON(w, http.StatusOK, v)
}

// changePassword answers POST /api/account/password {password,
// newPassword}: every session ends, and a new one starts here.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	a, req, ok := s.reauthenticate(w, r)
	if !ok {
		return
	}
	if err := checkPasswordRules(req.NewPassword); err != nil {
		writeError(w, err)
		return
	}
	var hash string
	if err := s.acc.hashing(r.Context(), func() { hash = hashPassword(req.NewPassword) }); err != nil {
		writeError(w, err)
		return
	}
	if err := s.store.SetPassword(r.Context(), a.ID, hash); err != nil {
		writeError(w, err)
		return
	}
	s.startSession(w, r, a)
}

// deleteAccount answers POST /api/account/delete {password}: the account
// goes; its seats stay, playable by their links, and belong to no account
// (a rated game it was playing ends unrated); its open challenges leave
// the lobby, and the seats it took in others' are free again.
func (s *Server) deleteAccount(w http.ResponseWriter, r *http.Request) {
	a, _, ok := s.reauthenticate(w, r)
	if !ok {
		return
	}
	if err := s.store.DeleteAccount(r.Context(), a.ID); err != nil {
		writeError(w, err)
		return
	}
	s.forgetAccount(a.ID)
	s.lobbyChanged("")
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	writeJSON(w, http.StatusOK, map[string]string{"status": "deleted"})
}

// forgetAccount takes a deleted account off the seats of the games this
// server holds, as the store did off the stored games. (Another server
// holding one keeps the account until it reads the game again; the
// store rates no game of an account that is gone.)
func (s *Server) forgetAccount(id string) {
	s.mu.Lock()
	held := make([]*served, 0, len(s.tables))
	for _, sv := range s.tables {
		held = append(held, sv)
	}
	s.mu.Unlock()
	for _, sv := range held { // sv.mu is taken before s.mu, never after
		sv.mu.Lock()
		for i := range sv.t.meta.Seats {
			if sv.t.meta.Seats[i].Account == id {
				sv.t.meta.Seats[i].Account = ""
			}
		}
		sv.mu.Unlock()
	}
}

// reauthenticate checks that the request is signed in and gives the
// account's password again.
func (s *Server) reauthenticate(w http.ResponseWriter, r *http.Request) (*store.Account, accountRequest, bool) {
	var req accountRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return nil, req, false
	}
	a, _ := s.signedIn(r)
	if a == nil {
		writeError(w, fail(http.StatusUnauthorized, "not signed in"))
		return nil, req, false
	}
	// Wrong passwords of a signed-in player count apart from the name's
	// sign-ins, which a stranger can fail.
	now, key := s.clock.Now(), "\x00account "+a.ID
	if s.acc.blocked(key, now) {
		writeError(w, fail(http.StatusTooManyRequests, "too many wrong passwords: try again in %v", SignInWindow))
		return nil, req, false
	}
	ok := false
	if err := s.acc.hashing(r.Context(), func() { ok = checkPassword(a.Hash, req.Password) }); err != nil {
		writeError(w, err)
		return nil, req, false
	}
	if !ok {
		s.acc.fail(key, now)
		writeError(w, fail(http.StatusUnauthorized, "wrong password"))
		return nil, req, false
	}
	return a, req, true
}
