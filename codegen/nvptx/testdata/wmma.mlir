// One warp's 16x16x16 tensor-core step, C += A * B with f16 A (row-major)
// and B (column-major) from shared memory and f32 accumulators in global
// memory: the wmma ops the paper pipeline produces.
llvm.mlir.global private @a_tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<256 x f16>
llvm.mlir.global private @b_tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<256 x f16>
llvm.func @wmma(%c: !llvm.ptr<1>, %ldc: i32) attributes {nvvm.kernel, nvvm.maxntid = array<i32: 32, 1, 1>} {
  %ld = llvm.mlir.constant(16 : i32) : i32
  %pa = llvm.mlir.addressof @a_tile : !llvm.ptr<3>
  %pb = llvm.mlir.addressof @b_tile : !llvm.ptr<3>
  %a = nvvm.wmma.load %pa, %ld {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %b = nvvm.wmma.load %pb, %ld {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<b>, k = 16 : i32, layout = #nvvm.mma_layout<col>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %acc = nvvm.wmma.load %c, %ldc {eltype = #nvvm.mma_type<f32>, frag = #nvvm.mma_frag<c>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<1>) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %a0 = llvm.extractvalue %a[0] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %a1 = llvm.extractvalue %a[1] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %a2 = llvm.extractvalue %a[2] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %a3 = llvm.extractvalue %a[3] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %a4 = llvm.extractvalue %a[4] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %a5 = llvm.extractvalue %a[5] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %a6 = llvm.extractvalue %a[6] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %a7 = llvm.extractvalue %a[7] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %b0 = llvm.extractvalue %b[0] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %b1 = llvm.extractvalue %b[1] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %b2 = llvm.extractvalue %b[2] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %b3 = llvm.extractvalue %b[3] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %b4 = llvm.extractvalue %b[4] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %b5 = llvm.extractvalue %b[5] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %b6 = llvm.extractvalue %b[6] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %b7 = llvm.extractvalue %b[7] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %c0 = llvm.extractvalue %acc[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %c1 = llvm.extractvalue %acc[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %c2 = llvm.extractvalue %acc[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %c3 = llvm.extractvalue %acc[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %c4 = llvm.extractvalue %acc[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %c5 = llvm.extractvalue %acc[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %c6 = llvm.extractvalue %acc[6] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %c7 = llvm.extractvalue %acc[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %d = nvvm.wmma.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %c0, %c1, %c2, %c3, %c4, %c5, %c6, %c7 {eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<f32>, k = 16 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, m = 16 : i32, n = 16 : i32} : (vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, f32, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %d0 = llvm.extractvalue %d[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %d1 = llvm.extractvalue %d[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %d2 = llvm.extractvalue %d[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %d3 = llvm.extractvalue %d[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %d4 = llvm.extractvalue %d[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %d5 = llvm.extractvalue %d[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %d6 = llvm.extractvalue %d[6] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %d7 = llvm.extractvalue %d[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  nvvm.wmma.store %c, %ldc, %d0, %d1, %d2, %d3, %d4, %d5, %d6, %d7 {eltype = #nvvm.mma_type<f32>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<1>, f32, f32, f32, f32, f32, f32, f32, f32
  llvm.return
}
