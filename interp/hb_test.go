package interp_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// mbarrierHandoff: thread 0 writes a shared element and arrives on an
// mbarrier; thread 32 waits for the phase, reads the element into C[0],
// then overwrites it. The mbarrier orders both of thread 32's accesses
// after thread 0's write, with no gpu.barrier in between.
const mbarrierHandoff = `
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
memref.global "private" @s : memref<4xf32, 3>
func.func @handoff(%C: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %s = memref.get_global @s : memref<4xf32, 3>
    %bar = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %bar[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      %v = arith.constant 2.5 : f32
      memref.store %v, %s[%c0] : memref<4xf32, 3>
      %tok = nvgpu.mbarrier.arrive %bar[%c0] : !bar -> !nvgpu.mbarrier.token
    }
    %second = arith.cmpi eq, %tx, %c32 : index
    scf.if %second {
      %false = arith.constant false
      %ticks = arith.constant 10000000 : index
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar
      %v = memref.load %s[%c0] : memref<4xf32, 3>
      memref.store %v, %C[%c0] : memref<1xf32>
      %w = arith.constant 1.0 : f32
      memref.store %w, %s[%c0] : memref<4xf32, 3>
    }
    gpu.terminator
  }
  return
}
`

func TestMbarrierOrdersSharedAccesses(t *testing.T) {
	run := outRunner(t, asyncMachine, "handoff", ir.F32, 1)
	c, err := run(mbarrierHandoff)
	if err != nil {
		t.Fatalf("an mbarrier handoff is reported: %v", err)
	}
	if v, _ := c.FloatAt(0); v != 2.5 {
		t.Fatalf("thread 32 read %v, want 2.5", v)
	}
	checkPlanted(t, mbarrierHandoff, []plantedBug{
		{"reader skips the wait", "      nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar\n", "", "data race"},
		// Thread 0 runs first here, so phase 0 has completed and the wait
		// for parity 1 waits for a phase nobody completes.
		{"reader waits on the wrong parity", "%false = arith.constant false", "%false = arith.constant true", "waits forever"},
		// The write after the arrive is not ordered before the read.
		{"writer writes after its arrive", `      memref.store %v, %s[%c0] : memref<4xf32, 3>
      %tok = nvgpu.mbarrier.arrive %bar[%c0] : !bar -> !nvgpu.mbarrier.token`, `      %tok = nvgpu.mbarrier.arrive %bar[%c0] : !bar -> !nvgpu.mbarrier.token
      memref.store %v, %s[%c0] : memref<4xf32, 3>`, "data race"},
	}, func(src string) error {
		_, err := run(src)
		return err
	})
}

// tmaRing is a one-slot ring: thread 32 loads the slot twice by TMA
// (completing phases 0 and 1 of "full"), thread 0 reads each load and
// releases the slot on "empty", on which thread 32 waits before the
// refill. The TMA write of the refill is ordered after thread 0's read by
// that wait; the read of the refill after the write by the full phase.
const tmaRing = `
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
memref.global "private" @a : memref<64x64xf16, 3>
func.func @ring(%A: memref<64x64xf16>, %C: memref<2xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %ua = memref.cast %A : memref<64x64xf16> to memref<*xf16>
  %ta = nvgpu.tma.create.descriptor %ua box[%c64, %c64] : memref<*xf16> -> !tma
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %a = memref.get_global @a : memref<64x64xf16, 3>
    %full = nvgpu.mbarrier.create -> !bar
    %empty = nvgpu.mbarrier.create -> !bar
    %false = arith.constant false
    %true = arith.constant true
    %ticks = arith.constant 10000000 : index
    %bytes = arith.constant 8192 : index
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      nvgpu.mbarrier.init %full[%c0], %c1 : !bar
      nvgpu.mbarrier.init %empty[%c0], %c1 : !bar
    }
    gpu.barrier
    scf.if %first {
      nvgpu.mbarrier.try_wait.parity %full[%c0], %false, %ticks : !bar
      %v = memref.load %a[%c0, %c0] : memref<64x64xf16, 3>
      memref.store %v, %C[%c0] : memref<2xf16>
      %tok = nvgpu.mbarrier.arrive %empty[%c0] : !bar -> !nvgpu.mbarrier.token
      nvgpu.mbarrier.try_wait.parity %full[%c0], %true, %ticks : !bar
      %w = memref.load %a[%c0, %c1] : memref<64x64xf16, 3>
      memref.store %w, %C[%c1] : memref<2xf16>
    }
    %producer = arith.cmpi eq, %tx, %c32 : index
    scf.if %producer {
      nvgpu.tma.async.load %ta[%c0, %c0], %full[%c0] to %a : !tma, !bar -> memref<64x64xf16, 3>
      nvgpu.mbarrier.arrive.expect_tx %full[%c0], %bytes : !bar
      nvgpu.mbarrier.try_wait.parity %empty[%c0], %false, %ticks : !bar
      nvgpu.tma.async.load %ta[%c0, %c0], %full[%c0] to %a : !tma, !bar -> memref<64x64xf16, 3>
      nvgpu.mbarrier.arrive.expect_tx %full[%c0], %bytes : !bar
    }
    gpu.terminator
  }
  return
}
`

func TestMbarrierOrdersTMARefill(t *testing.T) {
	run := func(src string) (*interp.MemRef, *interp.MemRef, error) {
		m := asyncMachine(t, src)
		a := newBuf(ir.F16, 64, 64)
		a.FillRandom(3)
		c := newBuf(ir.F16, 2)
		err := callMemRefs(m, "ring", a, c)
		return a, c, err
	}
	a, c, err := run(tmaRing)
	if err != nil {
		t.Fatalf("a correctly synchronised ring is reported: %v", err)
	}
	for i := int64(0); i < 2; i++ {
		want, _ := a.FloatAt(0, i)
		if got, _ := c.FloatAt(i); got != want {
			t.Errorf("C[%d] = %v, want A[0,%d] = %v", i, got, i, want)
		}
	}
	// The producer waits for its own load instead of the consumer's
	// release: the refill overwrites the slot the consumer read, unordered.
	bug := strings.Replace(tmaRing, "try_wait.parity %empty[%c0], %false", "try_wait.parity %full[%c0], %false", 1)
	if _, _, err := run(bug); err == nil || !strings.Contains(err.Error(), "data race") {
		t.Fatalf("a refill racing with the consumer's read went unnoticed: %v", err)
	} else {
		t.Log(err)
	}
	// With no wait at all, the refill is issued while the first load is
	// still in flight to the same slot.
	bug = strings.Replace(tmaRing, "      nvgpu.mbarrier.try_wait.parity %empty[%c0], %false, %ticks : !bar\n", "", 1)
	if _, _, err := run(bug); err == nil || !strings.Contains(err.Error(), "still in flight") {
		t.Fatalf("a refill with no wait went unnoticed: %v", err)
	} else {
		t.Log(err)
	}
}
