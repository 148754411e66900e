package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"moku/computer"
	"moku/record"
)

// newReviewServer is a test server with the web app's analysis.
func newReviewServer(t *testing.T, opt Options) *testServer {
	t.Helper()
	opt.Analyze = computer.Analyze
	return newTestServerOpt(t, opt)
}

// TestEvaluate: the computer's evaluation of a position named by its
// moves: Black's win rate and every player's, for two players and three;
// a finished position is its result; a stored game's position only once
// analysis is open.
func TestEvaluate(t *testing.T) {
	ts := newReviewServer(t, Options{})
	ask := func(req positionRequest) (int, evaluationView, string) {
		code, body := ts.post("/api/position/evaluate", req)
		var v evaluationView
		if code != http.StatusOK {
			return code, v, errorOf(t, body)
		}
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatal(err)
		}
		return code, v, ""
	}
	for _, c := range []struct {
		name    string
		req     positionRequest
		players int
		exact   []float64 // the win rates of a finished game
	}{
		{"go", positionRequest{Rules: "go komi=0", Board: "5x5", Moves: []string{"c3", "b2"}}, 2, nil},
		{"kee 3", positionRequest{Rules: "kee players=3", Board: "5x5", Moves: []string{"c3", "a1", "e5"}}, 3, nil},
		{"kee 4 handicap", positionRequest{Rules: "kee players=4", Board: "5x5", Setup: []string{"b:c3", "r:a1"}, Moves: []string{"b2"}}, 4, nil},
		{"over", positionRequest{Rules: "go komi=0", Board: "5x5", Moves: []string{"c3", "pass", "pass"}}, 2, []float64{1, 0}},
		{"resigned", positionRequest{Rules: "kee players=3", Board: "5x5", Moves: []string{"c3", "resign"}}, 3, nil},
	} {
		code, v, msg := ask(c.req)
		if code != http.StatusOK {
			t.Fatalf("%s: %d %s", c.name, code, msg)
		}
		if len(v.WinRates) != c.players || len(v.Colors) != c.players || v.Colors[0] != "black" {
			t.Fatalf("%s: %+v", c.name, v)
		}
		sum := 0.0
		for _, w := range v.WinRates {
			sum += w
		}
		if math.Abs(sum-1) > 1e-9 || v.WinRate < 0 || v.WinRate > 1 {
			t.Errorf("%s: win rates %v, Black's %v", c.name, v.WinRates, v.WinRate)
		}
		if c.exact != nil && !slices.Equal(v.WinRates, c.exact) {
			t.Errorf("%s: win rates %v, want %v", c.name, v.WinRates, c.exact)
		}
	}

	people := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	ts.must(people, 0, "move", "c3")
	live := positionRequest{Rules: "go", Board: "5x5", Moves: []string{"c3"}, Game: people.ID}
	if code, _, msg := ask(live); code != http.StatusForbidden || !strings.Contains(msg, "people are playing") {
		t.Errorf("a live game between people: %d %q", code, msg)
	}
	ts.must(people, 1, "move", "resign")
	if code, _, msg := ask(live); code != http.StatusOK {
		t.Errorf("the game over: %d %q", code, msg)
	}
	live.Game = "nosuchgame"
	if code, _, _ := ask(live); code != http.StatusNotFound {
		t.Errorf("an unknown game: %d", code)
	}
}

