// Package gtp is moku's engine for the Go Text Protocol, version 2: it reads
// commands, applies them to a game.State of any game moku plays, and writes
// the responses ("= result" or "? error", each followed by a blank line, with
// the command's id echoed).
//
// Start with Settings.Engine (moku's engine as moku gtp builds it from its
// flags: the search or the random player, with the search's own commands,
// see UseSearch), or New and Engine.Run; Engine.Execute runs one command.
//
// Besides the standard commands (handicap included, handicap.go) it offers
// GNU Go's all_legal and list_stones, GoGui's game-rules extensions
// (gogui-rules_*), kgsGtp's kgs-genmove_cleanup, kgs-rules and
// kgs-time_settings, the live analysis of Leela Zero and KataGo
// (lz-analyze, kata-analyze, genmove_analyze; analyze.go), and moku-rules,
// which prints the ruleset in force. Further commands can be added with
// Register, and streamed ones with RegisterStream.
package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"moku"
	"slices"
	"sort"
	"strconv"
	"strings"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/playout"
	"moku/rules"
)

// Name and Version are moku's name and version: the engine answers name
// with Name, and version with Version followed by what plays genmove
// ("0.1 (genmove: uniformly random legal moves)"), so that a match record
// says who played.
const (
	Name    = "moku"
	Version = moku.Version
)

// Handler answers one command. args are the command's arguments; the
// returned text is the response (without "= "), or an error for "? ".
type Handler func(e *Engine, args []string) (string, error)

// Player chooses moves for genmove (game.Player).
type Player = game.Player

// RandomPlayer plays a uniformly random legal move other than a pass
// (game.RandomPlayer).
type RandomPlayer = game.RandomPlayer

// Engine is a GTP engine over one game at a time.
type Engine struct {
	cfg      catalog.Config
	game     string // "go", "keil", "kee", "ki"
	state    game.State
	handlers map[string]Handler
	player   Player
	// playedBy says what plays genmove in the game as it is now (its
	// board and rules may have changed since the start), for version.
	playedBy func(game.State) string
	// estimator judges dead stones for final_status_list, or nil.
	estimator game.Estimator
	quit      bool
	loaded    *loaded // the board of a record loaded by loadsgf (sgf.go), or nil
	streams   map[string]StreamHandler
	// setup is the number of moves at the start of the history that set
	// up the position (handicap stones and White's passes between them):
	// undo does not take them back.
	setup int
	// implied lists the history indices of the passes play and genmove
	// made for a player who was skipped (a move out of turn): undo takes
	// them back with the move that follows.
	implied []int
}

// New returns an engine playing the game cfg describes. seed seeds the
// random choices of genmove.
func New(cfg catalog.Config, seed uint64) (*Engine, error) {
	r, _, err := cfg.Build()
	if err != nil {
		return nil, err
	}
	e := &Engine{cfg: cfg, game: r.Game, handlers: map[string]Handler{}, streams: map[string]StreamHandler{},
		player: RandomPlayer{Rand: rand.New(rand.NewPCG(seed, 0x6d6f6b75))}, playedBy: named(randomDesc)}
	if e.state, err = catalog.Start(cfg); err != nil {
		return nil, err
	}
	for name, h := range standard {
		e.handlers[name] = h
	}
	registerSGF(e)
	load := e.handlers["loadsgf"]
	e.handlers["loadsgf"] = func(e *Engine, a []string) (string, error) {
		out, err := load(e, a)
		if err == nil {
			// A record's own opening passes (White to play first, PL[W])
			// belong to its set-up: undo stops at them.
			e.setup, e.implied = 0, nil
			for _, m := range e.loaded.rec.Moves {
				if !m.Implied || e.setup >= len(e.state.History()) {
					break
				}
				e.setup++
			}
		}
		return out, err
	}
	registerGoGui(e)
	return e, nil
}

// Reseeder is a Player whose random choices can be seeded afresh: the
// command moku-seed N seeds it with N, as the flag --seed does at start.
type Reseeder interface {
	Reseed(seed uint64)
}

