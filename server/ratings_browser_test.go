package server

import (
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"moku/computer"
	"moku/rating"
)

// TestBrowserProfile: Ann plays rated games of Go and Ki against Bob;
// from her account page, the link to her ratings shows them, her games,
// and the graph of her history: one line a game with a point a rated
// game, between two axes with their ticks and labels.
func TestBrowserProfile(t *testing.T) {
	ts := newTestServerOpt(t, Options{Anchor: computer.AnchorOf})
	ann, bob := signUp(t, ts, "Ann"), signUp(t, ts, "Bob")
	// Ann loses a game of Go, then wins two of Ki (Bob resigns).
	for _, tc := range []struct {
		game, board string
		loser       int
	}{{"go", "5x5", 0}, {"ki", "5x5", 1}, {"ki", "5x5", 1}} {
		g := twoAccountGame(t, ann, bob, tc.game, tc.board, true)
		by := ann
		if tc.loser == 1 {
			by = bob
			if code, body, _ := ann.post("/api/games/"+g.ID+"/actions", map[string]any{"seat": 0, "kind": "move", "arg": "c3"}); code != http.StatusOK {
				t.Fatalf("Ann's move: %d %s", code, body)
			}
		}
		if code, body, _ := by.post("/api/games/"+g.ID+"/actions", map[string]any{"seat": tc.loser, "kind": "move", "arg": "resign"}); code != http.StatusOK {
			t.Fatalf("resign: %d %s", code, body)
		}
	}
	v := profile(t, ann, "Ann")
	if len(v.History) != 3 || len(v.Ratings) != 2 {
		t.Fatalf("Ann's profile: %+v", v)
	}

	b := newBrowser(t, ts.http.URL)
	p := b.open("ann", "#/account")
	p.waitText("#account-out", "Sign in")
	p.setFieldOf("#account-form", "name", "Ann")
	p.setFieldOf("#account-form", "password", "correct horse")
	p.click(`#account-form button[name=signin]`)
	p.waitText("#account-name", "Ann")
	p.click("#profile-link")
	p.waitText("#profile-ratings", "Ki")
	if got := p.text("#profile-name"); got != "Ann" {
		t.Errorf("the profile's name: %q", got)
	}
	for _, r := range v.Ratings {
		want := fmt.Sprint(int(r.Rating + 0.5))
		if got := p.text("#profile-ratings"); !strings.Contains(got, want) {
			t.Errorf("the ratings table %q lacks %s's %s", got, r.Game, want)
		}
	}
	var graph struct {
		Lines  map[string]int `json:"lines"`
		Axes   int            `json:"axes"`
		Ticks  []string       `json:"ticks"`
		Labels []string       `json:"labels"`
		Legend []string       `json:"legend"`
	}
	p.waitCond("the graph", `document.querySelector("#profile-graph svg polyline")`)
	p.eval(`(s => ({
		lines: Object.fromEntries([...s.querySelectorAll("polyline.rg-line")].map(l => [l.dataset.game, l.getAttribute("points").split(" ").length])),
		axes: s.querySelectorAll("line.rg-axis").length,
		ticks: [...s.querySelectorAll("text.rg-tick")].map(t => t.textContent),
		labels: [...s.querySelectorAll("text.rg-label")].map(t => t.textContent),
		legend: [...s.querySelectorAll("text.rg-legend")].map(t => t.textContent),
	}))(document.querySelector("#profile-graph svg"))`, &graph)
	if graph.Lines["go"] != 1 || graph.Lines["ki"] != 2 || len(graph.Lines) != 2 {
		t.Errorf("the graph's lines (points by game): %v; want go 1, ki 2", graph.Lines)
	}
	if graph.Axes != 2 || len(graph.Ticks) < 5 || strings.Join(graph.Labels, ",") != "rated game,rating" || strings.Join(graph.Legend, ",") != "Go,Ki" {
		t.Errorf("the graph's axes %d, ticks %v, labels %v, legend %v", graph.Axes, graph.Ticks, graph.Labels, graph.Legend)
	}
	p.waitText("#profile-games", "B+R")
	p.shot("profile")

	// Anyone may look; a name of no one says so.
	q := b.open("stranger", "#/p/nobody")
	q.waitText("#profile-error", "no such player")
}

// signUpPage opens a page in its own browser context and signs up there
// as name, from the account page, as a person does.
func signUpPage(b *browser, name string) *page {
	b.t.Helper()
	p := b.open(strings.ToLower(name), "#/account")
	p.waitText("#account-out", "Sign in")
	p.setFieldOf("#account-form", "name", name)
	p.setFieldOf("#account-form", "password", "correct horse")
	p.click(`#account-form button[name=signup]`)
	p.waitText("#account-name", name)
	return p
}

