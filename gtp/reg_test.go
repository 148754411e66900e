package gtp

import (
	"strconv"
	"strings"
	"testing"

	"moku/catalog"
	"moku/search"
)

// TestRegGenmove: reg_genmove answers a legal move for the colour asked,
// out of turn too where play allows it, and leaves the game as it was;
// it refuses what genmove refuses, and answers pass once the game is over.
func TestRegGenmove(t *testing.T) {
	e := engine(t, "go", "5x5")
	mustExec(t, e, "play b c3")
	for _, color := range []string{"white", "black"} { // White to move, then Black out of turn
		before, board := mustExec(t, e, "moku-history"), mustExec(t, e, "showboard")
		m := mustExec(t, e, "reg_genmove "+color)
		if mustExec(t, e, "moku-history") != before || mustExec(t, e, "showboard") != board {
			t.Fatalf("reg_genmove %s changed the game:\n%s\n%s", color, mustExec(t, e, "moku-history"), mustExec(t, e, "showboard"))
		}
		if m != "pass" {
			// A legal move: play takes it (and undo then takes it back).
			mustExec(t, e, "play "+color+" "+m)
			mustExec(t, e, "undo")
		}
		if mustExec(t, e, "moku-history") != before {
			t.Fatalf("after playing reg_genmove's %s and undo: %s, want %s", m, mustExec(t, e, "moku-history"), before)
		}
	}
	session(t, e, [][2]string{
		{"reg_genmove", "? usage: reg_genmove <color>\n\n"},
		{"reg_genmove x1", "? invalid color\n\n"},
		{"play w pass", "= \n\n"},
		{"play b pass", "= \n\n"},
		{"reg_genmove w", "= pass\n\n"},
		{"moku-history", "= 1 black c3\n2 white pass\n3 black pass\n\n"},
	})
	for _, name := range []string{"reg_genmove", "cputime"} {
		if got := mustExec(t, e, "known_command "+name); got != "true" {
			t.Errorf("known_command %s: %s", name, got)
		}
	}
}

// TestRegGenmoveClock: with the search player, reg_genmove spends nothing
// of the clocks: the next move's budget is what it was before.
func TestRegGenmoveClock(t *testing.T) {
	e, err := settingsEngine(t, catalog.Config{Rules: "go", Board: "9x9"}, "--playouts", "300")
	if err != nil {
		t.Fatal(err)
	}
	p := e.player.(*search.Player)
	mustExec(t, e, "time_settings 30 0 0")
	before, _ := p.Clock.Budget(e.State())
	clock := p.Clock
	if m := mustExec(t, e, "reg_genmove b"); m == "" {
		t.Fatal("no move")
	}
	after, _ := p.Clock.Budget(e.State())
	if p.Clock != clock || after != before {
		t.Fatalf("after reg_genmove: budget %v (before %v), the same clock %v", after, before, p.Clock == clock)
	}
}

// TestCputime: cputime answers the process's CPU seconds, which do not
// go back and grow with a search.
func TestCputime(t *testing.T) {
	e, err := settingsEngine(t, catalog.Config{Rules: "go", Board: "9x9"}, "--playouts", "3000")
	if err != nil {
		t.Fatal(err)
	}
	first, err := strconv.ParseFloat(mustExec(t, e, "cputime"), 64)
	if err != nil || first < 0 {
		t.Fatalf("cputime %v: %v", first, err)
	}
	mustExec(t, e, "genmove b")
	second, err := strconv.ParseFloat(mustExec(t, e, "cputime"), 64)
	if err != nil || second <= first {
		t.Fatalf("cputime after a 3000-playout genmove: %v, before %v (%v)", second, first, err)
	}
	if !strings.Contains(mustExec(t, e, "list_commands"), "cputime") {
		t.Error("list_commands lacks cputime")
	}
}

// TestRegGenmoveLeavesThePlayer: with the search player (one thread,
// fixed playouts, 9x9's tuning with its kept tree), reg_genmove answers
// the same twice in a row, and the genmoves of a game with a reg_genmove
// before each are those of the same game without: the seeds and the kept
// tree are left as they were.
func TestRegGenmoveLeavesThePlayer(t *testing.T) {
	cfg := catalog.Config{Rules: "go", Board: "9x9"}
	plain, err := settingsEngine(t, cfg, "--playouts", "400")
	if err != nil {
		t.Fatal(err)
	}
	peeked, err := settingsEngine(t, cfg, "--playouts", "400")
	if err != nil {
		t.Fatal(err)
	}
	for i, color := range []string{"b", "w", "b", "w"} {
		first := mustExec(t, peeked, "reg_genmove "+color)
		if again := mustExec(t, peeked, "reg_genmove "+color); again != first {
			t.Fatalf("move %d: reg_genmove %s answered %s, then %s", i+1, color, first, again)
		}
		want, got := mustExec(t, plain, "genmove "+color), mustExec(t, peeked, "genmove "+color)
		if got != want {
			t.Fatalf("move %d: genmove %s after reg_genmove %s, without %s", i+1, got, first, want)
		}
	}
}
