package gtp

import (
	"strconv"
	"strings"
	"testing"

	"moku/catalog"
)

func engine(t *testing.T, rules, board string) *Engine {
	t.Helper()
	e, err := New(catalog.Config{Rules: rules, Board: board}, 1)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// session runs commands and checks each full response.
func session(t *testing.T, e *Engine, steps [][2]string) {
	t.Helper()
	for _, s := range steps {
		got, ok := e.Execute(s[0])
		if !ok {
			t.Fatalf("%q: no response", s[0])
		}
		if got != s[1] {
			t.Errorf("%q:\n got %q\nwant %q", s[0], got, s[1])
		}
	}
}

func TestProtocol(t *testing.T) {
	e := engine(t, "go", "5x5")
	session(t, e, [][2]string{
		{"protocol_version", "= 2\n\n"},
		{"7 name", "=7 moku\n\n"},
		{"known_command play", "= true\n\n"},
		{"known_command frobnicate", "= false\n\n"},
		{"frobnicate", "? unknown command\n\n"},
		{"3 frobnicate", "?3 unknown command\n\n"},
		{"boardsize 99999999999999999999", "? unacceptable size (99999999999999999999)\n\n"},
		{"-3 name", "? unknown command\n\n"}, // an id is unsigned: "-3" is no id
		{"+4 name", "? unknown command\n\n"},
		{"123456789012345678901234567890 name", "=123456789012345678901234567890 moku\n\n"},
		{"  PLAY\tb  c3  # tabs, case, comment", "= \n\n"},
		{"play b c4", "= \n\n"}, // out of turn: White's pass is implied
		{"moku-history", "= 1 black c3\n2 white pass\n3 black c4\n\n"},
		{"undo", "= \n\n"}, // takes back c4 and the implied pass
		{"moku-history", "= 1 black c3\n\n"},
		{"play w z9", "? invalid coordinate: \"z9\" is not a point of this board (5x5)\n\n"},
		{"play w c3", "? illegal move c3: c3 is occupied\n\n"},
		{"play w C4", "= \n\n"},
		{"list_stones black", "= c3\n\n"},
		{"list_stones w", "= c4\n\n"},
		{"undo", "= \n\n"},
		{"list_stones white", "= \n\n"},
		{"undo", "= \n\n"},
		{"undo", "? cannot undo\n\n"},
		{"boardsize 2", "= \n\n"},
		{"boardsize 0", "? unacceptable size (rect 0x0 out of range: each side must be 1..25)\n\n"},
		{"boardsize x", "? boardsize not an integer\n\n"},
		{"all_legal black", "= a1 b1 a2 b2\n\n"},
		{"all_legal white", "= \n\n"},
		{"play b a1", "= \n\n"},
		{"play w b2", "= \n\n"},
		{"play b a2", "= \n\n"},
		{"all_legal w", "= b1\n\n"},
		{"play w b1", "= \n\n"}, // captures a1 and a2
		{"list_stones b", "= \n\n"},
		{"final_score", "= W+4\n\n"},
		{"final_status_list alive", "= b1 b2\n\n"},
		{"final_status_list dead", "= \n\n"},
		{"final_status_list seki", "= \n\n"},
		{"final_status_list frozen", "? final_status_list: unknown status \"frozen\" (want alive, dead or seki)\n\n"},
		{"gogui-rules_final_result", "= unknown\n\n"},
		{"gogui-rules_side_to_move", "= black\n\n"},
		{"gogui-rules_game_id", "= Go\n\n"},
		{"gogui-rules_board_size", "= 2\n\n"},
		{"play b pass", "= \n\n"},
		{"play w pass", "= \n\n"},
		{"gogui-rules_final_result", "= W+4\n\n"},
		{"gogui-rules_legal_moves", "= \n\n"},
		// One more pass changes nothing; a stone resumes the game, taking
		// back the passes that ended it (kgsGtp's resumption after a
		// dispute, or GoGui playing on), and a refused one leaves it over.
		{"play w pass", "= \n\n"},
		{"gogui-rules_final_result", "= W+4\n\n"},
		{"play b b1", "? illegal move b1: b1 is occupied\n\n"},
		{"gogui-rules_final_result", "= W+4\n\n"},
		{"play b a1", "= \n\n"},
		{"gogui-rules_final_result", "= unknown\n\n"},
		{"gogui-rules_side_to_move", "= white\n\n"},
		{"undo", "= \n\n"},
		{"gogui-rules_side_to_move", "= black\n\n"},
		{"play b pass", "= \n\n"},
		{"play w pass", "= \n\n"},
		{"komi 1.5", "= \n\n"},
		{"final_score", "= W+5.5\n\n"},
		{"moku-rules", "= go links=plain ko=positional suicide=forbidden scoring=area button=off komi=1.5 players=2\n\n"},
		{"clear_board", "= \n\n"},
		{"final_score", "= W+1.5\n\n"},
		{"quit", "= \n\n"},
	})
}

func TestPositionalSuperkoThroughGTP(t *testing.T) {
	e := engine(t, "go", "3x1")
	session(t, e, [][2]string{
		{"play b a1", "= \n\n"},
		{"play w c1", "= \n\n"},
		{"play b b1", "= \n\n"}, // captures c1: X X .
		{"all_legal w", "= c1\n\n"},
		{"play w c1", "= \n\n"}, // captures a1 and b1: . . O
		{"list_stones w", "= c1\n\n"},
		{"list_stones b", "= \n\n"},
		{"all_legal b", "= b1\n\n"}, // a1 would repeat X.O, the board after move 2
	})
}

func TestKeilThroughGTP(t *testing.T) {
	e := engine(t, "keil", "")
	session(t, e, [][2]string{
		{"boardsize 2", "= \n\n"},
		{"all_legal b", "= a1 b1 a2 b2 c2 b3 c3 button\n\n"},
		{"play b pass", "? illegal move pass: passing is not allowed before the button is taken\n\n"},
		{"play b button", "= \n\n"},
		{"play w button", "? illegal move button: black already took the button\n\n"},
		{"play w pass", "= \n\n"},
		{"play b pass", "= \n\n"},
		{"final_score", "= B+0.5\n\n"},
		{"boardsize 14", "? unacceptable size (hexhex side 14 out of range 1..13)\n\n"},
		{"moku-rules", "= keil links=keil ko=own-position suicide=forbidden scoring=linked button=on komi=0 players=2\n\n"},
	})
}

func TestGenmovePlaysWholeGames(t *testing.T) {
	for _, tc := range []struct{ rules, board string }{{"go", "5x5"}, {"keil", "hex:3"}, {"keil-2019", "hex:2"}, {"tromp-taylor", "3x3"}} {
		e := engine(t, tc.rules, tc.board)
		colors := []string{"b", "w"}
		for i := 0; i < 2000 && !e.State().Over(); i++ {
			c := colors[int(e.State().ToMove())-1]
			resp, _ := e.Execute("genmove " + c)
			if !strings.HasPrefix(resp, "= ") {
				t.Fatalf("%s: genmove %s: %q", tc.rules, c, resp)
			}
			if i%50 == 49 { // let the game end now and then
				e.Execute("genmove " + colors[int(e.State().ToMove())-1])
			}
		}
		if len(e.State().History()) == 0 {
			t.Errorf("%s: genmove played nothing", tc.rules)
		}
	}
}

func gamesConfig(rules, board string) catalog.Config {
	return catalog.Config{Rules: rules, Board: board}
}

// moku-seed restarts genmove's random choices: two engines started with
// different seeds play alike once both get the same one.
func TestSeedCommand(t *testing.T) {
	var lines [2][]string
	for i, seed := range []uint64{1, 99} {
		e, err := New(gamesConfig("ki", "7x7"), seed)
		if err != nil {
			t.Fatal(err)
		}
		mustExec(t, e, "moku-seed 7")
		for range 6 {
			lines[i] = append(lines[i], mustExec(t, e, "genmove "+e.State().ToMove().String()))
		}
		for _, bad := range []string{"moku-seed", "moku-seed -1", "moku-seed x", "moku-seed 1 2"} {
			if resp, _ := e.Execute(bad); !strings.HasPrefix(resp, "? usage: moku-seed") {
				t.Errorf("%s: %q", bad, resp)
			}
		}
	}
	if strings.Join(lines[0], " ") != strings.Join(lines[1], " ") {
		t.Errorf("after moku-seed 7: %v and %v", lines[0], lines[1])
	}
}

// TestBoardsizeKeepsTheShape: boardsize on a named graph board changes its
// side and keeps its shape.
func TestBoardsizeKeepsTheShape(t *testing.T) {
	for _, tc := range []struct{ board, size, points string }{
		{"honeycomb:3", "2", "24"},
		{"cube:3", "2", "24"},
		{"tri:5", "3", "6"},
		{"hex:4", "2", "7"},
	} {
		e := engine(t, "kee", tc.board)
		session(t, e, [][2]string{
			{"boardsize " + tc.size, "= \n\n"},
		})
		if g := e.state.Graph(); strconv.Itoa(g.N()) != tc.points || g.Spec() != strings.Split(tc.board, ":")[0]+":"+tc.size {
			t.Errorf("%s, boardsize %s: %s with %d points", tc.board, tc.size, g.Spec(), g.N())
		}
	}
}

// TestRunLongLines: a line over MaxLine bytes is answered with an error
// and skipped to its end, whatever its end of line; the commands around
// it run, and a last line without an end of line runs too.
func TestRunLongLines(t *testing.T) {
	long := "play b " + strings.Repeat("x", MaxLine)
	for _, tc := range []struct{ name, input string }{
		{"newlines", "1 boardsize 5\n" + long + "\n2 play b c3\n3 list_stones b"},
		{"crlf", "1 boardsize 5\r\n" + long + "\r\n2 play b c3\r\n3 list_stones b\r\n"},
		{"long last line", "1 boardsize 5\n2 play b c3\n3 list_stones b\n" + long},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := engine(t, "go", "9x9")
			var out strings.Builder
			if err := e.Run(strings.NewReader(tc.input), &out); err != nil {
				t.Fatalf("Run: %v", err)
			}
			refused := "? command line longer than " + strconv.Itoa(MaxLine) + " bytes: skipped\n\n"
			want := "=1 \n\n" + refused + "=2 \n\n=3 c3\n\n"
			if tc.name == "long last line" {
				want = "=1 \n\n=2 \n\n=3 c3\n\n" + refused
			}
			if out.String() != want {
				t.Errorf("output %q, want %q", out.String(), want)
			}
		})
	}
	// A line of exactly MaxLine bytes is read.
	e := engine(t, "go", "9x9")
	var out strings.Builder
	line := "list_stones b" + strings.Repeat(" ", MaxLine-len("list_stones b"))
	if err := e.Run(strings.NewReader(line+"\n"), &out); err != nil || out.String() != "= \n\n" {
		t.Errorf("a line of MaxLine bytes: %q, %v", out.String(), err)
	}
}

// TestFinalStatusListGroups: final_status_list answers a group a line,
// as GNU Go does (GTP's multiline list of vertices).
func TestFinalStatusListGroups(t *testing.T) {
	e := engine(t, "go", "5x5")
	session(t, e, [][2]string{
		{"play b a1", "= \n\n"},
		{"play w e5", "= \n\n"},
		{"play b b1", "= \n\n"},
		{"play w c3", "= \n\n"},
		{"final_status_list alive", "= a1 b1\nc3\ne5\n\n"},
	})
}
