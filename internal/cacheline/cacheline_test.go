package cacheline

import (
	"slices"
	"testing"
	"unsafe"
)

// span is the memory a slice may write: from its first element to the end
// of its capacity.
type span struct{ lo, hi uintptr }

// spans allocates k slices of n elements (capacity c) with Make and
// returns their memory, sorted.
func spans[T any](k, n, c int) []span {
	var out []span
	keep := make([][]T, k) // alive until the end, so no address is reused
	for i := range keep {
		keep[i] = Make[T](n, c)
		if len(keep[i]) != n || cap(keep[i]) != c {
			panic("Make: wrong length or capacity")
		}
		full := keep[i][:c]
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(full)))
		out = append(out, span{lo, lo + uintptr(c)*unsafe.Sizeof(*new(T))})
	}
	slices.SortFunc(out, func(a, b span) int { return int(a.lo) - int(b.lo) })
	return out
}

// TestMakeKeepsApart: slices made one after another, which the allocator
// would otherwise place side by side, lie at least Size bytes apart.
func TestMakeKeepsApart(t *testing.T) {
	check := func(name string, s []span) {
		t.Helper()
		for i := 1; i < len(s); i++ {
			if gap := s[i].lo - s[i-1].hi; s[i].lo < s[i-1].hi || gap < Size {
				t.Fatalf("%s: slices %d and %d are %d bytes apart", name, i-1, i, int(s[i].lo)-int(s[i-1].hi))
			}
		}
	}
	for _, c := range []struct{ n, c int }{{1, 1}, {81, 81}, {0, 8}, {5, 7}} {
		check("byte", spans[byte](200, c.n, c.c))
		check("int32", spans[int32](200, c.n, c.c))
		check("[5]float64", spans[[5]float64](200, c.n, c.c))
	}
}

// An append beyond the capacity moves the slice instead of writing into
// the padding.
func TestMakeAppend(t *testing.T) {
	s := Make[int32](2, 2)
	s[0], s[1] = 1, 2
	t2 := append(s, 3)
	if unsafe.SliceData(t2) == unsafe.SliceData(s) {
		t.Fatal("append beyond the capacity stayed in the padded array")
	}
	if !slices.Equal(t2, []int32{1, 2, 3}) {
		t.Fatalf("append: %v", t2)
	}
}

// A field between two Pads lies Size bytes from either end of its struct.
func TestPad(t *testing.T) {
	type hot struct {
		_ Pad
		x int64
		_ Pad
	}
	var h hot
	if off := unsafe.Offsetof(h.x); off < Size || unsafe.Sizeof(h)-off-unsafe.Sizeof(h.x) < Size {
		t.Errorf("x at %d of %d bytes", off, unsafe.Sizeof(h))
	}
}
