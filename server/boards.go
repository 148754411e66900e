package server

import (
	"encoding/json"
	"net/http"
	"path"
	"strings"
	"sync"

	"moku/board"
	"moku/catalog"
)

// Limits on board files sent by clients (see Options.MaxBoardPoints).
const (
	// MaxBoardFileBytes caps a board file's size.
	MaxBoardFileBytes = 128 << 10
	// MaxBoardDegree caps the neighbours of a board file's point.
	MaxBoardDegree = 12
	// DefaultMaxBoardPoints is Options.MaxBoardPoints's default: the
	// points of the largest built-in board offered, 25x25.
	DefaultMaxBoardPoints = MaxBoardSide * MaxBoardSide
	// maxBoardName caps the bytes of a board file's name kept.
	maxBoardName = 40
	// maxBoardRequest caps the body of a request carrying a board file:
	// the file as a JSON string (escaped, so longer) and the rest.
	maxBoardRequest = MaxBodyBytes + 2*MaxBoardFileBytes
)

// maxBoardPoints is the cap on a board file's points (board files have at
// most board.MaxJSONPoints).
func (s *Server) maxBoardPoints() int {
	if s.opt.MaxBoardPoints > 0 {
		return min(s.opt.MaxBoardPoints, board.MaxJSONPoints)
	}
	return DefaultMaxBoardPoints
}

// boardFileName makes a board file's name from a client into the board's
// Spec: its base name in letters, digits, '.', '-' and '_', at most
// maxBoardName bytes, ending in ".json" ("board.json" if nothing is left).
// A built-in board's specification never ends so.
func boardFileName(name string) string {
	name = path.Base(strings.ReplaceAll(name, `\`, "/"))
	var b strings.Builder
	for _, r := range name {
		if r < 128 && (r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			b.WriteRune(r)
		}
	}
	base := b.String()
	if strings.HasSuffix(strings.ToLower(base), ".json") {
		base = base[:len(base)-len(".json")]
	}
	base = strings.Trim(base, ".")
	if base == "" {
		base = "board"
	}
	if len(base) > maxBoardName-len(".json") {
		base = base[:maxBoardName-len(".json")]
	}
	return base + ".json"
}

// readBoardFile reads a board file a client sent: a JSON board (see
// board.ReadJSON) with drawing coordinates on every point, at most
// MaxBoardFileBytes, maxBoardPoints points and MaxBoardDegree neighbours
// a point. Its errors are 400s (413 for the size) that say what is wrong
// and where.
func (s *Server) readBoardFile(name, file string) (*board.Graph, error) {
	spec := boardFileName(name)
	if len(file) > MaxBoardFileBytes {
		return nil, fail(http.StatusRequestEntityTooLarge, "%s: the board file is %d bytes, at most %d allowed", spec, len(file), MaxBoardFileBytes)
	}
	g, err := board.ReadJSONOptions([]byte(file), spec, board.JSONOptions{MaxPoints: s.maxBoardPoints(), MaxDegree: MaxBoardDegree, Placed: true})
	if err != nil {
		return nil, fail(http.StatusBadRequest, "%v", err)
	}
	return g, nil
}

// chooseBoard returns the board of a new game of gameName: the built-in
// board spec ("" for the game's default), or else the board file (with
// its name) a client sent. The game must allow it (catalog.Game.Allows).
func (s *Server) chooseBoard(gameName, spec, fileName, file string) (*board.Graph, error) {
	bad := func(format string, a ...any) error { return fail(http.StatusBadRequest, format, a...) }
	var g *board.Graph
	switch {
	case file != "" && strings.TrimSpace(spec) != "":
		return nil, bad("a board (%q) and a board file: give one", spec)
	case file != "":
		var err error
		if g, err = s.readBoardFile(fileName, file); err != nil {
			return nil, err
		}
	default:
		if strings.TrimSpace(spec) == "" {
			spec = catalog.DefaultBoard(gameName)
		}
		if len(spec) > maxBoardName {
			return nil, bad("board %s: not a board's specification (hex:N, WxH, torus:WxH, honeycomb:N, tri:N, cube:N)", truncate(spec, 20))
		}
		var err error
		if g, err = board.Builtin(spec); err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "board ") {
				return nil, bad("board %s: %s", truncate(strings.TrimSpace(spec), 20), msg)
			}
			return nil, bad("%v", err)
		}
	}
	if gm, ok := catalog.Lookup(gameName); ok {
		if err := gm.Allows(g); err != nil {
			return nil, bad("%v", err)
		}
	}
	return g, nil
}

// galleryItem is a board of the gallery, or a board file read: its
// specification, its description and its geometry for drawing.
type galleryItem struct {
	Spec        string    `json:"spec"`
	Description string    `json:"description"`
	Board       boardView `json:"board"`
}

// galleries caches the answers of GET /api/boards by game name: the
// gallery is fixed.
var galleries sync.Map

// gallery answers GET /api/boards?game=NAME: the boards the web app offers
// for the game, each with its geometry, for the new-game form to draw.
func (s *Server) gallery(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("game")
	if data, ok := galleries.Load(name); ok {
		writeCached(w, data.([]byte))
		return
	}
	gm, ok := catalog.Lookup(name)
	if !ok {
		writeError(w, fail(http.StatusBadRequest, "game %q: want one of %s", truncate(name, 20), strings.Join(gameNames(), ", ")))
		return
	}
	items := []galleryItem{}
	for _, spec := range gm.Gallery() {
		g, err := board.Builtin(spec)
		if err != nil {
			continue // the catalog's own boards all build (catalog tests)
		}
		items = append(items, galleryItem{Spec: spec, Description: g.Description(), Board: viewBoard(g)})
	}
	data, err := json.Marshal(map[string]any{"game": gm.Name, "boards": items})
	if err != nil {
		writeError(w, err)
		return
	}
	galleries.Store(name, data)
	writeCached(w, data)
}

// writeCached writes JSON that never changes while the server runs.
func writeCached(w http.ResponseWriter, data []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "max-age=300")
	w.WriteHeader(http.StatusOK)
	w.Write(data)
}

func gameNames() []string {
	var names []string
	for _, g := range catalog.Games {
		names = append(names, g.Name)
	}
	return names
}

// checkBoardRequest is the body of POST /api/boards.
type checkBoardRequest struct {
	File string `json:"file"`
	Name string `json:"name"`
}

// checkBoard answers POST /api/boards {file, name}: the board file read as
// a new game would read it, with its geometry, its warnings, and for each
// game that refuses it the reason (refusals); or the error that says what
// is wrong with the file.
func (s *Server) checkBoard(w http.ResponseWriter, r *http.Request) {
	var req checkBoardRequest
	if err := readJSONLimit(w, r, &req, maxBoardRequest); err != nil {
		writeError(w, err)
		return
	}
	if req.File == "" {
		writeError(w, fail(http.StatusBadRequest, "no board file"))
		return
	}
	g, err := s.readBoardFile(req.Name, req.File)
	if err != nil {
		writeError(w, err)
		return
	}
	refusals := map[string]string{}
	for _, gm := range catalog.Games {
		if err := gm.Allows(g); err != nil {
			refusals[gm.Name] = err.Error()
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"spec":        g.Spec(),
		"description": g.Description(),
		"board":       viewBoard(g),
		"warnings":    append([]string{}, g.Warnings()...),
		"refusals":    refusals,
	})
}
