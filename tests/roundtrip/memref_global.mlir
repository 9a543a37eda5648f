// memref.global (visibility, constant, initializers, alignment, memory spaces) and get_global.
memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]>
memref.global "private" constant @splat : memref<4x4xi32> = dense<7>
memref.global @ext : memref<4xi32>
memref.global "private" @uninit : memref<4xi32> = uninitialized {alignment = 64 : i64}
memref.global "private" @smem_a : memref<128x72xf16, 3>
memref.global "private" @smem_b : memref<64x136xf16, 3> = uninitialized {alignment = 16 : i64}
memref.global "nested" @scalar : memref<f64> = dense<3.5>
memref.global "public" @pub : memref<3xi8> = dense<[1, 2, 3]>
memref.global @ws : memref<8xf32, #gpu.address_space<workgroup>>

func.func @use() -> memref<2xf32> {
  %0 = memref.get_global @c : memref<2xf32>
  %1 = memref.get_global @smem_a : memref<128x72xf16, 3>
  %2 = memref.get_global @scalar : memref<f64>
  %3 = memref.get_global @ws : memref<8xf32, #gpu.address_space<workgroup>>
  return %0 : memref<2xf32>
}