// TestReviewErrors: what the analysis board's endpoints refuse, and why.
func TestReviewErrors(t *testing.T) {
	ts := newReviewServer(t, Options{SolveNodes: 20_000})
	slow := newReviewServer(t, Options{SolveNodes: 1 << 40, SolveTime: 300 * time.Millisecond})
	bare := newTestServer(t)
	big := strings.Repeat("x", MaxBodyBytes)
	for _, c := range []struct {
		name, path string
		body       any
		code       int
		want       string
		server     *testServer
	}{
		{"no analyser", "/api/position/evaluate", positionRequest{Rules: "go"}, 501, "no analysis", bare},
		{"no rules", "/api/position/evaluate", positionRequest{}, 400, "no rules", ts},
		{"illegal", "/api/position/evaluate", positionRequest{Rules: "go", Board: "5x5", Moves: []string{"c3", "c3"}}, 400, "move 2", ts},
		{"bad set-up", "/api/position/evaluate", positionRequest{Rules: "go", Board: "5x5", Setup: []string{"x:c3"}}, 400, "set-up stone", ts},
		{"red in go", "/api/position", positionRequest{Rules: "go", Board: "5x5", Setup: []string{"r:c3"}}, 400, "set-up stone", ts},
		{"set-up twice", "/api/position", positionRequest{Rules: "go", Board: "5x5", Setup: []string{"b:c3", "w:c3"}}, 400, "set-up", ts},
		{"unknown field", "/api/position/evaluate", map[string]any{"rules": "go", "depth": 9}, 400, "unknown field", ts},
		{"too large", "/api/position/evaluate", positionRequest{Rules: big}, 413, "larger than", ts},
		{"solve big board", "/api/position/solve", positionRequest{Rules: "go", Board: "9x9"}, 422, "at most 64 points", ts},
		{"solve many empty", "/api/position/solve", positionRequest{Rules: "go", Board: "5x5", Moves: []string{"c3"}}, 400, "24 empty points", ts},
		{"solve three players", "/api/position/solve", positionRequest{Rules: "kee players=3", Board: "2x2"}, 422, "two-player", ts},
		{"solve over", "/api/position/solve", positionRequest{Rules: "go", Board: "3x3", Moves: []string{"pass", "pass"}}, 400, "over", ts},
		{"solve simple ko", "/api/position/solve", positionRequest{Rules: "go ko=simple", Board: "3x3"}, 422, "never end", ts},
		{"solve node cap", "/api/position/solve", positionRequest{Rules: "go komi=0", Board: "4x4", Moves: []string{"b2"}}, 422, "stopped after 20", ts},
		{"solve time cap", "/api/position/solve", positionRequest{Rules: "go komi=0", Board: "4x4", Moves: []string{"b2"}}, 422, "stopped after 300ms", slow},
		{"record bad from", "/api/record", recordRequest{positionRequest: positionRequest{Rules: "go", Board: "5x5", Moves: []string{"c3"}},
			Variations: []lineView{{From: 2, Moves: []string{"d4"}}}}, 400, "from move 2", ts},
		{"record illegal line", "/api/record", recordRequest{positionRequest: positionRequest{Rules: "go", Board: "5x5", Moves: []string{"c3"}},
			Variations: []lineView{{From: 1, Moves: []string{"c3"}}}}, 400, "variation 1: move 2 (c3)", ts},
		{"record too many lines", "/api/record", recordRequest{positionRequest: positionRequest{Rules: "go", Board: "5x5"},
			Variations: make([]lineView, MaxReviewLines+1)}, 400, "at most 200", ts},
		{"parse not sgf", "/api/records/parse", parseRequest{SGF: "hello"}, 400, "not an SGF record", ts},
		{"parse syntax", "/api/records/parse", parseRequest{SGF: "(;GM[1]SZ[9];B[cc"}, 400, "cannot be read: 1:", ts},
		{"parse chess", "/api/records/parse", parseRequest{SGF: "(;GM[3];B[aa])"}, 400, "not one moku plays", ts},
		{"parse game 2 of 1", "/api/records/parse", parseRequest{SGF: "(;GM[1]SZ[9];B[cc])", Game: 2}, 400, "holds 1", ts},
		{"parse illegal", "/api/records/parse", parseRequest{SGF: "(;GM[1]SZ[9];B[cc];W[cc])"}, 422, "does not replay", ts},
		{"parse board too big", "/api/records/parse", parseRequest{SGF: "(;GM[1]SZ[52];B[cc])"}, 400, "out of range", ts},
		{"parse graph", "/api/records/parse", parseRequest{SGF: `(;GM[1]MKBD[t.json]MKGR[{"points": ["p", "q"\], "edges": [["p", "q"\]\]}];MKMV[B:p])`}, 422, "graph", ts},
		{"parse too large", "/api/records/parse", parseRequest{SGF: "(;GM[1]SZ[9]C[" + strings.Repeat("x", MaxRecordBytes) + "])"}, 413, "at most 256 KiB", ts},
	} {
		code, body := c.server.post(c.path, c.body)
		if msg := errorOf(t, body); code != c.code || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %d %q; want %d saying %q", c.name, code, msg, c.code, c.want)
		}
	}
}

