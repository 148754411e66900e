package board

import (
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

// Size limits of the built-in boards.
const (
	MaxHexSide  = 13 // 25 columns, a..y
	MaxRectSide = 25 // a..z without i
)

// goLetters are the column letters of square boards: a..z without i, as in Go.
const goLetters = "abcdefghjklmnopqrstuvwxyz"

// hexLetters are the column letters of the hexhex: a..y, none skipped.
const hexLetters = "abcdefghijklmnopqrstuvwxy"

// Hex returns the hexhex board of side n (n points along each edge,
// 3n(n-1)+1 points), Keil's board. Point (x, y) has 0 <= x, y <= 2n-2 and
// |x-y| <= n-1; its neighbours are (x±1, y), (x, y±1), (x+1, y+1) and
// (x-1, y-1); its name is the column letter a+x followed by the row y+1.
func Hex(n int) (*Graph, error) {
	if n < 1 || n > MaxHexSide {
		return nil, fmt.Errorf("hexhex side %d out of range 1..%d", n, MaxHexSide)
	}
	d := 2*n - 1
	id := make([]int, d*d)
	var b builder
	h := math.Sqrt(3) / 2
	for y := 0; y < d; y++ {
		for x := 0; x < d; x++ {
			id[y*d+x] = -1
			if abs(x-y) <= n-1 {
				id[y*d+x] = b.add(fmt.Sprintf("%c%d", hexLetters[x], y+1), float64(x)-float64(y)/2, float64(y)*h)
			}
		}
	}
	at := func(x, y int) int {
		if x < 0 || y < 0 || x >= d || y >= d {
			return -1
		}
		return id[y*d+x]
	}
	for y := 0; y < d; y++ {
		for x := 0; x < d; x++ {
			p := at(x, y)
			if p < 0 {
				continue
			}
			for _, dv := range [3][2]int{{1, 0}, {0, 1}, {1, 1}} {
				if q := at(x+dv[0], y+dv[1]); q >= 0 {
					b.link(p, q)
				}
			}
		}
	}
	g := b.build("hex", "hex:"+strconv.Itoa(n))
	g.side = n
	g.lattice = make([][2]int8, g.N())
	for y := 0; y < d; y++ {
		for x := 0; x < d; x++ {
			if p := id[y*d+x]; p >= 0 {
				g.lattice[p] = [2]int8{int8(x), int8(y)}
			}
		}
	}
	return g, nil
}

// Rect returns the w×h square grid with orthogonal adjacency, Go's board.
// Columns are named a..z without i, rows 1..h from the bottom ("a1" is the
// lower left corner).
func Rect(w, h int) (*Graph, error) {
	return grid(w, h, false)
}

// Torus returns the w×h square grid whose opposite edges are joined, so every
// point has four neighbours. Each side must be at least 3.
func Torus(w, h int) (*Graph, error) {
	return grid(w, h, true)
}

func grid(w, h int, wrap bool) (*Graph, error) {
	min := 1
	kind := "rect"
	if wrap {
		min, kind = 3, "torus"
	}
	if w < min || h < min || w > MaxRectSide || h > MaxRectSide {
		return nil, fmt.Errorf("%s %dx%d out of range: each side must be %d..%d", kind, w, h, min, MaxRectSide)
	}
	var b builder
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			b.add(fmt.Sprintf("%c%d", goLetters[x], y+1), float64(x), float64(y))
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := y*w + x
			if x+1 < w {
				b.link(p, p+1)
			} else if wrap {
				b.link(p, y*w)
			}
			if y+1 < h {
				b.link(p, p+w)
			} else if wrap {
				b.link(p, x)
			}
		}
	}
	spec := fmt.Sprintf("%dx%d", w, h)
	if wrap {
		spec = "torus:" + spec
	}
	g := b.build(kind, spec)
	g.width, g.height = w, h
	if wrap {
		var seams [][2]int
		for y := 0; y < h; y++ {
			seams = append(seams, [2]int{y*w + w - 1, y * w})
		}
		for x := 0; x < w; x++ {
			seams = append(seams, [2]int{(h-1)*w + x, x})
		}
		g.markSeams(seams)
	}
	return g, nil
}

// Parse builds a board from its specification: "hex:N" (hexhex of side N),
// "WxH" or "N" (rectangle; "9" is 9x9), "torus:WxH", "honeycomb:N",
// "tri:N", "cube:N", or the name of a JSON board file (see ReadJSON).
func Parse(spec string) (*Graph, error) {
	s := strings.ToLower(strings.TrimSpace(spec))
	if strings.HasSuffix(s, ".json") {
		return ReadFile(spec)
	}
	g, err := Builtin(spec)
	if err == nil || errors.Is(err, errSize) || shapePrefixed(s) {
		return g, err // a built-in board, or one that is not quite
	}
	if _, err := os.Stat(spec); err == nil {
		return ReadFile(spec)
	}
	return nil, fmt.Errorf("board %q: want %s or a .json board file", spec, builtinForms)
}

// shapePrefixes begin the specifications of the built-in boards other
// than rectangles.
var shapePrefixes = []string{"hex:", "torus:", "honeycomb:", "tri:", "cube:"}

func shapePrefixed(s string) bool {
	for _, p := range shapePrefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// builtinForms lists the specifications of the built-in boards.
const builtinForms = "hex:N, WxH, N, torus:WxH, honeycomb:N, tri:N or cube:N"

// errSize marks an error of a built-in board's size: the specification
// had the right form.
var errSize = errors.New("size out of range")

// sizeError is a size error of a well-formed specification.
type sizeError struct{ err error }

func (e sizeError) Error() string        { return e.err.Error() }
func (e sizeError) Is(target error) bool { return target == errSize }

// Builtin builds one of the built-in boards from its specification, as
// Parse does, but never reads a file: "hex:N", "WxH", "N", "torus:WxH",
// "honeycomb:N", "tri:N" or "cube:N" (case and surrounding space
// ignored). It is safe on specifications from anyone.
func Builtin(spec string) (*Graph, error) {
	s := strings.ToLower(strings.TrimSpace(spec))
	sized := func(g *Graph, err error) (*Graph, error) {
		if err != nil {
			return nil, sizeError{err}
		}
		return g, nil
	}
	for _, shape := range []struct {
		prefix string
		build  func(int) (*Graph, error)
	}{{"hex:", Hex}, {"honeycomb:", Honeycomb}, {"tri:", Tri}, {"cube:", Cube}} {
		if rest, ok := strings.CutPrefix(s, shape.prefix); ok {
			n, err := strconv.Atoi(rest)
			if err != nil || len(rest) > 4 {
				return nil, fmt.Errorf("board %q: want %sN with N the side", spec, shape.prefix)
			}
			return sized(shape.build(n))
		}
	}
	if rest, ok := strings.CutPrefix(s, "torus:"); ok {
		w, h, err := dims(rest)
		if err != nil {
			return nil, fmt.Errorf("board %q: want torus:WxH", spec)
		}
		return sized(Torus(w, h))
	}
	if w, h, err := dims(s); err == nil {
		return sized(Rect(w, h))
	}
	return nil, fmt.Errorf("board %q: want %s", spec, builtinForms)
}

// dims parses "WxH" or "N".
func dims(s string) (w, h int, err error) {
	a, b, ok := strings.Cut(s, "x")
	if !ok {
		b = a
	}
	if len(a) > 4 || len(b) > 4 {
		return 0, 0, errors.New("too many digits")
	}
	if w, err = strconv.Atoi(a); err != nil {
		return 0, 0, err
	}
	h, err = strconv.Atoi(b)
	return w, h, err
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
