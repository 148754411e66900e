package session

import (
	"testing"
	"time"
)

// TestClockSpend: the arithmetic of each kind of clock, move by move.
func TestClockSpend(t *testing.T) {
	s := time.Second
	abs := TimeControl{Kind: Absolute, Main: 60 * s}
	fis := TimeControl{Kind: Fischer, Main: 60 * s, Increment: 10 * s}
	byo := TimeControl{Kind: ByoYomi, Main: 60 * s, Periods: 3, Period: 30 * s}
	cor := TimeControl{Kind: Correspondence, Period: 72 * time.Hour}
	for _, tc := range []struct {
		name  string
		tc    TimeControl
		moves []time.Duration
		want  Clock
		ok    bool
	}{
		{"absolute", abs, []time.Duration{20 * s, 30 * s}, Clock{Left: 10 * s}, true},
		{"absolute out", abs, []time.Duration{20 * s, 40 * s}, Clock{Left: 0}, false},
		{"fischer", fis, []time.Duration{20 * s, 30 * s}, Clock{Left: 30 * s}, true},
		{"fischer: the increment comes after the move", fis, []time.Duration{65 * s}, Clock{Left: -5 * s}, false},
		{"byo-yomi in main time", byo, []time.Duration{50 * s}, Clock{Left: 10 * s, Periods: 3}, true},
		{"byo-yomi: a move within a period keeps it", byo, []time.Duration{60 * s, 29 * s, 29 * s}, Clock{Periods: 3}, true},
		{"byo-yomi: an overrun period is lost", byo, []time.Duration{60 * s, 31 * s}, Clock{Periods: 2}, true},
		{"byo-yomi: main time runs into the periods", byo, []time.Duration{100 * s}, Clock{Periods: 2}, true},
		{"byo-yomi: the last period", byo, []time.Duration{60 * s, 89 * s}, Clock{Periods: 1}, true},
		{"byo-yomi out", byo, []time.Duration{60 * s, 90 * s}, Clock{}, false},
		{"correspondence", cor, []time.Duration{71 * time.Hour, 10 * time.Hour}, Clock{Left: 72 * time.Hour}, true},
		{"correspondence out", cor, []time.Duration{72 * time.Hour}, Clock{}, false},
		{"no clock", TimeControl{}, []time.Duration{1000 * time.Hour}, Clock{}, true},
	} {
		c, ok := tc.tc.Start(), true
		for _, d := range tc.moves {
			if c, ok = tc.tc.Spend(c, d); !ok {
				break
			}
		}
		if ok != tc.ok || c != tc.want {
			t.Errorf("%s: %+v, %v; want %+v, %v", tc.name, c, ok, tc.want, tc.ok)
		}
	}
}

// TestClockRemaining: the time a player may think, byo-yomi's periods
// included.
func TestClockRemaining(t *testing.T) {
	byo := TimeControl{Kind: ByoYomi, Main: time.Minute, Periods: 3, Period: 30 * time.Second}
	if got := byo.Remaining(byo.Start()); got != 150*time.Second {
		t.Errorf("byo-yomi at the start: %v", got)
	}
	// Spending just under the remaining time keeps the player in the
	// game; spending all of it does not.
	for _, tc := range []TimeControl{byo, {Kind: Absolute, Main: time.Minute}, {Kind: Fischer, Main: time.Minute, Increment: time.Second},
		{Kind: Correspondence, Period: 24 * time.Hour}} {
		r := tc.Remaining(tc.Start())
		if _, ok := tc.Spend(tc.Start(), r-time.Millisecond); !ok {
			t.Errorf("%s: out before the remaining %v", tc.Kind, r)
		}
		if _, ok := tc.Spend(tc.Start(), r); ok {
			t.Errorf("%s: still in after the remaining %v", tc.Kind, r)
		}
	}
}

// TestTimeControlValidate: clear refusals of impossible clocks.
func TestTimeControlValidate(t *testing.T) {
	for _, tc := range []struct {
		tc TimeControl
		ok bool
	}{
		{TimeControl{}, true},
		{TimeControl{Kind: Absolute, Main: time.Minute}, true},
		{TimeControl{Kind: Absolute}, false},
		{TimeControl{Kind: Fischer, Main: time.Minute, Increment: -time.Second}, false},
		{TimeControl{Kind: ByoYomi, Periods: 5, Period: 30 * time.Second}, true},
		{TimeControl{Kind: ByoYomi, Main: time.Minute}, false},
		{TimeControl{Kind: Correspondence, Period: 3 * 24 * time.Hour}, true},
		{TimeControl{Kind: Correspondence, Period: 36 * time.Hour}, false},
		{TimeControl{Kind: "hourglass", Main: time.Minute}, false},
	} {
		if err := tc.tc.Validate(); (err == nil) != tc.ok {
			t.Errorf("%+v: %v", tc.tc, err)
		}
	}
}
