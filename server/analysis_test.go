package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"moku/game"
	"moku/search"
	"moku/store"
)

// searchEstimate is the analyser moku serve uses (the real search), at
// a small budget.
func searchEstimate(s game.State) (Estimate, error) { return search.EstimateBlack(s, 200) }

func newAnalysingServer(t *testing.T) *testServer {
	t.Helper()
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "moku.db"))
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{t: t, store: st}
	ts.srv = New(st, Options{Analyze: searchEstimate})
	ts.http = httptest.NewServer(ts.srv)
	t.Cleanup(func() {
		ts.http.CloseClientConnections()
		ts.srv.Close()
		ts.http.Close()
		st.Close()
	})
	return ts
}

// analysis polls the analysis of game id until it is finished.
func (ts *testServer) analysis(id string) analysisJob {
	ts.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		code, body := ts.do("GET", "/api/games/"+id+"/analysis", "")
		var a analysisJob
		if code != http.StatusOK || json.Unmarshal(body, &a) != nil {
			ts.t.Fatalf("analysis: %d %s", code, body)
		}
		if !a.Running {
			return a
		}
		if time.Now().After(deadline) {
			ts.t.Fatalf("the analysis does not finish: %d of %d", len(a.Estimates), a.Total)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestAnalysis(t *testing.T) {
	ts := newAnalysingServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	// Black builds a wall, White plays on the edge; then both pass: Black
	// owns most of the board.
	for i, m := range []string{"c1", "a1", "c2", "a2", "c3", "a3", "c4", "a4", "c5", "a5", "pass", "pass"} {
		ts.must(g, i%2, "move", m)
	}
	// While the two people agree on dead stones, the game is live: no
	// analysis (issue 18, defect 5).
	if code, body := ts.do("GET", "/api/games/"+g.ID+"/analysis", ""); code != http.StatusForbidden {
		t.Fatalf("analysis of a live game between people: %d %s", code, body)
	}
	ts.must(g, 0, "accept", "")
	ts.must(g, 1, "accept", "")
	a := ts.analysis(g.ID)
	if a.Error != "" || a.Total != 13 || len(a.Estimates) != 13 || a.Version != 14 {
		t.Fatalf("analysis: %+v", a)
	}
	for i, e := range a.Estimates {
		if e.WinRate < 0 || e.WinRate > 1 || len(e.Ownership) != 25 {
			t.Fatalf("position %d: %+v", i, e)
		}
	}
	// The finished game is its own estimate: Black won 15 to 5, owns c1
	// and e5; White owns a1; the b column, between them, is nobody's.
	last := a.Estimates[12]
	if last.WinRate != 1 || last.Margin != 15-5 || last.Ownership[0] != -1 || last.Ownership[1] != 0 || last.Ownership[2] != 1 || last.Ownership[24] != 1 {
		t.Errorf("final estimate %+v", last)
	}
	// Before the passes the search sees Black far ahead.
	if a.Estimates[10].WinRate < 0.8 || a.Estimates[10].Ownership[24] < 0.5 {
		t.Errorf("after the wall: win rate %v, ownership of e5 %v", a.Estimates[10].WinRate, a.Estimates[10].Ownership[24])
	}
	// Asked again, the same analysis; three players get a clear refusal.
	if again := ts.analysis(g.ID); len(again.Estimates) != 13 {
		t.Errorf("second request: %+v", again)
	}
	three := ts.create(createReq{Game: "kee", Board: "3x3", Players: 3, Seats: humans(3)})
	if code, body := ts.do("GET", "/api/games/"+three.ID+"/analysis", ""); code != http.StatusUnprocessableEntity || !strings.Contains(errorOf(t, body), "two-player") {
		t.Errorf("three players: %d %s", code, body)
	}
	// A server without an analyser says so.
	plain := newTestServer(t)
	pg := plain.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	if code, _ := plain.do("GET", "/api/games/"+pg.ID+"/analysis", ""); code != http.StatusNotImplemented {
		t.Errorf("no analyser: %d", code)
	}
}

func TestBrowserAnalysis(t *testing.T) {
	ts := newAnalysingServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	for i, m := range []string{"c3", "b2", "d2", "b4", "c4", "d4"} {
		ts.must(g, i%2, "move", m)
	}
	// Between two people, analysis waits for the end of the game.
	ts.must(g, 0, "move", "resign")
	b := newBrowser(t, ts.http.URL)
	p := b.open("analysis", "#/g/"+g.ID+"/0/"+g.Tokens[0])
	p.run(chromedp.WaitVisible(chromedp.CSS(`#board circle.hit`)))
	p.click("#analyse")
	deadline := time.Now().Add(60 * time.Second)
	for !strings.Contains(p.text("#analysis-status"), "8 positions analysed") {
		if time.Now().After(deadline) {
			t.Fatalf("analysis status %q", p.text("#analysis-status"))
		}
		time.Sleep(100 * time.Millisecond)
	}
	var points string
	p.eval(`document.querySelector('#winrate polyline').getAttribute('points')`, &points)
	if n := len(strings.Fields(points)); n != 8 {
		t.Errorf("the graph has %d points, want 8: %q", n, points)
	}
	// The position before the resignation, as the analyser saw it.
	p.click("#nav-prev")
	for deadline := time.Now().Add(5 * time.Second); !strings.HasPrefix(p.text("#nav-pos"), "6 /"); {
		if time.Now().After(deadline) {
			t.Fatalf("nav %q", p.text("#nav-pos"))
		}
		time.Sleep(20 * time.Millisecond)
	}
	var heat int
	p.eval(`document.querySelectorAll('#board rect.heat').length`, &heat)
	if heat == 0 {
		t.Error("no ownership heat map on the board")
	}
	p.shot("analysis")
	// A click at the graph's left end goes to the start of the game.
	p.eval(`(() => { const r = document.querySelector('#winrate').getBoundingClientRect();
		document.querySelector('#winrate').dispatchEvent(new MouseEvent('click', {clientX: r.left + 1, clientY: r.top + 5, bubbles: true})); return true; })()`, new(bool))
	deadline = time.Now().Add(5 * time.Second)
	for !strings.HasPrefix(p.text("#nav-pos"), "0 /") {
		if time.Now().After(deadline) {
			t.Fatalf("graph click: nav %q", p.text("#nav-pos"))
		}
		time.Sleep(20 * time.Millisecond)
	}
	p.shot("analysis-start")
}

// TestAnalysisLimits: the analysis is open against the computer and once a
// game between people is over, closed while people play each other, and
// at most Options.MaxAnalyses run at once (issue 18, defect 5).
func TestAnalysisLimits(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "moku.db"))
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	ts := &testServer{t: t, store: st}
	ts.srv = New(st, Options{MaxAnalyses: 1, Analyze: func(s game.State) (Estimate, error) {
		<-release // the first analysis holds its place until the test lets it go
		return searchEstimate(s)
	}})
	ts.http = httptest.NewServer(ts.srv)
	t.Cleanup(func() {
		ts.http.CloseClientConnections()
		ts.srv.Close()
		ts.http.Close()
		st.Close()
	})
	people := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	ts.must(people, 0, "move", "c3")
	if code, body := ts.do("GET", "/api/games/"+people.ID+"/analysis", ""); code != http.StatusForbidden {
		t.Errorf("analysis of a live game between people: %d %s", code, body)
	}
	var vsComputer []created
	for range 2 {
		g := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human"}, {Kind: "computer"}}})
		ts.must(g, 0, "move", "c3")
		vsComputer = append(vsComputer, g)
	}
	if code, body := ts.do("GET", "/api/games/"+vsComputer[0].ID+"/analysis", ""); code != http.StatusOK {
		t.Fatalf("analysis against the computer: %d %s", code, body)
	}
	if code, body := ts.do("GET", "/api/games/"+vsComputer[1].ID+"/analysis", ""); code != http.StatusServiceUnavailable {
		t.Errorf("a second analysis beyond the cap of 1: %d %s", code, body)
	}
	close(release)
	ts.analysis(vsComputer[0].ID)
	if a := ts.analysis(vsComputer[1].ID); a.Error != "" {
		t.Errorf("the second analysis, once the first finished: %+v", a)
	}
}
