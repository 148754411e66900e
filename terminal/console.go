package terminal

import (
	"io"
	"os"

	"golang.org/x/term"
)

// Console returns, when in is a terminal, a line editor on it (the arrow
// keys move in the line and through the lines typed before; Ctrl-C or
// Ctrl-D on an empty line ends) with the writer its output must go
// through, and a function that gives the terminal back as it was; ok is
// false when in is not a terminal, and then the caller reads plain lines
// (Lines).
//
// The editor is golang.org/x/term's Terminal: it puts the terminal in raw
// mode, so that arrow keys reach it instead of being echoed as escape
// sequences, and translates the output's newlines for raw mode.
func Console(in *os.File, out io.Writer) (lines LineReader, w io.Writer, restore func(), ok bool, err error) {
	fd := int(in.Fd())
	if !term.IsTerminal(fd) {
		return nil, nil, nil, false, nil
	}
	old, err := term.MakeRaw(fd)
	if err != nil {
		return nil, nil, nil, false, err
	}
	t := term.NewTerminal(struct {
		io.Reader
		io.Writer
	}{in, out}, "")
	return t, t, func() { term.Restore(fd, old) }, true, nil
}
