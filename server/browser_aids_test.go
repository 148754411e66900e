package server

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Issue 22's aids: the rules pages, the board aids of the game view,
// keyboard play, and the page's looks on a phone and in the dark.

// count is the number of elements sel matches.
func (p *page) count(sel string) int {
	p.b.t.Helper()
	var n int
	p.eval(fmt.Sprintf(`document.querySelectorAll(%q).length`, sel), &n)
	return n
}

// waitCount polls until sel matches a number of elements cond accepts,
// and returns it.
func (p *page) waitCount(sel string, what string, cond func(int) bool) int {
	p.b.t.Helper()
	for range 600 {
		if n := p.count(sel); cond(n) {
			return n
		}
		time.Sleep(25 * time.Millisecond)
	}
	p.shot("timeout-" + p.name)
	p.b.t.Fatalf("%s: timed out waiting for %s (%s: %d)", p.name, what, sel, p.count(sel))
	return 0
}

// shotFull saves a screenshot of the whole page, beyond the window.
func (p *page) shotFull(name string) {
	p.b.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.b.t.Errorf("screenshot %s: %v", name, err)
		return
	}
	file := filepath.Join(p.b.shots, fmt.Sprintf("%s-%s.png", strings.ReplaceAll(p.b.t.Name(), "/", "-"), name))
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		p.b.t.Error(err)
	}
}

// rulesReady waits for a rules page's diagrams and its board to try.
func (p *page) rulesReady() {
	p.b.t.Helper()
	p.waitCond("the diagrams", `document.querySelectorAll("figure.diagram").length > 0 &&
		[...document.querySelectorAll("figure.diagram")].every(f => f.dataset.ready === "1") &&
		document.querySelectorAll(".try circle.hit").length > 0`)
}

