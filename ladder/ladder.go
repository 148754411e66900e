// Package ladder rates the players of moku match directories: it reads
// the games moku match saved (game-NNNN.sgf), names each player by its
// rung (moku's own engine by its settings: "random", "1k", "10k --threads
// 2"; any other engine by its command line), fits Elo ratings for each
// game (rules and board) with package rating, and writes them as Markdown
// tables and an SVG plot.
//
// Start with Read, then Ladder.Fit, Ladder.WriteMarkdown and
// Ladder.WriteSVG; RungName says how a player is named.
package ladder

import (
	"flag"
	"fmt"
	"html"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"moku/board"
	"moku/catalog"
	"moku/gtp"
	"moku/match"
	"moku/rating"
	"moku/record"
)

// Ladder holds the games read, grouped by game (rules and board), and,
// once Fit has run, their ratings.
type Ladder struct {
	groups  []*group
	byKey   map[string]*group
	seen    map[string]string // a game's players and moves -> its file
	skipped int
	anchor  string
}

// Read reads the games (game-NNNN.sgf) that moku match saved in each of
// dirs and the directories below it. A game whose players and moves are
// those of a game read before (a replay) is skipped and counted by
// Skipped.
func Read(dirs ...string) (*Ladder, error) {
	l := &Ladder{seen: map[string]string{}, byKey: map[string]*group{}}
	for _, dir := range dirs {
		if err := l.readDir(dir); err != nil {
			return nil, err
		}
	}
	if len(l.groups) == 0 {
		return nil, fmt.Errorf("no games in %s", strings.Join(dirs, ", "))
	}
	return l, nil
}

// Skipped returns the number of games skipped as replays of earlier ones.
func (l *Ladder) Skipped() int { return l.skipped }

// Ratings returns, after Fit, each game's rungs and their ratings, by the
// game's label ("Go 9x9", "Keil side 5"), the rungs ordered weakest first.
func (l *Ladder) Ratings() map[string][]rating.Rating {
	out := map[string][]rating.Rating{}
	for _, g := range l.groups {
		out[g.label] = slices.Clone(g.ratings)
	}
	return out
}

// Fit rates the rungs of every game, anchor rated 0.
func (l *Ladder) Fit(anchor string) error {
	for _, g := range l.groups {
		if err := g.fit(anchor); err != nil {
			return fmt.Errorf("%s: %v", g.label, err)
		}
	}
	l.anchor = anchor
	return nil
}

// group is one game's (rules and board) results.
type group struct {
	label   string
	players int
	files   int
	results rating.Results
	pairs   map[[2]string]*pairScore // by rung names, in rung order
	ratings []rating.Rating
	// With three or more players, the places at each table (a set of
	// different rungs, in rung order): Names are the rungs, and each
	// game's Ranks are indexed as Names.
	tables []*match.MultiSummary
}

// pairScore counts the pairwise comparisons between two rungs.
type pairScore struct{ wins, losses, draws int }

// enginePattern finds the engine's command line in a record's player
// name, as moku match writes it: "<name and version> (engine N: <command>)".
var enginePattern = regexp.MustCompile(`\(engine (\d+): (.*)\)$`)

// readDir reads every game-*.sgf below dir.
func (l *Ladder) readDir(dir string) error {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasPrefix(d.Name(), "game-") && strings.HasSuffix(d.Name(), ".sgf") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return err
	}
	sort.Strings(files)
	for _, f := range files {
		if err := l.readGame(f); err != nil {
			return fmt.Errorf("%s: %v", f, err)
		}
	}
	return nil
}

