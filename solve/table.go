package solve

import (
	"bufio"
	"encoding/gob"
	"fmt"
	"io"
)

// entry is a transposition-table entry, in canonical orientation.
type entry struct {
	Lower, Upper int32
	Best         int16 // move code (point, n = button, n+1 = pass), -1 none
	nHits        uint8
	hitsAt       uint32 // the entry's hits: table.hits[hitsAt : hitsAt+nHits]
	Box          [3]uint64
	Bloom        bloom
	Sig          uint64
}

// table is a transposition table that holds no pointers, so that the
// garbage collector never scans it (with millions of entries, scanning a
// map of pointers cost a large part of the search's time) and an entry
// costs about 150 bytes.
type table struct {
	idx  map[uint64]int32 // key → index in ents
	ents []entry
	hits []uint64 // the entries' hit lists, end to end
}

func newTable() *table { return &table{idx: map[uint64]int32{}} }

// len returns the number of entries.
func (t *table) len() int { return len(t.ents) }

// get returns the entry for key, or nil; the pointer is valid until the
// next put.
func (t *table) get(key uint64) *entry {
	i, ok := t.idx[key]
	if !ok {
		return nil
	}
	return &t.ents[i]
}

// hitsOf returns e's hit list (valid until the next put).
func (t *table) hitsOf(e *entry) []uint64 {
	return t.hits[e.hitsAt : e.hitsAt+uint32(e.nHits)]
}

// put stores e with hit list hits under key, replacing any entry there,
// or adds it if the table has fewer than max entries.
func (t *table) put(key uint64, e entry, hits []uint64, max int) {
	if len(hits) > maxHits || len(t.hits)+len(hits) >= 1<<32-1 {
		return
	}
	i, ok := t.idx[key]
	if ok && len(hits) <= int(t.ents[i].nHits) {
		e.hitsAt = t.ents[i].hitsAt // reuse the old list's room
	} else {
		if !ok && len(t.ents) >= max {
			return
		}
		e.hitsAt = uint32(len(t.hits))
		t.hits = append(t.hits, make([]uint64, len(hits))...)
	}
	e.nHits = uint8(len(hits))
	copy(t.hits[e.hitsAt:], hits)
	if ok {
		t.ents[i] = e
		return
	}
	t.idx[key] = int32(len(t.ents))
	t.ents = append(t.ents, e)
}

// tableFile is the saved form of a transposition table. Entries are only
// meaningful for the same rules, board and symmetries, which the header
// records and LoadTable checks.
type tableFile struct {
	Version    int
	Rules      string
	Board      string
	Symmetries int
	Keys       []uint64
	Entries    []fileEntry
}

// fileEntry is an entry as saved.
type fileEntry struct {
	Lower, Upper int32
	Best         int16
	Hits         []uint64
	Box          [3]uint64
	Bloom        bloom
	Sig          uint64
}

const tableVersion = 4

// SaveTable writes the transposition table (the bounds of the real game)
// to w.
func (s *Solver) SaveTable(w io.Writer) error {
	t := tableFile{Version: tableVersion, Rules: s.r.String(), Board: s.g.Spec(), Symmetries: len(s.syms)}
	for k, i := range s.tt.idx {
		e := &s.tt.ents[i]
		t.Keys = append(t.Keys, k)
		t.Entries = append(t.Entries, fileEntry{Lower: e.Lower, Upper: e.Upper, Best: e.Best,
			Hits: s.tt.hitsOf(e), Box: e.Box, Bloom: e.Bloom, Sig: e.Sig})
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
		return 0, fmt.Errorf("the table was saved (format %d) for %s on %s (%d symmetries), not (format %d) %s on %s (%d symmetries)",
			t.Version, t.Rules, t.Board, t.Symmetries, tableVersion, s.r.String(), s.g.Spec(), len(s.syms))
	}
	if s.opt.NoTable {
		return 0, nil
	}
	for i, k := range t.Keys {
		f := &t.Entries[i]
		s.tt.put(k, entry{Lower: f.Lower, Upper: f.Upper, Best: f.Best, Box: f.Box, Bloom: f.Bloom, Sig: f.Sig}, f.Hits, 1<<62)
	}
	return len(t.Keys), nil
}
