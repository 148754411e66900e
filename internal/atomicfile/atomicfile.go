// Package atomicfile writes a file whole or not at all: the content goes
// to a temporary file in the same directory, renamed over the file once
// written and closed, so that a reader (a resumed run, another process)
// finds the old file or the new one, never half of one.
package atomicfile

import (
	"io"
	"os"
	"path/filepath"
)

// Write makes the file name (mode 0644) with what write writes, by way of
// a temporary file in name's directory. On any error the temporary file
// is removed and name is left as it was.
func Write(name string, write func(w io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	err = tmp.Chmod(0o644)
	if err == nil {
		err = write(tmp)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
