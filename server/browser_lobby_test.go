package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserLobby: Ann posts a challenge in the lobby of one browser;
// Bob, in another, sees it and accepts it with one click; both pages land
// in the game, each in its own seat (Ann's page told of the acceptance by
// the lobby's WebSocket), and they play a move each. After the game, Bob
// proposes a rematch from the game's page and Ann accepts it there: both
// go to the new game, the colours swapped.
func TestBrowserLobby(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	ann := b.open("ann", "#/lobby")
	ann.run(chromedp.WaitVisible(chromedp.CSS(`#challenge-form select[name=game]`)))
	ann.setFieldOf("#challenge-form", "game", "go")
	ann.setFieldOf("#challenge-form", "board", "5x5")
	ann.setFieldOf("#challenge-form", "name", "Ann")
	ann.setFieldOf("#challenge-form", "clock", "blitz")
	ann.click(`#challenge-form button[type=submit]`)
	ann.waitText("#challenges", "yours")
	ann.shot("posted")

	bob := b.open("bob", "#/lobby")
	bob.waitText("#challenges", "Ann")
	if s := bob.text("#challenges"); strings.Contains(s, "yours") || !strings.Contains(s, "5 min + 5 s") {
		t.Errorf("Bob's lobby reads %q", s)
	}
	bob.shot("lobby")
	bob.setFieldOf("#challenge-form", "name", "Bob")
	bob.click(`#challenges button.accept`)
	bob.waitFor("Bob's game", func(jsView) bool { return true })
	ann.waitFor("Ann's game", func(jsView) bool { return true })
	annID, annSeat := ann.gameID()
	bobID, bobSeat := bob.gameID()
	if annID != bobID || annSeat != "0" || bobSeat != "1" {
		t.Fatalf("Ann in %s seat %s, Bob in %s seat %s", annID, annSeat, bobID, bobSeat)
	}
	ann.clickPoint("c3")
	bob.waitFor("Ann's move", func(v jsView) bool { return v.Version == 1 })
	bob.clickPoint("d4")
	ann.waitFor("Bob's move", func(v jsView) bool { return v.Version == 2 })
	ann.shot("game")
	if s := ann.text("#seats-view"); !strings.Contains(s, "Ann") || !strings.Contains(s, "Bob") {
		t.Errorf("the seats read %q", s)
	}

	// Ann resigns (through the API: the page's resignation asks with the
	// browser's own dialog); Bob proposes a rematch, Ann accepts it, and
	// both pages go to the new game, the colours swapped.
	var hash string
	ann.eval(`location.hash`, &hash)
	token := hash[strings.LastIndexByte(hash, '/')+1:]
	if code, body := ts.act(annID, actReq{Seat: 0, Token: token, Kind: "move", Arg: "resign"}); code != 200 {
		t.Fatalf("resign: %d %s", code, body)
	}
	bob.waitFor("the end", func(v jsView) bool { return v.Phase == "over" })
	bob.click("#rematch")
	bob.waitText("#rematch-text", "waiting")
	ann.waitText("#rematch-text", "Bob proposes a rematch")
	ann.shot("rematch-offer")
	ann.click("#rematch-accept")
	ann.waitCond("Ann in the rematch", `!location.hash.startsWith("#/g/`+annID+`/")`)
	bob.waitCond("Bob in the rematch", `!location.hash.startsWith("#/g/`+annID+`/")`)
	ann.waitFor("Ann's rematch", func(jsView) bool { return true })
	bob.waitFor("Bob's rematch", func(jsView) bool { return true })
	annID2, annSeat2 := ann.gameID()
	bobID2, bobSeat2 := bob.gameID()
	if annID2 != bobID2 || annSeat2 != "1" || bobSeat2 != "0" {
		t.Fatalf("rematch: Ann in %s seat %s, Bob in %s seat %s", annID2, annSeat2, bobID2, bobSeat2)
	}
	bob.clickPoint("c3")
	ann.waitFor("Bob's first move of the rematch", func(v jsView) bool { return v.Version == 1 })
	ann.shot("rematch")
}

