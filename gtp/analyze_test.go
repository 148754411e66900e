package gtp

import (
	"bufio"
	"io"
	"math"
	"regexp"
	"strings"
	"testing"

	"moku/catalog"
	"moku/game"
	"moku/search"
)

// The published formats of an analysis line: Leela Zero's (win rate,
// prior and lcb as integers in 0..10000) and KataGo's (floats in 0..1,
// ownership at the end on request); moves in GTP vertices.
var (
	vertexRE = `(?:[A-HJ-Z][0-9]+|pass)`
	lzInfo   = `info move ` + vertexRE + ` visits [0-9]+ winrate (?:[0-9]{1,4}|10000) prior (?:[0-9]{1,4}|10000) lcb (?:[0-9]{1,4}|10000) order [0-9]+ pv(?: ` + vertexRE + `)+`
	lzLine   = regexp.MustCompile(`^` + lzInfo + `(?: ` + lzInfo + `)*$`)
	float01  = `(?:0\.[0-9]{6}|1\.000000)`
	kataInfo = `info move ` + vertexRE + ` visits [0-9]+ winrate ` + float01 + ` prior ` + float01 + ` lcb ` + float01 + ` order [0-9]+ pv(?: ` + vertexRE + `)+`
	kataLine = regexp.MustCompile(`^` + kataInfo + `(?: ` + kataInfo + `)*( ownership(?: -?[01]\.[0-9]{4}){49})?$`)
)

// TestLiveAnalysisTranscript runs the engine's read loop as Sabaki and
// Lizzie drive it: lz-analyze streams info lines at its interval until the
// next command arrives, which ends the response with a blank line and is
// then answered; kata-analyze likewise, with ownership.
func TestLiveAnalysisTranscript(t *testing.T) {
	e, err := settingsEngine(t, catalog.Config{Rules: "go komi=7.5", Board: "7x7"}, "--playouts", "200")
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- e.Run(inR, outW)
		outW.Close()
	}()
	out := bufio.NewReader(outR)
	line := func() string {
		t.Helper()
		l, err := out.ReadString('\n')
		if err != nil {
			t.Fatalf("reading the engine: %v (so far %q)", err, l)
		}
		return strings.TrimSuffix(l, "\n")
	}
	send := func(cmd string) {
		t.Helper()
		if _, err := io.WriteString(inW, cmd+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		cmd, first string
		re         *regexp.Regexp
		ownership  bool
	}{
		{"play b d4", "", nil, false},
		{"lz-analyze 1", "=", lzLine, false},
		{"7 lz-analyze w interval 1 maxmoves 3", "=7", lzLine, false},
		{"kata-analyze b 1 ownership true", "=", kataLine, true},
	} {
		send(tc.cmd)
		if tc.re == nil {
			if l, blank := line(), line(); l != "= " || blank != "" {
				t.Fatalf("%s: %q %q", tc.cmd, l, blank)
			}
			continue
		}
		if l := line(); l != tc.first {
			t.Fatalf("%s: first line %q, want %q", tc.cmd, l, tc.first)
		}
		for i := 0; i < 2; i++ {
			l := line()
			if !tc.re.MatchString(l) {
				t.Fatalf("%s: info line %d not in the published format:\n%s", tc.cmd, i+1, l)
			}
			if strings.Contains(l, " ownership ") != tc.ownership {
				t.Errorf("%s: ownership %v in %q", tc.cmd, !tc.ownership, l)
			}
			if strings.Contains(tc.cmd, "maxmoves 3") && strings.Count(l, "info move") > 3 {
				t.Errorf("%s: more than 3 moves: %s", tc.cmd, l)
			}
		}
		send("name") // ends the stream; then answered
		for {
			l := line()
			if l == "" {
				break
			}
			if !tc.re.MatchString(l) {
				t.Fatalf("%s: before the blank line, %q", tc.cmd, l)
			}
		}
		if l, blank := line(), line(); l != "= moku" || blank != "" {
			t.Fatalf("after %s: name answered %q %q", tc.cmd, l, blank)
		}
	}
	send("list_stones black") // the analysis played nothing
	if l, blank := line(), line(); l != "= d4" || blank != "" {
		t.Fatalf("list_stones black: %q %q", l, blank)
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestAnalysisCommands: the genmove variants search, report and play;
// Execute answers lz-analyze with one info line; bad arguments are
// refused before anything is streamed.
func TestAnalysisCommands(t *testing.T) {
	e, err := settingsEngine(t, catalog.Config{Rules: "go", Board: "7x7"}, "--playouts", "300")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := e.Execute("lz-analyze 1")
	lines := strings.Split(got, "\n")
	if len(lines) != 4 || lines[0] != "=" || !lzLine.MatchString(lines[1]) || lines[2] != "" || lines[3] != "" {
		t.Errorf("lz-analyze by Execute: %q", got)
	}
	for _, cmd := range []string{"genmove_analyze b 1", "3 lz-genmove_analyze w 1", "kata-genmove_analyze 1"} {
		got, _ := e.Execute(cmd)
		lines := strings.Split(got, "\n")
		n := len(lines)
		re := lzLine
		if strings.HasPrefix(cmd, "kata") {
			re = kataLine
		}
		if n < 4 || lines[n-1] != "" || lines[n-2] != "" || !regexp.MustCompile(`^play [A-HJ-Z][0-9]$`).MatchString(lines[n-3]) {
			t.Fatalf("%s: %q", cmd, got)
		}
		for _, l := range lines[1 : n-3] {
			if !re.MatchString(l) {
				t.Errorf("%s: %q", cmd, l)
			}
		}
	}
	if h, _ := e.Execute("moku-history"); strings.Count(h, "\n") != 4 {
		t.Errorf("three moves played, history %q", h)
	}
	for _, tc := range []struct{ cmd, want string }{
		{"lz-analyze x", "? x: a key without a value"},
		{"lz-analyze 10 depth 3", "? unknown key \"depth\""},
		{"lz-analyze 10 interval", "? interval: a key without a value"},
		{"lz-analyze 10 ownership true", "? ownership: only kata-analyze"},
		{"kata-analyze -5", "? interval \"-5\": want centiseconds"},
		{"kata-analyze red", "? invalid color: the game has 2 players"},
		{"known_command lz-analyze", "= true"},
		{"known_command kata-genmove_analyze", "= true"},
	} {
		if got, _ := e.Execute(tc.cmd); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: %q, want %q…", tc.cmd, got, tc.want)
		}
	}
	if got, _ := e.Execute("list_commands"); !strings.Contains(got, "\nlz-analyze\n") || !strings.Contains(got, "\nkata-analyze\n") {
		t.Errorf("list_commands lacks the analysis commands:\n%s", got)
	}
}

// TestFormatAnalysisUntried: moku-analyze reports a move no playout has
// tried with visits 0 and no win rate, not the prior's.
func TestFormatAnalysisUntried(t *testing.T) {
	e := engine(t, "go", "5x5")
	g := e.State().Graph()
	c3, _ := g.Point("c3")
	b2, _ := g.Point("b2")
	an := search.Analysis{Candidates: []search.Candidate{
		{Move: game.Move{Kind: game.Place, Point: c3}, Visits: 0, WinRate: math.NaN(), PV: []game.Move{{Kind: game.Place, Point: c3}}},
		{Move: game.Move{Kind: game.Place, Point: b2}, Visits: 8, WinRate: 0.625, PV: []game.Move{{Kind: game.Place, Point: b2}}},
	}}
	got := FormatAnalysis(e.State(), an)
	for _, want := range []string{"\nmove c3 visits 0 winrate - pv c3\n", "\nmove b2 visits 8 winrate 0.625 pv b2\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("FormatAnalysis lacks %q:\n%s", want, got)
		}
	}
}