// randomDesc is what version says of a RandomPlayer.
const randomDesc = "uniformly random legal moves"

// SetPlayer makes p choose the moves of genmove (the default is a
// RandomPlayer); version names it by its Name.
func (e *Engine) SetPlayer(p Player) {
	e.player = p
	e.playedBy = named(p.Name())
	if _, ok := p.(RandomPlayer); ok {
		e.playedBy = named(randomDesc)
	}
}

// named is a playedBy that says name whatever the game.
func named(name string) func(game.State) string {
	return func(game.State) string { return name }
}

// Register adds (or replaces) the command name.
func (e *Engine) Register(name string, h Handler) {
	delete(e.streams, name)
	e.handlers[name] = h
}

// Stream writes the body of a response that is written as it goes (live
// analysis): it calls out with each line until ctx is done or it has no
// more to say, and returns the response's last line ("" for none).
type Stream func(ctx context.Context, out func(line string)) string

// StreamHandler answers a command whose response is written as it goes.
// It checks the arguments (an error answers "? " as usual) and returns the
// Stream that writes the response after its "=" line (Leela Zero's
// framing: "=" and the id alone on the first line, a blank line at the
// end). interrupt says whether the next line of input ends the stream
// (lz-analyze: its context is cancelled) or the stream runs to its end
// (genmove_analyze).
type StreamHandler func(e *Engine, args []string) (s Stream, interrupt bool, err error)

// RegisterStream adds (or replaces) the streaming command name.
func (e *Engine) RegisterStream(name string, h StreamHandler) {
	delete(e.handlers, name)
	e.streams[name] = h
}

// State returns the game in progress.
func (e *Engine) State() game.State { return e.state }

// Game returns the game's name: "go", "keil", "kee" or "ki".
func (e *Engine) Game() string { return e.game }

// SetState replaces the game in progress (for commands such as loadsgf).
func (e *Engine) SetState(s game.State) {
	e.state = s
	e.setup, e.implied = 0, nil
}

// Run reads commands from r and writes responses to w until quit or the end
// of the input. It reads on while a streaming command (lz-analyze) writes
// its response: the next line of input ends the stream, and is then run.
//
// A line longer than MaxLine bytes is skipped to its end and answered
// with an error; the commands after it run as usual.
func (e *Engine) Run(r io.Reader, w io.Writer) error {
	lines := make(chan string)
	stop := make(chan struct{})
	defer close(stop)
	var readErr error
	go func() {
		defer close(lines)
		br := bufio.NewReaderSize(r, 64*1024)
		for {
			line, err := readLine(br, MaxLine)
			if err != nil && !(errors.Is(err, io.EOF) && line != "") {
				if !errors.Is(err, io.EOF) {
					readErr = err
				}
				return
			}
			select {
			case lines <- line:
			case <-stop:
				return
			}
		}
	}()
	bw := bufio.NewWriter(w)
	write := func(s string) error {
		if _, err := bw.WriteString(s); err != nil {
			return err
		}
		return bw.Flush()
	}
	var pending *string
	eof := false
	for !e.quit && !eof {
		line := ""
		if pending != nil {
			line, pending = *pending, nil
		} else if l, ok := <-lines; ok {
			line = l
		} else {
			break
		}
		if line == tooLong {
			if err := write(failure("", fmt.Errorf("command line longer than %d bytes: skipped", MaxLine))); err != nil {
				return err
			}
			continue
		}
		id, name, args, ok := parse(line)
		if !ok {
			continue
		}
		sh, streaming := e.streams[name]
		if !streaming {
			if err := write(e.run(id, name, args)); err != nil {
				return err
			}
			continue
		}
		stream, interrupt, err := sh(e, args)
		if err != nil {
			if err := write(failure(id, err)); err != nil {
				return err
			}
			continue
		}
		if err := write("=" + id + "\n"); err != nil {
			return err
		}
		ctx, cancel := context.WithCancel(context.Background())
		var werr error
		done := make(chan string, 1)
		go func() {
			done <- stream(ctx, func(l string) {
				if werr == nil {
					werr = write(l + "\n")
				}
			})
		}()
		var last string
		if interrupt {
			select {
			case last = <-done:
			case l, ok := <-lines:
				if ok {
					pending = &l
				} else {
					eof = true
				}
				cancel()
				last = <-done
			}
		} else {
			last = <-done
		}
		cancel()
		if werr != nil {
			return werr
		}
		if last != "" {
			last += "\n"
		}
		if err := write(last + "\n"); err != nil {
			return err
		}
	}
	if e.quit {
		return nil
	}
	for range lines { // closed by now, after readErr was set
	}
	return readErr
}

