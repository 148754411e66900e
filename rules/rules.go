// Package rules describes the rulesets moku plays as plain values: named
// presets ("keil", "keil-2019", "kee", "go", "go-situational", "go-simple",
// "tromp-taylor", "ki") with explicit overrides. A Ruleset says what the
// rules are; the engines (package liberty for the liberty-and-capture family,
// package ki for Ki) apply them.
//
// Start with Preset and Parse (a ruleset from "keil" or "go komi=7.5"), and
// the Ruleset struct's fields.
package rules

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"moku/board"
)

// Family is a family of games sharing one engine.
type Family string

// The families.
const (
	Liberty Family = "liberty" // Go, Keil, Kee: capture by removing liberties
	Control Family = "control" // Ki: capture by majority control
)

// Links says which adjacent points are connected.
type Links string

// The link rules.
const (
	Plain    Links = "plain"     // every adjacent pair (Go, Kee)
	Keil     Links = "keil"      // a witness of the same type as either end
	Keil2019 Links = "keil-2019" // the designer's 2019 wording
)

// Ko is the repetition rule for placements.
type Ko string

// The repetition rules.
const (
	KoNone        Ko = "none"         // nothing is forbidden
	KoSimple      Ko = "simple"       // no immediate recapture of a ko
	KoPositional  Ko = "positional"   // no board may recur
	KoSituational Ko = "situational"  // no board may recur with the same player to move
	KoOwn         Ko = "own-position" // Keil: no repeat of the mover's own end-of-turn positions
	KoCycle       Ko = "cycle"        // Kee 2016: cycle prohibition with appeals (K11-K14)
	KoControl     Ko = "recurrence"   // Ki: a recurring position ends the game
)

// Suicide says whether a placement may leave its own group without liberties.
type Suicide string

// The suicide rules.
const (
	SuicideForbidden Suicide = "forbidden" // illegal, of any size
	SuicideAllowed   Suicide = "allowed"   // the group is removed; illegal if that changes nothing
)

// Scoring says how a finished game is counted.
type Scoring string

// The scoring rules.
const (
	Area   Scoring = "area"   // stones + empty regions touching one colour only
	Linked Scoring = "linked" // Keil: stones + owned linked territories
	Stones Scoring = "stones" // Ki: stones on the board
)

// Ruleset is a complete set of rules. The zero value is not valid; start
// from a preset (Preset) and override fields, or Parse a description.
type Ruleset struct {
	Name    string // the preset it was built from
	Game    string // "go", "keil", "kee" or "ki": what players call the game
	Family  Family
	Links   Links
	Ko      Ko
	Suicide Suicide
	Scoring Scoring
	Button  bool    // Keil's button: passing only after it is taken; worth ½
	Komi    float64 // added to the second player's score (two players)
	Players int     // 2..4; only Kee allows more than 2
	// Komis is, for games of three or four players, the komi added to
	// each player's score, in turn order (Komis[0] is Black's).
	Komis [board.MaxPlayers]float64
}

// KomiOf returns the komi added to player c's score (c counts from
// board.Black).
func (r Ruleset) KomiOf(c board.Color) float64 {
	if r.Players > 2 {
		return r.Komis[c-1]
	}
	if c == board.White {
		return r.Komi
	}
	return 0
}

// Presets lists the preset names in a fixed order.
var Presets = []string{"go", "go-situational", "go-simple", "tromp-taylor", "keil", "keil-2019", "kee", "ki"}

var presets = map[string]Ruleset{
	"go":             {Game: "go", Family: Liberty, Links: Plain, Ko: KoPositional, Suicide: SuicideForbidden, Scoring: Area, Players: 2},
	"go-situational": {Game: "go", Family: Liberty, Links: Plain, Ko: KoSituational, Suicide: SuicideForbidden, Scoring: Area, Players: 2},
	"go-simple":      {Game: "go", Family: Liberty, Links: Plain, Ko: KoSimple, Suicide: SuicideForbidden, Scoring: Area, Players: 2},
	"tromp-taylor":   {Game: "go", Family: Liberty, Links: Plain, Ko: KoPositional, Suicide: SuicideAllowed, Scoring: Area, Players: 2},
	"keil":           {Game: "keil", Family: Liberty, Links: Keil, Ko: KoOwn, Suicide: SuicideForbidden, Scoring: Linked, Button: true, Players: 2},
	"keil-2019":      {Game: "keil", Family: Liberty, Links: Keil2019, Ko: KoOwn, Suicide: SuicideForbidden, Scoring: Linked, Button: true, Players: 2},
	"kee":            {Game: "kee", Family: Liberty, Links: Plain, Ko: KoCycle, Suicide: SuicideAllowed, Scoring: Area, Players: 2},
	"ki":             {Game: "ki", Family: Control, Links: Plain, Ko: KoControl, Suicide: SuicideForbidden, Scoring: Stones, Players: 2},
}

