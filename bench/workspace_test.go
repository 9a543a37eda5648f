package bench

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/goopt/goopt/driver"
)

// padFake is hopperFake with the copy kernel of a padded operand: it
// copies A (its first parameter) into the workspace buffer (its second)
// and records the workspace addresses its launches receive.
type padFake struct {
	*hopperFake
	copies int
	wsPtrs []uint64
}

func (p *padFake) LaunchHopper(k Kernel, grid, block, cluster [3]uint32, sharedBytes uint32, params []any) error {
	if m, ok := params[1].(TensorMapArg); ok {
		p.wsPtrs = append(p.wsPtrs, uint64(m.Base))
	}
	return p.hopperFake.LaunchHopper(k, grid, block, cluster, sharedBytes, params)
}

// Launch runs the copy kernel (no descriptors, no clusters: a plain
// launch).
func (p *padFake) Launch(k Kernel, grid, block [3]uint32, sharedBytes uint32, params []uint64) error {
	if k.(*fakeKernel).entry != "pad_copy" {
		return p.hopperFake.Launch(k, grid, block, sharedBytes, params)
	}
	p.copies++
	src, dst := DevicePtr(params[0]), DevicePtr(params[1])
	p.wsPtrs = append(p.wsPtrs, params[1])
	a, err := p.span("copy", src, 64*64*2)
	if err != nil {
		return err
	}
	w, err := p.span("copy", dst, 64*64*2)
	if err != nil {
		return err
	}
	copy(w, a)
	return nil
}

// TestWorkspaceLaunches: a prebuilt matmul whose host function copies A
// into its workspace and hands the matmul a tensor map of the copy runs
// both launches each time it is timed, with the workspace allocated once
// (before the launches) and the same address in both, and is correct
// only because the copy ran first.
func TestWorkspaceLaunches(t *testing.T) {
	const pipeline = "gpu-matmul-hopper"
	dir := t.TempDir()
	arg := func(i int) *int { return &i }
	off := int64(0)
	tmap := &driver.TensorMapParam{ElementType: "f16", GlobalDims: []int64{64, 64}, GlobalStrides: []int64{128},
		BoxDims: []int64{64, 64}, Swizzle: "128B", L2Promo: "none", OOB: "zero", Interleave: "none"}
	const ws = 64 * 64 * 2
	man := driver.KernelManifest{Format: "goopt-kernels/1", Module: "gpu_matmul_hopper_kernels", Kernels: []driver.KernelInfo{{
		Name: "pad_copy", HostFunction: "matmul", Grid: [3]int64{2, 1, 1}, Block: [3]int64{256, 1, 1}, WorkspaceBytes: ws,
		Params: []driver.KernelParam{
			{Type: "!llvm.ptr", Source: driver.SourceArg, HostArg: arg(0), MemRef: "memref<64x64xf16>", Field: "data"},
			{Type: "!llvm.ptr", Source: driver.SourceWorkspace, WorkspaceOffset: &off, MemRef: "memref<64x64xf16>", Field: "data"},
		},
	}, {
		Name: "matmul_kernel", HostFunction: "matmul", Grid: [3]int64{1, 1, 1}, Block: [3]int64{128, 1, 1}, WorkspaceBytes: ws,
		DynamicSharedBytes: 64 << 10,
		Params: []driver.KernelParam{
			{Type: "!llvm.ptr", Source: driver.SourceArg, HostArg: arg(2), MemRef: "memref<64x64xf32>", Field: "data"},
			{Type: "!llvm.ptr", Source: driver.SourceTensorMap, WorkspaceOffset: &off, MemRef: "memref<64x64xf16>", TensorMap: tmap},
			{Type: "!llvm.ptr", Source: driver.SourceTensorMap, HostArg: arg(1), MemRef: "memref<64x64xf16>", TensorMap: tmap},
		},
	}}}
	js, err := man.JSON()
	if err != nil {
		t.Fatal(err)
	}
	stem := filepath.Join(dir, prebuiltName(pipeline, 64, 64, 64))
	ptx := ".version 8.0\n.target sm_90a\n.visible .entry pad_copy() {}\n.visible .entry matmul_kernel(.param .align 64 .b8 p0[128]) {}\n"
	if err := os.WriteFile(stem+".json", js, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stem+".ptx", []byte(ptx), 0o644); err != nil {
		t.Fatal(err)
	}
	f := &padFake{hopperFake: &hopperFake{FakeGPU: &FakeGPU{}, t: t}}
	o := Options{Sizes: []int{64}, Pipeline: pipeline, Prebuilt: dir, Reps: MinReps, Warmup: 1, Samples: 64,
		Open: func(DeviceConfig) (GPU, error) { return f, nil }}
	rep, err := Sweep(context.Background(), o)
	if err != nil || len(rep.Results) != 1 || !rep.Results[0].Correct {
		t.Fatalf("sweep of a padded Hopper kernel: %+v, %v", rep, err)
	}
	if launches := 1 + 1 + MinReps; f.copies != launches || len(f.clusters) != launches {
		t.Errorf("%d copies and %d matmuls, want %d of each", f.copies, len(f.clusters), launches)
	}
	for _, p := range f.wsPtrs {
		if p != f.wsPtrs[0] || p == 0 {
			t.Fatalf("workspace addresses %#x", f.wsPtrs)
		}
	}
	if len(f.allocs) != 0 {
		t.Errorf("%d allocations left after the sweep", len(f.allocs))
	}
}
