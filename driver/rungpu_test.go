package driver

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/runtime/cuda"
)

func noGPU() (GPU, error) {
	return nil, fmt.Errorf("%w: cannot load libcuda.so.1: not here", cuda.ErrNoDriver)
}

// fakeGPU is device memory in a map and kernels emulated in Go, so the
// host side of the GPU flow (arguments to bytes, parameters, launches in
// order, results back) runs without a GPU.
type fakeGPU struct {
	t       *testing.T
	mem     map[cuda.DevicePtr][]byte
	next    cuda.DevicePtr
	ptx     string
	kernels map[string]func(g *fakeGPU, grid, block [3]uint32, args []any)
	log     []string
	closed  bool
	// maps are the descriptors EncodeTiled encoded: a fake TensorMap is
	// its index here, so fake kernels can emulate TMA copies.
	maps []cuda.TiledDesc
}

func newFakeGPU(t *testing.T) *fakeGPU {
	return &fakeGPU{t: t, mem: map[cuda.DevicePtr][]byte{}, next: 0x1000, kernels: map[string]func(*fakeGPU, [3]uint32, [3]uint32, []any){}}
}

func (g *fakeGPU) Alloc(n int) (cuda.DevicePtr, error) {
	p := g.next
	g.next += cuda.DevicePtr(n + 256)
	g.mem[p] = make([]byte, n)
	return p, nil
}
func (g *fakeGPU) Free(p cuda.DevicePtr) error {
	if g.mem[p] == nil {
		return fmt.Errorf("free of %#x", p)
	}
	delete(g.mem, p)
	return nil
}
func (g *fakeGPU) CopyToDevice(p cuda.DevicePtr, b []byte) error {
	if len(g.mem[p]) != len(b) {
		return fmt.Errorf("copy of %d bytes to %#x", len(b), p)
	}
	copy(g.mem[p], b)
	return nil
}
func (g *fakeGPU) CopyFromDevice(b []byte, p cuda.DevicePtr) error {
	if len(g.mem[p]) != len(b) {
		return fmt.Errorf("copy of %d bytes from %#x", len(b), p)
	}
	copy(b, g.mem[p])
	return nil
}
func (g *fakeGPU) LoadKernels(ptx string) error { g.ptx = ptx; return nil }
func (g *fakeGPU) Launch(kernel string, cfg cuda.LaunchConfig, args ...any) error {
	line := fmt.Sprintf("%s %v %v %d %d args", kernel, cfg.Grid, cfg.Block, cfg.SharedBytes, len(args))
	if cfg.HasCluster() {
		line += fmt.Sprintf(" cluster %v", cfg.Cluster)
	}
	g.log = append(g.log, line)
	k := g.kernels[kernel]
	if k == nil {
		return fmt.Errorf("no kernel '%s'", kernel)
	}
	k(g, cfg.Grid, cfg.Block, args)
	return nil
}
func (g *fakeGPU) EncodeTiled(d cuda.TiledDesc) (cuda.TensorMap, error) {
	var tm cuda.TensorMap
	if err := d.Validate(); err != nil {
		return tm, err
	}
	binary.LittleEndian.PutUint32(tm[:], uint32(len(g.maps)))
	g.maps = append(g.maps, d)
	return tm, nil
}

// tensorMap returns the descriptor a fake TensorMap argument stands for.
func (g *fakeGPU) tensorMap(a any) cuda.TiledDesc {
	tm := a.(cuda.TensorMap)
	return g.maps[binary.LittleEndian.Uint32(tm[:])]
}

// buffer returns the allocation holding device address p and p's offset
// in it.
func (g *fakeGPU) buffer(p cuda.DevicePtr) ([]byte, int) {
	for base, b := range g.mem {
		if p >= base && p < base+cuda.DevicePtr(len(b)) {
			return b, int(p - base)
		}
	}
	g.t.Fatalf("no allocation holds %#x", p)
	return nil, 0
}
func (g *fakeGPU) Synchronize() error { return nil }
func (g *fakeGPU) Close() error       { g.closed = true; return nil }

