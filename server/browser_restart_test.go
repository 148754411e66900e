package server

import (
	"context"
	"net"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"moku/internal/pgtest"
	"moku/store"
)

// restartable is a server that stops and starts again on the same
// database and the same address, as `moku serve` restarted would; the
// browsers' pages keep their address across the restart.
type restartable struct {
	t     *testing.T
	open  func() store.Store // the same database each time
	opt   Options
	addr  string
	st    store.Store
	srv   *Server
	http  *httptest.Server
	alive bool
}

func newRestartable(t *testing.T, open func() store.Store, opt Options) *restartable {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &restartable{t: t, open: open, opt: opt, addr: ln.Addr().String()}
	r.start(ln)
	t.Cleanup(r.stop)
	return r
}

func (r *restartable) url() string { return "http://" + r.addr }

// start serves a new Server over the database on ln (nil: the address of
// the first, listened on again).
func (r *restartable) start(ln net.Listener) {
	r.t.Helper()
	for try := 0; ln == nil; try++ {
		var err error
		if ln, err = net.Listen("tcp", r.addr); err != nil {
			if try == 50 {
				r.t.Fatalf("listening on %s again: %v", r.addr, err)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	r.st = r.open()
	r.srv = New(r.st, r.opt)
	r.http = httptest.NewUnstartedServer(r.srv)
	r.http.Listener = ln
	r.http.Start()
	r.alive = true
}

// stop stops the server: its connections, its games in memory, its
// store.
func (r *restartable) stop() {
	if !r.alive {
		return
	}
	r.alive = false
	r.http.CloseClientConnections()
	r.srv.Close()
	r.http.Close()
	r.st.Close()
}

// TestBrowserCorrespondenceRestart: a correspondence game (3 days a
// move) created in the browser, played by Ann and Bob in their own
// browser contexts. Ann moves, Bob's three days run; the server stops,
// stays down a day (its clock, Options.Clock, moved by the test), and a
// new server starts on the same database (SQLite file, PostgreSQL). The
// pages, reloaded, show the same deadline and the same clock; when the
// deadline passes Bob loses on time, B+T, and both pages say so.
func TestBrowserCorrespondenceRestart(t *testing.T) {
	for _, db := range []struct {
		name string
		open func(t *testing.T) func() store.Store
	}{
		{"sqlite", func(t *testing.T) func() store.Store {
			path := filepath.Join(t.TempDir(), "moku.db")
			return func() store.Store {
				st, err := store.OpenSQLite(path)
				if err != nil {
					t.Fatal(err)
				}
				return st
			}
		}},
		{"postgres", func(t *testing.T) func() store.Store {
			dsn := pgtest.DSN(t)
			return func() store.Store {
				st, err := store.OpenPostgres(context.Background(), dsn)
				if err != nil {
					t.Fatal(err)
				}
				return st
			}
		}},
	} {
		t.Run(db.name, func(t *testing.T) {
			// The server's clock starts at the browser's time, so that
			// the page's countdown (from the deadline, by the browser's
			// clock) reads true until the test moves it on.
			c := &testClock{now: time.Now().Truncate(time.Millisecond)}
			r := newRestartable(t, db.open(t), Options{Clock: c})
			b := newBrowser(t, r.url())
			ann := b.open("ann", "#/new")
			ann.newGame([][2]string{{"game", "go"}, {"board", "5x5"}, {"name0", "Ann"}, {"kind1", "human"}, {"name1", "Bob"},
				{"clock", "correspondence"}, {"clock-days", "3"}})
			ann.waitText("#title", "you play black")
			link := ann.invites()["1"]
			if link == "" {
				t.Fatal("no invite link for Bob")
			}
			bob := b.open("bob", link[strings.Index(link, "#"):])
			bob.waitText("#title", "you play white")
			ann.clickPoint("c3")
			bob.waitFor("Ann's move", func(v jsView) bool { return v.Version == 1 })

			// What the pages show of Bob's clock: the deadline and the
			// time left.
			type shown struct {
				Deadline string `json:"deadline"`
				Seat     int    `json:"seat"`
				Bob      string `json:"bob"`
				Ann      string `json:"ann"`
			}
			clocks := func(p *page) shown {
				t.Helper()
				p.waitCond("the clocks", `document.querySelector('#seats-view .clock[data-seat="1"]')?.textContent.trim()`)
				var s shown
				p.eval(`(v => ({deadline: v.deadline || "", seat: v.clockSeat,
					bob: document.querySelector('#seats-view .clock[data-seat="1"]').textContent.trim(),
					ann: document.querySelector('#seats-view .clock[data-seat="0"]').textContent.trim()}))(window.moku.current.view)`, &s)
				return s
			}
			before := clocks(bob)
			want := c.Now().Add(3 * 24 * time.Hour).UTC()
			if d, err := time.Parse(time.RFC3339Nano, before.Deadline); err != nil || d.After(want) || d.Before(want.Add(-time.Minute)) || before.Seat != 1 {
				t.Fatalf("Bob's clock before the restart: %+v; want Bob's deadline 3 days after Ann's move (%v)", before, want)
			}
			if !strings.HasPrefix(before.Bob, "2 d 23 h") && !strings.HasPrefix(before.Bob, "3 d 0 h") {
				t.Errorf("Bob's clock reads %q", before.Bob)
			}
			if a := clocks(ann); a != before {
				t.Errorf("Ann's page shows %+v, Bob's %+v", a, before)
			}
			bob.shot("before-restart")

			r.stop()
			bob.waitCond("the connection-lost note", `!document.querySelector('#connection').hidden`)
			bob.shot("server-down")
			c.advance(24 * time.Hour) // down for a day
			r.start(nil)
			for _, p := range []*page{ann, bob} {
				p.run(chromedp.Reload())
				p.waitFor("the game again", func(v jsView) bool { return v.Version == 1 })
				if after := clocks(p); after != before {
					t.Errorf("%s after the restart: %+v; before: %+v", p.name, after, before)
				}
			}
			bob.shot("after-restart")

			c.advance(2*24*time.Hour + time.Minute) // past Bob's deadline
			for _, p := range []*page{ann, bob} {
				p.waitText("#status", "Game over: B+T")
				if s := p.text(`#seats-view .clock[data-seat="1"]`); !strings.Contains(s, "out of time") {
					t.Errorf("%s: Bob's clock at the end: %q", p.name, s)
				}
			}
			bob.shot("lost-on-time")
			ann.shot("won-on-time")
			v := r.srv
			sv, err := v.acquire(context.Background(), ann.view().ID)
			if err != nil {
				t.Fatal(err)
			}
			result, last := sv.t.game.Result().String(), sv.t.actions[len(sv.t.actions)-1]
			sv.mu.Unlock()
			if result != "B+T" || last.Kind != "timeout" || last.Seat != 1 || last.At.Before(want) {
				t.Errorf("the game on the new server: %s, last action %+v", result, last)
			}
		})
	}
}
