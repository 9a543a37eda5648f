package analysis

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	f, err := parser.ParseFile(all.NewContext(), "test.mlir", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return f.Module
}

// accesses returns the affine accesses of m in program order.
func accesses(m *ir.Operation) []*MemRefAccess {
	var out []*MemRefAccess
	ir.WalkOps(m, func(op *ir.Operation) {
		if a, ok := NewMemRefAccess(op); ok {
			out = append(out, a)
		}
	})
	return out
}

func loops(m *ir.Operation) []affine.ForOp {
	var out []affine.ForOp
	affine.WalkFors(m, func(f affine.ForOp) ir.WalkResult {
		out = append(out, f)
		return ir.Advance
	})
	return out
}

type comp struct{ lb, ub int64 }

const inf = NoUpperBound
const ninf = NoLowerBound

func TestDependences(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		from, to int // access indices (program order)
		depth    int
		want     bool
		comps    []comp
	}{
		{"uniform A[i] = A[i-1]", `
func.func @f(%A: memref<100xf32>) {
  affine.for %i = 1 to 100 {
    %v = affine.load %A[%i - 1] : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
  return
}`, 1, 0, 1, true, []comp{{1, 1}}},
		{"uniform: no loop-independent dependence", `
func.func @f(%A: memref<100xf32>) {
  affine.for %i = 1 to 100 {
    %v = affine.load %A[%i - 1] : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
  return
}`, 0, 1, 2, false, nil},
		{"non-uniform A[2i] vs A[i]", `
func.func @f(%A: memref<200xf32>) {
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i] : memref<200xf32>
    affine.store %v, %A[%i * 2] : memref<200xf32>
  }
  return
}`, 1, 0, 1, true, []comp{{1, 49}}},
		{"symbolic A[i+N] vs A[i]", `
func.func @f(%A: memref<?xf32>, %N: index) {
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i] : memref<?xf32>
    affine.store %v, %A[%i + symbol(%N)] : memref<?xf32>
  }
  return
}`, 1, 0, 1, true, []comp{{1, 99}}},
		{"gcd: A[2i] vs A[2i+1]", `
func.func @f(%A: memref<300xf32>) {
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i * 2 + 1] : memref<300xf32>
    affine.store %v, %A[%i * 2] : memref<300xf32>
  }
  return
}`, 1, 0, 1, false, nil},
		{"triangular bounds", `
func.func @f(%A: memref<100x100xf32>) {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %v = affine.load %A[%j, %i] : memref<100x100xf32>
      affine.store %v, %A[%i, %j] : memref<100x100xf32>
    }
  }
  return
}`, 1, 0, 1, false, nil},
		{"min bound keeps the accesses apart", `
func.func @f(%A: memref<100xf32>, %N: index) {
  affine.for %i = 0 to min affine_map<()[s0] -> (50, s0)>()[%N] {
    %v = affine.load %A[%i + 50] : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
  return
}`, 1, 0, 1, false, nil},
		{"max bound", `
func.func @f(%A: memref<100xf32>, %N: index) {
  affine.for %i = max affine_map<()[s0] -> (50, s0)>()[%N] to 100 {
    %v = affine.load %A[%i - 50] : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
  return
}`, 1, 0, 1, false, nil},
		{"affine.if guard removes the dependence", `
func.func @f(%A: memref<100xf32>) {
  affine.for %i = 0 to 100 {
    affine.if affine_set<(d0) : (d0 - 50 >= 0)>(%i) {
      %v = affine.load %A[%i - 50] : memref<100xf32>
      affine.store %v, %A[%i] : memref<100xf32>
    }
  }
  return
}`, 1, 0, 1, false, nil},
		{"reduction through memory", `
func.func @f(%A: memref<100xf32>, %S: memref<1xf32>) {
  affine.for %i = 0 to 100 {
    %a = affine.load %A[%i] : memref<100xf32>
    %s = affine.load %S[0] : memref<1xf32>
    %t = arith.addf %s, %a : f32
    affine.store %t, %S[0] : memref<1xf32>
  }
  return
}`, 2, 1, 1, true, []comp{{1, 99}}},
		{"mod: A[i mod 2] write vs read", `
func.func @f(%A: memref<4xf32>) {
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i mod 2 + 2] : memref<4xf32>
    affine.store %v, %A[%i mod 2] : memref<4xf32>
  }
  return
}`, 1, 0, 1, false, nil},
		{"integer-only independence: 3i+1 == 6j", `
func.func @f(%A: memref<1000xf32>) {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 100 {
      %v = affine.load %A[%i * 3 + 1] : memref<1000xf32>
      affine.store %v, %A[%j * 6] : memref<1000xf32>
    }
  }
  return
}`, 1, 0, 1, false, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := parse(t, tc.src)
			acc := accesses(m)
			r := CheckDependence(acc[tc.from], acc[tc.to], tc.depth, true)
			if r.HasDependence != tc.want {
				t.Fatalf("HasDependence = %v, want %v", r.HasDependence, tc.want)
			}
			for i, c := range tc.comps {
				if i >= len(r.Components) {
					t.Fatalf("missing component %d", i)
				}
				if got := r.Components[i]; got.Lb != c.lb || got.Ub != c.ub {
					t.Errorf("component %d = [%d, %d], want [%d, %d]", i, got.Lb, got.Ub, c.lb, c.ub)
				}
			}
		})
	}
}

