package driver_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/parser"
)

// TestMappingPipeline: goopt compile maps a matmul body with the paper's
// pipeline, every other affine input with gpu-map-affine, and a module
// that already launches kernels with nothing.
func TestMappingPipeline(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"matmul", testutil.PaperMatmul(128, 128, 64), driver.DefaultMappingPipeline},
		{"vector add", `func.func @f(%a: memref<8xf32>, %b: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xf32>
    %y = arith.addf %x, %x : f32
    affine.store %y, %b[%i] : memref<8xf32>
  }
  return
}`, driver.GeneralMappingPipeline},
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
}`, driver.GeneralMappingPipeline},
		{"launched", `func.func @f() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}`, "none"},
	} {
		f, err := parser.ParseFile(all.NewContext(), "in.mlir", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		if got := driver.MappingPipeline(f.Module); got != c.want {
			t.Errorf("%s: MappingPipeline = %q, want %q", c.name, got, c.want)
		}
	}
}
