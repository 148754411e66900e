package server

import (
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// Every answer carries headers that keep the page to itself: scripts,
// styles and connections from its own origin only (the page has no inline
// script), never in a frame, no guessing of content types, and no Referer
// (seats' tokens live in the pages' URL fragments, which a Referer does
// not carry, but the game's address does). Requests that change anything
// (POST) must be JSON, from a page of the server's own origin: a form or a
// script of another site can send a cross-site POST without asking (with
// Content-Type text/plain, say), but not one of application/json, and a
// browser says where a request comes from (Origin, Sec-Fetch-Site).

// cspBase is the Content-Security-Policy of every answer, less the
// WebSocket sources of connect-src. The page sets no style attributes
// (its colour swatches take classes), so no inline style is allowed.
const cspBase = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; connect-src 'self'"

// hostRE is a Host header fit to be named in the policy: a name or an
// address, and a port.
var hostRE = regexp.MustCompile(`^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?$`)

// setSecurityHeaders sets the headers every answer carries.
func setSecurityHeaders(h http.Header, r *http.Request) {
	csp := cspBase
	if hostRE.MatchString(r.Host) {
		// 'self' covers the page's own ws: and wss: in browsers of CSP
		// level 3; older ones need them named.
		csp += " ws://" + r.Host + " wss://" + r.Host
	}
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
}

// refuseUnsafe answers, and reports true for, a request that would change
// something (any method but GET, HEAD and OPTIONS) whose body is not JSON
// (415) or that a browser says comes from another site (403).
func (s *Server) refuseUnsafe(w http.ResponseWriter, r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		writeError(w, fail(http.StatusForbidden, "requests from other sites are refused (Sec-Fetch-Site: %s)", truncate(site, 40)))
		return true
	}
	if origin := r.Header.Get("Origin"); origin != "" && !s.sameOrigin(origin, r) {
		writeError(w, fail(http.StatusForbidden, "requests from other sites are refused (Origin: %s)", truncate(origin, 100)))
		return true
	}
	ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || ct != "application/json" {
		writeError(w, fail(http.StatusUnsupportedMediaType, "send the request's body as JSON, with Content-Type: application/json"))
		return true
	}
	return false
}

// sameOrigin reports whether origin (an Origin header) is the server's
// own: its host is the request's (or, behind a trusted proxy, the host the
// proxy was asked for).
func (s *Server) sameOrigin(origin string, r *http.Request) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false // "null" among others
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	if s.limits.l.TrustProxy {
		if fh := r.Header.Get("X-Forwarded-Host"); fh != "" && strings.EqualFold(u.Host, strings.TrimSpace(strings.Split(fh, ",")[0])) {
			return true
		}
	}
	return false
}

// truncate returns s cut to at most n bytes, saying how long it was; for
// logs and error messages of what clients send.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && cut < len(s) && s[cut]&0xc0 == 0x80 { // not inside a UTF-8 sequence
		cut--
	}
	return s[:cut] + "…(" + strconv.Itoa(len(s)) + " bytes)"
}
