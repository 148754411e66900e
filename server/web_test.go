package server

import (
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestPageModules: the page is ES modules that a Content-Security-Policy
// of script-src 'self' allows: every script is served with a JavaScript
// type (a browser refuses a module of any other), the page has no inline
// script or event-handler attribute, and every module a module imports is
// served.
func TestPageModules(t *testing.T) {
	ts := newTestServer(t)
	web, err := fs.Sub(webFiles, "web")
	if err != nil {
		t.Fatal(err)
	}
	scripts, err := fs.Glob(web, "*.js")
	if err != nil || len(scripts) < 5 {
		t.Fatalf("scripts %v, %v", scripts, err)
	}
	imports := regexp.MustCompile(`(?m)^import .* from "\./([a-z]+\.js)";$`)
	for _, name := range scripts {
		res, err := http.Get(ts.url() + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if ct := res.Header.Get("Content-Type"); res.StatusCode != 200 || !strings.HasPrefix(ct, "text/javascript") {
			t.Errorf("GET /%s: %d, %q", name, res.StatusCode, ct)
		}
		src, err := fs.ReadFile(web, name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range imports.FindAllStringSubmatch(string(src), -1) {
			if _, err := fs.Stat(web, m[1]); err != nil {
				t.Errorf("%s imports %s: %v", name, m[1], err)
			}
		}
	}
	page, err := fs.ReadFile(web, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	tags := regexp.MustCompile(`<script[^>]*>`).FindAllString(string(page), -1)
	if len(tags) != 1 || tags[0] != `<script type="module" src="app.js">` {
		t.Errorf("script tags %q, want only the module app.js", tags)
	}
	if inline := regexp.MustCompile(`<script[^>]*>[^<]+</script>|\son[a-z]+=`).FindString(string(page)); inline != "" {
		t.Errorf("inline script in the page: %q", inline)
	}
}

// TestPageTemplates: every template of the page is closed, and its
// sections and divisions with it (a template left open swallows the
// next ones, and the page shows nothing).
func TestPageTemplates(t *testing.T) {
	data, err := webFiles.ReadFile("web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	parts := strings.Split(page, "<template")
	if strings.Count(page, "</template>") != len(parts)-1 {
		t.Fatalf("%d templates opened, %d closed", len(parts)-1, strings.Count(page, "</template>"))
	}
	for _, p := range parts[1:] {
		body, _, ok := strings.Cut(p, "</template>")
		if !ok || strings.Contains(body, "<template") {
			t.Fatalf("a template is not closed before the next: %.80q", p)
		}
		name := strings.SplitN(body, ">", 2)[0]
		for _, tag := range []string{"section", "div", "form", "table", "details", "fieldset"} {
			if o, c := strings.Count(body, "<"+tag), strings.Count(body, "</"+tag+">"); o != c {
				t.Errorf("template%s: %d <%s> opened, %d closed", name, o, tag, c)
			}
		}
	}
}
