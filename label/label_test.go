package label

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"moku/catalog"
	"moku/game"
	"moku/record"
	"moku/search"
)

// writeGame writes a record of moves under rules on spec to dir/name.
func writeGame(t *testing.T, dir, name, rules, spec, moves string) {
	t.Helper()
	s, err := catalog.Start(catalog.Config{Rules: rules, Board: spec})
	if err != nil {
		t.Fatal(err)
	}
	if err := game.PlayAll(s, moves); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := record.FromState(s).WriteSGF(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func options(playouts int) search.Options {
	o := search.DefaultOptions()
	o.Playouts, o.StopEarly, o.Resign = playouts, false, false
	return o
}

// Every move up to a resignation gets the visits of a search of the
// position before it: legal moves, adding up to the playouts, none
// without playouts; the moves and the rest of the record stay as they
// were; the same search labels the same.
func TestRecord(t *testing.T) {
	for _, c := range []struct{ rules, spec, moves string }{
		{"go", "5x5", "c3 b2 c2 b3 resign"},
		{"keil", "hex:3", "b2 button a1 resign"},
		{"kee players=3", "4x4", "b2 c3 a1 pass"},
		{"ki", "5x5", "c3 b2 c2"},
	} {
		dir := t.TempDir()
		writeGame(t, dir, "g.sgf", c.rules, c.spec, c.moves)
		data, _ := os.ReadFile(filepath.Join(dir, "g.sgf"))
		recs, err := record.ReadSGF(data)
		if err != nil {
			t.Fatal(err)
		}
		rec := recs[0]
		if err := Record(context.Background(), rec, options(200), nil); err != nil {
			t.Fatalf("%s: %v", c.rules, err)
		}
		s, _ := rec.Start()
		for i, m := range rec.Moves {
			if m.Move.Kind == game.Resign {
				if m.Visits != nil {
					t.Errorf("%s: the resignation has visits %v", c.rules, m.Visits)
				}
				continue
			}
			legal := map[game.Move]bool{}
			for _, l := range s.LegalMoves(nil) {
				legal[l] = true
			}
			total := 0
			for _, v := range m.Visits {
				if !legal[v.Move] || v.Visits <= 0 {
					t.Errorf("%s: move %d: visit %s:%d", c.rules, i+1, v.Move.Format(s.Graph()), v.Visits)
				}
				total += v.Visits
			}
			if total != 200 {
				t.Errorf("%s: move %d: %d playouts in its visits, want 200", c.rules, i+1, total)
			}
			if err := s.Play(m.Move); err != nil {
				t.Fatal(err)
			}
		}
		var b bytes.Buffer
		rec.WriteSGF(&b)
		again, _ := record.ReadSGF(data)
		if err := Record(context.Background(), again[0], options(200), nil); err != nil {
			t.Fatal(err)
		}
		var b2 bytes.Buffer
		again[0].WriteSGF(&b2)
		if b.String() != b2.String() {
			t.Errorf("%s: labelled twice, two records:\n%s\n%s", c.rules, b.String(), b2.String())
		}
		for i := range again[0].Moves {
			again[0].Moves[i].Visits = nil
		}
		b2.Reset()
		again[0].WriteSGF(&b2)
		if b2.String() != string(data) {
			t.Errorf("%s: without its visits the record is not the one read:\n%s\n%s", c.rules, b2.String(), data)
		}
	}
}

// Dir writes every record labelled into the output directory, skips
// those already there when run again, stops when its context is done
// keeping the records finished, and names the file of a record that does
// not read.
func TestDir(t *testing.T) {
	in, out := t.TempDir(), filepath.Join(t.TempDir(), "out")
	names := []string{"a.sgf", "b.sgf", "c.sgf"}
	for i, n := range names {
		writeGame(t, in, n, "go", "5x5", []string{"c3 b2", "c3 c2 b3", "b2 pass pass"}[i])
	}
	os.WriteFile(filepath.Join(in, "notes.txt"), []byte("not a record"), 0o644)

	var calls []Stats
	st, err := Dir(context.Background(), in, out, Options{Search: options(100), Jobs: 2, Progress: func(s Stats) { calls = append(calls, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if st.Records != 3 || st.Done != 3 || st.Skipped != 0 || st.Positions != 2+3+3 || len(calls) != 3 || calls[2].Done != 3 {
		t.Errorf("stats %+v, progress %+v", st, calls)
	}
	first := map[string][]byte{}
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(out, n))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "MKVISITS[") {
			t.Errorf("%s has no visits:\n%s", n, data)
		}
		if fi, _ := os.Stat(filepath.Join(out, n)); fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v", n, fi.Mode())
		}
		first[n] = data
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 3 {
		t.Errorf("%d files in the output, want 3 (no temporary file left)", len(entries))
	}

	// Resume: a removed record is labelled again, the same, the others skipped.
	os.Remove(filepath.Join(out, "b.sgf"))
	st, err = Dir(context.Background(), in, out, Options{Search: options(100)})
	if err != nil || st.Done != 1 || st.Skipped != 2 {
		t.Fatalf("resumed: %+v, %v", st, err)
	}
	if data, _ := os.ReadFile(filepath.Join(out, "b.sgf")); !reflect.DeepEqual(data, first["b.sgf"]) {
		t.Errorf("b.sgf labelled again differs:\n%s\n%s", data, first["b.sgf"])
	}

	// Stopped: nothing written, the context's error returned.
	stopped := filepath.Join(t.TempDir(), "stopped")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if st, err := Dir(ctx, in, stopped, Options{Search: options(100)}); !errors.Is(err, context.Canceled) || st.Done != 0 {
		t.Errorf("stopped: %+v, %v", st, err)
	}
	if entries, _ := os.ReadDir(stopped); len(entries) != 0 {
		t.Errorf("stopped: %d files written", len(entries))
	}

	os.WriteFile(filepath.Join(in, "d.sgf"), []byte("(;SZ[5];B[zz])"), 0o644)
	if _, err := Dir(context.Background(), in, out, Options{Search: options(100)}); err == nil || !strings.Contains(err.Error(), "d.sgf") {
		t.Errorf("a bad record: %v", err)
	}
	if _, err := Dir(context.Background(), t.TempDir(), out, Options{}); err == nil || !strings.Contains(err.Error(), "no SGF records") {
		t.Errorf("an empty directory: %v", err)
	}
}
