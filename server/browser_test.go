package server

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"moku/catalog"
	"moku/computer"
	"moku/session"
	"moku/store"
)

// The end-to-end tests play whole games in a real headless Chromium
// (Debian's chromium; scripts/test installs it), clicking on the board.
// A missing Chromium fails them: they are never skipped.

// chromiumPath finds the browser.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "/usr/bin/chromium"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("chromium is not installed (apt-get install chromium, or run scripts/test, which installs it)")
	return ""
}

// screenshotDir is where the tests leave their screenshots for people to
// look at: the directory MOKU_SCREENSHOTS names, or else a temporary one
// that goes with the test.
func screenshotDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("MOKU_SCREENSHOTS")
	if dir == "" {
		return t.TempDir()
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// browser is one headless Chromium; each page has its own browser context
// (its own cookies and storage), as separate people would.
type browser struct {
	t     *testing.T
	alloc context.Context
	root  context.Context // the first tab, which keeps the browser alive
	base  string
	shots string
	mu    sync.Mutex
	n     int
}

func newBrowser(t *testing.T, base string) *browser {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath(t)),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 860),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	root, cancelRoot := chromedp.NewContext(alloc)
	if err := chromedp.Do(root); err != nil {
		cancelRoot()
		cancelAlloc()
		t.Fatalf("starting chromium: %v", err)
	}
	t.Cleanup(func() {
		cancelRoot()
		cancelAlloc()
	})
	b := &browser{t: t, alloc: alloc, root: root, base: base, shots: screenshotDir(t)}
	t.Logf("screenshots in %s", b.shots)
	return b
}

// page is one tab in its own browser context, showing the app.
type page struct {
	b    *browser
	ctx  context.Context
	name string
}

// open opens a new page (a new browser context) at the app's hash route.
// The test fails if the page throws an uncaught exception or the browser
// reports a violation of the Content-Security-Policy.
func (b *browser) open(name, hash string) *page {
	b.t.Helper()
	var mu sync.Mutex
	var problems []string
	ctx, cancel := chromedp.NewContext(b.root, chromedp.WithNewBrowserContext(), chromedp.WithListener(func(ev any) {
		var what string
		switch e := ev.(type) {
		case *cdpruntime.EventExceptionThrown:
			what = "uncaught exception: " + e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				what += " " + e.ExceptionDetails.Exception.Description
			}
		case *cdplog.EventEntryAdded:
			if e.Entry.Source == cdplog.EntrySourceSecurity || strings.Contains(e.Entry.Text, "Content Security Policy") {
				what = "security: " + e.Entry.Text
			}
		}
		if what != "" {
			mu.Lock()
			problems = append(problems, what)
			mu.Unlock()
		}
	}))
	b.t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, w := range problems {
			b.t.Errorf("page %s: %s", name, w)
		}
	})
	b.t.Cleanup(cancel)
	p := &page{b: b, ctx: ctx, name: name}
	if err := chromedp.Do(ctx); err != nil { // the tab's first run: no time limit
		b.t.Fatalf("%s: %v", name, err)
	}
	if _, err := chromedp.Call(ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		b.t.Fatalf("%s: enabling the log: %v", name, err)
	}
	if _, err := chromedp.Call(ctx, cdpruntime.Enable, cdp.Empty{}); err != nil {
		b.t.Fatalf("%s: enabling the runtime's events: %v", name, err)
	}
	p.run(chromedp.Navigate(b.base + "/" + hash))
	return p
}

// run runs actions with a time limit.
func (p *page) run(actions ...chromedp.Action[chromedp.Void]) {
	p.b.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.b.t.Fatalf("%s: %v", p.name, err)
	}
}

// get runs an action that returns a value, with a time limit.
func get[T any](p *page, a chromedp.Action[T]) T {
	p.b.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		p.b.t.Fatalf("%s: %v", p.name, err)
	}
	return v
}

// eval evaluates a JavaScript expression into out.
func (p *page) eval(expr string, out any) {
	p.b.t.Helper()
	raw := get(p, chromedp.Evaluate[json.RawMessage](expr))
	if err := json.Unmarshal(raw, out); err != nil {
		p.b.t.Fatalf("%s: %s: %v", p.name, expr, err)
	}
}

// text returns an element's text.
func (p *page) text(sel string) string {
	p.b.t.Helper()
	return get(p, chromedp.Text(chromedp.CSS(sel), chromedp.NodeReady))
}

// jsView is the part of the page's game view the tests decide moves by.
type jsView struct {
	ID      string   `json:"id"`
	Version int      `json:"version"`
	Phase   string   `json:"phase"`
	ToMove  int      `json:"toMove"`
	Legal   []string `json:"legal"`
	Stones  string   `json:"stones"`
	Result  string   `json:"result"`
	Button  bool     `json:"button"`
	Names   []string `json:"names"`
}

// view returns the game view the page holds, once the page knows its
// seat (a seat link's token is checked when the page opens); version -1
// before.
func (p *page) view() jsView {
	p.b.t.Helper()
	var v jsView
	p.eval(`(g => g && g.view && !g.claim ? {id: g.view.id, version: g.view.version, phase: g.view.phase, toMove: g.view.toMove, legal: g.view.legal,
		stones: g.view.stones, result: g.view.result || "", button: g.view.button, names: g.view.board.points.map(p => p.name)}
		: {version: -1})(window.moku?.current)`, &v)
	return v
}

// waitFor polls the page's view until cond holds.
func (p *page) waitFor(what string, cond func(jsView) bool) jsView {
	p.b.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		v := p.view()
		if v.Version >= 0 && cond(v) {
			return v
		}
		if time.Now().After(deadline) {
			p.shot("timeout-" + p.name)
			p.b.t.Fatalf("%s: timed out waiting for %s; view %+v; status %q; message %q", p.name, what, v, p.text("#status"), p.text("#message"))
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// click clicks an element, as a person would with the mouse.
func (p *page) click(sel string) {
	p.b.t.Helper()
	// The page may draw the element anew between finding it and clicking
	// it (the board is redrawn on every view): then it is found again.
	for try := 1; ; try++ {
		ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
		err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
		cancel()
		if err == nil {
			return
		}
		if try == 3 || !strings.Contains(err.Error(), "Could not find node with given id") {
			p.b.t.Fatalf("%s: %v", p.name, err)
		}
	}
}

// clickPoint clicks a point of the board and waits for the game to move on.
func (p *page) clickPoint(name string) {
	p.b.t.Helper()
	before := p.view().Version
	p.click(fmt.Sprintf(`#board circle.hit[data-point=%q]`, name))
	p.waitFor("the click on "+name+" to be played", func(v jsView) bool { return v.Version > before })
}

// press clicks a button and waits for the game to move on.
func (p *page) press(sel string) {
	p.b.t.Helper()
	before := p.view().Version
	p.click(sel)
	p.waitFor(sel+" to act", func(v jsView) bool { return v.Version > before })
}

// shot saves a screenshot of the page.
func (p *page) shot(name string) {
	p.b.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.b.t.Errorf("screenshot %s: %v", name, err)
		return
	}
	p.b.mu.Lock()
	p.b.n++
	file := filepath.Join(p.b.shots, fmt.Sprintf("%s-%s.png", strings.ReplaceAll(p.b.t.Name(), "/", "-"), name))
	p.b.mu.Unlock()
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		p.b.t.Error(err)
	}
}

