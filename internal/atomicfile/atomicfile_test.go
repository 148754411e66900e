package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// Write replaces the file whole with mode 0644; a failed write leaves the
// old file and no temporary one.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f.txt")
	put := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	if err := Write(name, put("first")); err != nil {
		t.Fatal(err)
	}
	if err := Write(name, put("second")); err != nil {
		t.Fatal(err)
	}
	broken := errors.New("broken")
	if err := Write(name, func(w io.Writer) error { io.WriteString(w, "half"); return broken }); !errors.Is(err, broken) {
		t.Errorf("a failed write returned %v", err)
	}
	if data, _ := os.ReadFile(name); string(data) != "second" {
		t.Errorf("the file holds %q, want the last whole write", data)
	}
	if fi, err := os.Stat(name); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v", fi.Mode(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory, want 1: no temporary file left", len(entries))
	}
	if err := Write(filepath.Join(dir, "no", "such", "dir"), put("x")); err == nil {
		t.Error("a write into a missing directory succeeded")
	}
}
