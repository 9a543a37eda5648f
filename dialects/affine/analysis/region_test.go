package analysis

import (
	"testing"
)

// TestRegionExactness checks the region's exactness flag and the size of
// regions under two-level tiles, whose intra-tile loops start at the IV
// of a stepped tile loop.
func TestRegionExactness(t *testing.T) {
	m := parse(t, `
func.func @f(%A: memref<256x64xf32>, %B: memref<256xf32>, %T: memref<64xf32>) {
  affine.for %i = 0 to 256 step 128 {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 128)>(%i) step 64 {
      affine.for %iii = affine_map<(d0) -> (d0)>(%ii) to affine_map<(d0) -> (d0 + 64)>(%ii) {
        affine.for %k = 0 to 64 {
          %a = affine.load %A[%iii, %k] : memref<256x64xf32>
          affine.store %a, %B[%iii * 1] : memref<256xf32>
        }
      }
    }
  }
  affine.for %j = 0 to 32 {
    %c = arith.constant 1.0 : f32
    affine.store %c, %T[%j * 2] : memref<64xf32>
    affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%j) {
      affine.store %c, %T[%j] : memref<64xf32>
    } else {
      affine.store %c, %T[%j + 32] : memref<64xf32>
    }
  }
  return
}`)
	acc := accesses(m)
	tests := []struct {
		acc, depth int
		shape      []int64
		exact      bool
	}{
		{0, 1, []int64{128, 64}, true}, // A tile at the outer tile loop
		{1, 1, []int64{128}, true},
		{2, 0, []int64{63}, false}, // T[2j]: strided
		{3, 0, []int64{28}, true},  // then-branch: 4 <= j < 32
		{4, 0, []int64{32}, false}, // else-branch: not modelled
	}
	for _, tc := range tests {
		r, bb := boundingBox(t, acc[tc.acc], tc.depth)
		for d := range tc.shape {
			if bb.Shape[d] != tc.shape[d] {
				t.Errorf("access %d: shape %v, want %v", tc.acc, bb.Shape, tc.shape)
				break
			}
		}
		if r.Exact != tc.exact {
			t.Errorf("access %d: exact %v, want %v", tc.acc, r.Exact, tc.exact)
		}
	}
}

// TestEnumerateAtGuard checks that a condition on the IV of a loop outside
// the region becomes the enumeration's guard, and that bounds stay inside
// the memref.
func TestEnumerateAtGuard(t *testing.T) {
	m := parse(t, `
func.func @f(%A: memref<30x26xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 26 {
      affine.if affine_set<(d0) : (d0 - 1 >= 0, 30 - d0 >= 0)>(%i) {
        %a = affine.load %A[%i - 1, %j] : memref<30x26xf32>
      }
    }
  }
  return
}`)
	acc := accesses(m)
	r := region(t, acc[0], 1)
	loops := EnclosingLoops(acc[0].Op)
	e := r.EnumerateAt(loops[1].Operation)
	if e.Guard == nil || e.Guard.String() != "(d0) : (d0 - 1 >= 0, -d0 + 30 >= 0)" {
		t.Errorf("guard %v, want (d0) : (d0 - 1 >= 0, -d0 + 30 >= 0)", e.Guard)
	}
	if got := e.Lb[0].String() + " " + e.Ub[0].String(); got != "(d0) -> (d0 - 1) (d0) -> (d0)" {
		t.Errorf("dim 0 bounds %s", got)
	}
	if !r.WithinEnumeration(loops[1].Operation, e.Guard, e.Lb, e.Ub, r.Params()) {
		t.Errorf("region not within its own enumeration")
	}
}
