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
// A point is a name or an object with a name, drawing coordinates x, y
// (y grows upwards) and optionally its neighbours, "neighbors": ["q",
// "s"]. If any point lacks coordinates, all points are laid out on a
// circle; two points may not be given the same place. Names are unique
// ignoring case, have no spaces, and are not move or colour words ("pass",
// "resign", "button", "appeal…", "b", "white" …). Edges are undirected
// pairs of distinct points, each listed once; or else each point lists its
// neighbours, and then every edge is listed at both its ends. Stones name a
// colour (black, white, red, blue) and its points. A disconnected graph is
// allowed and reported by Warnings.
type jsonBoard struct {
	Name   string              `json:"name"`
	Points []json.RawMessage   `json:"points"`
	Edges  [][]string          `json:"edges"`
	Stones map[string][]string `json:"stones"`
}

type jsonPoint struct {
	Name      string   `json:"name"`
	X         *float64 `json:"x"`
	Y         *float64 `json:"y"`
	Neighbors []string `json:"neighbors"`
}

// JSONOptions are checks a reader of board files from others adds to
// ReadJSON's (ReadJSONOptions).
type JSONOptions struct {
	// MaxPoints caps the number of points (0: MaxJSONPoints).
	MaxPoints int
	// MaxDegree caps the neighbours of a point (0: no cap).
	MaxDegree int
	// Placed requires drawing coordinates on every point, spread evenly
	// enough for a drawing to show every point: the drawing's width and
	// height at most MaxSpread times the distance of its two closest
	// points.
	Placed bool
}

// MaxSpread bounds a drawing's size, in distances of its two closest
// points, for JSONOptions.Placed: 25x25 spans 24, a ring of 600 points
// about 190.
const MaxSpread = 256

// maxCoord bounds the coordinates of a drawing for JSONOptions.Placed.
const maxCoord = 1e9

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
	return ReadJSONOptions(data, source, JSONOptions{})
}

