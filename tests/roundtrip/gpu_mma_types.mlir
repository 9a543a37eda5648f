// !gpu.mma_matrix element types and shapes, !gpu.async.token and
// #gpu.address_space as memref memory spaces and function types.
func.func private @types(!gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<8x32xf16, "BOp">,
    !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xi32, "COp">,
    !gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<16x16xui8, "BOp">, !gpu.async.token)
func.func private @spaces(memref<4xf32, #gpu.address_space<global>>, memref<4xf32, #gpu.address_space<workgroup>>,
    memref<4xf32, #gpu.address_space<private>>, memref<*xf32, #gpu.address_space<workgroup>>)
    -> memref<2x2xf16, #gpu.address_space<workgroup>>
memref.global "private" @shared : memref<64xf16, #gpu.address_space<workgroup>>
memref.global "private" @shared3 : memref<64xf16, 3>
func.func @use() attributes {space = #gpu.address_space<private>, dims = [#gpu<dim x>, #gpu<shuffle_mode up>]} {
  %0 = memref.get_global @shared : memref<64xf16, #gpu.address_space<workgroup>>
  return
}
