package prior

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"moku/board"
	"moku/game"
	"moku/rules"
)

// Feature is one feature: a group and a value (never 0).
type Feature struct {
	Group Group
	Value uint32
}

// String writes the feature as the weights file does: the group's name
// and the value (a pattern's cells, see PatternString).
func (f Feature) String() string {
	if f.Group == Pattern {
		return "pattern " + PatternString(f.Value)
	}
	return fmt.Sprintf("%s %d", f.Group, f.Value)
}

// Model is a set of learned gammas, one per feature: a move's strength is
// the product of its features' gammas (a feature the model does not
// know counts 1), and its probability the share of its strength among
// the legal moves.
type Model struct {
	// Game and Geometry name the game (rules.Ruleset.Game) and the
	// rings (Geometry.Kind) the model was learned for, and Players the
	// number of players of its games (0 in a file of before the count:
	// two).
	Game, Geometry string
	Players        int
	// Notes are the file's comment lines: how the model was made.
	Notes []string
	// Iteration is the number of MM iterations the gammas have had, and
	// Data a digest of the training positions (see Data.Digest): a
	// training run resumes from a file of the same Data.
	Iteration int
	Data      string
	// Gamma holds the gammas. It must not change once the model has
	// been used (Uses, Strength, Probabilities, Predict, Evaluate,
	// Extractor.SetModel): the model then keeps them arranged for fast
	// lookups.
	Gamma map[Feature]float64

	idx atomic.Pointer[index] // Gamma arranged for lookups, made on first use
}

// smallValues bounds the feature values an index keeps in its dense table.
const smallValues = 16

// index is a model's gammas arranged for lookups during a search: the
// small values of every group in a dense table, the shapes (Pattern,
// Spatial, Spatial5 to Spatial8) in an open-addressing table of 32-bit
// keys (see packed), which stays in the processor's caches better than a
// map, and anything else in a map.
type index struct {
	small  [NumGroups][smallValues]float64 // 1 where the model has no gamma
	keys   []uint32                        // packed keys, 0 for an empty slot; a power of two long
	gammas []float64                       // the gamma of keys[i]
	shift  uint                            // 32 - log2(len(keys))
	other  map[Feature]float64
	count  [NumGroups]int // gammas of each group
}

// packed returns feature (g, v) as an index key: a tag for the group in
// the top three bits and the value below; 0 when it does not pack.
func packed(g Group, v uint32) uint32 {
	if v >= 1<<29 {
		return 0
	}
	var tag uint32
	switch {
	case g == Pattern:
		tag = 1
	case g == Spatial:
		tag = 2
	case g >= Spatial5 && g <= Spatial8:
		tag = 3 + uint32(g-Spatial5)
	default:
		return 0
	}
	return tag<<29 | v
}

// slot returns the first slot to probe for key k.
func (ix *index) slot(k uint32) int { return int((k * 0x9e3779b1) >> ix.shift) }

// find returns the gamma of packed key k, and whether the model has one.
func (ix *index) find(k uint32) (float64, bool) {
	mask := len(ix.keys) - 1
	for i := ix.slot(k); ; i = (i + 1) & mask {
		switch ix.keys[i] {
		case k:
			return ix.gammas[i], true
		case 0:
			return 0, false
		}
	}
}

// index returns m's index, making it on first use.
func (m *Model) index() *index {
	if ix := m.idx.Load(); ix != nil {
		return ix
	}
	ix := &index{other: map[Feature]float64{}}
	for g := range ix.small {
		for v := range ix.small[g] {
			ix.small[g][v] = 1
		}
	}
	bits := uint(4)
	for 1<<bits < len(m.Gamma)*4/3+1 {
		bits++
	}
	ix.keys, ix.gammas, ix.shift = make([]uint32, 1<<bits), make([]float64, 1<<bits), 32-bits
	for f, y := range m.Gamma {
		if f.Group < NumGroups {
			ix.count[f.Group]++
		}
		k := packed(f.Group, f.Value)
		switch {
		case f.Group < NumGroups && f.Value < smallValues:
			ix.small[f.Group][f.Value] = y
		case k != 0:
			i := ix.slot(k)
			for ix.keys[i] != 0 {
				i = (i + 1) & (len(ix.keys) - 1)
			}
			ix.keys[i], ix.gammas[i] = k, y
		default:
			ix.other[f] = y
		}
	}
	m.idx.CompareAndSwap(nil, ix)
	return m.idx.Load()
}

