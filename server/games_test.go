package server

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"moku/record"
)

// TestKeilPie plays Keil on hex:2 between two people: the komi pie (the
// first names 2.5, the second chooses black), a stone, the button, passes.
func TestKeilPie(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "keil", Board: "hex:2", Setup: "pie", Seats: []seatReq{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}})
	v := ts.view(g.ID)
	if v.Phase != "setup" || v.ToMove != 0 || v.Stones != "......." || !v.Button {
		t.Fatalf("new pie game: %+v", v)
	}
	refused := func(seat int, kind, arg, want string) {
		t.Helper()
		before := ts.snapshot(g.ID)
		code, body := ts.act(g.ID, actReq{Seat: seat, Token: g.Tokens[seat], Kind: kind, Arg: arg})
		if msg := errorOf(t, body); code != 422 || !strings.Contains(msg, want) {
			t.Errorf("seat %d %s %q: %d %q, want 422 mentioning %q", seat, kind, arg, code, msg, want)
		}
		ts.unchanged(kind, before)
	}
	refused(0, "move", "b2", "not in play")
	refused(1, "komi", "3", "first player")
	refused(0, "choose", "black", "second player")
	refused(0, "komi", "many", "not a number")
	refused(0, "komi", "NaN", "not a number")
	refused(0, "komi", "1e9", "not a number")
	refused(0, "undo-request", "", "your own last move")
	refused(0, "mark", "b2", "marked dead")
	v = ts.must(g, 0, "komi", "2.5")
	if v.PieKomi != "2.5" || v.ToMove != 1 || v.Phase != "setup" {
		t.Fatalf("after the komi: %+v", v)
	}
	refused(0, "komi", "3", "first player")
	refused(1, "choose", "red", "black or white")
	refused(1, "choose", "", "black or white")
	v = ts.must(g, 1, "choose", "black")
	if v.Phase != "playing" || v.Komi != 2.5 || v.Seats[1].Color != "black" || v.Seats[0].Color != "white" || v.ToMove != 1 {
		t.Fatalf("after the choice: %+v", v)
	}
	refused(0, "move", "b2", "black's turn")
	refused(1, "move", "a1b", "not a point")
	ts.must(g, 1, "move", "b2")
	refused(0, "move", "a1", "suicide")
	v = ts.must(g, 0, "move", "button")
	if !slices.Contains(moveNames(v), "white button") || v.Score[1].Bonus != 3 {
		t.Errorf("after the button: moves %v, score %+v", moveNames(v), v.Score)
	}
	refused(0, "move", "pass", "black's turn")
	ts.must(g, 1, "move", "pass")
	v = ts.must(g, 0, "move", "pass")
	if v.Phase != "over" || v.Result != "B+4" || v.Reason != "passes" || v.ToMove != -1 || len(v.Legal) != 0 {
		t.Fatalf("the end: phase %s, result %q (%s), to move %d, legal %v", v.Phase, v.Result, v.Reason, v.ToMove, v.Legal)
	}
	want := []scoreView{{Color: "black", Stones: 1, Territory: 6, Total: 7, Rank: 1}, {Color: "white", Bonus: 3, Total: 3, Rank: 2}}
	if !slices.Equal(v.Score, want) {
		t.Errorf("score %+v, want %+v", v.Score, want)
	}
	if !strings.Contains(v.Owners, "X") {
		t.Errorf("owners %q", v.Owners)
	}
	refused(1, "move", "pass", "not in play")
	s := ts.snapshot(g.ID)
	if s.Game.Status != "over" || s.Game.Result != "B+4" || len(s.Actions) != 6 {
		t.Errorf("stored: %+v", s.Game)
	}
	code, body := ts.do("GET", "/api/games/"+g.ID+"/record", "")
	if code != 200 || !strings.Contains(string(body), "button") {
		t.Errorf("record: %d %s", code, body)
	}
}