// MaxLine bounds the bytes of a line of input Run reads (the longest
// command, set_free_handicap or play on the largest board, takes a few
// kilobytes).
const MaxLine = 1 << 20

// tooLong stands for a line over MaxLine bytes between readLine and Run
// (a line that is these bytes, a NUL first, gets the same answer).
const tooLong = "\x00too long"

// readLine returns the next line of br without its end of line ("\n" or
// "\r\n"), or tooLong, having read the line to its end, if it is longer
// than max bytes; io.EOF with the last line if it has no end of line.
func readLine(br *bufio.Reader, max int) (string, error) {
	var buf []byte
	n := 0
	for {
		chunk, err := br.ReadSlice('\n')
		n += len(chunk)
		if n <= max+2 {
			buf = append(buf, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		line := strings.TrimSuffix(strings.TrimSuffix(string(buf), "\n"), "\r")
		if n > max+2 || len(line) > max {
			line = tooLong
		}
		return line, err
	}
}

// Execute runs one line of input and returns the whole response, blank
// line included. ok is false for lines that hold no command (empty lines
// and comments), which get no response. A streaming command that the next
// command would end (lz-analyze) ends after its first line of output here;
// others (genmove_analyze) run to their end.
func (e *Engine) Execute(line string) (resp string, ok bool) {
	id, name, args, ok := parse(line)
	if !ok {
		return "", false
	}
	sh, streaming := e.streams[name]
	if !streaming {
		return e.run(id, name, args), true
	}
	stream, interrupt, err := sh(e, args)
	if err != nil {
		return failure(id, err), true
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var b strings.Builder
	b.WriteString("=" + id + "\n")
	last := stream(ctx, func(l string) {
		b.WriteString(l + "\n")
		if interrupt {
			cancel()
		}
	})
	if last != "" {
		b.WriteString(last + "\n")
	}
	b.WriteString("\n")
	return b.String(), true
}

// isID reports whether w is a command id: GTP's unsigned integer, digits
// only (no sign).
func isID(w string) bool {
	for _, c := range w {
		if c < '0' || c > '9' {
			return false
		}
	}
	return w != ""
}

// parse splits a line of input into the command's id, its name (in lower
// case) and its arguments; ok is false for a line without a command.
func parse(line string) (id, name string, args []string, ok bool) {
	fields := strings.Fields(clean(line))
	if len(fields) == 0 {
		return "", "", nil, false
	}
	if isID(fields[0]) {
		id, fields = fields[0], fields[1:]
	}
	if len(fields) == 0 {
		return id, "", nil, true
	}
	return id, strings.ToLower(fields[0]), fields[1:], true
}

// run answers a command that is not streamed.
func (e *Engine) run(id, name string, args []string) string {
	if name == "" {
		return "?" + id + " no command\n\n"
	}
	h, found := e.handlers[name]
	if !found {
		return "?" + id + " unknown command\n\n"
	}
	out, err := h(e, args)
	if err != nil {
		return failure(id, err)
	}
	return "=" + id + " " + noBlankLines(out) + "\n\n"
}

// failure is the response to a command that failed.
func failure(id string, err error) string {
	return "?" + id + " " + oneLine(err.Error()) + "\n\n"
}

// clean applies GTP's preprocessing: control characters other than tab and
// newline are removed, tabs become spaces, and comments are dropped.
func clean(line string) string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 32 || r == 127:
			return -1
		}
		return r
	}, line)
}

