package main

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

// usageError is a command line refused before the command does anything
// (an unknown flag, a bad value, a stray argument): run reports it once,
// points at the command's -h and exits with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// usagef returns a usageError.
func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// spec says how a command is called: the positional arguments it takes
// and what it does, for its usage.
type spec struct {
	args     string // the positional arguments in the synopsis ("FILE", "DIR..."), "" for none
	min, max int    // how many it takes (max -1: any number)
	about    string // what the command does, a paragraph
}

// newFlagSet returns the flag set of a command. It prints nothing itself:
// parse prints the usage asked for, and run the errors.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parse parses a command's arguments. -h or --help prints the usage to
// stdout and returns flag.ErrHelp (run exits 0); an unknown flag, a bad
// value, a number out of its range (limits) or a wrong number of
// positional arguments is a usageError.
func parse(fs *flag.FlagSet, args []string, stdout io.Writer, sp spec) error {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		printUsage(stdout, fs, sp)
		return flag.ErrHelp
	}
	if err != nil {
		return usageError{err.Error()}
	}
	n := fs.NArg()
	switch {
	case sp.max == 0 && n > 0:
		return usagef("unexpected argument %q (moku %s takes only flags)", fs.Arg(0), fs.Name())
	case n < sp.min:
		return usagef("missing %s", sp.args)
	case sp.max > 0 && n > sp.max:
		return usagef("unexpected argument %q (moku %s takes %s)", fs.Arg(sp.max), fs.Name(), sp.args)
	}
	var bad error
	fs.Visit(func(f *flag.Flag) {
		if bad == nil {
			bad = checkLimit(f)
		}
	})
	return bad
}

// printUsage prints "usage: moku NAME [flags] ARGS", what the command does
// and its flags.
func printUsage(w io.Writer, fs *flag.FlagSet, sp spec) {
	synopsis := "usage: moku " + fs.Name() + " [flags]"
	if sp.args != "" {
		synopsis += " " + sp.args
	}
	fmt.Fprintln(w, synopsis)
	if sp.about != "" {
		fmt.Fprintln(w, "\n"+strings.TrimSpace(sp.about))
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
	"burst-actions": 0, "burst-games": 0, "max-conns": 0,
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
		return usagef("--%s %s: must not be negative", f.Name, f.Value)
	case least == 1:
		return usagef("--%s %s: must be at least 1", f.Name, f.Value)
	}
	return usagef("--%s %s: must be more than 0", f.Name, f.Value)
}

// gameConfig returns the game the game flags (--game, --board, ...)
// describe; a game that cannot be built is a usageError.
func gameConfig(gf *catalog.Flags) (catalog.Config, error) {
	c, err := gf.Config()
	if err != nil {
		return c, usageError{err.Error()}
	}
	return c, nil
}
