package gpumapaffine_test

import "fmt"

// The seed kernels and the other shapes the pipeline is checked on, as
// plain affine functions at any size.

func vecadd(n int) string {
	return fmt.Sprintf(`func.func @k(%%a: memref<%[1]dxf32>, %%b: memref<%[1]dxf32>, %%c: memref<%[1]dxf32>) {
  affine.for %%i = 0 to %[1]d {
    %%x = affine.load %%a[%%i] : memref<%[1]dxf32>
    %%y = affine.load %%b[%%i] : memref<%[1]dxf32>
    %%s = arith.addf %%x, %%y : f32
    affine.store %%s, %%c[%%i] : memref<%[1]dxf32>
  }
  return
}
`, n)
}

// transpose is B[j][i] = A[i][j] for an m×n A.
func transpose(m, n int) string {
	return fmt.Sprintf(`func.func @k(%%a: memref<%[1]dx%[2]dxf32>, %%b: memref<%[2]dx%[1]dxf32>) {
  affine.for %%i = 0 to %[1]d {
    affine.for %%j = 0 to %[2]d {
      %%x = affine.load %%a[%%i, %%j] : memref<%[1]dx%[2]dxf32>
      affine.store %%x, %%b[%%j, %%i] : memref<%[2]dx%[1]dxf32>
    }
  }
  return
}
`, m, n)
}

// softmax normalises each row of an m×n memref.
func softmax(m, n int) string {
	return fmt.Sprintf(`func.func @k(%%x: memref<%[1]dx%[2]dxf32>, %%y: memref<%[1]dx%[2]dxf32>) {
  %%ninf = arith.constant 0xFF800000 : f32
  %%zero = arith.constant 0.0 : f32
  affine.for %%i = 0 to %[1]d {
    %%m = affine.for %%j = 0 to %[2]d iter_args(%%acc = %%ninf) -> (f32) {
      %%v = affine.load %%x[%%i, %%j] : memref<%[1]dx%[2]dxf32>
      %%n = arith.maximumf %%acc, %%v : f32
      affine.yield %%n : f32
    }
    %%s = affine.for %%j = 0 to %[2]d iter_args(%%acc = %%zero) -> (f32) {
      %%v = affine.load %%x[%%i, %%j] : memref<%[1]dx%[2]dxf32>
      %%d = arith.subf %%v, %%m : f32
      %%e = math.exp %%d : f32
      %%n = arith.addf %%acc, %%e : f32
      affine.yield %%n : f32
    }
    affine.for %%j = 0 to %[2]d {
      %%v = affine.load %%x[%%i, %%j] : memref<%[1]dx%[2]dxf32>
      %%d = arith.subf %%v, %%m : f32
      %%e = math.exp %%d : f32
      %%r = arith.divf %%e, %%s : f32
      affine.store %%r, %%y[%%i, %%j] : memref<%[1]dx%[2]dxf32>
    }
  }
  return
}
`, m, n)
}

// bcast is C[i][j] = A[i][j] * r[j] + c[i]: a row and a column broadcast.
func bcast(m, n int) string {
	return fmt.Sprintf(`func.func @k(%%a: memref<%[1]dx%[2]dxf32>, %%r: memref<%[2]dxf32>, %%c: memref<%[1]dxf32>, %%o: memref<%[1]dx%[2]dxf32>) {
  affine.for %%i = 0 to %[1]d {
    affine.for %%j = 0 to %[2]d {
      %%x = affine.load %%a[%%i, %%j] : memref<%[1]dx%[2]dxf32>
      %%y = affine.load %%r[%%j] : memref<%[2]dxf32>
      %%z = affine.load %%c[%%i] : memref<%[1]dxf32>
      %%p = arith.mulf %%x, %%y : f32
      %%s = arith.addf %%p, %%z : f32
      affine.store %%s, %%o[%%i, %%j] : memref<%[1]dx%[2]dxf32>
    }
  }
  return
}
`, m, n)
}

// rowsum is s[i] = s[i] + sum_j A[i][j], the accumulator starting from
// the stored value so that the combination with the init is checked too.
func rowsum(m, n int) string {
	return fmt.Sprintf(`func.func @k(%%a: memref<%[1]dx%[2]dxf32>, %%s: memref<%[1]dxf32>) {
  affine.for %%i = 0 to %[1]d {
    %%init = affine.load %%s[%%i] : memref<%[1]dxf32>
    %%r = affine.for %%j = 0 to %[2]d iter_args(%%acc = %%init) -> (f32) {
      %%v = affine.load %%a[%%i, %%j] : memref<%[1]dx%[2]dxf32>
      %%n = arith.addf %%acc, %%v : f32
      affine.yield %%n : f32
    }
    affine.store %%r, %%s[%%i] : memref<%[1]dxf32>
  }
  return
}
`, m, n)
}

// rowsumParallel is the row reduction written with affine.parallel and
// reduce (integers, so the result is exact).
func rowsumParallel(m, n int) string {
	return fmt.Sprintf(`func.func @k(%%a: memref<%[1]dx%[2]dxi32>, %%s: memref<%[1]dxi32>) {
  affine.parallel (%%i) = (0) to (%[1]d) {
    %%r = affine.parallel (%%j) = (0) to (%[2]d) reduce ("addi") -> (i32) {
      %%v = affine.load %%a[%%i, %%j] : memref<%[1]dx%[2]dxi32>
      affine.yield %%v : i32
    }
    affine.store %%r, %%s[%%i] : memref<%[1]dxi32>
  }
  return
}
`, m, n)
}
