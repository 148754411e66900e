package liberty_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"moku/board"
	"moku/game"
	"moku/liberty"
	"moku/rules"
)

// newKee starts a kee game on board spec (a board.Parse specification, or
// JSON text starting with "{") with n players and komi.
func newKee(t testing.TB, spec string, n int, komi float64) *liberty.Position {
	t.Helper()
	var g *board.Graph
	var err error
	if strings.HasPrefix(spec, "{") {
		g, err = board.ReadJSON([]byte(spec), "test.json")
	} else {
		g, err = board.Parse(spec)
	}
	if err != nil {
		t.Fatal(err)
	}
	r, err := rules.Preset("kee", g)
	if err != nil {
		t.Fatal(err)
	}
	r.Players, r.Komi = n, komi
	p, err := liberty.New(r, g)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func parse(t testing.TB, p *liberty.Position, s string) game.Move {
	t.Helper()
	m, err := game.ParseMove(p.Graph(), s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// playMoves plays the moves in s in turn, failing on an illegal one.
func playMoves(t testing.TB, p *liberty.Position, s string) {
	t.Helper()
	if err := game.PlayAll(p, s); err != nil {
		t.Fatalf("after %s: %v", movesText(p), err)
	}
}

// illegal checks that move s is illegal with a reason containing want, and
// that trying it changed nothing.
func illegal(t testing.TB, p *liberty.Position, s, want string) {
	t.Helper()
	h := p.Hash()
	n := len(p.Record())
	err := p.Play(parse(t, p, s))
	var ie *game.IllegalError
	if !errors.As(err, &ie) {
		t.Fatalf("after %s: %s: got %v, want an illegal move (%s)", movesText(p), s, err, want)
	}
	if !strings.Contains(ie.Reason, want) {
		t.Fatalf("after %s: %s: reason %q, want it to contain %q", movesText(p), s, ie.Reason, want)
	}
	if p.Hash() != h || len(p.Record()) != n {
		t.Fatalf("illegal %s changed the position", s)
	}
}

func movesText(p *liberty.Position) string {
	var w []string
	for _, h := range p.History() {
		w = append(w, h.Player.Letter()+":"+h.Move.Format(p.Graph()))
	}
	return "[" + strings.Join(w, " ") + "]"
}

func legalText(p *liberty.Position) string {
	var w []string
	for _, m := range p.LegalMoves(nil) {
		w = append(w, m.Format(p.Graph()))
	}
	return strings.Join(w, " ")
}

// boardText lists the board as symbols in point order (".XORU").
func boardText(p *liberty.Position) string {
	var b strings.Builder
	for q := 0; q < p.Graph().N(); q++ {
		b.WriteByte(p.At(q).Symbol())
	}
	return b.String()
}

// recordText writes the record, rescinded plays in brackets and rescinding
// passes with a "!".
func recordText(p *liberty.Position) string {
	var w []string
	for _, e := range p.Record() {
		s := e.Player.Letter() + ":" + e.Move.Format(p.Graph())
		if e.Rescinded {
			s = "[" + s + "]"
		}
		if e.Rescinds != nil {
			s += "!"
		}
		w = append(w, s)
	}
	return strings.Join(w, " ")
}

// TestKeeExampleI replays example I of the seed on the 2x1 board.
func TestKeeExampleI(t *testing.T) {
	p := newKee(t, "2x1", 2, 0)
	playMoves(t, p, "a1 b1")
	illegal(t, p, "a1", "recreates the position after move 1 (cycle prohibition, K11)")
	if got, want := legalText(p), "appeal-a1 pass"; got != want {
		t.Fatalf("legal moves after B a1, W b1: %q, want %q", got, want)
	}
	playMoves(t, p, "appeal-a1")

	t.Run("white passes: rescission, Black +2", func(t *testing.T) {
		p := newKee(t, "2x1", 2, 0)
		playMoves(t, p, "a1 b1 appeal-a1 pass")
		if p.ToMove() != board.White || p.Over() {
			t.Fatalf("after the rescinding pass: to move %s, over %v", p.ToMove(), p.Over())
		}
		if got := movesText(p); got != "[B:a1]" {
			t.Fatalf("history after rescission %s, want [B:a1]", got)
		}
		if got, want := recordText(p), "B:a1 [W:b1] [B:appeal-a1] W:pass!"; got != want {
			t.Fatalf("record %q, want %q", got, want)
		}
		illegal(t, p, "b1", "rescinded at this moment")
		illegal(t, p, "appeal-b1", "illegal for a reason other than the cycle prohibition")
		if got := legalText(p); got != "pass" {
			t.Fatalf("White may only pass, legal: %q", got)
		}
		playMoves(t, p, "pass")
		if p.Over() {
			t.Fatal("over after one pass")
		}
		playMoves(t, p, "pass")
		if !p.Over() {
			t.Fatal("not over after both passed")
		}
		if got := p.Result().String(); got != "B+2" {
			t.Fatalf("result %s, want B+2", got)
		}
	})

	t.Run("white appeals too: White +2", func(t *testing.T) {
		p := newKee(t, "2x1", 2, 0)
		playMoves(t, p, "a1 b1 appeal-a1")
		illegal(t, p, "a1", "recreates the starting position (cycle prohibition, K11)")
		if got := legalText(p); got != "appeal-a1 pass" {
			t.Fatalf("legal moves for White: %q", got)
		}
		playMoves(t, p, "appeal-a1")
		if !p.Over() {
			t.Fatal("not over after two appealing passes")
		}
		if got := p.Result().String(); got != "W+2" {
			t.Fatalf("result %s, want W+2", got)
		}
	})
}

// TestKeeCycle checks the cycle prohibition (K11), conditions (a) and (b),
// and that a position reached by passes is the same occurrence as the stone
// play that produced it.
func TestKeeCycle(t *testing.T) {
	for _, tc := range []struct {
		name, spec, moves, try string
		want                   string // a reason, or "" for legal
		board                  string // the board after a legal try
	}{
		{name: "(a) fails: no pass since the position's stone play (example I)",
			spec: "2x1", moves: "a1 b1", try: "a1",
			want: "recreates the position after move 1 (cycle prohibition, K11): you have made no non-appealing pass since move 1"},
		{name: "(a) and (b) hold: repetition allowed",
			spec: "3x1", moves: "c1 a1 pass b1", try: "c1", board: "..X"},
		{name: "(b) fails: the only opponent passed since the first occurrence",
			spec: "4x1", moves: "c1 pass a1 b1 pass", try: "a1",
			want: "recreates the position after move 1 (cycle prohibition, K11): no opponent has made only stone plays since it first appeared, at move 1"},
		{name: "a pass in the run after the stone play counts for (a)",
			spec: "4x1", moves: "c1 b1 pass d1", try: "c1", board: ".OX."},
		{name: "the start position counts, an appealing pass is no pass for (a)",
			spec: "2x1", moves: "a1 b1 appeal-a1", try: "a1",
			want: "recreates the starting position (cycle prohibition, K11): you have made no non-appealing pass in this game"},
		{name: "start position: a non-appealing pass at any time satisfies (a), but (b) fails",
			spec: "2x1", moves: "pass a1 b1 pass", try: "a1",
			want: "recreates the starting position (cycle prohibition, K11): no opponent has made only stone plays since it first appeared, at the start"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newKee(t, tc.spec, 2, 0)
			playMoves(t, p, tc.moves)
			if tc.want != "" {
				illegal(t, p, tc.try, tc.want)
				return
			}
			playMoves(t, p, tc.try)
			if got := boardText(p); got != tc.board {
				t.Fatalf("board %s, want %s", got, tc.board)
			}
		})
	}
}

// TestKeeStoneRemoval checks K8-K10 for two, three and four players.
func TestKeeStoneRemoval(t *testing.T) {
	star := `{"points": ["x", "p", "q", "s", "y"], "edges": [["x", "p"], ["x", "q"], ["x", "s"], ["x", "y"]],
	          "stones": {"white": ["p"], "red": ["q"], "blue": ["s"]}}`
	for _, tc := range []struct {
		name, spec string
		players    int
		moves, try string
		want       string // a reason, or "" for legal
		board      string
	}{
		{name: "K8 capture before suicide (example I's W2)", spec: "2x1", players: 2,
			moves: "a1", try: "b1", board: ".O"},
		{name: "K8 two opponents captured at once, judged together", spec: "3x2", players: 3,
			moves: "c1 a1 b1 c2 a2 pass", try: "b2", board: "..X.XX"},
		{name: "K8 three opponents captured at once, from a starting position", spec: star, players: 4,
			try: "x", board: "X...."},
		{name: "K9 multi-stone suicide is legal", spec: "4x1", players: 2,
			moves: "a1 c1", try: "b1", board: "..O."},
		{name: "K10 a suicide that changes nothing", spec: "3x1", players: 2,
			moves: "b1", try: "a1", want: "suicide that changes nothing"},
		{name: "occupied", spec: "3x1", players: 2,
			moves: "b1", try: "b1", want: "b1 is occupied"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newKee(t, tc.spec, tc.players, 0)
			playMoves(t, p, tc.moves)
			if tc.want != "" {
				illegal(t, p, tc.try, tc.want)
				return
			}
			playMoves(t, p, tc.try)
			if got := boardText(p); got != tc.board {
				t.Fatalf("board %s, want %s", got, tc.board)
			}
		})
	}
}

// TestKeeAppeal checks which appealing passes are legal (K12).
func TestKeeAppeal(t *testing.T) {
	for _, tc := range []struct {
		name, spec, moves, try, want string
	}{
		{"the point is occupied", "2x1", "a1 b1", "appeal-b1", "b1 is occupied"},
		{"the stone play is legal", "3x1", "", "appeal-a1", "a stone play on a1 is legal, so there is nothing to appeal against (K12)"},
		{"the stone play is a suicide that changes nothing", "3x1", "b1", "appeal-a1", "illegal for a reason other than the cycle prohibition (suicide that changes nothing"},
		{"no such point", "3x1", "", "appeal-z9", "not a point"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newKee(t, tc.spec, 2, 0)
			playMoves(t, p, tc.moves)
			m, err := game.ParseMove(p.Graph(), tc.try)
			if err != nil {
				if !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("%s: %v, want %q", tc.try, err, tc.want)
				}
				return
			}
			_ = m
			illegal(t, p, tc.try, tc.want)
		})
	}
	p := newKee(t, "2x1", 2, 0)
	playMoves(t, p, "a1 b1")
	if err := p.Play(game.Move{Kind: game.Appeal, Point: 7}); err == nil || !strings.Contains(err.Error(), "no such point") {
		t.Fatalf("appeal to point 7 of 2: %v", err)
	}
	playMoves(t, p, "appeal-a1")
	rec := p.Record()
	if last := rec[len(rec)-1]; last.Move.Kind != game.Appeal || p.Graph().Name(last.Move.Point) != "a1" {
		t.Fatalf("the record does not keep the appeal's point: %+v", last)
	}
}

