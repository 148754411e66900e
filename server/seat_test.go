package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestSeat checks seat links without acting: the right token gets the
// seat and its colour, anything else a clear error, and nothing is stored.
func TestSeat(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	c := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "computer", Level: "random"}}})
	before := ts.snapshot(g.ID)
	for _, tc := range []struct {
		name  string
		game  string
		body  string
		code  int
		color string // on 200
		err   string // a part of the error, otherwise
	}{
		{"black's token", g.ID, `{"seat":0,"token":"` + g.Tokens[0] + `"}`, 200, "black", ""},
		{"white's token", g.ID, `{"seat":1,"token":"` + g.Tokens[1] + `"}`, 200, "white", ""},
		{"white's token for black", g.ID, `{"seat":0,"token":"` + g.Tokens[1] + `"}`, 403, "", "wrong token for seat 0"},
		{"a wrong token", g.ID, `{"seat":1,"token":"` + g.Tokens[1] + `x"}`, 403, "", "wrong token for seat 1"},
		{"no token", g.ID, `{"seat":0}`, 403, "", "wrong token"},
		{"the computer's seat", c.ID, `{"seat":1,"token":""}`, 403, "", "wrong token for seat 1"},
		{"no such seat", g.ID, `{"seat":2,"token":"` + g.Tokens[0] + `"}`, 400, "", "no seat 2"},
		{"a negative seat", g.ID, `{"seat":-1,"token":"` + g.Tokens[0] + `"}`, 400, "", "no seat -1"},
		{"no such game", "nosuchgame", `{"seat":0,"token":"` + g.Tokens[0] + `"}`, 404, "", "no such game"},
		{"malformed", g.ID, `{"seat":"0"}`, 400, "", "malformed request"},
		{"an unknown field", g.ID, `{"seat":0,"token":"` + g.Tokens[0] + `","kind":"move"}`, 400, "", "malformed request"},
		{"trailing data", g.ID, `{"seat":0,"token":"` + g.Tokens[0] + `"} {}`, 400, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body := ts.do("POST", "/api/games/"+tc.game+"/seat", tc.body)
			if code != tc.code {
				t.Fatalf("%d %s, want %d", code, body, tc.code)
			}
			if code != http.StatusOK {
				if e := errorOf(t, body); !strings.Contains(e, tc.err) {
					t.Errorf("error %q, want %q in it", e, tc.err)
				}
				return
			}
			var a struct {
				Seat  int    `json:"seat"`
				Color string `json:"color"`
			}
			if err := json.Unmarshal(body, &a); err != nil {
				t.Fatal(err)
			}
			var req seatRequest
			if err := json.Unmarshal([]byte(tc.body), &req); err != nil {
				t.Fatal(err)
			}
			if a.Seat != req.Seat || a.Color != tc.color {
				t.Errorf("answer %s, want seat %d, colour %s", body, req.Seat, tc.color)
			}
		})
	}
	ts.unchanged("checking seats", before)
}

// TestSeatLimited: checking seat links counts against the client's action
// limit, so that nobody can make the server compare tokens without end.
func TestSeatLimited(t *testing.T) {
	ts := newTestServerOpt(t, Options{Limits: Limits{Actions: 0.001, ActionBurst: 3}})
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	body := `{"seat":0,"token":"wrong"}`
	for i := range 3 {
		if code, b := ts.do("POST", "/api/games/"+g.ID+"/seat", body); code != http.StatusForbidden {
			t.Fatalf("check %d: %d %s", i, code, b)
		}
	}
	code, b := ts.do("POST", "/api/games/"+g.ID+"/seat", `{"seat":0,"token":"`+g.Tokens[0]+`"}`)
	if code != http.StatusTooManyRequests || !strings.Contains(errorOf(t, b), "too many requests") {
		t.Errorf("over the limit: %d %s", code, b)
	}
}
