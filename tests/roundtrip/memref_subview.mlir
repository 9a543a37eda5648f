// memref.subview: static, dynamic and mixed offsets/sizes/strides, strided sources, rank reduction.
func.func @subview(%m: memref<8x16xf32>, %d: memref<?x?xf32>, %s: memref<64x64xf16, strided<[64, 1], offset: ?>, 3>, %i: index, %j: index, %n: index) {
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  %1 = memref.subview %m[%i, 4] [2, 2] [1, 1] : memref<8x16xf32> to memref<2x2xf32, strided<[16, 1], offset: ?>>
  %2 = memref.subview %m[2, 3] [4, 4] [2, 3] : memref<8x16xf32> to memref<4x4xf32, strided<[32, 3], offset: 35>>
  %3 = memref.subview %m[%i, %j] [%n, %n] [1, 1] : memref<8x16xf32> to memref<?x?xf32, strided<[16, 1], offset: ?>>
  %4 = memref.subview %d[%i, %j] [4, 4] [%n, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1], offset: ?>>
  %5 = memref.subview %m[3, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: 48>>
  %6 = memref.subview %m[0, %j] [8, 1] [1, 1] : memref<8x16xf32> to memref<8xf32, strided<[16], offset: ?>>
  %7 = memref.subview %s[%i, %j] [16, 16] [1, 1] : memref<64x64xf16, strided<[64, 1], offset: ?>, 3> to memref<16x16xf16, strided<[64, 1], offset: ?>, 3>
  %8 = memref.subview %1[1, 1] [1, 1] [1, 1] : memref<2x2xf32, strided<[16, 1], offset: ?>> to memref<f32, strided<[], offset: ?>>
  %9 = memref.subview %m[0, 0] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xf32>
  return
}
