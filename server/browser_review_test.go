package server

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"moku/catalog"
	"moku/game"
	"moku/record"
)

// waitLong polls a JavaScript condition for up to d.
func (p *page) waitLong(what, expr string, d time.Duration) {
	p.b.t.Helper()
	deadline := time.Now().Add(d)
	for {
		var ok bool
		p.eval(`!!(`+expr+`)`, &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			p.shot("timeout-" + p.name)
			p.b.t.Fatalf("%s: timed out waiting for %s (%s)", p.name, what, expr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// fullShot saves a screenshot of the whole page, below the window too.
func (p *page) fullShot(name string) {
	p.b.t.Helper()
	buf := get(p, chromedp.FullScreenshot(100))
	file := filepath.Join(p.b.shots, fmt.Sprintf("%s-%s.png", strings.ReplaceAll(p.b.t.Name(), "/", "-"), name))
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		p.b.t.Error(err)
	}
}

// reviewPos is the analysis board's "at / of" counter.
func (p *page) reviewPos() string {
	p.b.t.Helper()
	var s string
	p.eval(`document.querySelector("#review-pos")?.textContent || ""`, &s)
	return s
}

// TestBrowserReviewGame: a finished game on the analysis board: the link
// from the game, the move list (clicks and the arrow keys), the win-rate
// graph with its axes (clicked to jump), a variation tried on the board
// with the computer's evaluation, and the record downloaded with it.
func TestBrowserReviewGame(t *testing.T) {
	ts := newReviewServer(t, Options{})
	g := ts.create(createReq{Game: "go", Board: "7x7", Komi: "0.5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	moves := strings.Fields("d4 c5 e5 c3 e3 d6 e6 c4 b6 d2")
	for i, m := range moves {
		ts.must(g, i%2, "move", m)
	}
	ts.must(g, 0, "move", "resign")
	live := ts.create(createReq{Game: "go", Board: "7x7", Seats: humans(2)})
	b := newBrowser(t, ts.http.URL)
	p := b.open("review", "#/g/"+live.ID)
	p.waitFor("the live game", func(v jsView) bool { return v.ID == live.ID })
	if !p.hidden("#review-link") {
		t.Errorf("the analysis board is offered during a game between people")
	}
	p.run(chromedp.Navigate(b.base + "/#/g/" + g.ID))
	p.waitFor("the game", func(v jsView) bool { return v.ID == g.ID && v.Phase == "over" })
	p.click("#review-link")
	p.waitLong("the move list", `document.querySelectorAll("#review-moves li").length === 11`, 15*time.Second)
	if pos := p.reviewPos(); pos != "11 / 11" {
		t.Errorf("the review opens at %q, want the end", pos)
	}

	// The graph: the stored game's analysis, with its axes.
	p.click("#review-analyse")
	p.waitLong("the analysis", `/12 positions analysed/.test(document.querySelector("#review-analysis-status").textContent)`, 60*time.Second)
	var ticks []string
	p.eval(`[...document.querySelectorAll("#review-graph text")].map(e => e.textContent)`, &ticks)
	for _, want := range []string{"0%", "25%", "50%", "75%", "100%", "0", "2", "10", "move", "Black's win rate"} {
		if !slices.Contains(ticks, want) {
			t.Errorf("the graph's labels %q lack %q", ticks, want)
		}
	}
	if strings.TrimSpace(p.text("#review-graph-legend")) != "black" {
		t.Errorf("legend %q", p.text("#review-graph-legend"))
	}

	// The move list: a click, the arrow keys, the graph.
	p.click(`#review-moves button[data-at="3"]`)
	p.waitLong("move 3", `document.querySelector("#review-pos").textContent === "3 / 11"`, 5*time.Second)
	var current string
	p.eval(`document.querySelector("#review-moves li.current").textContent`, &current)
	if current != "3. B e5" {
		t.Errorf("the current move reads %q", current)
	}
	p.run(chromedp.KeyEvent(kb.ArrowRight))
	p.waitLong("move 4", `document.querySelector("#review-pos").textContent === "4 / 11"`, 5*time.Second)
	p.run(chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft))
	p.waitLong("move 2", `document.querySelector("#review-pos").textContent === "2 / 11"`, 5*time.Second)
	p.eval(`(() => { const s = document.querySelector("#review-graph"), b = s.getBoundingClientRect();
		const x = b.left + (50 + 8 / 11 * 338) / 400 * b.width, y = b.top + b.height / 3;
		s.dispatchEvent(new MouseEvent("click", {clientX: x, clientY: y, bubbles: true})); return true; })()`, new(bool))
	p.waitLong("move 8 from the graph", `document.querySelector("#review-pos").textContent === "8 / 11"`, 5*time.Second)
	p.fullShot("analysis-board")

	// A variation at move 4: White plays b4 instead of c4... then Black.
	p.click(`#review-moves button[data-at="3"]`)
	p.waitLong("move 3", `document.querySelector("#review-pos").textContent === "3 / 11"`, 5*time.Second)
	p.click(`#review-board circle.hit[data-point="b4"]`)
	p.waitLong("the variation", `document.querySelector("#review-pos").textContent === "4 / 4"`, 5*time.Second)
	p.waitLong("its evaluation", `document.querySelector("#review-eval-out table")`, 20*time.Second)
	p.click(`#review-board circle.hit[data-point="b3"]`)
	p.waitLong("the variation's second move", `document.querySelector("#review-pos").textContent === "5 / 5"`, 5*time.Second)
	p.waitLong("its evaluation", `/of this variation/.test(document.querySelector("#review-eval-out").textContent) && document.querySelector("#review-eval-out table")`, 20*time.Second)
	status := p.text("#review-status")
	if !strings.Contains(status, "variation 1, from move 3") {
		t.Errorf("status %q", status)
	}
	var evalText string
	p.eval(`document.querySelector("#review-eval-out").textContent`, &evalText)
	if !strings.Contains(evalText, "black") || !strings.Contains(evalText, "white") || !strings.Contains(evalText, "%") {
		t.Errorf("the evaluation reads %q", evalText)
	}
	p.fullShot("variation-evaluated")

	// A variation of the variation: after its b4, Black plays c4 instead
	// of b3. It is listed under variation 1; removed, it is gone.
	p.click(`#review-moves button[data-at="4"]`)
	p.waitLong("the variation's move 4", `document.querySelector("#review-pos").textContent === "4 / 5"`, 5*time.Second)
	p.click(`#review-board circle.hit[data-point="c4"]`)
	p.waitLong("the second variation", `document.querySelectorAll("#review-lines li").length === 3`, 5*time.Second)
	var items []string
	p.eval(`[...document.querySelectorAll("#review-lines li")].map(e => e.className.trim() + ": " + e.querySelector("button.line").textContent)`, &items)
	want := []string{"depth0: main line (11 moves)", "depth1: 1. from move 3: b4 b3", "current depth2: 2. from move 4 of variation 1: c4"}
	if !slices.Equal(items, want) {
		t.Errorf("the variations listed: %q, want %q", items, want)
	}
	p.waitLong("the second variation's evaluation", `document.querySelector("#review-eval-out table")`, 20*time.Second)
	p.fullShot("variation-tree")
	p.click(`#review-lines li:nth-child(3) button.remove`)
	p.waitLong("the second variation removed", `document.querySelectorAll("#review-lines li").length === 2`, 5*time.Second)
	if pos, status := p.reviewPos(), p.text("#review-status"); pos != "4 / 5" || !strings.Contains(status, "variation 1,") {
		t.Errorf("after removing the variation shown: %q, %q; want variation 1 at move 4, where they parted", pos, status)
	}

	// Back to the main line, and the variation again, from the list.
	p.click(`#review-lines li:first-child button`)
	p.waitLong("the main line", `document.querySelector("#review-pos").textContent === "11 / 11"`, 5*time.Second)
	p.click(`#review-lines li:nth-child(2) button`)
	p.waitLong("the variation", `document.querySelector("#review-pos").textContent === "5 / 5"`, 5*time.Second)

	// The record the download button saves holds the variation.
	sgf := get(p, chromedp.Evaluate[string](`fetch("/api/record", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify(moku.current.recordRequest())}).then(r => r.text())`, chromedp.EvalAwaitPromise))
	recs, err := record.ReadSGF([]byte(sgf))
	if err != nil {
		t.Fatalf("%v\n%s", err, sgf)
	}
	lines := linesOf(t, recs[0])
	pb, _ := recs[0].Get("PB")
	if !slices.Equal(lines, []string{"3: b4 b3"}) || pb != "Ann" || len(recs[0].Moves) != 11 {
		t.Errorf("the record downloaded: variations %q, PB %q, %d moves\n%s", lines, pb, len(recs[0].Moves), sgf)
	}
	// The button saves the same record as a file.
	dir := t.TempDir()
	if _, err := chromedp.Call(p.ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir,
		BrowserContextID: chromedp.FromContext(p.ctx).BrowserContextID}); err != nil {
		t.Fatal(err)
	}
	p.click("#review-download")
	name := filepath.Join(dir, "moku-"+g.ID+"-review.sgf")
	var saved []byte
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if saved, err = os.ReadFile(name); err == nil && len(saved) > 0 {
			break
		}
		if time.Now().After(deadline) {
			files, _ := os.ReadDir(dir)
			t.Fatalf("no %s downloaded (%v); message %q", name, files, p.text("#review-message"))
		}
	}
	if string(saved) != sgf {
		t.Errorf("the file saved differs from the record:\n%s\n%s", saved, sgf)
	}
	if err := os.WriteFile(filepath.Join(p.b.shots, "TestBrowserReviewGame-downloaded.sgf"), saved, 0o644); err != nil {
		t.Error(err)
	}
}

// TestBrowserReviewSolve: on a small board the analysis board offers the
// exact solver, and shows its value and perfect play.
func TestBrowserReviewSolve(t *testing.T) {
	ts := newReviewServer(t, Options{})
	g := ts.create(createReq{Game: "go", Board: "3x3", Komi: "0", Seats: humans(2)})
	ts.must(g, 0, "move", "a2")
	ts.must(g, 1, "move", "b2")
	ts.must(g, 0, "move", "resign")
	b := newBrowser(t, ts.http.URL)
	p := b.open("solve", "#/review/"+g.ID)
	p.waitLong("the move list", `document.querySelectorAll("#review-moves li").length === 3`, 15*time.Second)
	if !p.hidden("#review-solve") {
		t.Errorf("the solver is offered for a finished game")
	}
	p.click(`#review-moves button[data-at="2"]`)
	p.waitLong("the solver's button", `!document.querySelector("#review-solve").hidden`, 5*time.Second)
	p.click("#review-solve-btn")
	p.waitLong("the value", `document.querySelector(".solve-value")`, 20*time.Second)
	if v := p.text(".solve-value"); v != "Exact value: B+3 (+3 for black, to move)" {
		t.Errorf("the value reads %q", v)
	}
	if pv := p.text(".solve-pv"); pv != "Perfect play: c2 pass b1 b3 pass pass" {
		t.Errorf("the PV reads %q", pv)
	}
	p.fullShot("solver")
}

// TestBrowserReviewUpload: an SGF record another program wrote, uploaded
// and reviewed as a stored game is: its moves, its variations, the graph
// of the main line from an evaluation of each position.
func TestBrowserReviewUpload(t *testing.T) {
	ts := newReviewServer(t, Options{})
	b := newBrowser(t, ts.http.URL)
	p := b.open("upload", "#/review")
	p.run(chromedp.WaitVisible(chromedp.CSS("#review-file")))
	file, err := filepath.Abs("../record/testdata/sgf-corpus/katago-sampletest7x7.sgf")
	if err != nil {
		t.Fatal(err)
	}
	p.run(chromedp.SetUploadFiles(chromedp.CSS("#review-file"), []string{file}))
	p.waitLong("the record", `document.querySelectorAll("#review-moves li").length === 24`, 15*time.Second)
	var lines int
	p.eval(`document.querySelectorAll("#review-lines li").length`, &lines)
	if lines != 3 {
		t.Errorf("%d lines listed: want the main line and 2 variations", lines)
	}
	p.click("#review-analyse")
	p.waitLong("the analysis", `/25 positions analysed/.test(document.querySelector("#review-analysis-status").textContent)`, 120*time.Second)
	p.click(`#review-lines li:nth-child(2) button`)
	p.waitLong("the variation", `/variation 1/.test(document.querySelector("#review-status").textContent)`, 5*time.Second)
	p.click("#review-evaluate")
	p.waitLong("its evaluation", `document.querySelector("#review-eval-out table")`, 20*time.Second)
	p.fullShot("uploaded-record")

	// A collection: its games to choose from.
	file, err = filepath.Abs("../record/testdata/sgf-corpus/collection.sgf")
	if err != nil {
		t.Fatal(err)
	}
	p.run(chromedp.SetUploadFiles(chromedp.CSS("#review-file"), []string{file}))
	p.waitLong("the collection's first game", `document.querySelectorAll("#review-moves li").length === 44`, 15*time.Second)
	var options []string
	p.eval(`[...document.querySelectorAll("#review-game option")].map(e => e.textContent)`, &options)
	if !slices.Equal(options, []string{"game 1 of 3", "game 2 of 3", "game 3 of 3"}) || p.hidden("#review-game") {
		t.Errorf("the games offered: %q", options)
	}
	p.eval(`(() => { const s = document.querySelector("#review-game"); s.value = "2"; s.dispatchEvent(new Event("change")); return true; })()`, new(bool))
	p.waitLong("the collection's second game", `document.querySelectorAll("#review-moves li").length !== 44 && /game 2 of the 3/.test(document.querySelector("#review-notes").textContent)`, 15*time.Second)

	// A file that is no record is refused with the reason.
	p.eval(`(() => { const dt = new DataTransfer(); dt.items.add(new File(["hello"], "notes.sgf"));
		const i = document.querySelector("#review-file"); i.files = dt.files; i.dispatchEvent(new Event("change")); return true; })()`, new(bool))
	p.waitLong("the refusal", `/notes.sgf: not an SGF record/.test(document.querySelector("#review-message").textContent)`, 5*time.Second)
}

// TestBrowserReviewThreePlayers: moku's record of a game of Kee for three
// players, uploaded: the graph has each player's win rate in their
// colour, and a variation's evaluation gives each player's chances.
func TestBrowserReviewThreePlayers(t *testing.T) {
	ts := newReviewServer(t, Options{})
	st, err := catalog.Start(catalog.Config{Rules: "kee", Overrides: []string{"players=3", "komi=0"}, Board: "5x5"})
	if err != nil {
		t.Fatal(err)
	}
	if err := game.PlayAll(st, "b2 a1 e1 b3 a2 e2 b4 a3 e3 c2 a5 d1 c3 b5 d2 c4"); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "kee3.sgf")
	var sgf strings.Builder
	if err := record.FromState(st).WriteSGF(&sgf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(sgf.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, ts.http.URL)
	p := b.open("kee3", "#/review")
	p.run(chromedp.WaitVisible(chromedp.CSS("#review-file")), chromedp.SetUploadFiles(chromedp.CSS("#review-file"), []string{file}))
	p.waitLong("the record", `document.querySelectorAll("#review-moves li").length === 16`, 15*time.Second)
	p.click("#review-analyse")
	p.waitLong("the analysis", `/17 positions analysed/.test(document.querySelector("#review-analysis-status").textContent)`, 60*time.Second)
	var lines []string
	p.eval(`[...document.querySelectorAll("#review-graph polyline")].map(e => e.getAttribute("class"))`, &lines)
	if !slices.Equal(lines, []string{"wr-line c1", "wr-line c2", "wr-line c3"}) {
		t.Errorf("the graph's lines: %q", lines)
	}
	if legend := strings.Join(strings.Fields(p.text("#review-graph-legend")), " "); legend != "black white red" {
		t.Errorf("legend %q", legend)
	}
	p.click(`#review-board circle.hit[data-point="d3"]`)
	p.waitLong("the variation's evaluation", `document.querySelectorAll("#review-eval-out tr").length === 4`, 20*time.Second)
	var rows []string
	p.eval(`[...document.querySelectorAll("#review-eval-out tr")].slice(1).map(r => r.textContent)`, &rows)
	for i, c := range []string{"black", "white", "red"} {
		if !strings.Contains(rows[i], c) || !strings.Contains(rows[i], "%") {
			t.Errorf("row %d reads %q", i+1, rows[i])
		}
	}
	if !p.hidden("#review-solve") {
		t.Errorf("the solver is offered for three players")
	}
	p.fullShot("three-players")
}
