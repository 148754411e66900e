package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/internal/atomicfile"
	"moku/record"
)

// settings are what the referee takes from Config or MultiConfig.
type settings struct {
	engines  []string // the engines' command lines
	games    int
	game     catalog.Config
	move     time.Duration // the time limit for each genmove (0: none)
	maxMoves int           // 0: 4 moves a point plus 20
	dir      string
	progress io.Writer // nil: no progress bar
	seed     uint64    // see GameSeed
	// onMove, if set, is called after every move the referee accepts
	// with the engines' process ids, indexed by engine.
	onMove func(game, moves int, pids []int)
}

// referee holds a match in progress. It plays every match's games, one
// engine a colour: a two-engine match (Run) is the case of two seats, a
// Kee match of three or four engines (RunMulti) that of as many. What
// differs between them (who sits where, how a game is scored, what its
// record says of the outcome, how the running score reads) is the
// match's kind.
type referee struct {
	engineSet
	cfg   settings
	rules string // the ruleset of the match, as saved in the records
	board string
}

// newReferee checks the settings of a match (players checks the number of
// players of its game) and makes the directory for its games.
func newReferee(cfg settings, players func(n int) error) (*referee, error) {
	if cfg.games < 1 {
		return nil, fmt.Errorf("the match needs at least one game")
	}
	r, g, err := cfg.game.Build()
	if err != nil {
		return nil, err
	}
	if err := players(r.Players); err != nil {
		return nil, err
	}
	if cfg.maxMoves == 0 {
		cfg.maxMoves = 4*g.N() + 20
	}
	if err := os.MkdirAll(cfg.dir, 0o755); err != nil {
		return nil, err
	}
	return &referee{engineSet: newEngineSet(cfg.engines, cfg.game), cfg: cfg, rules: r.String(), board: g.Spec()}, nil
}

// An outcome is a game's outcome as a kind of match keeps it (*Game or
// *MultiGame).
type outcome interface {
	// verdict returns what the game's record says of its outcome.
	verdict() verdict
	// forfeitNote returns the line that reports the game's forfeit, or ""
	// if no engine forfeited it.
	forfeitNote() string
}

// verdict is what a game's record says of its outcome.
type verdict struct {
	result string     // RE
	reason string     // MKEND: why the game ended
	marks  []property // the kind's own root properties, saved before MKEND
}

// property is a root property of a record.
type property struct{ id, value string }

// A kind is what a kind of match adds to the referee.
type kind[G outcome] interface {
	// seats returns who plays game n: seats[k] is the engine (0-based)
	// playing colour k+1.
	seats(n int) []int
	// load returns game n from rec, its record saved in file by an
	// earlier run of the match.
	load(n int, file string, rec *record.Record) (G, error)
	// score returns the outcome of a game just played.
	score(p *played) G
	// add counts a game in the summary.
	add(g G)
	// standing returns the running score, for the progress bar.
	standing() string
	// stopped returns why the match ends before its next game, or "" to
	// play on.
	stopped() string
}

// run plays the match of kind k, or what remains of it: games saved in the
// match's directory are counted, not replayed.
func run[G outcome](ctx context.Context, ref *referee, k kind[G]) error {
	defer ref.closeEngines()
	for n := 1; n <= ref.cfg.games; n++ {
		g, saved, err := loadGame(ref, k, n)
		if err != nil {
			return err
		}
		if saved {
			k.add(g)
			continue
		}
		if why := k.stopped(); why != "" {
			if ref.cfg.progress != nil {
				fmt.Fprintf(ref.cfg.progress, "\rstopped %s\n", why)
			}
			return nil
		}
		ref.progress(n-1, k.standing)
		if g, err = playGame(ctx, ref, k, n); err != nil {
			ref.endProgress()
			return err
		}
		k.add(g)
		if note := g.forfeitNote(); note != "" && ref.cfg.progress != nil {
			fmt.Fprintf(ref.cfg.progress, "\r%s\n", note)
		}
	}
	ref.progress(ref.cfg.games, k.standing)
	ref.endProgress()
	return nil
}

// loadGame reads game n if it was saved by an earlier run of the match.
func loadGame[G outcome](ref *referee, k kind[G], n int) (g G, saved bool, err error) {
	file := fileName(ref.cfg.dir, n)
	rec, err := loadSaved(file, ref.rules, ref.board)
	if rec == nil || err != nil {
		return g, false, err
	}
	g, err = k.load(n, file, rec)
	return g, err == nil, err
}

// playGame plays game n, scores it and saves it.
func playGame[G outcome](ctx context.Context, ref *referee, k kind[G], n int) (G, error) {
	var g G
	p, err := ref.play(ctx, n, k.seats(n))
	if err != nil {
		return g, err
	}
	g = k.score(p)
	return g, ref.save(p, g.verdict())
}

