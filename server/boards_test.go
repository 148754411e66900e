package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/computer"
	"moku/internal/pgtest"
	"moku/record"
	"moku/store"
)

// annulus is the example board file of the documentation.
func annulus(t testing.TB) string {
	t.Helper()
	data, err := os.ReadFile("../board/testdata/annulus.json")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// fileCreate is a creation request with a board file.
type fileCreate struct {
	Game      string    `json:"game"`
	Board     string    `json:"board,omitempty"`
	BoardFile string    `json:"boardFile"`
	BoardName string    `json:"boardName"`
	Seats     []seatReq `json:"seats"`
}

// galleryAnswer is the answer of GET /api/boards.
type galleryAnswer struct {
	Game   string `json:"game"`
	Boards []struct {
		Spec        string    `json:"spec"`
		Description string    `json:"description"`
		Board       boardView `json:"board"`
	} `json:"boards"`
}

// TestBoardGallery: GET /api/boards?game=G lists the boards the catalog
// offers for G, each with its description and its whole geometry (every
// point and edge; the seams of the tori and cubes marked).
func TestBoardGallery(t *testing.T) {
	ts := newTestServer(t)
	for _, gm := range catalog.Games {
		for range 2 { // the second answer is the cached one
			code, body := ts.do("GET", "/api/boards?game="+gm.Name, "")
			var a galleryAnswer
			if code != http.StatusOK || json.Unmarshal(body, &a) != nil {
				t.Fatalf("%s: %d %s", gm.Name, code, body)
			}
			var specs []string
			for _, b := range a.Boards {
				specs = append(specs, b.Spec)
				g, err := board.Builtin(b.Spec)
				if err != nil {
					t.Fatal(err)
				}
				seams := 0
				for p := 0; p < g.N(); p++ {
					for _, q := range g.Neighbors(p) {
						if int(q) > p && g.Seam(p, int(q)) {
							seams++
						}
					}
				}
				if len(b.Board.Points) != g.N() || len(b.Board.Edges) != edges(g) || len(b.Board.Seams) != seams || b.Description != g.Description() || b.Board.Kind != g.Kind() {
					t.Errorf("%s: %s has %d points, %d edges, %d seams, %q; want %d, %d, %d, %q", gm.Name, b.Spec,
						len(b.Board.Points), len(b.Board.Edges), len(b.Board.Seams), b.Description, g.N(), edges(g), seams, g.Description())
				}
				for _, e := range b.Board.Seams {
					if p, q := b.Board.Edges[e][0], b.Board.Edges[e][1]; !g.Seam(p, q) {
						t.Errorf("%s: edge %s-%s sent as a seam", b.Spec, g.Name(p), g.Name(q))
					}
				}
			}
			if a.Game != gm.Name || !slices.Equal(specs, gm.Gallery()) {
				t.Errorf("%s: gallery %v, want %v", gm.Name, specs, gm.Gallery())
			}
		}
	}
	code, body := ts.do("GET", "/api/boards?game=chess", "")
	if msg := errorOf(t, body); code != http.StatusBadRequest || !strings.Contains(msg, `game "chess": want one of keil, kee, ki, go`) {
		t.Errorf("unknown game: %d %q", code, msg)
	}
}

func edges(g *board.Graph) int {
	e := 0
	for p := 0; p < g.N(); p++ {
		e += g.Degree(p)
	}
	return e / 2
}

// TestBoardFileRefused: each bad board file is refused with its reason,
// by POST /api/boards and by POST /api/games alike, and nothing is
// stored.
func TestBoardFileRefused(t *testing.T) {
	ts := newTestServerOpt(t, Options{MaxBoardPoints: 30})
	star := func(leaves int) string {
		pts := []string{`{"name": "c", "x": 0, "y": 0}`}
		var es []string
		for i := range leaves {
			pts = append(pts, fmt.Sprintf(`{"name": "l%d", "x": %d, "y": 5}`, i, i))
			es = append(es, fmt.Sprintf(`["c", "l%d"]`, i))
		}
		return `{"points": [` + strings.Join(pts, ", ") + `], "edges": [` + strings.Join(es, ", ") + `]}`
	}
	path := func(n int) string {
		var pts, es []string
		for i := range n {
			pts = append(pts, fmt.Sprintf(`{"name": "p%d", "x": %d, "y": 0}`, i, i%10))
			if i > 0 {
				es = append(es, fmt.Sprintf(`["p%d", "p%d"]`, i-1, i))
			}
		}
		return `{"points": [` + strings.Join(pts, ", ") + `], "edges": [` + strings.Join(es, ", ") + `]}`
	}
	tri := func(extra string) string {
		return `{"points": [{"name": "p", "x": 0, "y": 0}, {"name": "q", "x": 1, "y": 0}, {"name": "s", "x": 0.5, "y": 0.9}]` + extra + `}`
	}
	for _, tc := range []struct {
		name, file string
		code       int
		want       string
	}{
		{"malformed JSON", "{\n  \"points\": [\"p\",, \"q\"]\n}", 400, `ring.json: 2:18: invalid character ','`},
		{"cut short", `{"points": [{"name": "p", "x": 0, "y": 0}`, 400, `ring.json: 1:42: the file ends before its JSON is complete`},
		{"not an object", `[1, 2]`, 400, `ring.json: 1:2: the board: want an object, not array`},
		{"unknown field", `{"points": [], "size": 9}`, 400, `ring.json: json: unknown field "size"`},
		{"unknown neighbour", tri(`, "edges": [["p", "q"], ["q", "zz"]]`), 400, `ring.json: edges[1]: unknown point "zz"`},
		{"unknown neighbour in a list", `{"points": [{"name": "p", "x": 0, "y": 0, "neighbors": ["q"]}, {"name": "q", "x": 1, "y": 0, "neighbors": ["p", "zz"]}]}`,
			400, `ring.json: points[1] ("q"): unknown neighbour "zz"`},
		{"asymmetric edge", `{"points": [{"name": "p", "x": 0, "y": 0, "neighbors": ["q"]}, {"name": "q", "x": 1, "y": 0, "neighbors": []}]}`,
			400, `ring.json: points[0] ("p"): lists "q" as its neighbour, but points[1] ("q") does not list "p": an edge is listed at both its ends`},
		{"missing coordinates", `{"points": [{"name": "p", "x": 0, "y": 0}, "q"], "edges": [["p", "q"]]}`, 400, `ring.json: points[1] ("q"): no drawing coordinates: every point needs its x and y`},
		{"half the coordinates", `{"points": [{"name": "p", "x": 0, "y": 0}, {"name": "q", "y": 1}]}`, 400, `ring.json: points[1] ("q"): give both coordinates, x and y, or neither`},
		{"duplicate coordinates", `{"points": [{"name": "p", "x": 0, "y": 0}, {"name": "q", "x": 1, "y": 0}, {"name": "s", "x": 1, "y": 0}]}`,
			400, `ring.json: points[2] ("s"): at the same place as points[1] ("q"), (1, 0)`},
		{"crowded drawing", `{"points": [{"name": "p", "x": 0, "y": 0}, {"name": "q", "x": 0.001, "y": 0}, {"name": "s", "x": 1, "y": 0}]}`,
			400, `ring.json: points[0] ("p") and points[1] ("q") are 0.001 apart, and the drawing 1 wide: at most 256 times as wide as the two closest points are apart`},
		{"duplicate name", `{"points": [{"name": "p", "x": 0, "y": 0}, {"name": "P", "x": 1, "y": 0}]}`, 400, `ring.json: points[1]: duplicate name "P" (first at points[0])`},
		{"duplicate edge", tri(`, "edges": [["p", "q"], ["q", "p"]]`), 400, `ring.json: edges[1]: duplicate edge q-p (first at edges[0])`},
		{"self-loop", tri(`, "edges": [["p", "p"]]`), 400, `ring.json: edges[0]: self-loop at "p"`},
		{"a move word", `{"points": [{"name": "pass", "x": 0, "y": 0}]}`, 400, `ring.json: points[0]: point name "pass" is a move word`},
		{"too many points", path(31), 400, `ring.json: points: 31 points, at most 30 allowed`},
		{"too many neighbours", star(13), 400, `ring.json: points[0] ("c"): 13 neighbours, at most 12 allowed`},
		{"no points", `{"points": []}`, 400, `ring.json: points: no points`},
		{"too large", `{"name": "` + strings.Repeat("x", MaxBoardFileBytes) + `", "points": []}`, 413, fmt.Sprintf("ring.json: the board file is %d bytes, at most %d allowed", MaxBoardFileBytes+26, MaxBoardFileBytes)},
	} {
		code, body := ts.post("/api/boards", map[string]string{"file": tc.file, "name": "ring.json"})
		if msg := errorOf(t, body); code != tc.code || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: POST /api/boards: %d %q, want %d %q", tc.name, code, msg, tc.code, tc.want)
		}
		code, body = ts.post("/api/games", fileCreate{Game: "kee", BoardFile: tc.file, BoardName: "ring.json", Seats: humans(2)})
		if msg := errorOf(t, body); code != tc.code || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: POST /api/games: %d %q, want %d %q", tc.name, code, msg, tc.code, tc.want)
		}
	}
	// The request itself over its cap, and requests that make no sense.
	for _, tc := range []struct {
		path string
		body any
		code int
		want string
	}{
		{"/api/boards", map[string]string{"file": strings.Repeat(`"`, maxBoardRequest/2)}, 413, fmt.Sprintf("request body larger than %d bytes", maxBoardRequest)},
		{"/api/boards", map[string]string{"name": "ring.json"}, 400, "no board file"},
		{"/api/boards", map[string]any{"file": annulus(t), "game": "kee"}, 400, `unknown field "game"`},
		{"/api/games", fileCreate{Game: "kee", Board: "9x9", BoardFile: annulus(t), Seats: humans(2)}, 400, `a board ("9x9") and a board file: give one`},
		{"/api/games", fileCreate{Game: "kee", Board: strings.Repeat("9", 100), Seats: humans(2)}, 400, "not a board's specification"},
		{"/api/games", fileCreate{Game: "kee", Board: "../board/testdata/annulus.json", Seats: humans(2)}, 400, `board "../board/testdata/annulus.json": want hex:N`},
	} {
		code, body := ts.post(tc.path, tc.body)
		if msg := errorOf(t, body); code != tc.code || !strings.Contains(msg, tc.want) {
			t.Errorf("POST %s: %d %q, want %d %q", tc.path, code, msg, tc.code, tc.want)
		}
	}
	if list, err := ts.store.List(context.Background(), 10, store.Page{}); err != nil || len(list) != 0 {
		t.Errorf("refused boards stored %d games (%v)", len(list), err)
	}
}

