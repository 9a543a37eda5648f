package testutil

import (
	"fmt"
	"strings"
)

// AffineMatmul returns the MLIR text of a function @name computing
// C += A·B for n×n memrefs as a plain affine i, j, k nest: A and B hold
// elements of type in, C of type acc. When in and acc differ, the loaded A
// and B elements are extended to acc with arith.extf (the paper's f16
// inputs accumulated in f32).
func AffineMatmul(name string, n int, in, acc string) string {
	a, b := "%a", "%b"
	var ext string
	if in != acc {
		a, b = "%ae", "%be"
		ext = fmt.Sprintf(`
        %%ae = arith.extf %%a : %[1]s to %[2]s
        %%be = arith.extf %%b : %[1]s to %[2]s`, in, acc)
	}
	src := fmt.Sprintf(`
func.func @%[1]s(%%A: memref<{n}x{n}x%[2]s>, %%B: memref<{n}x{n}x%[2]s>, %%C: memref<{n}x{n}x%[3]s>) {
  affine.for %%i = 0 to {n} {
    affine.for %%j = 0 to {n} {
      affine.for %%k = 0 to {n} {
        %%a = affine.load %%A[%%i, %%k] : memref<{n}x{n}x%[2]s>
        %%b = affine.load %%B[%%k, %%j] : memref<{n}x{n}x%[2]s>
        %%c = affine.load %%C[%%i, %%j] : memref<{n}x{n}x%[3]s>%[4]s
        %%p = arith.mulf %[5]s, %[6]s : %[3]s
        %%s = arith.addf %%c, %%p : %[3]s
        affine.store %%s, %%C[%%i, %%j] : memref<{n}x{n}x%[3]s>
      }
    }
  }
  return
}
`, name, in, acc, ext, a, b)
	return strings.ReplaceAll(src, "{n}", fmt.Sprint(n))
}

// PaperMatmul returns the paper's input, a function @matmul computing
// C[f32] += extf(A[f16]) * extf(B[f16]) as a plain affine i, j, k nest
// for an M×K A, a K×N B and an M×N C (the GPU pipeline's tests).
func PaperMatmul(m, n, k int) string { return NamedPaperMatmul("matmul", m, n, k) }

// NamedPaperMatmul is PaperMatmul's function under the name @name.
func NamedPaperMatmul(name string, m, n, k int) string {
	return fmt.Sprintf(`func.func @%[4]s(%%A: memref<%[1]dx%[3]dxf16>, %%B: memref<%[3]dx%[2]dxf16>, %%C: memref<%[1]dx%[2]dxf32>) {
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
`, m, n, k, name)
}