// TestBrowserRules: each game's rules page draws its diagrams from the
// server's positions (each with stones, and the aid it is about), and
// its board to try changes what it shows when the reader plays on it.
func TestBrowserRules(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	// Reached from the first page, the new-game form and the game page.
	p := b.open("rules", "")
	p.waitCount("#welcome-games a.rules-link", "the welcome's rules links", func(n int) bool { return n == 4 })
	p.click(`#welcome-games a.rules-link[href="#/rules/ki"]`)
	p.waitText("h1", "Ki")
	p.run(chromedp.Navigate(b.base + "/#/new"))
	p.waitText("#new-rules", "How to play Keil")
	p.setField("game", "kee")
	p.waitText("#new-rules", "How to play Kee")
	var href string
	p.eval(`document.querySelector("#new-rules").getAttribute("href")`, &href)
	if href != "#/rules/kee" {
		t.Errorf("the new-game form's rules link goes to %q", href)
	}
	p.run(chromedp.Navigate(b.base + "/#/rules"))
	p.waitText("#main", "How to play each game")
	p.shot("index")

	// Keil.
	{
		p.run(chromedp.Navigate(b.base + "/#/rules/keil"))
		p.rulesReady()
		// The second diagram: a straight line of three black stones, no
		// two of them linked.
		var line []string
		p.eval(`[...document.querySelectorAll("figure.diagram")[1].querySelectorAll("line.link.s1")].map(l => l.dataset.link)`, &line)
		if len(line) != 0 {
			t.Errorf("the straight line's stones are linked: %q", line)
		}
		var triangle []string
		p.eval(`[...document.querySelectorAll("figure.diagram")[0].querySelectorAll("line.link.s1")].map(l => l.dataset.link).sort()`, &triangle)
		if !slices.Equal(triangle, []string{"d4 e4", "d4 e5", "e4 e5"}) {
			t.Errorf("the linked group's links: %q", triangle)
		}
		p.shotFull("keil")
		// Black c4, White a1, Black d4: the board's links are the
		// position's, and c4–d4 is not one of them.
		before := p.count(".try line.link")
		for _, pt := range []string{"c4", "a1", "d4"} {
			p.click(fmt.Sprintf(`.try circle.hit[data-point=%q]`, pt))
			p.waitText(".try-status", "played "+pt)
		}
		_, v, _ := askPosition(ts, positionRequest{Rules: "keil", Board: "hex:4", Moves: []string{"c4", "a1", "d4"}})
		n := p.waitCount(".try line.link", "the links after three stones", func(n int) bool { return n == len(v.Aids.Links) })
		if n == before || p.count(`.try line.link[data-link="c4 d4"]`) != 0 || p.count(`.try line.link.se`) == 0 {
			t.Errorf("links: %d before, %d after (the position has %d); c4–d4 drawn %d times", before, n, len(v.Aids.Links), p.count(`.try line.link[data-link="c4 d4"]`))
		}
		p.click(".try-back")
		p.waitText(".try-status", "played a1")
		p.shot("keil-try")
	}

	// Kee.
	{
		p.run(chromedp.Navigate(b.base + "/#/rules/kee"))
		p.rulesReady()
		if p.count("figure.diagram circle.ring.appealed") != 1 {
			t.Errorf("the appeal diagram rings %d stones", p.count("figure.diagram circle.ring.appealed"))
		}
		p.shotFull("kee")
		// Taking back the ko is refused by the cycle prohibition, and the
		// appeal is offered; made, it leaves White's c3 in question.
		p.click(`.try circle.hit[data-point="d3"]`)
		p.waitText(".try .error", "cycle prohibition")
		p.click(".try-appeal")
		p.waitText(".try-note", "stone play at c3 is under appeal")
		if s := p.text(".try-pass"); s != "Pass (takes back c3)" {
			t.Errorf("White's pass button reads %q", s)
		}
		if p.count(".try circle.ring.appealed") != 1 {
			t.Error("the stone under appeal is not ringed")
		}
		p.shot("kee-try-appeal")
		p.click(".try-pass")
		p.waitText(".try-status", "White passed. White to play.")
		// The capture is taken back: nothing is in question any more.
		if p.count(".try circle.ring.appealed") != 0 || p.text(".try-pass") != "Pass" || p.count(".try circle.stone.c2") != 3 {
			t.Errorf("after the rescission: %d rings, pass button %q, %d white stones (want 3)", p.count(".try circle.ring.appealed"), p.text(".try-pass"), p.count(".try circle.stone.c2"))
		}
		p.shot("kee-try-rescinded")
	}

	// Ki.
	{
		p.run(chromedp.Navigate(b.base + "/#/rules/ki"))
		p.rulesReady()
		if n := p.count("figure.diagram rect.control"); n == 0 {
			t.Error("no control drawn in the diagrams")
		}
		p.shotFull("ki")
		if n := p.count(".try rect.control"); n != 0 {
			t.Fatalf("%d points controlled on the empty board", n)
		}
		for _, pt := range []string{"d4", "a1", "d2"} {
			p.click(fmt.Sprintf(`.try circle.hit[data-point=%q]`, pt))
			p.waitText(".try-status", "played "+pt)
		}
		// d3 lies between two black stones: Black's.
		p.waitCount(`.try rect.control.c1[data-point="d3"]`, "d3 controlled by Black", func(n int) bool { return n == 1 })
		p.click(`.try circle.hit[data-point="d3"]`)
		p.waitText(".try .error", "black controls d3")
		p.shot("ki-try")
	}

	// Go.
	{
		p.run(chromedp.Navigate(b.base + "/#/rules/go"))
		p.rulesReady()
		var libs []string
		p.eval(`[...document.querySelectorAll("figure.diagram")[0].querySelectorAll("text.libs")].map(t => t.textContent).sort()`, &libs)
		if !slices.Equal(libs, []string{"2", "3", "4", "6", "6"}) {
			t.Errorf("liberties in the first diagram: %q", libs)
		}
		p.shotFull("go")
		p.click(`.try circle.hit[data-point="e5"]`)
		p.waitText(".try-status", "played e5")
		p.waitCount(".try text.libs", "the liberties of the stone", func(n int) bool { return n == 1 })
		var s string
		p.eval(`document.querySelector(".try text.libs").textContent`, &s)
		if s != "4" {
			t.Errorf("a lone stone in the open has %q liberties", s)
		}
		p.click(`.try circle.hit[data-point="e6"]`)
		p.waitText(".try-status", "played e6")
		var got []string
		p.eval(`[...document.querySelectorAll(".try text.libs")].map(t => t.textContent)`, &got)
		if !slices.Equal(got, []string{"3", "3"}) {
			t.Errorf("two stones side by side: liberties %q, want 3 and 3", got)
		}
		p.shot("go-try")
	}
}