// TestBoardFileName: a board file's name becomes the board's name, tamed.
func TestBoardFileName(t *testing.T) {
	for in, want := range map[string]string{
		"ring.json":                      "ring.json",
		"Ring Board (2).JSON":            "RingBoard2.json",
		"../../etc/passwd":               "passwd.json",
		`C:\boards\ring.json`:            "ring.json",
		"":                               "board.json",
		".json":                          "board.json",
		"碁盤.json":                        "board.json",
		strings.Repeat("a", 100) + ".js": strings.Repeat("a", 35) + ".json",
		"9x9":                            "9x9.json",
	} {
		if got := boardFileName(in); got != want {
			t.Errorf("boardFileName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestBoardByGame: a game is created only on the boards its game allows:
// Keil on the hexhex, Ki on odd square rectangles, Kee and Go on any board,
// a board file included; the refusal says why.
func TestBoardByGame(t *testing.T) {
	ts := newTestServer(t)
	file := annulus(t)
	for _, tc := range []struct {
		game, board string
		file        bool
		want        string // "" created
	}{
		{"keil", "", true, "Keil is not played on annulus.json here: its boards are the hexhex"},
		{"keil", "honeycomb:3", false, "Keil is not played on honeycomb:3 here"},
		{"keil", "9x9", false, "Keil is not played on 9x9 here"},
		{"keil", "hex:4", false, ""},
		{"ki", "", true, "Ki is not played on annulus.json here: its boards are odd square boards"},
		{"ki", "torus:9x9", false, "Ki is not played on torus:9x9 here"},
		{"ki", "cube:3", false, "Ki is not played on cube:3 here"},
		{"ki", "9x9", false, ""},
		{"kee", "", true, ""},
		{"kee", "cube:3", false, ""},
		{"kee", "honeycomb:4", false, ""},
		{"kee", "tri:9", false, ""},
		{"go", "", true, ""},
		{"go", "honeycomb:2", false, ""},
	} {
		req := fileCreate{Game: tc.game, Board: tc.board, Seats: humans(2)}
		if tc.file {
			req.BoardFile, req.BoardName = file, "annulus.json"
		}
		code, body := ts.post("/api/games", req)
		if tc.want == "" {
			if code != http.StatusCreated {
				t.Errorf("%s on %s (file %v): %d %s", tc.game, tc.board, tc.file, code, body)
			}
			continue
		}
		if msg := errorOf(t, body); code != http.StatusBadRequest || !strings.Contains(msg, tc.want) {
			t.Errorf("%s on %s (file %v): %d %q, want 400 %q", tc.game, tc.board, tc.file, code, msg, tc.want)
		}
	}
	// The options tell the page a board file's limits.
	var opts struct {
		BoardFile map[string]int `json:"boardFile"`
	}
	if code, body := ts.do("GET", "/api/options", ""); code != http.StatusOK || json.Unmarshal(body, &opts) != nil ||
		opts.BoardFile["maxBytes"] != 128<<10 || opts.BoardFile["maxPoints"] != 625 || opts.BoardFile["maxDegree"] != 12 {
		t.Errorf("options: %d %s", code, body)
	}
	// POST /api/boards says beforehand which games refuse the file.
	code, body := ts.post("/api/boards", map[string]string{"file": file, "name": "annulus.json"})
	var a struct {
		Spec, Description string
		Board             boardView
		Warnings          []string
		Refusals          map[string]string
	}
	if code != http.StatusOK || json.Unmarshal(body, &a) != nil {
		t.Fatalf("POST /api/boards: %d %s", code, body)
	}
	if a.Spec != "annulus.json" || a.Description != "annulus, 48 points" || len(a.Board.Points) != 48 || len(a.Board.Edges) != 84 || len(a.Warnings) != 0 ||
		len(a.Refusals) != 2 || !strings.HasPrefix(a.Refusals["keil"], "Keil is not played on annulus.json") || !strings.HasPrefix(a.Refusals["ki"], "Ki is not played") {
		t.Errorf("POST /api/boards: %s", body)
	}
}

// TestBoardFileGame: a game of Kee on a board file is played, stored with
// the board (the file as the board reads it back), replays the same after
// a restart on SQLite and on PostgreSQL, and its record carries the board
// (MKGR) and reads back to the same game.
func TestBoardFileGame(t *testing.T) {
	for _, db := range []string{"sqlite", "postgres"} {
		t.Run(db, func(t *testing.T) {
			var open func() store.Store
			switch db {
			case "sqlite":
				path := filepath.Join(t.TempDir(), "moku.db")
				open = func() store.Store {
					st, err := store.OpenSQLite(path)
					if err != nil {
						t.Fatal(err)
					}
					return st
				}
			default:
				dsn := pgtest.DSN(t)
				open = func() store.Store {
					st, err := store.OpenPostgres(context.Background(), dsn)
					if err != nil {
						t.Fatal(err)
					}
					return st
				}
			}
			playFileGame(t, open)
		})
	}
}

// serveOn serves st over HTTP; stop ends the server and closes st (also
// at the test's end).
func serveOn(t *testing.T, st store.Store) (ts *testServer, stop func()) {
	srv := New(st, Options{})
	ts = &testServer{t: t, srv: srv, http: httptest.NewServer(srv)}
	var once sync.Once
	stop = func() {
		once.Do(func() { ts.http.CloseClientConnections(); srv.Close(); ts.http.Close(); st.Close() })
	}
	t.Cleanup(stop)
	return ts, stop
}

func playFileGame(t *testing.T, open func() store.Store) {
	st := open()
	ts, stop := serveOn(t, st)
	req := fileCreate{Game: "kee", BoardFile: annulus(t), BoardName: "my rings.json", Seats: humans(2)}
	code, body := ts.post("/api/games", req)
	var c created
	if code != http.StatusCreated || json.Unmarshal(body, &c) != nil {
		t.Fatalf("create: %d %s", code, body)
	}
	v := ts.view(c.ID)
	if v.Board.Spec != "myrings.json" || v.Board.Kind != "graph" || len(v.Board.Points) != 48 || len(v.Board.Edges) != 84 {
		t.Fatalf("board %s %s: %d points, %d edges", v.Board.Spec, v.Board.Kind, len(v.Board.Points), len(v.Board.Edges))
	}
	stored, err := st.Get(context.Background(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := board.ReadJSON([]byte(annulus(t)), "myrings.json")
	if stored.Board != "myrings.json" || stored.BoardJSON != string(want.JSON()) {
		t.Errorf("stored board %q, %q", stored.Board, stored.BoardJSON)
	}
	// Black surrounds b1 of the second ring and takes it.
	for i, m := range []string{"b2", "b1", "b12", "a2", "c1", "a3", "a1", "d7", "a12", "d6"} {
		ts.must(c, i%2, "move", m)
	}
	before := ts.view(c.ID)
	if n := strings.Count(before.Stones, "X"); n != 5 || strings.Count(before.Stones, "O") != 4 {
		t.Fatalf("after the moves (b1 taken): %s, %d black stones", before.Stones, n)
	}
	stop()

	// Another server over the same store holds the same game, and goes on.
	ts2, _ := serveOn(t, open())
	after := ts2.view(c.ID)
	if after.Stones != before.Stones || after.Version != before.Version || !slices.Equal(moveNames(after), moveNames(before)) || after.Board.Spec != "myrings.json" {
		t.Errorf("after the restart: %s %v, want %s %v", after.Stones, moveNames(after), before.Stones, moveNames(before))
	}
	ts2.must(c, 0, "move", "c5")
	ts2.must(c, 1, "move", "resign")
	// The record: the board inside (MKBD its name, MKGR the file), the
	// moves as MKMV in the points' names; it replays to the same result.
	code, sgf := ts2.do("GET", "/api/games/"+c.ID+"/record", "")
	recs, err := record.ReadSGF(sgf)
	if code != http.StatusOK || err != nil || len(recs) != 1 {
		t.Fatalf("record: %d %v\n%s", code, err, sgf)
	}
	for _, prop := range []string{"MKBD[myrings.json]", `MKGR[{"name":"annulus"`, "MKMV[B:b2]", "MKMV[W:d6]", "MKMV[B:c5]", "RE[B+R]"} {
		if !strings.Contains(string(sgf), prop) {
			t.Errorf("record lacks %s:\n%s", prop, sgf)
		}
	}
	s, err := recs[0].Replay()
	if err != nil || s.Graph().N() != 48 || recs[0].Result(s).String() != "B+R" {
		t.Errorf("the record replays: %v", err)
	}
	code, txt := ts2.do("GET", "/api/games/"+c.ID+"/record?format=txt", "")
	if code != http.StatusOK || !strings.Contains(string(txt), "b2") {
		t.Errorf("move list: %d %s", code, txt)
	}
}

// TestBoardFileDrawingScale: a board file drawn in any unit (here the
// annulus in pixels, 40 to the file's unit) is drawn at the page's scale,
// its two closest points 1 apart (the rings are 1 apart, the inner ring's
// points 2·2·sin 15°; the file rounds its coordinates to 0.001).
func TestBoardFileDrawingScale(t *testing.T) {
	ts := newTestServer(t)
	g, err := board.ReadJSON([]byte(annulus(t)), "annulus.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Name   string `json:"name"`
		Points []struct {
			Name string  `json:"name"`
			X    float64 `json:"x"`
			Y    float64 `json:"y"`
		} `json:"points"`
		Edges [][2]string `json:"edges"`
	}
	if err := json.Unmarshal(g.JSON(), &file); err != nil {
		t.Fatal(err)
	}
	for i := range file.Points {
		file.Points[i].X *= 40
		file.Points[i].Y *= -40 // and y growing downwards, as on a screen: drawn upside down
	}
	data, _ := json.Marshal(file)
	code, body := ts.post("/api/boards", map[string]string{"file": string(data), "name": "pixels.json"})
	var a struct{ Board boardView }
	if code != http.StatusOK || json.Unmarshal(body, &a) != nil {
		t.Fatalf("%d %s", code, body)
	}
	at := func(name string) pointView {
		for _, p := range a.Board.Points {
			if p.Name == name {
				return p
			}
		}
		t.Fatalf("no point %s", name)
		return pointView{}
	}
	d := func(p, q string) float64 { return math.Hypot(at(p).X-at(q).X, at(p).Y-at(q).Y) }
	if math.Abs(d("a1", "b1")-1) > 1e-3 || math.Abs(d("a1", "a2")-4*math.Sin(math.Pi/12)) > 1e-3 || at("a1").Y >= 0 {
		t.Errorf("a1-b1 %v, a1-a2 %v, a1 at %+v", d("a1", "b1"), d("a1", "a2"), at("a1"))
	}
}

// TestGraphBoardComputer: the computer plays Kee on a honeycomb and a cube
// as on any board: the random level a whole game against a person who
// plays the first legal point (the record of the finished game replays,
// checkRecords), the search one move on a cube's surface.
func TestGraphBoardComputer(t *testing.T) {
	ts := newTestServerOpt(t, Options{Computer: computer.New, Levels: computer.Levels})
	g := ts.create(createReq{Game: "kee", Board: "honeycomb:3", Seats: []seatReq{{Kind: "human"}, {Kind: "computer", Level: "random"}}})
	v := ts.view(g.ID)
	for moves := 0; v.Phase == "playing"; moves++ {
		if moves > 4*54+20 {
			t.Fatalf("no end after %d moves", moves)
		}
		if v.ToMove != 0 {
			v = ts.waitView(g.ID, func(v gameView) bool { return v.ToMove == 0 || v.Phase != "playing" })
			continue
		}
		m := v.Legal[0]
		if len(v.Moves) > 60 {
			m = "pass"
		}
		before := v.Version
		ts.must(g, 0, "move", m)
		v = ts.waitView(g.ID, func(v gameView) bool { return v.Version > before+1 || v.Phase != "playing" })
	}
	white := 0
	for _, m := range v.Moves {
		if m.Color == "white" && m.Move != "pass" {
			white++
		}
	}
	if white == 0 || v.Board.Kind != "honeycomb" {
		t.Errorf("the computer placed no stone on %s: %v", v.Board.Kind, moveNames(v))
	}
	if v.Phase == "scoring" { // the person accepts the computer's marking
		ts.waitView(g.ID, func(v gameView) bool { return len(v.Accepted) == 2 && v.Accepted[1] })
		ts.must(g, 0, "accept", "")
	}
	if v = ts.view(g.ID); v.Phase != "over" || v.Result == "" {
		t.Errorf("the game on the honeycomb: %s %q after %v", v.Phase, v.Result, moveNames(v))
	}
	t.Logf("honeycomb:3 against random: %s after %d moves", v.Result, len(v.Moves))
	g = ts.create(createReq{Game: "kee", Board: "cube:3", Seats: []seatReq{{Kind: "computer", Level: "1k playouts"}, {Kind: "human"}}})
	v = ts.waitView(g.ID, func(v gameView) bool { return v.Version == 1 })
	if v.Last < 0 || v.Moves[0].Color != "black" || v.Moves[0].Move == "pass" {
		t.Errorf("the search's first move on cube:3: %v", moveNames(v))
	}
}
