package server

import (
	"encoding/json"
	"moku/record"
	"net/http"
	"strings"
	"testing"
)

func TestHealthAndOptions(t *testing.T) {
	ts := newTestServer(t)
	code, body := ts.do("GET", "/healthz", "")
	if code != 200 || !strings.Contains(string(body), `"ok"`) {
		t.Errorf("healthz: %d %s", code, body)
	}
	code, body = ts.do("GET", "/api/options", "")
	var opt struct {
		Games   []string          `json:"games"`
		Rules   []string          `json:"rules"`
		Levels  []string          `json:"levels"`
		Boards  map[string]string `json:"boards"`
		Players map[string]int    `json:"players"`
	}
	if err := json.Unmarshal(body, &opt); code != 200 || err != nil {
		t.Fatalf("options: %d %s %v", code, body, err)
	}
	for _, g := range []string{"keil", "kee", "ki", "go"} {
		if !has(opt.Games, g) || opt.Boards[g] == "" {
			t.Errorf("options: game %s missing: %+v", g, opt)
		}
	}
	if !has(opt.Levels, "random") || opt.Players["kee"] != 4 || !has(opt.Rules, "keil-2019") {
		t.Errorf("options: %+v", opt)
	}
}

func TestPage(t *testing.T) {
	ts := newTestServer(t)
	for path, want := range map[string]string{
		"/":          `<script type="module" src="app.js">`,
		"/app.js":    `import { showGame } from "./game.js"`,
		"/style.css": `.stone`,
	} {
		code, body := ts.do("GET", path, "")
		if code != 200 || !strings.Contains(string(body), want) {
			t.Errorf("GET %s: %d, want %q in the body", path, code, want)
		}
	}
	if code, _ := ts.do("GET", "/nothing-here.js", ""); code != 404 {
		t.Errorf("GET of a missing file: %d", code)
	}
}

func TestCreateGetList(t *testing.T) {
	ts := newTestServer(t)
	code, body := ts.do("GET", "/api/games", "")
	if code != 200 || strings.TrimSpace(string(body)) != "[]" {
		t.Errorf("empty list: %d %s", code, body)
	}
	g := ts.create(createReq{Game: "go", Board: "5x5", Komi: "2.5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human"}}})
	if g.Tokens[0] == "" || g.Tokens[1] == "" || g.Tokens[0] == g.Tokens[1] {
		t.Errorf("tokens %q", g.Tokens)
	}
	v := ts.view(g.ID)
	if v.ID != g.ID || v.Game != "go" || v.Board.Spec != "5x5" || len(v.Board.Points) != 25 || len(v.Board.Edges) != 40 ||
		v.Phase != "playing" || v.ToMove != 0 || v.Version != 0 || v.Komi != 2.5 || v.Stones != strings.Repeat(".", 25) || len(v.Legal) != 26 {
		t.Errorf("view of a new game: %+v", v)
	}
	if v.Seats[0].Name != "Ann" || v.Seats[1].Name != "white" || v.Seats[0].Color != "black" {
		t.Errorf("seats %+v", v.Seats)
	}
	// The tokens are secret: neither the view nor the list shows them.
	for _, path := range []string{"/api/games/" + g.ID, "/api/games"} {
		_, body := ts.do("GET", path, "")
		for _, tok := range g.Tokens {
			if strings.Contains(string(body), tok) {
				t.Errorf("%s shows a seat's token", path)
			}
		}
	}
	ts.must(g, 0, "move", "c3")
	_, body = ts.do("GET", "/api/games", "")
	var list []struct {
		ID      string     `json:"id"`
		Rules   string     `json:"rules"`
		Board   string     `json:"board"`
		Seats   []seatView `json:"seats"`
		Status  string     `json:"status"`
		Actions int        `json:"actions"`
	}
	if err := json.Unmarshal(body, &list); err != nil || len(list) != 1 {
		t.Fatalf("list: %s %v", body, err)
	}
	if l := list[0]; l.ID != g.ID || l.Rules != "go" || l.Board != "5x5" || l.Status != "playing" || l.Actions != 1 || len(l.Seats) != 2 {
		t.Errorf("list: %+v", l)
	}
	// positions: the start and the board after each move
	code, body = ts.do("GET", "/api/games/"+g.ID+"/positions", "")
	var pos []string
	if err := json.Unmarshal(body, &pos); code != 200 || err != nil || len(pos) != 2 || pos[0] != strings.Repeat(".", 25) || pos[1][12] != 'X' {
		t.Errorf("positions: %d %s", code, body)
	}
	// the record
	code, body = ts.do("GET", "/api/games/"+g.ID+"/record", "")
	if code != 200 || !strings.Contains(string(body), ";B[cc]") || !strings.Contains(string(body), "PB[Ann]") {
		t.Errorf("record: %d %s", code, body)
	}
	if trees, err := record.ParseSGF(body); err != nil || len(trees) != 1 {
		t.Errorf("record does not parse as SGF: %v", err)
	}
	code, body = ts.do("GET", "/api/games/"+g.ID+"/record?format=txt", "")
	if code != 200 || !strings.Contains(string(body), "1. B c3") {
		t.Errorf("move list: %d %s", code, body)
	}
}

