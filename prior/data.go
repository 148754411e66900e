package prior

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"

	"moku/board"
	"moku/game"
	"moku/record"
)

// Position is one training position: the features of its legal moves and
// which of them was played.
type Position struct {
	Moves  []Features
	Played int // index in Moves
	Game   int // index of the game it comes from (Data.Files)
	// Target, if not nil, is the share of each move (by index in Moves)
	// in what the model learns of the position, adding up to 1: the
	// shares of a search's playouts (record.Move.Visits), where the move
	// played alone counts otherwise.
	Target []float64
}

// Data is a training set: the positions of a set of game records, every
// move of every game, all of one game and kind of board.
type Data struct {
	Game, Geometry string
	Players        int      // of every game
	Files          []string // the records read, in order
	Positions      []Position
}

// ReadRecords reads every SGF file (*.sgf) in dir in name order, replays
// the main line of each file's first record and turns every move but a
// resignation into a Position: the features of all the legal moves of the
// position it was played in, and which was played; a move that carries a
// search's visits (record.Move.Visits, MKVISITS) gives its position their
// shares as the Target. Every record must be of
// one game with one number of players on one kind of board (Key). progress, if not nil, is called
// after each file with the files done and their number. owners, if not
// nil, gives each position's owners at the end of playouts for the Owner
// feature (Extractor.SetOwners); nil leaves the feature out. It stops
// between two records when ctx is done, returning ctx's error.
func ReadRecords(ctx context.Context, dir string, progress func(done, total int), owners func(game.State) []game.Shares) (*Data, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.sgf"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no SGF records (*.sgf)", dir)
	}
	d := &Data{}
	var x *Extractor
	var moves []game.Move
	for i, name := range names {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		recs, err := record.ReadSGF(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		rec := recs[0]
		s, err := rec.Start()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		geo, r := GeometryOf(s.Graph()).Kind(), s.Rules()
		switch {
		case x == nil:
			d.Game, d.Players, d.Geometry = r.Game, r.Players, geo
		case Key(r.Game, r.Players, geo) != Key(d.Game, d.Players, d.Geometry):
			return nil, fmt.Errorf("%s: a record of %s among records of %s: train one game, number of players and kind of board at a time",
				name, Key(r.Game, r.Players, geo), Key(d.Game, d.Players, d.Geometry))
		}
		x = NewExtractor(s.Rules(), s.Graph()) // the board may differ in size
		gi := len(d.Files)
		d.Files = append(d.Files, filepath.Base(name))
		for j, m := range rec.Moves {
			if m.Move.Kind == game.Resign || s.Over() {
				break
			}
			moves = s.LegalMoves(moves[:0])
			played := -1
			for k, l := range moves {
				if l == m.Move {
					played = k
				}
			}
			if played < 0 {
				return nil, fmt.Errorf("%s: move %d (%s) is not among the legal moves", name, j+1, m.Move.Format(s.Graph()))
			}
			if owners != nil {
				x.SetOwners(owners(s))
			}
			target, err := visitShares(m.Visits, moves, s.Graph())
			if err != nil {
				return nil, fmt.Errorf("%s: move %d (%s): %v", name, j+1, m.Move.Format(s.Graph()), err)
			}
			d.Positions = append(d.Positions, Position{Moves: x.Moves(s, moves, nil), Played: played, Game: gi, Target: target})
			if err := s.Play(m.Move); err != nil {
				return nil, fmt.Errorf("%s: move %d: %v", name, j+1, err)
			}
		}
		if progress != nil {
			progress(i+1, len(names))
		}
	}
	return d, nil
}

// visitShares returns the share of each of moves in a search's visits, nil
// if there are none; a visited move that is not among moves is an error.
func visitShares(visits []record.Visit, moves []game.Move, g *board.Graph) ([]float64, error) {
	if len(visits) == 0 {
		return nil, nil
	}
	at := make(map[game.Move]int, len(moves))
	for i, m := range moves {
		at[m] = i
	}
	shares := make([]float64, len(moves))
	total := 0.0
	for _, v := range visits {
		i, ok := at[v.Move]
		if !ok {
			if v.Visits == 0 {
				continue
			}
			return nil, fmt.Errorf("its search visits %s, which is not a legal move there (MKVISITS)", v.Move.Format(g))
		}
		shares[i] += float64(v.Visits)
		total += float64(v.Visits)
	}
	if total == 0 {
		return nil, fmt.Errorf("its search visits add up to 0 (MKVISITS)")
	}
	for i := range shares {
		shares[i] /= total
	}
	return shares, nil
}

// MixPlayed gives the move played the share played of the target of
// every position that has one, scaling the search's shares to the rest,
// and returns the number of such positions.
func (d *Data) MixPlayed(played float64) int {
	n := 0
	for _, p := range d.Positions {
		if p.Target == nil {
			continue
		}
		n++
		if played == 0 {
			continue
		}
		for i := range p.Target {
			p.Target[i] *= 1 - played
		}
		p.Target[p.Played] += played
	}
	return n
}

// Digest returns a digest of the data's positions (their features and the
// moves played), which a weights file records so that training resumes
// only on the same data.
func (d *Data) Digest() string {
	h := sha256.New()
	h.Write([]byte(Key(d.Game, d.Players, d.Geometry)))
	var buf [4]byte
	put := func(v uint32) {
		binary.LittleEndian.PutUint32(buf[:], v)
		h.Write(buf[:])
	}
	for _, p := range d.Positions {
		put(uint32(len(p.Moves)))
		put(uint32(p.Played))
		for _, t := range p.Target {
			put(math.Float32bits(float32(t)))
		}
		for _, f := range p.Moves {
			for _, v := range f {
				put(v)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// Split returns the positions of the games whose index is testEvery-1
// modulo testEvery (held out to test the model) apart from the others (to
// train it on); with testEvery below 2, all are for training.
func (d *Data) Split(testEvery int) (train, test []Position) {
	for _, p := range d.Positions {
		if testEvery >= 2 && p.Game%testEvery == testEvery-1 {
			test = append(test, p)
		} else {
			train = append(train, p)
		}
	}
	return train, test
}

// Describe says in a line what the data holds.
func (d *Data) Describe() string {
	moves := 0
	for _, p := range d.Positions {
		moves += len(p.Moves)
	}
	return fmt.Sprintf("%s: %d records, %d positions, %d candidate moves", Key(d.Game, d.Players, d.Geometry), len(d.Files), len(d.Positions), moves)
}
