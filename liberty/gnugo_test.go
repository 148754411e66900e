package liberty

// Cross-check of the plain Go rulesets against GNU Go 3.8 over GTP.
//
// What GNU Go checks, read from its source (engine/board.c, interface/play_gtp.c)
// and confirmed by this test:
//
//   - `all_legal <color>` lists the empty points where is_allowed_move holds:
//     not occupied, not suicide (with --forbid-suicide), not an immediate
//     simple-ko retake (board_ko_pos) under any ko rule but "none", and not a
//     superko violation under --positional-superko / --situational-superko.
//     So superko DOES apply in all_legal (GNU Go 3.8; older versions used
//     is_legal, which ignores superko). The superko test compares the board
//     after the move with the boards before every earlier move (the initial
//     board included) and, for positional superko, with the current board;
//     situational superko only counts an earlier board if the player who
//     moved from it was the opponent of the mover, i.e. the same player is
//     to move. Passes are recorded in that history like any move.
//   - GNU Go forgets the oldest moves once its history reaches 500 moves
//     (MAX_MOVE_HISTORY), so games here stay well below 500 plies.
//   - GNU Go never ends a game on passes; moku ends it after two passes in
//     succession, and then the game stops here too.
//
// Every ply compares moku's legal placements for the player to move with
// `all_legal`, and both colours' stones with `list_stones`.

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// gnugoPath finds GNU Go or fails the test: the cross-check is part of the
// suite, and a missing tool is an error, not a reason to skip.
func gnugoPath(t testing.TB) string {
	t.Helper()
	if p, err := exec.LookPath("gnugo"); err == nil {
		return p
	}
	if p, err := exec.LookPath("/usr/games/gnugo"); err == nil {
		return p
	}
	t.Fatal("GNU Go is not installed (no gnugo in PATH or /usr/games/gnugo): install it with `apt-get install gnugo` (Debian package gnugo, version 3.8) to run the cross-check")
	return ""
}

// gtpClient talks GTP to one GNU Go process.
type gtpClient struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func startGnugo(t testing.TB, flags ...string) *gtpClient {
	t.Helper()
	args := append([]string{"--mode", "gtp"}, flags...)
	cmd := exec.Command(gnugoPath(t), args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting gnugo: %v", err)
	}
	c := &gtpClient{cmd: cmd, in: in, out: bufio.NewReader(out)}
	t.Cleanup(func() {
		c.in.Write([]byte("quit\n"))
		c.in.Close()
		done := make(chan struct{})
		go func() { c.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			c.cmd.Process.Kill()
			<-done
		}
	})
	return c
}

// call sends one command and returns the reply text after "= ", or an
// error holding the "? ..." failure.
func (c *gtpClient) call(cmd string) (string, error) {
	if _, err := fmt.Fprintf(c.in, "%s\n", cmd); err != nil {
		return "", fmt.Errorf("gtp %q: write: %v", cmd, err)
	}
	var lines []string
	for {
		line, err := c.out.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("gtp %q: read: %v", cmd, err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if len(lines) == 0 {
				continue
			}
			break
		}
		lines = append(lines, line)
	}
	reply := strings.Join(lines, "\n")
	switch {
	case strings.HasPrefix(reply, "="):
		return strings.TrimSpace(reply[1:]), nil
	case strings.HasPrefix(reply, "?"):
		return "", fmt.Errorf("gtp %q failed: %s", cmd, strings.TrimSpace(reply[1:]))
	}
	return "", fmt.Errorf("gtp %q: malformed reply %q", cmd, reply)
}

func (c *gtpClient) must(t testing.TB, cmd string) string {
	t.Helper()
	r, err := c.call(cmd)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// vertexSet parses a GTP vertex list into a sorted list of upper-case names.
func vertexSet(s string) []string {
	f := strings.Fields(strings.ToUpper(s))
	slices.Sort(f)
	return f
}

func mokuLegalPlacements(p *Position, buf []game.Move) []string {
	var names []string
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.Kind == game.Place {
			names = append(names, strings.ToUpper(p.g.Name(m.Point)))
		}
	}
	slices.Sort(names)
	return names
}

func mokuStones(p *Position, c board.Color) []string {
	var names []string
	for q := 0; q < p.g.N(); q++ {
		if p.At(q) == c {
			names = append(names, strings.ToUpper(p.g.Name(q)))
		}
	}
	slices.Sort(names)
	return names
}

// gtpRecord writes the history as an SGF-like move list: ;B[c3];W[pass]...
func gtpRecord(p *Position) string {
	var b strings.Builder
	for _, h := range p.History() {
		fmt.Fprintf(&b, ";%s[%s]", h.Player.Letter(), h.Move.Format(p.g))
	}
	return b.String()
}

// diffNames returns the names in a but not b and in b but not a.
func diffNames(a, b []string) (onlyA, onlyB []string) {
	for _, x := range a {
		if !slices.Contains(b, x) {
			onlyA = append(onlyA, x)
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			onlyB = append(onlyB, x)
		}
	}
	return onlyA, onlyB
}

type gnugoStats struct {
	games, plies, passes, captures, koBans, superkoBans int
	longCycleBans                                       int // superko bans of a position older than the last but one
}