// TestKeeRescission checks K13-K14: what rescinds and what does not, chained
// rescission, bans per moment, and Undo of a rescinding pass.
func TestKeeRescission(t *testing.T) {
	pairs := `{"points": ["a", "e", "c", "d"], "edges": [["a", "e"], ["c", "d"]]}`
	t.Run("chained", func(t *testing.T) {
		p := newKee(t, pairs, 2, 0)
		playMoves(t, p, "a pass c e appeal-a d appeal-c")
		before := p.Hash()
		playMoves(t, p, "pass")
		if got := movesText(p); got != "[B:a W:pass B:c W:e B:appeal-a]" {
			t.Fatalf("after the first rescission: %s", got)
		}
		illegal(t, p, "d", "rescinded at this moment (after move 5)")
		if p.Undo(); p.Hash() != before || len(p.History()) != 7 {
			t.Fatalf("Undo of a rescinding pass: history %s", movesText(p))
		}
		playMoves(t, p, "pass")
		// White's replacement play is a non-appealing pass: it rescinds W e,
		// followed by Black's appeal, too.
		playMoves(t, p, "pass")
		if got := movesText(p); got != "[B:a W:pass B:c]" {
			t.Fatalf("after the second rescission: %s", got)
		}
		if got, want := recordText(p), "B:a W:pass B:c [W:e] [B:appeal-a] [W:d] [B:appeal-c] W:pass! W:pass!"; got != want {
			t.Fatalf("record %q, want %q", got, want)
		}
		illegal(t, p, "e", "rescinded at this moment (after move 3)")
		// The ban on d after move 5 went with the prefix it belonged to.
		playMoves(t, p, "d")
		if got := boardText(p); got != "X..O" {
			t.Fatalf("board %s", got)
		}
	})
	t.Run("a ban stays while its moment stands", func(t *testing.T) {
		p := newKee(t, "2x1", 2, 0)
		playMoves(t, p, "a1 b1 appeal-a1 pass")
		illegal(t, p, "b1", "rescinded at this moment")
		playMoves(t, p, "pass")
		if got := movesText(p); got != "[B:a1 W:pass]" {
			t.Fatalf("history %s", got)
		}
	})
	for _, tc := range []struct {
		name, spec, moves, history string
	}{
		{"no appeal: the passes end the game", "2x1", "a1 b1 pass pass", "[B:a1 W:b1 B:pass W:pass]"},
		{"the appeal is the mover's own, not an opponent's", "2x1", "a1 b1 pass", "[B:a1 W:b1 B:pass]"},
		{"the last stone play is the opponent's", "2x1", "a1 b1 appeal-a1 pass", "[B:a1]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newKee(t, tc.spec, 2, 0)
			playMoves(t, p, tc.moves)
			if got := movesText(p); got != tc.history {
				t.Fatalf("history %s, want %s", got, tc.history)
			}
			for _, e := range p.Record() {
				if tc.name != "the last stone play is the opponent's" && (e.Rescinded || e.Rescinds != nil) {
					t.Fatalf("rescission in %s", recordText(p))
				}
			}
		})
	}
	t.Run("three players: one opponent's appeal suffices", func(t *testing.T) {
		// Example I with a third player, Red, who passes without appeal.
		p := newKee(t, "2x1", 3, 0)
		playMoves(t, p, "a1 b1 pass")
		illegal(t, p, "a1", "recreates the position after move 1")
		playMoves(t, p, "appeal-a1 pass")
		if got := movesText(p); got != "[B:a1]" || p.ToMove() != board.White || p.Over() {
			t.Fatalf("after White's pass: history %s, %s to move, over %v", got, p.ToMove(), p.Over())
		}
		if got, want := recordText(p), "B:a1 [W:b1] [R:pass] [B:appeal-a1] W:pass!"; got != want {
			t.Fatalf("record %q, want %q", got, want)
		}
	})
}