// TestKeilPieComputer lets the computer cut the pie: as the second player
// it takes white for a komi of 0.5 or more, black below.
func TestKeilPieComputer(t *testing.T) {
	ts := newTestServer(t)
	for _, c := range []struct{ komi, human string }{{"3.5", "black"}, {"0", "white"}} {
		g := ts.create(createReq{Game: "keil", Board: "hex:3", Setup: "pie", Seats: []seatReq{{Kind: "human"}, {Kind: "computer"}}})
		ts.must(g, 0, "komi", c.komi)
		v := ts.waitView(g.ID, func(v gameView) bool { return v.Phase == "playing" && v.ToMove == 0 })
		if v.Seats[0].Color != c.human || v.Seats[1].Kind != "computer" {
			t.Errorf("komi %s: seats %+v", c.komi, v.Seats)
		}
	}
	// The computer as the first player names the komi itself.
	g := ts.create(createReq{Game: "keil", Board: "hex:3", Setup: "pie", Seats: []seatReq{{Kind: "computer"}, {Kind: "human"}}})
	v := ts.waitView(g.ID, func(v gameView) bool { return v.PieKomi != "" })
	if v.Phase != "setup" || v.ToMove != 1 {
		t.Errorf("after the computer's komi: %+v", v)
	}
	ts.must(g, 1, "choose", "white")
	v = ts.waitView(g.ID, func(v gameView) bool { return v.ToMove == 1 && len(v.Moves) == 1 })
	if v.Seats[0].Color != "black" || v.Moves[0].Color != "black" {
		t.Errorf("the computer's first move: %+v", v.Moves)
	}
}

// keePolicy picks, from a view's legal moves, the first stone play, else the
// first appealing pass.
func keePolicy(v gameView) string {
	for _, m := range v.Legal {
		if m != "pass" && !strings.HasPrefix(m, "appeal-") && m != "button" {
			return m
		}
	}
	for _, m := range v.Legal {
		if strings.HasPrefix(m, "appeal-") {
			return m
		}
	}
	return "pass"
}