// oneLine keeps an error message from breaking the response format: one
// line, whatever breaks it held (an SGF value quoted, say).
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// noBlankLines keeps a response from ending early: GTP ends one at its
// first empty line, and a text the response carries (an SGF record's
// comment, printsgf) may hold some. Line breaks become "\n", and each
// empty line within the text a single space.
func noBlankLines(s string) string {
	s = strings.TrimRight(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n"), "\n")
	if !strings.Contains(s, "\n\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l == "" && i > 0 && i < len(lines)-1 {
			lines[i] = " "
		}
	}
	return strings.Join(lines, "\n")
}

var standard = map[string]Handler{
	"protocol_version": func(*Engine, []string) (string, error) { return "2", nil },
	"name":             func(*Engine, []string) (string, error) { return Name, nil },
	"version": func(e *Engine, _ []string) (string, error) {
		return Version + " (genmove: " + e.playedBy(e.state) + ")", nil
	},
	"known_command": func(e *Engine, a []string) (string, error) {
		if len(a) != 1 {
			return "", fmt.Errorf("usage: known_command <command>")
		}
		_, ok := e.handlers[strings.ToLower(a[0])]
		_, streams := e.streams[strings.ToLower(a[0])]
		return strconv.FormatBool(ok || streams), nil
	},
	"list_commands": func(e *Engine, _ []string) (string, error) {
		names := make([]string, 0, len(e.handlers)+len(e.streams))
		for n := range e.handlers {
			names = append(names, n)
		}
		for n := range e.streams {
			names = append(names, n)
		}
		sort.Strings(names)
		return strings.Join(names, "\n"), nil
	},
	"quit": func(e *Engine, _ []string) (string, error) {
		e.quit = true
		return "", nil
	},
	"boardsize":         (*Engine).boardsize,
	"clear_board":       (*Engine).clearBoard,
	"komi":              (*Engine).komi,
	"play":              (*Engine).play,
	"genmove":           (*Engine).genmove,
	"reg_genmove":       (*Engine).regGenmove,
	"cputime":           cputime,
	"undo":              (*Engine).undo,
	"showboard":         (*Engine).showboard,
	"final_score":       (*Engine).finalScore,
	"final_status_list": (*Engine).finalStatusList,
	"all_legal":         (*Engine).allLegal,
	"list_stones":       (*Engine).listStones,
	"moku-rules":        func(e *Engine, _ []string) (string, error) { return e.state.Rules().String(), nil },
	"moku-history":      (*Engine).history,
	"moku-seed": func(e *Engine, a []string) (string, error) {
		seed, err := strconv.ParseUint(strings.Join(a, ""), 10, 64)
		if len(a) != 1 || err != nil {
			return "", fmt.Errorf("usage: moku-seed <seed: a whole number from 0>")
		}
		r, ok := e.player.(Reseeder)
		if !ok {
			return "", fmt.Errorf("the player %s takes no seed", e.player.Name())
		}
		r.Reseed(seed)
		return "", nil
	},
}

// rebuild starts a new game from e.cfg and replays moves on it.
func (e *Engine) rebuild(moves []game.Played) error {
	s, err := e.start()
	if err != nil {
		return err
	}
	for i, m := range moves {
		if err := s.Play(m.Move); err != nil {
			return fmt.Errorf("replaying move %d: %v", i+1, err)
		}
	}
	e.state = s
	if len(moves) == 0 {
		e.setup, e.implied = 0, nil
	}
	return nil
}