// exampleC is the seed's example C on a small graph: a full board but for
// eyes and one unfilled simple ko. White (y1-y3) has two eyes, e1 and e2;
// Black (p1, p2) has one, m; the lone white stone z has one liberty, the
// ko point k, where Black can capture it.
const exampleC = `{
  "points": ["m", "p1", "p2", "z", "k", "y1", "y2", "y3", "e1", "e2"],
  "edges": [["m", "p1"], ["m", "p2"], ["p1", "p2"], ["p1", "z"], ["p2", "y1"], ["z", "k"], ["k", "y1"],
            ["y1", "y2"], ["y2", "y3"], ["y1", "e1"], ["y2", "e1"], ["y2", "e2"], ["y3", "e2"]],
  "stones": {"black": ["p1", "p2"], "white": ["z", "y1", "y2", "y3"]}
}`

// TestKeeExampleC: Black captures the ko; White's recapture would recreate
// the starting position, so White appeals; Black's pass then rescinds the
// capture, Black may not capture again at that moment, and White captures
// every black stone.
func TestKeeExampleC(t *testing.T) {
	p := newKee(t, exampleC, 2, 0)
	if got := boardText(p); got != ".XXO.OOO.." {
		t.Fatalf("start %s", got)
	}
	playMoves(t, p, "k")
	illegal(t, p, "z", "recreates the starting position (cycle prohibition, K11)")
	if got := legalText(p); got != "e1 e2 appeal-z pass" {
		t.Fatalf("White's legal moves after the ko capture: %q", got)
	}
	// Under plain superko the game would end here with the ko unresolved.
	playMoves(t, p, "appeal-z pass")
	if got := movesText(p); got != "[]" || p.ToMove() != board.Black {
		t.Fatalf("after the rescission: history %s, %s to move", got, p.ToMove())
	}
	illegal(t, p, "k", "rescinded at this moment")
	if got := legalText(p); got != "m pass" {
		t.Fatalf("Black's legal moves after the rescission: %q", got)
	}
	playMoves(t, p, "pass m")
	if got := boardText(p); got != "O..O.OOO.." {
		t.Fatalf("White did not capture the black stones: %s", got)
	}
	playMoves(t, p, "pass pass")
	if !p.Over() || p.Result().String() != "W+10" {
		t.Fatalf("over %v, result %s; want W+10", p.Over(), p.Result())
	}
	if got, want := recordText(p), "[B:k] [W:appeal-z] B:pass! B:pass W:m B:pass W:pass"; got != want {
		t.Fatalf("record %q", got)
	}
}

