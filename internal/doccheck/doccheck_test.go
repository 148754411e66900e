package doccheck

import (
	"bufio"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// root returns the module's root directory: the nearest directory above
// the test's that holds go.mod.
func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// docFiles returns README.md and every .md file under docs/ and results/,
// relative to root.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	files := []string{"README.md"}
	for _, dir := range []string{"docs", "results"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".md") {
				rel, err := filepath.Rel(root, path)
				if err != nil {
					return err
				}
				files = append(files, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// link is a link found in a Markdown file.
type link struct {
	line   int
	target string // as written: path, path#anchor or #anchor
}

var (
	fence      = regexp.MustCompile("^\\s*(```|~~~)")
	codeSpan   = regexp.MustCompile("`[^`]*`")
	inlineLink = regexp.MustCompile(`!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	refLink    = regexp.MustCompile(`^\s{0,3}\[[^\]]+\]:\s+<?(\S+?)>?(?:\s+"[^"]*")?\s*$`)
	heading    = regexp.MustCompile(`^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$`)
	htmlAnchor = regexp.MustCompile(`<a\s+(?:name|id)="([^"]+)"`)
)

// scan reads a Markdown text and returns its links and the anchors of its
// headings, outside fenced code blocks and code spans.
func scan(text string) (links []link, anchors map[string]bool) {
	anchors = map[string]bool{}
	seen := map[string]int{}
	inFence := false
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if fence.MatchString(line) {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		if m := heading.FindStringSubmatch(line); m != nil {
			s := slug(m[2])
			if k := seen[s]; k > 0 {
				anchors[s+"-"+strconv.Itoa(k)] = true
			} else {
				anchors[s] = true
			}
			seen[s]++
		}
		for _, m := range htmlAnchor.FindAllStringSubmatch(line, -1) {
			anchors[m[1]] = true
		}
		plain := codeSpan.ReplaceAllString(line, "")
		for _, m := range inlineLink.FindAllStringSubmatch(plain, -1) {
			links = append(links, link{n, m[1]})
		}
		if m := refLink.FindStringSubmatch(plain); m != nil {
			links = append(links, link{n, m[1]})
		}
	}
	return links, anchors
}

var (
	mdLink   = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	emphasis = strings.NewReplacer("`", "", "*", "", "~", "")
)

// slug is the anchor GitHub gives a heading: its text without markup,
// lower-cased, with everything but letters, digits, spaces, hyphens and
// underscores removed and each space made a hyphen.
func slug(h string) string {
	h = mdLink.ReplaceAllString(h, "$1")
	h = emphasis.Replace(h)
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// external reports whether a link target leaves the repository.
func external(target string) bool {
	if strings.HasPrefix(target, "//") {
		return true
	}
	if i := strings.Index(target, ":"); i > 0 {
		scheme := target[:i]
		return !strings.ContainsAny(scheme, "/#.")
	}
	return false
}

// check returns a message for every relative link of the Markdown file
// name (relative to root) whose file or heading does not exist, and the
// number of relative links it checked; read returns a Markdown file's
// text by its name relative to root.
func check(root, name string, read func(string) (string, error)) ([]string, int, error) {
	text, err := read(name)
	if err != nil {
		return nil, 0, err
	}
	links, anchors := scan(text)
	var bad []string
	checked := 0
	for _, l := range links {
		if external(l.target) {
			continue
		}
		checked++
		path, anchor, _ := strings.Cut(l.target, "#")
		where := fmt.Sprintf("%s:%d: link %q", name, l.line, l.target)
		if path == "" {
			if !anchors[anchor] {
				bad = append(bad, where+": no such heading in this file")
			}
			continue
		}
		if strings.HasPrefix(path, "/") {
			bad = append(bad, where+": absolute path (write it relative to the file)")
			continue
		}
		target := filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(name), path)))
		if target == ".." || strings.HasPrefix(target, "../") {
			bad = append(bad, where+": leaves the repository")
			continue
		}
		if _, err := os.Stat(filepath.Join(root, target)); err != nil {
			bad = append(bad, where+": no such file")
			continue
		}
		if anchor == "" {
			continue
		}
		if !strings.HasSuffix(target, ".md") {
			bad = append(bad, where+": an anchor into a file that is not Markdown")
			continue
		}
		other, err := read(target)
		if err != nil {
			return nil, 0, err
		}
		if _, theirs := scan(other); !theirs[anchor] {
			bad = append(bad, where+": no heading #"+anchor+" in "+target)
		}
	}
	return bad, checked, nil
}

// TestLinks checks every relative link of the documentation.
func TestLinks(t *testing.T) {
	root := root(t)
	read := func(name string) (string, error) {
		b, err := os.ReadFile(filepath.Join(root, name))
		return string(b), err
	}
	total := 0
	for _, name := range docFiles(t, root) {
		bad, n, err := check(root, name, read)
		if err != nil {
			t.Fatal(err)
		}
		total += n
		for _, msg := range bad {
			t.Error(msg)
		}
	}
	// The README and docs link to each other: a checker that finds no
	// links at all is broken, not satisfied.
	if total < 20 {
		t.Errorf("only %d relative links found in the documentation: the scanner is broken", total)
	}
}

// TestCheck shows that check finds what it must, on made-up files.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"docs/a.md":  "# Title\n\n## Two words: here\n\n## Two words: here\n\n## `moku solve` and **Kee** (K15–K16)\n",
		"docs/b.svg": "<svg/>",
	}
	for name, text := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name, text string
		bad        int // broken links expected
	}{
		{"good file", "[a](docs/a.md)", 0},
		{"good image", "![plot](docs/b.svg)", 0},
		{"good directory", "[docs](docs/)", 0},
		{"good anchor", "[a](docs/a.md#two-words-here)", 0},
		{"duplicate heading's anchor", "[a](docs/a.md#two-words-here-1)", 0},
		{"anchor of a heading with markup", "[a](docs/a.md#moku-solve-and-kee-k15k16)", 0},
		{"own anchor", "# Top\n\n[top](#top)", 0},
		{"external links are not checked", "[x](https://example.com/nothing) [y](mailto:a@b.c)", 0},
		{"links in code are not checked", "`[x](missing.md)`\n\n```\n[y](missing.md)\n```", 0},
		{"reference link", "[x]: docs/a.md", 0},
		{"missing file", "[x](docs/missing.md)", 1},
		{"missing reference target", "[x]: docs/missing.md", 1},
		{"missing anchor", "[a](docs/a.md#nowhere)", 1},
		{"second duplicate missing", "[a](docs/a.md#two-words-here-2)", 1},
		{"missing own anchor", "# Top\n\n[x](#bottom)", 1},
		{"outside the repository", "[x](../elsewhere/rules.md)", 1},
		{"absolute path", "[x](/docs/a.md)", 1},
		{"anchor into a non-Markdown file", "[x](docs/b.svg#top)", 1},
		{"two bad links on one line", "[x](no.md) and [y](docs/a.md#no)", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			read := func(name string) (string, error) {
				if name == "README.md" {
					return tc.text, nil
				}
				b, err := os.ReadFile(filepath.Join(dir, name))
				return string(b), err
			}
			bad, _, err := check(dir, "README.md", read)
			if err != nil {
				t.Fatal(err)
			}
			if len(bad) != tc.bad {
				t.Errorf("%d broken links reported, want %d: %q", len(bad), tc.bad, bad)
			}
		})
	}
}