// setOverride replaces the ruleset override key in e.cfg and rebuilds the
// game, keeping its moves; on failure nothing changes.
func (e *Engine) setOverride(key, value string, keepMoves bool) error {
	old := e.cfg
	var ov []string
	for _, o := range e.cfg.Overrides {
		if k, _, _ := strings.Cut(o, "="); k != key {
			ov = append(ov, o)
		}
	}
	e.cfg.Overrides = append(ov, key+"="+value)
	var moves []game.Played
	if keepMoves {
		moves = game.Actions(e.state)
	}
	if _, _, err := e.build(); err != nil {
		e.cfg = old
		return err
	}
	if err := e.rebuild(moves); err != nil {
		e.cfg = old
		return err
	}
	return nil
}

func (e *Engine) boardsize(a []string) (string, error) {
	if len(a) != 1 {
		return "", fmt.Errorf("usage: boardsize <size>")
	}
	n, err := strconv.Atoi(a[0])
	if err != nil && isID(a[0]) {
		return "", fmt.Errorf("unacceptable size (%s)", a[0]) // digits past int
	}
	if err != nil {
		return "", fmt.Errorf("boardsize not an integer")
	}
	spec := fmt.Sprintf("%dx%d", n, n)
	g := e.state.Graph()
	if e.loaded != nil {
		g = e.loaded.base // a rectangle with set-up stones is still a rectangle
	}
	switch g.Kind() {
	case "hex", "honeycomb", "tri", "cube": // the side of the same shape
		spec = g.Kind() + ":" + strconv.Itoa(n)
	case "torus":
		spec = "torus:" + spec
	case "graph":
		return "", fmt.Errorf("unacceptable size: the board is the graph %s", g.Spec())
	}
	old, oldLoaded := e.cfg, e.loaded
	e.cfg.Board, e.loaded = spec, nil
	if _, _, err := e.cfg.Build(); err != nil {
		e.cfg, e.loaded = old, oldLoaded
		return "", fmt.Errorf("unacceptable size (%v)", err)
	}
	if err := e.rebuild(nil); err != nil {
		e.cfg, e.loaded = old, oldLoaded
		return "", fmt.Errorf("unacceptable size (%v)", err)
	}
	return "", nil
}

// clearBoard empties the board: a record's set-up stones (loadsgf) go
// too, its board, rules and komi stay.
func (e *Engine) clearBoard([]string) (string, error) {
	old := e.loaded
	e.loaded = nil // e.cfg is the record's board and rules since loadsgf
	if err := e.rebuild(nil); err == nil || old == nil {
		return "", err
	}
	// A board its specification cannot name (a graph that travelled in
	// the record): the record's board without its set-up.
	e.loaded = &loaded{play: old.base, base: old.base, rec: old.rec}
	if err := e.rebuild(nil); err != nil {
		e.loaded = old
		return "", err
	}
	return "", nil
}

func (e *Engine) komi(a []string) (string, error) {
	if len(a) != 1 {
		return "", fmt.Errorf("usage: komi <number>")
	}
	if _, err := strconv.ParseFloat(a[0], 64); err != nil {
		return "", fmt.Errorf("komi not a float")
	}
	return "", e.setOverride("komi", a[0], true)
}

// color reads a colour argument and checks that the game has that player.
func (e *Engine) color(s string) (board.Color, error) {
	c, err := board.ParseColor(s)
	if err != nil {
		return c, fmt.Errorf("invalid color")
	}
	if int(c) > e.state.Rules().Players {
		return c, fmt.Errorf("invalid color: the game has %d players", e.state.Rules().Players)
	}
	return c, nil
}

// outOfTurn reports whether the game lets a player move out of turn, as
// GNU Go does: two-player Go, where the skipped player is taken to have
// passed.
func (e *Engine) outOfTurn() bool {
	return e.game == "go" && e.state.Rules().Players == 2
}