// TestCreateRefused checks every kind of bad creation request: each gets a
// clear JSON error, and the store holds no new game.
func TestCreateRefused(t *testing.T) {
	ts := newTestServer(t)
	two := humans(2)
	cases := []struct {
		name, body string
		status     int
		want       string // in the error
	}{
		{"malformed JSON", `{"game": "go", "seats": [`, 400, "malformed"},
		{"not JSON", `hello`, 400, "malformed"},
		{"unknown field", `{"game": "go", "seats": [{"kind":"human"},{"kind":"human"}], "admin": true}`, 400, "unknown field"},
		{"trailing data", `{"game": "go", "board": "5x5", "seats": [{"kind":"human"},{"kind":"human"}]} {"game": "go"}`, 400, "malformed"},
		{"oversized body", `{"game": "go", "seats": [{"kind":"human","name":"` + strings.Repeat("x", maxBoardRequest) + `"}]}`, 413, "larger"},
		{"unknown game", js(createReq{Game: "chess", Seats: two}), 400, "chess"},
		{"board file path", js(createReq{Game: "go", Board: "/etc/passwd", Seats: two}), 400, "board"},
		{"board json file", js(createReq{Game: "go", Board: "../../board.json", Seats: two}), 400, "board"},
		{"board nonsense", js(createReq{Game: "go", Board: "9y9", Seats: two}), 400, "board"},
		{"board too small", js(createReq{Game: "keil", Board: "hex:0", Seats: two}), 400, ""},
		{"board too large", js(createReq{Game: "go", Board: "99x99", Seats: two}), 400, "range"},
		{"hex too large", js(createReq{Game: "keil", Board: "hex:99", Seats: two}), 400, "range"},
		{"too few seats", js(createReq{Game: "go", Board: "5x5", Seats: humans(1)}), 400, "seats"},
		{"too many seats", js(createReq{Game: "go", Board: "5x5", Seats: humans(3)}), 400, "seats"},
		{"no seats", js(createReq{Game: "go", Board: "5x5"}), 400, "seats"},
		{"five players", js(createReq{Game: "kee", Board: "5x5", Players: 5, Seats: humans(5)}), 400, ""},
		{"keil for three", js(createReq{Game: "keil", Board: "hex:3", Players: 3, Seats: humans(3)}), 400, ""},
		{"seat kind", js(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human"}, {Kind: "robot"}}}), 400, "robot"},
		{"seat level", js(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human"}, {Kind: "computer", Level: "godlike"}}}), 400, "godlike"},
		{"long name", js(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: strings.Repeat("n", 41)}, {Kind: "human"}}}), 400, "name"},
		{"bad komi", js(createReq{Game: "go", Board: "5x5", Komi: "lots", Seats: two}), 400, "komi"},
		{"bad button", js(createReq{Game: "keil", Board: "hex:3", Button: "maybe", Seats: two}), 400, ""},
		{"bad setup", js(createReq{Game: "keil", Board: "hex:3", Setup: "coin", Seats: two}), 400, "setup"},
		{"pie for three", js(createReq{Game: "kee", Board: "5x5", Players: 3, Setup: "pie", Seats: humans(3)}), 400, "pie"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, body := ts.do("POST", "/api/games", c.body)
			msg := errorOf(t, body)
			if code != c.status || !strings.Contains(strings.ToLower(msg), c.want) {
				t.Errorf("%d %q, want %d and an error mentioning %q", code, msg, c.status, c.want)
			}
			if code, body := ts.do("GET", "/api/games", ""); code != 200 || strings.TrimSpace(string(body)) != "[]" {
				t.Errorf("a game was stored: %s", body)
			}
		})
	}
}