// setField sets a form field's value and fires its change event, as
// choosing in a select does.
func (p *page) setField(name, value string) {
	p.b.t.Helper()
	p.setFieldOf("#new-game", name, value)
}

// setFieldOf sets a field of form sel as setField does.
func (p *page) setFieldOf(form, name, value string) {
	p.b.t.Helper()
	var ok bool
	p.eval(fmt.Sprintf(`(() => { const e = document.querySelector('`+form+` [name=%q]'); if (!e) return false;
		e.value = %q; e.dispatchEvent(new Event('change', {bubbles: true})); e.dispatchEvent(new Event('input', {bubbles: true})); return e.value === %q; })()`, name, value, value), &ok)
	if !ok {
		p.b.t.Fatalf("%s: cannot set %s to %q", p.name, name, value)
	}
}

// newGame fills in the new-game form and starts the game; the page goes
// to the first person's seat.
func (p *page) newGame(fields [][2]string) {
	p.b.t.Helper()
	p.run(chromedp.WaitVisible(chromedp.CSS(`#new-game select[name=game]`)))
	for _, f := range fields {
		p.setField(f[0], f[1])
	}
	p.shot("new-game-form")
	p.click(`#new-game button[type=submit]`)
	p.waitFor("the game to show", func(jsView) bool { return true })
}

var hashSeat = regexp.MustCompile(`#/g/([^/]+)/(\d+)/`)

// TestBrowserKeil plays Keil on hex:3 against the computer: the komi pie
// (the person names 0.5, the computer chooses white), a stone, the
// button, then passes to the end; the page shows the result and the score.
func TestBrowserKeil(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	p := b.open("keil", "#/new")
	p.newGame([][2]string{{"game", "keil"}, {"board", "hex:3"}, {"setup", "pie"}, {"name0", "Ann"}, {"kind1", "computer"}})
	var hash string
	p.eval(`location.hash`, &hash)
	m := hashSeat.FindStringSubmatch(hash)
	if m == nil || m[2] != "0" {
		t.Fatalf("after starting: %s", hash)
	}
	id := m[1]
	if s := p.text("#pie-wait"); !strings.Contains(s, "Ann names the komi") {
		t.Errorf("pie text %q", s)
	}
	if s := p.text("#title"); !strings.Contains(s, "you are player 1") {
		t.Errorf("title during the pie %q", s)
	}
	p.shot("pie")
	p.run(chromedp.SetValue(chromedp.CSS(`#pie-komi input[name=komi]`), "0.5"))
	p.click(`#pie-komi button[type=submit]`)
	v := p.waitFor("the computer's choice", func(v jsView) bool { return v.Phase == "playing" && v.ToMove == 0 })
	if s := p.text("#title"); !strings.Contains(s, "you play black") {
		t.Errorf("title %q", s)
	}
	if s := p.text("#status"); !strings.Contains(s, "Ann (black) to play, move 1") {
		t.Errorf("status %q", s)
	}
	// Take the button first, then a stone.
	if v := p.view(); !has(v.Legal, "button") || p.hidden("#take-button") {
		t.Fatalf("the button is not offered: %+v", v)
	}
	p.press("#take-button")
	v = p.waitFor("the computer's answer", func(v jsView) bool { return v.ToMove == 0 })
	if v.Legal[0] == "pass" {
		t.Fatalf("no stone to play: %+v", v)
	}
	p.clickPoint(v.Legal[0])
	v = p.waitFor("the computer's answer", func(v jsView) bool { return v.ToMove == 0 || v.Phase == "over" })
	if moves := p.text("#moves"); !strings.Contains(moves, "B button") {
		t.Errorf("moves list %q", moves)
	}
	if has(v.Legal, "button") || (!p.hidden("#take-button") && !p.disabled("#take-button")) {
		t.Errorf("the button is offered again")
	}
	// A click on a stone changes nothing.
	if v.Phase == "playing" {
		stone := strings.IndexAny(v.Stones, "XO")
		p.click(fmt.Sprintf(`#board circle.hit[data-point=%q]`, v.Names[stone]))
		time.Sleep(300 * time.Millisecond)
		if w := p.view(); w.Version != v.Version {
			t.Errorf("a click on a stone changed the game")
		}
	}
	p.shot("after-first-moves")
	// Pass until the end; the computer fills what it can.
	for i := 0; ; i++ {
		v = p.waitFor("my turn or the end", func(v jsView) bool { return v.Phase == "over" || v.ToMove == 0 })
		if v.Phase == "over" {
			break
		}
		if i > 30 {
			t.Fatal("the game does not end")
		}
		p.pass()
	}
	status := p.text("#status")
	if !strings.HasPrefix(status, "Game over: ") || !strings.Contains(status, "(passes)") || !strings.Contains(status, v.Result) {
		t.Errorf("status %q, result %q", status, v.Result)
	}
	score := p.text("#score")
	// Two players: no ranks, only the totals (ranks are for three or four).
	if !strings.Contains(score, "komi/button") || strings.Contains(score, "(#") || !strings.Contains(score, "territory") {
		t.Errorf("score table %q", score)
	}
	var owners int
	p.eval(`document.querySelectorAll('#board rect.owner').length`, &owners)
	if strings.Contains(p.view().Stones, ".") && owners == 0 {
		t.Errorf("no territory drawn at the end")
	}
	if hidden := p.hidden("#controls"); !hidden {
		t.Errorf("the move controls are shown after the end")
	}
	p.shot("over")
	if g := ts.view(id); g.Result != v.Result || g.Phase != "over" {
		t.Errorf("server %q, page %q", g.Result, v.Result)
	}
}

// disabled reports whether a button is disabled.
func (p *page) disabled(sel string) bool {
	p.b.t.Helper()
	var d bool
	p.eval(fmt.Sprintf(`document.querySelector(%q).disabled`, sel), &d)
	return d
}

