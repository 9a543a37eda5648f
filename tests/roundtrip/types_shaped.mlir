// Shaped types: vectors (incl. scalable and 0-d), tensors (ranked, unranked, encoded), memrefs.
func.func private @vectors(vector<4xf32>, vector<2x3xi8>, vector<[4]xf32>, vector<2x[8]xf16>, vector<f32>, vector<1x1x1xindex>)
func.func private @tensors(tensor<f32>, tensor<4x?xf32>, tensor<*xi32>, tensor<?x?x?xbf16>, tensor<0xf32>, tensor<4xf32, "enc">, tensor<2xi1, {k = 1 : i64}>)
func.func private @memrefs(memref<f32>, memref<4x?xf32>, memref<*xf32>, memref<*xf32, 3>, memref<16x16xf16, 3>, memref<8xi32, #gpu.address_space<workgroup>>)
func.func private @layouts(memref<4x4xf32, strided<[4, 1], offset: 2>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<4xf32, strided<[2]>>, memref<2x3xf32, affine_map<(d0, d1)[s0] -> (d0 * 3 + d1 + s0)>, 1>)
