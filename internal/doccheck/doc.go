// Package doccheck holds no code, only tests of the documentation: every
// relative link in README.md and in the Markdown files under docs/ and
// results/ must lead to a file that exists and, when it names a heading
// (path#anchor), to a heading that exists, with GitHub's anchors; the
// README stays a short entry point; and the package diagram of
// docs/architecture.md matches the imports of the code.
//
// Run it with go test ./internal/doccheck.
package doccheck
