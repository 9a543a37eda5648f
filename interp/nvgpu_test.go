package interp_test

import (
	"os"
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// An end-to-end Hopper kernel in nvgpu IR: one warpgroup computes the
// 64x64 f32 product of a 64x32 f16 A and a 32x64 f16 B. TMA boxes have
// 128-byte rows (64 f16, with the 128-byte swizzle), as upstream's
// verifier requires, so the 64x64 boxes of A (64 x K) and B (K x 64)
// reach past K = 32 and the loads fill that part with zeros. One thread
// issues both loads, completing on an mbarrier whose transaction count it
// raised by the boxes' 16384 bytes; every thread waits on the mbarrier's
// phase 0; the warpgroup runs the wgmma (four k steps of 16; B is N-major,
// hence transposeB) and stores its accumulator fragments. @ref is the
// affine matmul the result must equal.
const hopperMatmul = `
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
!d = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
memref.global "private" @a : memref<64x64xf16, 3>
memref.global "private" @b : memref<64x64xf16, 3>
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
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %ua = memref.cast %A : memref<64x32xf16> to memref<*xf16>
  %ub = memref.cast %B : memref<32x64xf16> to memref<*xf16>
  %ta = nvgpu.tma.create.descriptor %ua box[%c64, %c64] : memref<*xf16> -> !tma
  %tb = nvgpu.tma.create.descriptor %ub box[%c64, %c64] : memref<*xf16> -> !tma
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %a = memref.get_global @a : memref<64x64xf16, 3>
    %b = memref.get_global @b : memref<64x64xf16, 3>
    %bar = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %bar[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.tma.async.load %ta[%c0, %c0], %bar[%c0] to %a : !tma, !bar -> memref<64x64xf16, 3>
      nvgpu.tma.async.load %tb[%c0, %c0], %bar[%c0] to %b : !tma, !bar -> memref<64x64xf16, 3>
      %bytes = arith.constant 16384 : index
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes : !bar
    }
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar
    %dA = nvgpu.warpgroup.generate.descriptor %a, %ta : memref<64x64xf16, 3>, !tma -> !d
    %dB = nvgpu.warpgroup.generate.descriptor %b, %tb : memref<64x64xf16, 3>, !tma -> !d
    %acc0 = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %acc1 = nvgpu.warpgroup.mma %dA, %dB, %acc0 {transposeB, waitGroup = 0 : i32} : !d, !d, !acc -> !acc
    nvgpu.warpgroup.mma.store %acc1, %C : !acc to memref<64x64xf32>
    gpu.terminator
  }
  return
}
`

func matmulArgs() []interp.Value {
	a := newBuf(ir.F16, 64, 32)
	b := newBuf(ir.F16, 32, 64)
	c := newBuf(ir.F32, 64, 64)
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
	checkPlanted(t, hopperMatmul, []plantedBug{
		{"consumer skips its mbarrier wait",
			"    nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar\n", "",
			"before the asynchronous copy that writes it completed"},
		{"wait on the wrong phase",
			"%false = arith.constant false", "%false = arith.constant true",
			"before the asynchronous copy that writes it completed"},
		{"too few transaction bytes expected",
			"%bytes = arith.constant 16384 : index", "%bytes = arith.constant 8192 : index",
			"did not observe that phase"},
		{"too many transaction bytes expected",
			"%bytes = arith.constant 16384 : index", "%bytes = arith.constant 16640 : index",
			"waits forever: the mbarrier phase of parity 0 never completes"},
		// sm_90 raises an illegal instruction for a box whose innermost
		// start is not a multiple of 16 bytes (measured on an H200).
		{"box starts at an odd element",
			"nvgpu.tma.async.load %ta[%c0, %c0]", "nvgpu.tma.async.load %ta[%c1, %c0]",
			"TMA box starts at innermost coordinate 1 (2 bytes), not a multiple of 16 bytes: an illegal instruction on sm_90"},
		{"box starts 8 bytes into a row",
			"nvgpu.tma.async.load %tb[%c0, %c0]", "nvgpu.tma.async.load %tb[%c4, %c0]",
			"innermost coordinate 4 (8 bytes)"},
		{"accumulator read before its wgmma retired",
			"{transposeB, waitGroup = 0 : i32}", "{transposeB}",
			"reads a wgmma accumulator before"},
	}, func(src string) error {
		_, err := asyncMachine(t, src).Call("hopper", matmulArgs())
		return err
	})
}

// TestHopperMissingFence plants a generic-proxy store to an operand tile
// between the TMA wait and the wgmma: without a fence.proxy.async by the
// writer the async proxy (wgmma) may not see it, which is reported; with
// the fence the kernel runs.
func TestHopperMissingFence(t *testing.T) {
	const wait = "    nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar\n"
	store := wait + `    scf.if %first {
      %h = arith.constant 1.0 : f16
      memref.store %h, %a[%c0, %c0] : memref<64x64xf16, 3>
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
		g := newBuf(ir.F16, 32, 8)
		g.FillRandom(5)
		o := newBuf(ir.F16, 32, 8)
		err := callMemRefs(m, "k", g, o)
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

// TestHopperNVVMLevel runs the kernel outlined and lowered to the llvm
// dialect through convert-nvgpu-to-nvvm (testdata/hopper_llvm.mlir), its
// TMA descriptors `!llvm.ptr {llvm.byval = ..., nvvm.grid_constant}`
// parameters: bit for bit what the nvgpu kernel computes, and the planted
// bugs are caught at the nvvm ops too.
func TestHopperNVVMLevel(t *testing.T) {
	for _, file := range []string{"testdata/hopper_llvm.mlir"} {
		t.Run(file, func(t *testing.T) { checkLoweredHopper(t, file) })
	}
}

func checkLoweredHopper(t *testing.T, file string) {
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	src := string(raw)
	want := matmulArgs()
	if _, err := asyncMachine(t, hopperMatmul).Call("hopper", want); err != nil {
		t.Fatal(err)
	}
	got := matmulArgs()
	if _, err := asyncMachine(t, src).Call("hopper", got); err != nil {
		t.Fatal(err)
	}
	if d := got[2].Ref.Compare(want[2].Ref, 0); d != nil {
		t.Fatalf("the nvvm-level kernel differs from the nvgpu one: %v", d)
	}
	for _, tc := range []struct{ name, old, want string }{
		{"no wgmma wait", "      nvvm.wgmma.wait.group.sync.aligned 0\n", "reads a wgmma accumulator before"},
		{"no mbarrier wait", "      nvvm.mbarrier.try_wait.parity.shared", "before the asynchronous copy that writes it completed"},
		{"no wgmma fence", "      nvvm.wgmma.fence.aligned\n", "no nvvm.wgmma.fence.aligned"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := src
			if i := strings.Index(bad, tc.old); i >= 0 {
				j := i + strings.IndexByte(bad[i:], '\n') + 1
				bad = bad[:i] + bad[j:]
			} else {
				t.Fatalf("%q not found", tc.old)
			}
			_, err := asyncMachine(t, bad).Call("hopper", matmulArgs())
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}
