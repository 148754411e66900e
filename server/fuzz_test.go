package server

import (
	"database/sql"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"moku/session"
	"moku/store"
)

// Fuzz targets for the request bodies the server parses, through the real
// handler over a real SQLite store in a temporary directory: whatever the
// body, the answer is well-formed JSON, never a 500 (nor a panic), and the
// store changes only when the answer is a success.
//
//	go test -run '^$' -fuzz '^FuzzCreateBody$' -fuzztime 30s ./server/
//	go test -run '^$' -fuzz '^FuzzActionBody$' -fuzztime 30s ./server/

// fuzzServer is a Server over SQLite, with a second connection to the
// database file to count what it holds.
type fuzzServer struct {
	srv *Server
	db  *sql.DB
}

func newFuzzServer(f *testing.F) *fuzzServer {
	path := filepath.Join(f.TempDir(), "moku.db")
	st, err := store.OpenSQLite(path)
	if err != nil {
		f.Fatal(err)
	}
	srv := New(st, Options{})
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() {
		srv.Close()
		st.Close()
		db.Close()
	})
	return &fuzzServer{srv: srv, db: db}
}

// serve sends body to path and checks the answer is JSON, and not a 500.
func (fs *fuzzServer) serve(t *testing.T, path, body string) (int, []byte) {
	req := httptest.NewRequest("POST", path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	fs.srv.ServeHTTP(rec, req)
	out := rec.Body.Bytes()
	if rec.Code >= 500 {
		t.Fatalf("POST %s %q: %d %s", path, body, rec.Code, out)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Fatalf("POST %s %q: %d, Content-Type %q", path, body, rec.Code, ct)
	}
	if !json.Valid(out) {
		t.Fatalf("POST %s %q: %d, not JSON: %q", path, body, rec.Code, out)
	}
	if rec.Code/100 != 2 {
		var e struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(out, &e) != nil || e.Error == "" {
			t.Fatalf("POST %s %q: %d without an error message: %s", path, body, rec.Code, out)
		}
	}
	return rec.Code, out
}

// count returns a number from the database.
func (fs *fuzzServer) count(t *testing.T, query string, args ...any) int {
	var n int
	if err := fs.db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func FuzzCreateBody(f *testing.F) {
	for _, s := range []string{
		`{"game":"go","board":"9x9","seats":[{"kind":"human"},{"kind":"human"}]}`,
		`{"game":"keil","board":"hex:5","setup":"pie","seats":[{"kind":"human","name":"Ann"},{"kind":"computer","level":"random"}]}`,
		`{"game":"kee","board":"torus:7x7","players":3,"seats":[{"kind":"human"},{"kind":"human"},{"kind":"human"}]}`,
		`{"rules":"ki","board":"11x11","komi":"6.5","button":"yes","seats":[{"kind":"human"},{"kind":"human"}]}`,
		`{"game":"go","board":"25x25","seats":[{"kind":"human","name":"` + strings.Repeat("n", 40) + `"},{"kind":"human"}]}`,
		`{"game":"go","board":"99x99","seats":[]}`,
		`{"game":"go"} {}`,
		`[1,2,3]`,
		`{"game":"go","seats":[{"kind":"human","name":"\u0000\ud800"}]}`,
		``,
	} {
		f.Add(s)
	}
	fs := newFuzzServer(f)
	f.Fuzz(func(t *testing.T, body string) {
		before := fs.count(t, `SELECT count(*) FROM games`)
		code, out := fs.serve(t, "/api/games", body)
		after := fs.count(t, `SELECT count(*) FROM games`)
		if code/100 != 2 {
			if after != before {
				t.Fatalf("%q refused with %d, but %d games were stored", body, code, after-before)
			}
			return
		}
		var c struct {
			ID     string   `json:"id"`
			Tokens []string `json:"tokens"`
		}
		if code != http.StatusCreated || json.Unmarshal(out, &c) != nil || c.ID == "" || len(c.Tokens) < 2 {
			t.Fatalf("%q: %d %s", body, code, out)
		}
		if after != before+1 || fs.count(t, `SELECT count(*) FROM games WHERE id = ?`, c.ID) != 1 {
			t.Fatalf("%q created %s, but the store went from %d to %d games", body, c.ID, before, after)
		}
	})
}

func FuzzActionBody(f *testing.F) {
	for _, s := range []string{
		`{"seat":0,"token":"TOKEN0","kind":"move","arg":"e5"}`,
		`{"seat":0,"token":"TOKEN0","kind":"move","arg":"e5","version":0}`,
		`{"seat":1,"token":"TOKEN1","kind":"move","arg":"pass"}`,
		`{"seat":1,"token":"TOKEN0","kind":"move","arg":"c3"}`,
		`{"seat":0,"token":"TOKEN0","kind":"undo-request"}`,
		`{"seat":1,"token":"TOKEN1","kind":"undo-accept"}`,
		`{"seat":0,"token":"TOKEN0","kind":"mark","arg":"a1 b2"}`,
		`{"seat":0,"token":"TOKEN0","kind":"accept"}`,
		`{"seat":-1,"token":"","kind":"move","arg":"a1"}`,
		`{"seat":9999999999999999999,"token":"TOKEN0"}`,
		`{"seat":0,"token":"TOKEN0","kind":"move","arg":"e5","version":-1}`,
		`{"seat":0,"token":"TOKEN0","kind":"komi","arg":"NaN"}`,
		`{"seat":0,"token":"TOKEN0","kind":"move","arg":"e5"} trailing`,
		`null`,
	} {
		f.Add(s)
	}
	fs := newFuzzServer(f)
	var g created
	newGame := func(t testing.TB) {
		req := httptest.NewRequest("POST", "/api/games", strings.NewReader(js(createReq{Game: "go", Board: "9x9", Seats: humans(2)})))
		req.Header.Set("Content-Type", "application/json") // POSTs are JSON, or refused (415)
		rec := httptest.NewRecorder()
		fs.srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &g) != nil {
			t.Fatalf("create: %d %s", rec.Code, rec.Body)
		}
	}
	newGame(f)
	f.Fuzz(func(t *testing.T, body string) {
		// A fresh game when this one is over or long.
		var status string
		var moves int
		fs.db.QueryRow(`SELECT status, moves FROM games WHERE id = ?`, g.ID).Scan(&status, &moves)
		if status == string(session.Over) || moves > 60 {
			newGame(t)
		}
		body = strings.NewReplacer("TOKEN0", g.Tokens[0], "TOKEN1", g.Tokens[1]).Replace(body)
		row := func() (string, int, string) {
			var st, res string
			var n int
			if err := fs.db.QueryRow(`SELECT status, moves, result FROM games WHERE id = ?`, g.ID).Scan(&st, &n, &res); err != nil {
				t.Fatal(err)
			}
			return st, n, res
		}
		st0, n0, r0 := row()
		acts0 := fs.count(t, `SELECT count(*) FROM actions WHERE game_id = ?`, g.ID)
		code, out := fs.serve(t, "/api/games/"+g.ID+"/actions", body)
		st1, n1, r1 := row()
		acts1 := fs.count(t, `SELECT count(*) FROM actions WHERE game_id = ?`, g.ID)
		if code/100 != 2 {
			if st1 != st0 || n1 != n0 || r1 != r0 || acts1 != acts0 {
				t.Fatalf("%q refused with %d %s, but the stored game changed: %s %d %q %d actions -> %s %d %q %d actions",
					body, code, out, st0, n0, r0, acts0, st1, n1, r1, acts1)
			}
			return
		}
		var v gameView
		if err := json.Unmarshal(out, &v); err != nil || code != http.StatusOK {
			t.Fatalf("%q: %d %s", body, code, out)
		}
		if acts1 != acts0+1 || n1 != acts1 || v.Version != acts1 {
			t.Fatalf("%q accepted: %d actions -> %d (game says %d, view %d)", body, acts0, acts1, n1, v.Version)
		}
	})
}
