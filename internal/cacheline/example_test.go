package cacheline_test

import (
	"fmt"
	"unsafe"

	"moku/internal/cacheline"
)

// A counter each worker writes, padded so that two workers' counters never
// share a cache line.
func ExamplePad() {
	type counter struct {
		_ cacheline.Pad
		n int64
		_ cacheline.Pad
	}
	counters := make([]counter, 2)
	gap := uintptr(unsafe.Pointer(&counters[1].n)) - uintptr(unsafe.Pointer(&counters[0].n))
	fmt.Println(gap >= cacheline.Size)
	// Output: true
}

// A slice with room around it: its elements share no cache line with the
// memory before or after.
func ExampleMake() {
	buf := cacheline.Make[int32](10, 16)
	fmt.Println(len(buf), cap(buf))
	// Output: 10 16
}