// DefaultPreset returns the default ruleset name of a game ("go" → "go",
// "keil" → "keil"), or the name itself if it is already a preset.
func DefaultPreset(game string) (string, error) {
	g := strings.ToLower(strings.TrimSpace(game))
	if _, ok := presets[g]; ok {
		return g, nil
	}
	return "", fmt.Errorf("unknown game or ruleset %q (known: %s)", game, strings.Join(Presets, ", "))
}

// Preset returns the named ruleset with the default komi for board b (which
// may be nil): 7.5 for go rulesets on rectangles of 7x7 and up, 0 otherwise.
func Preset(name string, b *board.Graph) (Ruleset, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	r, ok := presets[key]
	if !ok {
		return Ruleset{}, fmt.Errorf("unknown ruleset %q (known: %s)", name, strings.Join(Presets, ", "))
	}
	r.Name = key
	r.Komi = DefaultKomi(r.Game, b)
	return r, nil
}

// DefaultKomi is the komi a game starts with on board b when nobody set one:
// 7.5 for Go on rectangles with both sides at least 7, otherwise 0 (Keil,
// Kee, Ki, small boards, and graphs other than rectangles, tori included).
func DefaultKomi(game string, b *board.Graph) float64 {
	if game == "go" && b != nil && b.Kind() == "rect" {
		if w, h := b.Size(); w >= 7 && h >= 7 {
			return 7.5
		}
	}
	return 0
}

// Validate reports whether the ruleset is consistent and playable on b
// (which may be nil).
func (r Ruleset) Validate(b *board.Graph) error {
	if r.Players < 2 || r.Players > board.MaxPlayers {
		return fmt.Errorf("players = %d: want 2..%d", r.Players, board.MaxPlayers)
	}
	if r.Players > 2 && r.Ko != KoCycle && r.Ko != KoNone && r.Ko != KoPositional {
		return fmt.Errorf("players = %d: only kee (or ko none/positional) allows more than two players", r.Players)
	}
	if r.Button && r.Players != 2 {
		return fmt.Errorf("the button needs two players")
	}
	if r.Family == Control {
		if r.Players != 2 {
			return fmt.Errorf("ki is a two-player game")
		}
		if b != nil && (b.Kind() == "rect" || b.Kind() == "torus") {
			switch w, h := b.Size(); {
			case w != h:
				return fmt.Errorf("ki is played on square boards (3x3, 5x5, ...; default 11x11), not %dx%d", w, h)
			case w%2 == 0:
				return fmt.Errorf("ki is played on odd square boards (3x3, 5x5, ...; default 11x11), not %dx%d: an even board allows ties, which the game excludes", w, h)
			case w < 3:
				return fmt.Errorf("ki needs a board of at least 3x3 (a point with neighbours to control), not %dx%d", w, h)
			}
		}
	}
	if r.Komi != r.Komi || r.Komi > 1e6 || r.Komi < -1e6 {
		return fmt.Errorf("komi %v out of range", r.Komi)
	}
	if r.Players > 2 && r.Komi != 0 {
		return fmt.Errorf("komi %v: with %d players give one komi a player, in turn order (komi=0,0.5,1)", r.Komi, r.Players)
	}
	if r.Players == 2 && r.Komis != [board.MaxPlayers]float64{} {
		return fmt.Errorf("a list of komis is for three or four players; with two, komi is White's")
	}
	return nil
}

