// Package gtp is moku's engine for the Go Text Protocol, version 2: it reads
// commands, applies them to a game.State of any game moku plays, and writes
// the responses ("= result" or "? error", each followed by a blank line, with
// the command's id echoed).
//
// Start with Settings.Engine (moku's engine as moku gtp builds it from its
// flags: the search or the random player, with the search's own commands,
// see UseSearch), or New and Engine.Run; Engine.Execute runs one command.
//
// Besides the standard commands it offers GNU Go's all_legal and list_stones,
// GoGui's game-rules extensions (gogui-rules_*), and moku-rules, which prints
// the ruleset in force. Further commands can be added with Register.
package gtp

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"moku"
	"sort"
	"strconv"
	"strings"

	"moku/board"
	"moku/catalog"
	"moku/game"
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
	playedBy string // what plays genmove, for version
	// estimator judges dead stones for final_status_list, or nil.
	estimator game.Estimator
	quit      bool
	loaded    *loaded // the board of a record loaded by loadsgf (sgf.go), or nil
}

// New returns an engine playing the game cfg describes. seed seeds the
// random choices of genmove.
func New(cfg catalog.Config, seed uint64) (*Engine, error) {
	r, _, err := cfg.Build()
	if err != nil {
		return nil, err
	}
	e := &Engine{cfg: cfg, game: r.Game, handlers: map[string]Handler{},
		player: RandomPlayer{Rand: rand.New(rand.NewPCG(seed, 0x6d6f6b75))}, playedBy: randomDesc}
	if e.state, err = catalog.Start(cfg); err != nil {
		return nil, err
	}
	for name, h := range standard {
		e.handlers[name] = h
	}
	registerSGF(e)
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
	e.playedBy = p.Name()
	if _, ok := p.(RandomPlayer); ok {
		e.playedBy = randomDesc
	}
}

// Register adds (or replaces) the command name.
func (e *Engine) Register(name string, h Handler) { e.handlers[name] = h }

// State returns the game in progress.
func (e *Engine) State() game.State { return e.state }

// Game returns the game's name: "go", "keil", "kee" or "ki".
func (e *Engine) Game() string { return e.game }

// SetState replaces the game in progress (for commands such as loadsgf).
func (e *Engine) SetState(s game.State) { e.state = s }

// Run reads commands from r and writes responses to w until quit or the end
// of the input.
func (e *Engine) Run(r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	bw := bufio.NewWriter(w)
	for !e.quit && sc.Scan() {
		resp, ok := e.Execute(sc.Text())
		if !ok {
			continue
		}
		if _, err := bw.WriteString(resp); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
	}
	return sc.Err()
}

// Execute runs one line of input and returns the whole response, blank
// line included. ok is false for lines that hold no command (empty lines
// and comments), which get no response.
func (e *Engine) Execute(line string) (resp string, ok bool) {
	line = clean(line)
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return "", false
	}
	id := ""
	if _, err := strconv.Atoi(fields[0]); err == nil {
		id, fields = fields[0], fields[1:]
	}
	if len(fields) == 0 {
		return "?" + id + " no command\n\n", true
	}
	h, found := e.handlers[strings.ToLower(fields[0])]
	if !found {
		return "?" + id + " unknown command\n\n", true
	}
	out, err := h(e, fields[1:])
	if err != nil {
		return "?" + id + " " + oneLine(err.Error()) + "\n\n", true
	}
	return "=" + id + " " + out + "\n\n", true
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

// oneLine keeps an error message from breaking the response format.
func oneLine(s string) string {
	return strings.ReplaceAll(strings.TrimSpace(s), "\n\n", "\n")
}

var standard = map[string]Handler{
	"protocol_version": func(*Engine, []string) (string, error) { return "2", nil },
	"name":             func(*Engine, []string) (string, error) { return Name, nil },
	"version":          func(e *Engine, _ []string) (string, error) { return Version + " (genmove: " + e.playedBy + ")", nil },
	"known_command": func(e *Engine, a []string) (string, error) {
		if len(a) != 1 {
			return "", fmt.Errorf("usage: known_command <command>")
		}
		_, ok := e.handlers[strings.ToLower(a[0])]
		return strconv.FormatBool(ok), nil
	},
	"list_commands": func(e *Engine, _ []string) (string, error) {
		names := make([]string, 0, len(e.handlers))
		for n := range e.handlers {
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
	if err != nil {
		return "", fmt.Errorf("boardsize not an integer")
	}
	spec := fmt.Sprintf("%dx%d", n, n)
	g := e.state.Graph()
	if e.loaded != nil {
		g = e.loaded.base // a rectangle with set-up stones is still a rectangle
	}
	switch g.Kind() {
	case "hex":
		spec = "hex:" + strconv.Itoa(n)
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

func (e *Engine) clearBoard([]string) (string, error) { return "", e.rebuild(nil) }

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

// mover checks that colour argument s names the player to move.
func (e *Engine) mover(s string) (board.Color, error) {
	c, err := e.color(s)
	if err != nil {
		return c, err
	}
	if e.state.Over() {
		return c, fmt.Errorf("the game is over (%s)", e.state.Result())
	}
	if c != e.state.ToMove() {
		return c, fmt.Errorf("it is %s's turn, not %s's", e.state.ToMove(), c)
	}
	return c, nil
}

func (e *Engine) play(a []string) (string, error) {
	if len(a) != 2 {
		return "", fmt.Errorf("usage: play <color> <move>")
	}
	if _, err := e.mover(a[0]); err != nil {
		return "", err
	}
	m, err := game.ParseMove(e.state.Graph(), a[1])
	if err != nil {
		return "", fmt.Errorf("invalid coordinate: %v", err)
	}
	if err := e.state.Play(m); err != nil {
		return "", err
	}
	return "", nil
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
	if _, err := e.mover(a[0]); err != nil {
		return "", err
	}
	m, err := e.player.Genmove(e.state)
	if err != nil {
		return "", err
	}
	if err := e.state.Play(m); err != nil {
		return "", fmt.Errorf("%s player chose an illegal move: %v", e.player.Name(), err)
	}
	return m.Format(e.state.Graph()), nil
}

func (e *Engine) undo([]string) (string, error) {
	if !e.state.Undo() {
		return "", fmt.Errorf("cannot undo")
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
	return e.state.Result().String(), nil
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
	var names []string
	for p := 0; p < g.N(); p++ {
		if e.state.At(p) != board.Empty && dead[p] == (status == "dead") {
			names = append(names, g.Name(p))
		}
	}
	return strings.Join(names, " "), nil
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
