package ki

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// setup builds a Ki position on board spec with stones placed directly
// (not played), written "b:c3 d3 w:c4", and toMove to move. The result
// counts as the starting position.
func setup(t testing.TB, spec, stones string, toMove board.Color) *Position {
	t.Helper()
	g, err := board.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return setupOn(t, g, stones, toMove)
}

func setupOn(t testing.TB, g *board.Graph, stones string, toMove board.Color) *Position {
	t.Helper()
	r, err := rules.Preset("ki", g)
	if err != nil {
		t.Fatal(err)
	}
	p, err := New(r, g)
	if err != nil {
		t.Fatal(err)
	}
	c := board.Empty
	for _, f := range strings.Fields(stones) {
		if col, rest, ok := strings.Cut(f, ":"); ok {
			if c, err = board.ParseColor(col); err != nil {
				t.Fatal(err)
			}
			f = rest
		}
		q, ok := g.Point(f)
		if !ok {
			t.Fatalf("no point %s on %s", f, g.Spec())
		}
		p.set(q, c)
	}
	p.toMove = toMove
	p.startKey = p.Hash()
	if p.empty == 0 {
		p.end = endFull
	}
	return p
}

func pt(t testing.TB, p *Position, name string) int {
	t.Helper()
	q, ok := p.g.Point(name)
	if !ok {
		t.Fatalf("no point %s", name)
	}
	return q
}

// play plays the moves named in moves, failing the test on an illegal one.
func play(t testing.TB, p *Position, moves string) {
	t.Helper()
	if err := game.PlayAll(p, moves); err != nil {
		t.Fatalf("%v\n%s", err, game.Text(p))
	}
}

// stones lists the stones of colour c by point name, sorted.
func stones(p *Position, c board.Color) string {
	var names []string
	for q, x := range p.color {
		if x == c {
			names = append(names, p.g.Name(q))
		}
	}
	slices.Sort(names)
	return strings.Join(names, " ")
}

// sorted sorts a list of point names; "-" stands for none.
func sorted(s string) string {
	if s == "-" {
		return ""
	}
	f := strings.Fields(s)
	slices.Sort(f)
	return strings.Join(f, " ")
}

// step is one move of a scenario and what must follow from it.
type step struct {
	move    string // the move, played by the player to move
	illegal string // if set, the move must be illegal with this in its reason
	black   string // if set, the black stones afterwards ("-" for none)
	white   string // if set, the white stones afterwards ("-" for none)
	control string // if set, "point=colour" pairs checked afterwards, e.g. "c4=white d3=empty"
}

func runSteps(t *testing.T, p *Position, steps []step) {
	t.Helper()
	for i, s := range steps {
		m, err := game.ParseMove(p.g, s.move)
		if err != nil {
			t.Fatal(err)
		}
		hash, n := p.Hash(), p.MoveNumber()
		err = p.Play(m)
		if s.illegal != "" {
			var ie *game.IllegalError
			if !errors.As(err, &ie) || !strings.Contains(ie.Reason, s.illegal) {
				t.Fatalf("step %d %s: got error %v, want an illegal move saying %q", i, s.move, err, s.illegal)
			}
			if p.Hash() != hash || p.MoveNumber() != n {
				t.Fatalf("step %d %s: the illegal move changed the position", i, s.move)
			}
			continue
		}
		if err != nil {
			t.Fatalf("step %d %s: %v\n%s", i, s.move, err, game.Text(p))
		}
		if s.black != "" && stones(p, board.Black) != sorted(s.black) {
			t.Errorf("step %d %s: black stones %q, want %q\n%s", i, s.move, stones(p, board.Black), s.black, game.Text(p))
		}
		if s.white != "" && stones(p, board.White) != sorted(s.white) {
			t.Errorf("step %d %s: white stones %q, want %q\n%s", i, s.move, stones(p, board.White), s.white, game.Text(p))
		}
		for _, f := range strings.Fields(s.control) {
			name, col, _ := strings.Cut(f, "=")
			want := board.Empty
			if col != "empty" {
				if want, err = board.ParseColor(col); err != nil {
					t.Fatal(err)
				}
			}
			if got := p.Controller(pt(t, p, name)); got != want {
				b, w := p.Counts(pt(t, p, name))
				t.Errorf("step %d %s: %s is controlled by %s (%d black, %d white), want %s", i, s.move, name, got, b, w, want)
			}
		}
	}
}

