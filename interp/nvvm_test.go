package interp_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
)

// nvvmKernel runs BODY (which computes %r : i32 from the thread's %tid,
// %lane and %v = 100 * linear thread id) in 2 blocks of 48 threads (a
// full and a partial warp) and stores %r at out[block][tid].
const nvvmKernel = `
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @k(%out: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %bid = nvvm.read.ptx.sreg.ctaid.x : i32
      %nt = nvvm.read.ptx.sreg.ntid.x : i32
      %lane = nvvm.read.ptx.sreg.laneid : i32
      %c100 = llvm.mlir.constant(100 : i32) : i32
      %v = llvm.mul %tid, %c100 : i32
      %full = llvm.mlir.constant(-1 : i32) : i32
      BODY
      %b0 = llvm.mul %bid, %nt : i32
      %i = llvm.add %b0, %tid : i32
      %p = llvm.getelementptr %out[%i] : (!llvm.ptr, i32) -> !llvm.ptr, i32
      llvm.store %r, %p : i32, !llvm.ptr
      llvm.return
    }
  }
  func.func @main(%a: memref<96xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c48 = arith.constant 48 : index
    gpu.launch_func @kernels::@k blocks in (%c2, %c1, %c1) threads in (%c48, %c1, %c1) args(%a : memref<96xi32>)
    return
  }
}`

func runNVVM(t *testing.T, body string) ([]int64, error) {
	t.Helper()
	m := machine(t, strings.Replace(nvvmKernel, "BODY", body, 1))
	a := newBuf(ir.I32, 96)
	if err := callMemRefs(m, "main", a); err != nil {
		return nil, err
	}
	out := make([]int64, 96)
	for i := range out {
		out[i], _ = a.IntAt(int64(i))
	}
	return out, nil
}

// Each op family against the PTX definition computed in Go, for every
// thread of both blocks (tid in [0, 48): lanes 0..31 of warp 0, then
// lanes 0..15 of the partial warp 1).
func TestNVVMOps(t *testing.T) {
	cases := []struct {
		name, body string
		want       func(bid, tid int64) int64
	}{
		{"sregs", `
      %w = nvvm.read.ptx.sreg.warpid : i32
      %nc = nvvm.read.ptx.sreg.nctaid.x : i32
      %ws = nvvm.read.ptx.sreg.warpsize : i32
      %cl = nvvm.read.ptx.sreg.clusterid.x : i32
      %ty = nvvm.read.ptx.sreg.tid.y : i32
      %c1000 = llvm.mlir.constant(1000 : i32) : i32
      %c10 = llvm.mlir.constant(10 : i32) : i32
      %x1 = llvm.mul %w, %c1000 : i32
      %x2 = llvm.mul %nc, %c100 : i32
      %x3 = llvm.mul %cl, %c10 : i32
      %s1 = llvm.add %x1, %x2 : i32
      %s2 = llvm.add %s1, %x3 : i32
      %s3 = llvm.add %s2, %ws : i32
      %s4 = llvm.add %s3, %ty : i32
      %r = llvm.add %s4, %lane : i32`,
			func(bid, tid int64) int64 { return tid/32*1000 + 200 + bid*10 + 32 + tid%32 }},
		{"bfly", `
      %c3 = llvm.mlir.constant(3 : i32) : i32
      %c31 = llvm.mlir.constant(31 : i32) : i32
      %r = nvvm.shfl.sync bfly %full, %v, %c3, %c31 : i32 -> i32`,
			// Lane l^3 stays within the 16 lanes of the partial warp.
			func(_, tid int64) int64 { return (tid ^ 3) * 100 }},
		{"down-clamped", `
      %c5 = llvm.mlir.constant(5 : i32) : i32
      %c15 = llvm.mlir.constant(15 : i32) : i32
      %r = nvvm.shfl.sync down %full, %v, %c5, %c15 : i32 -> i32`,
			func(_, tid int64) int64 {
				if tid%32+5 <= 15 {
					return (tid + 5) * 100
				}
				return tid * 100
			}},
		{"up-segmented", `
      %c2 = llvm.mlir.constant(2 : i32) : i32
      %seg = llvm.mlir.constant(7192 : i32) : i32
      %r = nvvm.shfl.sync up %full, %v, %c2, %seg : i32 -> i32`,
			// c = 0x1c18: segment mask 0x1c (segments of 4 lanes), clamp
			// 0x18 &^ 0x1c = 0, so maxLane = l & 0x1c, the segment's first lane.
			func(_, tid int64) int64 {
				l := tid % 32
				if l-2 >= l&0x1c {
					return (tid - 2) * 100
				}
				return tid * 100
			}},
		{"idx-pair", `
      %c7 = llvm.mlir.constant(7 : i32) : i32
      %c31 = llvm.mlir.constant(31 : i32) : i32
      %sh = nvvm.shfl.sync idx %full, %v, %c7, %c31 {return_value_and_is_valid} : i32 -> !llvm.struct<(i32, i1)>
      %val = llvm.extractvalue %sh[0] : !llvm.struct<(i32, i1)>
      %ok = llvm.extractvalue %sh[1] : !llvm.struct<(i32, i1)>
      %oki = llvm.zext %ok : i1 to i32
      %r = llvm.add %val, %oki : i32`,
			func(_, tid int64) int64 { return (tid-tid%32+7)*100 + 1 }},
		{"ballot", `
      %c1 = llvm.mlir.constant(1 : i32) : i32
      %odd = llvm.and %lane, %c1 : i32
      %even = llvm.icmp "ne" %odd, %c1 : i32
      %mask = llvm.mlir.constant(255 : i32) : i32
      %r = nvvm.vote.ballot.sync %mask, %even : i32`,
			func(_, _ int64) int64 { return 0x55 }},
		{"elect", `
      %e = nvvm.elect.sync -> i1
      %r = llvm.zext %e : i1 to i32`,
			func(_, tid int64) int64 {
				if tid%32 == 0 {
					return 1
				}
				return 0
			}},
		{"bar-warp-sync", `
      nvvm.bar.warp.sync %full : i32
      %r = llvm.add %lane, %lane : i32`,
			func(_, tid int64) int64 { return 2 * (tid % 32) }},
		{"barrier", `
      %c48 = llvm.mlir.constant(48 : i32) : i32
      %c0 = llvm.mlir.constant(0 : i32) : i32
      nvvm.barrier id = %c0 number_of_threads = %c48
      nvvm.fence.sc.cluster
      %r = llvm.add %lane, %c48 : i32`,
			func(_, tid int64) int64 { return tid%32 + 48 }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := runNVVM(t, c.body)
			if err != nil {
				t.Fatal(err)
			}
			for bid := int64(0); bid < 2; bid++ {
				for tid := int64(0); tid < 48; tid++ {
					if w := c.want(bid, tid); got[bid*48+tid] != w {
						t.Errorf("block %d thread %d: got %d, want %d", bid, tid, got[bid*48+tid], w)
					}
				}
			}
		})
	}
}

