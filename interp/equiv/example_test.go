package equiv_test

import (
	"fmt"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/parser"
)

// Check runs a function before and after a change on the same random
// inputs; here the "after" version forgets to double the element.
func ExampleCheck() {
	ctx := all.NewContext()
	before, _ := parser.ParseFile(ctx, "before.mlir", []byte(`func.func @scale(%m: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %m[%i] : memref<4xf32>
    %d = arith.addf %v, %v : f32
    affine.store %d, %m[%i] : memref<4xf32>
  }
  return
}`))
	after, _ := parser.ParseFile(ctx, "after.mlir", []byte(`func.func @scale(%m: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %m[%i] : memref<4xf32>
    affine.store %v, %m[%i] : memref<4xf32>
  }
  return
}`))
	fmt.Println(equiv.Check(before.Module, before.Module, "scale", equiv.Options{Seeds: []int64{1, 2}}))
	fmt.Println(equiv.Check(before.Module, after.Module, "scale", equiv.Options{}) != nil)
	// Output:
	// <nil>
	// true
}
