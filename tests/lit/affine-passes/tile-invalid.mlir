// RUN: not goopt opt %s --affine-loop-tile="tile-sizes=4,0" 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not goopt opt %s --affine-loop-tile="tile-sizes=4,4,4 num-tiling-levels=2" 2>&1 | FileCheck %s --check-prefix=LEVELS
// RUN: not goopt opt %s --affine-loop-tile="num-tiling-levels=0" 2>&1 | FileCheck %s --check-prefix=NOLEVEL
// RUN: not goopt opt %s --affine-loop-tile="tile-sizes=4,x" 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: not goopt opt %s --affine-loop-tile="tile-sizez=4" 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// Invalid option values are reported, not silently ignored.
// ZERO: error: invalid value '0' in option 'tile-sizes': tile sizes must be positive
// LEVELS: error: option 'tile-sizes' has 3 sizes, which is not a multiple of 'num-tiling-levels' (2)
// NOLEVEL: error: invalid value '0' for option 'num-tiling-levels'
// PARSE: invalid value 'x' for option 'tile-sizes'
// UNKNOWN: no such option 'tile-sizez'
func.func @f(%A: memref<?xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%i] : memref<?xf32>
    affine.store %v, %A[%i] : memref<?xf32>
  }
  return
}