// gamma returns the gamma of feature (g, v), 1 if the model has none.
func (ix *index) gamma(g Group, v uint32) float64 {
	if v < smallValues {
		return ix.small[g][v]
	}
	if k := packed(g, v); k != 0 {
		if y, ok := ix.find(k); ok {
			return y
		}
		return 1
	}
	if y, ok := ix.other[Feature{g, v}]; ok {
		return y
	}
	return 1
}

// Key returns the name of the embedded weights file for a game of so
// many players on a kind of geometry (weights/KEY.txt): GAME-GEOMETRY
// for two players ("go-square"), GAMEn-GEOMETRY for n > 2
// ("kee3-square").
func Key(gameName string, players int, geometry string) string {
	if players > 2 {
		return fmt.Sprintf("%s%d-%s", gameName, players, geometry)
	}
	return gameName + "-" + geometry
}

// Uses reports whether the model has a gamma for a feature of group g.
func (m *Model) Uses(g Group) bool {
	return g < NumGroups && m.index().count[g] > 0
}

// Strength returns the product of the gammas of fs's features.
func (m *Model) Strength(fs Features) float64 {
	ix := m.index()
	s := 1.0
	for g, v := range fs {
		if v != 0 {
			s *= ix.gamma(Group(g), v)
		}
	}
	return s
}

// Probabilities sets probs[i] to move i's probability: its strength over
// the sum of all the moves' strengths. It returns probs (grown to
// len(fs)).
func (m *Model) Probabilities(fs []Features, probs []float64) []float64 {
	probs = append(probs[:0], make([]float64, len(fs))...)
	sum := 0.0
	for i, f := range fs {
		probs[i] = m.Strength(f)
		sum += probs[i]
	}
	if sum > 0 {
		for i := range probs {
			probs[i] /= sum
		}
	}
	return probs
}

// Predict returns the probabilities of s's legal moves (as s.LegalMoves
// lists them) under the model, with the moves.
func (m *Model) Predict(x *Extractor, s game.State) ([]game.Move, []float64) {
	moves := s.LegalMoves(nil)
	return moves, m.Probabilities(x.Moves(s, moves, nil), nil)
}

// fileMagic opens every weights file, with the format's version.
const fileMagic = "moku-prior 1"

// WriteTo writes the model in its file format: a text file, a line each,
//
//	moku-prior 1
//	game go
//	geometry square
//	iteration 12
//	data 3f2a…
//	# comment lines: the command and the data the model was learned from
//	capture 1 7.25
//	pattern .X.O#### 1.5
//
// the features sorted by group and value, each gamma written in the
// shortest form that reads back as the same float64.
func (m *Model) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	fmt.Fprintln(&b, fileMagic)
	fmt.Fprintln(&b, "game", m.Game)
	fmt.Fprintln(&b, "geometry", m.Geometry)
	if m.Players > 2 {
		fmt.Fprintln(&b, "players", m.Players)
	}
	fmt.Fprintln(&b, "iteration", m.Iteration)
	if m.Data != "" {
		fmt.Fprintln(&b, "data", m.Data)
	}
	for _, n := range m.Notes {
		fmt.Fprintln(&b, "#", n)
	}
	fs := make([]Feature, 0, len(m.Gamma))
	for f := range m.Gamma {
		fs = append(fs, f)
	}
	sort.Slice(fs, func(i, j int) bool {
		if fs[i].Group != fs[j].Group {
			return fs[i].Group < fs[j].Group
		}
		return fs[i].Value < fs[j].Value
	})
	for _, f := range fs {
		fmt.Fprintln(&b, f.String(), strconv.FormatFloat(m.Gamma[f], 'g', -1, 64))
	}
	n, err := w.Write(b.Bytes())
	return int64(n), err
}