func TestIsLoopParallel(t *testing.T) {
	tests := []struct {
		name       string
		src        string
		reductions bool
		want       []bool // per loop in pre-order
		numReds    int
	}{
		{"elementwise", `
func.func @f(%A: memref<10x10xf32>, %B: memref<10x10xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %v = affine.load %A[%i, %j] : memref<10x10xf32>
      affine.store %v, %B[%i, %j] : memref<10x10xf32>
    }
  }
  return
}`, false, []bool{true, true}, 0},
		{"stencil carried on the outer loop", `
func.func @f(%A: memref<10x10xf32>) {
  affine.for %i = 1 to 10 {
    affine.for %j = 0 to 10 {
      %v = affine.load %A[%i - 1, %j] : memref<10x10xf32>
      affine.store %v, %A[%i, %j] : memref<10x10xf32>
    }
  }
  return
}`, false, []bool{false, true}, 0},
		{"iter_args reduction", iterArgsSum, false, []bool{false}, 0},
		{"iter_args reduction allowed", iterArgsSum, true, []bool{true}, 1},
		{"matmul", testutil.AffineMatmul("f", 8, "f32", "f32"), false, []bool{true, true, false}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := parse(t, tc.src)
			ls := loops(m)
			for i, f := range ls {
				got, reds := IsLoopParallel(f, tc.reductions)
				if got != tc.want[i] {
					t.Errorf("loop %d: parallel = %v, want %v", i, got, tc.want[i])
				}
				if i == 0 && len(reds) != tc.numReds {
					t.Errorf("reductions = %d, want %d", len(reds), tc.numReds)
				}
			}
		})
	}
}

const tiledMatmul = `
func.func @mm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  affine.for %i = 0 to 256 step 32 {
    affine.for %j = 0 to 256 step 32 {
      affine.for %k = 0 to 256 step 32 {
        affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 32)>(%i) {
          affine.for %jj = affine_map<(d0) -> (d0)>(%j) to affine_map<(d0) -> (d0 + 32)>(%j) {
            affine.for %kk = affine_map<(d0) -> (d0)>(%k) to affine_map<(d0) -> (d0 + 32)>(%k) {
              %a = affine.load %A[%ii, %kk] : memref<256x256xf32>
              %b = affine.load %B[%kk, %jj] : memref<256x256xf32>
              %c = affine.load %C[%ii, %jj] : memref<256x256xf32>
              %p = arith.mulf %a, %b : f32
              %s = arith.addf %c, %p : f32
              affine.store %s, %C[%ii, %jj] : memref<256x256xf32>
            }
          }
        }
      }
    }
  }
  return
}`

// iterArgsSum sums a memref through an iter_args reduction: parallel only
// when reductions are allowed.
const iterArgsSum = `
func.func @f(%A: memref<10xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 10 iter_args(%acc = %z) -> (f32) {
    %v = affine.load %A[%i] : memref<10xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}`

