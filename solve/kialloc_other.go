//go:build !linux

package solve

// allocTable returns a zeroed table of n entries (released by the garbage
// collector).
func allocTable(n int) ([]kiSlot, func()) { return make([]kiSlot, n), nil }
