package ki_test

import (
	"strings"
	"testing"

	"moku/board"
	"moku/catalog"
	"moku/game"
	"moku/ki"
	"moku/rules"
)

// Board sizes are checked by rules.Validate, through catalog.Start and
// ki.New alike.
func TestBoards(t *testing.T) {
	for _, tc := range []struct{ board, want string }{
		{"10x10", "an even board allows ties"},
		{"11x9", "ki is played on square boards"},
		{"2x2", "an even board allows ties"},
		{"1x1", "at least 3x3"},
		{"torus:8x8", "an even board allows ties"},
		{"11x11", ""},
		{"3x3", ""},
		{"25x25", ""},
		{"", ""}, // the default, 11x11
		{"hex:4", ""},
		{"torus:5x5", ""},
	} {
		s, err := catalog.Start(catalog.Config{Rules: "ki", Board: tc.board})
		if tc.want != "" {
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("board %q: %v, want a refusal saying %q and why", tc.board, err, tc.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("board %q: %v", tc.board, err)
			continue
		}
		if _, ok := s.(*ki.Position); !ok {
			t.Errorf("board %q: catalog.Start gave %T, want *ki.Position", tc.board, s)
		}
		if tc.board == "" && s.Graph().Spec() != "11x11" {
			t.Errorf("default board %s, want 11x11", s.Graph().Spec())
		}
	}
	// ki.New checks on its own as well.
	g, _ := board.Rect(4, 4)
	r, _ := rules.Preset("ki", g)
	if _, err := ki.New(r, g); err == nil {
		t.Error("ki.New accepted 4x4")
	}
	gr, _ := rules.Preset("go", g)
	if _, err := ki.New(gr, g); err == nil || !strings.Contains(err.Error(), "control family") {
		t.Errorf("ki.New with go rules: %v", err)
	}
	// A starting position with a third colour is refused.
	tri, err := board.ReadJSON([]byte(`{"points": ["p1","p2","p3"], "edges": [["p1","p2"],["p2","p3"]], "stones": {"red": ["p1"]}}`), "t.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ki.New(r, tri); err == nil || !strings.Contains(err.Error(), "red") {
		t.Errorf("red starting stone: %v", err)
	}
}

func TestKomi(t *testing.T) {
	s, err := catalog.Start(catalog.Config{Rules: "ki komi=0.5", Board: "3x3"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Play(game.At(4)); err != nil {
		t.Fatal(err)
	}
	if res := s.Result(); res.Score[board.White] != 0.5 || res.Score[board.Black] != 1 {
		t.Fatalf("scores %v", res.Score)
	}
}
