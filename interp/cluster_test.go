package interp_test

import (
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// TestClusterIDs launches a 4x2 grid in clusters of 2x1 blocks: each
// block records its cluster id, its id in the cluster (gpu ops, launch
// body arguments and nvvm registers agree) and its cluster rank.
func TestClusterIDs(t *testing.T) {
	const src = `
func.func @k(%O: memref<4x2x4xindex>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  gpu.launch clusters(%cx, %cy, %cz) in (%scx = %c2, %scy = %c1, %scz = %c1) blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c2, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %id = gpu.cluster_id x
    %bid = gpu.cluster_block_id x
    %n = gpu.cluster_dim_blocks x
    %r32 = nvvm.read.ptx.sreg.cluster.ctarank : i32
    %r = arith.index_cast %r32 : i32 to index
    %ok = arith.cmpi eq, %id, %cx : index
    %okn = arith.cmpi eq, %n, %scx : index
    %both = arith.andi %ok, %okn : i1
    %b = arith.select %both, %c1, %c0 : index
    memref.store %id, %O[%bx, %by, %c0] : memref<4x2x4xindex>
    memref.store %bid, %O[%bx, %by, %c1] : memref<4x2x4xindex>
    memref.store %r, %O[%bx, %by, %c2] : memref<4x2x4xindex>
    memref.store %b, %O[%bx, %by, %c3] : memref<4x2x4xindex>
    gpu.terminator
  }
  return
}`
	m := machine(t, src)
	o := interp.NewMemRef(ir.MemRef([]int64{4, 2, 4}, ir.Index, nil, nil), nil)
	if _, err := m.Call("k", []interp.Value{interp.MemRefValue(o)}); err != nil {
		t.Fatal(err)
	}
	for x := int64(0); x < 4; x++ {
		for y := int64(0); y < 2; y++ {
			want := []int64{x / 2, x % 2, x % 2, 1}
			for i, w := range want {
				if got, _ := o.IntAt(x, y, int64(i)); got != w {
					t.Errorf("block (%d,%d) field %d = %d, want %d", x, y, i, got, w)
				}
			}
		}
	}
}