// turn makes it c's turn: in two-player Go, if the other player is to
// move, it passes for them (an implied pass, which undo takes back with
// the move that follows; GNU Go likewise accepts moves out of turn);
// elsewhere it is an error. It refuses when the pass would end the game.
// It returns a function that takes the implied pass back (for a move that
// then fails), or nil.
func (e *Engine) turn(c board.Color) (func(), error) {
	if e.state.Over() {
		return nil, fmt.Errorf("the game is over (%s)", e.state.Result())
	}
	if c == e.state.ToMove() {
		return nil, nil
	}
	if !e.outOfTurn() {
		return nil, fmt.Errorf("it is %s's turn, not %s's", e.state.ToMove(), c)
	}
	other := e.state.ToMove()
	if err := impliedPass(e.state); err != nil {
		return nil, fmt.Errorf("%s cannot move out of turn: %s's pass %v", c, other, err)
	}
	e.implied = append(e.implied, len(e.state.History())-1)
	return func() {
		e.state.Undo()
		e.implied = e.implied[:len(e.implied)-1]
	}, nil
}

// resume takes back the two passes that ended a two-player Go game, so
// that play goes on: kgsGtp resumes a game whose dead stones were
// disputed, and GoGui or a referee may play on after the passes, as GNU Go
// lets them. It returns the function that plays the passes again (for a
// move that then fails, or a pass chosen), or nil, changing nothing, if the
// game is not over by passes.
func (e *Engine) resume() func() {
	if !e.overByPasses() {
		return nil
	}
	n := len(e.state.History())
	implied := slices.Clone(e.implied)
	e.state.Undo()
	e.state.Undo()
	for len(e.implied) > 0 && e.implied[len(e.implied)-1] >= n-2 {
		e.implied = e.implied[:len(e.implied)-1]
	}
	return func() {
		e.state.Play(game.PassMove)
		e.state.Play(game.PassMove)
		e.implied = implied
	}
}

// impliedPass passes for the player to move in s, unless that would end
// the game or is illegal.
func impliedPass(s game.State) error {
	if err := s.Play(game.PassMove); err != nil {
		return err
	}
	if s.Over() {
		s.Undo()
		return fmt.Errorf("would end the game")
	}
	return nil
}

func (e *Engine) play(a []string) (string, error) {
	if len(a) != 2 {
		return "", fmt.Errorf("usage: play <color> <move>")
	}
	c, err := e.color(a[0])
	if err != nil {
		return "", err
	}
	m, err := game.ParseMove(e.state.Graph(), a[1])
	if err != nil {
		return "", fmt.Errorf("invalid coordinate: %v", err)
	}
	if m.Kind == game.Pass && e.overByPasses() {
		return "", nil // one more pass changes nothing
	}
	var redo func()
	if m.Kind == game.Place {
		redo = e.resume()
	}
	back, err := e.turn(c)
	if err != nil {
		err = fmt.Errorf("illegal move: %v", err) // GTP's word for a play refused
	} else if err = e.state.Play(m); err != nil && back != nil {
		back()
	}
	if err != nil && redo != nil {
		redo()
	}
	return "", err
}

// overByPasses reports whether a two-player Go game has ended by two
// passes (which a placement resumes: see resume).
func (e *Engine) overByPasses() bool {
	h := e.state.History()
	n := len(h)
	return e.state.Over() && e.outOfTurn() && e.state.Result().Reason == "passes" && n-2 >= e.setup &&
		h[n-1].Move.Kind == game.Pass && h[n-2].Move.Kind == game.Pass
}

// genmove asks the engine's player for a move and plays it.
func (e *Engine) genmove(a []string) (string, error) {
	if len(a) != 1 {
		return "", fmt.Errorf("usage: genmove <color>")
	}
	if _, err := e.color(a[0]); err != nil {
		return "", err
	}
	if e.state.Over() {
		return "pass", nil
	}
	c, _ := e.color(a[0])
	m, err := e.genmoveFor(c, e.player)
	if err != nil {
		return "", err
	}
	return m.Format(e.state.Graph()), nil
}

// Peeker is a Player that can tell the move it would choose without
// changing itself (search.Player.Peek): reg_genmove then leaves the player
// as it was, as well as the game.
type Peeker interface {
	Peek(s game.State) (game.Move, error)
}

