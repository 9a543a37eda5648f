package driver

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/goopt/goopt/runtime/cuda"
)

// tmaDescType is the descriptor type of tmaSrc: an 8×64 f16 box in shared
// memory, 128-byte swizzle.
const tmaDescType = "!nvgpu.tensormap.descriptor<tensor = memref<8x64xf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_64b, oob = zero, interleave = none>"

// tmaSrc is a host function as the Hopper path leaves it after lowering:
// a TMA descriptor of its first argument (through memref.cast) passed to
// a kernel that takes it by value, launched in clusters of 2 with 1 KiB
// of dynamic shared memory. The kernel's body does not matter here.
var tmaSrc = strings.ReplaceAll(`module attributes {gpu.container_module} {
  func.func @tile(%a: memref<64x256xf16>, %out: memref<8x64xf16>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %shm = arith.constant 1024 : i32
    %u = memref.cast %a : memref<64x256xf16> to memref<*xf16>
    %d = nvgpu.tma.create.descriptor %u box[%c8, %c64] : memref<*xf16> -> DESC
    gpu.launch_func @tile_kernel::@tile_kernel clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1) dynamic_shared_memory_size %shm args(%d : DESC, %out : memref<8x64xf16>)
    return
  }
  gpu.module @tile_kernel {
    llvm.func @tile_kernel(%arg0: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %arg1: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
`, "DESC", tmaDescType)

func compileMLIR(t *testing.T, src string) (*CompileResult, string) {
	t.Helper()
	res, diags := Compile(context.Background(), []byte(src), "t.mlir", CompileOptions{Emit: EmitMLIR})
	if diags != nil {
		var b strings.Builder
		Sources{"t.mlir": []byte(src)}.WriteDiagnostics(&b, diags)
		return nil, b.String()
	}
	return res, ""
}

// The manifest describes the descriptor in CUDA's order (innermost
// first) and the launch's clusters; the JSON round-trips.
func TestManifestTensorMap(t *testing.T) {
	res, errs := compileMLIR(t, tmaSrc)
	if errs != "" {
		t.Fatal(errs)
	}
	js, err := res.Kernels.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var man KernelManifest
	if err := json.Unmarshal(js, &man); err != nil {
		t.Fatal(err)
	}
	if len(man.Kernels) != 1 {
		t.Fatalf("%d kernels:\n%s", len(man.Kernels), js)
	}
	k := man.Kernels[0]
	if k.Cluster == nil || *k.Cluster != [3]int64{2, 1, 1} || k.DynamicSharedBytes != 1024 || k.Grid != [3]int64{2, 1, 1} {
		t.Errorf("launch: cluster %v, grid %v, %d dynamic shared bytes", k.Cluster, k.Grid, k.DynamicSharedBytes)
	}
	if len(k.Params) != 2 {
		t.Fatalf("params: %s", js)
	}
	p := k.Params[0]
	want := TensorMapParam{ElementType: "f16", GlobalDims: []int64{256, 64}, GlobalStrides: []int64{512}, BoxDims: []int64{64, 8},
		Swizzle: "128B", L2Promo: "64B", OOB: "zero", Interleave: "none"}
	if p.Source != SourceTensorMap || p.HostArg == nil || *p.HostArg != 0 || p.Type != "!llvm.ptr" || p.MemRef != "memref<64x256xf16>" ||
		p.TensorMap == nil || !equalJSON(t, *p.TensorMap, want) {
		t.Errorf("descriptor parameter:\n%s", js)
	}
	if q := k.Params[1]; q.Source != SourceArg || *q.HostArg != 1 || q.Field != "data" {
		t.Errorf("memref parameter: %+v", q)
	}
	for _, frag := range []string{`"source": "tensormap"`, `"cluster": [`, `"global_dims": [`, `"swizzle": "128B"`} {
		if !strings.Contains(string(js), frag) {
			t.Errorf("JSON lacks %s:\n%s", frag, js)
		}
	}
	// A launch without clusters has no cluster entry.
	plain, errs := compileMLIR(t, strings.Replace(tmaSrc, "clusters in (%c2, %c1, %c1) ", "", 1))
	if errs != "" {
		t.Fatal(errs)
	}
	if js, _ := plain.Kernels.JSON(); strings.Contains(string(js), "cluster") {
		t.Errorf("a launch without clusters:\n%s", js)
	}
}

