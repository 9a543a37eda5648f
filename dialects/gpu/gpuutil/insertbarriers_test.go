package gpuutil_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
)

// kernel wraps a launch body of 64x1x1 threads (thread id %tx) in a
// function with a global A, a scalar bound %n and two workgroup buffers
// @s and @t of 128 f32.
func kernel(body string) string {
	return `
memref.global "private" @s : memref<128xf32, 3>
memref.global "private" @t : memref<128xf32, #gpu.address_space<workgroup>>
memref.global "private" @h : memref<32x32xf32, 3>
func.func @k(%A: memref<128xf32>, %n: index, %H: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %s = memref.get_global @s : memref<128xf32, 3>
  %t = memref.get_global @t : memref<128xf32, #gpu.address_space<workgroup>>
  %h = memref.get_global @h : memref<32x32xf32, 3>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
` + body + `
    gpu.terminator
  }
  return
}
`
}

func launchOf(module *ir.Operation) *ir.Operation {
	var l *ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Is("gpu.launch") {
			l = op
		}
	})
	return l
}

// withoutBarriers drops the lines that hold only a gpu.barrier, and turns
// "// MISPLACED" markers into barriers the utility must remove.
func withoutBarriers(src string) string {
	var out []string
	for _, l := range strings.Split(src, "\n") {
		if strings.TrimSpace(l) == "gpu.barrier" {
			continue
		}
		out = append(out, strings.ReplaceAll(l, "// MISPLACED", "gpu.barrier"))
	}
	return strings.Join(out, "\n")
}

// TestInsertBarriers: each case is the expected output; the input is the
// same text without its barriers (and with the misplaced ones added).
func TestInsertBarriers(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"write then read by another thread", `
    %v = memref.load %A[%tx] : memref<128xf32>
    memref.store %v, %s[%tx] : memref<128xf32, 3>
    %i = arith.subi %c64, %tx : index
    gpu.barrier
    %r = memref.load %s[%i] : memref<128xf32, 3>
    memref.store %r, %A[%tx] : memref<128xf32>`},
		{"read then write: a barrier before the write", `
    %v = memref.load %A[%tx] : memref<128xf32>
    memref.store %v, %s[%tx] : memref<128xf32, 3>
    %i = arith.subi %c64, %tx : index
    gpu.barrier
    %r = memref.load %s[%i] : memref<128xf32, 3>
    gpu.barrier
    memref.store %r, %s[%tx] : memref<128xf32, 3>`},
		{"different buffers need none", `
    %v = memref.load %A[%tx] : memref<128xf32>
    memref.store %v, %s[%tx] : memref<128xf32, 3>
    %r = memref.load %t[%tx] : memref<128xf32, #gpu.address_space<workgroup>>
    memref.store %r, %A[%tx] : memref<128xf32>`},
		{"disjoint halves of one buffer need none", `
    %v = memref.load %A[%tx] : memref<128xf32>
    memref.store %v, %s[%tx] : memref<128xf32, 3>
    %i = arith.addi %tx, %c64 : index
    %r = memref.load %s[%i] : memref<128xf32, 3>
    memref.store %r, %A[%tx] : memref<128xf32>`},
		{"barriers that order nothing are removed", `
    // MISPLACED
    %v = memref.load %A[%tx] : memref<128xf32>
    // MISPLACED
    %r = memref.load %s[%tx] : memref<128xf32, 3>
    // MISPLACED
    %q = memref.load %s[%c0] : memref<128xf32, 3>
    %x = arith.addf %r, %q : f32
    memref.store %x, %A[%tx] : memref<128xf32>
    // MISPLACED`},
		{"loop-carried read then write", `
    scf.for %k = %c0 to %c4 step %c1 {
      %v = memref.load %A[%tx] : memref<128xf32>
      gpu.barrier
      memref.store %v, %s[%tx] : memref<128xf32, 3>
      %i = arith.subi %c64, %tx : index
      gpu.barrier
      %r = memref.load %s[%i] : memref<128xf32, 3>
      memref.store %r, %A[%tx] : memref<128xf32>
    }`},
		{"a loop conflicting with what precedes it gets its barrier outside", `
    %v = memref.load %A[%tx] : memref<128xf32>
    memref.store %v, %s[%tx] : memref<128xf32, 3>
    gpu.barrier
    %sum = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %v) -> (f32) {
      %r = memref.load %s[%k] : memref<128xf32, 3>
      %a = arith.addf %acc, %r : f32
      scf.yield %a : f32
    }
    memref.store %sum, %A[%tx] : memref<128xf32>`},
		{"a loop of unknown trip count may be skipped", `
    %v = memref.load %A[%tx] : memref<128xf32>
    memref.store %v, %s[%tx] : memref<128xf32, 3>
    scf.for %k = %c0 to %n step %c1 {
      gpu.barrier
      %r = memref.load %s[%k] : memref<128xf32, 3>
      gpu.barrier
      memref.store %r, %s[%tx] : memref<128xf32, 3>
    }
    gpu.barrier
    %q = memref.load %s[%c0] : memref<128xf32, 3>
    memref.store %q, %A[%tx] : memref<128xf32>`},
		{"uniform scf.if: barrier in the branch that needs it", `
    %v = memref.load %A[%tx] : memref<128xf32>
    memref.store %v, %s[%tx] : memref<128xf32, 3>
    %c = arith.cmpi ult, %c4, %n : index
    scf.if %c {
      gpu.barrier
      %r = memref.load %s[%c0] : memref<128xf32, 3>
      memref.store %r, %A[%tx] : memref<128xf32>
    } else {
      memref.store %v, %A[%tx] : memref<128xf32>
    }`},
		{"divergent scf.if: barriers around it, none inside", `
    %v = memref.load %A[%tx] : memref<128xf32>
    %c = arith.cmpi ult, %tx, %c32 : index
    scf.if %c {
      memref.store %v, %s[%tx] : memref<128xf32, 3>
    }
    gpu.barrier
    %r = memref.load %s[%c0] : memref<128xf32, 3>
    gpu.barrier
    scf.if %c {
      memref.store %r, %s[%tx] : memref<128xf32, 3>
    }`},
		{"wmma fragments through workgroup memory", `
    %w = gpu.subgroup_mma_load_matrix %H[%c0, %c0] {leadDimension = 32 : index} : memref<32x32xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %wid = arith.divui %tx, %c32 : index
    %r0 = arith.muli %wid, %c16 : index
    gpu.subgroup_mma_store_matrix %w, %h[%r0, %c0] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, 3>
    %r1 = arith.subi %c16, %r0 : index
    gpu.barrier
    %x = gpu.subgroup_mma_load_matrix %h[%r1, %c0] {leadDimension = 32 : index} : memref<32x32xf32, 3> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %x, %H[%r0, %c16] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32>`},
		{"wmma fragments in disjoint columns need none", `
    %w = gpu.subgroup_mma_load_matrix %H[%c0, %c0] {leadDimension = 32 : index} : memref<32x32xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %wid = arith.divui %tx, %c32 : index
    %r0 = arith.muli %wid, %c16 : index
    gpu.subgroup_mma_store_matrix %w, %h[%r0, %c0] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, 3>
    %x = gpu.subgroup_mma_load_matrix %h[%r0, %c16] {leadDimension = 32 : index} : memref<32x32xf32, 3> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %x, %H[%r0, %c16] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32>`},
		{"affine accesses", `
    affine.for %i = 0 to 64 {
      %v = affine.load %A[%i] : memref<128xf32>
      affine.store %v, %s[%i * 2] : memref<128xf32, 3>
    }
    gpu.barrier
    affine.for %i = 0 to 64 {
      %v = affine.load %A[%i + 64] : memref<128xf32>
      %r = affine.load %s[127 - %i] : memref<128xf32, 3>
      affine.store %r, %A[%i] : memref<128xf32>
    }`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := text(parseModule(t, kernel(tc.want)))
			m := parseModule(t, withoutBarriers(kernel(tc.want)))
			if err := gpuutil.InsertBarriers(launchOf(m)); err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			got := text(m)
			if got != want {
				t.Fatalf("got\n%s\nwant\n%s", got, want)
			}
			// A second run finds every barrier in place.
			if err := gpuutil.InsertBarriers(launchOf(m)); err != nil {
				t.Fatal(err)
			}
			if again := text(m); again != got {
				t.Fatalf("not idempotent:\n%s", again)
			}
		})
	}
}

