package match

import (
	"testing"
	"time"
)

func TestParseStat(t *testing.T) {
	for _, c := range []struct {
		line string
		want time.Duration
		ok   bool
	}{
		// utime 150 and stime 7 ticks: 1.57 s.
		{"4242 (moku) S 1 4242 1 0 -1 4194560 900 0 0 0 150 7 0 0 20 0 3 0 99 1000 200", 1570 * time.Millisecond, true},
		// A name with spaces and parentheses: fields count from the last ')'.
		{"7 (a (b) c) R 1 7 1 0 -1 0 0 0 0 0 2 1 0 0 20 0 1 0 5 10 2", 30 * time.Millisecond, true},
		{"7 (short) R 1 7 1 0 -1 0 0 0 0 0 2", 0, false},
		{"no parenthesis 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", 0, false},
		{"7 (x) R 1 7 1 0 -1 0 0 0 0 0 -2 1 0 0", 0, false},
		{"7 (x) R 1 7 1 0 -1 0 0 0 0 0 two 1 0 0", 0, false},
	} {
		got, ok := parseStat([]byte(c.line))
		if got != c.want || ok != c.ok {
			t.Errorf("parseStat(%q) = %v, %v; want %v, %v", c.line, got, ok, c.want, c.ok)
		}
	}
}
