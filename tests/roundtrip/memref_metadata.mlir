// memref.dim, rank, extract_strided_metadata, extract_aligned_pointer_as_index, assume_alignment and copy.
func.func @metadata(%m: memref<8x?xf32>, %u: memref<*xf32>, %s: memref<4x4xf16, strided<[?, 1], offset: ?>, 3>, %z: memref<f32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.dim %m, %c0 : memref<8x?xf32>
  %1 = memref.dim %m, %c1 : memref<8x?xf32>
  %2 = memref.dim %u, %c1 : memref<*xf32>
  %3 = memref.rank %m : memref<8x?xf32>
  %4 = memref.rank %u : memref<*xf32>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x?xf32> -> memref<f32>, index, index, index, index, index
  %b2, %o2, %sz2:2, %st2:2 = memref.extract_strided_metadata %s : memref<4x4xf16, strided<[?, 1], offset: ?>, 3> -> memref<f16, 3>, index, index, index, index, index
  %b3, %o3 = memref.extract_strided_metadata %z : memref<f32> -> memref<f32>, index
  %5 = memref.extract_aligned_pointer_as_index %m : memref<8x?xf32> -> index
  %6 = memref.extract_aligned_pointer_as_index %u : memref<*xf32> -> index
  memref.assume_alignment %m, 16 : memref<8x?xf32>
  memref.assume_alignment %s, 64 : memref<4x4xf16, strided<[?, 1], offset: ?>, 3>
  return %5 : index
}

func.func @copy(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<?x8xf32>, %u: memref<*xf32>, %v: memref<*xf32>) {
  memref.copy %a, %b : memref<8x8xf32> to memref<8x8xf32>
  memref.copy %a, %c : memref<8x8xf32> to memref<?x8xf32>
  memref.copy %u, %v : memref<*xf32> to memref<*xf32>
  return
}
