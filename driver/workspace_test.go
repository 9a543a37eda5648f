package driver

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/runtime/cuda"
)

// padSrc is a host function as gpu-matmul-hopper leaves it, lowered, when
// an operand's rows are not 16-byte multiples: a buffer with padded rows
// (memref.alloc), a kernel copying the operand into it, a TMA descriptor
// of the buffer's leading 4x7 part (a subview: 16-byte row stride) passed
// to a second kernel, and the buffer's dealloc.
var padSrc = strings.ReplaceAll(`module attributes {gpu.container_module} {
  func.func @pad(%a: memref<4x7xf16>, %out: memref<4x7xf16>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %buf = memref.alloc() : memref<4x8xf16>
    gpu.launch_func @k::@copy blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x7xf16>, %buf : memref<4x8xf16>)
    %v = memref.subview %buf[0, 0] [4, 7] [1, 1] : memref<4x8xf16> to memref<4x7xf16, strided<[8, 1]>>
    %u = memref.cast %v : memref<4x7xf16, strided<[8, 1]>> to memref<*xf16>
    %d = nvgpu.tma.create.descriptor %u box[%c4, %c8] : memref<*xf16> -> DESC
    gpu.launch_func @k::@read blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%d : DESC, %out : memref<4x7xf16>)
    memref.dealloc %buf : memref<4x8xf16>
    return
  }
  gpu.module @k {
    llvm.func @copy(%arg0: !llvm.ptr, %arg1: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
    llvm.func @read(%arg0: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %arg1: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
`, "DESC", "!nvgpu.tensormap.descriptor<tensor = memref<4x8xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>")

// TestManifestWorkspace: the buffer is the launches' workspace (256
// bytes: one allocation's alignment), passed to the copy as a workspace
// pointer, and the descriptor describes it with the view's extent (7 x 4)
// and the buffer's row stride (16 bytes).
func TestManifestWorkspace(t *testing.T) {
	res, errs := compileMLIR(t, padSrc)
	if errs != "" {
		t.Fatal(errs)
	}
	ks := res.Kernels.Kernels
	if len(ks) != 2 || ks[0].Name != "copy" || ks[1].Name != "read" {
		t.Fatalf("kernels %+v", ks)
	}
	for _, k := range ks {
		if k.WorkspaceBytes != 256 {
			t.Errorf("kernel %s: workspace of %d bytes, want 256", k.Name, k.WorkspaceBytes)
		}
	}
	if p := ks[0].Params[1]; p.Source != SourceWorkspace || p.WorkspaceOffset == nil || *p.WorkspaceOffset != 0 {
		t.Errorf("copy's buffer parameter: %+v", p)
	}
	p := ks[1].Params[0]
	if p.Source != SourceTensorMap || p.WorkspaceOffset == nil || p.HostArg != nil || p.TensorMap == nil {
		t.Fatalf("read's descriptor parameter: %+v", p)
	}
	if tm := p.TensorMap; len(tm.GlobalDims) != 2 || tm.GlobalDims[0] != 7 || tm.GlobalDims[1] != 4 || len(tm.GlobalStrides) != 1 || tm.GlobalStrides[0] != 16 {
		t.Errorf("descriptor dims %v strides %v, want [7 4] and [16]", tm.GlobalDims, tm.GlobalStrides)
	}
}

// TestRunGPUWorkspace runs padSrc on the fake GPU: the workspace is
// allocated before the copy, its address reaches both kernels (the copy's
// pointer, the read's descriptor), and it is freed after the read.
func TestRunGPUWorkspace(t *testing.T) {
	g := newFakeGPU(t)
	g.kernels["copy"] = func(g *fakeGPU, grid, block [3]uint32, args []any) {
		a := g.mem[args[0].(cuda.DevicePtr)]
		buf, off := g.buffer(args[1].(cuda.DevicePtr))
		for r := 0; r < 4; r++ {
			copy(buf[off+r*16:][:14], a[r*14:])
		}
	}
	g.kernels["read"] = func(g *fakeGPU, grid, block [3]uint32, args []any) {
		d := g.tensorMap(args[0])
		src, off := g.buffer(d.GlobalAddress)
		out := g.mem[args[1].(cuda.DevicePtr)]
		for r := 0; r < int(d.GlobalDims[1]); r++ {
			copy(out[r*14:][:2*d.GlobalDims[0]], src[off+r*int(d.GlobalStrides[0]):])
		}
	}
	res, errs := run(t, padSrc, RunOptions{Device: DeviceGPU, PTX: "// fake", OpenGPU: g.open, Seed: 3})
	if errs != "" {
		t.Fatal(errs)
	}
	if len(g.log) != 2 || !strings.HasPrefix(g.log[0], "copy ") || !strings.HasPrefix(g.log[1], "read ") {
		t.Errorf("launches %q", g.log)
	}
	if len(g.mem) != 0 {
		t.Errorf("%d allocations left", len(g.mem))
	}
	a, _ := res.Args[0].Ref.Elements()
	out, _ := res.Args[1].Ref.Elements()
	for i := range a {
		if out[i] != a[i] {
			t.Fatalf("out[%d] = %#x, want %#x", i, out[i], a[i])
		}
	}
}
