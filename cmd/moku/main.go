// Command moku plays Keil, Kee Go, Ki and Go: as a web server (serve), a
// GTP engine (gtp), at the terminal (play); it replays records (replay),
// referees matches between engines (match) and rates them (ladder),
// learns move priors from game records (learn), solves small boards
// (solve), and measures itself (selfplay, bench, loadtest).
//
// Usage:
//
//	moku COMMAND [flags]
//
// Run "moku help" for the list of commands, "moku --version" for the
// version. Each command is a file of this package that parses its flags
// and calls the library packages (see docs/architecture.md).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"moku/internal/cli"
	"os"
	"sort"
	"strings"

	program "moku" // the root package: the version
)

// command is one subcommand. Files of this package register theirs in init.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

var commands = map[string]command{}

func register(name, summary string, run func(args []string, stdin io.Reader, stdout, stderr io.Writer) error) {
	commands[name] = command{summary: summary, run: run}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: moku COMMAND [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun \"moku COMMAND -h\" for a command's flags, \"moku --version\" for the version.")
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command line and returns the process's exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		usage(stderr)
		return 2
	case args[0] == "help" || args[0] == "-h" || args[0] == "--help":
		usage(stdout)
		return 0
	case args[0] == "version" || args[0] == "-version" || args[0] == "--version":
		fmt.Fprintln(stdout, "moku", program.Version)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "moku: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	if err := c.run(args[1:], stdin, stdout, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		var ue cli.UsageError
		if errors.As(err, &ue) {
			fmt.Fprintf(stderr, "moku %s: %s\nRun \"moku %s -h\" for its usage.\n", args[0], ue.Msg, args[0])
			return 2
		}
		fmt.Fprintf(stderr, "moku %s: %s\n", args[0], strings.TrimSpace(err.Error()))
		return 1
	}
	return 0
}