// readGame adds one saved game: every pair of its engines as one
// comparison, won by the better place (a tie is a draw).
func (l *Ladder) readGame(file string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	recs, err := record.ReadSGF(data)
	if err != nil {
		return err
	}
	rec := recs[0]
	rungs, engineColour, err := players(rec)
	if err != nil {
		return err
	}
	places, err := placesOf(rec, engineColour)
	if err != nil {
		return err
	}
	// A replay of a saved game (an engine restarted from the same seed
	// plays the same moves) is not new evidence.
	key := fmt.Sprint(rec.Rules.String(), rec.Board.Spec(), rungs, rec.Moves)
	if _, dup := l.seen[key]; dup {
		l.skipped++
		return nil
	}
	l.seen[key] = file
	l.group(rec).add(rungs, places)
	return nil
}

// players returns the rung playing each colour of a record (index k for
// colour k+1), and the colour index of each engine by its number in the
// match.
func players(rec *record.Record) (rungs []string, engineColour map[int]int, err error) {
	p := rec.Rules.Players
	rungs = make([]string, p)
	engineColour = map[int]int{}
	for k := range p {
		c := board.Color(k + 1)
		name, _ := rec.Get("P" + c.Letter())
		m := enginePattern.FindStringSubmatch(name)
		if m == nil {
			return nil, nil, fmt.Errorf("P%s[%s]: not a moku match record (no \"(engine N: command)\")", c.Letter(), name)
		}
		n, _ := strconv.Atoi(m[1])
		engineColour[n] = k
		rungs[k] = RungName(m[2], name)
	}
	return rungs, engineColour, nil
}

// placesOf returns each colour's place in a record's game: from MKRANKS
// (by engine), or for two players from the result.
func placesOf(rec *record.Record, engineColour map[int]int) ([]int, error) {
	p := rec.Rules.Players
	places := make([]int, p)
	re, _ := rec.Get("RE")
	ranks, ok := rec.Get("MKRANKS")
	switch {
	case ok:
		parts := strings.Split(ranks, ",")
		if len(parts) != p {
			return nil, fmt.Errorf("MKRANKS[%s]: want %d places", ranks, p)
		}
		for i, s := range parts {
			r, err := strconv.Atoi(strings.TrimSpace(s))
			k, ok := engineColour[i+1]
			if err != nil || !ok {
				return nil, fmt.Errorf("MKRANKS[%s]: want a place for each engine", ranks)
			}
			places[k] = r
		}
	case p != 2:
		return nil, fmt.Errorf("a %d-player game without MKRANKS", p)
	case strings.HasPrefix(re, "B+"):
		places[0], places[1] = 1, 2
	case strings.HasPrefix(re, "W+"):
		places[0], places[1] = 2, 1
	case re == "0" || re == "Draw" || re == "D":
		places[0], places[1] = 1, 1
	default:
		return nil, fmt.Errorf("RE[%s]: no result", re)
	}
	return places, nil
}

// group returns the group of a record's game (rules and board), added if
// new.
func (l *Ladder) group(rec *record.Record) *group {
	gkey := rec.Rules.String() + " on " + rec.Board.Spec()
	g := l.byKey[gkey]
	if g == nil {
		g = &group{label: gameLabel(rec), players: rec.Rules.Players, pairs: map[[2]string]*pairScore{}}
		l.byKey[gkey] = g
		l.groups = append(l.groups, g)
	}
	return g
}

// add counts one game: rungs[k] played colour k+1 and took places[k].
func (g *group) add(rungs []string, places []int) {
	g.files++
	p := len(rungs)
	if p > 2 {
		g.addTable(rungs, places)
	}
	for a := range p {
		for b := a + 1; b < p; b++ {
			ra, rb, pa, pb := rungs[a], rungs[b], places[a], places[b]
			if ra == rb {
				continue // self-play says nothing about ratings
			}
			if rungLess(rb, ra) {
				ra, rb, pa, pb = rb, ra, pb, pa
			}
			g.compare(ra, rb, pa, pb)
		}
	}
}