// TestInsertBarriersRefuses: accesses that only a barrier inside divergent
// control flow could order are refused with the IR unchanged.
func TestInsertBarriersRefuses(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"conflict inside a divergent if", `
    %c = arith.cmpi ult, %tx, %c32 : index
    scf.if %c {
      %v = memref.load %A[%tx] : memref<128xf32>
      memref.store %v, %s[%tx] : memref<128xf32, 3>
      gpu.barrier
      %r = memref.load %s[%c0] : memref<128xf32, 3>
      memref.store %r, %A[%tx] : memref<128xf32>
    }`, "workgroup memory accesses inside divergent control flow need a barrier that not every thread would reach"},
		{"conflict inside a loop with thread-dependent bounds", `
    scf.for %k = %c0 to %tx step %c1 {
      %r = memref.load %s[%k] : memref<128xf32, 3>
      memref.store %r, %s[%tx] : memref<128xf32, 3>
    }`, "workgroup memory accesses inside divergent control flow"},
		{"an op it does not model", `
    scf.while : () -> () {
      %r = memref.load %s[%c0] : memref<128xf32, 3>
      %c = arith.cmpf olt, %r, %r : f32
      scf.condition(%c)
    } do {
      %z = memref.load %A[%tx] : memref<128xf32>
      memref.store %z, %s[%tx] : memref<128xf32, 3>
      scf.yield
    }`, "'scf.while' op barrier insertion does not handle this op around workgroup memory accesses"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := parseModule(t, kernel(tc.body))
			before := text(m)
			err := gpuutil.InsertBarriers(launchOf(m))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			if after := text(m); after != before {
				t.Errorf("IR changed on failure:\n%s", after)
			}
		})
	}
}
