package bench

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/runtime/cuda"
)

// hopperFake is the fake GPU with LaunchHopper: it checks each descriptor
// parameter against its buffer and runs the fake matmul on the buffers.
type hopperFake struct {
	*FakeGPU
	t        *testing.T
	clusters [][3]uint32
	maps     int
}

func (h *hopperFake) LaunchHopper(k Kernel, grid, block, cluster [3]uint32, sharedBytes uint32, params []any) error {
	h.clusters = append(h.clusters, cluster)
	ptrs := make([]uint64, len(params))
	for i, p := range params {
		switch v := p.(type) {
		case uint64:
			ptrs[i] = v
		case TensorMapArg:
			if _, err := v.Map.Desc(cuda.DevicePtr(v.Base)); err != nil {
				h.t.Errorf("parameter %d: %v", i, err)
			}
			ptrs[i] = uint64(v.Base)
			h.maps++
		default:
			h.t.Fatalf("parameter %d has type %T", i, p)
		}
	}
	return h.Launch(k, grid, block, sharedBytes, ptrs)
}

// writeHopperPrebuilt writes a prebuilt 64×64×64 kernel whose manifest
// passes A and B as TMA descriptors and launches in clusters of 2.
func writeHopperPrebuilt(t *testing.T, dir, pipeline string) {
	arg := func(i int) *int { return &i }
	tmap := func(rows, cols int64) *driver.TensorMapParam {
		return &driver.TensorMapParam{ElementType: "f16", GlobalDims: []int64{cols, rows}, GlobalStrides: []int64{2 * cols},
			BoxDims: []int64{64, 64}, Swizzle: "128B", L2Promo: "none", OOB: "zero", Interleave: "none"}
	}
	man := driver.KernelManifest{Format: "goopt-kernels/1", Module: "matmul_kernel", Kernels: []driver.KernelInfo{{
		Name: "matmul_kernel", HostFunction: "matmul", Grid: [3]int64{2, 1, 1}, Block: [3]int64{128, 1, 1},
		DynamicSharedBytes: 64 << 10, Cluster: &[3]int64{2, 1, 1},
		Params: []driver.KernelParam{
			{Type: "!llvm.ptr", Source: driver.SourceArg, HostArg: arg(2), MemRef: "memref<64x64xf32>", Field: "data"},
			{Type: "!llvm.ptr", Source: driver.SourceTensorMap, HostArg: arg(0), MemRef: "memref<64x64xf16>", TensorMap: tmap(64, 64)},
			{Type: "!llvm.ptr", Source: driver.SourceTensorMap, HostArg: arg(1), MemRef: "memref<64x64xf16>", TensorMap: tmap(64, 64)},
		},
	}}}
	js, err := man.JSON()
	if err != nil {
		t.Fatal(err)
	}
	stem := filepath.Join(dir, prebuiltName(pipeline, 64, 64, 64))
	if err := os.WriteFile(stem+".json", js, 0o644); err != nil {
		t.Fatal(err)
	}
	ptx := ".version 8.0\n.target sm_90a\n.visible .entry matmul_kernel(.param .align 64 .b8 p0[128]) {}\n"
	if err := os.WriteFile(stem+".ptx", []byte(ptx), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A prebuilt Hopper kernel runs through LaunchHopper, with its
// descriptors bound to the session's A and B and its clusters; a GPU
// without LaunchHopper refuses it by name.
func TestHopperPrebuilt(t *testing.T) {
	const pipeline = "gpu-matmul-hopper"
	dir := t.TempDir()
	writeHopperPrebuilt(t, dir, pipeline)
	h := &hopperFake{FakeGPU: &FakeGPU{}, t: t}
	o := Options{Sizes: []int{64}, Pipeline: pipeline, Prebuilt: dir, Reps: MinReps, Warmup: 1, Samples: 64,
		Open: func(DeviceConfig) (GPU, error) { return h, nil }}
	rep, err := Sweep(context.Background(), o)
	if err != nil || len(rep.Results) != 1 || !rep.Results[0].Correct {
		t.Fatalf("sweep of a Hopper kernel: %+v, %v", rep, err)
	}
	if launches := 1 + 1 + MinReps; len(h.clusters) != launches || h.clusters[0] != [3]uint32{2, 1, 1} || h.maps != 2*launches {
		t.Errorf("%d launches with clusters %v and %d descriptors, want %d launches in clusters of 2 with 2 descriptors each", len(h.clusters), h.clusters, h.maps, launches)
	}
	o.Open = func(DeviceConfig) (GPU, error) { return &FakeGPU{}, nil }
	rep, err = Sweep(context.Background(), o)
	if err != nil || len(rep.Results) != 1 || !strings.Contains(rep.Results[0].Error, "kernel 'matmul_kernel' takes TMA descriptors or launches clusters, which this GPU cannot launch") {
		t.Fatalf("a Hopper kernel on a GPU without LaunchHopper: %+v, %v", rep, err)
	}
}

// TestWithCopierKeepsHopper: the memory-bound benches wrap the GPU for the
// device copy; a Hopper GPU must stay one, or transpose=tma's TMA
// descriptors could not launch (seen on the H200).
func TestWithCopierKeepsHopper(t *testing.T) {
	noCopy := func(dst, src DevicePtr, n int64) error { return nil }
	if _, ok := WithCopier(&hopperFake{FakeGPU: &FakeGPU{}, t: t}, noCopy, nil).(HopperGPU); !ok {
		t.Error("WithCopier over a HopperGPU is not a HopperGPU")
	}
	if _, ok := WithCopier(&FakeGPU{}, noCopy, nil).(HopperGPU); ok {
		t.Error("WithCopier over a plain GPU claims LaunchHopper")
	}
}