// compare counts one comparison of rung ra (place pa) with rb (place pb),
// ra before rb in rung order.
func (g *group) compare(ra, rb string, pa, pb int) {
	ps := g.pairs[[2]string{ra, rb}]
	if ps == nil {
		ps = &pairScore{}
		g.pairs[[2]string{ra, rb}] = ps
	}
	switch {
	case pa < pb:
		ps.wins++
		g.results.Add(ra, rb, 1, 0, 0)
	case pa > pb:
		ps.losses++
		g.results.Add(ra, rb, 0, 1, 0)
	default:
		ps.draws++
		g.results.Add(ra, rb, 0, 0, 1)
	}
}

// addTable counts a game of three or more players at its table: the
// places of rungs[k] (the rung playing colour k+1) are places[k]. A game
// in which a rung sits twice has no table.
func (g *group) addTable(rungs []string, places []int) {
	order := make([]int, len(rungs))
	for k := range order {
		order[k] = k
	}
	sort.Slice(order, func(i, j int) bool { return rungLess(rungs[order[i]], rungs[order[j]]) })
	names := make([]string, len(rungs))
	ranks := make([]int, len(rungs))
	for i, k := range order {
		names[i], ranks[i] = rungs[k], places[k]
		if i > 0 && names[i] == names[i-1] {
			return
		}
	}
	var t *match.MultiSummary
	for _, x := range g.tables {
		if slices.Equal(x.Names, names) {
			t = x
		}
	}
	if t == nil {
		t = &match.MultiSummary{Names: names}
		g.tables = append(g.tables, t)
	}
	t.Games = append(t.Games, match.MultiGame{Ranks: ranks, Forfeit: -1})
}

// gameLabel names a record's game: "Keil side 5", "Ki 11x11",
// "Kee 7x7, 3 players".
func gameLabel(rec *record.Record) string {
	name := rec.Rules.Game
	if name != "" {
		name = strings.ToUpper(name[:1]) + name[1:]
	}
	spec := rec.Board.Spec()
	if side, ok := strings.CutPrefix(spec, "hex:"); ok {
		spec = "side " + side
	}
	label := name + " " + spec
	if rec.Rules.Game == "kee" {
		label += fmt.Sprintf(", %d players", rec.Rules.Players)
	}
	return label
}