// pointAt moves the mouse onto a point of the board and leaves it there.
func (p *page) pointAt(point string) {
	p.b.t.Helper()
	var c []float64
	p.eval(fmt.Sprintf(`(r => [r.left + r.width / 2, r.top + r.height / 2])(document.querySelector('#board circle.hit[data-point=%q]').getBoundingClientRect())`, point), &c)
	p.run(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, c[0], c[1]))
}

// pointOf is the name of the point an SVG element of the board (a
// circle) is drawn on.
func (p *page) pointOf(sel string) string {
	p.b.t.Helper()
	var name string
	p.eval(fmt.Sprintf(`(c => { if (!c) return "";
		const h = [...document.querySelectorAll('#board circle.hit')].find(h => h.getAttribute('cx') === c.getAttribute('cx') && h.getAttribute('cy') === c.getAttribute('cy'));
		return h ? h.dataset.point : ""; })(document.querySelector(%q))`, sel), &name)
	return name
}

// pair counts the elements sel matches with "a b" or "b a" in their
// attribute attr.
func (p *page) pair(sel, attr, a, b string) int {
	p.b.t.Helper()
	return p.count(fmt.Sprintf(`%s[%s="%s %s"]`, sel, attr, a, b)) + p.count(fmt.Sprintf(`%s[%s="%s %s"]`, sel, attr, b, a))
}

