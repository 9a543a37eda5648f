package bench

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/testutil"
)

func TestParseMatmulSizes(t *testing.T) {
	for _, c := range []struct {
		in   string
		want [][3]int
		err  string
	}{
		{"1024:3072:1024", [][3]int{{1024, 1024, 1024}, {2048, 2048, 2048}, {3072, 3072, 3072}}, ""},
		{"1000,4097", [][3]int{{1000, 1000, 1000}, {4097, 4097, 4097}}, ""},
		{"3000x5000x700, 8191", [][3]int{{3000, 5000, 700}, {8191, 8191, 8191}}, ""},
		{"3000x5000", nil, "'3000x5000' is not N or MxNxK"},
		{"3000x0x700", nil, "'0' is not a positive integer"},
	} {
		got, err := ParseMatmulSizes(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: want error %q, got %v, %v", c.in, c.err, got, err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	if _, err := ParseTypes("f16,bf16,tf32,f16acc"); err != nil {
		t.Error(err)
	}
	if _, err := ParseTypes("f16,f8"); err == nil || !strings.Contains(err.Error(), "invalid type 'f8'") {
		t.Errorf("f8: %v", err)
	}
}

func TestBF16AndTF32Rounding(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want uint16
	}{{1, 0x3f80}, {-2, 0xc000}, {1 + 1.0/256, 0x3f80} /* tie: even */, {1 + 3.0/256, 0x3f82} /* tie: up to even */, {3.14159, 0x4049}} {
		if got := bf16FromFloat64(c.x); got != c.want {
			t.Errorf("bf16(%g) = %#x, want %#x", c.x, got, c.want)
		}
	}
	if got := bf16ToFloat64(0x4049); got != 3.140625 {
		t.Errorf("bf16 0x4049 = %g", got)
	}
	if got := tf32Round(1 + 1.0/2048 + 1.0/4096); got != 1+1.0/1024 {
		t.Errorf("tf32 rounding: %g", got)
	}
	for _, v := range randomTF32(1000, 1, 1) {
		if v != tf32Round(v) || v == 0 {
			t.Fatalf("randomTF32 gave %g, not a non-zero tf32 value", v)
		}
	}
}

// A sweep over non-square shapes and the three input types: each shape
// at each type, the inputs and the cuBLAS peer of that type, checked
// against fp64 (the fake computes with the decoded inputs: a harness that
// encoded one type and decoded another would disagree with the samples).
func TestSweepShapesAndTypes(t *testing.T) {
	testutil.NeedLLC(t)
	for _, typ := range []string{TypeF16, TypeBF16} {
		t.Run(typ, func(t *testing.T) {
			h := &compiledHopperFake{&hopperFake{FakeGPU: &FakeGPU{Inputs: typ}, t: t}}
			o := Options{Shapes: [][3]int{{200, 136, 72}, {64, 64, 64}}, Types: []string{typ},
				Pipeline: "gpu-matmul-hopper{tb-tile=128,128,64 consumers=1}", Reps: MinReps, Warmup: 1, Samples: 64,
				Open: func(DeviceConfig) (GPU, error) { return h, nil }}
			rep, err := Sweep(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Results) != 2 || !rep.AllCorrect() {
				t.Fatalf("want 2 correct results, got %+v", rep.Results)
			}
			r := rep.Results[0]
			wantLabel, wantType := "200x136x72", ""
			if typ != TypeF16 {
				wantLabel, wantType = typ+" 200x136x72", typ
			}
			// The pipeline's default grid is persistent: a block for each
			// of the 4 tiles (fewer than the SMs).
			if r.Label != wantLabel || r.Type != wantType || r.M != 200 || r.N != 136 || r.K != 72 || r.Grid != [3]int64{4, 1, 1} || r.RelErrFP64 > 1e-6 {
				t.Errorf("result %+v", r)
			}
		})
	}
	// tf32: the matmul of f32 inputs reaches the pipeline, which refuses
	// it (no tf32 kernel): an error result, not a failed run.
	h := &hopperFake{FakeGPU: &FakeGPU{Inputs: TypeTF32}, t: t}
	o := Options{Shapes: [][3]int{{64, 64, 64}}, Types: []string{TypeTF32}, Pipeline: "gpu-matmul-hopper", Reps: MinReps,
		Open: func(DeviceConfig) (GPU, error) { return h, nil }}
	rep, err := Sweep(context.Background(), o)
	if err != nil || len(rep.Results) != 1 || !strings.Contains(rep.Results[0].Error, "operand A has element type f32") {
		t.Fatalf("tf32 on gpu-matmul-hopper: %+v, %v", rep, err)
	}
	// A GPU whose peer takes f16 only cannot check bf16.
	f := &FakeGPU{Inputs: TypeBF16}
	o = Options{Shapes: [][3]int{{64, 64, 64}}, Types: []string{TypeBF16}, Pipeline: "gpu-matmul-hopper{tb-tile=128,128,64 consumers=1}", Reps: MinReps,
		Open: func(DeviceConfig) (GPU, error) { return f16Only{&hopperFake{FakeGPU: f, t: t}}, nil }}
	if _, err := Sweep(context.Background(), o); err == nil || !strings.Contains(err.Error(), "takes f16 inputs only, not bf16") {
		t.Fatalf("bf16 without a typed peer: %v", err)
	}
}