// TestBrowserLobbyKeeThree: Ann posts a challenge of Kee for three in
// the lobby; Bob, signed in, accepts it and waits (his page says so, and
// the lobby names him beside Ann); Cy, a guest in a third browser,
// takes the last seat: the game starts, Cy's page goes to it at once and
// Ann's and Bob's, told by the lobby's WebSocket, to their seats. Bob's
// seat bears his account's name. Each plays a stone.
func TestBrowserLobbyKeeThree(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	bob := signUpPage(b, "Bob")
	ann := b.open("ann", "#/lobby")
	ann.run(chromedp.WaitVisible(chromedp.CSS(`#challenge-form select[name=game]`)))
	if !ann.hidden(`#challenge-form label.for-kee`) {
		t.Error("the players' choice shows for Keil")
	}
	ann.setFieldOf("#challenge-form", "game", "kee")
	if ann.hidden(`#challenge-form label.for-kee`) {
		t.Fatal("no players' choice for Kee")
	}
	ann.setFieldOf("#challenge-form", "board", "5x5")
	ann.setFieldOf("#challenge-form", "players", "3")
	ann.setFieldOf("#challenge-form", "name", "Ann")
	ann.click(`#challenge-form button[type=submit]`)
	ann.waitText("#challenges", "yours: waiting for 2 more")

	bob.run(chromedp.Navigate(ts.http.URL + "/#/lobby"))
	bob.waitText("#challenges td.players", "Ann (2 of 3 seats open)")
	bob.run(chromedp.WaitVisible(chromedp.CSS(`#challenge-form input[name=name]:disabled`)))
	var name string
	bob.eval(`document.querySelector("#challenge-form input[name=name]").value`, &name)
	if name != "Bob" {
		t.Errorf("signed in, Bob's lobby name field reads %q, want his account's name, fixed", name)
	}
	bob.click(`#challenges button.accept`)
	bob.waitText("#challenges", "joined: waiting for 1 more")
	ann.waitText("#challenges", "yours: waiting for 1 more")
	bob.shot("joined")

	cy := b.open("cy", "#/lobby")
	cy.waitText("#challenges td.players", "Ann, Bob (1 of 3 seats open)")
	cy.shot("lobby")
	cy.setFieldOf("#challenge-form", "name", "Cy")
	cy.click(`#challenges button.accept`)
	pages := []*page{ann, bob, cy}
	for i, p := range pages {
		p.waitFor("the game", func(jsView) bool { return true })
		if _, seat := p.gameID(); seat != fmt.Sprint(i) {
			t.Errorf("%s in seat %s, want %d", p.name, seat, i)
		}
	}
	id, _ := ann.gameID()
	for _, p := range pages[1:] {
		if other, _ := p.gameID(); other != id {
			t.Fatalf("%s in game %s, Ann in %s", p.name, other, id)
		}
	}
	for i, move := range []string{"c3", "b2", "d4"} {
		pages[i].clickPoint(move)
		for _, p := range pages {
			p.waitFor("the move", func(v jsView) bool { return v.Version == i+1 })
		}
	}
	if s := cy.text("#seats-view"); !strings.Contains(s, "Ann (black)") || !strings.Contains(s, "Bob (white)") || !strings.Contains(s, "Cy (red)") {
		t.Errorf("the seats read %q", s)
	}
	for _, p := range pages {
		p.shot("game-" + p.name)
	}
}

// TestBrowserPassConfirm: a pass asks to be confirmed: one click only
// arms it, and the second passes; the tab's title says "(your turn)"
// while it is the player's turn only.
func TestBrowserPassConfirm(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	p := b.open("pass", "#/new")
	p.newGame([][2]string{{"game", "go"}, {"board", "5x5"}, {"kind1", "human"}})
	v := p.waitFor("the game", func(v jsView) bool { return v.ToMove == 0 })
	p.waitCond("the title to say it is my turn", `document.title === "(your turn) moku"`)
	p.click("#pass")
	p.waitText("#pass", "click again")
	p.shot("pass-armed")
	if w := p.view(); w.Version != v.Version {
		t.Fatalf("one click passed: version %d, was %d", w.Version, v.Version)
	}
	p.press("#pass")
	if w := p.view(); w.ToMove != 1 || w.Version != v.Version+1 {
		t.Errorf("after the second click: %+v", w)
	}
	if s := p.text("#pass"); s != "Pass" {
		t.Errorf("the button reads %q after the pass", s)
	}
	p.waitCond("the title to drop 'your turn'", `document.title === "moku"`)
}

// pass passes, as a person does: the first click arms the button ("Pass?
// click again"), the second passes; it waits for the game to move on.
func (p *page) pass() {
	p.b.t.Helper()
	p.click("#pass")
	p.waitText("#pass", "click again")
	p.press("#pass")
}
