package session_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/rules"
	"moku/search"
	"moku/session"
)

// computer is a computer seat that judges dead stones with the real
// estimator (search.Playouts) and otherwise plays as session.Random.
type computer struct {
	session.Random
	est search.Playouts
}

func (c computer) Estimate(s game.State) (game.Estimate, error) { return c.est.Estimate(s) }

var judge = computer{Random: session.Random{RandomPlayer: game.RandomPlayer{Rand: rand.New(rand.NewPCG(1, 2))}},
	est: search.Playouts{N: 1000, Seed: 1}}

// computerAct lets the computer seat that is due act once.
func computerAct(t *testing.T, g *session.Game) session.Action {
	t.Helper()
	seat, due := g.Due()
	if !due {
		t.Fatal("no computer seat is due")
	}
	a, err := g.Clone().Decide(seat, judge)
	if err != nil {
		t.Fatal(err)
	}
	must(t, g, a)
	return a
}

// newGame starts a game of ruleset desc on spec with the given seats
// ("h" a person, "c" the computer).
func newGame(t *testing.T, desc, spec, seats string, version int) *session.Game {
	t.Helper()
	g, err := board.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := rules.Parse(desc, g)
	if err != nil {
		t.Fatal(err)
	}
	cfg := session.Config{Rules: r, Board: g, Version: version}
	for _, c := range seats {
		kind := session.Human
		if c == 'c' {
			kind = session.Computer
		}
		cfg.Seats = append(cfg.Seats, session.Seat{Kind: kind, Name: string(c)})
	}
	s, err := session.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// play makes the moves for the seats to move in turn.
func play(t *testing.T, g *session.Game, moves string) {
	t.Helper()
	for _, m := range strings.Fields(moves) {
		must(t, g, session.Action{Seat: g.ToMove(), Kind: session.Move, Arg: m})
	}
}

func must(t *testing.T, g *session.Game, a session.Action) {
	t.Helper()
	if err := g.Apply(a); err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
}

// computerActs lets every computer seat that is due act, as the server
// does, until none is, and returns their actions.
func computerActs(t *testing.T, g *session.Game) []session.Action {
	t.Helper()
	var out []session.Action
	for i := 0; i < 10; i++ {
		seat, due := g.Due()
		if !due {
			return out
		}
		a, err := g.Clone().Decide(seat, judge)
		if err != nil {
			t.Fatal(err)
		}
		must(t, g, a)
		out = append(out, a)
	}
	t.Fatalf("the computer acted 10 times: %+v", out)
	return nil
}

// The position of these tests: on 5x5 Black walls off column b, White
// column d, both alive; a lone black stone on e3 in White's area is dead.
const walls = "b1 d1 b2 d2 b3 d3 b4 d4 b5 d5"

// TestComputerRefusesFalseMarking: defect 1 of issue 18. A person marks
// the computer's living stones dead and accepts: the computer proposes its
// own marking instead, and when the person insists, it goes back to play;
// the game never ends with the computer's living group removed.
func TestComputerRefusesFalseMarking(t *testing.T) {
	for _, desc := range []string{"kee", "go komi=0"} {
		t.Run(desc, func(t *testing.T) {
			g := newGame(t, desc, "5x5", "hc", 0)
			play(t, g, walls+" pass pass")
			if g.Phase() != session.Scoring {
				t.Fatalf("after two passes: %s", g.Phase())
			}
			must(t, g, session.Action{Seat: 0, Kind: session.Mark, Arg: "d1"})
			must(t, g, session.Action{Seat: 0, Kind: session.Accept})
			acts := computerActs(t, g)
			if len(acts) != 1 || acts[0].Kind != session.Dead || acts[0].Arg != "" {
				t.Fatalf("the computer answered a false marking with %+v, want its own marking (nothing dead)", acts)
			}
			if g.Phase() != session.Scoring || len(g.Dead()) != 0 {
				t.Fatalf("after the computer's proposal: %s, dead %v", g.Phase(), g.Dead())
			}
			// The person insists.
			must(t, g, session.Action{Seat: 0, Kind: session.Mark, Arg: "d3"})
			must(t, g, session.Action{Seat: 0, Kind: session.Accept})
			if a := computerAct(t, g); a.Kind != session.Resume || g.Phase() != session.Playing || g.ToMove() != 1 {
				t.Fatalf("the computer answered an insisted false marking with %+v (phase %s), want resume", a, g.Phase())
			}
			// The computer took back its pass; if it passes again, and the
			// marking is agreed, the game ends: a draw.
			play(t, g, "pass")
			if g.Phase() != session.Scoring {
				t.Fatalf("after the passes again: %s", g.Phase())
			}
			must(t, g, session.Action{Seat: 0, Kind: session.Accept})
			computerActs(t, g)
			if g.Phase() != session.Over || g.Result().String() != "0" {
				t.Fatalf("after agreeing: %s %s", g.Phase(), g.Result())
			}
		})
	}
}

// TestComputerAcceptsTrueMarking: the computer accepts a marking that
// agrees with its estimate (the dead black stone on e3), or that gives it
// more than its own would.
func TestComputerAcceptsTrueMarking(t *testing.T) {
	g := newGame(t, "go komi=0", "5x5", "hc", 0)
	play(t, g, walls+" e3 pass pass")
	must(t, g, session.Action{Seat: 0, Kind: session.Mark, Arg: "e3"})
	must(t, g, session.Action{Seat: 0, Kind: session.Accept})
	if acts := computerActs(t, g); len(acts) != 1 || acts[0].Kind != session.Accept {
		t.Fatalf("the computer answered the true marking with %+v", acts)
	}
	if g.Phase() != session.Over || g.Result().String() != "0" || !g.Agreed() {
		t.Fatalf("result %s (%s), agreed %v; want 0 (e3 removed)", g.Result(), g.Phase(), g.Agreed())
	}
	// A gift: the person marks their own living wall dead as well.
	g = newGame(t, "go komi=0", "5x5", "hc", 0)
	play(t, g, walls+" e3 pass pass")
	must(t, g, session.Action{Seat: 0, Kind: session.Mark, Arg: "b1"})
	computerActs(t, g)
	if !g.Accepted()[1] {
		t.Fatalf("the computer refused a marking that favours it: %+v", g.Accepted())
	}
}

// TestComputerProposesFirst: when play stops, the computer proposes its
// marking at once; the person accepting it ends the game.
func TestComputerProposesFirst(t *testing.T) {
	g := newGame(t, "go komi=0", "5x5", "hc", 0)
	play(t, g, walls+" e3 pass pass")
	acts := computerActs(t, g)
	if len(acts) != 1 || acts[0].Kind != session.Dead || acts[0].Arg != "e3" {
		t.Fatalf("the computer's first word: %+v, want dead e3", acts)
	}
	must(t, g, session.Action{Seat: 0, Kind: session.Accept})
	if g.Phase() != session.Over || g.Result().String() != "0" {
		t.Fatalf("result %s (%s)", g.Result(), g.Phase())
	}
}

// TestThreePlayersCannotZeroTheComputer: two people mark the computer's
// whole position dead and accept; the computer does not.
func TestThreePlayersCannotZeroTheComputer(t *testing.T) {
	g := newGame(t, "kee players=3", "7x7", "hhc", 0)
	// Black column b, White column d, Red column f: three walls.
	play(t, g, "b1 d1 f1 b2 d2 f2 b3 d3 f3 b4 d4 f4 b5 d5 f5 b6 d6 f6 b7 d7 f7 pass pass pass")
	if g.Phase() != session.Scoring {
		t.Fatalf("phase %s", g.Phase())
	}
	computerActs(t, g)
	must(t, g, session.Action{Seat: 0, Kind: session.Mark, Arg: "f1"})
	must(t, g, session.Action{Seat: 0, Kind: session.Accept})
	must(t, g, session.Action{Seat: 1, Kind: session.Accept})
	computerActs(t, g)
	if g.Phase() == session.Over && g.Result().Score[board.Red] < 7 {
		t.Fatalf("the computer's wall was removed: %s", g.Result())
	}
}

// TestAgreementPhase: which games end with an agreement on dead stones
// (defect 2): Go's rulesets but tromp-taylor, and Kee, with a person at the
// table; Keil and Ki keep their endings; computers alone count as the
// board stands.
func TestAgreementPhase(t *testing.T) {
	for _, tc := range []struct {
		desc, spec, seats, moves string
		want                     session.Phase
	}{
		{"go", "5x5", "hh", "pass pass", session.Scoring},
		{"go-situational", "5x5", "hc", "pass pass", session.Scoring},
		{"go-simple", "5x5", "ch", "pass pass", session.Scoring},
		{"kee", "5x5", "hh", "pass pass", session.Scoring},
		{"tromp-taylor", "5x5", "hh", "pass pass", session.Over},
		{"go", "5x5", "cc", "pass pass", session.Over},
		{"kee", "5x5", "cc", "pass pass", session.Over},
		{"keil", "hex:3", "hh", "button pass pass", session.Over},
	} {
		g := newGame(t, tc.desc, tc.spec, tc.seats, 0)
		play(t, g, tc.moves)
		if g.Phase() != tc.want {
			t.Errorf("%s on %s, seats %s, after %q: %s, want %s", tc.desc, tc.spec, tc.seats, tc.moves, g.Phase(), tc.want)
		}
	}
}

// TestResumeAndRefuse: any player may go back to play (the last pass is
// taken back). In version 2 one player's refusal counted the board as it
// stood at once, so the owner of a dead stone could end the game with it
// alive; since version 3 a marking may be refused only once play has been
// resumed, when the other player could capture the stone.
func TestResumeAndRefuse(t *testing.T) {
	for _, version := range []int{session.Version2, session.Version3} {
		g := newGame(t, "go komi=0", "5x5", "hh", version)
		play(t, g, walls+" e3 pass pass")
		must(t, g, session.Action{Seat: 1, Kind: session.Mark, Arg: "e3"})
		if g.Refusable() != (version == session.Version2) {
			t.Errorf("version %d, play not resumed: refusable %v", version, g.Refusable())
		}
		if err := g.Apply(session.Action{Seat: 0, Kind: session.Refuse}); (err == nil) != (version == session.Version2) {
			t.Fatalf("version %d, a refusal before play resumed: %v", version, err)
		}
		if version == session.Version2 {
			if g.Phase() != session.Over || g.Result().String() != "B+6" {
				t.Fatalf("version 2 after the refusal: %s %s, want B+6 as the board stands", g.Phase(), g.Result())
			}
			continue
		}
		must(t, g, session.Action{Seat: 0, Kind: session.Resume})
		if g.Phase() != session.Playing || g.ToMove() != 0 || len(g.Dead()) != 0 {
			t.Fatalf("version %d after resume: %s, seat %d to move, dead %v", version, g.Phase(), g.ToMove(), g.Dead())
		}
		play(t, g, "pass")
		if !g.Refusable() {
			t.Errorf("version %d, play resumed and stopped again: not refusable", version)
		}
		must(t, g, session.Action{Seat: 1, Kind: session.Refuse})
		if g.Phase() != session.Over || g.Agreed() || g.Result().String() != "B+6" {
			t.Fatalf("version %d after refusal: %s agreed %v %s, want B+6 as the board stands", version, g.Phase(), g.Agreed(), g.Result())
		}
	}
}

// TestActionLimit: since version 3, a game ends scored as it stands at
// ActionLimit actions, however few moves its loops leave (here a pass
// resumed and passed again for ever); version 2 went on.
func TestActionLimit(t *testing.T) {
	for _, version := range []int{session.Version2, session.Version3} {
		g := newGame(t, "go komi=0", "5x5", "hh", version)
		limit := session.ActionLimit(g.Board())
		play(t, g, walls+" pass")
		for g.Phase() != session.Over && g.Version() < limit+10 {
			must(t, g, session.Action{Seat: 1, Kind: session.Move, Arg: "pass"})
			if g.Phase() == session.Scoring {
				must(t, g, session.Action{Seat: 1, Kind: session.Resume})
			}
		}
		switch version {
		case session.Version2:
			if g.Phase() == session.Over {
				t.Errorf("version 2 ended after %d actions: %s", g.Version(), g.Result())
			}
		default:
			if g.Phase() != session.Over || g.Version() != limit || !strings.Contains(g.Result().Reason, "action limit") ||
				g.Result().String() != g.State().Result().String() || len(g.Dead()) != 0 {
				t.Errorf("version %d after %d actions (limit %d): %s %+v", version, g.Version(), limit, g.Phase(), g.Result())
			}
		}
	}
}

// TestMoveLimit: every served game ends at 4 moves a point plus 20, scored
// as it stands with the reason in the result (defect 12); version 1 games
// have no limit. Random games on 5x5 mostly outlast the limit; some end
// by themselves first, so several are played.
func TestMoveLimit(t *testing.T) {
	limit := session.MoveLimit(newGame(t, "go", "5x5", "cc", 0).Board())
	if limit != 120 {
		t.Fatalf("limit %d on 5x5, want 120", limit)
	}
	limited, longer := 0, 0
	for range 20 {
		g := newGame(t, "go", "5x5", "cc", 0)
		for g.Phase() == session.Playing && g.Moves() <= limit {
			computerAct(t, g)
		}
		if g.Moves() > limit || g.Phase() != session.Over || !g.Result().Over {
			t.Fatalf("%s after %d moves: %+v", g.Phase(), g.Moves(), g.Result())
		}
		if strings.Contains(g.Result().Reason, "move limit") {
			limited++
			if g.Moves() != limit || g.Result().String() != g.State().Result().String() {
				t.Fatalf("limited after %d moves with %s, the board counting %s", g.Moves(), g.Result(), g.State().Result())
			}
		}
		old := newGame(t, "go", "5x5", "cc", session.Version1)
		for old.Phase() == session.Playing && old.Moves() <= limit {
			computerAct(t, old)
		}
		if old.Moves() > limit {
			longer++
		}
	}
	if limited == 0 || longer == 0 {
		t.Fatalf("of 20 random games, %d ended at the limit and %d of version 1 went past it", limited, longer)
	}
}

// TestVersion1Replay: a game stored before the rules of serving changed
// replays as it was played: the computer accepted any marking, and Go
// counted two passes as they stood.
func TestVersion1Replay(t *testing.T) {
	g := newGame(t, "kee", "5x5", "hc", session.Version1)
	play(t, g, walls+" pass pass")
	must(t, g, session.Action{Seat: 0, Kind: session.Mark, Arg: "d1"})
	must(t, g, session.Action{Seat: 0, Kind: session.Accept})
	if g.Phase() != session.Over || g.Result().String() != "B+25" {
		t.Fatalf("version 1: %s %s", g.Phase(), g.Result())
	}
	if _, due := g.Due(); due {
		t.Fatal("a finished game has a computer action due")
	}
	goGame := newGame(t, "go", "5x5", "hh", session.Version1)
	play(t, goGame, "pass pass")
	if goGame.Phase() != session.Over {
		t.Fatalf("version 1 go after two passes: %s", goGame.Phase())
	}
}

// TestRejected: actions out of place change nothing and say why.
func TestRejected(t *testing.T) {
	g := newGame(t, "go", "5x5", "hh", 0)
	for _, tc := range []struct {
		a    session.Action
		want string
	}{
		{session.Action{Seat: 1, Kind: session.Move, Arg: "a1"}, "turn"},
		{session.Action{Seat: 0, Kind: session.Mark, Arg: "a1"}, "marked dead only"},
		{session.Action{Seat: 0, Kind: session.Accept}, "nothing to accept"},
		{session.Action{Seat: 0, Kind: session.Resume}, "resumed"},
		{session.Action{Seat: 2, Kind: session.Move, Arg: "a1"}, "no seat"},
		{session.Action{Seat: 0, Kind: "dance"}, "unknown action"},
	} {
		err := g.Apply(tc.a)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want …%s…", tc.a, err, tc.want)
		}
	}
	if g.Version() != 0 {
		t.Errorf("version %d after refused actions", g.Version())
	}
}