// hidden reports whether an element is hidden.
func (p *page) hidden(sel string) bool {
	p.b.t.Helper()
	var h bool
	p.eval(fmt.Sprintf(`document.querySelector(%q).hidden`, sel), &h)
	return h
}

// newestView is the newest of the pages' views of one game: a page may not
// have heard of the last move yet (a WebSocket late under load).
func newestView(pages []*page) jsView {
	v := pages[0].view()
	for _, q := range pages[1:] {
		if w := q.view(); w.Version > v.Version {
			v = w
		}
	}
	return v
}

// TestBrowserKee plays Kee on 3x2 with three people, each in their own
// browser context with their own seat link: stones and an appealing pass
// by clicking, passes, marking a dead group and everybody accepting.
func TestBrowserKee(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	p0 := b.open("black", "#/new")
	p0.newGame([][2]string{{"game", "kee"}, {"board", "3x2"}, {"players", "3"}, {"kind1", "human"}, {"kind2", "human"}, {"name0", "Ann"}, {"name1", "Bob"}, {"name2", "Cy"}})
	var links []string
	p0.run(chromedp.WaitVisible(chromedp.CSS(`#invite-links input`)))
	p0.eval(`[...document.querySelectorAll('#invite-links input')].map(e => e.value)`, &links)
	if len(links) != 2 {
		t.Fatalf("invite links %q", links)
	}
	p0.shot("invites")
	pages := []*page{p0}
	for i, link := range links {
		m := hashSeat.FindStringSubmatch(link)
		if m == nil || m[2] != fmt.Sprint(i+1) {
			t.Fatalf("link %q", link)
		}
		pages = append(pages, b.open([]string{"white", "red"}[i], link[strings.Index(link, "#"):]))
	}
	for i, p := range pages {
		p.waitFor("the game", func(v jsView) bool { return v.Phase == "playing" })
		if s := p.text("#title"); !strings.Contains(s, "you play "+[]string{"black", "white", "red"}[i]) {
			t.Errorf("%s: title %q", p.name, s)
		}
	}
	// A watcher without a link sees the game but has no controls.
	m := hashSeat.FindStringSubmatch(links[0])
	watcher := b.open("watcher", "#/g/"+m[1])
	watcher.waitFor("the game", func(v jsView) bool { return true })
	if !watcher.hidden("#controls") || !strings.Contains(watcher.text("#title"), "watching") {
		t.Errorf("the watcher has controls")
	}
	// Play: the first legal stone, else an appeal, until an appeal is made.
	appealed := false
	for i := 0; !appealed; i++ {
		if i > 60 {
			t.Fatal("no appeal in 60 moves")
		}
		v := newestView(pages)
		p := pages[v.ToMove]
		v = p.waitFor("its turn", func(w jsView) bool { return w.Version == v.Version })
		move := keePolicy(gameView{Legal: v.Legal})
		if strings.HasPrefix(move, "appeal-") {
			p.click("#appeal")
			p.shot("appeal")
			p.clickPoint(strings.TrimPrefix(move, "appeal-"))
			appealed = true
			continue
		}
		p.clickPoint(move)
	}
	if moves := p0.text("#moves"); !strings.Contains(moves, "appeal-") {
		t.Errorf("moves list %q", moves)
	}
	// Everybody passes.
	for i := 0; ; i++ {
		p0.waitFor("the next turn", func(v jsView) bool { return v.Phase != "playing" || v.ToMove >= 0 })
		v := newestView(pages)
		if v.Phase != "playing" {
			break
		}
		if i > 6 {
			t.Fatal("the passes do not end the game")
		}
		p := pages[v.ToMove]
		p.waitFor("its turn", func(w jsView) bool { return w.Version == v.Version })
		p.pass()
	}
	for _, p := range pages {
		p.waitFor("scoring", func(v jsView) bool { return v.Phase == "scoring" })
		if s := p.text("#status"); !strings.Contains(s, "agree on dead stones") || p.hidden("#scoring-box") {
			t.Errorf("%s: scoring status %q", p.name, s)
		}
		if !p.hidden("#refuse") || p.hidden("#resume") {
			t.Errorf("%s: before play has been resumed, refuse hidden %v, resume hidden %v", p.name, p.hidden("#refuse"), p.hidden("#resume"))
		}
	}
	// Red marks the first stone dead; everybody accepts.
	v := pages[2].view()
	stone := strings.IndexAny(v.Stones, "XOR")
	pages[2].clickPoint(v.Names[stone])
	var dead int
	pages[0].waitFor("the mark", func(w jsView) bool { return w.Version > v.Version })
	pages[0].eval(`document.querySelectorAll('#board circle.stone.dead').length`, &dead)
	if dead == 0 {
		t.Errorf("no stone drawn dead after the mark")
	}
	pages[0].shot("scoring")
	for _, p := range pages {
		p.press("#accept")
	}
	for _, p := range pages {
		v = p.waitFor("the end", func(v jsView) bool { return v.Phase == "over" })
		status := p.text("#status")
		if !strings.Contains(status, "Game over: 1. ") || !strings.Contains(status, v.Result) {
			t.Errorf("%s: status %q", p.name, status)
		}
		if score := p.text("#score"); strings.Count(score, "(#") != 3 {
			t.Errorf("%s: score table %q", p.name, score)
		}
	}
	for _, p := range pages {
		p.shot("over-" + p.name)
	}
	watcher.waitFor("the end", func(v jsView) bool { return v.Phase == "over" })
	watcher.shot("over")
}