// TestCommandListConsistent: every command list_commands names is
// known_command true and answers (not "unknown command"), streamed ones
// included; protocol_version is 2.
func TestCommandListConsistent(t *testing.T) {
	e, err := settingsEngine(t, catalog.Config{Rules: "go", Board: "5x5"}, "--playouts", "20")
	if err != nil {
		t.Fatal(err)
	}
	list, _ := e.Execute("list_commands")
	names := strings.Fields(strings.TrimPrefix(list, "="))
	for _, want := range []string{"fixed_handicap", "place_free_handicap", "set_free_handicap", "kgs-genmove_cleanup",
		"kgs-time_settings", "kgs-rules", "lz-analyze", "kata-analyze", "genmove_analyze", "lz-genmove_analyze", "kata-genmove_analyze"} {
		if !strings.Contains(list, "\n"+want+"\n") {
			t.Errorf("list_commands lacks %s", want)
		}
	}
	for _, n := range names {
		if got, _ := e.Execute("known_command " + n); got != "= true\n\n" {
			t.Errorf("known_command %s: %q", n, got)
		}
		if n == "quit" {
			continue
		}
		cmd := n
		if strings.HasSuffix(n, "analyze") {
			cmd += " 1" // report within a centisecond
		}
		if got, _ := e.Execute(cmd); strings.Contains(got, "unknown command") {
			t.Errorf("%s: %q", n, got)
		}
	}
	if got, _ := e.Execute("protocol_version"); got != "= 2\n\n" {
		t.Errorf("protocol_version: %q", got)
	}
}