// RungName names the player a command line starts: for moku's own GTP
// engine its settings ("random", "1k" for 1000 playouts a move, "300",
// "10k --threads 2"), the seed, the game's flags and the settings left at
// their defaults left out; for any other engine, or a command line moku
// gtp would refuse, the command line. The command line is read with moku
// gtp's own flags (catalog.AddFlags and gtp.Settings.AddFlags).
//
// The ladder's first binary had light playouts only; a newer binary's
// search plays tactical playouts unless told --heavy=false, which the
// name the engine gave itself (self, the record's player name: "moku 0.1
// (genmove: mcts 1000 playouts, heavy playouts, 1 threads)") says: such a
// rung is named "--heavy" too. Likewise a binary that tunes the game by
// default (search.Options.Tune: 9x9 Go, two-player Kee 9x9, Ki 11x11) names learned priors
// the command line did not ask for: such a rung is named "--tuned".
func RungName(command, self string) string {
	words, err := match.SplitCommand(command)
	if err != nil || len(words) < 2 || !strings.HasPrefix(filepath.Base(words[0]), "moku") || words[1] != "gtp" {
		return command
	}
	fs := flag.NewFlagSet("gtp", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	catalog.AddFlags(fs)
	s := gtp.DefaultSettings()
	s.AddFlags(fs)
	if fs.Parse(words[2:]) != nil || fs.NArg() > 0 {
		return command
	}
	s.Parsed(fs)
	var extra []string
	heavy := strings.Contains(self, ", heavy playouts")
	// A binary that tunes the game (search.Options.Tune) says so by its
	// learned priors where the command line did not ask for them.
	tuned := s.Tuned && !s.Learned && strings.Contains(self, ", learned priors")
	fs.Visit(func(f *flag.Flag) {
		switch v := f.Value.String(); {
		case catalog.IsFlag(f.Name), f.Name == "seed", f.Name == "player", f.Name == "playouts":
		case f.Name == "tuned": // said by "--tuned" above, or untuned
		case f.Name == "heavy":
			heavy = heavy || s.Heavy
		case v == f.DefValue:
		case v == "true":
			extra = append(extra, "--"+f.Name)
		default:
			extra = append(extra, "--"+f.Name+" "+v)
		}
	})
	if s.Player != "mcts" {
		return strings.Join(append([]string{s.Player}, extra...), " ")
	}
	if heavy {
		extra = append(extra, "--heavy")
	}
	if tuned {
		extra = append(extra, "--tuned")
		if s.ForgetTree {
			extra = append(extra, "--keep-tree=false")
		}
	}
	playouts := strconv.Itoa(s.Playouts)
	if s.Playouts >= 1000 && s.Playouts%1000 == 0 {
		playouts = strconv.Itoa(s.Playouts/1000) + "k"
	}
	return strings.Join(append([]string{playouts}, extra...), " ")
}

// rungKey orders rungs: the random player, then the search diluted by
// random moves (--random-moves, game.Diluted), the more random first, then
// the search by playouts, then anything else by name.
func rungKey(r string) (int, float64, string) {
	if r == "random" {
		return 0, 0, r
	}
	if _, after, ok := strings.Cut(r, "--random-moves "); ok {
		share, _ := strconv.ParseFloat(strings.Fields(after)[0], 64)
		return 1, -share, r
	}
	first, rest, _ := strings.Cut(r, " ")
	mult := 1.0
	if s, ok := strings.CutSuffix(first, "k"); ok {
		first, mult = s, 1000
	}
	if n, err := strconv.Atoi(first); err == nil {
		return 2, float64(n) * mult, rest
	}
	return 3, 0, r
}

func rungLess(a, b string) bool {
	ka, na, sa := rungKey(a)
	kb, nb, sb := rungKey(b)
	if ka != kb {
		return ka < kb
	}
	if na != nb {
		return na < nb
	}
	return sa < sb
}

// fit rates the group's rungs, ordered as rungs.
func (g *group) fit(anchor string) error {
	rs, err := rating.Fit(&g.results, anchor)
	if err != nil {
		return err
	}
	sort.SliceStable(rs, func(i, j int) bool { return rungLess(rs[i].Player, rs[j].Player) })
	g.ratings = rs
	return nil
}

// formatInterval writes a 95% interval: "+300 to +530", "at least +685".
func formatInterval(r rating.Rating) string {
	switch {
	case math.IsInf(r.Lo, -1) && math.IsInf(r.Hi, 1):
		return "any"
	case math.IsInf(r.Hi, 1):
		return "at least " + rating.Format(r.Lo)
	case math.IsInf(r.Lo, -1):
		return "at most " + rating.Format(r.Hi)
	}
	return rating.Format(r.Lo) + " to " + rating.Format(r.Hi)
}

// formatPoints writes a score: "12", "12.5".
func formatPoints(p float64) string { return strconv.FormatFloat(p, 'f', -1, 64) }

// WriteMarkdown writes three tables: every game's rungs with their games,
// scores and ratings; every pairing's score; and the ratings by rung, one
// column a game.
func (l *Ladder) WriteMarkdown(w io.Writer) {
	fmt.Fprintf(w, "| game | rung | games | score | Elo | 95%% interval |\n|---|---|---|---|---|---|\n")
	for _, g := range l.groups {
		for _, r := range g.ratings {
			interval := formatInterval(r)
			if r.Lo == 0 && r.Hi == 0 && r.Elo == 0 {
				interval = "(anchor)"
			}
			fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %s |\n", g.label, r.Player, r.Games, formatPoints(r.Points), rating.Format(r.Elo), interval)
		}
	}
	fmt.Fprintf(w, "\n| game | pairing | games | wins-losses-draws | score | Elo difference (95%% interval) |\n|---|---|---|---|---|---|\n")
	for _, g := range l.groups {
		keys := make([][2]string, 0, len(g.pairs))
		for k := range g.pairs {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if keys[i][1] != keys[j][1] {
				return rungLess(keys[i][1], keys[j][1])
			}
			return rungLess(keys[j][0], keys[i][0])
		})
		for _, k := range keys {
			ps := g.pairs[k]
			n := ps.wins + ps.losses + ps.draws
			fmt.Fprintf(w, "| %s | %s vs %s | %d | %d-%d-%d | %.1f%% | %s |\n", g.label, k[1], k[0], n, ps.losses, ps.wins, ps.draws,
				100*(float64(ps.losses)+float64(ps.draws)/2)/float64(n), pairElo(k[1], k[0], ps))
		}
	}
	fmt.Fprintf(w, "\n| rung |")
	for _, g := range l.groups {
		fmt.Fprintf(w, " %s (%d games) |", g.label, g.files)
	}
	fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("---|", len(l.groups)))
	for _, r := range l.rungs() {
		fmt.Fprintf(w, "| %s |", r)
		for _, g := range l.groups {
			cell := ""
			for _, x := range g.ratings {
				if x.Player == r {
					cell = formatRating(x)
				}
			}
			fmt.Fprintf(w, " %s |", cell)
		}
		fmt.Fprintln(w)
	}
	if len(l.groups) > 0 {
		fmt.Fprintln(w)
	}
	for _, g := range l.groups {
		if g.players > 2 {
			fmt.Fprintf(w, "%s: each game counts as %d pairwise comparisons, one for each pair of players, won by the better place (a shared place is a draw).\n",
				g.label, g.players*(g.players-1)/2)
		}
	}
	l.writePlaces(w)
}