// fileName is where game n is saved.
func fileName(dir string, n int) string { return filepath.Join(dir, fmt.Sprintf("game-%04d.sgf", n)) }

// progress draws the progress bar after done games, with the running score
// standing gives.
func (ref *referee) progress(done int, standing func() string) {
	if ref.cfg.progress == nil {
		return
	}
	const width = 30
	fill := done * width / ref.cfg.games
	fmt.Fprintf(ref.cfg.progress, "\r[%s%s] %d/%d games  %s ",
		strings.Repeat("#", fill), strings.Repeat("-", width-fill), done, ref.cfg.games, standing())
}

// endProgress ends the progress bar's line.
func (ref *referee) endProgress() {
	if ref.cfg.progress != nil {
		fmt.Fprintln(ref.cfg.progress)
	}
}

// played is a game the referee has played, to be scored and saved.
type played struct {
	n       int
	file    string // where it is saved
	seats   []int  // seats[k] is the engine that played colour k+1
	state   game.State
	forfeit int    // the engine that forfeited, or -1
	reason  string // why it ended: the forfeit, the game's own end or the move limit
	// cpu[k] is the CPU time the engine playing colour k+1 used from the
	// game's first move to its end, or -1 where it is unknown (see
	// processCPU).
	cpu []time.Duration
}

// colour returns the colour engine i played.
func (p *played) colour(i int) board.Color {
	for k, e := range p.seats {
		if e == i {
			return board.Color(k + 1)
		}
	}
	return board.Empty
}

// forfeit ends a game lost by an engine.
type forfeit struct {
	engine int
	reason string
}

// play plays game n, seats[k] playing colour k+1, until it is over, reaches
// the move limit or an engine forfeits it (a crash or hang while it is set
// up, a failure to answer, an illegal move).
func (ref *referee) play(ctx context.Context, n int, seats []int) (*played, error) {
	f, err := ref.setUp(ctx, n, seats)
	if err != nil {
		return nil, err
	}
	s, err := catalog.Start(ref.cfg.game)
	if err != nil {
		return nil, err
	}
	var cpu []time.Duration
	if f == nil {
		start := ref.cpuNow(seats)
		if f, err = ref.moves(ctx, n, s, seats); err != nil {
			return nil, err
		}
		cpu = ref.cpuNow(seats).since(start)
	}
	p := ref.ended(n, seats, s, f)
	p.cpu = cpu
	return p, nil
}

// cpuSnapshot is the CPU time each engine of a game's seats has used,
// by colour, with its process id then; -1 where it cannot be read.
type cpuSnapshot struct {
	pid []int
	cpu []time.Duration
}

// cpuNow reads the CPU time of the engines of seats.
func (ref *referee) cpuNow(seats []int) cpuSnapshot {
	s := cpuSnapshot{pid: make([]int, len(seats)), cpu: make([]time.Duration, len(seats))}
	for k, i := range seats {
		s.pid[k], s.cpu[k] = -1, -1
		if e := ref.engines[i]; e != nil {
			s.pid[k] = e.Pid()
			if c, ok := processCPU(s.pid[k]); ok {
				s.cpu[k] = c
			}
		}
	}
	return s
}

// since returns the CPU time each engine has used since the earlier
// snapshot a, by colour: -1 where either is unknown or the engine is not
// the process it was.
func (s cpuSnapshot) since(a cpuSnapshot) []time.Duration {
	d := make([]time.Duration, len(s.cpu))
	for k := range d {
		d[k] = -1
		if s.cpu[k] >= 0 && a.cpu[k] >= 0 && s.pid[k] == a.pid[k] {
			d[k] = s.cpu[k] - a.cpu[k]
		}
	}
	return d
}