// compiledHopperFake runs goopt's compiled Hopper kernels on the fake:
// they take C's pointer (the epilogue's loads) besides its TMA descriptor
// (the TMA store), and the fake matmul wants each buffer once.
type compiledHopperFake struct{ *hopperFake }

func (h *compiledHopperFake) LaunchHopper(k Kernel, grid, block, cluster [3]uint32, sharedBytes uint32, params []any) error {
	var uniq []any
	seen := map[uint64]bool{}
	for _, p := range params {
		base, ok := p.(uint64)
		if a, isMap := p.(TensorMapArg); isMap {
			base, ok = uint64(a.Base), true
		}
		if ok && seen[base] {
			continue
		}
		seen[base] = true
		uniq = append(uniq, p)
	}
	return h.hopperFake.LaunchHopper(k, grid, block, cluster, sharedBytes, uniq)
}

// f16Only hides GemmTyped.
type f16Only struct{ HopperGPU }

// HopperGPU is GPU with LaunchHopper, as bindKernel asks for it.
var _ HopperGPU = (*hopperFake)(nil)

// f16acc: the paper's pipeline with an f16 C at a size its tiles do not
// divide (the WMMA kernel and its guarded edges, one launch), C, its
// transfers and the cuBLAS peer in f16, checked against fp64 within f16
// accumulation's tolerance.
func TestSweepF16Acc(t *testing.T) {
	testutil.NeedLLC(t)
	rep, err := Sweep(context.Background(), Options{Shapes: [][3]int{{200, 136, 72}}, Types: []string{TypeF16Acc}, Pipeline: "gpu-matmul-wmma",
		Reps: MinReps, Warmup: 1, Samples: 64, Open: func(DeviceConfig) (GPU, error) { return &FakeGPU{Inputs: TypeF16Acc}, nil }})
	// The fake sums in f32 and rounds C to f16 once: about f16's unit
	// roundoff from fp64, not f32's.
	if err != nil || len(rep.Results) != 1 || !rep.AllCorrect() || rep.Results[0].Type != TypeF16Acc || rep.Results[0].Label != "f16acc 200x136x72" ||
		rep.Results[0].RelErrFP64 < 1e-5 || rep.Results[0].RelErrFP64 > 1e-3 {
		t.Fatalf("want 1 correct f16acc result about f16's roundoff from fp64, got %+v, %v", rep, err)
	}
	if src := MatmulSourceFor(TypeF16Acc, 8, 8, 8); strings.Contains(src, "f32") || !strings.Contains(src, "arith.addf %c, %p : f16") {
		t.Errorf("f16acc source:\n%s", src)
	}
	if tol, elem := tolerances(TypeF16Acc, 4096, 1e-3, 1e-2); tol < 0.03 || tol > 0.05 || elem < 2*tol {
		t.Errorf("f16acc tolerances at K=4096: %g, %g", tol, elem)
	}
}
