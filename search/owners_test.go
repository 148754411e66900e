package search

import (
	"testing"

	"moku/board"
	"moku/game"
)

// TestOwners: the owners the learned priors' Owner feature reads are
// shares of playouts (each point's add up to at most 1) that see a wall's
// territory as its owner's, and the same seed gives the same shares.
func TestOwners(t *testing.T) {
	// Black walls off the left two columns of 5x5, White the right two.
	s := start(t, "go", "5x5", "b1", "d1", "b2", "d2", "b3", "d3", "b4", "d4", "b5", "d5")
	before := game.Text(s)
	o := Owners(s, 7)
	if game.Text(s) != before {
		t.Fatal("Owners changed the position")
	}
	if len(o) != s.Graph().N() {
		t.Fatalf("%d points' owners, want %d", len(o), s.Graph().N())
	}
	for p, sh := range o {
		sum := 0.0
		for _, v := range sh {
			if v < 0 {
				t.Errorf("point %d: negative share %v", p, sh)
			}
			sum += v
		}
		if sum > 1+1e-9 {
			t.Errorf("point %d: shares %v add up to %g", p, sh, sum)
		}
	}
	a1, _ := s.Graph().Point("a1")
	e1, _ := s.Graph().Point("e1")
	if o[a1][board.Black] < 0.9 || o[e1][board.White] < 0.9 {
		t.Errorf("a1 Black's in %.2f of the playouts, e1 White's in %.2f: want both walled-off points to their owners", o[a1][board.Black], o[e1][board.White])
	}
	again := Owners(s, 7)
	for p := range o {
		if o[p] != again[p] {
			t.Fatalf("point %d: %v, then %v with the same seed", p, o[p], again[p])
		}
	}
}

// TestPlayoutsOwnersAreTheirOwn: each playout's owners are counted from
// that playout's end: with one playout, a walled-off point's owner has it
// in the whole of the playouts, and every point's shares add up to 1 or
// to 0 (a point nobody owns).
func TestPlayoutsOwnersAreTheirOwn(t *testing.T) {
	s := start(t, "go", "5x5", "b1", "d1", "b2", "d2", "b3", "d3", "b4", "d4", "b5", "d5")
	est, err := Playouts{N: 1, Seed: 3}.Estimate(s)
	if err != nil {
		t.Fatal(err)
	}
	a1, _ := s.Graph().Point("a1")
	if est.Owners[a1][board.Black] != 1 {
		t.Errorf("a1's owners after one playout: %v, want Black's", est.Owners[a1])
	}
	for p, sh := range est.Owners {
		if sum := sh[board.Empty] + sh[board.Black] + sh[board.White]; sum != 1 {
			t.Errorf("point %d: shares %v", p, sh)
		}
	}
}
