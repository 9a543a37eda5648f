// Kernel parameters passed by value: llvm.byval (with llvm.align) becomes
// `ptr byval(T) align N`; nvvm.grid_constant becomes one !nvvm.annotations
// entry listing the 1-based indices of such parameters, which llc-19 reads
// in place (cvta.param) rather than copying to local memory. The cluster
// shape and occupancy bounds become annotations too.
// RUN: goopt translate --mlir-to-llvmir %s | FileCheck %s

// CHECK-LABEL: define ptx_kernel void @tma(ptr byval([128 x i8]) align 64 %{{.*}}, i32 %{{.*}}, ptr noalias byval({ i32, float }) %{{.*}})
// CHECK-DAG: !{ptr @tma, !"cluster_dim_x", i32 2}
// CHECK-DAG: !{ptr @tma, !"cluster_dim_y", i32 1}
// CHECK-DAG: !{ptr @tma, !"cluster_dim_z", i32 1}
// CHECK-DAG: !{ptr @tma, !"maxclusterrank", i32 8}
// CHECK-DAG: !{ptr @tma, !"minctasm", i32 2}
// CHECK-DAG: !{ptr @tma, !"maxnreg", i32 168}
// CHECK-DAG: !{ptr @tma, !"grid_constant", !{i32 1, i32 3}}
llvm.func @tma(%desc: !llvm.ptr {llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant, llvm.align = 64 : i64}, %n: i32,
               %p: !llvm.ptr {llvm.noalias, llvm.byval = !llvm.struct<(i32, f32)>, nvvm.grid_constant})
    attributes {nvvm.kernel, nvvm.cluster_dim = array<i32: 2>, nvvm.cluster_max_blocks = 8 : i32,
                nvvm.minctasm = 2 : i32, nvvm.maxnreg = 168 : i32} {
  llvm.return
}
