package board

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"reflect"
	"sort"
	"strings"
	"unicode"
)

// MaxJSONPoints caps the size of a board read from JSON.
const MaxJSONPoints = 4096

// A board file is a JSON object:
//
//	{
//	  "name":   "triangle",                     // optional
//	  "points": ["p", "q", {"name": "s", "x": 0.5, "y": 0.87}],
//	  "edges":  [["p", "q"], ["q", "s"], ["s", "p"]],
//	  "stones": {"black": ["p"], "white": ["s"]} // optional starting position
//	}
//
// A point is a name or an object with a name and drawing coordinates x, y
// (y grows upwards). If any point lacks coordinates, all points are laid out
// on a circle. Names are unique ignoring case, have no spaces, and are not
// move or colour words ("pass", "resign", "button", "appeal…", "b", "white"
// …). Edges are undirected pairs of distinct points, each listed once. Stones name a colour (black,
// white, red, blue) and its points. A disconnected graph is allowed and
// reported by Warnings.
type jsonBoard struct {
	Name   string              `json:"name"`
	Points []json.RawMessage   `json:"points"`
	Edges  [][]string          `json:"edges"`
	Stones map[string][]string `json:"stones"`
}

type jsonPoint struct {
	Name string   `json:"name"`
	X    *float64 `json:"x"`
	Y    *float64 `json:"y"`
}

// ReadFile reads a JSON board file (see ReadJSON).
func ReadFile(path string) (*Graph, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ReadJSON(data, path)
}

// ReadJSON builds a board from JSON data; source names it in errors and
// becomes the board's Spec. Errors name the problem and its place, as a
// line:column for syntax errors and as a path such as edges[3] otherwise.
func ReadJSON(data []byte, source string) (*Graph, error) {
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%s: %s", source, fmt.Sprintf(format, a...))
	}
	var jb jsonBoard
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&jb); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			line, col := lineCol(data, se.Offset-1)
			return nil, fail("%d:%d: %v", line, col, se)
		case errors.As(err, &te):
			line, col := lineCol(data, te.Offset)
			return nil, fail("%d:%d: %s: want %s, not %s", line, col, te.Field, kindName(te.Type.Kind()), te.Value)
		case errors.Is(err, io.EOF):
			return nil, fail("empty file")
		}
		return nil, fail("%v", err)
	}
	if len(jb.Points) == 0 {
		return nil, fail("points: no points")
	}
	if len(jb.Points) > MaxJSONPoints {
		return nil, fail("points: %d points, at most %d allowed", len(jb.Points), MaxJSONPoints)
	}
	var b builder
	first := map[string]int{}
	placed := true
	for i, raw := range jb.Points {
		var pt jsonPoint
		if err := json.Unmarshal(raw, &pt.Name); err != nil {
			if err := json.Unmarshal(raw, &pt); err != nil {
				return nil, fail("points[%d]: want a name or {\"name\", \"x\", \"y\"}", i)
			}
		}
		if err := checkName(pt.Name); err != nil {
			return nil, fail("points[%d]: %v", i, err)
		}
		key := strings.ToLower(pt.Name)
		if j, dup := first[key]; dup {
			return nil, fail("points[%d]: duplicate name %q (first at points[%d])", i, pt.Name, j)
		}
		first[key] = i
		if pt.X == nil || pt.Y == nil {
			placed = false
			pt.X, pt.Y = new(float64), new(float64)
		}
		b.add(pt.Name, *pt.X, *pt.Y)
	}
	if !placed {
		n := float64(len(b.names))
		for i := range b.names {
			a := math.Pi/2 - 2*math.Pi*float64(i)/n
			b.x[i], b.y[i] = n/(2*math.Pi)*math.Cos(a), n/(2*math.Pi)*math.Sin(a)
		}
	}
	seen := map[[2]int]int{}
	for i, e := range jb.Edges {
		if len(e) != 2 {
			return nil, fail("edges[%d]: an edge joins two points, not %d", i, len(e))
		}
		var ends [2]int
		for k, name := range e {
			p, ok := first[strings.ToLower(name)]
			if !ok {
				return nil, fail("edges[%d]: unknown point %q", i, name)
			}
			ends[k] = p
		}
		if ends[0] == ends[1] {
			return nil, fail("edges[%d]: self-loop at %q", i, e[0])
		}
		key := [2]int{min(ends[0], ends[1]), max(ends[0], ends[1])}
		if j, dup := seen[key]; dup {
			return nil, fail("edges[%d]: duplicate edge %s-%s (first at edges[%d])", i, e[0], e[1], j)
		}
		seen[key] = i
		b.link(ends[0], ends[1])
	}
	g := b.build("graph", source)
	occupied := map[int]string{}
	for _, colorName := range sortedKeys(jb.Stones) {
		c, err := ParseColor(colorName)
		if err != nil {
			return nil, fail("stones: %v", err)
		}
		for i, name := range jb.Stones[colorName] {
			p, ok := g.Point(name)
			if !ok {
				return nil, fail("stones.%s[%d]: unknown point %q", colorName, i, name)
			}
			if prev, dup := occupied[p]; dup {
				return nil, fail("stones.%s[%d]: point %q already holds a %s stone", colorName, i, name, prev)
			}
			occupied[p] = colorName
			g.start = append(g.start, Stone{Point: p, Color: c})
		}
	}
	g.title = jb.Name
	return g, nil
}

func checkName(name string) error {
	switch {
	case name == "":
		return errors.New("empty point name")
	case strings.IndexFunc(name, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0:
		return fmt.Errorf("point name %q contains a space", name)
	case len(name) > 32:
		return fmt.Errorf("point name %q longer than 32 bytes", name)
	}
	switch l := strings.ToLower(name); {
	case l == "pass" || l == "resign" || l == "button" || strings.HasPrefix(l, "appeal"):
		return fmt.Errorf("point name %q is a move word", name)
	case func() bool { _, err := ParseColor(l); return err == nil }():
		return fmt.Errorf("point name %q is a colour word", name)
	}
	return nil
}

func kindName(k reflect.Kind) string {
	switch k {
	case reflect.Slice:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Float64, reflect.Ptr:
		return "a number"
	}
	return k.String()
}

func lineCol(data []byte, offset int64) (line, col int) {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	line, col = 1, 1
	for _, c := range data[:offset] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
