package interp_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// An end-to-end Hopper kernel in nvgpu IR: one warpgroup computes the
// 64x64 f32 product of a 64x32 f16 A and a 32x64 f16 B. One thread loads
// A (as two 64x16 column slices, 32-byte swizzle) and B (as two 16x64 row
// slices, 128-byte swizzle) with TMA, completing on an mbarrier whose
// transaction count it raised; every thread waits on the mbarrier's phase
// 0; the warpgroup runs two wgmma (k = 16 each; B is N-major, hence
// transposeB) and stores its accumulator fragments. @ref is the affine
// matmul the result must equal.
const hopperMatmul = `
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tmaA = !nvgpu.tensormap.descriptor<tensor = memref<64x16xf16, 3>, swizzle = swizzle_32b, l2promo = none, oob = zero, interleave = none>
!tmaB = !nvgpu.tensormap.descriptor<tensor = memref<16x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
!dA = !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>
!dB = !nvgpu.warpgroup.descriptor<tensor = memref<16x64xf16, 3>>
memref.global "private" @a0 : memref<64x16xf16, 3>
memref.global "private" @a1 : memref<64x16xf16, 3>
memref.global "private" @b0 : memref<16x64xf16, 3>
memref.global "private" @b1 : memref<16x64xf16, 3>
func.func @ref(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f32
      affine.store %z, %C[%i, %j] : memref<64x64xf32>
      affine.for %k = 0 to 32 {
        %a = affine.load %A[%i, %k] : memref<64x32xf16>
        %b = affine.load %B[%k, %j] : memref<32x64xf16>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %ae = arith.extf %a : f16 to f32
        %be = arith.extf %b : f16 to f32
        %p = arith.mulf %ae, %be : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}
func.func @hopper(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %ua = memref.cast %A : memref<64x32xf16> to memref<*xf16>
  %ub = memref.cast %B : memref<32x64xf16> to memref<*xf16>
  %ta = nvgpu.tma.create.descriptor %ua box[%c64, %c16] : memref<*xf16> -> !tmaA
  %tb = nvgpu.tma.create.descriptor %ub box[%c16, %c64] : memref<*xf16> -> !tmaB
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %a0 = memref.get_global @a0 : memref<64x16xf16, 3>
    %a1 = memref.get_global @a1 : memref<64x16xf16, 3>
    %b0 = memref.get_global @b0 : memref<16x64xf16, 3>
    %b1 = memref.get_global @b1 : memref<16x64xf16, 3>
    %bar = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %bar[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.tma.async.load %ta[%c0, %c0], %bar[%c0] to %a0 : !tmaA, !bar -> memref<64x16xf16, 3>
      nvgpu.tma.async.load %ta[%c16, %c0], %bar[%c0] to %a1 : !tmaA, !bar -> memref<64x16xf16, 3>
      nvgpu.tma.async.load %tb[%c0, %c0], %bar[%c0] to %b0 : !tmaB, !bar -> memref<16x64xf16, 3>
      nvgpu.tma.async.load %tb[%c0, %c16], %bar[%c0] to %b1 : !tmaB, !bar -> memref<16x64xf16, 3>
      %bytes = arith.constant 8192 : index
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes : !bar
    }
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar
    %dA0 = nvgpu.warpgroup.generate.descriptor %a0, %ta : memref<64x16xf16, 3>, !tmaA -> !dA
    %dA1 = nvgpu.warpgroup.generate.descriptor %a1, %ta : memref<64x16xf16, 3>, !tmaA -> !dA
    %dB0 = nvgpu.warpgroup.generate.descriptor %b0, %tb : memref<16x64xf16, 3>, !tmaB -> !dB
    %dB1 = nvgpu.warpgroup.generate.descriptor %b1, %tb : memref<16x64xf16, 3>, !tmaB -> !dB
    %acc0 = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %acc1 = nvgpu.warpgroup.mma %dA0, %dB0, %acc0 {transposeB, waitGroup = 0 : i32} : !dA, !dB, !acc -> !acc
    %acc2 = nvgpu.warpgroup.mma %dA1, %dB1, %acc1 {transposeB, waitGroup = 0 : i32} : !dA, !dB, !acc -> !acc
    nvgpu.warpgroup.mma.store %acc2, %C : !acc to memref<64x64xf32>
    gpu.terminator
  }
  return
}
`

func matmulArgs() []interp.Value {
	a := interp.NewMemRef(ir.MemRef([]int64{64, 32}, ir.F16, nil, nil), nil)
	b := interp.NewMemRef(ir.MemRef([]int64{32, 64}, ir.F16, nil, nil), nil)
	c := interp.NewMemRef(ir.MemRef([]int64{64, 64}, ir.F32, nil, nil), nil)
	a.FillRandom(1)
	b.FillRandom(2)
	return []interp.Value{interp.MemRefValue(a), interp.MemRefValue(b), interp.MemRefValue(c)}
}

func TestHopperMatmulMatchesAffine(t *testing.T) {
	m := asyncMachine(t, hopperMatmul)
	ref, got := matmulArgs(), matmulArgs()
	if _, err := m.Call("ref", ref); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Call("hopper", got); err != nil {
		t.Fatal(err)
	}
	if d := got[2].Ref.Compare(ref[2].Ref, 1e-5); d != nil {
		t.Fatalf("wgmma matmul differs from the affine one: %v", d)
	}
}

// TestHopperPlantedBugs runs the kernel with one bug planted at a time;
// the interpreter must report each at the op that goes wrong.
func TestHopperPlantedBugs(t *testing.T) {
	cases := []struct {
		name, old, new, want string
	}{
		{"consumer skips its mbarrier wait",
			"    nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar\n", "",
			"before the asynchronous copy that writes it completed"},
		{"wait on the wrong phase",
			"%false = arith.constant false", "%false = arith.constant true",
			"before the asynchronous copy that writes it completed"},
		{"too few transaction bytes expected",
			"%bytes = arith.constant 8192 : index", "%bytes = arith.constant 4096 : index",
			"did not observe that phase"},
		{"too many transaction bytes expected",
			"%bytes = arith.constant 8192 : index", "%bytes = arith.constant 8448 : index",
			"waits forever: the mbarrier phase of parity 0 never completes"},
		{"accumulator read before its wgmma retired",
			"{transposeB, waitGroup = 0 : i32} : !dA, !dB, !acc -> !acc\n    nvgpu.warpgroup.mma.store", "{transposeB} : !dA, !dB, !acc -> !acc\n    nvgpu.warpgroup.mma.store",
			"reads a wgmma accumulator before"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(hopperMatmul, tc.old, tc.new, 1)
			if src == hopperMatmul {
				t.Fatalf("the bug was not planted: %q not found", tc.old)
			}
			m := asyncMachine(t, src)
			_, err := m.Call("hopper", matmulArgs())
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}