// TestSlug checks the anchors given to headings against GitHub's.
func TestSlug(t *testing.T) {
	tests := []struct{ heading, want string }{
		{"moku serve", "moku-serve"},
		{"Scoring (K17)", "scoring-k17"},
		{"End of the game (K15–K16)", "end-of-the-game-k15k16"},
		{"What the source's examples claim", "what-the-sources-examples-claim"},
		{"Kee with three or four players: max-n", "kee-with-three-or-four-players-max-n"},
		{"`moku solve` and **bold**", "moku-solve-and-bold"},
		{"A [link](x.md) in a heading", "a-link-in-a-heading"},
		{"snake_case stays", "snake_case-stays"},
	}
	for _, tc := range tests {
		if got := slug(tc.heading); got != tc.want {
			t.Errorf("slug(%q) = %q, want %q", tc.heading, got, tc.want)
		}
	}
}

// TestReadme keeps the README an entry point: the two commands a new user
// needs come first, and the rest of the documentation lives in docs/.
func TestReadme(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) >= 300 {
		t.Errorf("README.md has %d lines: keep it under 300 and put reference material in docs/", len(lines))
	}
	if len(lines) < 5 || lines[0] != "# moku" || lines[2] != "```sh" ||
		!strings.HasPrefix(lines[3], "go run ./cmd/moku serve ") || !strings.HasPrefix(lines[4], "scripts/test ") {
		t.Errorf("README.md must open with the two commands of a fresh machine (go run ./cmd/moku serve, scripts/test); it opens with %q", lines[:min(5, len(lines))])
	}
}