// TestBrowserKi plays Ki on 3x3 against the computer until the board is
// full, then goes back through the moves.
func TestBrowserKi(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	p := b.open("ki", "#/new")
	p.newGame([][2]string{{"game", "ki"}, {"board", "3x3"}, {"kind1", "computer"}})
	for i := 0; ; i++ {
		v := p.waitFor("my turn or the end", func(v jsView) bool { return v.Phase == "over" || v.ToMove == 0 })
		if v.Phase == "over" {
			break
		}
		if i > 40 {
			t.Fatal("the game does not end")
		}
		if i == 1 {
			p.shot("playing")
		}
		if v.Legal[0] == "pass" { // no stone can be played
			p.pass()
			continue
		}
		p.clickPoint(v.Legal[0])
	}
	v := p.view()
	status := p.text("#status")
	if !strings.Contains(status, "Game over: "+v.Result+" (board full)") || strings.Contains(v.Stones, ".") {
		t.Errorf("status %q, stones %s", status, v.Stones)
	}
	if score := p.text("#score"); strings.Contains(score, "(#") || !strings.Contains(score, "total") {
		t.Errorf("score %q", score)
	}
	p.shot("over")
	// Back to the start and forward again.
	p.click("#nav-first")
	p.run(chromedp.WaitReady(chromedp.CSS(`#nav-pos`)))
	deadline := time.Now().Add(5 * time.Second)
	for !strings.HasPrefix(p.text("#nav-pos"), "0 /") {
		if time.Now().After(deadline) {
			t.Fatalf("nav: %q", p.text("#nav-pos"))
		}
		time.Sleep(20 * time.Millisecond)
	}
	var stones int
	p.eval(`document.querySelectorAll('#board circle.stone').length`, &stones)
	if stones != 0 {
		t.Errorf("%d stones at the start", stones)
	}
	p.click("#nav-next")
	time.Sleep(100 * time.Millisecond)
	p.eval(`document.querySelectorAll('#board circle.stone').length`, &stones)
	if stones != 1 || !strings.HasPrefix(p.text("#nav-pos"), "1 /") {
		t.Errorf("after one step: %d stones, %q", stones, p.text("#nav-pos"))
	}
	p.shot("nav-1")
	p.click("#nav-last")
	// The list of games shows it finished.
	p.run(chromedp.Navigate(b.base + "/#/"))
	p.run(chromedp.WaitVisible(chromedp.CSS(`table.games tbody tr`)))
	if row := p.text("table.games tbody"); !strings.Contains(row, "over") || !strings.Contains(row, v.Result) {
		t.Errorf("games list %q", row)
	}
	p.shot("list")
}

// TestBrowserUndo plays Go on 5x5 against the computer, which answers at
// once, and takes the move back with the Undo button: the player's stone
// and the computer's answer go, and it is the player's move again.
func TestBrowserUndo(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	p := b.open("undo", "#/new")
	p.newGame([][2]string{{"game", "go"}, {"board", "5x5"}, {"kind1", "computer"}})
	if !p.disabled("#undo") {
		t.Errorf("Undo is enabled before any move")
	}
	p.clickPoint("c3")
	v := p.waitFor("the computer's answer", func(v jsView) bool { return v.ToMove == 0 && strings.Count(v.Stones, ".") == 23 })
	p.run(chromedp.WaitEnabled(chromedp.CSS("#undo")))
	p.shot("before-undo")
	p.press("#undo")
	v = p.waitFor("both moves taken back", func(v jsView) bool { return v.ToMove == 0 && strings.Count(v.Stones, ".") == 25 })
	if !p.disabled("#undo") {
		t.Errorf("Undo is enabled with no move to take back (view %+v)", v)
	}
	p.shot("after-undo")
	p.clickPoint("b2")
	p.waitFor("the computer's answer after the undo", func(v jsView) bool { return v.ToMove == 0 && strings.Count(v.Stones, ".") == 23 })
}

// TestBrowserListPages: the list of games shows 50 games, and its "Older
// games" button the rest, each once.
func TestBrowserListPages(t *testing.T) {
	ts := newTestServer(t)
	ctx := context.Background()
	const games = 73
	for i := range games {
		g := &store.Game{ID: fmt.Sprintf("list%03d", i), Rules: "go", Board: "5x5", Setup: "fixed", Status: string(session.Playing),
			Seats: []store.Seat{{Kind: "human", Name: fmt.Sprintf("P%03d", i)}, {Kind: "human", Name: "b"}}}
		if err := ts.store.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	b := newBrowser(t, ts.http.URL)
	p := b.open("list", "#/")
	rows := func(want int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			var n int
			p.eval(`document.querySelectorAll('table.games tbody tr').length`, &n)
			if n == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d rows, want %d", n, want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	rows(50)
	if p.hidden("#list-more") {
		t.Fatal("no button for older games after a full page")
	}
	p.shot("list-page-1")
	p.click("#list-more")
	rows(games)
	var names []string
	p.eval(`[...document.querySelectorAll('table.games tbody tr td:nth-child(3)')].map(td => td.textContent.slice(0, 4))`, &names)
	seen := map[string]bool{}
	for _, n := range names {
		seen[n] = true
	}
	if len(seen) != games {
		t.Errorf("%d different games in %d rows", len(seen), len(names))
	}
	if !p.hidden("#list-more") {
		t.Error("the button for older games still shows after the last page")
	}
}

// waitText polls an element's text until it holds want.
func (p *page) waitText(sel, want string) string {
	p.b.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var s string
		p.eval(fmt.Sprintf(`(e => e ? e.textContent : "")(document.querySelector(%q))`, sel), &s)
		if strings.Contains(s, want) {
			return s
		}
		if time.Now().After(deadline) {
			p.shot("timeout-" + p.name)
			p.b.t.Fatalf("%s: timed out waiting for %q in %s; it reads %q", p.name, want, sel, s)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// waitCond polls a JavaScript condition until it is true (for up to 15 s).
func (p *page) waitCond(what, expr string) {
	p.b.t.Helper()
	p.waitLong(what, expr, 15*time.Second)
}

// tab opens another tab in p's browser context (its storage too), as the
// same person would.
func (p *page) tab(name, hash string) *page {
	p.b.t.Helper()
	ctx, cancel := chromedp.NewContext(p.ctx)
	p.b.t.Cleanup(cancel)
	q := &page{b: p.b, ctx: ctx, name: name}
	if err := chromedp.Do(ctx); err != nil {
		p.b.t.Fatalf("%s: %v", name, err)
	}
	q.run(chromedp.Navigate(p.b.base + "/" + hash))
	return q
}

// hovers moves the mouse onto a point of the board, as a person would,
// and reports whether the page shows a ghost stone there.
func (p *page) hovers(point string) bool {
	p.b.t.Helper()
	var c []float64
	p.eval(fmt.Sprintf(`(r => [r.left + r.width / 2, r.top + r.height / 2])(document.querySelector('#board circle.hit[data-point=%q]').getBoundingClientRect())`, point), &c)
	p.run(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, c[0], c[1]))
	var ghost bool
	p.eval(`!!document.querySelector('#board .ghost')`, &ghost)
	p.run(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1))
	return ghost
}

// gameID is the game of the page's address.
func (p *page) gameID() (id string, seat string) {
	p.b.t.Helper()
	var hash string
	p.eval(`location.hash`, &hash)
	m := hashSeat.FindStringSubmatch(hash)
	if m == nil {
		p.b.t.Fatalf("%s: no seat in %q", p.name, hash)
	}
	return m[1], m[2]
}

// invites are the invite links the page shows, by seat.
func (p *page) invites() map[string]string {
	p.b.t.Helper()
	var links map[string]string
	p.eval(`Object.fromEntries([...document.querySelectorAll('#invites:not([hidden]) #invite-links input')].map(e => [e.dataset.seat, e.value]))`, &links)
	return links
}

// countActions serves ts's server on another loopback address that counts
// the action requests it passes on.
func countActions(t *testing.T, ts *testServer) (string, *atomic.Int64) {
	t.Helper()
	n := new(atomic.Int64)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/actions") {
			n.Add(1)
		}
		ts.srv.ServeHTTP(w, r)
	}))
	t.Cleanup(func() {
		hs.CloseClientConnections()
		hs.Close()
	})
	return hs.URL, n
}

