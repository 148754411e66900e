package gtp_test

import (
	"strings"
	"testing"
	"time"

	"moku/catalog"
	"moku/game"
	"moku/gtp"
	"moku/search"
)

// passer is a player who always passes: what kgs-genmove_cleanup must
// overrule while dead stones stand.
type passer struct{}

func (passer) Genmove(game.State) (game.Move, error) { return game.PassMove, nil }
func (passer) Name() string                          { return "passer" }

// resigner is a player who always resigns.
type resigner struct{}

func (resigner) Genmove(game.State) (game.Move, error) { return game.ResignMove, nil }
func (resigner) Name() string                          { return "resigner" }

// deadStonesEngine is an engine whose player always passes, at the
// position of TestFinalStatusList: walls on the c and g columns, Black's
// h5 and j5 dead in White's side, White's b5 and a6 dead in Black's, komi
// 0, Black to move.
func deadStonesEngine(t *testing.T) *gtp.Engine {
	t.Helper()
	e, err := gtp.New(catalog.Config{Rules: "go komi=0", Board: "9x9"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	e.SetEstimator(search.Playouts{N: 2000, Seed: 1})
	e.SetPlayer(passer{})
	if err := game.PlayAll(e.State(), "c1 g1 c2 g2 c3 g3 c4 g4 c5 g5 c6 g6 c7 g7 c8 g8 c9 g9 h5 b5 j5 a6"); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestGenmoveCleanup: where play has stopped with dead stones on the
// board (the position of TestFinalStatusList, where GNU Go agrees on
// them), kgs-genmove_cleanup does not pass while the other side's dead
// stones stand: it takes their liberties until they are captured, then
// passes as the player would; genmove passes throughout.
func TestGenmoveCleanup(t *testing.T) {
	for _, tc := range []struct {
		color, other string
		dead         []string // the other side's dead stones
	}{
		{"w", "b", []string{"h5", "j5"}},
		{"b", "w", []string{"a6", "b5"}},
	} {
		e := deadStonesEngine(t)
		if tc.color == "w" {
			e.Execute("play b pass")
		}
		if got, _ := e.Execute("genmove " + tc.color); got != "= pass\n\n" {
			t.Fatalf("genmove %s: %q", tc.color, got)
		}
		e.Execute("undo")
		var moves []string
		for i := 0; i < 8; i++ {
			got, _ := e.Execute("kgs-genmove_cleanup " + tc.color)
			m := strings.TrimSpace(strings.TrimPrefix(got, "="))
			stones, _ := e.Execute("list_stones " + tc.other)
			standing := false
			for _, d := range tc.dead {
				standing = standing || strings.Contains(stones, d)
			}
			if m == "pass" {
				if standing {
					t.Fatalf("%s passed with dead stones standing after %v: %s", tc.color, moves, stones)
				}
				break
			}
			if strings.HasPrefix(got, "?") || m == "resign" {
				t.Fatalf("%s: kgs-genmove_cleanup: %q", tc.color, got)
			}
			moves = append(moves, m)
			if got, _ := e.Execute("play " + tc.other + " pass"); got != "= \n\n" {
				t.Fatalf("%s pass: %q", tc.other, got)
			}
		}
		stones, _ := e.Execute("list_stones " + tc.other)
		for _, d := range tc.dead {
			if strings.Contains(stones, d) {
				t.Errorf("%s: after %v, %s still stands: %s", tc.color, moves, d, stones)
			}
		}
		t.Logf("%s cleaned up with %v", tc.color, moves)
	}
}

// TestCleanupAfterPasses: kgsGtp's resumption of a game whose dead stones
// are disputed after both players passed: kgs-genmove_cleanup takes back
// the passes and plays on (the other side's moves come by play), until
// the dead stones are captured; then it passes, and two passes end the
// game again, without the dead stones.
func TestCleanupAfterPasses(t *testing.T) {
	e := deadStonesEngine(t)
	for _, c := range []string{"play b pass", "play w pass"} {
		if got, _ := e.Execute(c); got != "= \n\n" {
			t.Fatalf("%s: %q", c, got)
		}
	}
	if !e.State().Over() {
		t.Fatal("the game is not over after two passes")
	}
	var moves []string
	for i := 0; ; i++ {
		got, _ := e.Execute("kgs-genmove_cleanup w")
		m := strings.TrimSpace(strings.TrimPrefix(got, "="))
		if strings.HasPrefix(got, "?") || m == "resign" {
			t.Fatalf("kgs-genmove_cleanup w after %v: %q", moves, got)
		}
		if m == "pass" {
			break
		}
		if i == 8 {
			t.Fatalf("no end to the cleanup: %v", moves)
		}
		moves = append(moves, m)
		if e.State().Over() {
			t.Fatalf("the game is over after White's cleanup move %s", m)
		}
		if got, _ := e.Execute("play b pass"); got != "= \n\n" {
			t.Fatalf("b pass: %q", got)
		}
	}
	if len(moves) == 0 {
		t.Fatal("kgs-genmove_cleanup passed at once with Black's dead stones standing")
	}
	stones, _ := e.Execute("list_stones b")
	for _, d := range []string{"h5", "j5"} {
		if strings.Contains(stones, d) {
			t.Errorf("after %v, %s still stands: %s", moves, d, stones)
		}
	}
	if !e.State().Over() {
		t.Errorf("the game is not over after the cleanup's pass: %s", e.State().Result())
	}
	// Three columns each, the three between them no one's, White's dead
	// stones in Black's three judged dead: komi 0 makes it even.
	if got, _ := e.Execute("final_score"); got != "= 0\n\n" {
		t.Errorf("final_score after the cleanup: %q, want 0", got)
	}
}

// TestKGSCommands: kgs-time_settings takes kgsGtp's four systems,
// kgs-rules its four rulesets (as ko and suicide rules).
func TestKGSCommands(t *testing.T) {
	s := gtp.DefaultSettings()
	s.Playouts = 50
	e, err := s.Engine(catalog.Config{Rules: "go", Board: "5x5"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range [][2]string{
		{"kgs-time_settings none", "= \n\n"},
		{"kgs-time_settings absolute 300", "= \n\n"},
		{"kgs-time_settings canadian 300 30 10", "= \n\n"},
		{"kgs-time_settings byoyomi 300 30 5", "= \n\n"},
		{"time_left b 25 3", "= \n\n"},
		{"genmove b", "= "},
		{"kgs-time_settings byoyomi 300 30", "? usage: kgs-time_settings none | absolute <main> | canadian <main> <period> <stones> | byoyomi <main> <period> <periods>\n\n"},
		{"kgs-time_settings sudden 300", "? usage: kgs-time_settings none | absolute <main> | canadian <main> <period> <stones> | byoyomi <main> <period> <periods>\n\n"},
		{"kgs-time_settings canadian 300 x 10", "? syntax error\n\n"},
		{"kgs-rules japanese", "= \n\n"},
		{"moku-rules", "= go links=plain ko=simple suicide=forbidden scoring=area button=off komi=0 players=2\n\n"},
		{"kgs-rules new_zealand", "= \n\n"},
		{"moku-rules", "= go links=plain ko=situational suicide=allowed scoring=area button=off komi=0 players=2\n\n"},
		{"kgs-rules chinese", "= \n\n"},
		{"moku-rules", "= go links=plain ko=positional suicide=forbidden scoring=area button=off komi=0 players=2\n\n"},
		{"kgs-rules ing", "? kgs-rules: unknown rules \"ing\" (want chinese, aga, japanese or new_zealand)\n\n"},
		{"list_stones b", "= "},
	} {
		got, _ := e.Execute(tc[0])
		if !strings.HasPrefix(got, tc[1]) || (!strings.HasSuffix(tc[1], " ") && got != tc[1]) {
			t.Errorf("%s: %q, want %q", tc[0], got, tc[1])
		}
	}
}

// TestKGSTimeSettingsClock: kgs-time_settings sets the search's clock so
// that each system gives the move the share it should: a Japanese period
// for each move (time_left counting periods), a Canadian period shared
// by its stones, absolute time over the moves to come, none without
// limit.
func TestKGSTimeSettingsClock(t *testing.T) {
	for _, tc := range []struct {
		cmds  []string
		want  time.Duration
		limit bool
	}{
		{[]string{"kgs-time_settings byoyomi 0 30 5", "time_left b 30 5"}, 30*time.Second - 200*time.Millisecond, true},
		{[]string{"kgs-time_settings byoyomi 0 30 5", "time_left b 12 2"}, 12*time.Second - 200*time.Millisecond, true},
		{[]string{"kgs-time_settings canadian 0 300 25", "time_left b 300 25"}, 12*time.Second - 200*time.Millisecond, true},
		{[]string{"kgs-time_settings byoyomi 0 30 5", "time_settings 0 300 25", "time_left b 300 25"}, 12*time.Second - 200*time.Millisecond, true},
		{[]string{"kgs-time_settings absolute 600"}, 600*time.Second/40 - 200*time.Millisecond, true},
		{[]string{"kgs-time_settings absolute 600", "kgs-time_settings none"}, 0, false},
		// Each colour has its clock: White's word leaves Black's time (Black is to move).
		{[]string{"time_settings 600 0 0", "time_left b 600 0", "time_left w 1 0"}, 600*time.Second/40 - 200*time.Millisecond, true},
		{[]string{"time_settings 600 0 0", "time_left w 600 0", "time_left b 20 0"}, 20*time.Second/40 - 200*time.Millisecond, true},
	} {
		e, err := gtp.New(catalog.Config{Rules: "go", Board: "9x9"}, 1)
		if err != nil {
			t.Fatal(err)
		}
		p := search.New(search.Options{Playouts: 10})
		e.UseSearch(p)
		for _, c := range tc.cmds {
			if got, _ := e.Execute(c); got != "= \n\n" {
				t.Fatalf("%s: %q", c, got)
			}
		}
		got, limit := p.Clock.Budget(e.State())
		if got != tc.want || limit != tc.limit {
			t.Errorf("%v: budget %v (limit %v), want %v (%v)", tc.cmds, got, limit, tc.want, tc.limit)
		}
	}
}

// TestFinalScoreJudged: final_score and gogui-rules_final_result remove
// the stones final_status_list calls dead, as GTP wants the engine's own
// opinion: GNU Go's B+18 game (c3 and c4 dead), where the board as it
// stands counts W+20.
func TestFinalScoreJudged(t *testing.T) {
	e, err := gtp.New(catalog.Config{Rules: "go", Board: "9x9"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	e.SetEstimator(search.Playouts{N: 2000, Seed: 1})
	var out strings.Builder
	script := "loadsgf ../record/testdata/sgf-corpus/gnugo-chinese-9x9.sgf\nfinal_status_list dead\nfinal_score\ngogui-rules_final_result\n"
	if err := e.Run(strings.NewReader(script), &out); err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(strings.TrimSuffix(out.String(), "\n\n"), "\n\n")
	if len(parts) != 4 || parts[1] != "= c3 c4" || parts[2] != "= B+18" || parts[3] != "= B+18" {
		t.Errorf("answers: %q", parts)
	}
}

// TestCleanupAfterPassesNeverResigns: with nothing to clean up after the
// two passes, kgs-genmove_cleanup answers pass and the game stays over
// with its result, even when the player would resign.
func TestCleanupAfterPassesNeverResigns(t *testing.T) {
	e, err := gtp.New(catalog.Config{Rules: "go komi=7.5", Board: "9x9"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	e.SetEstimator(search.Playouts{N: 200, Seed: 1})
	e.SetPlayer(resigner{})
	for _, c := range []string{"play b e5", "play w pass", "play b pass"} {
		if got, _ := e.Execute(c); got != "= \n\n" {
			t.Fatalf("%s: %q", c, got)
		}
	}
	if got, _ := e.Execute("kgs-genmove_cleanup w"); got != "= pass\n\n" {
		t.Errorf("kgs-genmove_cleanup w after the passes: %q, want pass", got)
	}
	if got, _ := e.Execute("gogui-rules_final_result"); got != "= B+73.5\n\n" {
		t.Errorf("the result after the cleanup's pass: %q, want B+73.5 (the game as the passes ended it)", got)
	}
}
