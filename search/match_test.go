package search

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"moku/board"
	"moku/game"
)

// playGame plays one game between two players (first is Black) and
// returns the finished state.
func playGame(t *testing.T, rules, spec string, black, white game.Player, maxMoves int) game.State {
	t.Helper()
	s := start(t, rules, spec)
	for n := 0; !s.Over(); n++ {
		if n >= maxMoves {
			t.Fatalf("no end after %d moves\n%s", maxMoves, game.Text(s))
		}
		p := black
		if s.ToMove() == board.White {
			p = white
		}
		m, err := p.Genmove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Play(m); err != nil {
			t.Fatalf("%s: %v\n%s", p.Name(), err, game.Text(s))
		}
	}
	return s
}

// TestBeatsRandom: the bottom rungs of the ladder are far apart: a search
// of 500 playouts a move wins every game against the random player, with
// either colour, at Go and at Keil.
func TestBeatsRandom(t *testing.T) {
	for _, c := range []struct{ rules, board string }{{"go", "7x7"}, {"keil", "hex:4"}} {
		for g := 0; g < 2; g++ {
			mcts := New(Options{Playouts: 500, Seed: uint64(g + 1), Resign: true})
			random := game.RandomPlayer{Rand: rand.New(rand.NewPCG(uint64(g), 9))}
			var s game.State
			me := board.Black
			if g%2 == 0 {
				s = playGame(t, c.rules, c.board, mcts, random, 1000)
			} else {
				me = board.White
				s = playGame(t, c.rules, c.board, random, mcts, 1000)
			}
			r := s.Result()
			t.Logf("%s %s, mcts %s: %s after %d moves", c.rules, c.board, me, r, len(s.History()))
			if r.Winner() != me {
				t.Errorf("%s %s: mcts (%s) lost to the random player: %s\n%s", c.rules, c.board, me, r, game.Text(s))
			}
		}
	}
}

// gnugo is a GNU Go process spoken to over GTP.
type gnugo struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func (g *gnugo) send(t *testing.T, line string) string {
	t.Helper()
	if _, err := fmt.Fprintln(g.in, line); err != nil {
		t.Fatal(err)
	}
	var resp []string
	for {
		l, err := g.out.ReadString('\n')
		if err != nil {
			t.Fatalf("gnugo: %s: %v", line, err)
		}
		l = strings.TrimRight(l, "\r\n")
		if l == "" && len(resp) > 0 {
			break
		}
		if l != "" {
			resp = append(resp, l)
		}
	}
	r := strings.Join(resp, "\n")
	if strings.HasPrefix(r, "?") {
		t.Fatalf("gnugo: %s: %s", line, r)
	}
	return strings.TrimSpace(strings.TrimPrefix(r, "="))
}

// TestMatchGNUGo plays whole games of Go against GNU Go: every move of
// each side must be legal to the other, and the games must end. By default
// two short games on 7x7 at 300 playouts a move; MOKU_GNUGO_GAMES,
// MOKU_GNUGO_SIZE (default 7), MOKU_PLAYOUTS and MOKU_GNUGO_LEVEL (default
// 1) make it a real match (komi 7.5, alternating colours, scored by GNU Go's
// final_score, dead stones removed), reported with a 95% interval; moku
// match does the same between any GTP engines.
func TestMatchGNUGo(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("MOKU_GNUGO_GAMES"))
	if n <= 0 {
		n = 2
	}
	size := 7
	if v, _ := strconv.Atoi(os.Getenv("MOKU_GNUGO_SIZE")); v > 0 {
		size = v
	}
	path, err := exec.LookPath("gnugo")
	if err != nil {
		if path, err = exec.LookPath("/usr/games/gnugo"); err != nil {
			t.Fatal("GNU Go is not installed (apt-get install gnugo; scripts/test does)")
		}
	}
	playouts := 300
	if v, _ := strconv.Atoi(os.Getenv("MOKU_PLAYOUTS")); v > 0 {
		playouts = v
	}
	level := "1"
	if v := os.Getenv("MOKU_GNUGO_LEVEL"); v != "" {
		level = v
	}
	wins := 0
	for gi := 0; gi < n; gi++ {
		g := &gnugo{cmd: exec.Command(path, "--mode", "gtp", "--level", level, "--chinese-rules", "--positional-superko")}
		g.in, _ = g.cmd.StdinPipe()
		stdout, _ := g.cmd.StdoutPipe()
		g.out = bufio.NewReader(stdout)
		if err := g.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		g.send(t, fmt.Sprintf("boardsize %d", size))
		g.send(t, "komi 7.5")
		g.send(t, "clear_board")
		s := start(t, "go", fmt.Sprintf("%dx%d", size, size))
		me := board.Black
		if gi%2 == 1 {
			me = board.White
		}
		p := New(Options{Playouts: playouts, Threads: 1, Seed: uint64(gi + 1), Resign: true})
		result := ""
		for moves := 0; !s.Over() && result == "" && moves < 400; moves++ {
			c := s.ToMove()
			if c == me {
				m, err := p.Genmove(s)
				if err != nil {
					t.Fatal(err)
				}
				if m.Kind == game.Resign {
					result = c.Letter() + " resigns"
					break
				}
				if err := s.Play(m); err != nil {
					t.Fatal(err)
				}
				g.send(t, "play "+c.Letter()+" "+m.Format(s.Graph()))
				continue
			}
			resp := g.send(t, "genmove "+c.Letter())
			if strings.EqualFold(resp, "resign") {
				result = c.Letter() + " resigns"
				break
			}
			m, err := game.ParseMove(s.Graph(), resp)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Play(m); err != nil {
				t.Fatalf("GNU Go's %s: %v", resp, err)
			}
		}
		won := false
		switch {
		case result != "":
			won = !strings.HasPrefix(result, me.Letter())
		default:
			result = g.send(t, "final_score")
			won = strings.HasPrefix(result, me.Letter()+"+")
		}
		if won {
			wins++
		}
		g.send(t, "quit")
		g.cmd.Wait()
		t.Logf("game %d: moku %s, %d moves, %s (moku's own count: %s); moku %d/%d", gi+1, me, len(s.History()), result, s.Result(), wins, gi+1)
	}
	pHat := float64(wins) / float64(n)
	lo, hi := wilson(wins, n)
	t.Logf("moku (%d playouts/move) against GNU Go level %s: %d/%d = %.0f%% (95%% CI %.0f%%..%.0f%%)", playouts, level, wins, n, 100*pHat, 100*lo, 100*hi)
}

// wilson returns the 95% Wilson score interval of k successes in n.
func wilson(k, n int) (lo, hi float64) {
	const z = 1.96
	p, nf := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return c - h, c + h
}