// TestClone: a clone moves on without the original.
func TestClone(t *testing.T) {
	g := newGame(t, "kee", "5x5", "hh", 0)
	play(t, g, "b1 d1")
	c := g.Clone()
	play(t, c, "b2 d2 pass pass")
	must(t, c, session.Action{Seat: 0, Kind: session.Mark, Arg: "d1"})
	if g.Version() != 2 || g.Phase() != session.Playing || g.Moves() != 2 || len(g.Dead()) != 0 {
		t.Fatalf("the original changed: version %d %s %d moves", g.Version(), g.Phase(), g.Moves())
	}
	if _, err := catalog.Start(catalog.Config{Rules: "kee", Board: "5x5"}); err != nil {
		t.Fatal(err)
	}
}

// TestComputerKeepsItsLivingStones: a marking that removes a living
// computer group is refused even where the count would come out the same
// for the computer (its other stones own the board either way).
func TestComputerKeepsItsLivingStones(t *testing.T) {
	g := newGame(t, "go komi=0", "5x5", "hc", 0)
	// Black's lone stone on c3 is dead inside White's walls on b and d.
	play(t, g, "c3 b1 pass b2 pass b3 pass b4 pass b5 pass d1 pass d2 pass d3 pass d4 pass d5 pass pass")
	if g.Phase() != session.Scoring {
		t.Fatalf("phase %s", g.Phase())
	}
	if a := computerAct(t, g); a.Kind != session.Dead || a.Arg != "c3" {
		t.Fatalf("the computer proposed %+v, want c3 dead", a)
	}
	must(t, g, session.Action{Seat: 0, Kind: session.Mark, Arg: "d1"}) // White's d wall: White still owns the board with b
	if a := computerAct(t, g); a.Kind == session.Accept {
		t.Fatalf("the computer accepted its living wall dead: dead %v", g.Dead())
	}
}