// TestBrowserKeilAids: the Keil board draws the view's links, one segment
// a link: d4–e4 is linked through e5, c4–d4 is not (a cut mark); the
// pointer on d4 names its links and rings their witnesses; the aid
// switched off stays off after a reload; stepping back marks the move of
// the position shown; a click out of turn says whose turn it is, and the
// arrow keys move a cursor over the hexhex.
func TestBrowserKeilAids(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "keil", Board: "hex:4", Setup: "fixed", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	for i, m := range []string{"d4", "a1", "e4", "g7", "e5", "b1", "c4"} {
		ts.must(g, i%2, "move", m)
	}
	v := ts.view(g.ID)
	if len(v.Aids.Links) == 0 {
		t.Fatal("the view has no links")
	}
	b := newBrowser(t, ts.http.URL)
	p := b.open("ann", "#/g/"+g.ID+"/0/"+g.Tokens[0])
	p.waitText("#title", "you play black")
	var rules string
	p.eval(`document.querySelector("#rules-link").getAttribute("href")`, &rules)
	if rules != "#/rules/keil" || p.text("#rules-link") != "How to play Keil" {
		t.Errorf("the game's rules link: %q to %q", p.text("#rules-link"), rules)
	}
	p.waitCount("#board line.link", "the links", func(n int) bool { return n == len(v.Aids.Links) })
	// Cut: c4–d4 (empty witnesses), and White's a1–b1, whose only
	// witness, b2, is empty.
	if p.pair("#board line.link", "data-link", "d4", "e4") != 1 || p.pair("#board line.link", "data-link", "c4", "d4") != 0 ||
		p.pair("#board line.cut", "data-cut", "c4", "d4") != 1 || p.pair("#board line.cut", "data-cut", "a1", "b1") != 1 || p.count("#board line.cut") != 2 {
		t.Errorf("d4–e4 drawn %d times, c4–d4 %d times, cut marks %d (c4–d4: %d, a1–b1: %d)", p.pair("#board line.link", "data-link", "d4", "e4"),
			p.pair("#board line.link", "data-link", "c4", "d4"), p.count("#board line.cut"), p.pair("#board line.cut", "data-cut", "c4", "d4"),
			p.pair("#board line.cut", "data-cut", "a1", "b1"))
	}
	p.pointAt("d4")
	info := p.waitText("#board-info", "d4: black stone.")
	if !strings.Contains(info, "e4 (through e5)") || !strings.Contains(info, "not with c4") {
		t.Errorf("the pointer on d4: %q", info)
	}
	if n := p.count("#board .focus circle.witness"); n == 0 {
		t.Error("no witness ringed with the pointer on d4")
	}
	p.shot("links")
	p.run(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1))

	// Off, and still off after a reload; then on again.
	p.click("#aid-links")
	p.waitCount("#board line.link", "no links", func(n int) bool { return n == 0 })
	p.run(chromedp.Reload())
	p.waitText("#title", "you play black")
	p.run(chromedp.WaitVisible(chromedp.CSS("#board circle.hit")))
	if n := p.count("#board line.link"); n != 0 || p.checked("#aid-links") {
		t.Errorf("after a reload: %d links drawn, box checked %v", n, p.checked("#aid-links"))
	}
	p.click("#aid-links")
	p.waitCount("#board line.link", "the links again", func(n int) bool { return n == len(v.Aids.Links) })

	// Back to the first move: its stone, d4, is marked.
	p.click("#nav-first")
	p.waitText("#nav-pos", "0 /")
	if n := p.count("#board circle.last"); n != 0 {
		t.Errorf("%d last-move marks at the start", n)
	}
	p.click("#nav-next")
	p.waitText("#nav-pos", "1 /")
	p.waitCond("the mark", `document.querySelector("#board circle.last")`)
	if at := p.pointOf("#board circle.last"); at != "d4" {
		t.Errorf("at move 1 the last move is marked on %q, want d4", at)
	}
	p.click("#nav-next")
	p.waitText("#nav-pos", "2 /")
	if at := p.pointOf("#board circle.last"); at != "a1" {
		t.Errorf("at move 2 the last move is marked on %q, want a1", at)
	}
	// The links of the position stepped to, from the server.
	p.waitCount("#board line.link", "the links at move 2", func(n int) bool { return n > 0 && n != len(v.Aids.Links) })
	p.shot("step-2")
	// A click while stepping says how to play.
	p.click(`#board circle.hit[data-point="f5"]`)
	p.waitText("#message", "You are looking at move 2 of 7")
	p.click("#nav-last")
	p.waitText("#nav-pos", "7 /")
	p.waitCond("the note gone with the live position", `document.querySelector("#message").textContent === ""`)

	// White to play: Ann's click says so.
	p.click(`#board circle.hit[data-point="f5"]`)
	p.waitText("#message", "It is Bob's turn (white), not yours.")
	if w := ts.view(g.ID); w.Version != v.Version {
		t.Errorf("the click out of turn changed the game: version %d", w.Version)
	}
	p.shot("not-your-turn")

	// The keys: the cursor starts on the last stone, c4; right is d4,
	// left c4 again.
	p.run(chromedp.Focus(chromedp.CSS("#board")))
	for _, step := range []struct{ key, want string }{{kb.ArrowRight, "d4:"}, {kb.ArrowLeft, "c4:"}, {kb.ArrowRight, "d4:"}, {kb.ArrowRight, "e4:"}} {
		p.run(chromedp.KeyEvent(step.key))
		if s := p.text("#board-info"); !strings.HasPrefix(s, step.want) {
			t.Errorf("after %q the cursor is at %q, want %s", step.key, s, step.want)
		}
	}
	if at := p.pointOf("#board circle.cursor"); at != "e4" {
		t.Errorf("the cursor is drawn on %q, want e4", at)
	}
	p.run(chromedp.KeyEvent(kb.ArrowUp))
	if s := p.text("#board-info"); !strings.HasPrefix(s, "e5:") && !strings.HasPrefix(s, "f5:") {
		t.Errorf("up from e4: %q, want e5 or f5", s)
	}
	p.shot("cursor")
}

// checked reports whether a checkbox is checked.
func (p *page) checked(sel string) bool {
	p.b.t.Helper()
	var c bool
	p.eval(fmt.Sprintf(`document.querySelector(%q).checked`, sel), &c)
	return c
}

