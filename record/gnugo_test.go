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
