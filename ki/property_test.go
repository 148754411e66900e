package ki

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// newGame starts Ki on an n x n board.
func newGame(t testing.TB, n int) *Position {
	t.Helper()
	g, err := board.Rect(n, n)
	if err != nil {
		t.Fatal(err)
	}
	r, err := rules.Preset("ki", g)
	if err != nil {
		t.Fatal(err)
	}
	p, err := New(r, g)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// naiveControls is control computed from the board alone, the reference the
// engine's incremental counts are checked against.
func naiveControls(g *board.Graph, color []board.Color, c board.Color, q int) bool {
	mine, theirs := 0, 0
	for _, r := range g.Neighbors(q) {
		switch color[r] {
		case c:
			mine++
		case 3 - c:
			theirs++
		}
	}
	return mine >= 2 && mine > theirs
}

// checkInvariants compares p's incremental bookkeeping with a recount from
// the board: neighbour counts, empty points, stones + empties = points, and
// the Zobrist hash.
func checkInvariants(t fataler, p *Position) {
	var hash uint64
	var stones [3]int
	for q, c := range p.color {
		stones[c]++
		hash ^= p.g.Key(q, c)
		var b, w int32
		for _, r := range p.g.Neighbors(q) {
			switch p.color[r] {
			case board.Black:
				b++
			case board.White:
				w++
			}
		}
		if p.count[2*q] != b || p.count[2*q+1] != w {
			t.Fatalf("counts of %s: %d %d, recounted %d %d", p.g.Name(q), p.count[2*q], p.count[2*q+1], b, w)
		}
	}
	if hash != p.hash {
		t.Fatalf("board hash %x, recomputed %x", p.hash, hash)
	}
	if p.Hash() != hash^board.SideKey(p.toMove) {
		t.Fatalf("Hash is not the board hash with the player to move")
	}
	if stones[board.Empty] != p.empty || stones[0]+stones[1]+stones[2] != p.g.N() {
		t.Fatalf("stones %v, empty %d, points %d", stones, p.empty, p.g.N())
	}
	res := p.Result()
	if res.Stones[board.Black] != stones[board.Black] || res.Stones[board.White] != stones[board.White] {
		t.Fatalf("result stones %v, board %v", res.Stones, stones)
	}
}

// fataler is what the checks need of *testing.T and *rapid.T.
type fataler interface {
	Fatalf(format string, args ...any)
}

// snapshot is everything Undo must restore.
type snapshot struct {
	color         []board.Color
	count         []int32
	hash, key     uint64
	toMove        board.Color
	over          bool
	moves, remove int
}

func snap(p *Position) snapshot {
	return snapshot{slices.Clone(p.color), slices.Clone(p.count), p.BoardHash(), p.Hash(), p.toMove, p.Over(), len(p.hist), len(p.removed)}
}

func (s snapshot) equal(o snapshot) bool {
	return slices.Equal(s.color, o.color) && slices.Equal(s.count, o.count) && s.hash == o.hash && s.key == o.key &&
		s.toMove == o.toMove && s.over == o.over && s.moves == o.moves && s.remove == o.remove
}

// playChecked plays m and checks it against a reference computed from the
// board: a placement puts the stone down and removes exactly the opponent's
// stones on its neighbours that the mover controls on the board with the
// new stone (judged before any removal); nothing else changes. phi (see
// recurrence_test.go) never falls.
func playChecked(t fataler, p *Position, m game.Move) {
	mover, before, phiBefore := p.toMove, slices.Clone(p.color), phi(p)
	if m.Kind == game.Pass {
		for q := range before {
			if before[q] == board.Empty && !naiveControls(p.g, before, 3-mover, q) {
				t.Fatalf("pass offered though %s can place on %s", mover, p.g.Name(q))
			}
		}
	}
	want := slices.Clone(before)
	if m.Kind == game.Place {
		q := m.Point
		if before[q] != board.Empty || naiveControls(p.g, before, 3-mover, q) {
			t.Fatalf("placement on %s offered though it is not open to %s", p.g.Name(q), mover)
		}
		withStone := slices.Clone(before)
		withStone[q] = mover
		want[q] = mover
		for _, r := range p.g.Neighbors(q) {
			if withStone[r] == 3-mover && naiveControls(p.g, withStone, mover, int(r)) {
				want[r] = board.Empty
			}
		}
	}
	if err := p.Play(m); err != nil {
		t.Fatalf("legal move %s refused: %v", m.Format(p.g), err)
	}
	if !slices.Equal(p.color, want) {
		t.Fatalf("%s by %s: board differs from the reference\n%s", m.Format(p.g), mover, game.Text(p))
	}
	if m.Kind == game.Place {
		// The property as the issue states it, on the board afterwards.
		withStone := slices.Clone(before)
		withStone[m.Point] = mover
		for _, r := range p.g.Neighbors(m.Point) {
			if p.color[r] == 3-mover && naiveControls(p.g, withStone, mover, int(r)) {
				t.Fatalf("%s left an opponent stone on %s, which it controlled", m.Format(p.g), p.g.Name(int(r)))
			}
		}
	}
	if phi(p) < phiBefore {
		t.Fatalf("phi fell from %d to %d", phiBefore, phi(p))
	}
	checkInvariants(t, p)
}

// Random games on odd boards from 3x3 to 15x15: every move checked against
// the reference, the game ends with a full board and no tie, and undoing
// every move restores each earlier state exactly.
func TestPropertyRandomGames(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.SampledFrom([]int{3, 5, 7, 9, 11, 13, 15}).Draw(rt, "size")
		p := newGame(t, n)
		limit := 40 * n * n // generous: the games take about 1.2 n² moves
		var snaps []snapshot
		var moves []game.Move
		for !p.Over() {
			if len(snaps) > limit {
				rt.Fatalf("no end after %d moves", limit)
			}
			snaps = append(snaps, snap(p))
			moves = p.LegalMoves(moves[:0])
			if len(moves) == 0 {
				rt.Fatal("no legal move in a game not over")
			}
			if slices.Contains(moves, game.PassMove) && len(moves) != 1 {
				rt.Fatalf("pass listed beside placements: %v", moves)
			}
			m := moves[rapid.IntRange(0, len(moves)-1).Draw(rt, "move")]
			playChecked(rt, p, m)
		}
		res := p.Result()
		if res.Reason != "board full" || p.Empty() != 0 {
			rt.Fatalf("ended by %q with %d empty points", res.Reason, p.Empty())
		}
		if res.Stones[board.Black]+res.Stones[board.White] != n*n || res.Winner() == board.Empty {
			rt.Fatalf("full-board result %s: %v", res, res.Stones)
		}
		for i := len(snaps) - 1; i >= 0; i-- {
			if !p.Undo() || !snap(p).equal(snaps[i]) {
				rt.Fatalf("undo to move %d did not restore the state", i)
			}
		}
		if p.Undo() {
			rt.Fatal("undo past the start")
		}
	})
}

