package server

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"moku/board"
	"moku/catalog"
)

// gallerySpecs waits until the new-game form's gallery shows game's boards
// and returns their specifications, in order.
func (p *page) gallerySpecs(game string) []string {
	p.b.t.Helper()
	want, _ := catalog.Lookup(game)
	p.waitCond("the gallery of "+game, fmt.Sprintf(`[...document.querySelectorAll('#gallery .board-choice')].map(b => b.dataset.spec).join(" ") === %q`,
		strings.Join(want.Gallery(), " ")))
	var specs []string
	p.eval(`[...document.querySelectorAll('#gallery .board-choice')].map(b => b.dataset.spec)`, &specs)
	return specs
}

// TestBrowserBoardGallery: the new-game form shows, for each game, the
// boards the server offers it, each drawn; a click on one chooses it; a
// Kee game starts on the honeycomb and a move is played there against the
// computer; a game on the cube is drawn as its net, the seams left out.
func TestBrowserBoardGallery(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	p := b.open("gallery", "#/new")
	p.run(chromedp.WaitVisible(chromedp.CSS(`#new-game select[name=game]`)))
	for _, game := range []string{"keil", "ki", "go", "kee"} {
		p.setField("game", game)
		specs := p.gallerySpecs(game)
		// Each board is drawn: its points, and its edges but the seams.
		for _, spec := range specs {
			g, err := board.Builtin(spec)
			if err != nil {
				t.Fatal(err)
			}
			var drawn struct{ Points, Lines, Stubs int }
			p.eval(fmt.Sprintf(`(b => ({points: b.querySelectorAll('circle.hit').length, lines: b.querySelectorAll('line.edge').length,
				stubs: b.querySelectorAll('line.seam').length}))(document.querySelector('#gallery .board-choice[data-spec=%q] svg'))`, spec), &drawn)
			if drawn.Points != g.N() || drawn.Lines != edges(g)-seamCount(g) || drawn.Stubs != seamEnds(g) {
				t.Errorf("%s: %s drawn with %d points, %d lines and %d seams' strokes, want %d, %d and %d", game, spec,
					drawn.Points, drawn.Lines, drawn.Stubs, g.N(), edges(g)-seamCount(g), seamEnds(g))
			}
		}
		if game == "keil" {
			for _, s := range specs {
				if !strings.HasPrefix(s, "hex:") {
					t.Errorf("Keil's gallery offers %s", s)
				}
			}
		}
	}
	// The default board is the one chosen; a click chooses another.
	p.waitCond("the default board chosen", `document.querySelector('#gallery .board-choice[data-spec="9x9"]').getAttribute('aria-pressed') === "true"`)
	p.run(chromedp.ScrollIntoView(chromedp.CSS(`#gallery .board-choice[data-spec="honeycomb:3"]`)))
	p.click(`#gallery .board-choice[data-spec="honeycomb:3"]`)
	var chosen struct {
		Board   string
		Pressed []string
	}
	p.eval(`({board: document.querySelector('#new-game [name=board]').value,
		pressed: [...document.querySelectorAll('#gallery .board-choice[aria-pressed=true]')].map(b => b.dataset.spec)})`, &chosen)
	if chosen.Board != "honeycomb:3" || strings.Join(chosen.Pressed, " ") != "honeycomb:3" {
		t.Errorf("after the click: board %q, chosen %v", chosen.Board, chosen.Pressed)
	}
	p.shot("gallery")
	p.run(chromedp.ScrollIntoView(chromedp.CSS(`#gallery .board-choice[data-spec="cube:4"]`)))
	p.shot("gallery-end")
	// Typing a board chooses its picture too.
	p.setField("board", "cube:3")
	p.waitCond("cube:3 chosen", `document.querySelector('#gallery .board-choice[data-spec="cube:3"]').getAttribute('aria-pressed') === "true"`)
	p.setField("board", "honeycomb:3")
	p.setField("kind1", "computer")
	p.click(`#new-game button[type=submit]`)
	v := p.waitFor("the game on the honeycomb", func(v jsView) bool { return v.ToMove == 0 })
	p.waitText("#title", "kee on honeycomb:3")
	if len(v.Names) != 54 {
		t.Fatalf("the honeycomb has %d points on the page", len(v.Names))
	}
	p.clickPoint("c4")
	v = p.waitFor("the computer's answer", func(v jsView) bool { return v.Version == 2 && v.ToMove == 0 })
	if strings.Count(v.Stones, "X") != 1 || strings.Count(v.Stones, "O") != 1 {
		t.Errorf("after a move and its answer: %s", v.Stones)
	}
	p.shot("honeycomb-game")

	// A game on the cube: its net drawn, the seven cuts' edges left out.
	q := b.open("cube", "#/new")
	q.run(chromedp.WaitVisible(chromedp.CSS(`#new-game select[name=game]`)))
	q.setField("game", "go")
	q.gallerySpecs("go")
	q.run(chromedp.ScrollIntoView(chromedp.CSS(`#gallery .board-choice[data-spec="cube:3"]`)))
	q.click(`#gallery .board-choice[data-spec="cube:3"]`)
	q.setField("kind1", "human")
	q.click(`#new-game button[type=submit]`)
	q.waitText("#title", "go on cube:3")
	q.clickPoint("fb2")
	var lines, stubs int
	q.eval(`document.querySelectorAll('#board line.edge').length`, &lines)
	q.eval(`document.querySelectorAll('#board line.seam').length`, &stubs)
	// 12n² edges, 7n of them across the cuts. A square on a cut side of
	// its face has a seam: seven on U, D, L and B (three sides cut, the
	// corners shared), six on R (top and bottom), none on F; 34.
	cube, _ := board.Cube(3)
	if want := 12*9 - 7*3; lines != want || stubs != 34 || seamEnds(cube) != 34 {
		t.Errorf("the cube drawn with %d lines and %d seams' strokes, want %d and 34", lines, stubs, want)
	}
	q.shot("cube-game")
}