// regGenmove is GTP's reg_genmove: the move genmove would choose for the
// colour, not played, the game left as it was (regression suites such as
// GNU Go's and GoGui's gogui-regress ask it), and a Peeker player too.
func (e *Engine) regGenmove(a []string) (string, error) {
	if len(a) != 1 {
		return "", fmt.Errorf("usage: reg_genmove <color>")
	}
	c, err := e.color(a[0])
	if err != nil {
		return "", err
	}
	if e.state.Over() {
		return "pass", nil
	}
	back, err := e.turn(c)
	if err != nil {
		return "", err
	}
	var m game.Move
	if pk, ok := e.player.(Peeker); ok {
		m, err = pk.Peek(e.state)
	} else {
		m, err = e.player.Genmove(e.state)
	}
	if err == nil && m.Kind != game.Resign {
		if lerr := e.state.Legal(m); lerr != nil {
			err = fmt.Errorf("%s player chose an illegal move: %v", e.player.Name(), lerr)
		}
	}
	out := ""
	if err == nil {
		out = m.Format(e.state.Graph())
	}
	if back != nil {
		back()
	}
	return out, err
}

// cputime is GoGui's cputime: the CPU time, in seconds, the engine's
// process has used so far (gogui-twogtp reports each engine's from it).
func cputime(*Engine, []string) (string, error) {
	d, ok := playout.ProcessCPU()
	if !ok {
		return "", fmt.Errorf("cputime: not known on this system")
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 3, 64), nil
}

// genmoveFor makes it c's turn (see turn), asks p for a move and plays it.
func (e *Engine) genmoveFor(c board.Color, p Player) (game.Move, error) {
	back, err := e.turn(c)
	if err != nil {
		return game.Move{}, err
	}
	m, err := p.Genmove(e.state)
	if err == nil {
		if err = e.state.Play(m); err != nil {
			err = fmt.Errorf("%s player chose an illegal move: %v", p.Name(), err)
		}
	}
	if err != nil && back != nil {
		back()
	}
	return m, err
}

// undo takes back the last move, and the pass implied before it if it was
// made out of turn; not the set-up of a handicap.
func (e *Engine) undo([]string) (string, error) {
	if len(e.state.History()) <= e.setup || !e.state.Undo() {
		return "", fmt.Errorf("cannot undo")
	}
	n := len(e.state.History())
	for len(e.implied) > 0 && e.implied[len(e.implied)-1] >= n-1 {
		if e.implied[len(e.implied)-1] == n-1 {
			e.state.Undo()
		}
		e.implied = e.implied[:len(e.implied)-1]
	}
	return "", nil
}

func (e *Engine) showboard([]string) (string, error) {
	r := e.state.Result()
	status := fmt.Sprintf("%s to move; move %d; %s", e.state.ToMove(), len(e.state.History())+1, r.Breakdown())
	if e.state.Over() {
		status = fmt.Sprintf("game over (%s): %s; %s", r.Reason, r, r.Breakdown())
	}
	return "\n" + strings.TrimRight(game.Text(e.state), "\n") + "\n" + status, nil
}

func (e *Engine) finalScore([]string) (string, error) {
	r, err := e.judged()
	if err != nil {
		return "", err
	}
	return r.String(), nil
}

// judged is the game's result with the stones final_status_list calls
// dead removed, as GTP's final_score wants it (the engine's own opinion
// of each string's status): the board as it stands without an estimator,
// after a resignation, or in a game whose stones cannot be removed.
func (e *Engine) judged() (game.Result, error) {
	r := e.state.Result()
	w, ok := e.state.(game.DeadRemovable)
	if !ok || e.estimator == nil || len(r.Resigned) > 0 {
		return r, nil
	}
	est, err := e.estimator.Estimate(e.state)
	if err != nil {
		return r, err
	}
	dead := game.DeadStones(e.state, est)
	if len(dead) == 0 {
		return r, nil
	}
	return w.ResultWithout(dead), nil
}

