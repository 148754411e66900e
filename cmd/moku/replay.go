package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"moku/game"
	"moku/record"
)

func init() {
	register("replay", "replay a game record: the first illegal move with its reason, or the final position and score", runReplay)
}

func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: moku replay FILE   (an SGF file or a plain move list; - reads standard input)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("want one record file")
	}
	in := stdin
	if name := fs.Arg(0); name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	data, err := io.ReadAll(in)
	if err != nil {
		return err
	}
	var s game.State
	var rec *record.Record
	if record.IsSGF(data) || strings.HasSuffix(strings.ToLower(fs.Arg(0)), ".sgf") {
		s, rec, err = replaySGF(data, stdout)
		if err != nil && s == nil {
			return fmt.Errorf("%s: %v", fs.Arg(0), err)
		}
	} else {
		ml, perr := record.ParseMoveList(bytes.NewReader(data))
		if perr != nil {
			return fmt.Errorf("%s: %v", fs.Arg(0), perr)
		}
		s, err = ml.Replay()
	}
	if s == nil {
		return err
	}
	fmt.Fprintf(stdout, "rules %s\nboard %s\n", s.Rules(), s.Graph().Spec())
	if err != nil {
		fmt.Fprintf(stdout, "position before the illegal move:\n%s", game.Text(s))
		return err
	}
	fmt.Fprintf(stdout, "%d moves, all legal\n%s", len(game.Actions(s)), game.Text(s))
	fmt.Fprint(stdout, status(s, rec))
	return nil
}

// status describes where a game stands: who is to move, or the result
// (with the stones its record says were agreed dead removed).
func status(s game.State, rec *record.Record) string {
	r := s.Result()
	var b strings.Builder
	if rec != nil && len(rec.Dead) > 0 {
		r = rec.Result(s)
		var names []string
		for _, q := range rec.Dead {
			names = append(names, s.Graph().Name(q))
		}
		fmt.Fprintf(&b, "agreed dead: %s\n", strings.Join(names, " "))
	}
	if s.Over() {
		fmt.Fprintf(&b, "game over (%s): %s\n", r.Reason, r)
	} else {
		fmt.Fprintf(&b, "%s to move; the board as it stands scores %s\n", s.ToMove(), r)
	}
	fmt.Fprintf(&b, "score: %s\n", r.Breakdown())
	return b.String()
}

// replaySGF replays the main line of the first game of an SGF file (the
// others are counted).
func replaySGF(data []byte, stdout io.Writer) (game.State, *record.Record, error) {
	recs, err := record.ReadSGF(data)
	if err != nil {
		return nil, nil, err
	}
	if len(recs) > 1 {
		fmt.Fprintf(stdout, "the file holds %d games; replaying the first\n", len(recs))
	}
	s, err := recs[0].Replay()
	return s, recs[0], err
}