// TestBrowserWrongToken: a seat link with a wrong token says so as soon
// as the page opens; the page watches: no hover stone, no controls, and a
// click on the board sends nothing. The right link plays.
func TestBrowserWrongToken(t *testing.T) {
	ts := newTestServer(t)
	base, actions := countActions(t, ts)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	b := newBrowser(t, base)
	right := b.open("right", "#/g/"+g.ID+"/0/"+g.Tokens[0])
	right.waitText("#title", "you play black")
	if !right.hovers("c3") {
		t.Fatal("the right link's page shows no hover stone: the hover check below proves nothing")
	}
	wrongToken := g.Tokens[1] // another seat's: a real token, the wrong one
	wrong := b.open("wrong", "#/g/"+g.ID+"/0/"+wrongToken)
	wrong.waitFor("the game", func(jsView) bool { return true })
	note := wrong.waitText("#seat-note", "This link's token is wrong: you are watching.")
	if wrong.hidden("#seat-note") {
		t.Errorf("the note %q is hidden", note)
	}
	if title := wrong.text("#title"); !strings.Contains(title, "watching") || strings.Contains(title, "you play") {
		t.Errorf("title %q", title)
	}
	if !wrong.hidden("#controls") {
		t.Error("the wrong link's page shows the move controls")
	}
	if wrong.hovers("c3") {
		t.Error("the wrong link's page shows a hover stone")
	}
	wrong.shot("wrong-token")
	wrong.click(`#board circle.hit[data-point="c3"]`)
	// The right player's move comes after the click: by then a request of
	// the click would have come too.
	right.clickPoint("c3")
	wrong.waitFor("the right player's move", func(v jsView) bool { return v.Version == 1 })
	if n := actions.Load(); n != 1 {
		t.Errorf("%d action requests, want only the right player's", n)
	}
	if s := wrong.text("#message"); s != "" {
		t.Errorf("message %q after a click on the wrong link's page", s)
	}
	if v := ts.view(g.ID); v.Version != 1 || moveNames(v)[0] != "black c3" {
		t.Errorf("moves %v", moveNames(v))
	}
	// The wrong link is not kept: the game opened again is watched.
	wrong.run(chromedp.Navigate(base + "/#/g/" + g.ID))
	wrong.waitText("#title", "watching")
}

// TestBrowserCreatorSeat: the creator of a game who goes to the list and
// back to the game, or opens it in another tab, plays their seat and sees
// the invite links of the other seats, never their own; the invited
// player and a watcher see none; both can be forgotten.
func TestBrowserCreatorSeat(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	p := b.open("creator", "#/new")
	p.newGame([][2]string{{"game", "go"}, {"board", "5x5"}, {"name0", "Ann"}, {"kind1", "human"}, {"name1", "Bob"}})
	id, seat := p.gameID()
	if seat != "0" {
		t.Fatalf("the creator plays seat %s", seat)
	}
	p.waitText("#title", "you play black")
	p.run(chromedp.WaitVisible(chromedp.CSS(`#invite-links input`)))
	var own string
	p.eval(`location.hash.split("/")[4]`, &own)
	created := p.invites()
	invite := created["1"]
	if len(created) != 1 || !strings.Contains(invite, "#/g/"+id+"/1/") || strings.Contains(invite, own) {
		t.Fatalf("invites %q; the creator's token %q", created, own)
	}
	if s := p.text("#invite-links"); !strings.Contains(s, "white's link") {
		t.Errorf("invite label %q", s)
	}
	p.shot("invites")
	// Games, then the game: the seat and the invites are back.
	p.click(`header nav a[href="#/"]`)
	p.click(fmt.Sprintf(`table.games a[href="#/g/%s"]`, id))
	p.waitText("#title", "you play black")
	p.run(chromedp.WaitVisible(chromedp.CSS(`#invite-links input`)))
	if got := p.invites(); len(got) != 1 || got["1"] != invite {
		t.Errorf("invites from the list %q, want %q", got, created)
	}
	p.shot("from-the-list")
	p.clickPoint("c3")
	// Another tab of the same browser: the same.
	q := p.tab("creator-tab", "#/g/"+id)
	q.waitText("#title", "you play black")
	q.run(chromedp.WaitVisible(chromedp.CSS(`#invite-links input`)))
	if got := q.invites(); len(got) != 1 || got["1"] != invite {
		t.Errorf("invites in another tab %q", got)
	}
	// The invited player plays white and sees no invites, the page opened
	// with the link or without.
	guest := b.open("guest", invite[strings.Index(invite, "#"):])
	guest.waitText("#title", "you play white")
	guest.clickPoint("d3")
	guest.run(chromedp.Navigate(b.base + "/#/g/" + id))
	guest.waitText("#title", "you play white")
	if got := guest.invites(); len(got) != 0 {
		t.Errorf("the guest sees invites %q", got)
	}
	watcher := b.open("watcher", "#/g/"+id)
	watcher.waitText("#title", "watching")
	if got := watcher.invites(); len(got) != 0 || !watcher.hidden("#seat-tools") {
		t.Errorf("the watcher sees invites %q or seat tools", got)
	}
	// Forget the invites: the seat stays.
	p.waitFor("white's move", func(v jsView) bool { return v.Version == 2 })
	p.click("#forget-invites")
	if !p.hidden("#invites") {
		t.Error("the invites still show")
	}
	q.run(chromedp.Reload())
	q.waitText("#title", "you play black")
	if got := q.invites(); len(got) != 0 {
		t.Errorf("invites after forgetting them %q", got)
	}
	// Forget the seat (two clicks): watching, here and when opened again.
	p.click("#forget-seat")
	p.click("#forget-seat")
	p.waitText("#title", "watching")
	p.run(chromedp.Navigate(b.base + "/#/"))
	p.click(fmt.Sprintf(`table.games a[href="#/g/%s"]`, id))
	p.waitText("#title", "watching")
	if !p.hidden("#controls") {
		t.Error("the controls show after forgetting the seat")
	}
}

