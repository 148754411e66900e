package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// say types a chat line on the page and sends it, a second later by the
// server's clock c than the line before.
func (p *page) say(c *testClock, text string) {
	p.b.t.Helper()
	c.skip(time.Second)
	p.run(chromedp.WaitVisible(chromedp.CSS("#chat-input")), chromedp.SetValue(chromedp.CSS("#chat-input"), text))
	p.click("#chat-form button[type=submit]")
	p.waitCond("the line to be sent", `document.querySelector("#chat-input").value === ""`)
}

// chatText is what the page's chat shows.
func (p *page) chatText() string {
	p.b.t.Helper()
	var s string
	p.eval(`document.querySelector("#chat-lines").textContent`, &s)
	return s
}

// TestBrowserChat: a player's line with markup shows as text on the other
// player's page (no element made of it, no script run), and on no
// watcher's page while the game is live; a watcher's line shows on the
// watchers' pages only. The tab of the player to move says so. A player
// mutes the other: that player's lines are hidden, still after a reload
// (the browser keeps it), until unmuted.
func TestBrowserChat(t *testing.T) {
	clock := newTestClock() // a second between lines: never over the rate limit
	ts := newTestServerOpt(t, Options{Clock: clock})
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	b := newBrowser(t, ts.http.URL)
	ann := b.open("ann", "#/g/"+g.ID+"/0/"+g.Tokens[0])
	bob := b.open("bob", "#/g/"+g.ID+"/1/"+g.Tokens[1])
	watcher := b.open("watcher", "#/g/"+g.ID)
	for _, p := range []*page{ann, bob, watcher} {
		p.waitFor("the game", func(jsView) bool { return true })
	}
	ann.waitCond("Ann's tab to say it is her turn", `document.title === "(your turn) moku"`)
	var title string
	bob.eval(`document.title`, &title)
	if title != "moku" {
		t.Errorf("Bob's tab, not to move, reads %q", title)
	}

	const markup = `<b>hi</b> <img src=x onerror="window.pwned=1">`
	ann.say(clock, markup)
	bob.waitText("#chat-lines", markup)
	var made struct {
		Elements int  `json:"elements"`
		Pwned    bool `json:"pwned"`
	}
	bob.eval(`({elements: document.querySelectorAll("#chat-lines b, #chat-lines img").length, pwned: !!window.pwned})`, &made)
	if made.Elements != 0 || made.Pwned {
		t.Errorf("the markup of a chat line made %d elements on Bob's page, script run: %v", made.Elements, made.Pwned)
	}
	bob.shot("markup-as-text")

	watcher.say(clock, "Bob should play c3")
	watcher.waitText("#chat-lines", "Bob should play c3")
	ann.say(clock, "second line")
	bob.waitText("#chat-lines", "second line")
	if s := bob.chatText(); strings.Contains(s, "Bob should play") {
		t.Errorf("Bob, a player, reads the watchers' chat during the game: %q", s)
	}
	watcher.say(clock, "watchers again")
	watcher.waitText("#chat-lines", "watchers again")
	if s := watcher.chatText(); strings.Contains(s, "second line") || strings.Contains(s, "hi</b>") {
		t.Errorf("a watcher reads the players' chat during the game: %q", s)
	}
	watcher.shot("watchers-channel")

	// Bob mutes Ann.
	bob.click(`#chat-lines .chat-mute`)
	bob.waitCond("Ann's lines hidden", `!document.querySelector("#chat-lines").textContent.includes("second line")`)
	if bob.hidden("#chat-muted") {
		t.Errorf("Bob's page does not say someone is muted")
	}
	bob.shot("ann-muted")
	bob.run(chromedp.Reload())
	bob.waitFor("the game after the reload", func(jsView) bool { return true })
	ann.say(clock, "third line")
	ann.waitText("#chat-lines", "third line")
	bob.waitCond("Ann's third line, hidden, on Bob's page", `window.moku.current.chat.lines.some(l => l.text === "third line")`)
	bob.waitCond("the muted note after the reload", `!document.querySelector("#chat-muted").hidden`)
	if s := bob.chatText(); strings.Contains(s, "line") {
		t.Errorf("Ann's lines show on Bob's page after the reload, muted: %q", s)
	}
	bob.click("#chat-unmute")
	bob.waitText("#chat-lines", "third line")
}
