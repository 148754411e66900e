// Package label searches the positions of game records and writes into
// each move the playouts the search gave every move of the position it was
// played in (record.Move.Visits, SGF property MKVISITS). Package prior
// learns from such records the moves a search favours, a share for each
// (Position.Target), instead of the one move played: the soft targets of
// expert iteration, where a slow search teaches the priors of a fast one.
//
// Record labels one record; Dir labels a directory of them, resuming
// where an interrupted run stopped.
package label

import (
	"context"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"moku/game"
	"moku/internal/atomicfile"
	"moku/record"
	"moku/search"
)

// Record searches the position before each move of rec's main line with
// o, a fresh tree each, and sets the move's Visits to the playouts the
// search gave the moves of the root (those it gave none left out); it stops at a resignation or where
// the game is over, and leaves the moves after without visits. The search
// of move i (from 0) has seed o.Seed+i. progress, if not nil, is called
// after each position searched. When ctx is done Record stops between two
// searches and returns ctx's error, rec then partly labelled.
func Record(ctx context.Context, rec *record.Record, o search.Options, progress func()) error {
	s, err := rec.Start()
	if err != nil {
		return err
	}
	o.KeepTree = false
	base := o.Seed
	for i := range rec.Moves {
		m := &rec.Moves[i]
		if m.Move.Kind == game.Resign || s.Over() {
			break
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		o.Seed = base + uint64(i)
		a, err := search.Search(s, o)
		if err != nil {
			return fmt.Errorf("move %d: %v", i+1, err)
		}
		m.Visits = m.Visits[:0]
		for _, c := range a.Candidates {
			if c.Visits > 0 {
				m.Visits = append(m.Visits, record.Visit{Move: c.Move, Visits: c.Visits})
			}
		}
		if err := s.Play(m.Move); err != nil {
			return fmt.Errorf("move %d (%s): %v", i+1, m.Move.Format(s.Graph()), err)
		}
		if progress != nil {
			progress()
		}
	}
	return nil
}

// Options say how Dir labels a directory.
type Options struct {
	// Search is the search of every position. Each record's searches
	// take their seeds from Search.Seed and the record's file name, so
	// that a record labels the same whatever the order or the jobs.
	Search search.Options
	// Jobs is the number of records searched at once (below 1: one).
	Jobs int
	// Progress, if not nil, is called after each record written with the
	// figures so far; calls do not overlap.
	Progress func(Stats)
}

// Stats are the figures of a Dir run.
type Stats struct {
	Records   int // in the directory
	Skipped   int // already in the output directory
	Done      int // labelled in this run
	Positions int // searched in this run
	Elapsed   time.Duration
}

// Dir labels each SGF record (*.sgf) of dir in name order and writes it
// under the same name into out, which it makes if need be. A record
// already in out is left as it is: run Dir again after an interruption to
// go on. Each record is written whole, to a temporary file renamed into
// place, once all its positions are searched; when ctx is done the records
// under way are dropped and Dir returns ctx's error with the figures of
// what it finished. Only each file's first game is labelled and written.
func Dir(ctx context.Context, dir, out string, o Options) (Stats, error) {
	begin := time.Now()
	names, err := filepath.Glob(filepath.Join(dir, "*.sgf"))
	if err != nil {
		return Stats{}, err
	}
	sort.Strings(names)
	st := Stats{Records: len(names)}
	if len(names) == 0 {
		return st, fmt.Errorf("%s: no SGF records (*.sgf)", dir)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return st, err
	}
	var todo []string
	for _, name := range names {
		if _, err := os.Stat(filepath.Join(out, filepath.Base(name))); err == nil {
			st.Skipped++
		} else {
			todo = append(todo, name)
		}
	}
	jobs := max(o.Jobs, 1)
	var (
		mu        sync.Mutex
		firstErr  error
		next      atomic.Int64
		positions atomic.Int64
		wg        sync.WaitGroup
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
		cancel()
	}
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1)) - 1
				if k >= len(todo) || ctx.Err() != nil {
					return
				}
				n, err := labelFile(ctx, todo[k], out, o.Search)
				positions.Add(int64(n))
				if err != nil {
					if ctx.Err() == nil {
						fail(fmt.Errorf("%s: %v", todo[k], err))
					}
					return
				}
				mu.Lock()
				st.Done++
				st.Positions = int(positions.Load())
				st.Elapsed = time.Since(begin)
				if o.Progress != nil {
					o.Progress(st)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	st.Positions = int(positions.Load())
	st.Elapsed = time.Since(begin)
	if firstErr != nil {
		return st, firstErr
	}
	return st, ctx.Err()
}

// labelFile labels the first game of the record in file name and writes
// it into out, returning the positions it searched.
func labelFile(ctx context.Context, name, out string, o search.Options) (int, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return 0, err
	}
	recs, err := record.ReadSGF(data)
	if err != nil {
		return 0, err
	}
	base := filepath.Base(name)
	h := fnv.New64a()
	h.Write([]byte(base))
	o.Seed += h.Sum64()
	n := 0
	if err := Record(ctx, recs[0], o, func() { n++ }); err != nil {
		return n, err
	}
	return n, atomicfile.Write(filepath.Join(out, base), recs[0].WriteSGF)
}