// gnugoGame plays one random game on an n×n board under ruleset name,
// comparing moku with GNU Go at every ply. It returns false after the first
// disagreement (reported with t.Errorf).
func gnugoGame(t *testing.T, c *gtpClient, name string, n, maxPlies int, rng *rand.Rand, st *gnugoStats) bool {
	t.Helper()
	g, err := board.Rect(n, n)
	if err != nil {
		t.Fatal(err)
	}
	r, err := rules.Preset(name, g)
	if err != nil {
		t.Fatal(err)
	}
	p, err := New(r, g)
	if err != nil {
		t.Fatal(err)
	}
	c.must(t, fmt.Sprintf("boardsize %d", n))
	c.must(t, "clear_board")
	st.games++
	buf := make([]game.Move, 0, g.N()+2)
	fail := func(format string, a ...any) bool {
		t.Errorf("%s %dx%d after %d plies %s:\n%s\n%s", name, n, n, p.MoveNumber(), gtpRecord(p), fmt.Sprintf(format, a...), game.Text(p))
		return false
	}
	for ply := 0; ; ply++ {
		// Compare the stones and the legal placements.
		for _, col := range []board.Color{board.Black, board.White} {
			got := mokuStones(p, col)
			want := vertexSet(c.must(t, "list_stones "+col.String()))
			if !slices.Equal(got, want) {
				a, b := diffNames(got, want)
				return fail("%s stones differ: only moku has %v, only GNU Go has %v", col, a, b)
			}
		}
		if p.Over() || ply >= maxPlies {
			break
		}
		mover := p.ToMove()
		legal := mokuLegalPlacements(p, buf)
		want := vertexSet(c.must(t, "all_legal "+mover.String()))
		if !slices.Equal(legal, want) {
			a, b := diffNames(legal, want)
			reasons := ""
			for _, x := range b {
				q, _ := g.Point(x)
				reasons += fmt.Sprintf("\n  moku on %s: %v", x, p.Legal(game.At(q)))
			}
			return fail("%s to move: legal placements differ: only moku allows %v, only GNU Go allows %v%s", mover, a, b, reasons)
		}
		// Count the ko bans moku sees at this ply (coverage statistics).
		for q := 0; q < g.N(); q++ {
			if p.At(q) == board.Empty {
				if err := p.Legal(game.At(q)); err != nil {
					if s := err.Error(); strings.Contains(s, "superko") {
						st.superkoBans++
						var k int
						if _, err := fmt.Sscanf(s[strings.Index(s, "after move ")+len("after move "):], "%d", &k); err == nil && k < p.MoveNumber()-1 {
							st.longCycleBans++
						}
					} else if strings.Contains(s, "ko") {
						st.koBans++
					}
				}
			}
		}
		// Choose a move: mostly a random legal placement, sometimes a pass.
		m := game.PassMove
		if len(legal) > 0 && rng.IntN(100) >= 6 {
			q, _ := g.Point(legal[rng.IntN(len(legal))])
			m = game.At(q)
		}
		before := 0
		for q := 0; q < g.N(); q++ {
			if p.At(q) != board.Empty {
				before++
			}
		}
		if err := p.Play(m); err != nil {
			return fail("moku refuses its own legal move %s: %v", m.Format(g), err)
		}
		vertex := "pass"
		if m.Kind == game.Place {
			vertex = strings.ToUpper(g.Name(m.Point))
			after := 0
			for q := 0; q < g.N(); q++ {
				if p.At(q) != board.Empty {
					after++
				}
			}
			if after <= before {
				st.captures++
			}
		} else {
			st.passes++
		}
		st.plies++
		if _, err := c.call(fmt.Sprintf("play %s %s", mover, vertex)); err != nil {
			return fail("GNU Go refuses %s %s, which moku allowed: %v", mover, vertex, err)
		}
	}
	return true
}

// gnugoRuleset plays games for one ruleset on the four board sizes.
func gnugoRuleset(t *testing.T, name string, flags []string, games map[int]int, seed uint64) {
	c := startGnugo(t, flags...)
	rng := rand.New(rand.NewPCG(seed, 0x6e75676f))
	var st gnugoStats
	start := time.Now()
	failures := 0
	for _, n := range []int{5, 7, 9, 13} {
		// A few times the number of points: long enough for captures,
		// kos and refilled areas, short of GNU Go's 500-move history.
		maxPlies := map[int]int{5: 100, 7: 180, 9: 240, 13: 400}[n]
		for i := 0; i < games[n]; i++ {
			if !gnugoGame(t, c, name, n, maxPlies, rng, &st) {
				failures++
				if failures >= 3 {
					t.Fatalf("stopping after %d disagreements", failures)
				}
			}
		}
	}
	t.Logf("%s: %d games, %d plies, %d passes, %d capturing moves; ko bans seen: %d simple, %d superko (%d of them not an immediate retake); %v",
		name, st.games, st.plies, st.passes, st.captures, st.koBans, st.superkoBans, st.longCycleBans, time.Since(start).Round(time.Millisecond))
	if st.games < 300 {
		t.Errorf("only %d games played, want at least 300", st.games)
	}
	if st.captures == 0 || st.koBans+st.superkoBans == 0 {
		t.Errorf("the random games exercised no captures (%d) or no ko bans (%d): the cross-check is too weak", st.captures, st.koBans+st.superkoBans)
	}
}

func TestGnugoCrossCheck(t *testing.T) {
	gnugoPath(t)
	games := map[int]int{5: 90, 7: 90, 9: 70, 13: 50}
	for i, tc := range []struct {
		rules string
		flags []string
	}{
		{"go", []string{"--chinese-rules", "--positional-superko", "--forbid-suicide"}},
		{"go-situational", []string{"--chinese-rules", "--situational-superko", "--forbid-suicide"}},
		{"go-simple", []string{"--chinese-rules", "--forbid-suicide"}},
	} {
		t.Run(tc.rules, func(t *testing.T) {
			t.Parallel()
			gnugoRuleset(t, tc.rules, tc.flags, games, uint64(i+1))
		})
	}
}