// imports returns, for every package of the module with non-test Go
// files, the module's packages its non-test files import (paths relative
// to the module, "cmd/moku").
func imports(t *testing.T, root string) map[string][]string {
	t.Helper()
	const module = "moku/"
	deps := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		if _, ok := deps[pkg]; !ok {
			deps[pkg] = nil
		}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if q, ok := strings.CutPrefix(p, module); ok && !slices.Contains(deps[pkg], q) {
				deps[pkg] = append(deps[pkg], q)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return deps
}

// reduce returns the edges of deps that no longer path implies (the
// transitive reduction of an acyclic graph), as "a --> b", sorted.
func reduce(deps map[string][]string) []string {
	reach := func(from string) map[string]bool {
		seen := map[string]bool{}
		stack := append([]string(nil), deps[from]...)
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !seen[p] {
				seen[p] = true
				stack = append(stack, deps[p]...)
			}
		}
		return seen
	}
	var edges []string
	for a, bs := range deps {
		for _, b := range bs {
			implied := false
			for _, c := range bs {
				if c != b && reach(c)[b] {
					implied = true
					break
				}
			}
			if !implied {
				edges = append(edges, a+" --> "+b)
			}
		}
	}
	sort.Strings(edges)
	return edges
}

// mermaidNode writes package p as a Mermaid node: its path, or an id with
// the path as its label when the path has characters ids cannot.
func mermaidNode(p string) string {
	id := strings.NewReplacer("/", "_", ".", "_").Replace(p)
	if id == p {
		return p
	}
	return id + `["` + p + `"]`
}

var (
	diagramBlock = regexp.MustCompile(`(?s)%% imports:begin\n(.*?)%% imports:end`)
	diagramEdge  = regexp.MustCompile(`^\s*(\S+?)(?:\["([^"]+)"\])? --> (\S+?)(?:\["([^"]+)"\])?\s*$`)
)

// TestImportDiagram checks the package diagram of docs/architecture.md
// against the imports of the code: it must show exactly the imports that
// no other path implies.
func TestImportDiagram(t *testing.T) {
	root := root(t)
	b, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := diagramBlock.FindSubmatch(b)
	if m == nil {
		t.Fatal("docs/architecture.md has no block between %% imports:begin and %% imports:end")
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(string(m[1])), "\n") {
		e := diagramEdge.FindStringSubmatch(line)
		if e == nil {
			t.Fatalf("docs/architecture.md: %q is not an edge \"a --> b\"", line)
		}
		from, to := e[1], e[3]
		if e[2] != "" {
			from = e[2]
		}
		if e[4] != "" {
			to = e[4]
		}
		got = append(got, from+" --> "+to)
	}
	sort.Strings(got)
	deps := imports(t, root)
	for _, p := range []string{"board", "server", "cmd/moku"} {
		if _, ok := deps[p]; !ok {
			t.Fatalf("package %s not found: the scan of the module is broken", p)
		}
	}
	want := reduce(deps)
	if !slices.Equal(got, want) {
		var block strings.Builder
		for _, e := range want {
			a, b, _ := strings.Cut(e, " --> ")
			fmt.Fprintf(&block, "    %s --> %s\n", mermaidNode(a), mermaidNode(b))
		}
		t.Errorf("the diagram of docs/architecture.md does not match the imports; between its markers it should read:\n%s", block.String())
	}
}

// TestReduce checks the transitive reduction on a small graph.
func TestReduce(t *testing.T) {
	deps := map[string][]string{
		"cmd":    {"server", "board", "rules"},
		"server": {"rules"},
		"rules":  {"board"},
		"board":  nil,
	}
	want := []string{"cmd --> server", "rules --> board", "server --> rules"}
	if got := reduce(deps); !slices.Equal(got, want) {
		t.Errorf("reduce = %q, want %q", got, want)
	}
}