// ReadJSONOptions reads a board as ReadJSON does, with the further checks
// of o.
func ReadJSONOptions(data []byte, source string, o JSONOptions) (*Graph, error) {
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%s: %s", source, fmt.Sprintf(format, a...))
	}
	var jb jsonBoard
	if err := decodeStrict(data, &jb); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			line, col := lineCol(data, se.Offset-1)
			return nil, fail("%d:%d: %v", line, col, se)
		case errors.As(err, &te):
			line, col := lineCol(data, te.Offset)
			field := te.Field
			if field == "" {
				field = "the board"
			}
			return nil, fail("%d:%d: %s: want %s, not %s", line, col, field, kindName(te.Type.Kind()), te.Value)
		case errors.Is(err, io.ErrUnexpectedEOF):
			line, col := lineCol(data, int64(len(data)))
			return nil, fail("%d:%d: the file ends before its JSON is complete", line, col)
		case errors.Is(err, io.EOF):
			return nil, fail("empty file")
		}
		return nil, fail("%v", err)
	}
	maxPoints := o.MaxPoints
	if maxPoints <= 0 || maxPoints > MaxJSONPoints {
		maxPoints = MaxJSONPoints
	}
	if len(jb.Points) == 0 {
		return nil, fail("points: no points")
	}
	if len(jb.Points) > maxPoints {
		return nil, fail("points: %d points, at most %d allowed", len(jb.Points), maxPoints)
	}
	var b builder
	first := map[string]int{}
	placed := true
	var pts []jsonPoint
	listed := false // some point lists its neighbours
	for i, raw := range jb.Points {
		var pt jsonPoint
		if err := json.Unmarshal(raw, &pt.Name); err != nil {
			if err := decodeStrict(raw, &pt); err != nil {
				var te *json.UnmarshalTypeError
				if errors.As(err, &te) && te.Field != "" {
					return nil, fail("points[%d]: %s: want %s, not %s", i, te.Field, kindName(te.Type.Kind()), te.Value)
				}
				if strings.Contains(err.Error(), "unknown field") {
					return nil, fail("points[%d]: %v (a point has name, x, y and neighbors)", i, strings.TrimPrefix(err.Error(), "json: "))
				}
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
		switch {
		case (pt.X == nil) != (pt.Y == nil):
			return nil, fail("points[%d] (%q): give both coordinates, x and y, or neither", i, pt.Name)
		case pt.X == nil && o.Placed:
			return nil, fail("points[%d] (%q): no drawing coordinates: every point needs its x and y", i, pt.Name)
		case pt.X == nil:
			placed = false
			pt.X, pt.Y = new(float64), new(float64)
		}
		listed = listed || pt.Neighbors != nil
		pts = append(pts, pt)
		b.add(pt.Name, *pt.X, *pt.Y)
	}
	if placed {
		at := make(map[[2]float64]int, len(pts))
		for i := range pts {
			xy := [2]float64{b.x[i], b.y[i]}
			if j, dup := at[xy]; dup {
				return nil, fail("points[%d] (%q): at the same place as points[%d] (%q), (%g, %g)", i, pts[i].Name, j, pts[j].Name, xy[0], xy[1])
			}
			at[xy] = i
		}
		if o.Placed {
			if err := checkSpread(&b); err != nil {
				return nil, fail("%v", err)
			}
		}
	} else {
		n := float64(len(b.names))
		for i := range b.names {
			a := math.Pi/2 - 2*math.Pi*float64(i)/n
			b.x[i], b.y[i] = n/(2*math.Pi)*math.Cos(a), n/(2*math.Pi)*math.Sin(a)
		}
	}
	if listed && jb.Edges != nil {
		return nil, fail("edges: give the edges either in edges or in the points' neighbors, not both")
	}
	if listed {
		if err := linkListed(&b, pts, first); err != nil {
			return nil, fail("%v", err)
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
	if o.MaxDegree > 0 {
		for p, nb := range b.adj {
			if len(nb) > o.MaxDegree {
				return nil, fail("points[%d] (%q): %d neighbours, at most %d allowed", p, b.names[p], len(nb), o.MaxDegree)
			}
		}
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

// checkSpread checks that the drawing is at most MaxSpread times as wide
// and high as its two closest points are apart.
func checkSpread(b *builder) error {
	n := len(b.names)
	if n < 2 {
		return nil
	}
	for p := 0; p < n; p++ {
		if math.Abs(b.x[p]) > maxCoord || math.Abs(b.y[p]) > maxCoord {
			return fmt.Errorf("points[%d] (%q): coordinates beyond ±%g", p, b.names[p], maxCoord)
		}
	}
	closest, cp, cq := math.Inf(1), 0, 0
	minX, maxX, minY, maxY := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for p := 0; p < n; p++ {
		minX, maxX, minY, maxY = min(minX, b.x[p]), max(maxX, b.x[p]), min(minY, b.y[p]), max(maxY, b.y[p])
		for q := p + 1; q < n; q++ {
			if d := math.Hypot(b.x[q]-b.x[p], b.y[q]-b.y[p]); d < closest {
				closest, cp, cq = d, p, q
			}
		}
	}
	if size := max(maxX-minX, maxY-minY); !(size/closest <= MaxSpread) {
		return fmt.Errorf("points[%d] (%q) and points[%d] (%q) are %g apart, and the drawing %g wide: at most %d times as wide as the two closest points are apart (draw the points more evenly)",
			cp, b.names[cp], cq, b.names[cq], closest, size, MaxSpread)
	}
	return nil
}

// decodeStrict decodes one JSON value into v, refusing unknown fields.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// linkListed links the points as their neighbour lists say, checking that
// each edge is listed at both its ends.
func linkListed(b *builder, pts []jsonPoint, index map[string]int) error {
	lists := make([]map[int]bool, len(pts))
	for i, pt := range pts {
		lists[i] = map[int]bool{}
		for _, name := range pt.Neighbors {
			q, ok := index[strings.ToLower(name)]
			switch {
			case !ok:
				return fmt.Errorf("points[%d] (%q): unknown neighbour %q", i, pt.Name, name)
			case q == i:
				return fmt.Errorf("points[%d] (%q): lists itself as its neighbour", i, pt.Name)
			case lists[i][q]:
				return fmt.Errorf("points[%d] (%q): lists %q twice", i, pt.Name, name)
			}
			lists[i][q] = true
		}
	}
	for i, pt := range pts {
		for _, name := range pt.Neighbors {
			q := index[strings.ToLower(name)]
			if !lists[q][i] {
				return fmt.Errorf("points[%d] (%q): lists %q as its neighbour, but points[%d] (%q) does not list %q: an edge is listed at both its ends", i, pt.Name, name, q, pts[q].Name, pt.Name)
			}
			if q > i {
				b.link(i, q)
			}
		}
	}
	return nil
}

// JSON returns the board as a board file, as ReadJSON reads it back: its
// name, its points with their drawing coordinates, its edges and its
// starting stones.
func (g *Graph) JSON() []byte {
	type point struct {
		Name string  `json:"name"`
		X    float64 `json:"x"`
		Y    float64 `json:"y"`
	}
	var jb struct {
		Name   string              `json:"name,omitempty"`
		Points []point             `json:"points"`
		Edges  [][2]string         `json:"edges"`
		Stones map[string][]string `json:"stones,omitempty"`
	}
	jb.Name = g.title
	jb.Edges = [][2]string{}
	for p := range g.names {
		jb.Points = append(jb.Points, point{g.names[p], g.x[p], g.y[p]})
		for _, q := range g.Neighbors(p) {
			if int(q) > p {
				jb.Edges = append(jb.Edges, [2]string{g.names[p], g.names[q]})
			}
		}
	}
	if len(g.start) > 0 {
		jb.Stones = map[string][]string{}
		for _, s := range g.start {
			jb.Stones[s.Color.String()] = append(jb.Stones[s.Color.String()], g.names[s.Point])
		}
		for _, v := range jb.Stones {
			sort.Strings(v)
		}
	}
	data, err := json.Marshal(jb)
	if err != nil {
		panic(err) // plain strings and finite floats always marshal
	}
	return data
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