// allLegal lists, as GNU Go does, the points where color may play now, then
// the button and appeals; a pass is listed only when it is the one legal move.
func (e *Engine) allLegal(a []string) (string, error) {
	if len(a) != 1 {
		return "", fmt.Errorf("usage: all_legal <color>")
	}
	c, err := e.color(a[0])
	if err != nil {
		return "", err
	}
	if c != e.state.ToMove() || e.state.Over() {
		return "", nil
	}
	moves := e.state.LegalMoves(nil)
	if !(len(moves) == 1 && moves[0].Kind == game.Pass) {
		keep := moves[:0]
		for _, m := range moves {
			if m.Kind != game.Pass {
				keep = append(keep, m)
			}
		}
		moves = keep
	}
	return e.formatMoves(moves), nil
}

func (e *Engine) listStones(a []string) (string, error) {
	if len(a) != 1 {
		return "", fmt.Errorf("usage: list_stones <color>")
	}
	c, err := e.color(a[0])
	if err != nil {
		return "", err
	}
	var names []string
	g := e.state.Graph()
	for p := 0; p < g.N(); p++ {
		if e.state.At(p) == c {
			names = append(names, g.Name(p))
		}
	}
	return strings.Join(names, " "), nil
}

// finalStatusList answers final_status_list alive|dead|seki. With an
// estimator (SetEstimator), a stone is dead when the estimate says its
// group does not keep its points (game.DeadStones), the judgement the web
// app's computer seats make; without one, every stone is alive, as the
// board counts as it stands. seki is not told apart: its stones are
// alive.
func (e *Engine) finalStatusList(a []string) (string, error) {
	if len(a) != 1 {
		return "", fmt.Errorf("usage: final_status_list alive|dead|seki")
	}
	status := strings.ToLower(a[0])
	if status != "alive" && status != "dead" && status != "seki" {
		return "", fmt.Errorf("final_status_list: unknown status %q (want alive, dead or seki)", a[0])
	}
	if status == "seki" {
		return "", nil
	}
	g := e.state.Graph()
	dead := make([]bool, g.N())
	if e.estimator != nil {
		est, err := e.estimator.Estimate(e.state)
		if err != nil {
			return "", err
		}
		for _, q := range game.DeadStones(e.state, est) {
			dead[q] = true
		}
	}
	want := func(p int) bool { return e.state.At(p) != board.Empty && dead[p] == (status == "dead") }
	grouped, ok := e.state.(game.Grouped)
	if !ok {
		var names []string
		for p := 0; p < g.N(); p++ {
			if want(p) {
				names = append(names, g.Name(p))
			}
		}
		return strings.Join(names, " "), nil
	}
	// A line a group, as GNU Go answers (GTP's multiline list).
	var lines []string
	seen := make([]bool, g.N())
	for p := 0; p < g.N(); p++ {
		if seen[p] || !want(p) {
			continue
		}
		stones, _ := grouped.Group(p)
		stones = slices.Sorted(slices.Values(stones)) // a copy: the engine's may be its own
		var names []string
		for _, q := range stones {
			if !seen[q] && want(q) {
				seen[q] = true
				names = append(names, g.Name(q))
			}
		}
		lines = append(lines, strings.Join(names, " "))
	}
	return strings.Join(lines, "\n"), nil
}

// SetEstimator makes est judge which stones are dead for
// final_status_list (nil: none is).
func (e *Engine) SetEstimator(est game.Estimator) { e.estimator = est }

// history lists the moves played, one "color move" a line.
func (e *Engine) history([]string) (string, error) {
	var lines []string
	for i, m := range e.state.History() {
		lines = append(lines, fmt.Sprintf("%d %s %s", i+1, m.Player, m.Move.Format(e.state.Graph())))
	}
	return strings.Join(lines, "\n"), nil
}

func (e *Engine) formatMoves(moves []game.Move) string {
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = m.Format(e.state.Graph())
	}
	return strings.Join(names, " ")
}

// Rules returns the ruleset in force.
func (e *Engine) Rules() rules.Ruleset { return e.state.Rules() }