func equalJSON(t *testing.T, a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Logf("got  %s\nwant %s", ja, jb)
		return false
	}
	return true
}

// TensorMapParam.Desc turns the manifest into cuTensorMapEncodeTiled's
// arguments, refusing what the driver would.
func TestTensorMapParamDesc(t *testing.T) {
	p := TensorMapParam{ElementType: "bf16", GlobalDims: []int64{256, 64, 3}, GlobalStrides: []int64{512, 32768}, BoxDims: []int64{32, 8, 1},
		Swizzle: "64B", L2Promo: "256B", OOB: "nan", Interleave: "none"}
	d, err := p.Desc(0x10000)
	if err != nil {
		t.Fatal(err)
	}
	want := cuda.TiledDesc{DataType: cuda.TensorBFloat16, GlobalAddress: 0x10000, GlobalDims: []uint64{256, 64, 3}, GlobalStrides: []uint64{512, 32768},
		BoxDims: []uint32{32, 8, 1}, Swizzle: cuda.Swizzle64B, L2Promotion: cuda.L2Promotion256B, OOBFill: cuda.OOBFillNaNRequestZeroFMA}
	if !equalJSON(t, d, want) {
		t.Errorf("Desc differs")
	}
	for _, c := range []struct {
		edit func(p *TensorMapParam)
		want string
	}{
		{func(p *TensorMapParam) { p.ElementType = "i1" }, "element type 'i1' has no TMA data type"},
		{func(p *TensorMapParam) { p.Swizzle = "swizzle_128b" }, "unknown swizzle 'swizzle_128b'"},
		{func(p *TensorMapParam) { p.L2Promo = "" }, "unknown l2promo ''"},
		{func(p *TensorMapParam) { p.OOB = "one" }, "unknown oob 'one'"},
		{func(p *TensorMapParam) { p.Interleave = "8B" }, "unknown interleave '8B'"},
		{func(p *TensorMapParam) { p.GlobalDims[2] = -1 }, "global dimension -1 is not positive"},
		{func(p *TensorMapParam) { p.BoxDims[0] = 1 << 33 }, "box dimension 8589934592 is out of range"},
		{func(p *TensorMapParam) { p.BoxDims[0] = 64 }, "more than the 64 bytes swizzle 64 spans"},
		{func(p *TensorMapParam) { p.GlobalStrides[0] = 520 }, "global stride 1 is 520 bytes: not a multiple of 16"},
	} {
		q := p
		q.GlobalDims = append([]int64(nil), p.GlobalDims...)
		q.GlobalStrides = append([]int64(nil), p.GlobalStrides...)
		q.BoxDims = append([]int64(nil), p.BoxDims...)
		c.edit(&q)
		if _, err := q.Desc(0x10000); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
}

// What goopt cannot describe is a located error at the descriptor.
func TestManifestTensorMapErrors(t *testing.T) {
	for _, c := range []struct {
		name, from, to, want string
	}{
		{"computed tensor", "%u = memref.cast %a : memref<64x256xf16> to memref<*xf16>",
			"%t = memref.alloc(%n) : memref<?x256xf16>\n    %u = memref.cast %t : memref<?x256xf16> to memref<*xf16>",
			"t.mlir:12:10: error: 'nvgpu.tma.create.descriptor' op describes a tensor computed on the host: goopt builds TMA descriptors only of host function arguments and buffers it allocates (through memref.cast and memref.subview)"},
		{"subview off the buffer's start", "%u = memref.cast %a : memref<64x256xf16> to memref<*xf16>",
			"%t = memref.subview %a[0, 8] [64, 64] [1, 1] : memref<64x256xf16> to memref<64x64xf16, strided<[256, 1], offset: 8>>\n    %u = memref.cast %t : memref<64x64xf16, strided<[256, 1], offset: 8>> to memref<*xf16>",
			"t.mlir:12:10: error: 'nvgpu.tma.create.descriptor' op describes a subview that is not at offset 0 with unit strides"},
		{"dynamic box", "box[%c8, %c64]", "box[%n, %c64]",
			"t.mlir:11:10: error: 'nvgpu.tma.create.descriptor' op has a dynamic box size (box dimension 0): goopt needs constant box sizes to describe the kernel's TMA descriptor"},
		{"dynamic shape", "memref<64x256xf16>", "memref<?x256xf16>",
			"t.mlir:11:10: error: 'nvgpu.tma.create.descriptor' op describes argument 0 of type memref<?x256xf16>: goopt builds TMA descriptors of statically shaped memrefs with the identity layout"},
		{"stride not a multiple of 16", "memref<64x256xf16>", "memref<64x260xf16>",
			"t.mlir:11:10: error: 'nvgpu.tma.create.descriptor' op describes a TMA descriptor CUDA cannot encode: cuda: invalid tensor map: global stride 1 is 520 bytes: not a multiple of 16"},
		{"box over 256", "%c8, %c64]", "%c512, %c64]",
			"box dimension 1 is 512: expected 1 to 256"},
		{"kernel takes a pointer value", "%arg0: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}", "%arg0: i64",
			"t.mlir:12:5: error: kernel 'tile_kernel' takes the TMA descriptor as i64: expected a by-value '!llvm.ptr' (is the kernel lowered with convert-nvgpu-to-nvvm?)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := strings.ReplaceAll(tmaSrc, c.from, c.to)
			src = strings.Replace(src, "%out: memref<8x64xf16>)", "%out: memref<8x64xf16>, %n: index)", 1)
			src = strings.Replace(src, "%shm = arith.constant 1024 : i32", "%shm = arith.constant 1024 : i32\n    %c512 = arith.constant 512 : index", 1)
			if !strings.Contains(src, c.to) {
				t.Fatalf("no %q in the source", c.from)
			}
			_, errs := compileMLIR(t, src)
			if !strings.Contains(errs, c.want) {
				t.Errorf("got %q, want %q", errs, c.want)
			}
		})
	}
}

