package gpumatmulmma_test

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulmma"
	"github.com/goopt/goopt/printer"
)

func matmul(m, n, k int) string {
	return fmt.Sprintf(`func.func @matmul(%%A: memref<%[1]dx%[3]dxf16>, %%B: memref<%[3]dx%[2]dxf16>, %%C: memref<%[1]dx%[2]dxf32>) {
  affine.for %%i = 0 to %[1]d {
    affine.for %%j = 0 to %[2]d {
      affine.for %%k = 0 to %[3]d {
        %%a = affine.load %%A[%%i, %%k] : memref<%[1]dx%[3]dxf16>
        %%b = affine.load %%B[%%k, %%j] : memref<%[3]dx%[2]dxf16>
        %%c = affine.load %%C[%%i, %%j] : memref<%[1]dx%[2]dxf32>
        %%aw = arith.extf %%a : f16 to f32
        %%bw = arith.extf %%b : f16 to f32
        %%p = arith.mulf %%aw, %%bw : f32
        %%s = arith.addf %%c, %%p : f32
        affine.store %%s, %%C[%%i, %%j] : memref<%[1]dx%[2]dxf32>
      }
    }
  }
  return
}
`, m, n, k)
}

// run applies the pipeline configured by o to src and prints the result.
func run(src string, o gpumatmulmma.Options) (string, error) {
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, "matmul.mlir", []byte(src))
	if err != nil {
		return "", err
	}
	pm := pass.New(ctx, "builtin.module")
	if err := gpumatmulmma.Build(pm.OpPassManager, o); err != nil {
		return "", err
	}
	pm.Verify = ir.Verify
	if err := pm.Run(f.Module); err != nil {
		return "", err
	}
	return printer.String(f.Module, printer.Options{}), nil
}

// Build the pipeline as a library and map a matmul to the mma.sync
// kernel: 128x128x32 block tiles, 4 warps of 64x64, so per 16-deep K step
// a warp issues 4 ldmatrix x4 (A), 4 ldmatrix x4.trans (B, two n tiles
// each) and 32 mma.sync. The fragments of a step are loaded one step
// ahead: the text holds three sets of loads (before the loop, for the
// tile's second step, for the next tile's first).
func Example() {
	text, err := run(matmul(256, 256, 256), gpumatmulmma.DefaultOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.Contains(text, "in (%arg12 = %c128"))
	fmt.Println(strings.Count(text, "nvgpu.mma.sync"))
	fmt.Println(strings.Count(text, "transpose = false"), strings.Count(text, "transpose = true"))
	// Output:
	// true
	// 64
	// 12 12
}

// TestOutputRoundTripsThroughUpstream: what the pipeline prints
// mlir-opt-19 parses and verifies, and its generic form reads back in
// goopt to the same text.
func TestOutputRoundTripsThroughUpstream(t *testing.T) {
	mlirOpt, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		t.Skip("mlir-opt-19 not installed")
	}
	for _, opts := range []string{"", "tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=0", "tb-tile=128,256,64 warp-tile=64,64 stages=3"} {
		o := gpumatmulmma.DefaultOptions()
		if err := pass.ParseOptions(&o, opts); err != nil {
			t.Fatal(err)
		}
		text, err := run(matmul(256, 512, 320), o)
		if err != nil {
			t.Fatalf("%s: %v", opts, err)
		}
		in := t.TempDir() + "/k.mlir"
		if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		generic, err := exec.Command(mlirOpt, "--mlir-print-op-generic", in).Output()
		if err != nil {
			t.Fatalf("%s: mlir-opt-19 rejects the output: %v\n%s", opts, err, text)
		}
		f, err := parser.ParseFile(all.NewContext(), "generic.mlir", generic)
		if err != nil {
			t.Fatalf("%s: goopt cannot read mlir-opt-19's generic form: %v", opts, err)
		}
		if back := printer.String(f.Module, printer.Options{}); back != text {
			t.Errorf("%s: the round trip changed the output:\n%s\nvs\n%s", opts, back, text)
		}
	}
}