func js(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestUnknownGame(t *testing.T) {
	ts := newTestServer(t)
	for _, r := range []struct{ method, path, body string }{
		{"GET", "/api/games/nosuchgame", ""},
		{"GET", "/api/games/nosuchgame/positions", ""},
		{"GET", "/api/games/nosuchgame/record", ""},
		{"GET", "/api/games/nosuchgame/ws", ""},
		{"POST", "/api/games/nosuchgame/actions", `{"seat":0,"token":"x","kind":"move","arg":"a1"}`},
	} {
		code, body := ts.do(r.method, r.path, r.body)
		if msg := errorOf(t, body); code != 404 || msg != "no such game" {
			t.Errorf("%s %s: %d %q", r.method, r.path, code, msg)
		}
	}
	if code, body := ts.do("GET", "/api/games", ""); code != 200 || strings.TrimSpace(string(body)) != "[]" {
		t.Errorf("list after: %s", body)
	}
}

// TestActionRefused sends every kind of bad action to a game in play: each
// gets a clear JSON error and leaves the stored game as it was.
func TestActionRefused(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	other := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	ts.must(g, 0, "move", "c3")
	// Now white (seat 1) is to move; version 1.
	good := func(mod func(*actReq)) string {
		a := actReq{Seat: 1, Token: g.Tokens[1], Kind: "move", Arg: "b2", Version: intp(1)}
		mod(&a)
		return js(a)
	}
	cases := []struct {
		name, body string
		status     int
		want       string
	}{
		{"malformed JSON", `{"seat": 1, "token": `, 400, "malformed"},
		{"wrong type", `{"seat": "one", "token": "x", "kind": "move", "arg": "b2"}`, 400, "malformed"},
		{"unknown field", `{"seat": 1, "token": "` + g.Tokens[1] + `", "kind": "move", "arg": "b2", "force": true}`, 400, "unknown field"},
		{"trailing data", good(func(*actReq) {}) + `{"seat": 1}`, 400, "malformed"},
		{"oversized body", good(func(a *actReq) { a.Arg = strings.Repeat("b", MaxBodyBytes) }), 413, "larger"},
		{"empty body", ``, 400, "malformed"},
		{"no token", good(func(a *actReq) { a.Token = "" }), 403, "token"},
		{"wrong token", good(func(a *actReq) { a.Token = "guess" }), 403, "token"},
		{"another seat's token", good(func(a *actReq) { a.Token = g.Tokens[0] }), 403, "token"},
		{"another game's token", good(func(a *actReq) { a.Token = other.Tokens[1] }), 403, "token"},
		{"negative seat", good(func(a *actReq) { a.Seat = -1 }), 400, "seat"},
		{"no such seat", good(func(a *actReq) { a.Seat = 2 }), 400, "seat"},
		{"out of turn", good(func(a *actReq) { a.Seat, a.Token = 0, g.Tokens[0] }), 422, "turn"},
		{"malformed move", good(func(a *actReq) { a.Arg = "z99" }), 422, "not a point"},
		{"empty move", good(func(a *actReq) { a.Arg = "" }), 422, "empty move"},
		{"occupied", good(func(a *actReq) { a.Arg = "c3" }), 422, "illegal move c3"},
		{"appeal in go", good(func(a *actReq) { a.Arg = "appeal-c3" }), 422, "illegal"},
		{"button in go", good(func(a *actReq) { a.Arg = "button" }), 422, "illegal"},
		{"stale version", good(func(a *actReq) { a.Version = intp(0) }), 409, "moved on"},
		{"future version", good(func(a *actReq) { a.Version = intp(7) }), 409, "moved on"},
		{"unknown kind", good(func(a *actReq) { a.Kind = "teleport" }), 422, "unknown action"},
		{"empty kind", good(func(a *actReq) { a.Kind = "" }), 422, "unknown action"},
		{"komi after the start", good(func(a *actReq) { a.Kind, a.Arg = "komi", "5" }), 422, "komi"},
		{"choose without pie", good(func(a *actReq) { a.Kind, a.Arg = "choose", "black" }), 422, "colour"},
		{"mark in go", good(func(a *actReq) { a.Kind, a.Arg = "mark", "c3" }), 422, "marked dead"},
		{"accept in play", good(func(a *actReq) { a.Kind = "accept" }), 422, "nothing to accept"},
		{"refuse in play", good(func(a *actReq) { a.Kind = "refuse" }), 422, "nothing to refuse"},
		{"resume in play", good(func(a *actReq) { a.Kind = "resume" }), 422, "resumed"},
		{"undo of another's move", good(func(a *actReq) { a.Kind = "undo-request" }), 422, "your own last move"},
		{"undo answer without request", good(func(a *actReq) { a.Kind = "undo-accept" }), 422, "no undo request"},
		{"undo decline without request", good(func(a *actReq) { a.Kind = "undo-decline" }), 422, "no undo request"},
		// ParseMove would read this c3 (it drops the spaces), and the
		// store keep all of it.
		{"padded move", good(func(a *actReq) { a.Arg = "b" + strings.Repeat(" ", 60000) + "2" }), 400, "more than the 32"},
		{"long marking", good(func(a *actReq) { a.Kind, a.Arg = "dead", strings.Repeat("c3 ", 40) }), 400, "more than the 75"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := ts.snapshot(g.ID)
			code, body := ts.do("POST", "/api/games/"+g.ID+"/actions", c.body)
			msg := errorOf(t, body)
			if code != c.status || !strings.Contains(msg, c.want) {
				t.Errorf("%d %q, want %d and an error mentioning %q", code, msg, c.status, c.want)
			}
			ts.unchanged(c.name, before)
			if v := ts.view(g.ID); v.Version != 1 || v.ToMove != 1 || v.Stones[12] != 'X' || strings.Count(v.Stones, ".") != 24 {
				t.Errorf("the game in memory changed: version %d, stones %s", v.Version, v.Stones)
			}
		})
	}
	// The game still plays.
	if v := ts.must(g, 1, "move", "b2"); v.Version != 2 || v.Stones[6] != 'O' {
		t.Errorf("after the refusals: %+v", v)
	}
}

