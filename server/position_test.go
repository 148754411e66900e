package server

import (
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"moku/board"
)

// askPosition posts req to /api/position and decodes the answer.
func askPosition(ts *testServer, req positionRequest) (int, positionView, string) {
	ts.t.Helper()
	code, body := ts.post("/api/position", req)
	var v positionView
	if code == http.StatusOK {
		if err := json.Unmarshal(body, &v); err != nil {
			ts.t.Fatal(err)
		}
		return code, v, ""
	}
	return code, v, errorOf(ts.t, body)
}

// TestPositionAids: the board aids of a position named by its moves are
// the rules' own: Keil's links with their witnesses, Ki's control, the
// liberties of Go's groups.
func TestPositionAids(t *testing.T) {
	ts := newTestServer(t)

	t.Run("go liberties", func(t *testing.T) {
		_, v, _ := askPosition(ts, positionRequest{Rules: "go", Board: "9x9", Moves: []string{"c3", "c4", "d4"}})
		g, _ := board.Parse("9x9")
		lib := func(name string) int { p, _ := g.Point(name); return v.Aids.Liberties[p] }
		if lib("c3") != 3 || lib("c4") != 2 || lib("d4") != 3 || lib("e5") != 0 {
			t.Errorf("liberties c3 %d c4 %d d4 %d e5 %d; want 3 2 3 0", lib("c3"), lib("c4"), lib("d4"), lib("e5"))
		}
		if v.ToMove != "white" || v.Last < 0 || g.Name(v.Last) != "d4" || len(v.Moves) != 3 {
			t.Errorf("to move %q, last %d, %d moves", v.ToMove, v.Last, len(v.Moves))
		}
		if v.Aids.Links != nil || v.Aids.Control != "" {
			t.Errorf("Go has neither links nor control: %+v", v.Aids)
		}
	})

	t.Run("keil links", func(t *testing.T) {
		g, _ := board.Parse("hex:5")
		// A point in the middle, two of its neighbours adjacent to each
		// other, and two far corners for White.
		c := g.N() / 2
		n1 := int(g.Neighbors(c)[0])
		n2 := -1
		for _, q := range g.Neighbors(c) {
			if slices.Contains(g.Neighbors(n1), q) {
				n2 = int(q)
				break
			}
		}
		name := g.Name
		moves := []string{name(c), name(0), name(n1)}
		linked := func(v positionView, a, b int) (bool, []int) {
			a, b = min(a, b), max(a, b)
			for _, l := range v.Aids.Links {
				if l.A == a && l.B == b {
					return true, l.Witnesses
				}
			}
			return false, nil
		}
		_, v, msg := askPosition(ts, positionRequest{Rules: "keil", Board: "hex:5", Moves: moves})
		if msg != "" {
			t.Fatal(msg)
		}
		if ok, _ := linked(v, c, n1); ok {
			t.Errorf("two black stones with only empty witnesses are linked under keil")
		}
		if ok, w := linked(v, c, n2); !ok || len(w) == 0 {
			t.Errorf("a stone and an empty neighbour: linked %v, witnesses %v", ok, w)
		}
		_, v, msg = askPosition(ts, positionRequest{Rules: "keil", Board: "hex:5", Moves: append(moves, name(g.N()-1), name(n2))})
		if msg != "" {
			t.Fatal(msg)
		}
		if ok, w := linked(v, c, n1); !ok || !slices.Contains(w, n2) {
			t.Errorf("with a third black stone beside both: linked %v, witnesses %v; want %s among them", ok, w, name(n2))
		}
	})

	t.Run("ki control", func(t *testing.T) {
		_, v, msg := askPosition(ts, positionRequest{Rules: "ki", Board: "5x5", Moves: []string{"b2", "e5", "b4"}})
		if msg != "" {
			t.Fatal(msg)
		}
		g, _ := board.Parse("5x5")
		p, _ := g.Point("b3")
		if len(v.Aids.Control) != g.N() || v.Aids.Control[p] != board.Black.Symbol() {
			t.Errorf("control %q: want b3 Black's (two black stones around it)", v.Aids.Control)
		}
		q, _ := g.Point("d4")
		if v.Aids.Control[q] != '.' {
			t.Errorf("d4 controlled by %c with one stone beside it", v.Aids.Control[q])
		}
	})
}

