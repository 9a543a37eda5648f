// memref.expand_shape (output_shape), collapse_shape, view and transpose.
func.func @reshape(%m: memref<8x8xf32>, %s: memref<8x8xf32, strided<[16, 1], offset: ?>>, %d: memref<?x8xf32>, %n: index, %c0: index) {
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 8] : memref<8x8xf32> into memref<2x4x8xf32>
  %1 = memref.collapse_shape %0 [[0, 1], [2]] : memref<2x4x8xf32> into memref<8x8xf32>
  %2 = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  %3 = memref.expand_shape %s [[0], [1, 2]] output_shape [8, 2, 4] : memref<8x8xf32, strided<[16, 1], offset: ?>> into memref<8x2x4xf32, strided<[16, 4, 1], offset: ?>>
  %4 = memref.collapse_shape %3 [[0], [1, 2]] : memref<8x2x4xf32, strided<[16, 4, 1], offset: ?>> into memref<8x8xf32, strided<[16, 1], offset: ?>>
  %5 = memref.expand_shape %d [[0, 1], [2]] output_shape [%n, 4, 8] : memref<?x8xf32> into memref<?x4x8xf32>
  %6 = memref.collapse_shape %5 [[0, 1, 2]] : memref<?x4x8xf32> into memref<?xf32>
  %z = memref.alloc() : memref<f32>
  %7 = memref.expand_shape %z [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  %8 = memref.collapse_shape %7 [] : memref<1x1xf32> into memref<f32>
  %buf = memref.alloc() : memref<2048xi8>
  %9 = memref.view %buf[%c0][] : memref<2048xi8> to memref<16x4xf32>
  %10 = memref.view %buf[%c0][%n] : memref<2048xi8> to memref<?x4xf16>
  %11 = memref.transpose %m (i, j) -> (j, i) : memref<8x8xf32> to memref<8x8xf32, affine_map<(d0, d1) -> (d1 * 8 + d0)>>
  %12 = memref.transpose %d (d0, d1) -> (d1, d0) : memref<?x8xf32> to memref<8x?xf32, affine_map<(d0, d1) -> (d0 + d1 * 8)>>
  return
}