// TestBrowserKeyboard: on a Go board the arrow keys move the cursor from
// the centre and Enter plays its point; the live region says so, and
// says the other player's move; Enter out of turn says whose turn it is.
func TestBrowserKeyboard(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "9x9", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	b := newBrowser(t, ts.http.URL)
	p := b.open("ann", "#/g/"+g.ID+"/0/"+g.Tokens[0])
	p.waitText("#title", "you play black")
	if n := p.count("#board circle.star"); n != 5 {
		t.Errorf("%d star points on 9x9, want 5", n)
	}
	// The star points of other boards, by the page's own function.
	stars := get(p, chromedp.Evaluate[map[string]string](`import("/board.js").then(m => {
		const board = (w, h, kind = "rect") => {
			const cols = "abcdefghjklmnopqrstuvwxyz", points = [];
			for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) points.push({ name: cols[x] + (y + 1), x, y });
			return { kind, width: w, height: h, points, edges: [] };
		};
		const names = b => m.starPoints(b).map(i => b.points[i].name).sort().join(" ");
		return { "19x19": names(board(19, 19)), "13x13": names(board(13, 13)), "11x11": names(board(11, 11)),
			"7x7": names(board(7, 7)), "9x13": names(board(9, 13)), "torus:9x9": names(board(9, 9, "torus")) };
	})`, chromedp.EvalAwaitPromise))
	for size, want := range map[string]string{
		"19x19": "d10 d16 d4 k10 k16 k4 q10 q16 q4", "13x13": "d10 d4 g7 k10 k4", "11x11": "c3 c9 f6 j3 j9",
		"7x7": "", "9x13": "", "torus:9x9": "",
	} {
		if stars[size] != want {
			t.Errorf("star points of %s: %q, want %q", size, stars[size], want)
		}
	}
	p.run(chromedp.Focus(chromedp.CSS("#board")))
	p.run(chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.ArrowRight))
	if s := p.text("#board-info"); !strings.HasPrefix(s, "f6: empty") {
		t.Errorf("up and right from the centre: %q", s)
	}
	p.shot("cursor")
	p.run(chromedp.KeyEvent(kb.Enter))
	p.waitFor("the move", func(v jsView) bool { return v.Version == 1 })
	if m := moveNames(ts.view(g.ID)); len(m) != 1 || m[0] != "black f6" {
		t.Fatalf("moves %q", m)
	}
	p.waitText("#announce", "Black played f6.")
	// Out of turn.
	p.run(chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.Enter))
	p.waitText("#message", "It is Bob's turn (white), not yours.")
	// The other player's move is announced too.
	ts.must(g, 1, "move", "c3")
	p.waitText("#announce", "White played c3.")
	p.waitCond("the note gone, Black to move", `document.querySelector("#message").textContent === ""`)
	if p.count("#announce") != 1 {
		t.Fatal("no live region")
	}
	var live string
	p.eval(`document.querySelector("#announce").getAttribute("aria-live")`, &live)
	if live != "polite" {
		t.Errorf("the announcements are aria-live %q", live)
	}
	p.shot("announced")
}

// TestBrowserKiControl: the Ki board shades the points the view's
// control gives each player, and no other.
func TestBrowserKiControl(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "ki", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	for i, m := range []string{"b2", "d4", "b4", "e3", "c3", "d2"} {
		ts.must(g, i%2, "move", m)
	}
	v := ts.view(g.ID)
	b := newBrowser(t, ts.http.URL)
	p := b.open("ann", "#/g/"+g.ID+"/0/"+g.Tokens[0])
	p.waitText("#title", "you play black")
	black, white := strings.Count(v.Aids.Control, "X"), strings.Count(v.Aids.Control, "O")
	if black == 0 || white == 0 {
		t.Fatalf("control %q: the test needs points of both", v.Aids.Control)
	}
	p.waitCount("#board rect.control", "the control", func(n int) bool { return n == black+white })
	if n := p.count("#board rect.control.c1"); n != black {
		t.Errorf("%d points shaded black, the view has %d", n, black)
	}
	if p.count(`#board rect.control.c1[data-point="c4"]`) != 1 || p.count(`#board rect.control.c2[data-point="d3"]`) != 1 {
		t.Error("c4 not shaded Black's, or d3 not White's")
	}
	p.pointAt("c4")
	p.waitText("#board-info", "c4: empty. Black controls it.")
	p.shot("control")
	// White may not play on Black's point; the refusal says why.
	bob := b.open("bob", "#/g/"+g.ID+"/1/"+g.Tokens[1])
	bob.waitText("#title", "you play white")
	ts.must(g, 0, "move", "a5")
	bob.waitFor("White's turn", func(v jsView) bool { return v.ToMove == 1 })
	bob.click(`#board circle.hit[data-point="c4"]`)
	bob.waitText("#message", "black controls c4")
}