func TestRegionMatmulTiles(t *testing.T) {
	m := parse(t, tiledMatmul)
	acc := accesses(m)
	tests := []struct {
		acc    int
		depth  int
		shape  []int64
		lbs    []string
		params int
	}{
		{0, 3, []int64{32, 32}, []string{"(d0, d1) -> (d0)", "(d0, d1) -> (d1)"}, 2}, // A tile [i, k]
		{1, 3, []int64{32, 32}, []string{"(d0, d1) -> (d1)", "(d0, d1) -> (d0)"}, 2}, // B tile [k, j], params (j, k)
		{2, 2, []int64{32, 32}, []string{"(d0, d1) -> (d0)", "(d0, d1) -> (d1)"}, 2}, // C tile [i, j]
		{0, 0, []int64{256, 256}, []string{"() -> (0)", "() -> (0)"}, 0},
		{0, 1, []int64{32, 256}, []string{"(d0) -> (d0)", "(d0) -> (0)"}, 1},
	}
	for _, tc := range tests {
		_, bb := boundingBox(t, acc[tc.acc], tc.depth)
		if len(bb.Params) != tc.params {
			t.Errorf("access %d depth %d: %d params, want %d", tc.acc, tc.depth, len(bb.Params), tc.params)
		}
		for d := range tc.shape {
			if bb.Shape[d] != tc.shape[d] || bb.Lb[d].String() != tc.lbs[d] {
				t.Errorf("access %d depth %d dim %d: size %d lb %s, want %d %s", tc.acc, tc.depth, d, bb.Shape[d], bb.Lb[d], tc.shape[d], tc.lbs[d])
			}
		}
	}
	// The A tile's params are i and k: the region does not depend on j.
	r, _ := ComputeRegion(acc[0], 3)
	var names []string
	for _, p := range r.Params() {
		f, _ := affine.ForInductionVarOwner(p)
		names = append(names, f.Loc().String())
	}
	if len(r.Params()) != 2 {
		t.Errorf("A region params: %v", strings.Join(names, ","))
	}
}

func TestRegionGuardedAndVector(t *testing.T) {
	m := parse(t, `
func.func @f(%A: memref<100xf32>, %N: index) {
  affine.for %i = 0 to 100 step 16 {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 16)>(%i) {
      affine.if affine_set<(d0) : (d0 - 90 >= 0)>(%ii) {
        %v = affine.load %A[%ii] : memref<100xf32>
      }
    }
    %w = affine.vector_load %A[%i] : memref<100xf32>, vector<8xf32>
  }
  return
}`)
	acc := accesses(m)
	r := region(t, acc[0], 1)
	lb, ub := r.Bounds(0)
	if got := lb.String() + " / " + ub.String(); got != "(d0) -> (d0, 90) / (d0) -> (d0 + 16, 100)" {
		t.Errorf("guarded bounds: %s", got)
	}
	r, _ = ComputeRegion(acc[1], 1)
	bb, err := r.ConstantBoundingSizeAndShape()
	if err != nil || bb.Shape[0] != 8 {
		t.Errorf("vector region: %v %v", bb, err)
	}
}

func TestPerfectlyNestedBand(t *testing.T) {
	m := parse(t, tiledMatmul)
	if n := len(PerfectlyNestedBand(loops(m)[0])); n != 6 {
		t.Errorf("band length %d, want 6", n)
	}
}

// boundingBox computes the region acc touches below depth and its constant
// bounding box, failing t when either cannot be computed.
func boundingBox(t *testing.T, acc *MemRefAccess, depth int) (*MemRefRegion, *BoundingBox) {
	t.Helper()
	r := region(t, acc, depth)
	bb, err := r.ConstantBoundingSizeAndShape()
	if err != nil {
		t.Fatal(err)
	}
	return r, bb
}

// region computes the region acc touches below depth, failing t when it
// cannot.
func region(t *testing.T, acc *MemRefAccess, depth int) *MemRefRegion {
	t.Helper()
	r, err := ComputeRegion(acc, depth)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
