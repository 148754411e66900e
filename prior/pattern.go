package prior

import (
	"fmt"
	"sync"
)

// A pattern is the colours of a ring of cells around a point, relative to
// the player to move: each cell 2 bits, cell i at bits 2i.
const (
	cellEmpty = 0 // '.'
	cellOwn   = 1 // 'X': the mover's stone
	cellOther = 2 // 'O': another player's stone
	cellOff   = 3 // '#': off the board
)

const cellChars = ".XO#"

// canon maps every raw ring code of k cells to the least code among its
// images under the ring's symmetries (rotations by step cells, and
// reflections), so that a pattern and its rotations and mirror images are
// one feature.
type canon struct {
	k, step int
	table   []uint16
}

var canons sync.Map // [2]int{k, step} → *canon

func canonFor(k, step int) *canon {
	key := [2]int{k, step}
	if c, ok := canons.Load(key); ok {
		return c.(*canon)
	}
	c := &canon{k: k, step: step, table: make([]uint16, 1<<(2*k))}
	for raw := range c.table {
		c.table[raw] = uint16(minImage(uint32(raw), k, step))
	}
	got, _ := canons.LoadOrStore(key, c)
	return got.(*canon)
}

// minImage returns the least code among raw's rotations and reflections.
func minImage(raw uint32, k, step int) uint32 {
	best := raw
	for r := 0; r < k; r += step {
		for _, mirror := range [2]bool{false, true} {
			var code uint32
			for i := 0; i < k; i++ {
				j := (i + r) % k
				if mirror {
					j = ((k-i)%k + r) % k
				}
				code |= (raw >> (2 * j) & 3) << (2 * i)
			}
			best = min(best, code)
		}
	}
	return best
}

// patternValue is the feature value of a canonical ring code of k cells:
// the number of cells above the code, so that rings of different lengths
// (on a "graph" board) are different features and no pattern is 0.
func patternValue(code uint32, k int) uint32 { return uint32(k)<<16 | code }

// PatternString writes a pattern feature's value as its cells, one
// character each in ring order: '.' empty, 'X' the mover's stone, 'O'
// another player's, '#' off the board.
func PatternString(v uint32) string {
	k := int(v >> 16)
	b := make([]byte, k)
	for i := range b {
		b[i] = cellChars[v>>(2*i)&3]
	}
	return string(b)
}

// ParsePattern is PatternString's inverse.
func ParsePattern(s string) (uint32, error) {
	if len(s) == 0 || len(s) > maxRing {
		return 0, fmt.Errorf("pattern %q: want 1 to %d cells", s, maxRing)
	}
	var code uint32
	for i := 0; i < len(s); i++ {
		c := -1
		for j := 0; j < len(cellChars); j++ {
			if s[i] == cellChars[j] {
				c = j
			}
		}
		if c < 0 {
			return 0, fmt.Errorf("pattern %q: cell %q is none of %q", s, s[i], cellChars)
		}
		code |= uint32(c) << (2 * i)
	}
	return patternValue(code, len(s)), nil
}

// PatternGamma returns the model's gamma for the pattern of a full ring
// of cells in ring order (square boards: clockwise from the north, eight
// cells), each 0 empty, 1 the mover's stone, 2 another player's, 3 off
// the board; 1 for a pattern the model does not know.
func (m *Model) PatternGamma(ring []uint8) float64 {
	var raw uint32
	for i, c := range ring {
		raw |= uint32(c&3) << (2 * i)
	}
	k := len(ring)
	step := 1
	if m.Geometry == "square" {
		step = 2
	}
	code := uint32(canonFor(k, step).table[raw])
	if g, ok := m.Gamma[Feature{Pattern, patternValue(code, k)}]; ok {
		return g
	}
	return 1
}