// Legal agrees with LegalMoves and with Play, illegal moves change nothing.
func TestPropertyLegal(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.SampledFrom([]int{3, 5, 7}).Draw(rt, "size")
		p := newGame(t, n)
		steps := rapid.IntRange(0, 3*n*n).Draw(rt, "steps")
		var legal []game.Move
		for i := 0; i < steps && !p.Over(); i++ {
			legal = p.LegalMoves(legal[:0])
			for q := 0; q < p.g.N(); q++ {
				err := p.Legal(game.At(q))
				if (err == nil) != slices.Contains(legal, game.At(q)) {
					rt.Fatalf("Legal(%s) = %v disagrees with LegalMoves", p.g.Name(q), err)
				}
				if err != nil {
					s := snap(p)
					if p.Play(game.At(q)) == nil || !snap(p).equal(s) {
						rt.Fatalf("illegal %s played or changed the state", p.g.Name(q))
					}
				}
			}
			if (p.Legal(game.PassMove) == nil) != slices.Contains(legal, game.PassMove) {
				rt.Fatal("Legal(pass) disagrees with LegalMoves")
			}
			playChecked(rt, p, legal[rapid.IntRange(0, len(legal)-1).Draw(rt, "move")])
		}
	})
}

// FuzzGame plays the moves the input picks (a byte of 255 undoes one) on an
// odd board the first byte chooses, checking every move against the
// reference and the bookkeeping against a recount.
func FuzzGame(f *testing.F) {
	f.Add([]byte{1, 12, 12, 40, 3, 255, 9, 200, 17})
	f.Add([]byte{0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{3, 60, 61, 62, 255, 255, 63, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		p := newGame(t, 3+2*int(data[0]%6))
		var moves []game.Move
		for _, b := range data[1:] {
			if b == 255 {
				p.Undo()
				checkInvariants(t, p)
				continue
			}
			if p.Over() {
				continue
			}
			moves = p.LegalMoves(moves[:0])
			playChecked(t, p, moves[int(b)%len(moves)])
		}
	})
}

// BenchmarkPlayout11x11 plays uniformly random games on 11x11 to the end
// and takes them back.
func BenchmarkPlayout11x11(b *testing.B) {
	p := newGame(b, 11)
	rng := rand.New(rand.NewPCG(1, 2))
	moves := make([]game.Move, 0, 128)
	total := 0
	b.ReportAllocs()
	for b.Loop() {
		for !p.Over() {
			moves = p.LegalMoves(moves[:0])
			if err := p.Play(moves[rng.IntN(len(moves))]); err != nil {
				b.Fatal(err)
			}
		}
		total += p.MoveNumber()
		for p.Undo() {
		}
	}
	b.ReportMetric(float64(total)/float64(b.N), "moves/game")
}