// tmaLaunchSrc is the same launch before outlining, as a user writes it:
// the kernel loads the box through the descriptor with nvgpu ops.
const tmaLaunchSrc = `!tmad = !nvgpu.tensormap.descriptor<tensor = memref<8x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
memref.global "private" @tile_smem : memref<8x64xf16, 3>
func.func @tile(%a: memref<64x256xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %shm = arith.constant 1024 : i32
  %u = memref.cast %a : memref<64x256xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %u box[%c8, %c64] : memref<*xf16> -> !tmad
  gpu.launch clusters(%cx, %cy, %cz) in (%sx = %c2, %sy = %c1, %sz = %c1) blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%tsx = %c128, %tsy = %c1, %tsz = %c1) dynamic_shared_memory_size %shm {
    %buf = memref.get_global @tile_smem : memref<8x64xf16, 3>
    %b = nvgpu.mbarrier.create -> !bar
    %isz = arith.cmpi eq, %tx, %c0 : index
    scf.if %isz {
      nvgpu.mbarrier.init %b[%c0], %c1 : !bar
      nvgpu.tma.async.load %d[%c64, %c8], %b[%c0] to %buf : !tmad, !bar -> memref<8x64xf16, 3>
      nvgpu.mbarrier.arrive.expect_tx %b[%c0], %c1024 : !bar
    }
    gpu.barrier
    gpu.terminator
  }
  return
}
`

// Through goopt compile's lowering (outlining, convert-nvgpu-to-nvvm's
// by-value kernel argument), the descriptor becomes a "tensormap"
// parameter and the launch keeps its clusters. Skipped where the
// lowering has no convert-nvgpu-to-nvvm yet.
func TestManifestTensorMapFromLaunch(t *testing.T) {
	if !strings.Contains(LoweringPipeline(CompileOptions{}), "convert-nvgpu-to-nvvm") {
		t.Skip("the lowering pipeline does not convert nvgpu yet")
	}
	res, errs := compileMLIR(t, tmaLaunchSrc)
	if errs != "" {
		t.Fatal(errs)
	}
	js, _ := res.Kernels.JSON()
	if len(res.Kernels.Kernels) != 1 {
		t.Fatalf("manifest:\n%s", js)
	}
	k := res.Kernels.Kernels[0]
	want := TensorMapParam{ElementType: "f16", GlobalDims: []int64{256, 64}, GlobalStrides: []int64{512}, BoxDims: []int64{64, 8},
		Swizzle: "128B", L2Promo: "none", OOB: "zero", Interleave: "none"}
	if k.Cluster == nil || *k.Cluster != [3]int64{2, 1, 1} || k.DynamicSharedBytes != 1024 || len(k.Params) != 1 ||
		k.Params[0].Source != SourceTensorMap || *k.Params[0].HostArg != 0 || !equalJSON(t, *k.Params[0].TensorMap, want) {
		t.Errorf("manifest:\n%s", js)
	}
}