// TestEvaluateBusy: with every analysis slot taken, the evaluation is
// refused with 503, and served again once one is free.
func TestEvaluateBusy(t *testing.T) {
	ts := newReviewServer(t, Options{MaxAnalyses: 1})
	req := positionRequest{Rules: "go", Board: "5x5", Moves: []string{"c3"}}
	ts.srv.analyses <- struct{}{} // an analysis of a game under way
	if code, body := ts.post("/api/position/evaluate", req); code != http.StatusServiceUnavailable || !strings.Contains(errorOf(t, body), "try again") {
		t.Errorf("busy: %d %s", code, body)
	}
	<-ts.srv.analyses
	if code, body := ts.post("/api/position/evaluate", req); code != http.StatusOK {
		t.Errorf("free again: %d %s", code, body)
	}
}

// TestSolvePosition: the exact solver's value of positions of the
// published small boards (docs/results.md: 3x3 Go without komi is B+9,
// with b2 the first move of the principal variation; 2x2 is B+1), for
// Black and for the player to move; Ki's and Keil's too; a stored game's
// position once analysis is open.
func TestSolvePosition(t *testing.T) {
	ts := newReviewServer(t, Options{})
	for _, c := range []struct {
		req    positionRequest
		text   string
		margin float64
	}{
		{positionRequest{Rules: "go komi=0", Board: "3x3"}, "B+9", 9},
		{positionRequest{Rules: "go komi=0", Board: "3x3", Moves: []string{"b2"}}, "B+9", -9},
		{positionRequest{Rules: "go komi=0", Board: "2x2"}, "B+1", 1},
		{positionRequest{Rules: "ki komi=0", Board: "3x3"}, "B+3", 3},
		{positionRequest{Rules: "keil komi=7", Board: "hex:2", Moves: []string{"b2"}}, "W+0.5", 0.5},
		{positionRequest{Rules: "go komi=0", Board: "3x3", Setup: []string{"w:b2"}, Moves: []string{}}, "W+9", -9},
	} {
		code, body := ts.post("/api/position/solve", c.req)
		var v solution
		if code != http.StatusOK || json.Unmarshal(body, &v) != nil {
			t.Fatalf("%+v: %d %s", c.req, code, body)
		}
		if v.Text != c.text || v.Margin != c.margin || v.Nodes == 0 {
			t.Errorf("%+v: %+v; want %s, %v for the player to move", c.req, v, c.text, c.margin)
		}
		// The principal variation replays to the value.
		_, end, msg := askPosition(ts, positionRequest{Rules: c.req.Rules, Board: c.req.Board, Setup: c.req.Setup, Moves: append(slices.Clone(c.req.Moves), v.PV...)})
		if msg != "" || !end.Over || end.Score[0].Total-end.Score[1].Total != v.Value {
			t.Errorf("%+v: the PV %v ends %v (%q): %+v", c.req, v.PV, end.Over, msg, end.Score)
		}
	}
	people := ts.create(createReq{Game: "go", Board: "3x3", Komi: "0", Seats: humans(2)})
	live := positionRequest{Rules: "go komi=0", Board: "3x3", Game: people.ID}
	if code, body := ts.post("/api/position/solve", live); code != http.StatusForbidden {
		t.Errorf("a live game between people: %d %s", code, body)
	}
	ts.must(people, 0, "move", "resign")
	if code, body := ts.post("/api/position/solve", live); code != http.StatusOK {
		t.Errorf("the game over: %d %s", code, body)
	}
}

// TestSolveOneAtATime: while the solver works on one position, a second
// request is refused with 503; a client that gives up stops its search,
// which frees the solver.
func TestSolveOneAtATime(t *testing.T) {
	ts := newReviewServer(t, Options{SolveNodes: 1 << 40, SolveTime: time.Hour})
	long := positionRequest{Rules: "go komi=0", Board: "4x4"} // minutes of search
	body, _ := json.Marshal(long)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "POST", ts.url()+"/api/position/solve", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			done <- 0
			return
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		done <- res.StatusCode
	}()
	deadline := time.Now().Add(10 * time.Second)
	for len(ts.srv.solving) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the first solve never started")
		}
		time.Sleep(5 * time.Millisecond)
	}
	code, b := ts.post("/api/position/solve", positionRequest{Rules: "go komi=0", Board: "2x2"})
	if msg := errorOf(t, b); code != http.StatusServiceUnavailable || !strings.Contains(msg, "another position") {
		t.Errorf("a second solve: %d %q", code, msg)
	}
	cancel()
	if c := <-done; c != 0 {
		t.Errorf("the first solve answered %d after its client gave up", c)
	}
	deadline = time.Now().Add(5 * time.Second)
	for len(ts.srv.solving) > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the solver still runs 5 s after its client gave up")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if code, b := ts.post("/api/position/solve", positionRequest{Rules: "go komi=0", Board: "2x2"}); code != http.StatusOK {
		t.Errorf("the solver free again: %d %s", code, b)
	}
}

