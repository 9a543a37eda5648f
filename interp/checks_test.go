package interp_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
)

// TestChecks plants bugs the interpreter must report, with their location.
func TestChecks(t *testing.T) {
	cases := []struct {
		name, src, want string
		line            int
	}{
		{"off-by-one-affine", `func.func @f(%a: memref<4xf32>) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 5 {
    affine.store %c, %a[%i] : memref<4xf32>
  }
  return
}`, "out-of-bounds store to memref<4xf32>: index [4] with size [4]", 4},
		{"off-by-one-load", `func.func @f(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c5 step %c1 {
    %v = memref.load %a[%i] : memref<4xf32>
  }
  return
}`, "out-of-bounds load from memref<4xf32>: index [4] with size [4]", 6},
		{"uninitialised-read", `func.func @f(%a: memref<4xf32>) {
  %m = memref.alloc() : memref<4xf32>
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 3 {
    affine.store %c, %m[%i] : memref<4xf32>
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %m[%i] : memref<4xf32>
    affine.store %v, %a[%i] : memref<4xf32>
  }
  return
}`, "load of uninitialised memory from memref<4xf32> at index [3]", 8},
		{"use-after-free", `func.func @f(%a: memref<4xf32>) {
  %m = memref.alloc() : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  %c0 = arith.constant 0 : index
  %c = arith.constant 1.0 : f32
  memref.store %c, %m[%c0] : memref<4xf32>
  return
}`, "store to freed memref memref<4xf32>: index [0]", 6},
		{"div-by-zero", `func.func @f(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %d = arith.divsi %c1, %c0 : i32
  return
}`, "integer division by zero", 4},
		{"divsi-overflow", `func.func @f(%a: memref<4xf32>) {
  %m = arith.constant -2147483648 : i32
  %c = arith.constant -1 : i32
  %d = arith.divsi %m, %c : i32
  return
}`, "signed integer division overflow", 4},
		{"constant-global-store", `memref.global "private" constant @g : memref<2xf32> = dense<1.0>
func.func @f(%a: memref<4xf32>) {
  %g = memref.get_global @g : memref<2xf32>
  %c0 = arith.constant 0 : index
  %c = arith.constant 1.0 : f32
  memref.store %c, %g[%c0] : memref<2xf32>
  return
}`, "store to constant memory memref<2xf32>", 6},
		{"subview-out-of-bounds", `func.func @f(%a: memref<4xf32>) {
  %c3 = arith.constant 3 : index
  %s = memref.subview %a[%c3] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
  return
}`, "out-of-bounds subview", 3},
		{"callee-location", `func.func @g(%a: memref<4xf32>, %i: index) -> f32 {
  %v = memref.load %a[%i] : memref<4xf32>
  return %v : f32
}
func.func @f(%a: memref<4xf32>) {
  %c = arith.constant 7 : index
  %v = call @g(%a, %c) : (memref<4xf32>, index) -> f32
  return
}`, "out-of-bounds load from memref<4xf32>: index [7] with size [4]", 2},
		{"assert", `func.func @f(%a: memref<4xf32>) {
  %false = arith.constant false
  cf.assert %false, "must not happen"
  return
}`, "assertion failed: must not happen", 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := machine(t, tc.src)
			a := newBuf(ir.F32, 4)
			err := callMemRefs(m, "f", a)
			if err == nil {
				t.Fatalf("no error; want %q", tc.want)
			}
			d, ok := err.(*ir.Diagnostic)
			if !ok {
				t.Fatalf("error %v is not a diagnostic", err)
			}
			if !strings.Contains(d.Msg, tc.want) {
				t.Errorf("message %q does not contain %q", d.Msg, tc.want)
			}
			if f, ok := ir.FileLineCol(d.Loc); !ok || f.Line != tc.line {
				t.Errorf("location %v, want line %d", d.Loc, tc.line)
			}
		})
	}
}