// writePlaces writes, for the games of three or more players, each
// table's average places and points a game (1 for first place, shared by
// ties), with 95% intervals.
func (l *Ladder) writePlaces(w io.Writer) {
	head := true
	for _, g := range l.groups {
		for _, t := range g.tables {
			if head {
				fmt.Fprintf(w, "\n| game | table | rung | games | average place (95%% interval) | points a game (95%% interval) |\n|---|---|---|---|---|---|\n")
				head = false
			}
			for i, r := range t.Names {
				p, plo, phi := t.Place(i)
				q, qlo, qhi := t.Points(i)
				fmt.Fprintf(w, "| %s | %s | %s | %d | %.2f (%.2f to %.2f) | %.3f (%.3f to %.3f) |\n",
					g.label, strings.Join(t.Names, ", "), r, len(t.Games), p, plo, phi, q, qlo, qhi)
			}
		}
	}
}

// pairElo returns the Elo difference of a over b from their games alone,
// with its 95% interval.
func pairElo(a, b string, ps *pairScore) string {
	var r rating.Results
	r.Add(a, b, ps.losses, ps.wins, ps.draws)
	rs, err := rating.Fit(&r, b)
	if err != nil {
		return "?"
	}
	for _, x := range rs {
		if x.Player == a {
			return formatRating(x)
		}
	}
	return "?"
}

// formatRating writes a rating with its interval: "+412 (+300 to +530)",
// "≥ +685" where only the lower end is known.
func formatRating(x rating.Rating) string {
	switch {
	case x.Elo == 0 && x.Lo == 0 && x.Hi == 0:
		return "0"
	case math.IsInf(x.Elo, 1) && math.IsInf(x.Hi, 1):
		return "≥ " + rating.Format(x.Lo)
	case math.IsInf(x.Elo, -1) && math.IsInf(x.Lo, -1):
		return "≤ " + rating.Format(x.Hi)
	}
	return rating.Format(x.Elo) + " (" + formatInterval(x) + ")"
}