// TestKeeThree plays Kee on 3x2 with three people: stone plays until an
// appealing pass is the only way on, passes to the end, the dead-stone
// agreement (marks, a resumption, acceptance by all) and the ranking.
func TestKeeThree(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "kee", Board: "3x2", Players: 3, Seats: humans(3)})
	v := ts.view(g.ID)
	if len(v.Seats) != 3 || v.Seats[2].Color != "red" || v.Phase != "playing" {
		t.Fatalf("new game: %+v", v.Seats)
	}
	appealed := false
	for i := 0; i < 60 && !appealed; i++ {
		m := keePolicy(v)
		appealed = strings.HasPrefix(m, "appeal-")
		v = ts.must(g, v.ToMove, "move", m)
	}
	if !appealed {
		t.Fatalf("no appealing pass in 60 moves: %v", moveNames(v))
	}
	// Everybody passes: the game goes to the scoring phase.
	for v.Phase == "playing" {
		v = ts.must(g, v.ToMove, "move", "pass")
	}
	if v.Phase != "scoring" || v.ToMove != -1 || len(v.Accepted) != 3 {
		t.Fatalf("after the passes: phase %s, to move %d, accepted %v", v.Phase, v.ToMove, v.Accepted)
	}
	stone := strings.IndexAny(v.Stones, "XOR")
	name := v.Board.Points[stone].Name
	empty := strings.IndexByte(v.Stones, '.')
	for _, bad := range []actReq{
		{Seat: 0, Kind: "move", Arg: "pass"},
		{Seat: 1, Kind: "mark", Arg: "z9"},
		{Seat: 2, Kind: "undo-request"},
	} {
		bad.Token = g.Tokens[bad.Seat]
		before := ts.snapshot(g.ID)
		if code, body := ts.act(g.ID, bad); code != 422 {
			t.Errorf("%+v in scoring: %d %s", bad, code, body)
		}
		ts.unchanged(bad.Kind, before)
	}
	if empty >= 0 {
		before := ts.snapshot(g.ID)
		if code, body := ts.act(g.ID, actReq{Seat: 0, Token: g.Tokens[0], Kind: "mark", Arg: v.Board.Points[empty].Name}); code != 422 || !strings.Contains(errorOf(t, body), "not a stone") {
			t.Errorf("marking an empty point: %d %s", code, body)
		}
		ts.unchanged("mark", before)
	}
	// Resume play once, then pass again.
	v = ts.must(g, 1, "resume", "")
	if v.Phase != "playing" || len(v.Dead) != 0 {
		t.Fatalf("after resume: %+v", v)
	}
	for v.Phase == "playing" {
		v = ts.must(g, v.ToMove, "move", "pass")
	}
	// Marks: toggle a group dead, alive, dead again; any mark clears the
	// acceptances.
	ts.must(g, 2, "accept", "")
	v = ts.must(g, 0, "mark", name)
	if !slices.Contains(v.Dead, stone) || slices.Contains(v.Accepted, true) {
		t.Fatalf("after marking %s: dead %v accepted %v", name, v.Dead, v.Accepted)
	}
	v = ts.must(g, 1, "mark", name)
	if len(v.Dead) != 0 {
		t.Fatalf("after unmarking: dead %v", v.Dead)
	}
	v = ts.must(g, 2, "mark", name)
	deadColor := v.Stones[stone]
	for seat := range 3 {
		v = ts.must(g, seat, "accept", "")
		if seat < 2 && (v.Phase != "scoring" || !v.Accepted[seat]) {
			t.Fatalf("after %d accepts: %+v", seat+1, v)
		}
	}
	if v.Phase != "over" || v.Result == "" || v.Reason != "passes" {
		t.Fatalf("the end: %s %q", v.Phase, v.Result)
	}
	// The dead stones count for nobody: their owner has none on the board.
	owner := map[byte]int{'X': 0, 'O': 1, 'R': 2}[deadColor]
	if n := strings.Count(v.Stones, string(deadColor)); v.Score[owner].Stones != n-len(v.Dead) {
		t.Errorf("score %+v with %v dead", v.Score, v.Dead)
	}
	ranks := 0
	for _, s := range v.Score {
		if s.Rank >= 1 {
			ranks++
		}
	}
	// The board's ownership agrees with the score: stones and territory,
	// with the dead stones off.
	for i, sym := range []string{"X", "O", "R"} {
		if n := strings.Count(v.Owners, sym); n != v.Score[i].Stones+v.Score[i].Territory {
			t.Errorf("%s owns %d points on the board, %d+%d in the score (owners %s, dead %v)", sym, n, v.Score[i].Stones, v.Score[i].Territory, v.Owners, v.Dead)
		}
	}
	if ranks != 3 || !strings.HasPrefix(v.Result, "1. ") {
		t.Errorf("result %q, score %+v", v.Result, v.Score)
	}
	if s := ts.snapshot(g.ID); s.Game.Status != "over" || s.Game.Result != v.Result {
		t.Errorf("stored %s %q", s.Game.Status, s.Game.Result)
	}
	// The game rebuilt from the store is the same game.
	t2, err := ts.srv.read(t.Context(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v2 := t2.view(); v2.Result != v.Result || v2.Stones != v.Stones || !slices.Equal(v2.Dead, v.Dead) {
		t.Errorf("rebuilt: %q %s %v", v2.Result, v2.Stones, v2.Dead)
	}
}

// TestKeeRefuse ends a scoring phase by refusing, once play has been
// resumed (not before): nothing is removed.
func TestKeeRefuse(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "kee", Board: "3x3", Players: 3, Seats: []seatReq{{Kind: "human"}, {Kind: "human"}, {Kind: "computer"}}})
	ts.must(g, 0, "move", "a1")
	ts.waitView(g.ID, func(v gameView) bool { return v.ToMove == 1 })
	ts.must(g, 1, "move", "pass")
	v := ts.waitView(g.ID, func(v gameView) bool { return v.ToMove == 0 })
	passes := func(v gameView) gameView {
		for v.Phase == "playing" {
			if v.ToMove == 2 {
				v = ts.waitView(g.ID, func(w gameView) bool { return w.Version > v.Version })
				continue
			}
			v = ts.must(g, v.ToMove, "move", "pass")
		}
		if v.Phase != "scoring" || v.Accepted[0] {
			t.Fatalf("scoring with a computer: %s %+v", v.Phase, v.Accepted)
		}
		// The computer proposes its own marking (it accepts what it proposes).
		return ts.waitView(g.ID, func(v gameView) bool { return v.Accepted[2] })
	}
	v = passes(v)
	if v.Refusable {
		t.Error("refusable before play was resumed")
	}
	before := ts.snapshot(g.ID)
	if code, body := ts.act(g.ID, actReq{Seat: 1, Token: g.Tokens[1], Kind: "refuse"}); code != http.StatusUnprocessableEntity || !strings.Contains(string(body), "resume") {
		t.Fatalf("a refusal before play resumed: %d %s", code, body)
	}
	ts.unchanged("the refusal before play resumed", before)
	v = passes(ts.must(g, 1, "resume", ""))
	if !v.Refusable {
		t.Error("not refusable once play was resumed")
	}
	v = ts.must(g, 1, "refuse", "")
	if n := v.Score[0].Stones + v.Score[1].Stones + v.Score[2].Stones; v.Phase != "over" || n != 9-strings.Count(v.Stones, ".") {
		t.Errorf("after refusal: %s %+v", v.Phase, v.Score)
	}
}