// Read reads a model written by WriteTo.
func Read(r io.Reader) (*Model, error) {
	m := &Model{Gamma: map[Feature]float64{}}
	sc := bufio.NewScanner(r)
	line := 0
	fail := func(format string, a ...any) (*Model, error) {
		return nil, fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, a...))
	}
	for sc.Scan() {
		line++
		t := sc.Text()
		if line == 1 {
			if t != fileMagic {
				return fail("not a weights file (want %q first)", fileMagic)
			}
			continue
		}
		if strings.HasPrefix(t, "#") {
			m.Notes = append(m.Notes, strings.TrimPrefix(strings.TrimPrefix(t, "#"), " "))
			continue
		}
		w := strings.Fields(t)
		if len(w) == 0 {
			continue
		}
		switch w[0] {
		case "game", "geometry", "players", "iteration", "data":
			if len(w) != 2 {
				return fail("%s: want one value", w[0])
			}
			switch w[0] {
			case "game":
				m.Game = w[1]
			case "geometry":
				m.Geometry = w[1]
			case "data":
				m.Data = w[1]
			case "players":
				n, err := strconv.Atoi(w[1])
				if err != nil || n < 2 || n > board.MaxPlayers {
					return fail("players %q: want 2 to %d", w[1], board.MaxPlayers)
				}
				m.Players = n
			default:
				n, err := strconv.Atoi(w[1])
				if err != nil || n < 0 {
					return fail("iteration %q: want a count", w[1])
				}
				m.Iteration = n
			}
			continue
		}
		if len(w) != 3 {
			return fail("want GROUP VALUE GAMMA, got %q", t)
		}
		g, err := ParseGroup(w[0])
		if err != nil {
			return fail("%v", err)
		}
		var v uint32
		if g == Pattern {
			v, err = ParsePattern(w[1])
		} else {
			var u uint64
			u, err = strconv.ParseUint(w[1], 10, 32)
			v = uint32(u)
			if err == nil && v == 0 {
				err = fmt.Errorf("value 0 is no feature")
			}
		}
		if err != nil {
			return fail("%s %s: %v", w[0], w[1], err)
		}
		y, err := strconv.ParseFloat(w[2], 64)
		if err != nil || y < 0 || math.IsInf(y, 0) || math.IsNaN(y) {
			return fail("gamma %q: want a finite number of at least 0", w[2])
		}
		f := Feature{g, v}
		if _, dup := m.Gamma[f]; dup {
			return fail("%s appears twice", f)
		}
		m.Gamma[f] = y
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if line == 0 {
		return nil, fmt.Errorf("empty weights file")
	}
	if m.Game == "" || m.Geometry == "" {
		return nil, fmt.Errorf("weights file without its game and geometry lines")
	}
	return m, nil
}

// weights holds the embedded weights files, weights/GAME-GEOMETRY.txt
// or GAMEn-GEOMETRY.txt (see Key).
//
//go:embed weights
var weights embed.FS

// For returns the embedded model for games under r on g, or nil when
// moku has none for that game and kind of board (the search then uses its
// own hand-set priors): the weights file of the game with r's players,
// or else the one it borrows (Borrows); with more than two players, then
// those of the two-player game. An embedded file that does not read is a
// bug of the build: For panics.
func For(r rules.Ruleset, g *board.Graph) *Model {
	geo := GeometryOf(g).Kind()
	keys := []string{Key(r.Game, r.Players, geo)}
	if r.Players > 2 {
		keys = append(keys, Key(r.Game, 2, geo))
	}
	for _, key := range keys {
		if m := embedded(key); m != nil {
			return m
		}
		if other, ok := Borrows[key]; ok {
			if m := embedded(other); m != nil {
				return m
			}
		}
	}
	return nil
}

// Borrows names, by key (see Key), the weights a game without its
// own plays with: another game's whose features mean the same there.
// Kee on a square board borrows Go's: both are of the liberty family with
// plain links, so every feature reads the same, and Go's weights were
// learned from many more and stronger games. They won 72-28 (+164 Elo)
// against commit 40a6e41 in two-player Kee 9x9 at 1 s a move, where
// Kee's own weights (120 games at 1000 playouts a move, no large shapes)
// won 63-37 (docs/results.md, "Learned priors").
var Borrows = map[string]string{"kee-square": "go-square"}

// Embedded lists the keys (see Key) of the embedded models.
func Embedded() []string {
	ents, _ := weights.ReadDir("weights")
	var keys []string
	for _, e := range ents {
		if k, ok := strings.CutSuffix(e.Name(), ".txt"); ok {
			keys = append(keys, k)
		}
	}
	return keys
}

var (
	mu     sync.Mutex
	models = map[string]*Model{} // by key; nil: none embedded
)

func embedded(key string) *Model {
	mu.Lock()
	defer mu.Unlock()
	if m, ok := models[key]; ok {
		return m
	}
	var m *Model
	data, err := weights.ReadFile("weights/" + key + ".txt")
	if err == nil {
		if m, err = Read(bytes.NewReader(data)); err != nil {
			panic(fmt.Sprintf("prior: embedded weights/%s.txt: %v", key, err))
		}
	}
	models[key] = m
	return m
}
