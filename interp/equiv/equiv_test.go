package equiv_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	f, err := parser.ParseFile(ir.NewContext(all.All()...), "t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f.Module
}

const scale = `func.func @f(%a: memref<8xf32>, %b: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<8xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %b[%i] : memref<8xf32>
  }
  return
}`

func TestCheck(t *testing.T) {
	before := parse(t, scale)
	same := parse(t, strings.Replace(scale, "%w = arith.addf %v, %v : f32",
		"%c2 = arith.constant 2.0 : f32\n    %w = arith.mulf %v, %c2 : f32", 1))
	if err := equiv.Check(before, same, "f", equiv.Options{Seeds: []int64{1, 2, 3}}); err != nil {
		t.Errorf("equivalent modules: %v", err)
	}
	wrong := parse(t, strings.Replace(scale, "arith.addf %v, %v", "arith.subf %v, %v", 1))
	err := equiv.Check(before, wrong, "f", equiv.Options{Seeds: []int64{7}})
	if err == nil || !strings.Contains(err.Error(), "seed 7: memref argument 1 differs at element [0]") {
		t.Errorf("got %v", err)
	}
	oob := parse(t, strings.Replace(scale, "0 to 8", "0 to 9", 1))
	err = equiv.Check(before, oob, "f", equiv.Options{})
	if err == nil || !strings.Contains(err.Error(), "after (seed 1)") || !strings.Contains(err.Error(), "out-of-bounds load") {
		t.Errorf("got %v", err)
	}
}
