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

// TestHopperMissingFence plants a generic-proxy store to an operand tile
// between the TMA wait and the wgmma: without a fence.proxy.async by the
// writer the async proxy (wgmma) may not see it, which is reported; with
// the fence the kernel runs.
func TestHopperMissingFence(t *testing.T) {
	const wait = "    nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar\n"
	store := wait + `    scf.if %first {
      %h = arith.constant 1.0 : f16
      memref.store %h, %a0[%c0, %c0] : memref<64x16xf16, 3>
%s    }
    gpu.barrier
`
	for _, fence := range []bool{false, true} {
		f := ""
		if fence {
			f = "      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}\n"
		}
		src := strings.Replace(hopperMatmul, wait, strings.Replace(store, "%s", f, 1), 1)
		m := asyncMachine(t, src)
		_, err := m.Call("hopper", matmulArgs())
		switch {
		case fence && err != nil:
			t.Errorf("with the fence: %v", err)
		case !fence && (err == nil || !strings.Contains(err.Error(), "missing fence")):
			t.Errorf("without the fence: got %v, want a missing fence", err)
		}
	}
}

// asyncCopyKernel copies a 32x8 f16 tile to shared memory with one
// 16-byte cp.async per thread, waits for its group (when wait), and
// copies shared memory out transposed through other threads' rows.
const asyncCopyKernel = `
memref.global "private" @s : memref<32x8xf16, 3>
func.func @k(%G: memref<32x8xf16>, %O: memref<32x8xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = memref.get_global @s : memref<32x8xf16, 3>
    %t = nvgpu.device_async_copy %G[%tx, %c0], %s[%tx, %c0], 8 : memref<32x8xf16> to memref<32x8xf16, 3>
    %g = nvgpu.device_async_create_group %t
WAIT
    gpu.barrier
    %c31 = arith.constant 31 : index
    %r = arith.subi %c31, %tx : index
    %c8 = arith.constant 8 : index
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %s[%r, %j] : memref<32x8xf16, 3>
      memref.store %v, %O[%r, %j] : memref<32x8xf16>
    }
    gpu.terminator
  }
  return
}`

func TestDeviceAsyncCopy(t *testing.T) {
	run := func(wait string) (*interp.MemRef, *interp.MemRef, error) {
		m := asyncMachine(t, strings.Replace(asyncCopyKernel, "WAIT", wait, 1))
		g := interp.NewMemRef(ir.MemRef([]int64{32, 8}, ir.F16, nil, nil), nil)
		g.FillRandom(5)
		o := interp.NewMemRef(ir.MemRef([]int64{32, 8}, ir.F16, nil, nil), nil)
		_, err := m.Call("k", []interp.Value{interp.MemRefValue(g), interp.MemRefValue(o)})
		return g, o, err
	}
	g, o, err := run("    nvgpu.device_async_wait %g")
	if err != nil {
		t.Fatal(err)
	}
	if d := o.Compare(g, 0); d != nil {
		t.Fatalf("copied tile differs: %v", d)
	}
	// Without the wait the copy lands only when the thread finishes: the
	// other thread's read finds it in flight.
	_, _, err = run("")
	if err == nil || !strings.Contains(err.Error(), "before the asynchronous copy that writes it completed") {
		t.Fatalf("got %v, want a read before the cp.async completed", err)
	}
	// A wait that leaves the group in flight (numGroups = 1) is no wait.
	_, _, err = run("    nvgpu.device_async_wait %g {numGroups = 1 : i32}")
	if err == nil || !strings.Contains(err.Error(), "the copy was issued here") {
		t.Fatalf("got %v, want a read before the cp.async completed", err)
	}
}