// The seed's diagrams are lost; its prose is rebuilt here with Blue as
// Black (the first player) and Red as White.
func TestSeedSituations(t *testing.T) {
	for _, tc := range []struct {
		name   string
		stones string
		toMove board.Color
		steps  []step
	}{
		{
			// "Blue drops a stone on c3. The red stone on c2 is removed
			// because there are two blue stones adjacent to the space and
			// only one red one." Then "red places his stone on d3. The blue
			// stone on c3 is safe because neither player controls the spot"
			// (one red stone next to it, c2 now empty).
			name:   "c3 captures c2, then d3 does not capture c3",
			stones: "b:b2 w:c2 d2",
			toMove: board.Black,
			steps: []step{
				{move: "c3", black: "b2 c3", white: "d2", control: "c2=black"},
				{move: "d3", black: "b2 c3", white: "d2 d3", control: "c3=empty"},
			},
		},
		{
			// The same d3 placement where c3 is flanked by two stones of
			// each colour: equal counts, nobody controls c3, it stays.
			name:   "d3 next to c3 at two against two",
			stones: "b:c3 b3 c2 w:c4",
			toMove: board.White,
			steps: []step{
				{move: "d3", black: "c2 b3 c3", white: "d3 c4", control: "c3=empty"},
			},
		},
		{
			// "Either player may place his stone on c3 because neither
			// player has control of the spot": two stones of each colour.
			name:   "c3 at equal counts is open to white",
			stones: "b:b3 c4 w:c2 d3",
			toMove: board.White,
			steps:  []step{{move: "c3", black: "b3 c4", white: "c2 c3 d3", control: "c3=empty"}},
		},
		{
			name:   "c3 at equal counts is open to black",
			stones: "b:b3 c4 w:c2 d3",
			toMove: board.Black,
			steps:  []step{{move: "c3", black: "b3 c3 c4", white: "c2 d3", control: "c3=empty"}},
		},
		{
			// "The blue stone on d4 is captured. This does not lead to the
			// capture of c4 even though red seems to have seized control of
			// that space as well." Red e4 gives d4 two red neighbours (e4,
			// d5) against one blue (c4). With d4 gone red controls c4 (b4,
			// c5 against c3), but c4 stays. Blue may not retake d4 (red
			// controls it); a later red stone on d4 captures c4, whose
			// point red already controlled.
			name:   "d4 captured, no cascade to c4",
			stones: "b:c4 c3 d4 w:b4 c5 d5",
			toMove: board.White,
			steps: []step{
				{move: "e4", black: "c3 c4", white: "e4 b4 d5 c5", control: "c4=white d4=white"},
				{move: "d4", illegal: "white controls d4: 2 against 1"},
				{move: "g7"},
				{move: "d4", black: "c3 g7", white: "d4 e4 b4 d5 c5"},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runSteps(t, setup(t, "7x7", tc.stones, tc.toMove), tc.steps)
		})
	}
}