// TestKi plays Ki on 3x3 until the board is full.
func TestKi(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "ki", Board: "3x3", Seats: humans(2)})
	v := ts.view(g.ID)
	for i := 0; v.Phase == "playing"; i++ {
		if i > 100 {
			t.Fatalf("no end: %v", moveNames(v))
		}
		if slices.Contains(v.Legal, "pass") && len(v.Legal) == 1 {
			t.Fatalf("only a pass: %v", moveNames(v))
		}
		v = ts.must(g, v.ToMove, "move", v.Legal[0])
	}
	if v.Phase != "over" || v.Reason != "board full" || strings.Contains(v.Stones, ".") || v.Result == "" {
		t.Fatalf("the end: %s %q %q %s", v.Phase, v.Result, v.Reason, v.Stones)
	}
	if v.Score[0].Stones+v.Score[1].Stones != 9 {
		t.Errorf("score %+v", v.Score)
	}
}

// TestGoAgainstComputer plays Go on 5x5 against the random player, which
// answers every move by itself, then resigns.
func TestGoAgainstComputer(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Komi: "0.5", Seats: []seatReq{{Kind: "human", Name: "me"}, {Kind: "computer", Level: "random"}}})
	// The computer's seat has no token: nobody moves for it.
	if g.Tokens[1] != "" {
		t.Errorf("the computer's seat has a token")
	}
	if code, _ := ts.act(g.ID, actReq{Seat: 1, Token: "", Kind: "move", Arg: "a1"}); code != 403 {
		t.Errorf("moving for the computer: %d", code)
	}
	v := ts.view(g.ID)
	for i := 0; i < 4; i++ {
		m := ""
		for _, p := range []string{"c3", "b2", "d4", "b4", "d2", "c2", "c4", "b3", "d3"} {
			if slices.Contains(v.Legal, p) {
				m = p
				break
			}
		}
		if m == "" {
			break
		}
		v = ts.must(g, 0, "move", m)
		want := v.Version + 1
		v = ts.waitView(g.ID, func(v gameView) bool { return v.Version == want })
		if v.ToMove != 0 || v.Moves[len(v.Moves)-1].Color != "white" {
			t.Fatalf("the computer did not answer: %v", moveNames(v))
		}
	}
	v = ts.must(g, 0, "move", "resign")
	if v.Phase != "over" || v.Result != "W+R" || v.Reason != "resignation" {
		t.Errorf("after resigning: %s %q %q", v.Phase, v.Result, v.Reason)
	}
	if s := ts.snapshot(g.ID); len(s.Actions) != 9 || s.Game.Result != "W+R" {
		t.Errorf("stored %d actions, result %q", len(s.Actions), s.Game.Result)
	}
	// The computer as black opens by itself.
	g = ts.create(createReq{Game: "go", Board: "5x5", Seats: []seatReq{{Kind: "computer"}, {Kind: "human"}}})
	v = ts.waitView(g.ID, func(v gameView) bool { return v.Version == 1 })
	if v.ToMove != 1 || v.Last < 0 {
		t.Errorf("the computer's opening: %+v", moveNames(v))
	}
}