// seamEnds counts the points with a seam: each gets a stroke.
func seamEnds(g *board.Graph) int {
	n := 0
	for p := 0; p < g.N(); p++ {
		for _, q := range g.Neighbors(p) {
			if g.Seam(p, int(q)) {
				n++
				break
			}
		}
	}
	return n
}

func seamCount(g *board.Graph) int {
	n := 0
	for p := 0; p < g.N(); p++ {
		for _, q := range g.Neighbors(p) {
			if int(q) > p && g.Seam(p, int(q)) {
				n++
			}
		}
	}
	return n
}

// TestBrowserBoardFile: a board file chosen in the new-game form is read
// by the server and drawn; a Kee game starts on it and a move is played.
// Keil refuses it, in the form and when asked to start; a bad file is
// refused with the server's reason.
func TestBrowserBoardFile(t *testing.T) {
	ts := newTestServer(t)
	b := newBrowser(t, ts.http.URL)
	file, err := filepath.Abs("../board/testdata/annulus.json")
	if err != nil {
		t.Fatal(err)
	}
	p := b.open("file", "#/new")
	p.run(chromedp.WaitVisible(chromedp.CSS(`#new-game select[name=game]`)))
	p.setField("game", "kee")
	p.gallerySpecs("kee")
	p.run(chromedp.SetUploadFiles(chromedp.CSS(`#new-game input[name=board-file]`), []string{file}))
	p.waitText("#upload-caption", "annulus.json: annulus, 48 points")
	var shown struct {
		Points, Lines int
		Pressed       int
		Refusal       bool
		Board         string
		Disabled      bool
	}
	p.eval(`({points: document.querySelectorAll('#upload-preview circle.hit').length, lines: document.querySelectorAll('#upload-preview line.edge').length,
		pressed: document.querySelectorAll('#gallery .board-choice[aria-pressed=true]').length, refusal: !document.querySelector('#upload-refusal').hidden,
		board: document.querySelector('#new-game [name=board]').value, disabled: document.querySelector('#new-game [name=board]').disabled})`, &shown)
	if shown.Points != 48 || shown.Lines != 84 || shown.Pressed != 0 || shown.Refusal || shown.Board != "" || !shown.Disabled {
		t.Errorf("the file's preview: %+v", shown)
	}
	p.run(chromedp.ScrollIntoView(chromedp.CSS(`#upload`)))
	p.shot("upload-preview")
	p.setField("kind1", "human")
	p.click(`#new-game button[type=submit]`)
	p.waitText("#title", "kee on annulus.json")
	v := p.waitFor("the game", func(v jsView) bool { return v.ToMove == 0 })
	if len(v.Names) != 48 || v.Names[0] != "a1" {
		t.Fatalf("the board on the page: %v", v.Names)
	}
	p.clickPoint("b4")
	v = p.view()
	if id, _ := p.gameID(); ts.view(id).Stones != v.Stones || strings.Count(v.Stones, "X") != 1 {
		t.Errorf("after the move: page %s, server %s", v.Stones, ts.view(id).Stones)
	}
	p.shot("game-on-file")

	// Keil on the same file: the form says it beforehand, the server
	// refuses, the form stays.
	k := b.open("keil", "#/new")
	k.run(chromedp.WaitVisible(chromedp.CSS(`#new-game select[name=game]`)))
	k.setField("game", "keil")
	k.gallerySpecs("keil")
	k.run(chromedp.SetUploadFiles(chromedp.CSS(`#new-game input[name=board-file]`), []string{file}))
	k.waitText("#upload-refusal", "Keil is not played on annulus.json here: its boards are the hexhex")
	k.click(`#new-game button[type=submit]`)
	k.waitText("#new-error", "The game was not created: Keil is not played on annulus.json here: its boards are the hexhex")
	var hash string
	k.eval(`location.hash`, &hash)
	if hash != "#/new" {
		t.Errorf("after the refusal: %s", hash)
	}
	k.run(chromedp.ScrollIntoView(chromedp.CSS(`#new-error`)))
	k.shot("keil-refused")
	// Changing the game to Kee lifts the warning; the gallery takes over
	// again with a click.
	k.setField("game", "kee")
	k.waitCond("no refusal for Kee", `document.querySelector('#upload-refusal').hidden`)
	k.gallerySpecs("kee")
	k.run(chromedp.ScrollIntoView(chromedp.CSS(`#upload-clear`)))
	k.click(`#upload-clear`)
	k.waitCond("the file put aside, Kee's default board chosen", `document.querySelector('#upload').hidden && !document.querySelector('#new-game [name=board]').disabled &&
		document.querySelector('#new-game [name=board]').value === "9x9" && document.querySelector('#gallery .board-choice[aria-pressed=true]').dataset.spec === "9x9"`)

	// A bad file: the server's reason, and no board taken.
	bad := filepath.Join(t.TempDir(), "lopsided.json")
	if err := os.WriteFile(bad, []byte(`{"points": [{"name": "p", "x": 0, "y": 0, "neighbors": ["q"]}, {"name": "q", "x": 1, "y": 0, "neighbors": []}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	k.run(chromedp.SetUploadFiles(chromedp.CSS(`#new-game input[name=board-file]`), []string{bad}))
	k.waitText("#upload-error", `The board file was not taken: lopsided.json: points[0] ("p"): lists "q" as its neighbour, but points[1] ("q") does not list "p"`)
	if !k.hidden("#upload") {
		t.Errorf("a refused file is shown as the board")
	}
	k.shot("bad-file")
}