// Control, legality and capture on corners (2 neighbours), edges (3) and
// inside (4), with equal counts and single stones.
func TestControlAndCapture(t *testing.T) {
	for _, tc := range []struct {
		name   string
		stones string
		toMove board.Color
		steps  []step
	}{
		{"corner controlled by two", "b:a2 b1", board.White, []step{
			{move: "a1", illegal: "black controls a1: 2 against 0"},
		}},
		{"corner open to its controller", "b:a2 b1", board.Black, []step{
			{move: "a1", black: "a1 b1 a2", control: "a1=black"},
		}},
		{"corner one each is nobody's", "b:a2 w:b1", board.White, []step{
			{move: "a1", black: "a2", white: "a1 b1", control: "a1=empty"},
		}},
		{"corner stone captured", "b:b1 w:a1", board.Black, []step{
			{move: "a2", black: "b1 a2", white: "-", control: "a1=black"},
		}},
		{"corner stone with one enemy neighbour survives", "w:a1 c2", board.Black, []step{
			{move: "a2", black: "a2", white: "a1 c2", control: "a1=empty"},
		}},
		{"edge two against one controls", "b:b1 d1 w:c2", board.White, []step{
			{move: "c1", illegal: "black controls c1: 2 against 1"},
		}},
		{"edge stone captured two against one", "b:b1 w:c1 c2", board.Black, []step{
			{move: "d1", black: "b1 d1", white: "c2", control: "c1=black"},
		}},
		{"edge stone survives one against two", "b:b1 w:c1 c2 d2", board.Black, []step{
			// d1's neighbours: c1 white, e1, d2 white: white controls d1.
			{move: "d1", illegal: "white controls d1: 2 against 0"},
			{move: "e1", black: "b1 e1", white: "c1 c2 d2"},
		}},
		{"inside two against two is nobody's", "b:b3 w:c2 c3 c4", board.Black, []step{
			{move: "d3", black: "b3 d3", white: "c2 c3 c4", control: "c3=empty"},
		}},
		{"inside three against one captures", "b:b3 c4 w:c2 c3", board.Black, []step{
			{move: "d3", black: "b3 d3 c4", white: "c2", control: "c3=black"},
		}},
		{"inside single stone does not control", "w:c3", board.Black, []step{
			{move: "d3", black: "d3", white: "c3", control: "c3=empty"},
		}},
		{"no placement where the opponent controls, even to capture", "b:b2 d2 b4 d4 w:c2 b3 d3 c4", board.Black, []step{
			{move: "c3", illegal: "white controls c3: 4 against 0"},
		}},
		{"two captured at once", "b:b2 d3 c4 w:c2 b3", board.Black, []step{
			{move: "c3", black: "b2 c3 d3 c4", white: "-", control: "c2=black b3=black"},
		}},
		{"capture judged with the new stone only once", "b:b3 w:c3 c4 d3", board.Black, []step{
			// c3: black b3 and c2 against white c4 and d3: two all.
			{move: "c2", black: "c2 b3", white: "c3 d3 c4", control: "c3=empty"},
		}},
		{"the mover's own stones stay where the opponent controls", "b:b3 c4 w:c3", board.White, []step{
			{move: "c2", black: "b3 c4", white: "c2 c3", control: "c3=black"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runSteps(t, setup(t, "5x5", tc.stones, tc.toMove), tc.steps)
		})
	}
}

// On graphs with triangles two neighbours of the placed stone can be
// neighbours of each other: removing one must not change the judgement of
// the other (removals are simultaneous, judged before any of them).
func TestSimultaneousRemoval(t *testing.T) {
	// p is next to r1 and r2, which are next to each other, and to the
	// black stones s1 and s2 (so that p is not white's: two all).
	const spec = `{"points": ["p", "r1", "r2", "a", "x", "y", "s1", "s2"],
		"edges": [["p","r1"], ["p","r2"], ["r1","r2"], ["r1","a"], ["r2","x"], ["r2","y"], ["p","s1"], ["p","s2"]]}`
	g, err := board.ReadJSON([]byte(spec), "triangle.json")
	if err != nil {
		t.Fatal(err)
	}
	// r1: black p and a against white r2: captured.
	// r2: black p and x against white r1 and y: two all, so it stays,
	// though it would be black's once r1 is gone.
	p := setupOn(t, g, "b:a x s1 s2 w:r1 r2 y", board.Black)
	runSteps(t, p, []step{{move: "p", black: "p a x s1 s2", white: "r2 y", control: "r2=black"}})

	// The same on Keil's hexhex around the centre, with r1 at each of the
	// six neighbours in turn, so that r1 comes before r2 in the engine's
	// neighbour order in some of the cases.
	h, err := board.Hex(4)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := h.Point("d4")
	if h.Degree(q) != 6 {
		t.Fatal("d4 is not inside hex:4")
	}
	near := func(s int, pts ...int) bool {
		for _, x := range pts {
			if s == x || h.Adjacent(s, x) {
				return true
			}
		}
		return false
	}
	for _, nr := range h.Neighbors(q) {
		r1 := int(nr)
		r2 := int(h.Witnesses(q, r1)[0])
		// Black on the two neighbours of q away from r1 and r2.
		var blacks []int
		for _, s := range h.Neighbors(q) {
			if !near(int(s), r1, r2) {
				blacks = append(blacks, int(s))
			}
		}
		// a: a second black neighbour of r1; x and y: a black and a white
		// neighbour of r2; none next to q or to the other r.
		pick := func(of, other int, not ...int) int {
			for _, s := range h.Neighbors(of) {
				if !near(int(s), q, other) && !slices.Contains(not, int(s)) {
					return int(s)
				}
			}
			t.Fatalf("no free neighbour of %s", h.Name(of))
			return -1
		}
		a := pick(r1, r2)
		x := pick(r2, r1, a)
		y := pick(r2, r1, a, x)
		if len(blacks) != 2 {
			t.Fatalf("%d black points around d4", len(blacks))
		}
		n := h.Name
		pos := setupOn(t, h, "b:"+n(a)+" "+n(x)+" "+n(blacks[0])+" "+n(blacks[1])+" w:"+n(r1)+" "+n(r2)+" "+n(y), board.Black)
		if err := pos.Play(game.At(q)); err != nil {
			t.Fatal(err)
		}
		if pos.At(r1) != board.Empty || pos.At(r2) != board.White {
			t.Errorf("r1 %s is %s (want captured), r2 %s is %s (want white)\n%s",
				n(r1), pos.At(r1), n(r2), pos.At(r2), game.Text(pos))
		}
	}
}

func TestPass(t *testing.T) {
	// Every empty point of the 3x3 is black's: white must pass.
	p := setup(t, "3x3", "b:b1 a2 c2 b3", board.White)
	if got := p.LegalMoves(nil); len(got) != 1 || got[0] != game.PassMove {
		t.Fatalf("legal moves %v, want only pass", got)
	}
	for name, want := range map[string]string{"a1": "black controls a1: 2 against 0", "b2": "black controls b2: 4 against 0", "b1": "b1 is occupied"} {
		err := p.Legal(game.At(pt(t, p, name)))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
	}
	play(t, p, "pass")
	if p.ToMove() != board.Black || p.Over() {
		t.Fatalf("after the forced pass: %s to move, over %v", p.ToMove(), p.Over())
	}
	// Black can place, so black may not pass.
	hash := p.Hash()
	err := p.Play(game.PassMove)
	var ie *game.IllegalError
	if !errors.As(err, &ie) || !strings.Contains(ie.Reason, "passing is allowed only when no placement is legal") {
		t.Fatalf("unforced pass: %v", err)
	}
	if p.Hash() != hash || p.MoveNumber() != 1 {
		t.Fatal("the illegal pass changed the position")
	}
	if slices.Contains(p.LegalMoves(nil), game.PassMove) {
		t.Error("pass listed among black's legal moves")
	}
	play(t, p, "b2")
	if p.ToMove() != board.White {
		t.Fatal("turns do not alternate after a pass")
	}
}

func TestUnforcedPassAtStart(t *testing.T) {
	p := setup(t, "11x11", "", board.Black)
	if err := p.Play(game.PassMove); err == nil {
		t.Fatal("pass on the empty board accepted")
	}
	if n := len(p.LegalMoves(nil)); n != 121 {
		t.Fatalf("%d legal moves on the empty 11x11, want 121", n)
	}
}

func TestBoardFull(t *testing.T) {
	p := setup(t, "3x3", "b:a1 b1 c1 a2 b2 w:c2 a3 b3", board.White)
	if err := p.Legal(game.At(pt(t, p, "c3"))); err != nil {
		t.Fatal(err)
	}
	play(t, p, "c3")
	res := p.Result()
	if !p.Over() || res.Reason != "board full" || res.String() != "B+1" || res.Stones[board.Black] != 5 || res.Stones[board.White] != 4 {
		t.Fatalf("over %v, result %s (%q), %+v", p.Over(), res, res.Reason, res.Stones)
	}
	if err := p.Play(game.At(0)); err == nil || !strings.Contains(err.Error(), "the game is over") {
		t.Fatalf("move after the end: %v", err)
	}
	if p.LegalMoves(nil) != nil {
		t.Fatal("legal moves after the end")
	}
	p.Undo()
	if p.Over() || p.Result().Over || p.Result().Reason != "" {
		t.Fatal("undo did not reopen the game")
	}
}

func TestResign(t *testing.T) {
	p := setup(t, "5x5", "", board.Black)
	play(t, p, "c3 resign")
	res := p.Result()
	if !p.Over() || res.Reason != "resignation" || res.String() != "B+R" {
		t.Fatalf("result %s (%q)", res, res.Reason)
	}
	p.Undo()
	if p.Over() || p.ToMove() != board.White || len(p.Result().Resigned) != 0 {
		t.Fatal("undo of resignation")
	}
}

func TestBadMoves(t *testing.T) {
	p := setup(t, "5x5", "b:c3", board.White)
	for _, tc := range []struct {
		m    game.Move
		want string
	}{
		{game.At(pt(t, p, "c3")), "c3 is occupied"},
		{game.At(-1), "no such point"},
		{game.At(25), "no such point"},
		{game.ButtonMove, "no button"},
		{game.Move{Kind: game.Appeal, Point: 0}, "kee"},
		{game.Move{Kind: 42}, "unknown kind"},
	} {
		if err := p.Play(tc.m); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.m, err, tc.want)
		}
	}
	if p.MoveNumber() != 0 {
		t.Fatal("bad moves were recorded")
	}
}