// Shuffles that read lanes outside the thread mask or the partial warp,
// a barrier for fewer threads than the block (the first 32 pass it, the
// other 16 wait for 16 more forever), and special registers on
// the host are located errors.
func TestNVVMErrors(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{`%c16 = llvm.mlir.constant(16 : i32) : i32
      %c31 = llvm.mlir.constant(31 : i32) : i32
      %r = nvvm.shfl.sync bfly %full, %v, %c16, %c31 : i32 -> i32`, "which its warp of 16 threads does not have"},
		{`%c1 = llvm.mlir.constant(1 : i32) : i32
      %c31 = llvm.mlir.constant(31 : i32) : i32
      %m = llvm.mlir.constant(1 : i32) : i32
      %r = nvvm.shfl.sync bfly %m, %v, %c1, %c31 : i32 -> i32`, "lane 0 reads lane 1, which is not in its thread mask 0x1"},
		{`%c0 = llvm.mlir.constant(0 : i32) : i32
      %c32 = llvm.mlir.constant(32 : i32) : i32
      nvvm.barrier id = %c0 number_of_threads = %c32
      %r = llvm.add %lane, %c0 : i32`, "waits forever: barrier 0 has 16 of its 32 threads"},
		{`%m = llvm.mlir.constant(255 : i32) : i32
      nvvm.bar.warp.sync %m : i32
      %r = llvm.add %lane, %m : i32`, "mask 0xff leaves out lanes of its warp of 32 threads"},
		{`%c1 = llvm.mlir.constant(1 : i32) : i32
      %m = llvm.or %lane, %full : i32
      %l0 = llvm.icmp "eq" %lane, %c1 : i32
      %c255 = llvm.mlir.constant(255 : i32) : i32
      %mm = llvm.select %l0, %c255, %m : i1, i32
      nvvm.bar.warp.sync %mm : i32
      %r = llvm.add %lane, %c1 : i32`, "lane 1 names mask 0xff, lane 0 0xffffffff"},
	} {
		_, err := runNVVM(t, c.body)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "test.mlir:") {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
	const host = `
llvm.func @f() -> i32 {
  %t = nvvm.read.ptx.sreg.tid.x : i32
  llvm.return %t : i32
}`
	_, err := machine(t, host).Call("f", nil)
	if err == nil || !strings.Contains(err.Error(), "test.mlir:3:8: error: 'nvvm.read.ptx.sreg.tid.x' executed outside a GPU kernel") {
		t.Errorf("host sreg: %v", err)
	}
}
