package server

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// holder holds the server's answers to GET of one path, while it holds
// them, until it lets them go: the real answers, late, as a slow network
// or a busy server gives them.
type holder struct {
	mu      sync.Mutex
	path    string
	release chan struct{} // nil: answers go straight out
	held    chan string   // each request held, as it is
}

func newHolder() *holder { return &holder{held: make(chan string, 16)} }

// hold holds the answers to GET path from now on.
func (h *holder) hold(path string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.path, h.release = path, make(chan struct{})
}

// let lets the answers held go, and holds no more.
func (h *holder) let() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.release != nil {
		close(h.release)
		h.release = nil
	}
}

// waitHeld waits for a request to be held.
func (h *holder) waitHeld(t *testing.T) {
	t.Helper()
	select {
	case <-h.held:
	case <-time.After(10 * time.Second):
		t.Fatalf("no request for %s came", h.path)
	}
}

func (h *holder) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		release := h.release
		held := release != nil && r.Method == http.MethodGet && r.URL.Path == h.path
		h.mu.Unlock()
		if held {
			h.held <- r.URL.Path
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}
		next.ServeHTTP(w, r)
	})
}

// quiet checks, for a moment, that the page still shows sel and not
// gone: what a late answer would change has had time to land.
func (p *page) quiet(sel, gone string) {
	p.b.t.Helper()
	for range 10 {
		if p.count(sel) == 0 || p.count(gone) != 0 {
			p.b.t.Fatalf("%s: the page shows %s (%d) and %s (%d), want the first and not the second", p.name, sel, p.count(sel), gone, p.count(gone))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestBrowserLateAnswers: a page the player has left changes nothing
// when its answers come: the new-game form, its options late, does not
// replace the lobby the player went on to, and the lobby, its list late
// after a challenge is posted, neither writes into the new-game form nor
// throws (the page's exceptions fail the test).
func TestBrowserLateAnswers(t *testing.T) {
	h := newHolder()
	ts := newTestServerWrap(t, Options{}, h.wrap)
	b := newBrowser(t, ts.http.URL)

	h.hold("/api/options")
	p := b.open("late", "#/new")
	h.waitHeld(t)
	var ignored any
	p.eval(`location.hash = "#/lobby"`, &ignored)
	p.run(chromedp.WaitVisible(chromedp.CSS(`#challenge-form select[name=game]`)))
	h.let()
	// The lobby's own use of the options fills its board field: the
	// answer has come (or the form has taken the lobby's place).
	p.waitCond("the options", `!!(document.querySelector('#challenge-form [name=board]')?.value || document.querySelector('#new-game'))`)
	p.quiet("#challenge-form", "#new-game")

	p.setFieldOf("#challenge-form", "game", "go")
	p.setFieldOf("#challenge-form", "board", "5x5")
	p.setFieldOf("#challenge-form", "name", "Ann")
	h.hold("/api/lobby")
	p.click(`#challenge-form button[type=submit]`)
	h.waitHeld(t) // the list after posting
	p.eval(`location.hash = "#/new"`, &ignored)
	p.run(chromedp.WaitVisible(chromedp.CSS(`#new-game`)))
	h.let()
	p.quiet("#new-game", "#challenge-form")
	if s := p.text("#new-error"); s != "" {
		t.Errorf("the new-game form's error reads %q", s)
	}
}