// Undo restores everything, the neighbour counts and the hash included.
func TestUndoRestores(t *testing.T) {
	p := setup(t, "7x7", "", board.Black)
	type snap struct {
		color []board.Color
		count []int32
		hash  uint64
		key   uint64
		empty int
		move  board.Color
	}
	take := func() snap {
		return snap{slices.Clone(p.color), slices.Clone(p.count), p.BoardHash(), p.Hash(), p.empty, p.toMove}
	}
	var snaps []snap
	// A fixed sequence of legal moves, captures and passes among them.
	for i := 0; !p.Over(); i++ {
		snaps = append(snaps, take())
		legal := p.LegalMoves(nil)
		if err := p.Play(legal[(i*7919+13)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	if len(p.removed) == 0 {
		t.Fatal("the test game captured nothing")
	}
	for i := len(snaps) - 1; i >= 0; i-- {
		p.Undo()
		got := take()
		if !slices.Equal(got.color, snaps[i].color) || !slices.Equal(got.count, snaps[i].count) ||
			got.hash != snaps[i].hash || got.key != snaps[i].key || got.empty != snaps[i].empty || got.move != snaps[i].move {
			t.Fatalf("undo to move %d did not restore the position", i)
		}
	}
	if p.Undo() {
		t.Fatal("undo past the start")
	}
}

// Play and Undo allocate nothing once the buffers have grown.
func TestNoAllocation(t *testing.T) {
	p := setup(t, "11x11", "", board.Black)
	var moves []game.Move
	for i := 0; !p.Over() && i < 200; i++ {
		legal := p.LegalMoves(nil)
		m := legal[(i*7919)%len(legal)]
		moves = append(moves, m)
		if err := p.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	for p.Undo() {
	}
	allocs := testing.AllocsPerRun(5, func() {
		for _, m := range moves {
			if err := p.Play(m); err != nil {
				panic(err)
			}
		}
		for p.Undo() {
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per game of %d moves, want 0", allocs, len(moves))
	}
}