func (g *fakeGPU) open() (GPU, error) { return g, nil }

const scaleSrc = `func.func @scale(%x: memref<64xf32>, %s: f32, %n: i32) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %v = memref.load %x[%tx] : memref<64xf32>
    %m = arith.mulf %v, %s : f32
    %nf = arith.sitofp %n : i32 to f32
    %r = arith.addf %m, %nf : f32
    memref.store %r, %x[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}
`

// scaleKernel is scaleSrc's kernel: x[i] = x[i]*s + float(n).
func scaleKernel(g *fakeGPU, grid, block [3]uint32, args []any) {
	x := g.mem[args[0].(cuda.DevicePtr)]
	s, n := args[1].(float32), args[2].(int32)
	for i := 0; i < int(block[0]); i++ {
		v := math.Float32frombits(binary.LittleEndian.Uint32(x[4*i:]))
		binary.LittleEndian.PutUint32(x[4*i:], math.Float32bits(v*s+float32(n)))
	}
}

// interpAndDevice runs src under o on the interpreter, then with device
// (gpu or auto), failing t on any diagnostic.
func interpAndDevice(t *testing.T, src string, o RunOptions, device string) (onInterp, onDevice RunResult) {
	t.Helper()
	var res [2]RunResult
	for i, d := range []string{DeviceInterp, device} {
		o.Device = d
		var errs string
		if res[i], errs = run(t, src, o); errs != "" {
			t.Fatal(errs)
		}
	}
	return res[0], res[1]
}

// The GPU path gives what the interpreter gives, through the same output.
func TestRunGPUScalarsAndMemref(t *testing.T) {
	g := newFakeGPU(t)
	g.kernels["scale_kernel"] = scaleKernel
	o := RunOptions{Args: []string{"random", "2.5", "-3"}, Seed: 4, PTX: "// fake ptx", OpenGPU: g.open}
	want, got := interpAndDevice(t, scaleSrc, o, DeviceGPU)
	if got.Device != DeviceGPU || want.Device != DeviceInterp || !g.closed || len(g.mem) != 0 {
		t.Errorf("ran on %q and %q; closed %v, %d allocations left", got.Device, want.Device, g.closed, len(g.mem))
	}
	if strings.Join(g.log, "\n") != "scale_kernel [1 1 1] [64 1 1] 0 3 args" || g.ptx != "// fake ptx" {
		t.Errorf("launches: %q, ptx %q", g.log, g.ptx)
	}
	var wb, gb strings.Builder
	want.Write(&wb, true)
	got.Write(&gb, true)
	if wb.String() != gb.String() {
		t.Errorf("GPU output\n%s\ndiffers from the interpreter's\n%s", gb.String(), wb.String())
	}
}

// The paper pipeline's matmul: f16 inputs, f32 output, parameters in the
// kernel's order (C, A, B), emulated by a loop here.
// TestRunGPUCheckEquiv checks --check-equiv on the GPU: the file's kernels
// on the (emulated) device against the other file on the interpreter, on
// the same random inputs; a different computation is reported.
func TestRunGPUCheckEquiv(t *testing.T) {
	g := newFakeGPU(t)
	g.kernels["scale_kernel"] = scaleKernel
	o := RunOptions{Device: DeviceGPU, PTX: "// fake ptx", OpenGPU: g.open, Seeds: []int64{1, 2, 3},
		CheckEquiv: &Source{Filename: "before.mlir", Text: []byte(scaleSrc)}}
	res, errs := run(t, scaleSrc, o)
	if errs != "" || res.EquivSeeds != 3 || len(g.log) != 3 {
		t.Fatalf("equivalent: %d seeds, %d launches: %s", res.EquivSeeds, len(g.log), errs)
	}
	other := strings.Replace(scaleSrc, "arith.addf %m, %nf", "arith.subf %m, %nf", 1)
	o.CheckEquiv = &Source{Filename: "before.mlir", Text: []byte(other)}
	if _, errs := run(t, scaleSrc, o); !strings.Contains(errs, "not equivalent on the GPU: seed 1, argument 0") {
		t.Errorf("a different computation: %q", errs)
	}
}

