package prior

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"moku/game"
	"moku/internal/atomicfile"
)

// LearnConfig configures Learn.
type LearnConfig struct {
	Records    string  // directory of SGF records (see ReadRecords)
	Out        string  // the weights file to write, and to resume from (empty: Learn sets it to prior/weights/KEY.txt, see Key)
	Iterations int     // MM iterations in all (a resumed run counts those done)
	Prior      float64 // the prior's weight (Trainer.Prior)
	TestEvery  int     // hold out every TestEvery-th game to test the model (below 2: none)
	// MinCount, if above 1, leaves out of training every feature found
	// among fewer than MinCount candidate moves of the training
	// positions (DropRare), so that the model keeps no gamma for it and
	// it counts 1: rare large shapes would only learn their few games.
	MinCount int
	// PlayedShare is the share of the move played in the target of a
	// position that has a search's visits (Position.Target), the visits
	// having the rest (Data.MixPlayed): 0 learns the visits alone, 1 the
	// move played alone.
	PlayedShare float64
	Notes       []string  // comment lines for the file (the command, where the records came from)
	Progress    io.Writer // progress lines, or nil
	// Owners, if not nil, gives each position's owners at the end of
	// playouts, for the Owner feature (see ReadRecords).
	Owners func(game.State) []game.Shares
}

// Learn trains a model on the records in c.Records and writes it to c.Out
// after every iteration (to a temporary file renamed over c.Out, so that
// c.Out is always a whole weights file). If c.Out already holds a model of
// the same data (Model.Data), training resumes from its gammas and
// iteration: an interrupted run loses at most the iteration under way.
// Learn stops between two records while it reads them, and between two
// group updates, when ctx is done, returning ctx's error; c.Out then holds
// the last whole iteration, if any.
func Learn(ctx context.Context, c *LearnConfig) (*Model, error) {
	say := func(format string, a ...any) {
		if c.Progress != nil {
			fmt.Fprintf(c.Progress, format+"\n", a...)
		}
	}
	begin := time.Now()
	lastShown := time.Time{}
	d, err := ReadRecords(ctx, c.Records, func(done, total int) {
		if c.Progress != nil && (done == total || time.Since(lastShown) > 2*time.Second) {
			lastShown = time.Now()
			say("reading records: %d/%d", done, total)
		}
	}, c.Owners)
	if err != nil {
		return nil, err
	}
	if c.Out == "" {
		c.Out = filepath.Join("prior", "weights", Key(d.Game, d.Players, d.Geometry)+".txt")
	}
	if c.PlayedShare < 0 || c.PlayedShare > 1 {
		return nil, fmt.Errorf("the played move's share %g: want 0 to 1", c.PlayedShare)
	}
	mixed := d.MixPlayed(c.PlayedShare)
	digest := d.Digest()
	train, test := d.Split(c.TestEvery)
	say("%s (%.1f s); %d positions to train on, %d held out; data %s", d.Describe(), time.Since(begin).Seconds(), len(train), len(test), digest)
	if mixed > 0 {
		say("%d positions learn a search's visits (MKVISITS), the move played weighing %g", mixed, c.PlayedShare)
	}
	if c.MinCount > 1 {
		kept, dropped := DropRare(train, c.MinCount)
		say("features found among fewer than %d candidate moves left out: %d kept, %d left out", c.MinCount, kept, dropped)
		digest = fmt.Sprintf("%s-min%d", digest, c.MinCount)
	}
	var from *Model
	if f, err := os.Open(c.Out); err == nil {
		m, rerr := Read(f)
		f.Close()
		switch {
		case rerr != nil:
			return nil, fmt.Errorf("%s: %v (remove it to start afresh)", c.Out, rerr)
		case m.Data == digest:
			from = m
			say("resuming from %s: %d iterations done", c.Out, m.Iteration)
		default:
			say("%s holds a model of other data: starting afresh", c.Out)
		}
	}
	iter := 0
	if from != nil {
		iter = from.Iteration
	}
	t := NewTrainer(train, c.Prior, from)
	say("%d features", len(t.Features))
	m := t.Model()
	notes := func(m *Model) {
		m.Game, m.Geometry, m.Data, m.Iteration = d.Game, d.Geometry, digest, iter
		if d.Players > 2 {
			m.Players = d.Players
		}
		m.Notes = append(append([]string(nil), c.Notes...),
			fmt.Sprintf("data: %d records (%s to %s), %d positions, every %d-th game held out (%d positions)%s",
				len(d.Files), d.Files[0], d.Files[len(d.Files)-1], len(d.Positions), c.TestEvery, len(test), visitsNote(mixed, c.PlayedShare)),
			fmt.Sprintf("prior %g, %d features, %d iterations%s", c.Prior, len(t.Features), iter, minNote(c.MinCount)))
		tr := m.Evaluate(train)
		m.Notes = append(m.Notes, fmt.Sprintf("train: log-likelihood %.4f a move, top-1 %.1f%%", tr.LogLikelihood, 100*tr.Top1))
		if len(test) > 0 {
			te := m.Evaluate(test)
			m.Notes = append(m.Notes, fmt.Sprintf("test: log-likelihood %.4f a move, top-1 %.1f%%", te.LogLikelihood, 100*te.Top1))
		}
	}
	if iter == 0 {
		notes(m)
		say("start: %s", m.Notes[len(m.Notes)-1])
	}
	for iter < c.Iterations {
		step := time.Now()
		for g := Group(0); g < NumGroups; g++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			t.stepGroup(g)
		}
		iter++
		m = t.Model()
		notes(m)
		if err := writeFile(c.Out, m); err != nil {
			return nil, err
		}
		say("iteration %d/%d (%.1f s): %s; %s", iter, c.Iterations, time.Since(step).Seconds(), m.Notes[len(m.Notes)-2], m.Notes[len(m.Notes)-1])
	}
	if from != nil && from.Iteration >= c.Iterations {
		say("%s has had its %d iterations already", c.Out, from.Iteration)
		return from, nil
	}
	return m, nil
}

func visitsNote(n int, played float64) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %d positions with a search's visits, the move played weighing %g", n, played)
}

func minNote(n int) string {
	if n > 1 {
		return fmt.Sprintf(", features found among fewer than %d candidate moves left out", n)
	}
	return ""
}

// DropRare removes from positions (setting them to 0, none) the features
// found among fewer than minCount of their candidate moves, and returns
// how many distinct features it kept and left out.
func DropRare(positions []Position, minCount int) (kept, dropped int) {
	count := map[Feature]int{}
	for _, p := range positions {
		for _, fs := range p.Moves {
			for g, v := range fs {
				if v != 0 {
					count[Feature{Group(g), v}]++
				}
			}
		}
	}
	for _, p := range positions {
		for i := range p.Moves {
			for g, v := range p.Moves[i] {
				if v != 0 && count[Feature{Group(g), v}] < minCount {
					p.Moves[i][g] = 0
				}
			}
		}
	}
	for _, n := range count {
		if n >= minCount {
			kept++
		} else {
			dropped++
		}
	}
	return kept, dropped
}

// writeFile writes m to path through a temporary file renamed over it.
func writeFile(path string, m *Model) error {
	var b bytes.Buffer
	if _, err := m.WriteTo(&b); err != nil {
		return err
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		_, err := w.Write(b.Bytes())
		return err
	})
}