// linkProxy is a TCP proxy on 127.0.0.1 between the browser and a test
// server, which the tests cut and restore as a network would fail.
type linkProxy struct {
	t      *testing.T
	target string
	addr   string
	mu     sync.Mutex
	ln     net.Listener
	conns  map[*proxied]bool
	wg     sync.WaitGroup
}

// proxied is one connection through the proxy.
type proxied struct {
	client, server net.Conn
	ws             bool // a WebSocket's
	silent         bool // cut from the server, left open to the client
}

func newLinkProxy(t *testing.T, target string) *linkProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &linkProxy{t: t, target: strings.TrimPrefix(target, "http://"), addr: ln.Addr().String(), conns: map[*proxied]bool{}}
	p.serve(ln)
	t.Cleanup(func() {
		p.cut(false)
		p.wg.Wait()
	})
	return p
}

// url is the proxy's base URL.
func (p *linkProxy) url() string { return "http://" + p.addr }

func (p *linkProxy) serve(ln net.Listener) {
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.wg.Add(1)
			go func() {
				defer p.wg.Done()
				p.pipe(c)
			}()
		}
	}()
}

// pipe passes a connection on to the target.
func (p *linkProxy) pipe(client net.Conn) {
	server, err := net.Dial("tcp", p.target)
	if err != nil {
		client.Close()
		return
	}
	buf := make([]byte, 32<<10)
	n, err := client.Read(buf)
	if err != nil {
		client.Close()
		server.Close()
		return
	}
	c := &proxied{client: client, server: server, ws: strings.Contains(strings.ToLower(string(buf[:n])), "upgrade: websocket")}
	p.mu.Lock()
	if p.ln == nil { // cut meanwhile
		p.mu.Unlock()
		client.Close()
		server.Close()
		return
	}
	p.conns[c] = true
	p.mu.Unlock()
	if _, err := server.Write(buf[:n]); err != nil {
		p.drop(c)
		return
	}
	done := make(chan struct{}, 2)
	go func() { io.Copy(server, client); done <- struct{}{} }()
	go func() { io.Copy(client, server); done <- struct{}{} }()
	<-done
	p.drop(c)
	<-done
}

// drop closes a connection, unless it is to stay open and silent.
func (p *linkProxy) drop(c *proxied) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c.server.Close()
	if !c.silent {
		c.client.Close()
		delete(p.conns, c)
	}
}

// cut closes the proxy's listener and its connections, as a server gone
// away; with silentSockets the WebSockets' stay open to the browser but
// carry nothing, as a network gone dead would leave them.
func (p *linkProxy) cut(silentSockets bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for c := range p.conns {
		c.server.Close()
		if silentSockets && c.ws {
			c.silent = true
			continue
		}
		c.client.Close()
		delete(p.conns, c)
	}
}

// restore listens again on the same address; the silent connections close.
func (p *linkProxy) restore() {
	p.t.Helper()
	p.mu.Lock()
	for c := range p.conns {
		if c.silent {
			c.client.Close()
			delete(p.conns, c)
		}
	}
	p.mu.Unlock()
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		p.t.Fatalf("listening again on %s: %v", p.addr, err)
	}
	p.serve(ln)
}

// gameActions are the page's action controls.
var gameActions = []string{"#move-input", "#move-form button", "#pass", "#resign", "#undo"}

// TestBrowserOffline: Resign is offered on the player's turn only; while
// the server cannot be reached the page says so, offers no action and
// plays no click, and when it is back the page says nothing of it and
// plays again; a move that fails on the network (the WebSocket not yet
// knowing) shows the same, never the browser's raw error.
func TestBrowserOffline(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	proxy := newLinkProxy(t, ts.http.URL)
	b := newBrowser(t, proxy.url())
	p := b.open("ann", "#/g/"+g.ID+"/0/"+g.Tokens[0])
	p.waitText("#title", "you play black")
	if p.disabled("#resign") || p.disabled("#pass") {
		t.Error("Resign or Pass is disabled on Ann's turn")
	}
	p.clickPoint("c3")
	if !p.disabled("#resign") || !p.disabled("#pass") {
		t.Error("Resign or Pass is enabled on Bob's turn")
	}
	p.shot("off-turn")
	ts.must(g, 1, "move", "d3")
	p.waitFor("Bob's move", func(v jsView) bool { return v.Version == 2 })
	p.run(chromedp.WaitEnabled(chromedp.CSS("#resign")))

	offline := func(how string) {
		t.Helper()
		p.waitCond("the connection-lost note", `!document.querySelector('#connection').hidden`)
		if s := p.text("#connection"); !strings.Contains(s, "Connection lost: reconnecting") {
			t.Errorf("%s: connection note %q", how, s)
		}
		for _, sel := range gameActions {
			if !p.disabled(sel) {
				t.Errorf("%s: %s is enabled", how, sel)
			}
		}
		if p.hovers("c2") {
			t.Errorf("%s: a hover stone", how)
		}
		if s := p.text("#message"); s != "" {
			t.Errorf("%s: message %q", how, s)
		}
		p.shot(how)
	}
	online := func(how string) {
		t.Helper()
		p.waitCond("the connection back", `document.querySelector('#connection').hidden`)
		p.run(chromedp.WaitEnabled(chromedp.CSS("#resign")))
		for _, sel := range gameActions[:4] { // Undo is not for the player to move
			if p.disabled(sel) {
				t.Errorf("%s: %s is disabled", how, sel)
			}
		}
		if s := p.text("#message"); s != "" {
			t.Errorf("%s: message %q", how, s)
		}
	}

	// The server goes away: the WebSocket closes.
	proxy.cut(false)
	offline("server-gone")
	before := ts.snapshot(g.ID)
	p.click(`#board circle.hit[data-point="c2"]`)
	proxy.restore()
	online("server-back")
	ts.unchanged("a click while offline", before)
	p.clickPoint("c2")
	ts.must(g, 1, "move", "d2")
	p.waitFor("Bob's move", func(v jsView) bool { return v.Version == 4 })

	// The network goes dead: the WebSocket does not know; the move fails.
	proxy.cut(true)
	before = ts.snapshot(g.ID)
	p.click(`#board circle.hit[data-point="c4"]`)
	offline("move-failed")
	proxy.restore()
	online("network-back")
	ts.unchanged("a move that failed on the network", before)
	p.clickPoint("c4")
	if v := ts.view(g.ID); v.Version != 5 || moveNames(v)[4] != "black c4" {
		t.Errorf("moves %v", moveNames(v))
	}

	// Undo, offered after Ann's move, is not while the server is away.
	p.run(chromedp.WaitEnabled(chromedp.CSS("#undo")))
	proxy.cut(false)
	p.waitCond("the connection-lost note", `!document.querySelector('#connection').hidden`)
	if !p.disabled("#undo") {
		t.Error("Undo is enabled while offline")
	}
	proxy.restore()
	p.waitCond("the connection back", `document.querySelector('#connection').hidden`)
	p.run(chromedp.WaitEnabled(chromedp.CSS("#undo")))
}