// TestPositionErrors: a position the rules or the caps refuse gets a 400
// that says why.
func TestPositionErrors(t *testing.T) {
	ts := newTestServer(t)
	long := make([]string, 4*81+21)
	for i := range long {
		long[i] = "pass"
	}
	for _, c := range []struct {
		name string
		req  positionRequest
		want string
	}{
		{"no rules", positionRequest{Board: "9x9"}, "no rules"},
		{"unknown rules", positionRequest{Rules: "chess"}, "chess"},
		{"bad setting", positionRequest{Rules: "go komi=x"}, "komi"},
		{"board file", positionRequest{Rules: "go", Board: "/etc/passwd"}, "/etc/passwd"},
		{"board too big", positionRequest{Rules: "go", Board: "99x99"}, "out of range"},
		{"ki on an even board", positionRequest{Rules: "ki", Board: "4x4"}, "odd"},
		{"not a point", positionRequest{Rules: "go", Board: "9x9", Moves: []string{"z99"}}, "move 1 (z99)"},
		{"occupied", positionRequest{Rules: "go", Board: "9x9", Moves: []string{"c3", "c3"}}, "move 2 (c3)"},
		{"after the end", positionRequest{Rules: "go", Board: "9x9", Moves: []string{"pass", "pass", "c3"}}, "over"},
		{"too many moves", positionRequest{Rules: "go", Board: "9x9", Moves: long}, "at most 344"},
	} {
		code, _, msg := askPosition(ts, c.req)
		if code != http.StatusBadRequest || !strings.Contains(strings.ToLower(msg), strings.ToLower(c.want)) {
			t.Errorf("%s: %d %q; want 400 saying %q", c.name, code, msg, c.want)
		}
	}
}

// TestViewAppeal: after an appealing pass, a Kee game's view names the
// stone play in question (its player, point and place in the moves) and
// the appeals since; the rescinding pass takes it away and marks the
// rescinded moves; a stone play settles it. A position says the same.
func TestViewAppeal(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "kee", Board: "5x5", Seats: humans(2)})
	ko := []string{"b3", "d4", "c4", "e3", "c2", "d2", "d3", "c3"}
	var v gameView
	for i, m := range ko {
		v = ts.must(g, i%2, "move", m)
	}
	if v.Appeal != nil {
		t.Fatalf("an appeal before any appealing pass: %+v", v.Appeal)
	}
	code, body := ts.act(g.ID, actReq{Seat: 0, Token: g.Tokens[0], Kind: "move", Arg: "d3"})
	if msg := errorOf(t, body); code != http.StatusUnprocessableEntity || !strings.Contains(msg, "cycle prohibition") {
		t.Fatalf("the recapture: %d %q; want 422 naming the cycle prohibition", code, msg)
	}
	v = ts.must(g, 0, "move", "appeal-d3")
	a := v.Appeal
	if a == nil || a.Color != "white" || a.Move != "c3" || v.Board.Points[a.Point].Name != "c3" || a.At != 7 ||
		len(a.Appeals) != 1 || a.Appeals[0] != (moveView{Color: "black", Move: "appeal-d3"}) {
		t.Fatalf("appeal %+v; want white's c3, move 8, under black's appeal-d3", a)
	}
	if ts.view(g.ID).Appeal == nil {
		t.Error("GET of the game has no appeal")
	}
	_, pv, msg := askPosition(ts, positionRequest{Rules: "kee", Board: "5x5", Moves: append(slices.Clone(ko), "appeal-d3")})
	if msg != "" || !reflect.DeepEqual(pv.Appeal, a) {
		t.Errorf("the position: %q %+v; want the game's %+v", msg, pv.Appeal, a)
	}
	_, pv, msg = askPosition(ts, positionRequest{Rules: "kee", Board: "5x5", Moves: append(slices.Clone(ko), "appeal-d3", "a1")})
	if msg != "" || pv.Appeal != nil {
		t.Errorf("after a stone play: %q %+v; want no appeal", msg, pv.Appeal)
	}
	// White's ordinary pass rescinds c3 and the appeal after it.
	v = ts.must(g, 1, "move", "pass")
	if v.Appeal != nil {
		t.Errorf("after the rescission, still an appeal: %+v", v.Appeal)
	}
	var resc []string
	for _, m := range v.Moves {
		if m.Rescinded {
			resc = append(resc, m.Color+" "+m.Move)
		}
	}
	if !slices.Equal(resc, []string{"white c3", "black appeal-d3"}) || v.ToMove != 1 {
		t.Errorf("rescinded %q, seat %d to move; want white c3 and black's appeal, white to move", resc, v.ToMove)
	}
}