// TestKeeEnd checks K15 and K16: the end by passes of every player still in
// the game, turn order, and resignation.
func TestKeeEnd(t *testing.T) {
	for _, tc := range []struct {
		name    string
		spec    string
		players int
		moves   string
		toMove  []string // player to move after each move
		over    bool
		result  string
	}{
		{"two passes at the start end the game", "3x3", 2, "pass pass", []string{"white", "black"}, true, "0"},
		{"three players: all three must pass", "3x3", 3, "pass pass pass", []string{"white", "red", "black"}, true, "1. black 0, 1. white 0, 1. red 0"},
		{"four players, turn order", "5x1", 4, "a1 pass pass pass e1 pass pass pass pass",
			[]string{"white", "red", "blue", "black", "white", "red", "blue", "black", "white"}, true,
			"1. black 5, 2. white 0, 2. red 0, 2. blue 0"},
		{"a run of passes broken by a stone play does not end", "3x1", 2, "pass a1 pass",
			[]string{"white", "black", "white"}, false, "W+3"},
		{"two players: a resignation ends the game", "3x1", 2, "a1 resign", []string{"white", "white"}, true, "B+R"},
		{"three players: who resigns leaves, the others play on", "3x1", 3, "resign a1 pass pass",
			[]string{"white", "red", "white", "red"}, true, "1. white 3, 2. red 0, 3. black resigned"},
		{"three players: the resigned rank by order of resigning, latest highest", "3x1", 3, "resign resign",
			[]string{"white", "white"}, true, "1. red 0, 2. white resigned, 3. black resigned"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newKee(t, tc.spec, tc.players, 0)
			for i, w := range strings.Fields(tc.moves) {
				if p.Over() {
					t.Fatalf("over before move %d (%s)", i+1, w)
				}
				playMoves(t, p, w)
				if got := p.ToMove().String(); got != tc.toMove[i] {
					t.Fatalf("after move %d (%s): %s to move, want %s", i+1, w, got, tc.toMove[i])
				}
			}
			if p.Over() != tc.over {
				t.Fatalf("over = %v", p.Over())
			}
			if got := p.Result().String(); got != tc.result {
				t.Fatalf("result %q, want %q", got, tc.result)
			}
			if tc.over {
				illegal(t, p, "pass", "the game is over")
			}
		})
	}
}