// String describes the ruleset completely, as Parse reads it back:
// the preset name followed by every setting, e.g.
// "keil links=keil ko=own-position suicide=forbidden scoring=linked button=on komi=0 players=2".
func (r Ruleset) String() string {
	on := map[bool]string{true: "on", false: "off"}
	komi := strconv.FormatFloat(r.Komi, 'f', -1, 64)
	if r.Players > 2 {
		var list []string
		for _, k := range r.Komis[:r.Players] {
			list = append(list, strconv.FormatFloat(k, 'f', -1, 64))
		}
		komi = strings.Join(list, ",")
	}
	return fmt.Sprintf("%s links=%s ko=%s suicide=%s scoring=%s button=%s komi=%s players=%d",
		r.Name, r.Links, r.Ko, r.Suicide, r.Scoring, on[r.Button], komi, r.Players)
}

// Parse reads a ruleset description: a preset name followed by optional
// key=value overrides (links, ko, suicide, scoring, button, komi, players),
// as String prints them. Without a komi override, the komi is the preset's
// default on board b (which may be nil).
func Parse(s string, b *board.Graph) (Ruleset, error) {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return Ruleset{}, fmt.Errorf("empty ruleset")
	}
	r, err := Preset(fields[0], b)
	if err != nil {
		return r, err
	}
	for _, f := range fields[1:] {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return r, fmt.Errorf("ruleset override %q: want key=value", f)
		}
		if err := r.Set(k, v); err != nil {
			return r, err
		}
	}
	return r, nil
}

// Keys lists the settings Set accepts.
var Keys = []string{"links", "ko", "suicide", "scoring", "button", "komi", "players"}

var choices = map[string][]string{
	"links":   {string(Plain), string(Keil), string(Keil2019)},
	"ko":      {string(KoNone), string(KoSimple), string(KoPositional), string(KoSituational), string(KoOwn), string(KoCycle), string(KoControl)},
	"suicide": {string(SuicideForbidden), string(SuicideAllowed)},
	"scoring": {string(Area), string(Linked), string(Stones)},
}

// Set overrides one setting by name, checking the value.
func (r *Ruleset) Set(key, value string) error {
	key, value = strings.ToLower(strings.TrimSpace(key)), strings.ToLower(strings.TrimSpace(value))
	if opts, ok := choices[key]; ok {
		if !slices.Contains(opts, value) {
			return fmt.Errorf("%s=%s: want one of %s", key, value, strings.Join(opts, ", "))
		}
		current := map[string]string{"links": string(r.Links), "ko": string(r.Ko), "suicide": string(r.Suicide), "scoring": string(r.Scoring)}[key]
		if r.Family == Control && value != current {
			return fmt.Errorf("%s cannot be changed for ki", key)
		}
		if r.Family == Liberty && (value == string(KoControl) || value == string(Stones)) {
			return fmt.Errorf("%s=%s is only for ki", key, value)
		}
		switch key {
		case "links":
			r.Links = Links(value)
		case "ko":
			r.Ko = Ko(value)
		case "suicide":
			r.Suicide = Suicide(value)
		case "scoring":
			r.Scoring = Scoring(value)
		}
		return nil
	}
	switch key {
	case "button":
		switch value {
		case "on", "true", "yes", "1":
			r.Button = true
		case "off", "false", "no", "0":
			r.Button = false
		default:
			return fmt.Errorf("button=%s: want on or off", value)
		}
	case "komi":
		parts := strings.Split(value, ",")
		if len(parts) > board.MaxPlayers {
			return fmt.Errorf("komi=%s: at most %d komis, one a player", value, board.MaxPlayers)
		}
		var ks [board.MaxPlayers]float64
		for i, part := range parts {
			k, err := strconv.ParseFloat(part, 64)
			if err != nil && !errors.Is(err, strconv.ErrRange) || k != k {
				return fmt.Errorf("komi=%s: want a number, or a list of numbers one a player", value)
			}
			if k > 1e6 || k < -1e6 {
				return fmt.Errorf("komi=%s: out of range (-1000000 to 1000000)", value)
			}
			ks[i] = k
		}
		if len(parts) == 1 {
			r.Komi, r.Komis = ks[0], [board.MaxPlayers]float64{}
		} else {
			r.Komi, r.Komis = 0, ks
		}
	case "players":
		n, err := strconv.Atoi(value)
		if err != nil || n < 2 || n > board.MaxPlayers {
			return fmt.Errorf("players=%s: want 2..%d", value, board.MaxPlayers)
		}
		r.Players = n
	default:
		return fmt.Errorf("unknown ruleset setting %q (known: %s)", key, strings.Join(Keys, ", "))
	}
	return nil
}
