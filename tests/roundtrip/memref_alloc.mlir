// memref.alloc / alloca / dealloc / realloc: dynamic sizes, layout symbols, alignment, memory spaces.
#sym = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>
func.func @alloc(%d: index, %s: index) {
  %0 = memref.alloc() : memref<4x8xf32>
  %1 = memref.alloc(%d) : memref<?x8xf32>
  %2 = memref.alloc(%d, %d) {alignment = 64 : i64} : memref<?x?xf16>
  %3 = memref.alloc(%d)[%s] : memref<?x4xf32, #sym>
  %4 = memref.alloc() : memref<16x16xf16, 3>
  %5 = memref.alloc() : memref<128x136xf16, #gpu.address_space<workgroup>>
  %6 = memref.alloc() : memref<4xf32, strided<[1], offset: 2>>
  %7 = memref.alloc() : memref<f64>
  %8 = memref.alloc() : memref<2xvector<4xf32>>
  %9 = memref.alloc() : memref<0xi8>
  memref.dealloc %0 : memref<4x8xf32>
  memref.dealloc %1 : memref<?x8xf32>
  memref.dealloc %2 : memref<?x?xf16>
  memref.dealloc %4 : memref<16x16xf16, 3>
  return
}

func.func @alloca(%d: index) {
  %0 = memref.alloca() : memref<4xf32>
  %1 = memref.alloca(%d) : memref<?xi32>
  %2 = memref.alloca() {alignment = 16 : i64} : memref<8xf32, 5>
  %3 = memref.alloca() : memref<4xf32, #gpu.address_space<private>>
  return
}

func.func @realloc(%m: memref<4xf32>, %d: index) -> (memref<8xf32>, memref<?xf32>) {
  %0 = memref.realloc %m : memref<4xf32> to memref<8xf32>
  %1 = memref.realloc %0(%d) {alignment = 8 : i64} : memref<8xf32> to memref<?xf32>
  %2 = memref.alloc() : memref<4xf32>
  return %0, %1 : memref<8xf32>, memref<?xf32>
}

func.func @unranked(%m: memref<*xf32>) {
  memref.dealloc %m : memref<*xf32>
  return
}
