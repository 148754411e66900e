package match

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"moku/catalog"
	"moku/record"
)

// engineSet is a match's engines: each is started when first needed and,
// once dropped after a crash or hang, started again for the next game.
type engineSet struct {
	cmds    []string // the engines' command lines
	game    catalog.Config
	engines []*Engine
	names   []string // the engines' GTP names and versions, for the records
}

func newEngineSet(cmds []string, game catalog.Config) engineSet {
	return engineSet{cmds: cmds, game: game, engines: make([]*Engine, len(cmds)), names: make([]string, len(cmds))}
}

// engine returns engine i, started if it is not running.
func (es *engineSet) engine(ctx context.Context, i int) (*Engine, error) {
	if es.engines[i] != nil {
		return es.engines[i], nil
	}
	e, err := StartEngine(es.cmds[i])
	if err != nil {
		return nil, fmt.Errorf("engine %d: %v", i+1, err)
	}
	es.engines[i] = e
	name, err := e.Send(ctx, "name", 30*time.Second)
	if err != nil {
		return nil, fmt.Errorf("engine %d (%s): name: %w", i+1, e.Command, err)
	}
	if v, err := e.Send(ctx, "version", 30*time.Second); err == nil && v != "" {
		name += " " + v
	}
	es.names[i] = name
	return e, nil
}

// setup prepares engine i for a new game: a game other than Go needs an
// engine that says it plays it (gogui-rules_game_id); then board size,
// komi, clear board, and an engine that knows moku-rules must be playing
// the match's ruleset.
func (es *engineSet) setup(ctx context.Context, i int, seed uint64) error {
	e, err := es.engine(ctx, i)
	if err != nil {
		return err
	}
	r, g, _ := es.game.Build()
	send := func(cmd string) (string, error) {
		resp, err := e.Send(ctx, cmd, 30*time.Second)
		if err != nil {
			return "", fmt.Errorf("engine %d (%s): %s: %w", i+1, e.Command, cmd, err)
		}
		return resp, nil
	}
	if r.Game != "go" {
		known, err := send("known_command gogui-rules_game_id")
		if err != nil {
			return err
		}
		id := ""
		if known == "true" {
			if id, err = send("gogui-rules_game_id"); err != nil {
				return err
			}
		}
		if !strings.EqualFold(id, r.Game) {
			return fmt.Errorf("engine %d (%s) does not play %s (gogui-rules_game_id: %q)", i+1, e.Command, r.Game, id)
		}
	}
	switch w, h := g.Size(); {
	case g.Kind() == "hex":
		_, err = send("boardsize " + strconv.Itoa(g.Side()))
	case (g.Kind() == "rect" || g.Kind() == "torus") && w == h:
		_, err = send("boardsize " + strconv.Itoa(w))
	}
	if err != nil {
		return err
	}
	if _, err := send("komi " + strconv.FormatFloat(r.Komi, 'f', -1, 64)); err != nil {
		return err
	}
	if _, err := send("clear_board"); err != nil {
		return err
	}
	// An engine that can say its ruleset (moku-rules) must play the
	// referee's: the same game, players, ko rule, komi and the rest, so
	// that a moku engine started with other flags (say --players 2 in a
	// three-player match) is refused before it plays.
	if known, err := send("known_command moku-rules"); err != nil || known != "true" {
		return err
	}
	got, err := send("moku-rules")
	if err != nil {
		return err
	}
	if want := r.String(); got != want {
		return fmt.Errorf("engine %d (%s) plays %q, the match %q", i+1, e.Command, got, want)
	}
	// A moku engine gets the game's own seed (see GameSeed).
	if known, err := send("known_command moku-seed"); err != nil || known != "true" {
		return err
	}
	_, err = send("moku-seed " + strconv.FormatUint(seed, 10))
	return err
}

// GameSeed is the seed a match gives engine i (from 0) before game n
// (from 1), if the engine knows the command moku-seed: so that a moku
// engine, deterministic for its seed, plays each game afresh, and a
// resumed match plays game n as an unbroken one would. base is the
// match's --seed.
func GameSeed(base uint64, n, i int) uint64 {
	return base*1_000_000 + uint64(n)*1000 + uint64(i) + 1
}

// drop kills engine i; it is restarted when next needed.
func (es *engineSet) drop(i int) {
	if es.engines[i] != nil {
		es.engines[i].Kill()
		es.engines[i] = nil
	}
}

// closeEngines ends every running engine.
func (es *engineSet) closeEngines() {
	for i, e := range es.engines {
		if e != nil {
			e.Close()
			es.engines[i] = nil
		}
	}
}

// failed says why engine i (who, in the records) failed to answer cmd
// within limit, stopping it if it crashed or hung (it is started again for
// the next game).
func (es *engineSet) failed(i int, who, cmd string, limit time.Duration, err error) string {
	var ge *GTPError
	var ee *ExitError
	switch {
	case errors.Is(err, ErrTimeout):
		es.drop(i)
		return fmt.Sprintf("%s did not answer %s within %v", who, cmd, limit)
	case errors.As(err, &ee):
		es.drop(i)
		return fmt.Sprintf("%s crashed during %s: %v", who, cmd, err)
	case errors.As(err, &ge):
		if strings.HasPrefix(cmd, "play") {
			return fmt.Sprintf("%s refused the legal move %s: %s", who, strings.TrimPrefix(cmd, "play "), ge.Message)
		}
		return fmt.Sprintf("%s failed %s: %s", who, cmd, ge.Message)
	}
	es.drop(i)
	return fmt.Sprintf("%s: %s: %v", who, cmd, err)
}

// loadSaved reads the record of a game saved in file by an earlier run of a
// match of ruleset rules on board, or returns nil if there is none; a game
// of another match is an error.
func loadSaved(file, rules, board string) (*record.Record, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	recs, err := record.ReadSGF(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	rec := recs[0]
	if rec.Rules.String() != rules || rec.Board.Spec() != board {
		return nil, fmt.Errorf("%s: a game of another match (%s on %s, not %s on %s): use another directory", file, rec.Rules, rec.Board.Spec(), rules, board)
	}
	return rec, nil
}

// pids returns the engines' process ids, indexed by engine.
func (es *engineSet) pids() []int {
	pids := make([]int, len(es.engines))
	for i, e := range es.engines {
		pids[i] = e.Pid()
	}
	return pids
}