// TestBrowserKeeAppeal: Black's recapture of a ko is refused by the cycle
// prohibition and the page offers the appeal; made, both pages say which
// stone play is in question, White's pass button says it takes it back,
// and White's pass does: the moves list strikes the rescinded moves and
// the live region says so. At the end, each page shows who has accepted
// the marks.
func TestBrowserKeeAppeal(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "kee", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	for i, m := range []string{"b3", "d4", "c4", "e3", "c2", "d2", "d3", "c3"} {
		ts.must(g, i%2, "move", m)
	}
	b := newBrowser(t, ts.http.URL)
	ann := b.open("ann", "#/g/"+g.ID+"/0/"+g.Tokens[0])
	bob := b.open("bob", "#/g/"+g.ID+"/1/"+g.Tokens[1])
	ann.waitText("#title", "you play black")
	bob.waitText("#title", "you play white")
	if !ann.hidden("#appeal-box") {
		t.Error("an appeal shown before any")
	}
	ann.click(`#board circle.hit[data-point="d3"]`)
	ann.waitText("#message", "cycle prohibition")
	if ann.hidden("#appeal-offer") || ann.text("#appeal-now") != "Appeal, naming d3" {
		t.Fatalf("no appeal offered: %q", ann.text("#appeal-now"))
	}
	ann.shot("refused")
	ann.press("#appeal-now")
	for _, p := range []*page{ann, bob} {
		p.waitCond("the appeal", `!document.querySelector("#appeal-box").hidden`)
		if s := p.text("#appeal-text"); !strings.Contains(s, "Ann (black) appealed, naming d3") || !strings.Contains(s, "stone play at c3 is in question") {
			t.Errorf("%s: appeal text %q", p.name, s)
		}
		if p.count("#board circle.ring.appealed") != 1 || p.pointOf("#board circle.ring.appealed") != "c3" {
			t.Errorf("%s: the stone in question is not ringed", p.name)
		}
	}
	bob.waitText("#pass", "Pass (takes back c3)")
	ann.shot("appeal-black")
	bob.shot("appeal-white")
	bob.pass()
	for _, p := range []*page{ann, bob} {
		p.waitCond("the rescission", `document.querySelector("#appeal-box").hidden`)
		var struck []string
		p.eval(`[...document.querySelectorAll("#moves li.rescinded")].map(li => li.textContent)`, &struck)
		if !slices.Equal(struck, []string{"W c3", "B appeal-d3"}) {
			t.Errorf("%s: rescinded moves %q", p.name, struck)
		}
	}
	ann.waitText("#announce", "White passed. That takes back white's c3.")
	ann.shot("rescinded")
	// Both pass: the agreement on dead stones.
	bob.pass()
	bob.waitFor("Black's turn", func(v jsView) bool { return v.ToMove == 0 })
	ann.waitFor("Black's turn", func(v jsView) bool { return v.ToMove == 0 })
	ann.pass()
	ann.waitFor("scoring", func(v jsView) bool { return v.Phase == "scoring" })
	ann.press("#accept")
	bob.waitText("#seats-view", "✓ accepted the marks")
	if s := bob.text("#seats-view"); !strings.Contains(s, "has not accepted") {
		t.Errorf("Bob's seats %q", s)
	}
	bob.shot("accepted")
}