// TestReplayedAction sends the same request twice: the second is refused.
func TestReplayedAction(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	for _, version := range []int{0, 1} {
		seat := version
		body := js(actReq{Seat: seat, Token: g.Tokens[seat], Kind: "move", Arg: []string{"c3", "b2"}[version], Version: intp(version)})
		code, res := ts.do("POST", "/api/games/"+g.ID+"/actions", body)
		if code != 200 {
			t.Fatalf("first: %d %s", code, res)
		}
		before := ts.snapshot(g.ID)
		code, res = ts.do("POST", "/api/games/"+g.ID+"/actions", body)
		if msg := errorOf(t, res); code != http.StatusConflict || !strings.Contains(msg, "moved on") {
			t.Errorf("replay at version %d: %d %q", version, code, msg)
		}
		ts.unchanged("the replay", before)
	}
	if got := len(ts.snapshot(g.ID).Actions); got != 2 {
		t.Errorf("%d actions stored, want 2", got)
	}
}

// TestConcurrentActions races many copies of one action: exactly one wins.
func TestConcurrentActions(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	body := js(actReq{Seat: 0, Token: g.Tokens[0], Kind: "move", Arg: "c3", Version: intp(0)})
	codes := make(chan int, 8)
	for range 8 {
		go func() {
			code, _ := ts.do("POST", "/api/games/"+g.ID+"/actions", body)
			codes <- code
		}()
	}
	ok := 0
	for range 8 {
		switch c := <-codes; c {
		case 200:
			ok++
		case 409:
		default:
			t.Errorf("status %d", c)
		}
	}
	if s := ts.snapshot(g.ID); ok != 1 || len(s.Actions) != 1 || s.Game.Moves != 1 {
		t.Errorf("%d accepted, %d stored", ok, len(s.Actions))
	}
}

func TestRecordBeforeStart(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "keil", Board: "hex:3", Setup: "pie", Seats: humans(2)})
	code, body := ts.do("GET", "/api/games/"+g.ID+"/record", "")
	if msg := errorOf(t, body); code != 409 || !strings.Contains(msg, "not started") {
		t.Errorf("record of a game in set-up: %d %q", code, msg)
	}
	code, body = ts.do("GET", "/api/games/"+g.ID+"/positions", "")
	if code != 200 || strings.TrimSpace(string(body)) != "[]" {
		t.Errorf("positions in set-up: %d %s", code, body)
	}
}
