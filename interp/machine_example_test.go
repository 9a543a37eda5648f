package interp_test

import (
	"fmt"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// Run a function on the reference interpreter: scalars in, a memref
// updated in place, typed element access out.
func ExampleMachine_Call() {
	f, err := parser.ParseFile(all.NewContext(), "axpy.mlir", []byte(`func.func @axpy(%a: f32, %x: memref<3xf32>, %y: memref<3xf32>) {
  affine.for %i = 0 to 3 {
    %xv = affine.load %x[%i] : memref<3xf32>
    %yv = affine.load %y[%i] : memref<3xf32>
    %p = arith.mulf %a, %xv : f32
    %s = arith.addf %p, %yv : f32
    affine.store %s, %y[%i] : memref<3xf32>
  }
  return
}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := interp.New(f.Module, interp.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	t := ir.MemRef([]int64{3}, ir.F32, nil, nil)
	x, y := interp.NewMemRef(t, nil), interp.NewMemRef(t, nil)
	for i := int64(0); i < 3; i++ {
		x.SetFloat(float64(i), i)
		y.SetFloat(10, i)
	}
	if _, err := m.Call("axpy", []interp.Value{interp.FloatValue(ir.F32, 2), interp.MemRefValue(x), interp.MemRefValue(y)}); err != nil {
		fmt.Println(err)
		return
	}
	for i := int64(0); i < 3; i++ {
		v, _ := y.FloatAt(i)
		fmt.Println(v)
	}
	// Output:
	// 10
	// 12
	// 14
}
