package liberty_test

import (
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"moku/board"
	"moku/game"
	"moku/liberty"
	"moku/rules"
)

// keeBoards are the graphs the property tests play on.
var keeBoards = []string{"1x1", "2x1", "3x1", "4x1", "2x2", "3x2", "3x3", "hex:2", "torus:3x3",
	`{"points": ["a", "e", "c", "d", "f"], "edges": [["a", "e"], ["e", "c"], ["c", "a"], ["c", "d"], ["d", "f"]], "stones": {"white": ["f"]}}`}

// keeSnapshot is everything a Kee position shows through its API.
type keeSnapshot struct {
	hash           uint64
	board, history string
	record         string
	toMove         board.Color
	over           bool
	result         string
	legal          string
}

func snapshot(p *liberty.Position) keeSnapshot {
	return keeSnapshot{p.Hash(), boardText(p), movesText(p), recordText(p), p.ToMove(), p.Over(),
		p.Result().String(), legalText(p)}
}

// mirror keeps a ko=none game on the same board in step with a Kee game's
// history, to compute the board a stone play produces without the cycle
// prohibition.
type mirror struct{ p *liberty.Position }

func newMirror(t *rapid.T, k *liberty.Position) mirror {
	r := k.Rules()
	r.Ko = rules.KoNone
	p, err := liberty.New(r, k.Graph())
	if err != nil {
		t.Fatal(err)
	}
	return mirror{p}
}

func (m mirror) sync(t *rapid.T, k *liberty.Position) {
	want := k.History()
	for {
		h := m.p.History()
		if len(h) <= len(want) && slices.Equal(h, mirrorMoves(want[:len(h)])) {
			break
		}
		m.p.Undo()
	}
	for _, x := range mirrorMoves(want[len(m.p.History()):]) {
		if err := m.p.Play(x.Move); err != nil {
			t.Fatalf("mirror: %v", err)
		}
	}
}

// mirrorMoves turns appeals into passes.
func mirrorMoves(h []game.Played) []game.Played {
	out := make([]game.Played, len(h))
	for i, x := range h {
		if x.Move.Kind == game.Appeal {
			x.Move = game.PassMove
		}
		out[i] = x
	}
	return out
}

// cycleVerdict applies K11 to a stone play by mover producing board b, from
// the boards after each play of the history (boards[0] is the start):
// "" if allowed, else which condition fails.
func cycleVerdict(boards []string, h []game.Played, mover board.Color, players int, b string) string {
	first, last := -1, -1
	for i, x := range boards {
		if x == b {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return ""
	}
	s := last // the stone play that began the run of the last occurrence
	for s > 0 && h[s-1].Move.Kind != game.Place {
		s--
	}
	a := false
	for _, x := range h[s:] {
		a = a || (x.Player == mover && x.Move.Kind == game.Pass)
	}
	bOK := false
	for c := board.Black; int(c) <= players; c++ {
		if c == mover {
			continue
		}
		n, stones := 0, true
		for _, x := range h[first:] {
			if x.Player == c {
				n++
				stones = stones && x.Move.Kind == game.Place
			}
		}
		bOK = bOK || (n > 0 && stones)
	}
	switch {
	case !a:
		return "(a)"
	case !bOK:
		return "(b)"
	}
	return ""
}

// TestKeeProperties plays random Kee games with 2-4 players on small graphs
// and checks, after every play: Undo restores the exact position; no group
// without liberties stands; every stone play is allowed or prohibited by the
// cycle prohibition exactly as (a) and (b) say; appeals are offered exactly
// for the stone plays K11 alone forbids; if everyone keeps passing the game
// ends; and the record replays to the same game.
func TestKeeProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		spec := rapid.SampledFrom(keeBoards).Draw(t, "board")
		players := rapid.IntRange(2, 4).Draw(t, "players")
		var g *board.Graph
		var err error
		if strings.HasPrefix(spec, "{") {
			g, err = board.ReadJSON([]byte(spec), "prop.json")
		} else {
			g, err = board.Parse(spec)
		}
		if err != nil {
			t.Fatal(err)
		}
		r, _ := rules.Preset("kee", g)
		r.Players = players
		p, err := liberty.New(r, g)
		if err != nil {
			t.Fatal(err)
		}
		mir := newMirror(t, p)
		steps := rapid.IntRange(0, 40).Draw(t, "steps")
		for step := 0; step < steps && !p.Over(); step++ {
			checkCycle(t, p, mir)
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				t.Fatalf("no legal move in a game not over: %s", movesText(p))
			}
			if players > 2 && rapid.IntRange(0, 30).Draw(t, "resign?") == 0 {
				moves = []game.Move{game.ResignMove}
			}
			m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
			before := snapshot(p)
			if err := p.Play(m); err != nil {
				t.Fatalf("legal move %s refused: %v", m.Format(g), err)
			}
			after := snapshot(p)
			if !p.Undo() || snapshot(p) != before {
				t.Fatalf("Undo of %s after %s:\n got %+v\nwant %+v", m.Format(g), before.history, snapshot(p), before)
			}
			if err := p.Play(m); err != nil || snapshot(p) != after {
				t.Fatalf("replaying %s: %v", m.Format(g), err)
			}
			checkLiberties(t, p)
		}
		checkReplay(t, p, r)
		checkPassesEnd(t, p)
	})
}

