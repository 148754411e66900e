package record_test

import (
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/match"
	"moku/record"
)

// startGnuGo starts GNU Go in GTP mode. The tests need it: a missing GNU Go
// is a failure (scripts/test installs it), never a skip.
func startGnuGo(t *testing.T) *match.Engine {
	t.Helper()
	path, err := exec.LookPath("gnugo")
	if err != nil {
		path = "/usr/games/gnugo"
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("GNU Go is not installed (apt-get install gnugo, or run scripts/test): %v", err)
	}
	e, err := match.StartEngine(path + " --mode gtp --level 1")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

func send(t *testing.T, e *match.Engine, cmd string) string {
	t.Helper()
	resp, err := e.Send(context.Background(), cmd, 30*time.Second)
	if err != nil {
		t.Fatalf("gnugo: %s: %v", cmd, err)
	}
	return resp
}

// stones lists the points of colour c in s, in GNU Go's upper case, sorted.
func stones(s game.State, c board.Color) string {
	var names []string
	for p := 0; p < s.Graph().N(); p++ {
		if s.At(p) == c {
			names = append(names, strings.ToUpper(s.Graph().Name(p)))
		}
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

func sortedFields(s string) string {
	f := strings.Fields(s)
	sort.Strings(f)
	return strings.Join(f, " ")
}

// TestGnuGoLoadsMokuRecords writes random 9x9 games (captures and passes
// included) and checks that GNU Go's loadsgf reaches moku's board after
// every move.
func TestGnuGoLoadsMokuRecords(t *testing.T) {
	gg := startGnuGo(t)
	dir := t.TempDir()
	captures := 0
	for seed := uint64(1); seed <= 2; seed++ {
		s, err := catalog.Start(catalog.Config{Rules: "go-simple", Board: "9x9"})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		for i := 0; i < 120 && !s.Over(); i++ {
			moves := s.LegalMoves(nil)
			m := moves[rng.IntN(len(moves))]
			if m.Kind == game.Pass && len(moves) > 1 && rng.IntN(4) > 0 {
				m = moves[0]
			}
			if err := s.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		rec := record.FromState(s)
		file := filepath.Join(dir, "game.sgf")
		f, _ := os.Create(file)
		if err := rec.WriteSGF(f); err != nil {
			t.Fatal(err)
		}
		f.Close()
		replay, err := rec.Start()
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k <= len(rec.Moves); k++ {
			if k > 0 {
				before := len(stones(replay, board.Black)) + len(stones(replay, board.White))
				if err := replay.Play(rec.Moves[k-1].Move); err != nil {
					t.Fatal(err)
				}
				if after := len(stones(replay, board.Black)) + len(stones(replay, board.White)); after < before {
					captures++
				}
			}
			send(t, gg, "loadsgf "+file+" "+strconv.Itoa(k+1))
			for _, c := range []board.Color{board.Black, board.White} {
				if got, want := sortedFields(send(t, gg, "list_stones "+c.String())), stones(replay, c); got != want {
					t.Fatalf("seed %d after move %d: GNU Go's %s stones %q, moku's %q", seed, k, c, got, want)
				}
			}
		}
	}
	if captures == 0 {
		t.Errorf("no captures in the random games: the test proves little")
	}
}

// TestMokuLoadsGnuGoRecords: GNU Go plays itself, writes the game with
// printsgf (to a file and as a response), and moku replays it to GNU Go's
// board.
func TestMokuLoadsGnuGoRecords(t *testing.T) {
	gg := startGnuGo(t)
	send(t, gg, "boardsize 9")
	send(t, gg, "komi 6.5")
	send(t, gg, "clear_board")
	send(t, gg, "play black e5")
	for i := 0; i < 20; i++ {
		c := "white"
		if i%2 == 1 {
			c = "black"
		}
		send(t, gg, "genmove "+c)
	}
	file := filepath.Join(t.TempDir(), "gnugo.sgf")
	send(t, gg, "printsgf "+file)
	fileData, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	resp := send(t, gg, "printsgf")
	for _, data := range [][]byte{fileData, []byte(resp)} {
		recs, err := record.ReadSGF(data)
		if err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		s, err := recs[0].Replay()
		if err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		// GNU Go writes the position as set-up stones, with White to move.
		// The komi is the KM it wrote: 6.5 less the prisoner difference,
		// which GNU Go folds into the komi because set-up stones lose the
		// captures (Japanese counting), so 5.5 after one Black capture.
		m := regexp.MustCompile(`KM\[([-0-9.]+)\]`).FindStringSubmatch(string(data))
		if m == nil {
			t.Fatalf("no KM in GNU Go's record\n%s", data)
		}
		km, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			t.Fatalf("KM: %v\n%s", err, data)
		}
		if len(recs[0].Setup) == 0 || s.ToMove() != board.White || s.Rules().Komi != km || recs[0].Board.Spec() != "9x9" {
			t.Errorf("set-up %d stones, %s to move, komi %v, board %s\n%s", len(recs[0].Setup), s.ToMove(), s.Rules().Komi, recs[0].Board.Spec(), data)
		}
		for _, c := range []board.Color{board.Black, board.White} {
			if got, want := stones(s, c), sortedFields(send(t, gg, "list_stones "+c.String())); got != want {
				t.Errorf("%s stones: moku %q, GNU Go %q", c, got, want)
			}
		}
		// GNU Go's own properties survive a round trip through moku.
		if back := roundTrip(t, recs[0]); !sameRecord(recs[0], back) {
			t.Errorf("round trip changed GNU Go's record")
		}
	}
}

// TestGnuGoLoadsKeeRecords: two-player Kee records are ordinary SGF (GM[1],
// SZ, B/W): GNU Go's loadsgf reaches moku's stones. The random games avoid
// what GNU Go cannot know of, multi-stone suicide and rescinded plays (an
// appeal that no pass answers changes no stone, so appeals are played).
func TestGnuGoLoadsKeeRecords(t *testing.T) {
	gg := startGnuGo(t)
	dir := t.TempDir()
	appeals := 0
	for seed := uint64(1); seed <= 3; seed++ {
		s, err := catalog.Start(catalog.Config{Rules: "kee", Board: "7x7"})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 11))
		for i := 0; i < 90 && !s.Over(); i++ {
			var ok []game.Move
			for _, m := range s.LegalMoves(nil) {
				switch m.Kind {
				case game.Resign:
					continue
				case game.Pass:
					// A pass after an appeal rescinds a play.
					if h := s.History(); len(h) > 0 && h[len(h)-1].Move.Kind == game.Appeal {
						continue
					}
				case game.Place:
					c := s.Clone()
					mover := c.ToMove()
					before := len(strings.Fields(stones(c, mover)))
					if c.Play(m) != nil || len(strings.Fields(stones(c, mover))) <= before {
						continue // a suicide
					}
				}
				ok = append(ok, m)
			}
			if len(ok) == 0 {
				break
			}
			m := ok[rng.IntN(len(ok))]
			if m.Kind == game.Pass && len(ok) > 1 && rng.IntN(4) > 0 {
				m = ok[0]
			}
			if m.Kind == game.Appeal {
				appeals++
			}
			if err := s.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		rec := record.FromState(s)
		var b strings.Builder
		if err := rec.WriteSGF(&b); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(b.String(), "(;GM[1]FF[4]CA[UTF-8]SZ[7]") || strings.Contains(b.String(), "MKMV[B:c") {
			t.Fatalf("not ordinary SGF:\n%s", b.String())
		}
		file := filepath.Join(dir, "kee.sgf")
		if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		send(t, gg, "loadsgf "+file)
		for _, c := range []board.Color{board.Black, board.White} {
			if got, want := sortedFields(send(t, gg, "list_stones "+c.String())), stones(s, c); got != want {
				t.Errorf("seed %d: GNU Go's %s stones %q, moku's %q\n%s", seed, c, got, want, b.String())
			}
		}
	}
	if appeals == 0 {
		t.Logf("no appeals in the random games")
	}
}

// TestSetupCorpusLikeGnuGo: the files of the corpus with set-up stones
// (handicaps, positions) replay to the stones GNU Go's loadsgf reaches, on
// a rectangle drawn as a grid, and their move count leaves out the passes
// implied by White's first move.
func TestSetupCorpusLikeGnuGo(t *testing.T) {
	gg := startGnuGo(t)
	n := 0
	for _, f := range corpus(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`A[BW]\[`).Match(data) {
			continue
		}
		recs, err := record.ReadSGF(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		r := recs[0]
		if len(r.Setup) == 0 {
			continue // the set-up is in a variation or another game
		}
		n++
		s, err := r.Replay()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if s.Graph().Kind() != "rect" || s.Graph().Spec() != r.Board.Spec() || !strings.Contains(game.Text(s), "a b c") {
			t.Errorf("%s: replayed on %s %s, drawn\n%s", f, s.Graph().Kind(), s.Graph().Spec(), game.Text(s))
		}
		abs, _ := filepath.Abs(f)
		send(t, gg, "loadsgf "+abs)
		for _, c := range []board.Color{board.Black, board.White} {
			if got, want := stones(s, c), sortedFields(send(t, gg, "list_stones "+c.String())); got != want {
				t.Errorf("%s: %s stones: moku %q, GNU Go %q", f, c, got, want)
			}
		}
	}
	if n < 4 {
		t.Errorf("%d files with set-up stones in the main line, want the corpus's 4 or more", n)
	}
	data, _ := os.ReadFile("testdata/sgf-corpus/9handicap.sgf")
	recs, _ := record.ReadSGF(data)
	if got := recs[0].MoveCount(); got != 2 {
		t.Errorf("9handicap.sgf: %d moves, the file has 2 (W[qf], B[nd])", got)
	}
}
