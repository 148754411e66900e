package server

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

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
func (b *browser) open(name, hash string) *page {
	b.t.Helper()
	ctx, cancel := chromedp.NewContext(b.root, chromedp.WithNewBrowserContext())
	b.t.Cleanup(cancel)
	p := &page{b: b, ctx: ctx, name: name}
	if err := chromedp.Do(ctx); err != nil { // the tab's first run: no time limit
		b.t.Fatalf("%s: %v", name, err)
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
	Version int      `json:"version"`
	Phase   string   `json:"phase"`
	ToMove  int      `json:"toMove"`
	Legal   []string `json:"legal"`
	Stones  string   `json:"stones"`
	Result  string   `json:"result"`
	Button  bool     `json:"button"`
	Names   []string `json:"names"`
}

// view returns the game view the page holds.
func (p *page) view() jsView {
	p.b.t.Helper()
	var v jsView
	p.eval(`(v => v ? {version: v.version, phase: v.phase, toMove: v.toMove, legal: v.legal, stones: v.stones,
		result: v.result || "", button: v.button, names: v.board.points.map(p => p.name)} : {version: -1})(window.moku?.current?.view)`, &v)
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
	p.run(chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
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
	file := filepath.Join(p.b.shots, fmt.Sprintf("%s-%s.png", p.b.t.Name(), name))
	p.b.mu.Unlock()
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		p.b.t.Error(err)
	}
}

// setField sets a form field's value and fires its change event, as
// choosing in a select does.
func (p *page) setField(name, value string) {
	p.b.t.Helper()
	var ok bool
	p.eval(fmt.Sprintf(`(() => { const e = document.querySelector('#new-game [name=%q]'); if (!e) return false;
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
		p.press("#pass")
	}
	status := p.text("#status")
	if !strings.HasPrefix(status, "Game over: ") || !strings.Contains(status, "(passes)") || !strings.Contains(status, v.Result) {
		t.Errorf("status %q, result %q", status, v.Result)
	}
	score := p.text("#score")
	if !strings.Contains(score, "komi/button") || !strings.Contains(score, "(#1)") || !strings.Contains(score, "territory") {
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

// TestBrowserKee plays Kee on 3x2 with three people, each in their own
// browser context with their own seat link: stones and an appealing pass
// by clicking, passes, marking a dead group and everybody accepting.
func TestBrowserKee(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	p0 := b.open("black", "#/new")
	p0.newGame([][2]string{{"game", "kee"}, {"board", "3x2"}, {"players", "3"}, {"kind1", "human"}, {"kind2", "human"}, {"name0", "Ann"}, {"name1", "Bob"}, {"name2", "Cy"}})
	var links []string
	p0.run(chromedp.WaitVisible(chromedp.CSS(`#invites input`)))
	p0.eval(`[...document.querySelectorAll('#invites input')].map(e => e.value)`, &links)
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
		v := p0.view()
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
		v := p0.waitFor("the next turn", func(v jsView) bool { return v.Phase != "playing" || v.ToMove >= 0 })
		if v.Phase != "playing" {
			break
		}
		if i > 6 {
			t.Fatal("the passes do not end the game")
		}
		p := pages[v.ToMove]
		p.waitFor("its turn", func(w jsView) bool { return w.Version == v.Version })
		p.press("#pass")
	}
	for _, p := range pages {
		p.waitFor("scoring", func(v jsView) bool { return v.Phase == "scoring" })
		if s := p.text("#status"); !strings.Contains(s, "agree on dead stones") || p.hidden("#scoring-box") {
			t.Errorf("%s: scoring status %q", p.name, s)
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
			p.press("#pass")
			continue
		}
		p.clickPoint(v.Legal[0])
	}
	v := p.view()
	status := p.text("#status")
	if !strings.Contains(status, "Game over: "+v.Result+" (board full)") || strings.Contains(v.Stones, ".") {
		t.Errorf("status %q, stones %s", status, v.Stones)
	}
	if score := p.text("#score"); !strings.Contains(score, "(#1)") {
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
		g := &store.Game{ID: fmt.Sprintf("list%03d", i), Rules: "go", Board: "5x5", Setup: "fixed", Status: phasePlaying,
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