// TestBrowserAnalyseButton: the analysis is offered in a game against the
// computer and in a finished game, not in a live game between people
// (the server refuses it there).
func TestBrowserAnalyseButton(t *testing.T) {
	ts := newTestServer(t)
	people := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	computer := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human"}, {Kind: "computer", Level: "random"}}})
	over := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	ts.must(over, 0, "move", "resign")
	b := newBrowser(t, ts.http.URL)
	p := b.open("analyse", "#/")
	for _, tc := range []struct {
		name  string
		id    string
		hash  string
		shown bool
	}{
		{"people-watcher", people.ID, "#/g/" + people.ID, false},
		{"people-player", people.ID, "#/g/" + people.ID + "/0/" + people.Tokens[0], false},
		{"computer", computer.ID, "#/g/" + computer.ID + "/0/" + computer.Tokens[0], true},
		{"over", over.ID, "#/g/" + over.ID, true},
	} {
		p.run(chromedp.Navigate(b.base + "/" + tc.hash))
		p.waitFor("the game", func(v jsView) bool { return v.ID == tc.id })
		if shown := !p.hidden("#analyse"); shown != tc.shown {
			t.Errorf("%s: analysis button shown %v, want %v", tc.name, shown, tc.shown)
		}
	}
}

// TestBrowserNewGameBoards: the new-game form's board default and
// suggestions are the server's options, for every game; a board the
// server refuses is refused with the server's reason, the form kept.
func TestBrowserNewGameBoards(t *testing.T) {
	ts := newTestServer(t)
	code, body := ts.do("GET", "/api/options", "")
	var opt struct {
		Games  []string          `json:"games"`
		Boards map[string]string `json:"boards"`
		Limits map[string]struct {
			Hint    string   `json:"hint"`
			Suggest []string `json:"suggest"`
		} `json:"limits"`
	}
	if err := json.Unmarshal(body, &opt); code != 200 || err != nil {
		t.Fatalf("options: %d %s %v", code, body, err)
	}
	b := newBrowser(t, ts.http.URL)
	p := b.open("form", "#/new")
	p.run(chromedp.WaitVisible(chromedp.CSS(`#new-game select[name=game]`)))
	for _, game := range opt.Games {
		p.setField("game", game)
		want := append([]string{}, opt.Limits[game].Suggest...)
		if !has(want, opt.Boards[game]) {
			want = append([]string{opt.Boards[game]}, want...)
		}
		var got struct {
			Board   string   `json:"board"`
			Suggest []string `json:"suggest"`
			Hint    string   `json:"hint"`
		}
		p.eval(`({board: document.querySelector('#new-game [name=board]').value,
			suggest: [...document.querySelectorAll('#boards option')].map(o => o.value),
			hint: document.querySelector('#board-hint').textContent})`, &got)
		if got.Board != opt.Boards[game] || strings.Join(got.Suggest, " ") != strings.Join(want, " ") || got.Hint != opt.Limits[game].Hint {
			t.Errorf("%s: board %q, suggestions %q, hint %q; want %q, %q, %q", game, got.Board, got.Suggest, got.Hint, opt.Boards[game], want, opt.Limits[game].Hint)
		}
	}
	// An even Ki board: the server's reason, the form as it was.
	p.setField("game", "ki")
	p.setField("board", "4x4")
	p.click(`#new-game button[type=submit]`)
	code, body = ts.post("/api/games", createReq{Game: "ki", Rules: "ki", Board: "4x4", Players: 2, Seats: []seatReq{{Kind: "human"}, {Kind: "computer", Level: "random"}}})
	if code != 400 {
		t.Fatalf("the server takes Ki on 4x4: %d %s", code, body)
	}
	p.waitText("#new-error", "The game was not created: "+errorOf(t, body))
	var hash, board string
	p.eval(`location.hash`, &hash)
	p.eval(`document.querySelector('#new-game [name=board]').value`, &board)
	if hash != "#/new" || board != "4x4" {
		t.Errorf("after the refusal: %s, board %q", hash, board)
	}
	p.shot("refused")
	// A small odd board is a game.
	p.setField("board", "5x5")
	p.click(`#new-game button[type=submit]`)
	p.waitText("#title", "ki on 5x5")
}

// TestBrowserHonestEnding: issue 18, as a person would try it. Against the
// computer (the search at 1k playouts) in Kee and in Go on 5x5, the person
// plays a wall, passes until the agreement on dead stones, clicks every
// white stone dead and accepts: the computer does not accept, and the game
// does not end with its stones removed.
func TestBrowserHonestEnding(t *testing.T) {
	for _, game := range []string{"kee", "go"} {
		t.Run(game, func(t *testing.T) {
			ts := newTestServerOpt(t, Options{Computer: computer.New, Levels: computer.Levels})
			b := newBrowser(t, ts.http.URL)
			p := b.open("person-"+game, "#/new")
			p.newGame([][2]string{{"game", game}, {"board", "5x5"}, {"komi", "0"}, {"name0", "Ann"}, {"kind1", "computer"}, {"level1", "1k playouts"}})
			p.waitText("#title", "you play black")
			for _, m := range []string{"b2", "b3", "b4"} {
				v := p.waitFor("Ann's turn", func(v jsView) bool { return v.Phase != "playing" || v.ToMove == 0 })
				if v.Phase != "playing" {
					break
				}
				if slices.Contains(v.Legal, m) {
					p.clickPoint(m)
					p.waitFor("the move", func(w jsView) bool { return w.Version > v.Version })
				}
			}
			for i := 0; ; i++ {
				v := p.waitFor("Ann's turn or the end of play", func(v jsView) bool { return v.Phase != "playing" || v.ToMove == 0 })
				if v.Phase != "playing" {
					break
				}
				if i > 40 {
					t.Fatalf("still playing after %d passes", i)
				}
				p.pass()
			}
			p.waitText("#status", "agree on dead stones")
			v := p.view()
			settled := func() gameView {
				var sv gameView
				for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
					sv = ts.view(v.ID)
					if _, due := ts.dueComputer(v.ID); !due {
						return sv
					}
					if time.Now().After(deadline) {
						t.Fatalf("the computer does not answer: %s, version %d", sv.Phase, sv.Version)
					}
				}
			}
			// The computer's proposal comes first.
			p.waitText("#scoring-status", "Accepted: moku")
			sv := settled()
			white := -1
			for i, c := range sv.Stones {
				if c == 'O' && !slices.Contains(sv.Dead, i) {
					white = i
					break
				}
			}
			if white < 0 {
				t.Fatalf("the computer has no living stones: the test has nothing to kill (stones %s)", sv.Stones)
			}
			// Ann marks the computer's group dead, and accepts if the game
			// still waits for her; whatever the computer answers, the game
			// never ends with one of its living stones removed.
			p.waitFor("the settled view", func(w jsView) bool { return w.Version == sv.Version })
			p.clickPoint(sv.Board.Points[white].Name)
			p.shot("honest-ending-marked-" + game)
			sv = settled()
			if sv.Phase == "scoring" && !sv.Accepted[0] {
				p.waitFor("the settled view", func(w jsView) bool { return w.Version == sv.Version })
				p.click("#accept")
				p.waitFor("the acceptance", func(w jsView) bool { return w.Version > sv.Version })
				sv = settled()
			}
			p.shot("honest-ending-answer-" + game)
			acts, _ := ts.store.Actions(t.Context(), v.ID, 0)
			if sv.Phase == "over" {
				for _, q := range sv.Dead {
					if sv.Stones[q] == 'O' {
						t.Fatalf("the game ended %s with the computer's stone %s removed: %+v", sv.Result, v.Names[q], acts)
					}
				}
			}
			if sv.Phase == "scoring" {
				for _, q := range sv.Dead {
					if sv.Stones[q] == 'O' && sv.Accepted[1] {
						t.Fatalf("the computer accepts its stone %s dead: %+v", v.Names[q], acts)
					}
				}
			}
			t.Logf("%s: %s %s after %d actions", game, sv.Phase, sv.Result, len(acts))
		})
	}
}