// TestKeeResignationSettlesStonePlay: a resignation after a stone play
// settles it; the mover's pass after an opponent's appeal then rescinds
// nothing and counts towards the end (a project decision).
func TestKeeResignationSettlesStonePlay(t *testing.T) {
	p := newKee(t, "2x1", 3, 0)
	playMoves(t, p, "a1 b1 resign appeal-a1 pass")
	if got := movesText(p); got != "[B:a1 W:b1 R:resign B:appeal-a1 W:pass]" || !p.Over() {
		t.Fatalf("history %s, over %v", got, p.Over())
	}
	if got, want := p.Result().String(), "1. white 2, 2. black 0, 3. red resigned"; got != want {
		t.Fatalf("result %q, want %q", got, want)
	}
}

// TestKeeScoring checks K17: stones and empty regions touching one player's
// stones only, ranking with ties, komi for the second of two players.
func TestKeeScoring(t *testing.T) {
	for _, tc := range []struct {
		name    string
		spec    string
		players int
		komi    float64
		moves   string
		result  string
		scores  []float64
	}{
		{"a region touching two players counts for neither", "3x1", 2, 0, "a1 c1", "0", []float64{1, 1}},
		{"komi goes to White", "3x1", 2, 0.5, "a1 c1", "W+0.5", []float64{1, 1.5}},
		{"three-way tie", "5x1", 3, 0, "a1 e1 c1", "1. black 1, 1. white 1, 1. red 1", []float64{1, 1, 1}},
		{"a tie for second place", "5x1", 3, 0, "a1 pass pass", "1. black 5, 2. white 0, 2. red 0", []float64{5, 0, 0}},
		{"territory of a region on a torus", "torus:3x3", 2, 0, "a1 pass", "B+9", []float64{9, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newKee(t, tc.spec, tc.players, tc.komi)
			playMoves(t, p, tc.moves)
			res := p.Result()
			if got := res.String(); got != tc.result {
				t.Fatalf("result %q, want %q", got, tc.result)
			}
			for i, want := range tc.scores {
				if got := res.Total(board.Color(i + 1)); got != want {
					t.Fatalf("%s scores %v, want %v (%s)", board.Color(i+1), got, want, res.Breakdown())
				}
			}
		})
	}
	g, _ := board.Parse("3x3")
	r, _ := rules.Preset("kee", g)
	r.Players, r.Komi = 3, 2
	if _, err := liberty.New(r, g); err == nil || !strings.Contains(err.Error(), "one komi a player") {
		t.Fatalf("three players with one komi: %v", err)
	}
	// One komi a player: the empty 3x3 board after everyone passes.
	r, err := rules.Parse("kee players=3 komi=0,1.5,3", g)
	if err != nil {
		t.Fatal(err)
	}
	p, err := liberty.New(r, g)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if err := p.Play(game.PassMove); err != nil {
			t.Fatal(err)
		}
	}
	res := p.Result()
	if !p.Over() || res.String() != "1. red 3, 2. white 1.5, 3. black 0" {
		t.Errorf("three komis: over %v, %s", p.Over(), res)
	}
	if got := p.Rules().String(); got != "kee links=plain ko=cycle suicide=allowed scoring=area button=off komi=0,1.5,3 players=3" {
		t.Errorf("printed as %s", got)
	}
}

