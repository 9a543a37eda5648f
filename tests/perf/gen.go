package perf

import (
	"fmt"
	"strings"
)

// LargeFunction returns a module with one function of about n operations in
// MLIR's custom form: a straight-line mix of constants, integer and float
// arithmetic, comparisons, selects, casts and memref loads and stores, the
// shape of code a fully unrolled kernel produces.
func LargeFunction(n int) string {
	var b strings.Builder
	b.Grow(n * 48)
	b.WriteString("func.func @large(%A: memref<1024xf32>, %B: memref<1024xf32>, %n: index) -> f32 {\n")
	b.WriteString("  %c0 = arith.constant 0 : index\n")
	b.WriteString("  %f0 = arith.constant 1.000000e+00 : f32\n")
	b.WriteString("  %i0 = arith.constant 7 : i32\n")
	lastF, lastI, lastX := "%f0", "%i0", "%c0"
	for k := 0; k < n/8; k++ {
		fmt.Fprintf(&b, "  %%x%d = arith.addi %s, %%n : index\n", k, lastX)
		fmt.Fprintf(&b, "  %%l%d = memref.load %%A[%%x%d] : memref<1024xf32>\n", k, k)
		fmt.Fprintf(&b, "  %%m%d = arith.mulf %%l%d, %s : f32\n", k, k, lastF)
		fmt.Fprintf(&b, "  %%a%d = arith.addf %%m%d, %%l%d fastmath<contract> : f32\n", k, k, k)
		fmt.Fprintf(&b, "  %%i%d = arith.muli %s, %s overflow<nsw> : i32\n", k+1, lastI, lastI)
		fmt.Fprintf(&b, "  %%p%d = arith.cmpf olt, %%a%d, %%m%d : f32\n", k, k, k)
		fmt.Fprintf(&b, "  %%s%d = arith.select %%p%d, %%a%d, %%m%d : f32\n", k, k, k, k)
		fmt.Fprintf(&b, "  memref.store %%s%d, %%B[%%x%d] : memref<1024xf32>\n", k, k)
		lastF, lastI, lastX = fmt.Sprintf("%%s%d", k), fmt.Sprintf("%%i%d", k+1), fmt.Sprintf("%%x%d", k)
	}
	fmt.Fprintf(&b, "  return %s : f32\n}\n", lastF)
	return b.String()
}