// TestBrowserLooks: the list of games fits a phone's width (390 px), at
// desktop and phone sizes; and the dark theme shows the win-rate graph's
// fill and the black seat's dot.
func TestBrowserLooks(t *testing.T) {
	ts := newAnalysingServer(t)
	var over string // a finished game of Go, to analyse
	for i, game := range []string{"keil", "kee", "ki", "go"} {
		g := ts.create(createReq{Game: game, Board: []string{"hex:4", "5x5", "5x5", "5x5"}[i], Setup: "fixed",
			Seats: []seatReq{{Kind: "human", Name: "Annabelle Longname"}, {Kind: "human", Name: "Bartholomew Longername"}}})
		if game == "go" {
			for j, m := range []string{"c3", "b2", "d2", "b4", "c4", "d4", "resign"} {
				ts.must(g, j%2, "move", m)
			}
			over = g.ID
		}
	}
	b := newBrowser(t, ts.http.URL)
	p := b.open("list", "")
	p.waitCount("table.games tbody tr", "the games", func(n int) bool { return n == 4 })
	p.shot("desktop")
	p.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	var fits []bool
	p.eval(`[document.documentElement.scrollWidth <= window.innerWidth + 1,
		[...document.querySelectorAll("table.games")].every(t => t.scrollWidth <= t.parentElement.clientWidth + 1 && t.getBoundingClientRect().right <= window.innerWidth + 1)]`, &fits)
	if !slices.Equal(fits, []bool{true, true}) {
		t.Errorf("at 390 px: the page fits, the list fits: %v", fits)
	}
	p.eval(`document.querySelector("table.games").scrollIntoView(), true`, new(bool))
	p.shot("phone-list")
	p.shotFull("phone")
	p.run(chromedp.Navigate(b.base + "/#/rules/keil"))
	p.rulesReady()
	var fit bool
	p.eval(`document.documentElement.scrollWidth <= window.innerWidth + 1`, &fit)
	if !fit {
		t.Error("the Keil rules are wider than a phone")
	}
	p.shotFull("phone-rules")

	// The dark theme.
	d := b.open("dark", "")
	if _, err := chromedp.Call(d.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}); err != nil {
		t.Fatal(err)
	}
	d.waitCond("the games", `document.querySelectorAll("#welcome-games li").length === 4`)
	var dark bool
	d.eval(`matchMedia("(prefers-color-scheme: dark)").matches`, &dark)
	if !dark {
		t.Fatal("the dark theme is not emulated")
	}
	d.shot("dark-welcome")
	d.run(chromedp.Navigate(b.base + "/#/g/" + over))
	d.waitText("#title", "watching")
	d.click("#analyse")
	d.waitText("#analysis-status", "positions analysed")
	// Contrast (WCAG's ratio) of the graph's fill on its background, and
	// of the black dot's edge on the panel.
	var ratios []float64
	d.eval(`(() => {
		// "rgb(r, g, b)", "rgba(…, a)" or "color(srgb r g b / a)" (0 to 1).
		const rgb = s => { const n = (s.match(/[\d.]+/g) || []).map(Number);
			return s.startsWith("color(") ? [...n.slice(0, 3).map(c => c * 255), ...n.slice(3)] : n; };
		const lum = ([r, g, b]) => [r, g, b].map(c => (c /= 255) <= .03928 ? c / 12.92 : ((c + .055) / 1.055) ** 2.4).reduce((s, c, i) => s + c * [.2126, .7152, .0722][i], 0);
		const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + .05) / (y + .05); };
		// A translucent fill, blended on its background.
		const over = (f, bg) => { const a = f.length > 3 ? f[3] : 1; return bg.map((c, i) => c * (1 - a) + f[i] * a); };
		const bg = rgb(getComputedStyle(document.querySelector("#winrate .graph-bg")).fill);
		const area = over(rgb(getComputedStyle(document.querySelector("#winrate .graph-area")).fill), bg);
		const panel = rgb(getComputedStyle(document.querySelector(".side")).backgroundColor);
		const dot = rgb(getComputedStyle(document.querySelector("#seats-view .swatch.c1")).borderTopColor);
		return [ratio(area, bg), ratio(dot, panel)];
	})()`, &ratios)
	if len(ratios) != 2 || ratios[0] < 1.8 || ratios[1] < 3 {
		t.Errorf("dark theme contrast: graph fill, black dot's edge %.2f; want 1.8 and 3 or more", ratios)
	}
	d.shot("dark-game")
}