// rungs returns every group's rungs, in rung order.
func (l *Ladder) rungs() []string {
	set := map[string]bool{}
	var out []string
	for _, g := range l.groups {
		for _, r := range g.ratings {
			if !set[r.Player] {
				set[r.Player] = true
				out = append(out, r.Player)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return rungLess(out[i], out[j]) })
	return out
}

// WriteSVG plots Elo by rung, one line a game, with 95% interval bars. A
// rung whose rating is +inf (it won every game against those below) is
// drawn as an open circle at its lower bound with an arrow up, joined by
// a dashed line.
func (l *Ladder) WriteSVG(w io.Writer) {
	p := l.newPlot(w)
	p.axes(l.anchor)
	for gi, g := range l.groups {
		p.game(gi, g)
	}
	ly := plotTop + 20 + 20*float64(len(l.groups))
	fmt.Fprintf(w, `<circle cx="%.1f" cy="%.1f" r="4" fill="white" stroke="black" stroke-width="1.5"/>`+"\n", plotWidth-plotRight+27, ly)
	for k, line := range []string{"+inf (the likelihood rises", "without bound): drawn at", "its 95% lower bound"} {
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f">%s</text>`+"\n", plotWidth-plotRight+46, ly+4+14*float64(k), line)
	}
	fmt.Fprintln(w, "</svg>")
}

// The plot's size and margins, in pixels.
const (
	plotWidth, plotHeight                    = 760.0, 440.0
	plotLeft, plotRight, plotTop, plotBottom = 70.0, 220.0, 40.0, 50.0
	plotW, plotH                             = plotWidth - plotLeft - plotRight, plotHeight - plotTop - plotBottom
)

// plotColours are the colours of the games' lines, in turn.
var plotColours = []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"}

// plot is an SVG plot being written: its rungs (the x axis), the range
// and grid step of the y axis (Elo), and the number of games.
type plot struct {
	w                io.Writer
	rungs            []string
	minY, maxY, step float64
	slot             float64 // the width of a rung
	games            int
}

// newPlot scales the plot to the ratings: from 0 (or the lowest lower
// bound) to above the highest finite value, on a grid of at most about 8
// steps of 100 Elo times a power of 2.
func (l *Ladder) newPlot(w io.Writer) *plot {
	p := &plot{w: w, rungs: l.rungs(), maxY: 100, step: 100, games: len(l.groups)}
	for _, g := range l.groups {
		for _, r := range g.ratings {
			for _, v := range []float64{r.Elo, r.Lo, r.Hi} {
				if !math.IsInf(v, 0) && !math.IsNaN(v) {
					p.maxY = math.Max(p.maxY, v)
				}
			}
		}
	}
	for p.maxY/p.step > 8 {
		p.step *= 2
	}
	p.maxY = math.Ceil(p.maxY*1.08/p.step) * p.step
	for _, g := range l.groups {
		for _, r := range g.ratings {
			if !math.IsInf(r.Lo, 0) && r.Lo < p.minY {
				p.minY = math.Floor(r.Lo/p.step) * p.step
			}
		}
	}
	p.slot = plotW / float64(len(p.rungs))
	return p
}

// y is the height of an Elo value.
func (p *plot) y(e float64) float64 { return plotTop + plotH*(p.maxY-e)/(p.maxY-p.minY) }

// x is the position of rung i in game gi's line: the games side by side
// within the rung's slot.
func (p *plot) x(i, gi int) float64 {
	off := 0.0
	if n := p.games; n > 1 {
		off = (float64(gi) - float64(n-1)/2) * math.Min(10, p.slot*0.6/float64(n-1))
	}
	return plotLeft + p.slot*(float64(i)+0.5) + off
}

// axes writes the header, the title, the grid with its Elo labels, the
// axes and the rungs' names.
func (p *plot) axes(anchor string) {
	w := p.w
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="12">`+"\n", plotWidth, plotHeight, plotWidth, plotHeight)
	fmt.Fprintf(w, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(w, `<text x="%.0f" y="22" font-size="14">Elo by rung (%s = 0), 95%% profile-likelihood intervals</text>`+"\n", plotLeft, html.EscapeString(anchor))
	for e := p.minY; e <= p.maxY+1e-9; e += p.step {
		fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", plotLeft, p.y(e), plotLeft+plotW, p.y(e))
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" text-anchor="end">%s</text>`+"\n", plotLeft-6, p.y(e)+4, rating.Format(e))
	}
	fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="black"/>`+"\n", plotLeft, plotTop, plotLeft, plotTop+plotH)
	fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="black"/>`+"\n", plotLeft, plotTop+plotH, plotLeft+plotW, plotTop+plotH)
	for i, r := range p.rungs {
		label := r
		if _, n, _ := rungKey(r); n > 0 {
			label += " playouts"
		}
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", plotLeft+p.slot*(float64(i)+0.5), plotTop+plotH+18, html.EscapeString(label))
	}
	fmt.Fprintf(w, `<text transform="translate(18 %.1f) rotate(-90)" text-anchor="middle">Elo</text>`+"\n", plotTop+plotH/2)
}

