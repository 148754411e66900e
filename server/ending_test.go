package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"moku/computer"
	"moku/store"
)

// TestComputerEndsHonestly: issue 18, defect 1, as a person would try it
// in the web app. A person (black) plays the computer (white, the search
// at 1k playouts) in Kee and in Go on 5x5, passes until the agreement on
// dead stones, marks every white group dead and accepts alone: the
// computer does not accept; the game never ends with its living stones
// removed.
func TestComputerEndsHonestly(t *testing.T) {
	for _, game := range []string{"kee", "go"} {
		t.Run(game, func(t *testing.T) {
			ts := newTestServerOpt(t, Options{Computer: computer.New, Levels: computer.Levels})
			g := ts.create(createReq{Game: game, Board: "5x5", Komi: "0", Seats: []seatReq{{Kind: "human"}, {Kind: "computer", Level: "1k playouts"}}})
			v := ts.view(g.ID)
			for _, m := range []string{"b2", "b3", "b4"} {
				if v.Phase != "playing" {
					break
				}
				if slices.Contains(v.Legal, m) {
					v = ts.must(g, 0, "move", m)
				}
				v = ts.waitView(g.ID, func(v gameView) bool { return v.ToMove == 0 || v.Phase != "playing" })
			}
			for i := 0; v.Phase == "playing"; i++ {
				if i > 60 {
					t.Fatalf("still playing after %d passes", i)
				}
				v = ts.must(g, 0, "move", "pass")
				v = ts.waitView(g.ID, func(v gameView) bool { return v.ToMove == 0 || v.Phase != "playing" })
			}
			if v.Phase != "scoring" {
				t.Fatalf("the game ended %s (%s %s) without an agreement phase", v.Phase, v.Result, v.Reason)
			}
			// The computer proposes its marking first.
			v = ts.waitView(g.ID, func(v gameView) bool { return v.Accepted[1] })
			white := 0
			for p, c := range v.Stones {
				if c == 'O' {
					white++
					if !slices.Contains(v.Dead, p) {
						v = ts.must(g, 0, "mark", v.Board.Points[p].Name)
					}
				}
			}
			if white == 0 {
				t.Fatalf("the computer has no stones on the board: the test has nothing to kill (%s)", v.Stones)
			}
			v = ts.must(g, 0, "accept", "")
			v = ts.waitView(g.ID, func(w gameView) bool { return w.Version > v.Version })
			if v.Phase == "over" {
				t.Fatalf("the game ended %s with every white stone marked dead", v.Result)
			}
			if v.Phase == "scoring" && len(v.Dead) >= white {
				t.Fatalf("the computer answered with the marking %v of %d white stones", v.Dead, white)
			}
		})
	}
}

// TestPieColorsListed: issue 18, defect 4. After the komi pie the list of
// games shows each seat's colour as played, not its turn order.
func TestPieColorsListed(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "keil", Board: "hex:3", Setup: "pie", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	ts.must(g, 0, "komi", "3")
	ts.must(g, 1, "choose", "black")
	v := ts.must(g, 1, "move", "resign")
	if v.Phase != "over" || v.Result != "W+R" {
		t.Fatalf("after Bob (black) resigned: %s %s", v.Phase, v.Result)
	}
	code, body := ts.do("GET", "/api/games", "")
	var items []struct {
		Seats  []seatView `json:"seats"`
		Result string     `json:"result"`
	}
	if code != http.StatusOK || json.Unmarshal(body, &items) != nil || len(items) != 1 {
		t.Fatalf("list: %d %s", code, body)
	}
	if s := items[0].Seats; s[0].Name != "Ann" || s[0].Color != "white" || s[1].Color != "black" || items[0].Result != "W+R" {
		t.Errorf("the list shows %+v, %s: want Ann as white, the winner", s, items[0].Result)
	}
	list, err := ts.store.List(t.Context(), 10, store.Page{})
	if err != nil || len(list) != 1 || list[0].Colors != "white black" {
		t.Fatalf("stored colours: %+v %v", list, err)
	}
	if v.Seats[0].Color != "white" || v.Seats[1].Color != "black" {
		t.Errorf("the view's seats: %+v", v.Seats)
	}
}

// TestComputerGamesEnd: issue 18, defect 12. Games between computers end:
// at the latest at the move limit, scored as the position stands, with the
// reason in the result.
func TestComputerGamesEnd(t *testing.T) {
	ts := newTestServer(t)
	var ids []string
	for range 4 {
		g := ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "computer"}, {Kind: "computer"}}})
		ids = append(ids, g.ID)
	}
	limited := 0
	for _, id := range ids {
		v := ts.waitView(id, func(v gameView) bool { return v.Phase == "over" })
		if len(v.Moves) > 4*25+20 {
			t.Errorf("game %s ended after %d moves", id, len(v.Moves))
		}
		if strings.Contains(v.Reason, "move limit") {
			limited++
		}
	}
	t.Logf("%d of %d games ended at the move limit", limited, len(ids))
}

// TestKiBoards: issue 18, defect 8. Ki is created on odd square boards from
// 3x3; others are refused with their own reason, never "an even board"
// where the board is not even.
func TestKiBoards(t *testing.T) {
	ts := newTestServer(t)
	for _, tc := range []struct {
		board string
		code  int
		want  string
	}{
		{"3x3", http.StatusCreated, ""},
		{"5x5", http.StatusCreated, ""},
		{"1x1", http.StatusBadRequest, "at least 3x3"},
		{"3x5", http.StatusBadRequest, "square boards"},
		{"4x4", http.StatusBadRequest, "an even board allows ties"},
	} {
		code, body := ts.post("/api/games", createReq{Game: "ki", Board: tc.board, Seats: humans(2)})
		if code != tc.code || !strings.Contains(string(body), tc.want) {
			t.Errorf("ki on %s: %d %s, want %d …%s…", tc.board, code, body, tc.code, tc.want)
		}
	}
	var opts struct {
		Limits map[string]struct {
			Hint    string   `json:"hint"`
			Suggest []string `json:"suggest"`
		} `json:"limits"`
	}
	code, body := ts.do("GET", "/api/options", "")
	if code != http.StatusOK || json.Unmarshal(body, &opts) != nil {
		t.Fatalf("options: %d %s", code, body)
	}
	if ki := opts.Limits["ki"]; !strings.Contains(ki.Hint, "from 3x3") || len(ki.Suggest) == 0 || ki.Suggest[0] != "5x5" {
		t.Errorf("the options' Ki boards: %+v", ki)
	}
}
