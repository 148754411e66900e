// Package cacheline keeps memory that different threads write apart, so
// that no cache line holds data of two of them (false sharing).
//
// Start with Pad (inside a struct) and Make (a slice).
//
// The search runs one worker a thread, each with its own playout board,
// game state and buffers, all allocated one after another by the thread
// that starts the search. Small objects of the same size then sit side by
// side in memory, and two workers writing their own data on one cache line
// make the line bounce between the cores: measured on 9x9 Go, one search
// in four ran at 1.1 times the one-thread speed instead of 1.75. Padding
// the structs (Pad) and the slices (Make) the workers write removes it.
// Boards that hold their arrays inline (playout.SquareBoard,
// playout.HexKeilBoard) are large objects, which get pages of their own,
// so only their separate slices are padded.
package cacheline

import "unsafe"

// Size is the span kept free on each side of padded memory: two 64-byte
// lines, as x86 processors fetch lines in pairs and some ARM cores have
// 128-byte lines.
const Size = 128

// Pad, as the first and last field of a struct, keeps the fields between
// off the cache lines of whatever memory lies before and after it.
type Pad [Size]byte

// Make returns a slice of length n and capacity c (c >= n) with at least
// Size bytes of unused memory on each side of its elements, so that
// writes to it share no cache line with other allocations. An append
// beyond c moves the slice to ordinary memory.
func Make[T any](n, c int) []T {
	var zero T
	pad := 0
	if sz := int(unsafe.Sizeof(zero)); sz > 0 {
		pad = (Size + sz - 1) / sz
	}
	buf := make([]T, c+2*pad)
	return buf[pad : pad+n : pad+c]
}
