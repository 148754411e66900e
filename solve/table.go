package solve

import (
	"bufio"
	"encoding/gob"
	"fmt"
	"io"
)

// tableFile is the saved form of a transposition table. Entries are only
// meaningful for the same rules, board and symmetries, which the header
// records and LoadTable checks.
type tableFile struct {
	Version    int
	Rules      string
	Board      string
	Symmetries int
	Keys       []uint64
	Entries    []entry
}

const tableVersion = 3

// SaveTable writes the transposition table to w.
func (s *Solver) SaveTable(w io.Writer) error {
	t := tableFile{Version: tableVersion, Rules: s.r.String(), Board: s.g.Spec(), Symmetries: len(s.syms)}
	for k, e := range s.tt {
		t.Keys = append(t.Keys, k)
		t.Entries = append(t.Entries, *e)
	}
	bw := bufio.NewWriter(w)
	if err := gob.NewEncoder(bw).Encode(&t); err != nil {
		return err
	}
	return bw.Flush()
}

// LoadTable adds the entries of a table saved by SaveTable for the same
// rules and board, and returns how many it read.
func (s *Solver) LoadTable(r io.Reader) (int, error) {
	var t tableFile
	if err := gob.NewDecoder(bufio.NewReader(r)).Decode(&t); err != nil {
		return 0, fmt.Errorf("reading table: %v", err)
	}
	if t.Version != tableVersion || t.Rules != s.r.String() || t.Board != s.g.Spec() || t.Symmetries != len(s.syms) {
		return 0, fmt.Errorf("the table was saved for %s on %s (%d symmetries), not %s on %s (%d symmetries)",
			t.Rules, t.Board, t.Symmetries, s.r.String(), s.g.Spec(), len(s.syms))
	}
	if s.opt.NoTable {
		return 0, nil
	}
	for i, k := range t.Keys {
		e := t.Entries[i]
		s.tt[k] = &e
	}
	return len(t.Keys), nil
}