// TestUndo asks to take back moves: declined, dropped by a move, accepted.
func TestUndo(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Seats: humans(2)})
	refused := func(seat int, kind, want string) {
		t.Helper()
		before := ts.snapshot(g.ID)
		code, body := ts.act(g.ID, actReq{Seat: seat, Token: g.Tokens[seat], Kind: kind})
		if msg := errorOf(t, body); code != 422 || !strings.Contains(msg, want) {
			t.Errorf("seat %d %s: %d %q", seat, kind, code, msg)
		}
		ts.unchanged(kind, before)
	}
	refused(0, "undo-request", "your own last move")
	ts.must(g, 0, "move", "c3")
	refused(1, "undo-request", "your own last move")
	v := ts.must(g, 0, "undo-request", "")
	if v.UndoBy != 0 {
		t.Fatalf("undoBy %d", v.UndoBy)
	}
	refused(0, "undo-request", "already open")
	refused(0, "undo-accept", "no undo request")
	v = ts.must(g, 1, "undo-decline", "")
	if v.UndoBy != -1 || v.Stones[12] != 'X' {
		t.Fatalf("after decline: %+v", v)
	}
	refused(1, "undo-accept", "no undo request")
	// A move drops an open request.
	ts.must(g, 0, "undo-request", "")
	v = ts.must(g, 1, "move", "b2")
	if v.UndoBy != -1 {
		t.Errorf("a move left the request open")
	}
	refused(0, "undo-request", "your own last move")
	ts.must(g, 1, "undo-request", "")
	v = ts.must(g, 0, "undo-accept", "")
	if v.UndoBy != -1 || v.Stones[6] != '.' || v.ToMove != 1 || len(v.Moves) != 1 || v.Version != 7 {
		t.Fatalf("after accept: %+v", v)
	}
	v = ts.must(g, 1, "move", "d4")
	if len(v.Moves) != 2 || v.Moves[1].Move != "d4" {
		t.Errorf("after the undo: %v", moveNames(v))
	}
	code, body := ts.do("GET", "/api/games/"+g.ID+"/positions", "")
	if code != 200 || strings.Count(string(body), ",") != 2 {
		t.Errorf("positions after the undo: %s", body)
	}
	// The game rebuilt from its log agrees.
	t2, err := ts.srv.read(t.Context(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v2 := t2.view(); v2.Stones != v.Stones || v2.Version != v.Version {
		t.Errorf("rebuilt: %s, want %s", v2.Stones, v.Stones)
	}
}

// TestUndoAgainstComputer: the computer answers at once, so an undo
// against it takes back the player's last move and the computer's reply
// (which the computer accepts by itself); the view says how many moves
// each seat's undo would take back, and the game rebuilt from its log
// agrees.
func TestUndoAgainstComputer(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "go", Board: "5x5", Komi: "0.5", Seats: []seatReq{{Kind: "human", Name: "me"}, {Kind: "computer", Level: "random"}}})
	v := ts.view(g.ID)
	if v.Undoable[0] != 0 || v.Undoable[1] != 0 {
		t.Fatalf("before any move: undoable %v", v.Undoable)
	}
	for _, m := range []string{"c3", "b2"} {
		if !slices.Contains(v.Legal, m) {
			m = v.Legal[0]
		}
		v = ts.must(g, 0, "move", m)
		want := v.Version + 1
		v = ts.waitView(g.ID, func(v gameView) bool { return v.Version == want })
	}
	if len(v.Moves) != 4 || v.Undoable[0] != 2 || v.Undoable[1] != 1 {
		t.Fatalf("after two moves and two answers: %v, undoable %v", moveNames(v), v.Undoable)
	}
	before := v.Stones
	ts.must(g, 0, "undo-request", "")
	// (The computer's acceptance may already be in the answer.)
	v = ts.waitView(g.ID, func(v gameView) bool { return v.UndoBy == -1 })
	if v.UndoBy != -1 || len(v.Moves) != 2 || v.ToMove != 0 || v.Stones == before {
		t.Fatalf("after the undo: undoBy %d, moves %v, to move %d", v.UndoBy, moveNames(v), v.ToMove)
	}
	t2, err := ts.srv.read(t.Context(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v2 := t2.view(); v2.Stones != v.Stones || v2.Version != v.Version || len(v2.Moves) != 2 {
		t.Errorf("rebuilt: %s (%d moves), want %s", v2.Stones, len(v2.Moves), v.Stones)
	}
	// The game goes on: the player moves and the computer answers.
	v = ts.must(g, 0, "move", v.Legal[0])
	want := v.Version + 1
	v = ts.waitView(g.ID, func(v gameView) bool { return v.Version == want })
	if len(v.Moves) != 4 || v.ToMove != 0 {
		t.Errorf("after the undo, a move and an answer: %v", moveNames(v))
	}
}

// TestRecordNamesEveryPlayer: the record of a Kee game of four names
// black and white in PB and PW, and red and blue, which SGF has no
// property for, in MKPN; reading it back keeps them.
func TestRecordNamesEveryPlayer(t *testing.T) {
	ts := newTestServer(t)
	g := ts.create(createReq{Game: "kee", Board: "5x5", Players: 4, Seats: []seatReq{
		{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}, {Kind: "human", Name: "Cy"}, {Kind: "human", Name: "Dee"}}})
	ts.must(g, 0, "move", "c3")
	code, sgf := ts.do("GET", "/api/games/"+g.ID+"/record", "")
	recs, err := record.ReadSGF(sgf)
	if code != http.StatusOK || err != nil || len(recs) != 1 {
		t.Fatalf("record: %d %v\n%s", code, err, sgf)
	}
	for _, prop := range []string{"PB[Ann]", "PW[Bob]", "MKPN[R:Cy][U:Dee]"} {
		if !strings.Contains(string(sgf), prop) {
			t.Errorf("the record lacks %s:\n%s", prop, sgf)
		}
	}
	if v, ok := recs[0].Get("MKPN"); !ok || v != "R:Cy" {
		t.Errorf("MKPN read back: %q, %v", v, ok)
	}
}
