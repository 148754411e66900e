// Package cli is the command line of moku's commands: one usage style,
// flags parsed without printing, positional arguments counted, and
// numeric flags checked against their least values, so that each command
// of cmd/moku only declares its flags and calls the packages that do the
// work.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"moku/catalog"
)

// UsageError is a command line refused before the command does anything
// (an unknown flag, a bad value, a stray argument): moku reports it once,
// points at the command's -h and exits with status 2.
type UsageError struct{ Msg string }

// Error returns the message.
func (e UsageError) Error() string { return e.Msg }

// Usagef returns a UsageError.
func Usagef(format string, a ...any) error { return UsageError{fmt.Sprintf(format, a...)} }

// Spec says how a command is called: the positional arguments it takes
// and what it does, for its usage.
type Spec struct {
	Args     string // the positional arguments in the synopsis ("FILE", "DIR..."), "" for none
	Min, Max int    // how many it takes (Max -1: any number)
	About    string // what the command does, a paragraph
}

// NewFlagSet returns the flag set of a command. It prints nothing itself:
// Parse prints the usage asked for, and moku the errors.
func NewFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// Parse parses a command's arguments. -h or --help prints the usage to
// stdout and returns flag.ErrHelp (run exits 0); an unknown flag, a bad
// value, a number out of its range (limits) or a wrong number of
// positional arguments is a UsageError.
func Parse(fs *flag.FlagSet, args []string, stdout io.Writer, sp Spec) error {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		PrintUsage(stdout, fs, sp)
		return flag.ErrHelp
	}
	if err != nil {
		return UsageError{Msg: err.Error()}
	}
	n := fs.NArg()
	switch {
	case sp.Max == 0 && n > 0:
		return Usagef("unexpected argument %q (moku %s takes only flags)", fs.Arg(0), fs.Name())
	case n < sp.Min:
		return Usagef("missing %s", sp.Args)
	case sp.Max > 0 && n > sp.Max:
		return Usagef("unexpected argument %q (moku %s takes %s)", fs.Arg(sp.Max), fs.Name(), sp.Args)
	}
	var bad error
	fs.Visit(func(f *flag.Flag) {
		if bad == nil {
			bad = checkLimit(f)
		}
	})
	return bad
}

// PrintUsage prints "usage: moku NAME [flags] ARGS", what the command does
// and its flags.
func PrintUsage(w io.Writer, fs *flag.FlagSet, sp Spec) {
	synopsis := "usage: moku " + fs.Name() + " [flags]"
	if sp.Args != "" {
		synopsis += " " + sp.Args
	}
	fmt.Fprintln(w, synopsis)
	if sp.About != "" {
		fmt.Fprintln(w, "\n"+strings.TrimSpace(sp.About))
	}
	fmt.Fprintln(w, "\nflags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// limits are the least values of the numeric flags, whichever command
// defines them: a count of games or threads is at least 1, a budget or a
// cap at least 0 (0 meaning none, or the default, as each flag says).
var limits = map[string]float64{
	"games": 1, "threads": 1, "seconds": 0.001,
	"playouts": 0, "time": 0, "max-moves": 0, "max-nodes": 0, "max-ply": 0, "max-entries": 0,
	"duration": 0, "moves": 0, "rate": 0, "rate-actions": 0, "rate-games": 0,
	"burst-actions": 0, "burst-games": 0, "max-conns": 0, "max-board-points": 1,
	"iterations": 1, "prior": 0, "test-every": 0, "learned-games": 0, "jobs": 1, "played-share": 0,
}

// checkLimit refuses a numeric flag below its limit.
func checkLimit(f *flag.Flag) error {
	least, ok := limits[f.Name]
	if !ok {
		return nil
	}
	v, err := strconv.ParseFloat(f.Value.String(), 64)
	if err != nil {
		d, derr := time.ParseDuration(f.Value.String())
		if derr != nil {
			return nil
		}
		v = d.Seconds()
	}
	switch {
	case v >= least:
		return nil
	case least == 0:
		return Usagef("--%s %s: must not be negative", f.Name, f.Value)
	case least == 1:
		return Usagef("--%s %s: must be at least 1", f.Name, f.Value)
	}
	return Usagef("--%s %s: must be more than 0", f.Name, f.Value)
}

// GameConfig returns the game the game flags (--game, --board, ...)
// describe; a game that cannot be built is a UsageError.
func GameConfig(gf *catalog.Flags) (catalog.Config, error) {
	c, err := gf.Config()
	if err != nil {
		return c, UsageError{Msg: err.Error()}
	}
	return c, nil
}