// acceptDialogs accepts every dialog the page opens from now on
// (confirm, alert), as a person clicking OK does.
func (p *page) acceptDialogs() {
	dialogs := chromedp.Events(p.ctx, cdppage.JavascriptDialogOpening)
	go func() {
		for _, err := range dialogs {
			if err != nil {
				return
			}
			chromedp.Call(p.ctx, cdppage.HandleJavaScriptDialog, cdppage.HandleJavaScriptDialogParams{Accept: true})
		}
	}()
}

// TestBrowserRatedChallenge: Ann and Bob sign up, each in their own
// browser context. Ann posts a rated challenge of Go in the lobby, Bob
// accepts it; they play, and Bob resigns from the game's page. Both
// profile pages then show the Go rating Glicko-2 gives after that one
// game (package rating: two new players, one win), Ann's up from 1500
// and Bob's down, one rated game each, and one point of history.
func TestBrowserRatedChallenge(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	ann, bob := signUpPage(b, "Ann"), signUpPage(b, "Bob")
	bob.click("#profile-link")
	bob.waitText("#profile-ratings", "No rated games yet.")
	bob.shot("profile-before")

	ann.run(chromedp.Navigate(ts.http.URL + "/#/lobby"))
	ann.run(chromedp.WaitVisible(chromedp.CSS(`#challenge-form select[name=game]`)))
	ann.setFieldOf("#challenge-form", "game", "go")
	ann.setFieldOf("#challenge-form", "board", "5x5")
	ann.click(`#challenge-form input[name=rated]`)
	ann.click(`#challenge-form button[type=submit]`)
	ann.waitText("#challenges", "yours")
	bob.run(chromedp.Navigate(ts.http.URL + "/#/lobby"))
	row := bob.waitText("#challenges", "Ann")
	if !strings.Contains(row, "rated") {
		t.Errorf("Bob's lobby reads %q", row)
	}
	bob.shot("rated-challenge")
	bob.click(`#challenges button.accept`)
	bob.waitText("#title", "you play white")
	ann.waitText("#title", "you play black")
	if s := bob.text("#seats-view"); !strings.Contains(s, "Ann") || !strings.Contains(s, "Bob") {
		t.Errorf("the seats read %q", s)
	}
	ann.clickPoint("c3")
	bob.waitFor("Ann's move", func(v jsView) bool { return v.Version == 1 })
	bob.clickPoint("d4")
	ann.waitFor("Bob's move", func(v jsView) bool { return v.Version == 2 })
	ann.clickPoint("c2")
	bob.waitFor("Ann's move", func(v jsView) bool { return v.Version == 3 })
	bob.acceptDialogs()
	bob.click("#resign")
	for _, p := range []*page{ann, bob} {
		p.waitText("#status", "Game over: B+R")
	}
	ann.shot("won")

	newP := rating.NewGlicko()
	want := map[string]rating.Glicko{
		"Ann": newP.Update([]rating.Outcome{{Opponent: newP, Score: 1}}, RatingTau),
		"Bob": newP.Update([]rating.Outcome{{Opponent: newP, Score: 0}}, RatingTau),
	}
	if !(want["Ann"].Rating > 1500 && want["Bob"].Rating < 1500) {
		t.Fatalf("the figures to check: %+v", want)
	}
	for _, pp := range []struct {
		p    *page
		name string
	}{{ann, "Ann"}, {bob, "Bob"}} {
		p, w := pp.p, want[pp.name]
		p.run(chromedp.Navigate(ts.http.URL + "/#/account"))
		p.waitText("#account-name", pp.name)
		p.click("#profile-link")
		p.waitText("#profile-ratings", "Go")
		var cells []string
		p.eval(`[...document.querySelectorAll("#profile-ratings tr td")].map(td => td.textContent)`, &cells)
		wantCells := []string{"Go", fmt.Sprint(int(math.Round(w.Rating))), fmt.Sprintf("± %d", int(math.Round(2*w.Deviation))), "1"}
		if strings.Join(cells, "|") != strings.Join(wantCells, "|") {
			t.Errorf("%s's ratings read %q, want %q", pp.name, cells, wantCells)
		}
		var points []string
		p.waitCond("the graph", `document.querySelector("#profile-graph svg polyline")`)
		p.eval(`[...document.querySelectorAll("#profile-graph svg circle title")].map(t => t.textContent)`, &points)
		if len(points) != 1 || !strings.HasPrefix(points[0], fmt.Sprintf("Go: %d ± ", int(math.Round(w.Rating)))) {
			t.Errorf("%s's history: %q, want one point at %.0f", pp.name, points, w.Rating)
		}
		p.waitText("#profile-games", "B+R")
		p.shot("profile-after-" + p.name)
		if got, n := ratingOf(profile(t, ts.device(), pp.name), "go"); !near(got, w) || n != 1 {
			t.Errorf("%s's stored rating %+v after %d games, want %+v", pp.name, got, n, w)
		}
	}
}