// TestKeeUnderAppeal: the stone play an appealing pass puts in question
// (game.Appealing) is the last stone play while an opponent's appeal
// follows it; a stone play, a rescission or a resignation settles it; and
// the record says which moves were rescinded.
func TestKeeUnderAppeal(t *testing.T) {
	pairs := `{"points": ["a", "e", "c", "d"], "edges": [["a", "e"], ["c", "d"]]}`
	const ko = "b3 d4 c4 e3 c2 d2 d3 c3"
	const koRecord = "B:b3 W:d4 B:c4 W:e3 B:c2 W:d2 B:d3 W:c3"
	for _, tc := range []struct {
		name, spec string
		players    int
		moves      string
		want       string // "player:move@index appeals…", or "" for none
		rescinded  string // the record's moves, rescinded ones in brackets
	}{
		{"no appeal", "2x1", 2, "a1 b1", "", "B:a1 W:b1"},
		{"the opponent appeals", "2x1", 2, "a1 b1 appeal-a1", "W:b1@1 B:appeal-a1", "B:a1 W:b1 B:appeal-a1"},
		{"the appeal is answered by an appeal", "2x1", 2, "a1 b1 appeal-a1 appeal-a1", "W:b1@1 B:appeal-a1", "B:a1 W:b1 B:appeal-a1 W:appeal-a1"},
		{"a rescission settles it", "2x1", 2, "a1 b1 appeal-a1 pass", "", "B:a1 [W:b1] [B:appeal-a1] W:pass"},
		{"three players: red passes, black appeals", "2x1", 3, "a1 b1 pass appeal-a1", "W:b1@1 B:appeal-a1", "B:a1 W:b1 R:pass B:appeal-a1"},
		{"a resignation settles it", "2x1", 3, "a1 b1 resign appeal-a1", "", "B:a1 W:b1 R:resign B:appeal-a1"},
		{"a ko capture appealed", "5x5", 2, ko + " appeal-d3", "W:c3@7 B:appeal-d3", koRecord},
		{"a stone play settles it", "5x5", 2, ko + " appeal-d3 a1", "", koRecord},
		{"after a chained rescission, the index is the record's", pairs, 2, "a pass c e appeal-a pass d appeal-c", "W:d@6 B:appeal-c",
			"B:a W:pass B:c [W:e] [B:appeal-a] W:pass W:d B:appeal-c"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newKee(t, tc.spec, tc.players, 0)
			playMoves(t, p, tc.moves)
			name := func(m game.Played) string { return m.Player.Letter() + ":" + m.Move.Format(p.Graph()) }
			got := ""
			if play, at, appeals, ok := p.UnderAppeal(); ok {
				got = fmt.Sprintf("%s@%d", name(play), at)
				for _, a := range appeals {
					got += " " + name(a)
				}
				if acts := game.Actions(p); name(acts[at]) != name(play) {
					t.Errorf("Actions[%d] is %s, not the play under appeal %s", at, name(acts[at]), name(play))
				}
			}
			if got != tc.want {
				t.Errorf("under appeal %q, want %q", got, tc.want)
			}
			var rec []string
			resc := p.Rescinded()
			for i, m := range game.Actions(p) {
				if resc[i] {
					rec = append(rec, "["+name(m)+"]")
				} else {
					rec = append(rec, name(m))
				}
			}
			if s := strings.Join(rec, " "); !strings.HasPrefix(s, tc.rescinded) {
				t.Errorf("record %q, want it to start %q", s, tc.rescinded)
			}
		})
	}
	g, _ := board.Parse("5x5")
	r, _ := rules.Preset("go", g)
	p, err := liberty.New(r, g)
	if err != nil {
		t.Fatal(err)
	}
	var s game.State = p
	a, ok := s.(game.Appealing)
	if !ok {
		t.Fatal("a liberty position is not game.Appealing")
	}
	playMoves(t, p, "c3 pass")
	if _, _, _, ok := a.UnderAppeal(); ok || a.Rescinded() != nil {
		t.Errorf("Go has appeals: %v %v", ok, a.Rescinded())
	}
}