// game writes game gi's line through its rungs' ratings, dashed next to
// an infinite one, and its entry in the legend.
func (p *plot) game(gi int, g *group) {
	col := plotColours[gi%len(plotColours)]
	var prevX, prevY float64
	prevInf, havePrev := false, false
	for i, r := range p.rungs {
		var rt *rating.Rating
		for k := range g.ratings {
			if g.ratings[k].Player == r {
				rt = &g.ratings[k]
			}
		}
		if rt == nil || math.IsNaN(rt.Elo) {
			continue
		}
		px := p.x(i, gi)
		inf := math.IsInf(rt.Elo, 0)
		py := p.y(rt.Elo)
		if inf {
			py = p.y(rt.Lo)
		}
		if havePrev {
			dash := ""
			if inf || prevInf {
				dash = ` stroke-dasharray="5,4"`
			}
			fmt.Fprintf(p.w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="1.5"%s/>`+"\n", prevX, prevY, px, py, col, dash)
		}
		p.point(px, py, *rt, col, g.label, r)
		prevX, prevY, prevInf, havePrev = px, py, inf, true
	}
	ly := plotTop + 10 + 20*float64(gi)
	fmt.Fprintf(p.w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`+"\n", plotWidth-plotRight+15, ly, plotWidth-plotRight+40, ly, col)
	fmt.Fprintf(p.w, `<text x="%.1f" y="%.1f">%s</text>`+"\n", plotWidth-plotRight+46, ly+4, html.EscapeString(g.label))
}

// point writes one rating at (px, py): its interval bar (an open end gets
// an arrow to the top) and its circle, open for an infinite rating, with
// a tooltip.
func (p *plot) point(px, py float64, rt rating.Rating, col, label, rung string) {
	w := p.w
	if !(rt.Lo == 0 && rt.Hi == 0) {
		lo, hi := p.y(math.Max(p.minY, rt.Lo)), p.y(p.maxY)
		if !math.IsInf(rt.Hi, 1) {
			hi = p.y(rt.Hi)
		}
		fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", px, lo, px, hi, col)
		fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", px-4, lo, px+4, lo, col)
		if math.IsInf(rt.Hi, 1) {
			fmt.Fprintf(w, `<path d="M%.1f %.1f l-4 8 h8 z" fill="%s"/>`+"\n", px, hi, col)
		} else {
			fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", px-4, hi, px+4, hi, col)
		}
	}
	fill := col
	if math.IsInf(rt.Elo, 0) {
		fill = "white"
	}
	fmt.Fprintf(w, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s" stroke="%s" stroke-width="1.5"><title>%s, %s: %s (%s)</title></circle>`+"\n",
		px, py, fill, col, html.EscapeString(label), html.EscapeString(rung), rating.Format(rt.Elo), html.EscapeString(formatInterval(rt)))
}
