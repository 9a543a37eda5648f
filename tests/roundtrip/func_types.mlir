// Signatures over many types.
func.func private @types(memref<?x4xf32, strided<[4, 1], offset: ?>>, tensor<*xi8>, vector<[4]xf16>, index, complex<f32>, tuple<i32, f32>, none) -> (memref<4xf32, 3>, !llvm.ptr)
func.func @ptrs(%p: !llvm.ptr {llvm.noalias}, %q: !llvm.ptr<1>) -> !llvm.ptr {
  return %p : !llvm.ptr
}