// recordLines posts req to /api/record and reads the SGF back.
func recordLines(t *testing.T, ts *testServer, req recordRequest) (*record.Record, http.Header) {
	t.Helper()
	b, _ := json.Marshal(req)
	hreq, _ := http.NewRequest("POST", ts.url()+"/api/record", strings.NewReader(string(b)))
	hreq.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(hreq)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("POST /api/record: %d %s", res.StatusCode, data)
	}
	recs, err := record.ReadSGF(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return recs[0], res.Header
}

// linesOf is a record's variations as the API writes them.
func linesOf(t *testing.T, rec *record.Record) []string {
	t.Helper()
	lines, err := rec.Lines()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range lines {
		var ms []string
		for _, p := range l.Moves {
			ms = append(ms, p.Move.Format(rec.Board))
		}
		out = append(out, fmt.Sprintf("%d: %s", l.From, strings.Join(ms, " ")))
	}
	slices.Sort(out)
	return out
}

// TestRecordOfLines: the record of a main line with variations holds
// them, nested ones branching where they part; a stored game's record
// keeps its players and result.
func TestRecordOfLines(t *testing.T) {
	ts := newReviewServer(t, Options{})
	main := positionRequest{Rules: "go komi=0.5", Board: "5x5", Moves: []string{"c3", "c4", "d4", "d3", "b4"}}
	req := recordRequest{positionRequest: main, Variations: []lineView{
		{From: 2, Moves: []string{"b3", "d4"}},
		{From: 2, Moves: []string{"b3", "b2", "pass"}}, // parts from the first after b3
		{From: 0, Moves: []string{"c3", "b2"}},         // the main line's c3, then its own way
		{From: 5, Moves: []string{"e5"}},               // after the last move
		{From: 2, Moves: []string{"d4"}},               // the main line itself: nothing
	}}
	rec, hdr := recordLines(t, ts, req)
	want := []string{"1: b2", "2: b3 b2 pass", "2: b3 d4", "5: e5"}
	if got := linesOf(t, rec); !slices.Equal(got, want) {
		t.Errorf("variations read back %q; want %q", got, want)
	}
	if len(rec.Moves) != 5 || !strings.Contains(hdr.Get("Content-Disposition"), `filename="moku-review.sgf"`) || !strings.HasPrefix(hdr.Get("Content-Type"), "application/x-go-sgf") {
		t.Errorf("%d moves; headers %v", len(rec.Moves), hdr)
	}

	g := ts.create(createReq{Game: "go", Board: "5x5", Komi: "0.5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	ts.must(g, 0, "move", "c3")
	req = recordRequest{positionRequest: positionRequest{Rules: "go komi=0.5", Board: "5x5", Moves: []string{"c3"}, Game: g.ID},
		Variations: []lineView{{From: 1, Moves: []string{"d3"}}}}
	if code, body := ts.post("/api/record", req); code != http.StatusForbidden {
		t.Errorf("a live game between people: %d %s", code, body)
	}
	ts.must(g, 1, "move", "resign")
	for _, moves := range [][]string{{"c3"}, {"d3", "resign"}} {
		req.Moves = moves
		if code, body := ts.post("/api/record", req); code != http.StatusConflict || !strings.Contains(errorOf(t, body), "not the game's") {
			t.Errorf("the main line %v for a game of c3 resign: %d %s", moves, code, body)
		}
	}
	req.Moves = []string{"c3", "resign"}
	rec, hdr = recordLines(t, ts, req)
	pb, _ := rec.Get("PB")
	re, _ := rec.Get("RE")
	if pb != "Ann" || re != "B+R" || !slices.Equal(linesOf(t, rec), []string{"1: d3"}) || !strings.Contains(hdr.Get("Content-Disposition"), g.ID) {
		t.Errorf("the stored game's record: PB %q RE %q lines %q headers %v", pb, re, linesOf(t, rec), hdr)
	}
}

// TestParseRecord: records other programs wrote are read for review:
// their main line replays through /api/position, set-up stones included,
// and their variations come back the same from the record the analysis
// board writes of them.
func TestParseRecord(t *testing.T) {
	ts := newReviewServer(t, Options{})
	files, _ := filepath.Glob("../record/testdata/sgf-corpus/*.sgf")
	if len(files) < 10 {
		t.Fatalf("the corpus: %v", files)
	}
	read := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		code, body := ts.post("/api/records/parse", parseRequest{SGF: string(data)})
		if code != http.StatusOK {
			t.Logf("%s: %d %s", filepath.Base(f), code, errorOf(t, body))
			continue
		}
		read++
		var v reviewRecord
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatal(err)
		}
		_, pos, msg := askPosition(ts, positionRequest{Rules: v.Rules, Board: v.Board, Setup: v.Setup, Moves: v.Moves})
		if msg != "" || len(pos.Moves) != len(v.Moves) {
			t.Errorf("%s: the main line of %d moves: %q", filepath.Base(f), len(v.Moves), msg)
			continue
		}
		if len(v.Setup) > 0 && strings.Count(pos.Stones, "X")+strings.Count(pos.Stones, "O") == 0 {
			t.Errorf("%s: set-up %v not on the board", filepath.Base(f), v.Setup)
		}
		// The record the analysis board writes holds the same variations.
		rec, _ := recordLines(t, ts, recordRequest{positionRequest: positionRequest{Rules: v.Rules, Board: v.Board, Setup: v.Setup, Moves: v.Moves}, Variations: v.Variations})
		var want []string
		for _, l := range v.Variations {
			want = append(want, fmt.Sprintf("%d: %s", l.From, strings.Join(l.Moves, " ")))
		}
		slices.Sort(want)
		want = slices.Compact(want)
		got := linesOf(t, rec)
		// A line that another holds whole is not a line of its own.
		var maximal []string
		for _, w := range want {
			inside := false
			for _, o := range want {
				if o != w && strings.HasPrefix(o, w+" ") {
					inside = true
				}
			}
			if !inside {
				maximal = append(maximal, w)
			}
		}
		if !slices.Equal(got, maximal) {
			t.Errorf("%s: %d variations written back as %d", filepath.Base(f), len(maximal), len(got))
		}
		t.Logf("%s: %s on %s, %d moves, %d set-up stones, %d variations, notes %q", filepath.Base(f), v.Rules, v.Board, len(v.Moves), len(v.Setup), len(v.Variations), v.Notes)
		switch filepath.Base(f) {
		case "2016-03-10a.sgf":
			if len(v.Variations) != MaxReviewLines || !slices.Contains(v.Notes, "the first 200 variations are shown: the record has more") || v.Info["PB"] != "AlphaGo" {
				t.Errorf("%s: %d variations, notes %q, info %v", filepath.Base(f), len(v.Variations), v.Notes, v.Info)
			}
		case "9handicap.sgf":
			if len(v.Setup) != 9 {
				t.Errorf("%s: set-up %v", filepath.Base(f), v.Setup)
			}
		case "collection.sgf":
			if v.Games < 2 {
				t.Errorf("%s: %d games", filepath.Base(f), v.Games)
			}
		}
	}
	if read < len(files)-2 {
		t.Errorf("%d of %d records read", read, len(files))
	}
}

// TestReviewRateLimited: the analysis board's requests count as a
// client's actions: past the burst, 429.
func TestReviewRateLimited(t *testing.T) {
	ts := newReviewServer(t, Options{Limits: Limits{Actions: 0.01, ActionBurst: 5}})
	pos := positionRequest{Rules: "go komi=0", Board: "2x2"}
	for _, c := range []struct {
		path string
		body any
	}{
		{"/api/position", pos}, {"/api/position/evaluate", pos}, {"/api/position/solve", pos},
		{"/api/record", recordRequest{positionRequest: pos}}, {"/api/records/parse", parseRequest{SGF: "(;GM[1]SZ[2])"}},
	} {
		if code, b := ts.post(c.path, c.body); code != http.StatusOK {
			t.Errorf("%s within the burst: %d %s", c.path, code, b)
		}
	}
	if code, b := ts.post("/api/position/evaluate", pos); code != http.StatusTooManyRequests {
		t.Errorf("past the burst: %d %s; want 429", code, b)
	}
}