// setUp prepares the engines of seats for game n. An engine that
// crashes or hangs meanwhile forfeits the game, like any other.
func (ref *referee) setUp(ctx context.Context, n int, seats []int) (*forfeit, error) {
	for _, i := range seats {
		err := ref.setup(ctx, i, GameSeed(ref.cfg.seed, n, i))
		if err == nil {
			continue
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var ee *ExitError
		if errors.As(err, &ee) || errors.Is(err, ErrTimeout) {
			ref.drop(i)
			return &forfeit{i, err.Error()}, nil
		}
		return nil, err
	}
	return nil, nil
}

// moves plays game n in s until it is over, reaches the move limit or an
// engine forfeits it.
func (ref *referee) moves(ctx context.Context, n int, s game.State, seats []int) (*forfeit, error) {
	for !s.Over() && len(s.History()) < ref.cfg.maxMoves {
		if f, err := ref.turn(ctx, s, seats); f != nil || err != nil {
			return f, err
		}
		if ref.cfg.onMove != nil {
			ref.cfg.onMove(n, len(s.History()), ref.pids())
		}
	}
	return nil, nil
}

// turn asks the engine whose turn it is for a move, plays it if it is
// legal and tells the other engines; an engine that fails forfeits.
func (ref *referee) turn(ctx context.Context, s game.State, seats []int) (*forfeit, error) {
	c := s.ToMove()
	i := seats[c-1]
	who := fmt.Sprintf("engine %d (%s)", i+1, c)
	resp, err := ref.engines[i].Send(ctx, "genmove "+c.String(), ref.cfg.move)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return ref.failure(i, who, "genmove", err), nil
	}
	m, err := game.ParseMove(s.Graph(), resp)
	if err != nil {
		return &forfeit{i, fmt.Sprintf("%s answered genmove with %q: %v", who, resp, err)}, nil
	}
	if err := s.Play(m); err != nil {
		return &forfeit{i, fmt.Sprintf("%s played %s: %v", who, m.Format(s.Graph()), err)}, nil
	}
	// A resignation ends a two-player game; with more players the game
	// goes on without the player who resigned, and the others are told.
	if m.Kind == game.Resign && len(seats) == 2 {
		return nil, nil
	}
	return ref.tell(ctx, seats, c, m.Format(s.Graph()))
}

// tell passes move, just played by colour c, to every other engine of
// seats; one that fails to take it forfeits.
func (ref *referee) tell(ctx context.Context, seats []int, c board.Color, move string) (*forfeit, error) {
	cmd := "play " + c.String() + " " + move
	// The records of two-engine matches name the command without its
	// colour, as they always have.
	named := cmd
	if len(seats) == 2 {
		named = "play " + move
	}
	for k, o := range seats {
		oc := board.Color(k + 1)
		if oc == c {
			continue
		}
		if _, err := ref.engines[o].Send(ctx, cmd, ref.cfg.move); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return ref.failure(o, fmt.Sprintf("engine %d (%s)", o+1, oc), named, err), nil
		}
	}
	return nil, nil
}

// failure turns engine i's failure to answer cmd into a forfeit.
func (ref *referee) failure(i int, who, cmd string, err error) *forfeit {
	return &forfeit{i, ref.failed(i, who, cmd, ref.cfg.move, err)}
}

// ended returns game n as it ended in s: by forfeit f (if not nil), by the
// game's own end or at the move limit.
func (ref *referee) ended(n int, seats []int, s game.State, f *forfeit) *played {
	p := &played{n: n, file: fileName(ref.cfg.dir, n), seats: seats, state: s, forfeit: -1}
	switch {
	case f != nil:
		p.forfeit, p.reason = f.engine, f.reason
	case s.Over():
		p.reason = s.Result().Reason
	default:
		p.reason = fmt.Sprintf("move limit (%d moves): scored as the position stands", ref.cfg.maxMoves)
	}
	return p
}

// save writes the record of game p, whose outcome is v, to its file.
func (ref *referee) save(p *played, v verdict) error {
	rec := record.FromState(p.state)
	for k, i := range p.seats {
		c := board.Color(k + 1)
		name := ref.names[i]
		if name == "" {
			name = ref.cmds[i]
		}
		rec.Set("P"+c.Letter(), fmt.Sprintf("%s (engine %d: %s)", name, i+1, ref.cmds[i]))
	}
	rec.Set("RE", v.result)
	rec.Set("DT", time.Now().Format("2006-01-02"))
	rec.Set("EV", "moku match")
	rec.Set("RO", strconv.Itoa(p.n))
	if ref.cfg.move > 0 {
		rec.Set("OT", fmt.Sprintf("%v per move", ref.cfg.move))
	}
	for _, m := range v.marks {
		rec.Set(m.id, m.value)
	}
	rec.Set("MKEND", v.reason)
	for k, t := range p.cpu {
		if t >= 0 {
			rec.Set("MKCPU"+board.Color(k+1).Letter(), strconv.FormatFloat(t.Seconds(), 'f', 2, 64))
		}
	}
	rec.Set("C", fmt.Sprintf("game %d of a moku match: %s (%s)", p.n, v.result, v.reason))
	return writeSGF(p.file, rec)
}

// writeSGF writes rec to file by way of a temporary file, so that an
// interrupted write leaves no half record for a resumed match to read.
func writeSGF(file string, rec *record.Record) error {
	return atomicfile.Write(file, rec.WriteSGF)
}
