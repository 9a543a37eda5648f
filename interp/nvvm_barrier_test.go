package interp_test

import (
	"testing"

	"github.com/goopt/goopt/ir"
)

// namedBarriers: in a block of 96 threads, warp 1 writes S[lane] and
// signals barrier 1 (bar.arrive, 64 threads), which warp 0 waits at
// (bar.sync) before reading S[lane] into C[lane]. Warp 2 meanwhile syncs
// alone on barrier 2 (32 threads) twice around its own write and read of
// S[32 + lane]. No gpu.barrier orders any of it.
const namedBarriers = `
memref.global "private" @s : memref<64xf32, 3>
func.func @named(%C: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c96 = arith.constant 96 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c96, %sy = %c1, %sz = %c1) {
    %s = memref.get_global @s : memref<64xf32, 3>
    %id1 = arith.constant 1 : i32
    %id2 = arith.constant 2 : i32
    %n32 = arith.constant 32 : i32
    %n64 = arith.constant 64 : i32
    %warp = arith.divui %tx, %c32 : index
    %lane = arith.remui %tx, %c32 : index
    %w = arith.index_cast %warp : index to i32
    %i = arith.index_cast %lane : index to i32
    %f = arith.sitofp %i : i32 to f32
    %wf = arith.sitofp %w : i32 to f32
    %v = arith.addf %f, %wf : f32
    %sw = arith.constant 0 : index
    %is1 = arith.cmpi eq, %warp, %c1 : index
    scf.if %is1 {
      memref.store %v, %s[%lane] : memref<64xf32, 3>
      nvvm.barrier.arrive id = %id1 number_of_threads = %n64
    }
    %c0 = arith.constant 0 : index
    %is0 = arith.cmpi eq, %warp, %c0 : index
    scf.if %is0 {
      nvvm.barrier id = %id1 number_of_threads = %n64
      %r = memref.load %s[%lane] : memref<64xf32, 3>
      memref.store %r, %C[%lane] : memref<64xf32>
    }
    %c2 = arith.constant 2 : index
    %is2 = arith.cmpi eq, %warp, %c2 : index
    scf.if %is2 {
      %j = arith.addi %lane, %c32 : index
      %k0 = arith.subi %c32, %lane : index
      %k1 = arith.remui %k0, %c32 : index
      %k = arith.addi %k1, %c32 : index
      memref.store %v, %s[%j] : memref<64xf32, 3>
      nvvm.barrier id = %id2 number_of_threads = %n32
      %r = memref.load %s[%k] : memref<64xf32, 3>
      memref.store %r, %C[%j] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}
`

func TestNamedBarriers(t *testing.T) {
	run := outRunner(t, asyncMachine, "named", ir.F32, 64)
	c, err := run(namedBarriers)
	if err != nil {
		t.Fatalf("named barriers reported: %v", err)
	}
	for l := int64(0); l < 32; l++ {
		if got, _ := c.FloatAt(l); got != float64(l+1) {
			t.Errorf("C[%d] = %v, want warp 1's %d", l, got, l+1)
		}
		if got, _ := c.FloatAt(32 + l); got != float64((32-l)%32+2) {
			t.Errorf("C[%d] = %v, want lane %d's %d", 32+l, got, (32-l)%32, (32-l)%32+2)
		}
	}
	checkPlanted(t, namedBarriers, []plantedBug{
		{"consumer skips the named barrier", "      nvvm.barrier id = %id1 number_of_threads = %n64\n", "", "data race"},
		{"warp 2 skips its barrier", "      nvvm.barrier id = %id2 number_of_threads = %n32\n", "", "data race"},
		{"producer signals the wrong barrier", "nvvm.barrier.arrive id = %id1", "nvvm.barrier.arrive id = %id2", "count of 32 threads while its generation expects 64"},
		{"too few threads arrive", "nvvm.barrier id = %id1 number_of_threads = %n64", "nvvm.barrier id = %id1 number_of_threads = %n32", "data race"},
		{"a barrier nobody completes", "nvvm.barrier.arrive id = %id1 number_of_threads = %n64\n", "\n", "waits forever: barrier 1 has 32 of its 64 threads"},
		{"a thread count off the warp size", "%n32 = arith.constant 32 : i32", "%n32 = arith.constant 33 : i32", "not a positive multiple of the warp size"},
	}, func(src string) error {
		_, err := run(src)
		return err
	})
}
