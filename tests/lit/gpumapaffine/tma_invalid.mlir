// gpu-map-affine{transpose=tma} refuses, with an error at the op at
// fault, the transposes a TMA tensor map cannot describe or the plan does
// not move: rows that are not multiples of 16 bytes (a TMA global
// stride), elements that are not 32-bit, a stored value that is not the
// loaded one.
// RUN: goopt opt %s --split-input-file --verify-diagnostics --gpu-map-affine="transpose=tma"

func.func @rows_of_132_bytes(%a: memref<8x33xf32>, %b: memref<33x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 33 {
      // expected-error@+1 {{loop nest not mapped to 'gpu.launch': transpose=tma needs rows that are multiples of 16 bytes (a TMA global stride): memref<8x33xf32> has rows of 132 bytes}}
      %x = affine.load %a[%i, %j] : memref<8x33xf32>
      affine.store %x, %b[%j, %i] : memref<33x8xf32>
    }
  }
  return
}

// -----

func.func @f64(%a: memref<8x8xf64>, %b: memref<8x8xf64>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      // expected-error@+1 {{loop nest not mapped to 'gpu.launch': transpose=tma moves 32-bit elements, not f64}}
      %x = affine.load %a[%i, %j] : memref<8x8xf64>
      affine.store %x, %b[%j, %i] : memref<8x8xf64>
    }
  }
  return
}

// -----

func.func @negate(%a: memref<8x8xf32>, %b: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %a[%i, %j] : memref<8x8xf32>
      %y = arith.negf %x : f32
      // expected-error@+1 {{loop nest not mapped to 'gpu.launch': transpose=tma moves elements as they are: the stored value must be a load of the source}}
      affine.store %y, %b[%j, %i] : memref<8x8xf32>
    }
  }
  return
}