// checkCycle tries every stone play of the player to move and compares the
// engine's verdict with cycleVerdict, and the appeals offered with the
// stone plays K11 alone forbids.
func checkCycle(t *rapid.T, p *liberty.Position, mir mirror) {
	mir.sync(t, p)
	h := p.History()
	// The boards after each play of the history, from the mirror's Undo.
	var boards []string
	var undone []game.Played
	for {
		boards = append(boards, boardText(mir.p))
		if len(mir.p.History()) == 0 {
			break
		}
		hh := mir.p.History()
		undone = append(undone, hh[len(hh)-1])
		mir.p.Undo()
	}
	slices.Reverse(boards)
	for i := len(undone) - 1; i >= 0; i-- {
		if err := mir.p.Play(undone[i].Move); err != nil {
			t.Fatalf("mirror replay: %v", err)
		}
	}
	legal := p.LegalMoves(nil)
	mover := p.ToMove()
	for q := 0; q < p.Graph().N(); q++ {
		if p.At(q) != board.Empty {
			continue
		}
		err := p.Legal(game.At(q))
		appeal := slices.Contains(legal, game.Move{Kind: game.Appeal, Point: q})
		if merr := mir.p.Legal(game.At(q)); merr != nil {
			if err == nil || appeal {
				t.Fatalf("%s: illegal without the cycle prohibition (%v) but legal or appealable under kee", p.Graph().Name(q), merr)
			}
			continue
		}
		if err != nil && strings.Contains(err.Error(), "rescinded at this moment") {
			if appeal {
				t.Fatalf("%s: a banned play is appealable", p.Graph().Name(q))
			}
			continue
		}
		mir.p.Play(game.At(q))
		b := boardText(mir.p)
		mir.p.Undo()
		want := cycleVerdict(boards, h, mover, p.Rules().Players, b)
		switch {
		case want == "" && err != nil:
			t.Fatalf("after %s: %s allowed by K11 but refused: %v", movesText(p), p.Graph().Name(q), err)
		case want != "" && err == nil:
			t.Fatalf("after %s: %s repeats a position and fails %s, but is legal", movesText(p), p.Graph().Name(q), want)
		case want != "" && !strings.Contains(err.Error(), "cycle prohibition, K11"):
			t.Fatalf("after %s: %s fails %s, but the reason is %v", movesText(p), p.Graph().Name(q), want, err)
		case (want != "") != appeal:
			t.Fatalf("after %s: %s: K11 verdict %q but appeal offered = %v", movesText(p), p.Graph().Name(q), want, appeal)
		}
	}
}

func checkLiberties(t *rapid.T, p *liberty.Position) {
	for q := 0; q < p.Graph().N(); q++ {
		if p.At(q) == board.Empty {
			continue
		}
		if _, libs := p.Group(q); len(libs) == 0 {
			t.Fatalf("after %s: the group on %s has no liberty", movesText(p), p.Graph().Name(q))
		}
	}
}

// checkReplay plays the record's moves on a new game: it must reach the same
// position, history and record.
func checkReplay(t *rapid.T, p *liberty.Position, r rules.Ruleset) {
	q, err := liberty.New(r, p.Graph())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range p.Record() {
		if e.Player != q.ToMove() {
			t.Fatalf("replay: record says %s moves, the game says %s", e.Player, q.ToMove())
		}
		if err := q.Play(e.Move); err != nil {
			t.Fatalf("replay of %s: %v", recordText(p), err)
		}
	}
	if snapshot(q) != snapshot(p) {
		t.Fatalf("replay of the record differs:\n got %+v\nwant %+v", snapshot(q), snapshot(p))
	}
}

// checkPassesEnd has every player pass (non-appealing) until the game ends,
// which must happen, then takes all those passes back.
func checkPassesEnd(t *rapid.T, p *liberty.Position) {
	before := snapshot(p)
	n := 0
	limit := (len(p.History()) + 1) * 2 * p.Rules().Players
	for !p.Over() {
		if n > limit {
			t.Fatalf("still not over after %d passes: %s", n, recordText(p))
		}
		if err := p.Play(game.PassMove); err != nil {
			t.Fatalf("pass: %v", err)
		}
		n++
	}
	for range n {
		p.Undo()
	}
	if snapshot(p) != before {
		t.Fatalf("undoing %d passes:\n got %+v\nwant %+v", n, snapshot(p), before)
	}
}