func TestRunGPUMatmul(t *testing.T) {
	src := testutil.PaperMatmul(64, 64, 64)
	g := newFakeGPU(t)
	g.kernels["matmul_kernel"] = func(g *fakeGPU, grid, block [3]uint32, args []any) {
		c, a, b := g.mem[args[0].(cuda.DevicePtr)], g.mem[args[1].(cuda.DevicePtr)], g.mem[args[2].(cuda.DevicePtr)]
		h := func(m []byte, i int) float32 {
			return float32(interp.Value{Type: ir.F16, Bits: uint64(binary.LittleEndian.Uint16(m[2*i:]))}.Float())
		}
		for i := 0; i < 64; i++ {
			for j := 0; j < 64; j++ {
				acc := math.Float32frombits(binary.LittleEndian.Uint32(c[4*(i*64+j):]))
				for k := 0; k < 64; k++ {
					acc += h(a, i*64+k) * h(b, k*64+j)
				}
				binary.LittleEndian.PutUint32(c[4*(i*64+j):], math.Float32bits(acc))
			}
		}
	}
	o := RunOptions{Seed: 9, PTX: "// fake", OpenGPU: g.open, Compile: CompileOptions{Pipeline: "gpu-matmul-wmma{tb-tile=32,32,32 warp-tile=16,16,16}"}}
	want, got := interpAndDevice(t, src, o, DeviceAuto)
	if len(g.log) != 1 || !strings.HasPrefix(g.log[0], "matmul_kernel [2 2 1] [128 1 1] 0 3 args") {
		t.Fatalf("launches: %q", g.log)
	}
	for i := range want.Args {
		wv, _ := want.Args[i].Ref.Elements()
		gv, _ := got.Args[i].Ref.Elements()
		for j := range wv {
			w := interp.Value{Type: want.Args[i].Ref.Type.Elem, Bits: wv[j]}.Float()
			v := interp.Value{Type: want.Args[i].Ref.Type.Elem, Bits: gv[j]}.Float()
			if math.Abs(w-v) > 1e-5*math.Max(1, math.Abs(w)) {
				t.Fatalf("%%arg%d[%d]: GPU %v, interpreter %v", i, j, v, w)
			}
		}
	}
}

