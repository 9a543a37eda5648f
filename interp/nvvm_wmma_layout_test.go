package interp

import (
	"testing"

	"github.com/goopt/goopt/ir"
)

// TestWMMALayout checks the documented fragment layouts: every element of
// an accumulator is held by exactly one (lane, element), every element of
// A and B by exactly two, and sample positions follow the sm_80 formulas.
func TestWMMALayout(t *testing.T) {
	var op *ir.Operation // only for errors, which these fragments do not raise
	for _, c := range []struct {
		eltype, frag string
		m, n, k      int64
		copies       int
	}{
		{"f16", "a", 16, 16, 16, 2}, {"f16", "b", 16, 16, 16, 2}, {"f16", "c", 16, 16, 16, 1}, {"f32", "c", 16, 16, 16, 1},
		{"f16", "a", 32, 8, 16, 1}, {"f16", "b", 8, 32, 16, 1}, {"f32", "c", 32, 8, 16, 1},
	} {
		f, err := newWMMAFragment(op, c.eltype, c.frag, c.m, c.n, c.k)
		if err != nil {
			t.Fatal(err)
		}
		count := map[[2]int64]int{}
		for l := 0; l < warpSize; l++ {
			for e := 0; e < f.elements(); e++ {
				r, col := f.position(l, e)
				count[[2]int64{r, col}]++
			}
		}
		if int64(len(count)) != f.rows*f.cols {
			t.Errorf("%+v: %d distinct elements, want %d", c, len(count), f.rows*f.cols)
		}
		for p, n := range count {
			if n != c.copies {
				t.Errorf("%+v: element %v held %d times, want %d", c, p, n, c.copies)
			}
		}
	}
	// Lane 5 (g = 1, t = 1), element 6: A (row 9, col 10), B (row 10, col 9).
	a, _ := newWMMAFragment(op, "f16", "a", 16, 16, 16)
	b, _ := newWMMAFragment(op, "f16", "b", 16, 16, 16)
	if r, c := a.position(5, 6); r != 9 || c != 10 {
		t.Errorf("A lane 5 element 6 at (%d, %d), want (9, 10)", r, c)
	}
	if r, c := b.position(5, 6); r != 10 || c != 9 {
		t.Errorf("B lane 5 element 6 at (%d, %d), want (10, 9)", r, c)
	}
}
