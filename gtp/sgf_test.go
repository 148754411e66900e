package gtp

import (
	"moku/board"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func mustExec(t *testing.T, e *Engine, line string) string {
	t.Helper()
	resp, _ := e.Execute(line)
	if !strings.HasPrefix(resp, "= ") {
		t.Fatalf("%s: %s", line, resp)
	}
	return strings.TrimSpace(strings.TrimPrefix(resp, "= "))
}

// TestPrintThenLoad plays games of every kind, prints them with printsgf,
// loads them into a fresh engine with loadsgf (whole and up to a move) and
// compares.
func TestPrintThenLoad(t *testing.T) {
	dir := t.TempDir()
	graph := filepath.Join(dir, "tri.json")
	if err := os.WriteFile(graph, []byte(`{"points":["p","q","s","t"],"edges":[["p","q"],["q","s"],["s","p"],["s","t"]]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ rules, board, moves string }{
		{"go", "9x9", "e5 c3 g7 pass"},
		{"keil komi=3", "hex:3", "c3 button e5 pass"},
		{"kee players=3", "3x3", "a1 b2 c3 pass"},
		{"kee", "2x1", "a1 b1 appeal-a1 pass"},
		{"ki", "5x5", "c3 b2 d4"},
		{"go", graph, "p t"},
	} {
		e := engine(t, c.rules, c.board)
		for _, m := range strings.Fields(c.moves) {
			mustExec(t, e, "play "+e.State().ToMove().String()+" "+m)
		}
		want := mustExec(t, e, "moku-history")
		file := filepath.Join(dir, "g.sgf")
		mustExec(t, e, "printsgf "+file)
		sgf := mustExec(t, e, "printsgf")
		data, _ := os.ReadFile(file)
		if strings.TrimSpace(string(data)) != sgf {
			t.Errorf("%s: printsgf to a file and to the response differ", c.rules)
		}
		f := engine(t, "go", "19x19")
		mustExec(t, f, "loadsgf "+file)
		if got := mustExec(t, f, "moku-history"); got != want {
			t.Errorf("%s on %s: loaded history\n%s\nwant\n%s", c.rules, c.board, got, want)
		}
		if got, want := mustExec(t, f, "moku-rules"), mustExec(t, e, "moku-rules"); got != want {
			t.Errorf("rules %s, want %s", got, want)
		}
		// Up to move 2: one move played.
		if got := mustExec(t, f, "loadsgf "+file+" 2"); got != "white" {
			t.Errorf("%s: loadsgf up to move 2: %s to move", c.rules, got)
		}
		if n := len(f.State().History()); n != 1 {
			t.Errorf("%s: loadsgf up to move 2 played %d moves", c.rules, n)
		}
		// clear_board and komi work on the loaded board.
		mustExec(t, f, "clear_board")
		if c.rules != "kee players=3" {
			mustExec(t, f, "komi 2")
		}
	}
}

func TestLoadSGFErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.sgf")
	os.WriteFile(bad, []byte("(;SZ[9]\n;B[ee];W[ee])"), 0o644)
	e := engine(t, "go", "9x9")
	resp, _ := e.Execute("loadsgf " + bad)
	if !strings.Contains(resp, "move 2 (2:7) white: illegal move e5: e5 is occupied") {
		t.Errorf("got %q", resp)
	}
	resp, _ = e.Execute("loadsgf " + filepath.Join(dir, "missing.sgf"))
	if !strings.HasPrefix(resp, "? cannot open or parse") {
		t.Errorf("got %q", resp)
	}
	os.WriteFile(bad, []byte("(;SZ[9]\n;B[ee"), 0o644)
	resp, _ = e.Execute("loadsgf " + bad)
	if !strings.Contains(resp, "2:3: value opened here is not closed") {
		t.Errorf("got %q", resp)
	}
}

// TestPrintSGFKeepsTheLoadedRecord: printsgf after loadsgf keeps the
// file's root properties (players, application, rules as named, date),
// comments and variations, reads a missing KM as no komi, and appends the
// moves played since to the main line; a move that departs from the file
// makes the file's continuation a variation.
func TestPrintSGFKeepsTheLoadedRecord(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "in.sgf")
	src := "(;GM[1]FF[4]SZ[9]PB[Alice]PW[Bob]AP[Sabaki:0.43.1]RU[Japanese]DT[2024-01-02]\n;B[ee]C[center]\n(;W[cc]\n;B[gg])\n(;W[gc]))"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	handicap, _ := filepath.Abs("../record/testdata/sgf-corpus/9handicap.sgf")
	result := filepath.Join(dir, "result.sgf")
	if err := os.WriteFile(result, []byte("(;GM[1]SZ[9]KM[6.5]RE[B+R]MKDEAD[e5];B[cc];W[dd])"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, load, moves string
		want, not         []string
	}{
		// The handicap game starts with White: no pass is written, PL[W] is.
		{handicap, "", "q17", []string{"AP[Sabaki:0.43.1]", "HA[9]", "DT[2019-04-26]", "KM[7.5]", "AB[dp][jp][pp][dj][jj][pj][dd][jd][pd]", "PL[W]", ";W[qf]\n;B[nd]\n;W[pc])"}, []string{"B[tt]", "B[]"}},
		// The file's result and dead stones no longer hold once play goes on.
		{result, "", "", []string{"RE[B+R]", "MKDEAD[e5]"}, nil},
		{result, "", "e5", []string{"KM[6.5]", ";W[dd]\n;B[ee])"}, []string{"RE[", "MKDEAD"}},
		{file, "", "c3 g7", []string{"PB[Alice]", "PW[Bob]", "AP[Sabaki:0.43.1]", "RU[Japanese]", "DT[2024-01-02]", "KM[0]", "MKRU[go-simple",
			";B[ee]C[center]\n(;W[cc]\n;B[gg]\n;W[cg]\n;B[gc])\n(;W[gc]))"}, nil},
		{file, " 3", "g7", []string{"PB[Alice]", ";B[ee]C[center]\n(;W[cc]\n(;B[gc])\n(;B[gg]))\n(;W[gc]))"}, nil},
		{file, " 3", "", []string{";B[ee]C[center]\n(;W[cc]\n(;)\n(;B[gg]))\n(;W[gc]))"}, nil},
	} {
		e := engine(t, "go", "19x19")
		mustExec(t, e, "loadsgf "+c.file+c.load)
		for _, m := range strings.Fields(c.moves) {
			mustExec(t, e, "play "+e.State().ToMove().String()+" "+m)
		}
		got := mustExec(t, e, "printsgf")
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("loadsgf%s, play %s: printsgf\n%s\nlacks %q", c.load, c.moves, got, w)
			}
		}
		for _, w := range append(c.not, "RU[go-simple]", "RU[Chinese]") {
			if strings.Contains(got, w) {
				t.Errorf("loadsgf%s, play %s: printsgf\n%s\nhas %q", c.load, c.moves, got, w)
			}
		}
		if strings.Count(got, "KM[") != 1 {
			t.Errorf("KM written %d times:\n%s", strings.Count(got, "KM["), got)
		}
		// The game printed is the game played: loaded again, it has the
		// same moves.
		out := filepath.Join(dir, "out.sgf")
		mustExec(t, e, "printsgf "+out)
		f := engine(t, "go", "19x19")
		mustExec(t, f, "loadsgf "+out)
		if got, want := mustExec(t, f, "moku-history"), mustExec(t, e, "moku-history"); got != want {
			t.Errorf("loadsgf%s, play %s: printed game has history\n%s\nwant\n%s", c.load, c.moves, got, want)
		}
	}
}

// TestResponsesHaveNoBlankLines: GTP ends a response at its first empty
// line, so a record's comment with a paragraph break (printsgf) or a bad
// SGF value spanning lines (an error) must not hold one: three commands
// get three responses, each on its own lines.
func TestResponsesHaveNoBlankLines(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "comment.sgf")
	bad := filepath.Join(dir, "bad.sgf")
	if err := os.WriteFile(good, []byte("(;GM[1]FF[4]SZ[9]KM[6.5];B[ee]C[Good move.\r\n\r\nAlso thick.\n\n\n];W[cc])"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("(;GM[1]FF[4]SZ[9]KM[a\r\n\r\n\n\nb];B[ee])"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, script := range []string{
		"1 loadsgf " + good + "\n2 printsgf\n3 name\n",
		"1 loadsgf " + bad + "\n2 name\n",
	} {
		e := engine(t, "go", "9x9")
		var out strings.Builder
		if err := e.Run(strings.NewReader(script), &out); err != nil {
			t.Fatal(err)
		}
		responses := strings.Split(strings.TrimSuffix(out.String(), "\n\n"), "\n\n")
		if want := strings.Count(script, "\n"); len(responses) != want {
			t.Fatalf("%d responses to %d commands:\n%s", len(responses), want, out.String())
		}
		for i, r := range responses {
			if id := strconv.Itoa(i + 1); !strings.HasPrefix(r, "="+id+" ") && !strings.HasPrefix(r, "?"+id+" ") {
				t.Errorf("response %d: %q", i+1, r)
			}
		}
	}
}

// TestClearBoardAfterLoad: clear_board empties the board of a loaded
// record, set-up stones too (GTP: the board cleared, the history
// emptied), keeping its size and komi; fixed_handicap then places stones.
func TestClearBoardAfterLoad(t *testing.T) {
	file := filepath.Join(t.TempDir(), "h.sgf")
	if err := os.WriteFile(file, []byte("(;GM[1]FF[4]SZ[9]KM[0.5]HA[2]AB[cc][gg];W[ee];B[ce])"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := engine(t, "go", "19x19")
	mustExec(t, e, "loadsgf "+file)
	if got := strings.Fields(mustExec(t, e, "list_stones b")); len(got) != 3 || !slices.Contains(got, "c7") || !slices.Contains(got, "g3") || !slices.Contains(got, "c5") {
		t.Fatalf("loaded: black stones %q, want c7 g3 c5", got)
	}
	mustExec(t, e, "clear_board")
	for _, c := range []string{"b", "w"} {
		if got := mustExec(t, e, "list_stones "+c); got != "" {
			t.Errorf("after clear_board: %s stones %q", c, got)
		}
	}
	if n := e.State().Graph().N(); n != 81 {
		t.Errorf("after clear_board: %d points, want 9x9's 81", n)
	}
	if got := e.State().Rules().Komi; got != 0.5 {
		t.Errorf("after clear_board: komi %v, want the record's 0.5", got)
	}
	if got := mustExec(t, e, "fixed_handicap 2"); got == "" {
		t.Errorf("fixed_handicap 2 after clear_board placed nothing")
	}
}

// TestPrintSGFHandicap: printsgf writes a handicap as other programs do
// (AB, HA, White to play), without White's passes between the stones, and
// the record read back starts from the stones: undo never takes them.
func TestPrintSGFHandicap(t *testing.T) {
	file := filepath.Join(t.TempDir(), "fh.sgf")
	e := engine(t, "go", "9x9")
	mustExec(t, e, "fixed_handicap 3")
	got := mustExec(t, e, "printsgf")
	for _, w := range []string{"HA[3]", "AB[", "PL[W]"} {
		if !strings.Contains(got, w) {
			t.Errorf("handicap alone: printsgf\n%s\nlacks %q", got, w)
		}
	}
	mustExec(t, e, "play w e5")
	mustExec(t, e, "printsgf "+file)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, w := range []string{"HA[3]", "PL[W]", ";W[ee]"} {
		if !strings.Contains(text, w) {
			t.Errorf("printsgf\n%s\nlacks %q", text, w)
		}
	}
	if strings.Contains(text, "W[]") || strings.Contains(text, "W[tt]") || strings.Contains(text, ";B[") {
		t.Errorf("printsgf writes the handicap as moves:\n%s", text)
	}
	f := engine(t, "go", "9x9")
	if got := mustExec(t, f, "loadsgf "+file); got != "black" {
		t.Errorf("loaded: %s to move, want black", got)
	}
	if got := strings.Fields(mustExec(t, f, "list_stones b")); len(got) != 3 {
		t.Errorf("loaded: black stones %q, want the 3 of the handicap", got)
	}
	mustExec(t, f, "undo") // White's e5
	if got, _ := f.Execute("undo"); got != "? cannot undo\n\n" {
		t.Errorf("undo past the handicap: %q", got)
	}
	if got := strings.Fields(mustExec(t, f, "list_stones b")); len(got) != 3 || f.State().ToMove() != board.White {
		t.Errorf("after undo: black stones %q, %s to move; want the 3 of the handicap, White to move", got, f.State().ToMove())
	}
}
