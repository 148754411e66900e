package rules

import (
	"fmt"
	"strings"
	"testing"

	"moku/board"
)

func TestPresets(t *testing.T) {
	nine, _ := board.Rect(9, 9)
	five, _ := board.Rect(5, 5)
	hex, _ := board.Hex(7)
	for _, tc := range []struct {
		name string
		b    *board.Graph
		want string
	}{
		{"go", nine, "go links=plain ko=positional suicide=forbidden scoring=area button=off komi=7.5 players=2"},
		{"go", five, "go links=plain ko=positional suicide=forbidden scoring=area button=off komi=0 players=2"},
		{"go", hex, "go links=plain ko=positional suicide=forbidden scoring=area button=off komi=0 players=2"},
		{"GO-Situational", nine, "go-situational links=plain ko=situational suicide=forbidden scoring=area button=off komi=7.5 players=2"},
		{"go-simple", nine, "go-simple links=plain ko=simple suicide=forbidden scoring=area button=off komi=7.5 players=2"},
		{"tromp-taylor", five, "tromp-taylor links=plain ko=positional suicide=allowed scoring=area button=off komi=0 players=2"},
		{"keil", hex, "keil links=keil ko=own-position suicide=forbidden scoring=linked button=on komi=0 players=2"},
		{"keil-2019", hex, "keil-2019 links=keil-2019 ko=own-position suicide=forbidden scoring=linked button=on komi=0 players=2"},
		{"kee", nine, "kee links=plain ko=cycle suicide=allowed scoring=area button=off komi=0 players=2"},
		{"ki", nine, "ki links=plain ko=recurrence suicide=forbidden scoring=stones button=off komi=0 players=2"},
	} {
		r, err := Preset(tc.name, tc.b)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.String(); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
		// Printing is exact: parsing the print gives the same value.
		back, err := Parse(r.String(), nil)
		if err != nil || back != r {
			t.Errorf("%s: Parse(String()) = %+v, %v; want %+v", tc.name, back, err, r)
		}
	}
	if _, err := Preset("chess", nil); err == nil {
		t.Error("unknown preset accepted")
	}
}

func TestOverrides(t *testing.T) {
	r, err := Parse("keil komi=3.5 button=off links=keil-2019", nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Komi != 3.5 || r.Button || r.Links != Keil2019 || r.Name != "keil" {
		t.Errorf("overrides not applied: %+v", r)
	}
	for _, tc := range []struct{ desc, want string }{
		{"go ko=sometimes", "ko=sometimes: want one of none, simple, positional"},
		{"go komi=lots", "komi=lots: want a number"},
		{"go komi=NaN", "komi=nan: want a number"},
		{"go komi=1e20", "komi=1e20: out of range"},
		{"go komi=-1e400", "komi=-1e400: out of range"},
		{"go komi=inf", "komi=inf: out of range"},
		{"kee komi=1,2e7", "komi=1,2e7: out of range"},
		{"go button=maybe", "button=maybe: want on or off"},
		{"kee players=5", "players=5: want 2..4"},
		{"go colour=red", `unknown ruleset setting "colour"`},
		{"go komi", `ruleset override "komi": want key=value`},
		{"ki ko=simple", "ko cannot be changed for ki"},
		{"go scoring=stones", "scoring=stones is only for ki"},
		{"", "empty ruleset"},
	} {
		_, err := Parse(tc.desc, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want …%s…", tc.desc, err, tc.want)
		}
	}
}

func TestValidate(t *testing.T) {
	even, _ := board.Rect(10, 10)
	odd, _ := board.Rect(11, 11)
	ki, _ := Preset("ki", nil)
	if err := ki.Validate(even); err == nil || !strings.Contains(err.Error(), "even board allows ties") {
		t.Errorf("ki on 10x10: %v", err)
	}
	// Each refused Ki board with its own reason (an oblong or tiny board
	// is no "even board").
	for _, tc := range []struct {
		w, h int
		want string
	}{
		{11, 9, "square boards"}, {3, 5, "square boards"}, {1, 1, "at least 3x3"}, {4, 4, "even board allows ties"},
	} {
		b, _ := board.Rect(tc.w, tc.h)
		if err := ki.Validate(b); err == nil || !strings.Contains(err.Error(), tc.want) || (tc.want != "even board allows ties" && strings.Contains(err.Error(), "even")) {
			t.Errorf("ki on %dx%d: %v, want …%s…", tc.w, tc.h, err, tc.want)
		}
	}
	if err := ki.Validate(odd); err != nil {
		t.Errorf("ki on 11x11: %v", err)
	}
	kee, _ := Parse("kee players=4", nil)
	if err := kee.Validate(odd); err != nil {
		t.Errorf("kee with 4 players: %v", err)
	}
	g, _ := Parse("go players=3", nil)
	if err := g.Validate(odd); err != nil {
		t.Errorf("go (positional) with 3 players: %v", err)
	}
	k, _ := Parse("keil players=3", nil)
	if err := k.Validate(nil); err == nil {
		t.Error("keil with 3 players accepted")
	}
	s, _ := Parse("go-simple players=3", nil)
	if err := s.Validate(nil); err == nil {
		t.Error("simple ko with 3 players accepted")
	}
}

func ExampleParse() {
	r, _ := Parse("keil-2019 komi=3", nil)
	fmt.Println(r)
	// Output: keil-2019 links=keil-2019 ko=own-position suicide=forbidden scoring=linked button=on komi=3 players=2
}

func TestKomiPerPlayer(t *testing.T) {
	r, err := Parse("kee players=4 komi=0,0.5,1,1.5", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Validate(nil); err != nil {
		t.Fatal(err)
	}
	for c, want := range []float64{0, 0.5, 1, 1.5} {
		if got := r.KomiOf(board.Color(c + 1)); got != want {
			t.Errorf("komi of %v = %v, want %v", board.Color(c+1), got, want)
		}
	}
	if back, err := Parse(r.String(), nil); err != nil || back != r {
		t.Errorf("round trip: %v, %v", back, err)
	}
	two, _ := Parse("go komi=6.5", nil)
	if two.KomiOf(board.White) != 6.5 || two.KomiOf(board.Black) != 0 {
		t.Errorf("two players: %v", two)
	}
	for _, bad := range []string{"kee players=3 komi=2", "go komi=0,7.5", "kee komi=1,2,3,4,5"} {
		r, err := Parse(bad, nil)
		if err == nil {
			err = r.Validate(nil)
		}
		if err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
