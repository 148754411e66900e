package playout

// emptyList is the set of empty cells of a padded board (SquareBoard,
// HexKeilBoard), kept so that a uniformly random one is drawn in constant
// time: list[:n] holds them, and at gives each one's index in list.
type emptyList struct {
	list [cells]int32
	at   [cells]int32
	n    int32
}

// add puts cell p in the set.
func (e *emptyList) add(p int32) {
	e.at[p&cellMask] = e.n
	e.list[e.n&cellMask] = p
	e.n++
}

// remove takes cell p out of the set, moving the last entry into its place.
func (e *emptyList) remove(p int32) {
	i := e.at[p&cellMask]
	e.n--
	last := e.list[e.n&cellMask]
	e.list[i&cellMask] = last
	e.at[last&cellMask] = i
}

// swap exchanges the entries at indices i and k (a draw sets a refused
// cell aside at the end of the part still to draw from).
func (e *emptyList) swap(i, k int32) {
	p, q := e.list[i&cellMask], e.list[k&cellMask]
	e.list[i&cellMask], e.list[k&cellMask] = q, p
	e.at[q&cellMask], e.at[p&cellMask] = i, k
}

// draw returns a uniformly random cell of the set that fits, or -1 if none
// does. A refused cell is set aside at the end of the part still to draw
// from, where the draws that remain cannot reach it; the order of the
// draws is the same as emptySet.draw's.
func (e *emptyList) draw(r *Rand, fits func(p int32) bool) int32 {
	for k := e.n; k > 0; {
		i := int32(r.Intn(int(k)))
		p := e.list[i&cellMask]
		if fits(p) {
			return p
		}
		k--
		e.swap(i, k)
	}
	return -1
}