// TestBrowserWelcome: issue 22's first page. It says what moku is and
// what each game is (from the server's table of games), at desktop and
// phone sizes, and a game against the computer is one click away.
func TestBrowserWelcome(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	p := b.open("welcome", "")
	p.waitCond("the games", `document.querySelectorAll("#welcome-games li").length === 4`)
	text := p.text("#main")
	for _, g := range catalog.Games {
		if !strings.Contains(text, g.Title) || !strings.Contains(text, g.Summary) {
			t.Errorf("the first page lacks %s: %q", g.Title, g.Summary)
		}
	}
	p.shot("desktop")
	p.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	var overflow bool
	p.eval(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow)
	if overflow {
		t.Error("the first page is wider than a phone's screen")
	}
	p.shot("phone")
	p.run(chromedp.EmulateViewport(1200, 860))
	p.click(`button.play-computer[data-game="keil"]`)
	p.waitText("#title", "you play black")
	v := p.view()
	if g := ts.view(v.ID); g.Game != "keil" || g.Seats[0].Kind != "human" || g.Seats[1].Kind != "computer" || g.Board.Spec != "hex:5" {
		t.Errorf("the game started: %s on %s, seats %+v", g.Game, g.Board.Spec, g.Seats)
	}
}

// TestBrowserClock: a Fischer game (3 s, and 1 s a move) created from the
// form: the clocks show and tick, and when Black (who does not move) runs
// out of time the page says the game is lost on time.
func TestBrowserClock(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	p := b.open("clock", "#/new")
	p.newGame([][2]string{{"game", "go"}, {"board", "5x5"}, {"name0", "Ann"}, {"kind1", "human"}, {"name1", "Bob"},
		{"clock", "fischer"}, {"clock-main", "0.05"}, {"clock-increment", "1"}})
	p.waitText("#title", "you play black")
	first := p.text(`#seats-view .clock[data-seat="0"]`)
	if !strings.Contains(first, "0:0") {
		t.Errorf("black's clock shows %q", first)
	}
	p.shot("running")
	p.waitText("#status", "Game over: W+T")
	if s := p.text(`#seats-view .clock[data-seat="0"]`); !strings.Contains(s, "out of time") {
		t.Errorf("black's clock at the end: %q", s)
	}
	p.shot("lost-on-time")
}

// TestBrowserAccount: sign-up from the account page, the game created
// signed in listed under "My games" in another browser after signing in
// there, sign-out; and a page of another site that posts to moku with the
// visitor's cookie creates nothing.
func TestBrowserAccount(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	p := b.open("ann-laptop", "#/account")
	p.waitText("#account-out", "a forgotten password")
	p.setFieldOf("#account-form", "name", "Ann")
	p.setFieldOf("#account-form", "password", "correct horse")
	p.click(`#account-form button[name=signup]`)
	p.waitText("#account-name", "Ann")
	p.waitText("#account-link", "Ann")
	p.shot("signed-up")
	p.run(chromedp.Navigate(ts.http.URL + "/#/new"))
	p.newGame([][2]string{{"game", "go"}, {"board", "5x5"}, {"kind1", "computer"}})
	p.waitText("#title", "you play black")
	id, _ := p.gameID()

	phone := b.open("ann-phone", "#/account")
	phone.waitText("#account-out", "Sign in")
	phone.setFieldOf("#account-form", "name", "ann")
	phone.setFieldOf("#account-form", "password", "correct horse")
	phone.click(`#account-form button[name=signin]`)
	phone.waitText("#my-games", "go")
	var href string
	phone.eval(`document.querySelector("#my-games a").getAttribute("href")`, &href)
	if href != "#/g/"+id {
		t.Errorf("my games on the phone link to %q, want the game %s", href, id)
	}
	phone.shot("my-games")
	phone.click("#signout")
	phone.waitText("#account-link", "Sign in")

	// Another site's page posts to moku with Ann's cookie.
	before, err := ts.store.List(t.Context(), 100, store.Page{})
	if err != nil {
		t.Fatal(err)
	}
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<!doctype html><script>
fetch(%q, {method: "POST", mode: "no-cors", credentials: "include", headers: {"Content-Type": "text/plain"},
  body: JSON.stringify({game: "go", board: "9x9", seats: [{kind: "computer"}, {kind: "computer"}]})})
  .catch(() => {}).finally(() => { document.title = "sent"; });
</script>`, ts.http.URL+"/api/games")
	}))
	defer evil.Close()
	p.run(chromedp.Navigate(strings.Replace(evil.URL, "127.0.0.1", "localhost", 1)))
	p.waitCond("the cross-site request", `document.title === "sent"`)
	after, err := ts.store.List(t.Context(), 100, store.Page{})
	if err != nil || len(after) != len(before) {
		t.Errorf("games before the other site's post: %d, after: %d (%v)", len(before), len(after), err)
	}
}
