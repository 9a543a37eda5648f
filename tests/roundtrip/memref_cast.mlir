// memref.cast (ranked/unranked, layouts), memory_space_cast and reinterpret_cast.
func.func @casts(%m: memref<8x8xf32>, %u: memref<*xf32>, %l: memref<4x4xf32, strided<[8, 1], offset: 2>>, %g: memref<4xf32, 3>, %d: index) {
  %0 = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>
  %1 = memref.cast %0 : memref<?x?xf32> to memref<8x?xf32>
  %2 = memref.cast %m : memref<8x8xf32> to memref<*xf32>
  %3 = memref.cast %u : memref<*xf32> to memref<4xf32>
  %4 = memref.cast %l : memref<4x4xf32, strided<[8, 1], offset: 2>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
  %5 = memref.memory_space_cast %g : memref<4xf32, 3> to memref<4xf32>
  %6 = memref.memory_space_cast %5 : memref<4xf32> to memref<4xf32, #gpu.address_space<global>>
  %7 = memref.reinterpret_cast %m to offset: [0], sizes: [%d, 4], strides: [4, 1] : memref<8x8xf32> to memref<?x4xf32>
  %8 = memref.reinterpret_cast %m to offset: [%d], sizes: [64], strides: [1] : memref<8x8xf32> to memref<64xf32, strided<[1], offset: ?>>
  %9 = memref.reinterpret_cast %u to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<*xf32> to memref<2x2xf32>
  %10 = memref.reinterpret_cast %m to offset: [4], sizes: [4, %d], strides: [%d, 1] : memref<8x8xf32> to memref<4x?xf32, strided<[?, 1], offset: 4>>
  %11 = memref.memory_space_cast %u : memref<*xf32> to memref<*xf32, 1>
  return
}