func TestRunGPUErrors(t *testing.T) {
	hostLoop := `func.func @f(%x: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      memref.store %c0f, %x[%tx] : memref<64xf32>
      gpu.terminator
    }
  }
  return
}
`
	hostLoop = strings.Replace(hostLoop, "%c0f", "%z", 1)
	hostLoop = strings.Replace(hostLoop, "  %c4 = arith", "  %z = arith.constant 0.0 : f32\n  %c4 = arith", 1)
	computed := `func.func @f(%x: memref<64xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %m = arith.addi %n, %c1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = arith.index_cast %m : index to i32
    %f = arith.sitofp %v : i32 to f32
    memref.store %f, %x[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}
`
	g := newFakeGPU(t)
	for _, tc := range []struct {
		name, src string
		o         RunOptions
		want      string
	}{
		{"host loop", hostLoop, RunOptions{Device: DeviceGPU, PTX: "x", OpenGPU: g.open},
			"t.mlir:6:3: error: 'scf.for' op: goopt run --device=gpu runs host functions that only launch kernels; this op would need host execution (use --device=interp)"},
		{"computed parameter", computed, RunOptions{Device: DeviceGPU, PTX: "x", OpenGPU: g.open},
			"t.mlir:3:8: error: 'arith.addi' op: goopt run --device=gpu runs host functions that only launch kernels; this op would need host execution (use --device=interp)\n" +
				"  %m = arith.addi %n, %c1 : index\n       ^\n" +
				"t.mlir:4:3: error: 'gpu.launch_func' op: parameter 0 of kernel 'f_kernel': its value is computed by host code; goopt run --device=gpu passes only arguments of the host function, its buffers and constants (use --device=interp)"},
		{"cluster not dividing the grid", strings.Replace(tmaSrc, "blocks in (%c2, %c1, %c1)", "blocks in (%c1, %c1, %c1)", 1), RunOptions{Device: DeviceGPU, PTX: "x", OpenGPU: g.open},
			"t.mlir:11:5: error: 'gpu.launch_func' op: goopt run --device=gpu needs constant cluster sizes that divide the grid, got cluster [2 1 1] and grid [1 1 1] (0: computed on the host)"},
		{"no gpu", scaleSrc, RunOptions{Device: DeviceGPU, OpenGPU: noGPU},
			"plain: --device=gpu: no GPU to run on: cuda: no NVIDIA driver: cannot load libcuda.so.1: not here"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := run(t, tc.src, tc.o)
			if !strings.Contains(errs, tc.want) {
				t.Errorf("got %q, want %q", errs, tc.want)
			}
		})
	}
	// auto without a GPU is the interpreter.
	res, errs := run(t, scaleSrc, RunOptions{Device: DeviceAuto, OpenGPU: noGPU})
	if errs != "" || res.Device != DeviceInterp {
		t.Errorf("auto without a GPU ran on %q: %s", res.Device, errs)
	}
}

// A kernel taking a TMA descriptor: the descriptor is encoded at launch
// from the device buffer of the host argument and passed by value, the
// launch has its clusters and dynamic shared memory. The fake kernel
// copies the box at (64, 8) through the descriptor, as tma.async.load
// would.
func TestRunGPUTensorMap(t *testing.T) {
	g := newFakeGPU(t)
	g.kernels["tile_kernel"] = func(g *fakeGPU, grid, block [3]uint32, args []any) {
		d := g.tensorMap(args[0])
		if d.DataType != cuda.TensorFloat16 || d.Swizzle != cuda.Swizzle128B || d.L2Promotion != cuda.L2Promotion64B {
			t.Errorf("descriptor modes: %+v", d)
		}
		src, off := g.buffer(d.GlobalAddress)
		out := g.mem[args[1].(cuda.DevicePtr)]
		const x, y = 64, 8
		for r := 0; r < int(d.BoxDims[1]); r++ {
			for c := 0; c < int(d.BoxDims[0]); c++ {
				from := off + (y+r)*int(d.GlobalStrides[0]) + 2*(x+c)
				copy(out[2*(r*int(d.BoxDims[0])+c):][:2], src[from:])
			}
		}
	}
	res, errs := run(t, tmaSrc, RunOptions{Device: DeviceGPU, PTX: "// fake", OpenGPU: g.open, Seed: 5})
	if errs != "" {
		t.Fatal(errs)
	}
	if want := "tile_kernel [2 1 1] [128 1 1] 1024 2 args cluster [2 1 1]"; len(g.log) != 1 || g.log[0] != want {
		t.Errorf("launches %q, want %q", g.log, want)
	}
	if len(g.maps) != 1 || g.maps[0].GlobalAddress == 0 || len(g.mem) != 0 {
		t.Errorf("%d descriptors encoded, %d allocations left", len(g.maps), len(g.mem))
	}
	a, _ := res.Args[0].Ref.Elements()
	out, _ := res.Args[1].Ref.Elements()
	for r := 0; r < 8; r++ {
		for c := 0; c < 64; c++ {
			if out[r*64+c] != a[(8+r)*256+64+c] {
				t.Fatalf("out[%d][%d] = %#x, want a[%d][%d] = %#x", r, c, out[r*64+c], 8+r, 64+c, a[(8+r)*256+64+c])
			}
		}
	}
}
