package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"moku/computer"
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
		code, body, _ := ann.post("/api/games", map[string]any{"game": tc.game, "board": tc.board, "rated": true,
			"seats": []map[string]any{{"kind": "human"}, {"kind": "human"}}})
		if code != http.StatusCreated {
			t.Fatalf("create: %d %s", code, body)
		}
		var g created
		json.Unmarshal(body, &g)
		if code, body, _ := bob.post("/api/games/"+g.ID+"/seat", map[string]any{"seat": 1, "token": g.Tokens[1]}); code != http.StatusOK {
			t.Fatalf("Bob's seat: %d %s", code, body)
		}
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
