package driver_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/parser"
)

// TestMappingPipeline: goopt compile maps a matmul body with the pipeline
// its element types and target call for (f16 and bf16 with an f32 C:
// gpu-matmul-hopper on the default or an sm_90a target; f16 accumulation
// and f16 on other targets: the paper's; bf16 on other targets:
// gpu-matmul-mma; f32: an error naming the tf32 pipeline), every other
// affine input with gpu-map-affine, and a module that already launches
// kernels with nothing.
func TestMappingPipeline(t *testing.T) {
	f16acc := strings.NewReplacer("xf32>", "xf16>", "%aw = arith.extf %a : f16 to f32\n", "", "%bw = arith.extf %b : f16 to f32\n", "",
		"mulf %aw, %bw : f32", "mulf %a, %b : f16", "addf %c, %p : f32", "addf %c, %p : f16").Replace(testutil.PaperMatmul(128, 128, 64))
	bf16 := strings.NewReplacer("xf16>", "xbf16>", "f16 to f32", "bf16 to f32").Replace(testutil.PaperMatmul(128, 128, 64))
	f32 := strings.NewReplacer("xf16>", "xf32>", "%aw = arith.extf %a : f16 to f32\n", "", "%bw = arith.extf %b : f16 to f32\n", "", "mulf %aw, %bw", "mulf %a, %b").Replace(testutil.PaperMatmul(128, 128, 64))
	for _, c := range []struct{ name, src, want, arch string }{
		{"matmul", testutil.PaperMatmul(128, 128, 64), driver.HopperMappingPipeline, ""},
		{"matmul f16 accumulation", f16acc, driver.PaperMappingPipeline, ""},
		{"matmul bf16", bf16, driver.HopperMappingPipeline, ""},
		{"matmul sm_90a", testutil.PaperMatmul(128, 128, 64), driver.HopperMappingPipeline, "sm_90a"},
		{"matmul sm_80", testutil.PaperMatmul(128, 128, 64), driver.PaperMappingPipeline, "sm_80"},
		{"matmul sm_90 (no wgmma)", testutil.PaperMatmul(128, 128, 64), driver.PaperMappingPipeline, "sm_90"},
		{"matmul bf16 sm_80", bf16, driver.LegacyMappingPipeline, "sm_80"},
		{"matmul f32", f32, "in.mlir:5:14: error: 'affine.load' op goopt compile picks no pipeline for an f32 matmul: tensor cores would round its inputs to tf32; ask for that with --pipeline='gpu-matmul-mma{allow-tf32=true}'", ""},
		{"vector add", `func.func @f(%a: memref<8xf32>, %b: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xf32>
    %y = arith.addf %x, %x : f32
    affine.store %y, %b[%i] : memref<8xf32>
  }
  return
}`, driver.GeneralMappingPipeline, ""},
		{"matmul-like update in a 1-D loop", `func.func @f(%a: memref<8xf32>, %c: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xf32>
    %y = affine.load %a[%i] : memref<8xf32>
    %z = affine.load %c[%i] : memref<8xf32>
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    affine.store %s, %c[%i] : memref<8xf32>
  }
  return
}`, driver.GeneralMappingPipeline, ""},
		{"launched", `func.func @f() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}`, "none", ""},
	} {
		f, err := parser.ParseFile(all.NewContext(), "in.mlir", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		got, err := driver.MappingPipelineFor(f.Module, c.arch)
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: MappingPipeline = %q, want %q", c.name, got, c.want)
		}
	}
}
