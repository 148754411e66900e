// Package match referees matches between GTP engines (two, or three or
// four in Kee): it starts them as processes, plays games between them with its own moku game.State as
// the judge of legality, enforces a time limit on every move, scores
// illegal moves, crashes and hangs as losses, saves every game as SGF and
// resumes an interrupted match from the games already saved.
//
// Start with Run (two engines, Config) or RunMulti (three or four,
// MultiConfig); StartEngine and Engine.Send speak GTP to one engine
// process.
package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Engine is a GTP engine running as a child process.
type Engine struct {
	Command string // the command line it was started with
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string
	exited  chan struct{} // closed when the process has exited
	waitErr error
	stderr  tail
}

// ErrTimeout is returned by Send when the engine does not answer in time.
var ErrTimeout = errors.New("no answer in time")

// ExitError is returned by Send when the engine has exited.
type ExitError struct {
	Err    error  // from the process's Wait
	Stderr string // the end of what it wrote to standard error
}

// Error says that the engine stopped, how, and its last words on stderr.
func (e *ExitError) Error() string {
	s := "the engine exited"
	if e.Err != nil {
		s += " (" + e.Err.Error() + ")"
	}
	if t := strings.TrimSpace(e.Stderr); t != "" {
		s += "; its last output on stderr: " + lastLine(t)
	}
	return s
}

func lastLine(s string) string {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// GTPError is a failure response ("? message") to a command.
type GTPError struct{ Command, Message string }

// Error gives the command and the engine's answer, as GTP writes a failure.
func (e *GTPError) Error() string { return fmt.Sprintf("%s: ? %s", e.Command, e.Message) }

// SplitCommand splits a command line into words as a shell would for simple
// cases: words are separated by spaces; single and double quotes group
// words; a backslash escapes the next character outside single quotes.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	escaped := false
	for _, r := range s {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case r == '\\' && quote != '\'':
			escaped, inWord = true, true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 || escaped {
		return nil, fmt.Errorf("command %q: unterminated quote or escape", s)
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("empty engine command")
	}
	return words, nil
}

// StartEngine starts the engine command line.
func StartEngine(command string) (*Engine, error) {
	args, err := SplitCommand(command)
	if err != nil {
		return nil, err
	}
	e := &Engine{Command: command, lines: make(chan string, 64), exited: make(chan struct{})}
	e.cmd = exec.Command(args[0], args[1:]...)
	e.cmd.Stderr = &e.stderr
	if e.stdin, err = e.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := e.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := e.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting engine %q: %v", command, err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64*1024), 16<<20)
		for sc.Scan() {
			e.lines <- strings.TrimRight(sc.Text(), "\r")
		}
		e.waitErr = e.cmd.Wait()
		close(e.exited)
	}()
	return e, nil
}

// Pid returns the engine's process id.
func (e *Engine) Pid() int { return e.cmd.Process.Pid }

// Send sends one GTP command and waits at most timeout (0: no limit) for
// the response, which it returns without the "= ". A failure response is a
// *GTPError; an engine that has exited gives an *ExitError; ErrTimeout if
// the time runs out (the engine is then out of step: kill it).
func (e *Engine) Send(ctx context.Context, command string, timeout time.Duration) (string, error) {
	select {
	case <-e.exited:
		return "", e.exitError()
	default:
	}
	if _, err := io.WriteString(e.stdin, command+"\n"); err != nil {
		select {
		case <-e.exited:
			return "", e.exitError()
		case <-time.After(time.Second):
			return "", &ExitError{Err: err, Stderr: e.stderr.String()}
		}
	}
	var timer <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		timer = t.C
	}
	var resp []string
	// take adds a line of output; done reports a complete response.
	take := func(line string) (done bool, text string, err error) {
		if len(resp) == 0 {
			if line != "" && (line[0] == '=' || line[0] == '?') {
				resp = append(resp, line)
			}
			return false, "", nil // anything before a response is skipped
		}
		if line != "" {
			resp = append(resp, line)
			return false, "", nil
		}
		first := resp[0]
		body := strings.TrimLeft(first[1:], "0123456789") // drop "=" and an id
		text = strings.TrimSpace(strings.Join(append([]string{body}, resp[1:]...), "\n"))
		if first[0] == '?' {
			return true, "", &GTPError{Command: command, Message: text}
		}
		return true, text, nil
	}
	for {
		select {
		case line := <-e.lines:
			if done, text, err := take(line); done {
				return text, err
			}
		case <-e.exited:
			// Every line it wrote is already queued: a last response counts.
			for {
				select {
				case line := <-e.lines:
					if done, text, err := take(line); done {
						return text, err
					}
				default:
					return "", e.exitError()
				}
			}
		case <-timer:
			return "", ErrTimeout
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

func (e *Engine) exitError() error { return &ExitError{Err: e.waitErr, Stderr: e.stderr.String()} }

// Close asks the engine to quit and kills it if it has not exited within
// a second.
func (e *Engine) Close() {
	select {
	case <-e.exited:
		return
	default:
	}
	io.WriteString(e.stdin, "quit\n")
	e.stdin.Close()
	deadline := time.After(time.Second)
	for {
		select {
		case <-e.lines:
		case <-e.exited:
			return
		case <-deadline:
			e.Kill()
			return
		}
	}
}

// Kill ends the engine's process and waits for it.
func (e *Engine) Kill() {
	e.cmd.Process.Kill()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case <-e.lines: // unblock the reader
		case <-e.exited:
			return
		case <-deadline:
			return
		}
	}
}

// tail keeps the last 4 KB written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 4096 {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-4096:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
