package prior

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"moku/board"
	"moku/game"
	"moku/record"
)

// writeGames writes n games of random moves under rules on spec to dir as
// SGF records, and returns the number of moves played.
func writeGames(t *testing.T, dir, rules, spec string, n int, seed uint64) int {
	t.Helper()
	moves := 0
	for i := 0; i < n; i++ {
		s := start(t, rules, spec)
		r := rand.New(rand.NewPCG(seed, uint64(i)))
		for k := 0; k < 40 && !s.Over(); k++ {
			legal := s.LegalMoves(nil)
			if err := s.Play(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			moves++
		}
		var b bytes.Buffer
		if err := record.FromState(s).WriteSGF(&b); err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, rules+"-"+spec+"-"+string(rune('a'+i))+".sgf")
		if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return moves
}

// Every move of every record becomes a position whose played move is the
// record's, with the features of all the legal moves.
func TestReadRecords(t *testing.T) {
	for _, c := range []struct{ rules, spec, key string }{
		{"go", "7x7", "go-square"}, {"keil", "hex:4", "keil-hex"}, {"kee", "5x5", "kee-square"}, {"ki", "5x5", "ki-square"},
		{"kee players=3", "5x5", "kee3-square"},
	} {
		t.Run(c.key, func(t *testing.T) {
			dir := t.TempDir()
			moves := writeGames(t, dir, c.rules, c.spec, 3, 1)
			d, err := ReadRecords(context.Background(), dir, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if Key(d.Game, d.Players, d.Geometry) != c.key || len(d.Files) != 3 || len(d.Positions) != moves {
				t.Fatalf("%s: %d records, %d positions; want %s, 3 records, %d positions", Key(d.Game, d.Players, d.Geometry), len(d.Files), len(d.Positions), c.key, moves)
			}
			// Replay the first game and compare.
			data, _ := os.ReadFile(filepath.Join(dir, d.Files[0]))
			recs, _ := record.ReadSGF(data)
			s, _ := recs[0].Start()
			x := NewExtractor(s.Rules(), s.Graph())
			for i, m := range recs[0].Moves {
				legal := s.LegalMoves(nil)
				p := d.Positions[i]
				if p.Game != 0 || legal[p.Played] != m.Move || !reflect.DeepEqual(p.Moves, x.Moves(s, legal, nil)) {
					t.Fatalf("position %d: not the record's", i)
				}
				s.Play(m.Move)
			}
		})
	}
}

// A move's search visits (MKVISITS) become its position's target: each
// legal move's share of them; moves without visits keep the played move
// alone; visits of a move that is not legal there are an error naming the
// file and the move, and so are visits that add up to nothing.
func TestReadRecordsVisits(t *testing.T) {
	dir := t.TempDir()
	writeGames(t, dir, "go", "5x5", 1, 1)
	name := filepath.Join(dir, "go-5x5-a.sgf")
	data, _ := os.ReadFile(name)
	recs, err := record.ReadSGF(data)
	if err != nil {
		t.Fatal(err)
	}
	rec := recs[0]
	s, _ := rec.Start()
	first := s.LegalMoves(nil)
	rec.Moves[0].Visits = []record.Visit{{Move: first[3], Visits: 30}, {Move: rec.Moves[0].Move, Visits: 90}, {Move: game.PassMove, Visits: 0}}
	write := func(r *record.Record) {
		var b bytes.Buffer
		if err := r.WriteSGF(&b); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(rec)
	d, err := ReadRecords(context.Background(), dir, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]float64, len(first))
	want[3] += 0.25
	want[d.Positions[0].Played] += 0.75
	if !reflect.DeepEqual(d.Positions[0].Target, want) {
		t.Errorf("target %v, want %v", d.Positions[0].Target, want)
	}
	if d.Positions[1].Target != nil {
		t.Errorf("a move without visits has the target %v", d.Positions[1].Target)
	}
	digest := d.Digest()
	// The move played given half: 0.125 and 0.375 + 0.5.
	if n := d.MixPlayed(0.5); n != 1 || d.Positions[0].Target[3] != 0.125 || d.Positions[0].Target[d.Positions[0].Played] != 0.875 || d.Positions[1].Target != nil {
		t.Errorf("MixPlayed(0.5): %d positions, target %v", n, d.Positions[0].Target)
	}
	if d.Digest() == digest {
		t.Error("mixed targets, the same digest")
	}
	rec.Moves[0].Visits[0].Visits = 31
	write(rec)
	if d, err = ReadRecords(context.Background(), dir, nil, nil); err != nil || d.Digest() == digest {
		t.Errorf("other visits, the same digest %s (%v)", digest, err)
	}
	for _, c := range []struct {
		visits []record.Visit
		want   string
	}{
		// The first move's point, taken: not legal at move 2.
		{[]record.Visit{{Move: rec.Moves[1].Move, Visits: 2}, {Move: rec.Moves[0].Move, Visits: 5}}, "move 2 (" + rec.Moves[1].Move.Format(s.Graph()) +
			"): its search visits " + rec.Moves[0].Move.Format(s.Graph()) + ", which is not a legal move there (MKVISITS)"},
		{[]record.Visit{{Move: rec.Moves[1].Move, Visits: 0}}, "move 2 (" + rec.Moves[1].Move.Format(s.Graph()) + "): its search visits add up to 0"},
	} {
		rec.Moves[0].Visits = nil
		rec.Moves[1].Visits = c.visits
		write(rec)
		if _, err := ReadRecords(context.Background(), dir, nil, nil); err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "go-5x5-a.sgf") {
			t.Errorf("visits %v: %v, want an error with %q", c.visits, err, c.want)
		}
	}
}

func TestReadRecordsRefusesMixedGames(t *testing.T) {
	dir := t.TempDir()
	writeGames(t, dir, "go", "7x7", 1, 1)
	writeGames(t, dir, "keil", "hex:4", 1, 1)
	if _, err := ReadRecords(context.Background(), dir, nil, nil); err == nil || !strings.Contains(err.Error(), "train one game, number of players and kind of board at a time") {
		t.Errorf("ReadRecords of Go and Keil records: %v", err)
	}
	kee := t.TempDir()
	writeGames(t, kee, "kee", "5x5", 1, 1)
	writeGames(t, kee, "kee players=3", "5x5", 1, 1)
	if _, err := ReadRecords(context.Background(), kee, nil, nil); err == nil || !strings.Contains(err.Error(), "a record of kee-square among records of kee3-square") {
		t.Errorf("ReadRecords of two- and three-player Kee records: %v", err)
	}
	if _, err := ReadRecords(context.Background(), t.TempDir(), nil, nil); err == nil || !strings.Contains(err.Error(), "no SGF records") {
		t.Errorf("ReadRecords of an empty directory: %v", err)
	}
}

// A run resumed from its weights file ends where an unbroken run does,
// to the bit; a run stopped before it starts writes nothing.
func TestLearnResumes(t *testing.T) {
	dir := t.TempDir()
	writeGames(t, dir, "go", "7x7", 6, 3)
	out := t.TempDir()
	learn := func(file string, iterations int) (*Model, string) {
		var progress bytes.Buffer
		c := LearnConfig{Records: dir, Out: filepath.Join(out, file), Iterations: iterations, Prior: 1, TestEvery: 3,
			Notes: []string{"test run"}, Progress: &progress}
		m, err := Learn(context.Background(), &c)
		if err != nil {
			t.Fatal(err)
		}
		return m, progress.String()
	}
	learn("resumed.txt", 2)
	resumed, progress := learn("resumed.txt", 5)
	if !strings.Contains(progress, "resuming from") || !strings.Contains(progress, "iteration 5/5") || strings.Contains(progress, "iteration 2/5") {
		t.Errorf("the second run did not resume after iteration 2:\n%s", progress)
	}
	whole, _ := learn("whole.txt", 5)
	if resumed.Iteration != 5 || !reflect.DeepEqual(resumed.Gamma, whole.Gamma) {
		t.Errorf("resumed: iteration %d, gammas equal to the unbroken run's: %v", resumed.Iteration, reflect.DeepEqual(resumed.Gamma, whole.Gamma))
	}
	f, _ := os.Open(filepath.Join(out, "whole.txt"))
	read, err := Read(f)
	f.Close()
	if err != nil || !reflect.DeepEqual(read.Gamma, whole.Gamma) || read.Game != "go" || read.Geometry != "square" || read.Notes[0] != "test run" {
		t.Errorf("the file does not hold the model: %v", err)
	}
	if fi, err := os.Stat(filepath.Join(out, "whole.txt")); err != nil {
		t.Error(err)
	} else if fi.Mode().Perm() != 0o644 {
		t.Errorf("the weights file's mode is %v; want rw-r--r--, as a file any tool writes", fi.Mode())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := LearnConfig{Records: dir, Out: filepath.Join(out, "stopped.txt"), Iterations: 5, Prior: 1}
	if _, err := Learn(ctx, &c); !errors.Is(err, context.Canceled) {
		t.Errorf("a stopped run returned %v", err)
	}
	if _, err := os.Stat(c.Out); !os.IsNotExist(err) {
		t.Errorf("a run stopped before its first iteration wrote %s", c.Out)
	}
}

// For finds the embedded model of a game exactly when weights/ has its
// file or the file it borrows (Borrows), or, with more than two players,
// the two-player game's; and every embedded file reads; a game without
// any gets nil (the search then keeps its hand-set priors: search's tests
// check that it plays as before). A two-player game never gets a model
// of more players.
func TestFor(t *testing.T) {
	embedded := map[string]bool{}
	for _, k := range Embedded() {
		embedded[k] = true
	}
	without := 0
	for _, c := range []struct{ rules, spec string }{
		{"go", "9x9"}, {"go", "torus:9x9"}, {"kee", "9x9"}, {"kee", "hex:5"}, {"keil", "hex:7"}, {"ki", "11x11"}, {"go", "hex:4"},
		{"kee players=3", "7x7"}, {"kee players=4", "7x7"}, {"kee players=3", "hex:4"},
	} {
		s := start(t, c.rules, c.spec)
		r, geo := s.Rules(), GeometryOf(s.Graph()).Kind()
		keys := []string{Key(r.Game, r.Players, geo)}
		if r.Players > 2 {
			keys = append(keys, Key(r.Game, 2, geo))
		}
		key := ""
		for _, k := range keys {
			if embedded[k] {
				key = k
				break
			}
			if o := Borrows[k]; embedded[o] {
				key = o
				break
			}
		}
		m := For(r, s.Graph())
		switch {
		case (m != nil) != (key != ""):
			t.Errorf("%s on %s: For gives %v, weights/ has one of %v: %v", c.rules, c.spec, m != nil, keys, key != "")
		case m == nil:
			without++
		case Key(m.Game, m.Players, m.Geometry) != key || len(m.Gamma) == 0:
			t.Errorf("weights/%s.txt is of %s, %d features", key, Key(m.Game, m.Players, m.Geometry), len(m.Gamma))
		case r.Players == 2 && m.Players > 2:
			t.Errorf("%s on %s: For gives a model of %d players", c.rules, c.spec, m.Players)
		}
	}
	if without == 0 {
		t.Errorf("every game of the list has weights: add one that has none")
	}
}

// Two-player Kee on a square board plays with Go's weights, the very
// model Go gets; and every borrowing is of a game without its own file,
// from one that has a file, of the same kind of board.
func TestBorrows(t *testing.T) {
	kee, goes := start(t, "kee", "9x9"), start(t, "go", "9x9")
	if m := For(kee.Rules(), kee.Graph()); m == nil || m != For(goes.Rules(), goes.Graph()) {
		t.Errorf("Kee 9x9's model is not Go 9x9's")
	}
	embedded := map[string]bool{}
	for _, k := range Embedded() {
		embedded[k] = true
	}
	for key, other := range Borrows {
		_, geo, _ := strings.Cut(key, "-")
		_, otherGeo, _ := strings.Cut(other, "-")
		if embedded[key] || !embedded[other] || geo != otherGeo {
			t.Errorf("%s borrows %s: own file %v, other's file %v", key, other, embedded[key], embedded[other])
		}
	}
}

// ReadRecords with owners gives every placement its Owner feature, read
// from the owners of the position it is played in; and it stops at once
// when its context is done.
func TestReadRecordsOwnersAndStop(t *testing.T) {
	dir := t.TempDir()
	writeGames(t, dir, "go", "7x7", 2, 1)
	calls := 0
	// Black owns every point in every playout: Black's placements get 9,
	// White's 1.
	owners := func(s game.State) []game.Shares {
		calls++
		o := make([]game.Shares, s.Graph().N())
		for p := range o {
			o[p][board.Black] = 1
		}
		return o
	}
	d, err := ReadRecords(context.Background(), dir, nil, owners)
	if err != nil {
		t.Fatal(err)
	}
	if calls != len(d.Positions) {
		t.Errorf("owners read %d times for %d positions", calls, len(d.Positions))
	}
	k := 0 // the position's index in its game: Black moves at even ones
	for i, p := range d.Positions {
		if i > 0 && p.Game != d.Positions[i-1].Game {
			k = 0
		}
		want := uint32(9)
		if k%2 == 1 {
			want = 1
		}
		for _, f := range p.Moves {
			if f[Pattern] != 0 && f[Owner] != want { // a placement
				t.Fatalf("position %d: owner feature %d, want %d", i, f[Owner], want)
			}
		}
		k++
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReadRecords(ctx, dir, nil, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("ReadRecords with its context done: %v", err)
	}
}

// TestDropRare: features found among fewer than minCount candidate moves
// become 0 (none); the others stay.
func TestDropRare(t *testing.T) {
	var a, b, c Features
	a[Spatial6], b[Spatial6], c[Spatial6] = 7, 7, 9 // 7 twice, 9 once
	a[Edge], b[Edge], c[Edge] = 2, 2, 2             // three times
	positions := []Position{{Moves: []Features{a, b}}, {Moves: []Features{c}, Played: 0}}
	kept, dropped := DropRare(positions, 2)
	if kept != 2 || dropped != 1 {
		t.Errorf("kept %d, dropped %d, want 2 and 1", kept, dropped)
	}
	if got := positions[1].Moves[0][Spatial6]; got != 0 {
		t.Errorf("the shape seen once stays: %d", got)
	}
	for _, fs := range append(positions[0].Moves, positions[1].Moves...) {
		if fs[Edge] != 2 {
			t.Errorf("edge feature lost: %v", fs)
		}
	}
	if positions[0].Moves[0][Spatial6] != 7 || positions[0].Moves[1][Spatial6] != 7 {
		t.Errorf("the shape seen twice is dropped: %v", positions[0].Moves)
	}
}

// TestLearnMinCount: with MinCount the model holds only features found
// among at least that many candidate moves of the training positions,
// keeps fewer than without it, says so in its notes, and does not resume
// from a model learned without it.
func TestLearnMinCount(t *testing.T) {
	dir := t.TempDir()
	writeGames(t, dir, "go", "7x7", 6, 5)
	d, err := ReadRecords(context.Background(), dir, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	train, _ := d.Split(0)
	count := map[Feature]int{}
	for _, p := range train {
		for _, fs := range p.Moves {
			for g, v := range fs {
				if v != 0 {
					count[Feature{Group(g), v}]++
				}
			}
		}
	}
	out := filepath.Join(t.TempDir(), "w.txt")
	learn := func(minCount int) (*Model, string) {
		var progress bytes.Buffer
		c := LearnConfig{Records: dir, Out: out, Iterations: 2, Prior: 1, MinCount: minCount, Progress: &progress}
		m, err := Learn(context.Background(), &c)
		if err != nil {
			t.Fatal(err)
		}
		return m, progress.String()
	}
	all, _ := learn(0)
	some, progress := learn(5)
	if strings.Contains(progress, "resuming") {
		t.Errorf("a run with --min-count resumed from one without:\n%s", progress)
	}
	if len(some.Gamma) >= len(all.Gamma) || len(some.Gamma) == 0 {
		t.Errorf("%d features with min count 5, %d without", len(some.Gamma), len(all.Gamma))
	}
	for f := range some.Gamma {
		if count[f] < 5 {
			t.Errorf("%v kept, found among %d candidate moves", f, count[f])
		}
	}
	if !strings.Contains(strings.Join(some.Notes, "\n"), "fewer than 5 candidate moves left out") {
		t.Errorf("the notes do not say so: %q", some.Notes)
	}
}

// TestEmbeddedGoWeightsKnowTheOpening: the embedded Go weights know the
// shapes, of every size, of the first moves on the empty 9x9 board, which
// every game of their training had: a change to how the extractor codes
// a shape, which would leave the weights' shapes unmatched, fails here.
func TestEmbeddedGoWeightsKnowTheOpening(t *testing.T) {
	s := start(t, "go", "9x9")
	m := For(s.Rules(), s.Graph())
	if m == nil {
		t.Fatal("no embedded weights for 9x9 Go")
	}
	x := NewExtractor(s.Rules(), s.Graph())
	x.SetModel(m)
	moves := s.LegalMoves(nil)
	fs := x.Moves(s, moves, nil)
	checked := 0
	for i, mv := range moves {
		name := mv.Format(s.Graph())
		if name != "e5" && name != "c3" && name != "g7" {
			continue
		}
		checked++
		for _, g := range []Group{Pattern, Spatial} {
			if _, ok := m.Gamma[Feature{g, fs[i][g]}]; !ok {
				t.Errorf("%s: the weights do not know its %v %d", name, g, fs[i][g])
			}
		}
		for g := Spatial5; g <= Spatial8; g++ {
			if _, ok := m.Gamma[Feature{g, fs[i][g]}]; !ok {
				t.Errorf("%s: the weights do not know its %v %#x", name, g, fs[i][g])
			}
		}
	}
	if checked != 3 {
		t.Errorf("checked %d moves, want e5, c3 and g7", checked)
	}
}

// Learning from three-player records writes a model of three players,
// under its own key, which For then gives three-player games of that
// game and kind of board, and no others.
func TestLearnThreePlayers(t *testing.T) {
	dir := t.TempDir()
	writeGames(t, dir, "kee players=3", "5x5", 4, 5)
	c := LearnConfig{Records: dir, Out: filepath.Join(t.TempDir(), "kee3.txt"), Iterations: 2, Prior: 1, TestEvery: 2}
	m, err := Learn(context.Background(), &c)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(c.Out)
	read, err := Read(f)
	f.Close()
	if err != nil || m.Players != 3 || read.Players != 3 || Key(read.Game, read.Players, read.Geometry) != "kee3-square" {
		t.Errorf("the model of three-player records: %v, players %d, read back %+v", err, m.Players, read)
	}
}
