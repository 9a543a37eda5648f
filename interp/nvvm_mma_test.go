package interp_test

import (
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// A one-warp m16n8k16 product through nvgpu.ldmatrix (A as four 8x8
// tiles; B, stored k x n, as two tiles loaded transposed) and
// nvgpu.mma.sync, each lane storing its accumulator elements at the PTX
// positions (row g + 8i, column 2t + j): the result must be A * B + C.
const mmaSyncKernel = `
memref.global "private" @sa : memref<16x16xf16, 3>
memref.global "private" @sb : memref<16x8xf16, 3>
func.func @k(%A: memref<16x16xf16>, %B: memref<16x8xf16>, %C: memref<16x8xf32>, %D: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%l, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %sa = memref.get_global @sa : memref<16x16xf16, 3>
    %sb = memref.get_global @sb : memref<16x8xf16, 3>
    // Thread l copies row l/2 half l%2 of A and row l/2 of B (l < 16).
    %r = arith.divui %l, %c2 : index
    %h = arith.remui %l, %c2 : index
    %h8 = arith.muli %h, %c8 : index
    scf.for %j = %c0 to %c8 step %c1 {
      %col = arith.addi %h8, %j : index
      %v = memref.load %A[%r, %col] : memref<16x16xf16>
      memref.store %v, %sa[%r, %col] : memref<16x16xf16, 3>
    }
    %lo = arith.cmpi ult, %l, %c16 : index
    scf.if %lo {
      scf.for %j = %c0 to %c8 step %c1 {
        %v = memref.load %B[%l, %j] : memref<16x8xf16>
        memref.store %v, %sb[%l, %j] : memref<16x8xf16, 3>
      }
    }
    gpu.barrier
    // ldmatrix addresses: lane l gives row l%8 of tile l/8.
    %tile = arith.divui %l, %c8 : index
    %row = arith.remui %l, %c8 : index
    %th = arith.remui %tile, %c2 : index
    %tc = arith.divui %tile, %c2 : index
    %ar0 = arith.muli %th, %c8 : index
    %ar = arith.addi %ar0, %row : index
    %ac = arith.muli %tc, %c8 : index
    %a = nvgpu.ldmatrix %sa[%ar, %ac] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, 3> -> vector<4x2xf16>
    %l16 = arith.remui %l, %c16 : index
    %b = nvgpu.ldmatrix %sb[%l16, %c0] {numTiles = 2 : i32, transpose = true} : memref<16x8xf16, 3> -> vector<2x2xf16>
    %g = arith.divui %l, %c4 : index
    %t = arith.remui %l, %c4 : index
    %t2 = arith.muli %t, %c2 : index
    %t21 = arith.addi %t2, %c1 : index
    %g8 = arith.addi %g, %c8 : index
    %c00 = memref.load %C[%g, %t2] : memref<16x8xf32>
    %c01 = memref.load %C[%g, %t21] : memref<16x8xf32>
    %c10 = memref.load %C[%g8, %t2] : memref<16x8xf32>
    %c11 = memref.load %C[%g8, %t21] : memref<16x8xf32>
    %z = arith.constant dense<0.0> : vector<2x2xf32>
    %v0 = vector.insert %c00, %z [0, 0] : f32 into vector<2x2xf32>
    %v1 = vector.insert %c01, %v0 [0, 1] : f32 into vector<2x2xf32>
    %v2 = vector.insert %c10, %v1 [1, 0] : f32 into vector<2x2xf32>
    %cv = vector.insert %c11, %v2 [1, 1] : f32 into vector<2x2xf32>
    %d = nvgpu.mma.sync(%a, %b, %cv) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %d00 = vector.extract %d[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %d[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %d[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %d[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %D[%g, %t2] : memref<16x8xf32>
    memref.store %d01, %D[%g, %t21] : memref<16x8xf32>
    memref.store %d10, %D[%g8, %t2] : memref<16x8xf32>
    memref.store %d11, %D[%g8, %t21] : memref<16x8xf32>
    gpu.terminator
  }
  return
}`

func TestLdmatrixMmaSync(t *testing.T) {
	m := asyncMachine(t, mmaSyncKernel)
	mk := func(r, c int64, et ir.Type, seed int64) *interp.MemRef {
		x := interp.NewMemRef(ir.MemRef([]int64{r, c}, et, nil, nil), nil)
		x.FillRandom(seed)
		return x
	}
	a, b, c, d := mk(16, 16, ir.F16, 1), mk(16, 8, ir.F16, 2), mk(16, 8, ir.F32, 3), mk(16, 8, ir.F32, 4)
	if err := callMemRefs(m, "k", a, b, c, d); err != nil {
		t.Fatal(err)
	}
	for i := int64(0); i < 16; i++ {
		for j := int64(0); j < 8; j++ {
			want, _ := c.FloatAt(i, j)
			for k := int64(0); k < 16; k++ {
				x, _ := a.FloatAt(i, k)
				y, _ := b.FloatAt(k, j)
				want += x * y
			}
			got, err := d.FloatAt(i, j)
			if err != nil {
				t.Fatal(err)
			}
			if got != float64(float32(want)) {
				t.Fatalf("D[%d][%d] = %v, want %v", i, j, got, float32(want))
			}
		}
	}
}
