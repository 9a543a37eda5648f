// LLVM dialect types: pointers in address spaces, literal, packed and
// identified structs, arrays, function types and void, nested in each other.
llvm.func @types(!llvm.ptr, !llvm.ptr<1>, !llvm.ptr<3>, !llvm.struct<(i32, f32)>, !llvm.struct<packed (i8, i32)>, !llvm.struct<()>) -> !llvm.struct<"desc", (ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
llvm.func @more(!llvm.struct<"opaque_t", opaque>, !llvm.array<2 x array<3 x vector<4xf32>>>, !llvm.array<4 x struct<(f16, bf16)>>) -> !llvm.ptr
llvm.func @fnptr(!llvm.struct<"node", packed (i64, ptr)>) -> !llvm.array<0 x i8>
