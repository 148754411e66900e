package solve

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"moku/board"
	"moku/internal/atomicfile"
	"moku/rules"
)

// Exact is a solver of a two-player game: a Solver, or a KiSolver for Ki.
// For chooses one.
type Exact interface {
	// Solve solves the game from its start.
	Solve() (*Result, error)
	// SaveTable and LoadTable write and read the transposition table, so
	// that a later solve resumes.
	SaveTable(io.Writer) error
	LoadTable(io.Reader) (int, error)
	// Close releases what the solver holds outside the Go heap.
	Close()
}

// Close does nothing: a Solver holds nothing outside the Go heap. It makes
// a Solver an Exact.
func (s *Solver) Close() {}

// For returns the solver of the two-player game ruleset r on board g
// describe: the bitboard KiSolver for the Ki games it takes (KiFast)
// unless general is set, the general Solver otherwise. Close it when done.
func For(r rules.Ruleset, g *board.Graph, opt Options, general bool) (Exact, error) {
	if KiFast(r, g) && !general {
		k, err := NewKi(r, g, opt)
		if err != nil {
			return nil, err
		}
		return k, nil
	}
	s, err := New(r, g, opt)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// LoadFile loads the table of s from the file name, if it exists, and
// returns the number of entries read.
func LoadFile(s Exact, name string) (int, error) {
	f, err := os.Open(name)
	if os.IsNotExist(err) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	defer f.Close()
	n, err := s.LoadTable(f)
	if err != nil {
		return n, fmt.Errorf("%s: %v", name, err)
	}
	return n, nil
}

// SaveFile saves the table of s to the file name, through a temporary file
// renamed at the end, so that an interrupted save leaves the old table.
func SaveFile(s Exact, name string) error {
	return atomicfile.Write(name, s.SaveTable)
}

// WriteText writes the result for people, one item a line: value,
// principal variation, nodes, time, board, rules, method and the
// deepening cap.
func (res *Result) WriteText(w io.Writer) {
	value := FormatValue(res.Value)
	if !res.Exact {
		value = fmt.Sprintf("between %s and %s (not solved)", FormatValue(res.Lower), FormatValue(res.Upper))
	}
	fmt.Fprintf(w, "value  %s\n", value)
	fmt.Fprintf(w, "pv     %s\n", strings.Join(res.PV, " "))
	fmt.Fprintf(w, "nodes  %d\n", res.Nodes)
	fmt.Fprintf(w, "time   %s (%.0f nodes/s)\n", time.Duration(res.Seconds*float64(time.Second)).Round(time.Millisecond), res.NPS)
	fmt.Fprintf(w, "board  %s\n", res.Board)
	fmt.Fprintf(w, "rules  %s\n", res.Rules)
	fmt.Fprintf(w, "method %s\n", res.Method)
	if res.PlyCap > 0 {
		fmt.Fprintf(w, "cap    %d plies (the largest deepening cap that decided a test)\n", res.PlyCap)
	}
}

// WriteText writes the result for people, one item a line: the scores,
// ranking, principal variation, nodes, time, board, rules and method.
func (res *MultiResult) WriteText(w io.Writer) {
	value := FormatScores(res.Value)
	if !res.Exact {
		value += fmt.Sprintf(" (the capped game: %d lines reached the ply cap %d and count as the worst outcome for all)", res.CappedLines, res.MaxPly)
	}
	if len(res.Caps) > 0 {
		value += fmt.Sprintf(" [caps solved: %v]", res.Caps)
	}
	fmt.Fprintf(w, "value   %s\n", value)
	fmt.Fprintf(w, "ranking %s\n", strings.Join(res.Ranking, ", "))
	fmt.Fprintf(w, "pv      %s\n", strings.Join(res.PV, " "))
	fmt.Fprintf(w, "nodes   %d\n", res.Nodes)
	fmt.Fprintf(w, "time    %s (%.0f nodes/s)\n", time.Duration(res.Seconds*float64(time.Second)).Round(time.Millisecond), res.NPS)
	fmt.Fprintf(w, "board   %s\n", res.Board)
	fmt.Fprintf(w, "rules   %s\n", res.Rules)
	fmt.Fprintf(w, "method  %s\n", res.Method)
}

// String describes the progress in a line: "12s 3400000 nodes
// (283333/s), value in [B+1, B+9], 120000 table entries, ply cap 18".
func (p Progress) String() string {
	cap := ""
	if p.Cap > 0 {
		cap = fmt.Sprintf(", ply cap %d", p.Cap)
	}
	return fmt.Sprintf("%.0fs %d nodes (%.0f/s), value in [%s, %s], %d table entries%s",
		p.Seconds, p.Nodes, float64(p.Nodes)/p.Seconds, FormatValue(p.Lower), FormatValue(p.Upper), p.Entries, cap)
}

// CapSummary describes in a line the solve of one ply cap when deepening:
// "cap 12: 3 2 0.5, 40 capped lines, 9000 nodes, 0.1s".
func (res *MultiResult) CapSummary() string {
	return fmt.Sprintf("cap %d: %s, %d capped lines, %d nodes, %.1fs",
		res.MaxPly, FormatScores(res.Value), res.CappedLines, res.Nodes, res.Seconds)
}
