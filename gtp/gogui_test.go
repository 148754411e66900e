package gtp

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"moku/catalog"
)

// TestGoGuiRules checks each gogui-rules_ command's answer, and play,
// genmove and boardsize in GoGui's dialect, for Keil, Ki, Kee and Go on
// small boards, as GoGui's ruler code (GenericBoard, BoardParameters)
// reads them.
func TestGoGuiRules(t *testing.T) {
	for _, tc := range []struct {
		name, rules, board string
		steps              [][2]string
	}{
		{"keil hexhex side 2 in a 3-wide rhombus", "keil", "hex:2", [][2]string{
			{"gogui-rules_game_id", "= Keil\n\n"},
			{"gogui-rules_board_size", "= 3 hex\n\n"},
			{"gogui-rules_board", "= \n? . .\n. . .\n. . ?\n\n"},
			{"gogui-rules_side_to_move", "= black\n\n"},
			// before the button, GoGui's pass is the button
			{"gogui-rules_legal_moves", "= A1 B1 A2 B2 C2 B3 C3 pass\n\n"},
			{"play b b2", "= \n\n"},
			{"gogui-rules_side_to_move", "= white\n\n"},
			{"play w pass", "= \n\n"},
			{"moku-history", "= 1 black b2\n2 white button\n\n"},
			{"gogui-rules_legal_moves", "= A1 B1 A2 C2 B3 C3 pass\n\n"},
			{"play b C3", "= \n\n"},
			{"gogui-rules_board", "= \n? . X\n. X .\n. . ?\n\n"},
			{"gogui-rules_captured_count", "= 0 0\n\n"},
			{"gogui-rules_final_result", "= unknown\n\n"},
			{"play w pass", "= \n\n"},
			{"play b pass", "= \n\n"},
			{"moku-history", "= 1 black b2\n2 white button\n3 black c3\n4 white pass\n5 black pass\n\n"},
			{"gogui-rules_legal_moves", "= \n\n"},
			{"gogui-rules_final_result", "= B+6.5\n\n"},
			// GoGui sends boardsize with the width it was told: the board stays
			{"boardsize 3", "= \n\n"},
			{"gogui-rules_board_size", "= 3 hex\n\n"},
			{"gogui-rules_board", "= \n? . .\n. . .\n. . ?\n\n"},
			{"boardsize 5", "= \n\n"},
			{"gogui-rules_board_size", "= 5 hex\n\n"},
			{"boardsize 4", "? unacceptable size: GoGui's hexagons are 5 wide (2n-1 for side n), not 4\n\n"},
			{"moku-rules", "= keil links=keil ko=own-position suicide=forbidden scoring=linked button=on komi=0 players=2\n\n"},
		}},
		{"keil side 5: GoGui's J is moku's i", "keil", "hex:5", [][2]string{
			{"play b i5", "= \n\n"}, // moku's names until a gogui-rules_ command
			{"gogui-rules_board_size", "= 9 hex\n\n"},
			{"play w J5", "? illegal move i5: i5 is occupied\n\n"},
			{"play w J6", "= \n\n"},
			{"moku-history", "= 1 black i5\n2 white i6\n\n"},
			{"gogui-rules_board", "= \n? ? ? ? . . . . .\n? ? ? . . . . . .\n? ? . . . . . . .\n? . . . . . . . O\n. . . . . . . . X\n. . . . . . . . ?\n. . . . . . . ? ?\n. . . . . . ? ? ?\n. . . . . ? ? ? ?\n\n"},
			{"gogui-rules_legal_moves", "= A1 B1 C1 D1 E1 A2 B2 C2 D2 E2 F2 A3 B3 C3 D3 E3 F3 G3 A4 B4 C4 D4 E4 F4 G4 H4 A5 B5 C5 D5 E5 F5 G5 H5 B6 C6 D6 E6 F6 G6 H6 C7 D7 E7 F7 G7 H7 J7 D8 E8 F8 G8 H8 J8 E9 F9 G9 H9 J9 pass\n\n"},
			{"play b I7", "? invalid coordinate: \"I7\" is not a point of GoGui's 9x9 board\n\n"},
		}},
		{"ki on a square", "ki", "3x3", [][2]string{
			{"gogui-rules_game_id", "= Ki\n\n"},
			{"gogui-rules_board_size", "= 3\n\n"},
			{"play b B2", "= \n\n"},
			{"play w a2", "= \n\n"},
			{"gogui-rules_board", "= \n. . .\nO X .\n. . .\n\n"},
			{"gogui-rules_legal_moves", "= A1 B1 C1 C2 A3 B3 C3\n\n"}, // Ki passes only when forced
			{"gogui-rules_side_to_move", "= black\n\n"},
			{"boardsize 3", "= \n\n"},
			{"gogui-rules_board", "= \n. . .\n. . .\n. . .\n\n"},
		}},
		{"kee example I: an appeal is its point", "kee", "2x1", [][2]string{
			{"gogui-rules_game_id", "= Kee\n\n"},
			{"gogui-rules_board_size", "= 2 1\n\n"},
			{"play b A1", "= \n\n"},
			{"play w B1", "= \n\n"}, // captures a1
			{"gogui-rules_board", "= \n. O\n\n"},
			{"gogui-rules_captured_count", "= 0 1\n\n"},
			{"gogui-rules_legal_moves", "= A1 pass\n\n"},
			{"play b A1", "= \n\n"},
			{"kee-history", "= 1 black a1\n2 white b1\n3 black appeal-a1\n\n"},
			{"gogui-rules_legal_moves", "= A1 pass\n\n"},
			{"genmove w", "= A1\n\n"}, // the one move besides a pass: white's appeal on a1
			{"gogui-rules_legal_moves", "= \n\n"},
			{"gogui-rules_final_result", "= W+2\n\n"},
			{"kee-history", "= 1 black a1\n2 white b1\n3 black appeal-a1\n4 white appeal-a1\n\n"},
		}},
		{"go on a rectangle: captures", "go", "3x2", [][2]string{
			{"gogui-rules_game_id", "= Go\n\n"},
			{"gogui-rules_board_size", "= 3 2\n\n"},
			{"play b a1", "= \n\n"},
			{"play w b1", "= \n\n"},
			{"play b c2", "= \n\n"},
			{"play w a2", "= \n\n"}, // captures a1
			{"gogui-rules_board", "= \nO . X\n. O .\n\n"},
			{"gogui-rules_captured_count", "= 0 1\n\n"},
			{"play b b2", "= \n\n"},
			{"play w pass", "= \n\n"},
			{"play b a1", "= \n\n"}, // captures a2
			{"gogui-rules_board", "= \n. X X\nX O .\n\n"},
			{"gogui-rules_captured_count", "= 1 1\n\n"},
			{"boardsize 3", "= \n\n"}, // GoGui's width: the 3x2 stays
			{"gogui-rules_board_size", "= 3 2\n\n"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			session(t, engine(t, tc.rules, tc.board), tc.steps)
		})
	}
}

// TestGoGuiRulesRefuses: boards GoGui cannot draw and games of more than two
// players get a clear error, not a wrong picture.
func TestGoGuiRulesRefuses(t *testing.T) {
	e, err := New(catalog.Config{Rules: "kee", Board: "3x1", Overrides: []string{"players=3"}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	session(t, e, [][2]string{
		{"gogui-rules_board", "? GoGui draws two players' stones; this game has 3\n\n"},
		{"moku-ownership-gfx", "? the ownership display is for two players; this game has 3\n\n"},
	})
	if resp, _ := engine(t, "go", "torus:3x3").Execute("gogui-rules_board_size"); resp != "= 3\n\n" {
		t.Errorf("torus: %q", resp)
	}
}

// TestGoGuiGenmoveNames plays whole random Keil games on a hexhex of side 6
// (columns beyond GoGui's I) in GoGui's dialect: every move genmove
// answers is one gogui-rules_legal_moves listed, and the stone lands where
// gogui-rules_board then shows it; reg_genmove answers in the same names
// and changes nothing.
func TestGoGuiGenmoveNames(t *testing.T) {
	e := engine(t, "keil", "hex:6")
	mustExec(t, e, "gogui-rules_game_id")
	for i := 0; i < 400 && !e.State().Over(); i++ {
		legal := strings.Fields(mustExec(t, e, "gogui-rules_legal_moves"))
		color := mustExec(t, e, "gogui-rules_side_to_move")
		board := mustExec(t, e, "gogui-rules_board")
		if r := mustExec(t, e, "reg_genmove "+color); !slices.Contains(legal, r) || mustExec(t, e, "gogui-rules_board") != board {
			t.Fatalf("reg_genmove %q: not among gogui-rules_legal_moves %v, or the board changed", r, legal)
		}
		m := mustExec(t, e, "genmove "+color)
		if strings.ContainsAny(m, "Ii") && m != "resign" {
			t.Fatalf("genmove %q: GoGui has no column I", m)
		}
		found := false
		for _, l := range legal {
			found = found || l == m
		}
		if !found {
			t.Fatalf("genmove %q not among gogui-rules_legal_moves %v", m, legal)
		}
		if m == "pass" {
			continue
		}
		x := strings.IndexByte(goguiAlphabet, m[0])
		y, _ := strconv.Atoi(m[1:])
		rows := strings.Split(strings.TrimSpace(mustExec(t, e, "gogui-rules_board")), "\n")
		// Keil forbids suicide: the stone played stays
		if got := strings.Fields(rows[len(rows)-y])[x]; got != map[string]string{"black": "X", "white": "O"}[color] {
			t.Fatalf("after genmove %s %s the board shows %q there:\n%s", color, m, got, strings.Join(rows, "\n"))
		}
	}
}

// TestGoGuiOwnership: gogui-analyze_commands offers the ownership display,
// whose gfx answer names every point once, in GoGui's names, with an
// ownership in [-1, 1].
func TestGoGuiOwnership(t *testing.T) {
	e := engine(t, "keil", "hex:3")
	session(t, e, [][2]string{
		{"gogui-analyze_commands", "= gfx/Ownership/moku-ownership-gfx\n\n"},
		{"play b c3", "= \n\n"},
		{"play w d4", "= \n\n"},
	})
	out := mustExec(t, e, "moku-ownership-gfx")
	lines := strings.Split(out, "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "TEXT black wins ") {
		t.Fatalf("answer %q", out)
	}
	f := strings.Fields(lines[0])
	if f[0] != "INFLUENCE" || len(f) != 1+2*e.State().Graph().N() {
		t.Fatalf("INFLUENCE line %q", lines[0])
	}
	seen := map[string]bool{}
	for i := 1; i < len(f); i += 2 {
		v, err := strconv.ParseFloat(f[i+1], 64)
		if seen[f[i]] || err != nil || math.Abs(v) > 1 || strings.ToUpper(f[i]) != f[i] {
			t.Errorf("point %q value %q", f[i], f[i+1])
		}
		seen[f[i]] = true
	}
	if !seen["C3"] || !seen["E5"] {
		t.Errorf("points %v", seen)
	}
}

// TestGameIDKeepsMokuMoves: asking only for the game's name (as moku
// match does) leaves the engine speaking moku's moves: a button stays a
// button. (Matches of Keil engines were forfeited when it answered pass.)
func TestGameIDKeepsMokuMoves(t *testing.T) {
	e, err := New(catalog.Config{Rules: "keil", Board: "hex:2"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := e.Run(strings.NewReader("gogui-rules_game_id\nplay b button\nplay w pass\nmoku-history\n"), &out); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "= Keil\n\n= \n\n= \n\n= 1 black button\n2 white pass\n\n" {
		t.Errorf("transcript %q", got)
	}
}
