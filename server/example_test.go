package server_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"

	"moku/server"
	"moku/store"
)

// A server over SQLite, behind an HTTP server on loopback: a game between
// a person and the computer is created, and the person plays.
func ExampleNew() {
	dir, _ := os.MkdirTemp("", "moku-example")
	defer os.RemoveAll(dir)
	st, err := store.OpenSQLite(filepath.Join(dir, "moku.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	srv := server.New(st, server.Options{})
	defer srv.Close()
	hs := httptest.NewServer(srv)
	defer hs.Close()

	post := func(path, body string) (int, string) {
		res, err := http.Post(hs.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			return 0, err.Error()
		}
		defer res.Body.Close()
		data, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(data)
	}
	code, body := post("/api/games", `{"game": "go", "board": "5x5", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "computer"}]}`)
	fmt.Println(code)
	var game struct {
		ID     string   `json:"id"`
		Tokens []string `json:"tokens"` // by seat: the person's secret, "" for the computer
	}
	json.Unmarshal([]byte(body), &game)
	code, _ = post("/api/games/"+game.ID+"/actions", `{"seat": 0, "token": "`+game.Tokens[0]+`", "kind": "move", "arg": "c3", "version": 0}`)
	fmt.Println(code)
	code, _ = post("/api/games/"+game.ID+"/actions", `{"seat": 0, "token": "wrong", "kind": "move", "arg": "d4"}`)
	fmt.Println(code)
	// Output:
	// 201
	// 200
	// 403
}
