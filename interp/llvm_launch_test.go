package interp_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// llvmKernelSrc is a kernel as convert-gpu-to-nvvm leaves it: an llvm.func
// in a gpu.module with nvvm special registers, a shared-memory global, a
// barrier and a warp shuffle. Each thread i of block b stages a[i] in
// shared memory, and after the barrier writes
// a[i] = smem[(tid+1) % 32] * s + shfl.bfly(a[i], 1).
// PARAMS and ADDR are replaced by the memref convention's parameters and
// the code computing the element's address from them.
const llvmKernelSrc = `
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.mlir.global internal @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<32 x f32>
    llvm.func @k(PARAMS, %s: f32, %n: i64) attributes {gpu.kernel, nvvm.kernel} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %bid = nvvm.read.ptx.sreg.ctaid.x : i32
      %nt = nvvm.read.ptx.sreg.ntid.x : i32
      %b0 = llvm.mul %bid, %nt : i32
      %i32 = llvm.add %b0, %tid : i32
      %i = llvm.sext %i32 : i32 to i64
      ADDR
      %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
      %sm = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %sp = llvm.getelementptr %sm[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<32 x f32>
      llvm.store %v, %sp : f32, !llvm.ptr<3>
      BARRIER
      %c1 = llvm.mlir.constant(1 : i32) : i32
      %c31 = llvm.mlir.constant(31 : i32) : i32
      %t1 = llvm.add %tid, %c1 : i32
      %t2 = llvm.and %t1, %c31 : i32
      %np = llvm.getelementptr %sm[0, %t2] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<32 x f32>
      %nv = llvm.load %np : !llvm.ptr<3> -> f32
      %full = llvm.mlir.constant(-1 : i32) : i32
      %sh = nvvm.shfl.sync bfly %full, %v, %c1, %c31 {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
      %sv = llvm.extractvalue %sh[0] : !llvm.struct<(f32, i1)>
      %m = llvm.fmul %nv, %s : f32
      %r = llvm.fadd %m, %sv : f32
      llvm.store %r, %p {alignment = 4 : i64} : f32, !llvm.ptr
      llvm.return
    }
  }
  func.func @main(%a: memref<64xf32>, %s: f32) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@k blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<64xf32>, %s : f32, %c64 : index)
    return
  }
}`

var llvmKernelConventions = map[string][2]string{
	"bare": {"%a: !llvm.ptr",
		"%p = llvm.getelementptr %a[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32"},
	"expanded": {"%alloc: !llvm.ptr, %aligned: !llvm.ptr, %off: i64, %size: i64, %stride: i64",
		`%base = llvm.getelementptr %aligned[%off] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %is = llvm.mul %i, %stride : i64
      %p = llvm.getelementptr %base[%is] : (!llvm.ptr, i64) -> !llvm.ptr, f32`},
}

func llvmKernel(conv, barrier string) string {
	c := llvmKernelConventions[conv]
	return strings.NewReplacer("PARAMS", c[0], "ADDR", c[1], "BARRIER", barrier).Replace(llvmKernelSrc)
}

func TestLLVMKernelLaunch(t *testing.T) {
	for conv := range llvmKernelConventions {
		t.Run(conv, func(t *testing.T) {
			m := machine(t, llvmKernel(conv, "nvvm.barrier0"))
			a := newBuf(ir.F32, 64)
			a.FillRandom(7)
			in := a.Clone()
			if _, err := m.Call("main", []interp.Value{interp.MemRefValue(a), f32v(3)}); err != nil {
				t.Fatal(err)
			}
			for i := int64(0); i < 64; i++ {
				blk, tid := i/32, i%32
				nb, _ := in.Float32At(blk*32 + (tid+1)%32)
				sv, _ := in.Float32At(blk*32 + tid ^ 1)
				want := nb*3 + sv
				if got, _ := a.Float32At(i); got != want {
					t.Errorf("a[%d] = %g, want %g", i, got, want)
				}
			}
		})
	}
}

// Without the barrier, a thread reads its neighbour's shared-memory
// element in the epoch the neighbour writes it: a located race.
func TestLLVMKernelRace(t *testing.T) {
	m := machine(t, llvmKernel("bare", ""))
	a := newBuf(ir.F32, 64)
	_, err := m.Call("main", []interp.Value{interp.MemRefValue(a), f32v(3)})
	if err == nil || !strings.Contains(err.Error(), "data race on workgroup memory") {
		t.Fatalf("got %v", err)
	}
}

// Atomics of all threads on one shared and one global location are not
// races, and their single-threaded semantics make the sums exact.
func TestLLVMKernelAtomics(t *testing.T) {
	const src = `
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.mlir.global internal @cnt() {addr_space = 3 : i32} : i32
    llvm.func @k(%out: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %c0 = llvm.mlir.constant(0 : i32) : i32
      %c = llvm.mlir.addressof @cnt : !llvm.ptr<3>
      %is0 = llvm.icmp "eq" %tid, %c0 : i32
      llvm.cond_br %is0, ^init, ^go
    ^init:
      llvm.store %c0, %c : i32, !llvm.ptr<3>
      llvm.br ^go
    ^go:
      nvvm.barrier0
      %old = llvm.atomicrmw add %c, %tid monotonic : !llvm.ptr<3>, i32
      %f = llvm.sitofp %tid : i32 to f32
      %g = llvm.atomicrmw fadd %out, %f monotonic : !llvm.ptr, f32
      %mx = llvm.getelementptr %out[1] : (!llvm.ptr) -> !llvm.ptr, f32
      %h = llvm.atomicrmw fmax %mx, %f monotonic : !llvm.ptr, f32
      nvvm.barrier0
      llvm.cond_br %is0, ^fin, ^end
    ^fin:
      %v = llvm.load %c : !llvm.ptr<3> -> i32
      %vf = llvm.sitofp %v : i32 to f32
      %p2 = llvm.getelementptr %out[2] : (!llvm.ptr) -> !llvm.ptr, f32
      llvm.store %vf, %p2 : f32, !llvm.ptr
      llvm.br ^end
    ^end:
      llvm.return
    }
  }
  func.func @main(%a: memref<3xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<3xf32>)
    return
  }
}`
	m := machine(t, src)
	a := newBuf(ir.F32, 3)
	if err := callMemRefs(m, "main", a); err != nil {
		t.Fatal(err)
	}
	for i, want := range []float32{2016, 63, 2016} {
		if got, _ := a.Float32At(int64(i)); got != want {
			t.Errorf("a[%d] = %g, want %g", i, got, want)
		}
	}
}
