// RUN: goopt opt %s --convert-gpu-to-nvvm | FileCheck %s
// EQUIV: none (gpu.module bodies only; passes/convertgputonvvm checks a launched WMMA kernel by execution)

// WMMA fragments become the structs of registers nvvm.wmma uses: 8 x
// vector<2xf16> for f16 A and B, 4 x vector<2xf16> for an f16
// accumulator, 8 x f32 for an f32 one. Loads and stores address the
// element at the indices and pass leadDimension as the i32 stride;
// `transpose` loads in the col layout.


gpu.module @wmma {
  // CHECK-LABEL: llvm.func @load_a
  // CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
  // CHECK: %[[LD:.*]] = llvm.mlir.constant(32 : index) : i32
  // CHECK: nvvm.wmma.load %[[P]], %[[LD]] {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  gpu.func @load_a(%arg0: memref<32x32xf16, 3>, %i: index) -> !gpu.mma_matrix<16x16xf16, "AOp"> {
    %0 = gpu.subgroup_mma_load_matrix %arg0[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
    gpu.return %0 : !gpu.mma_matrix<16x16xf16, "AOp">
  }
  // CHECK-LABEL: llvm.func @load_b_transposed
  // CHECK: nvvm.wmma.load {{.*}} {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<b>, k = 16 : i32, layout = #nvvm.mma_layout<col>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr) ->
  gpu.func @load_b_transposed(%arg0: memref<32x32xf16>, %i: index) -> !gpu.mma_matrix<16x16xf16, "BOp"> {
    %0 = gpu.subgroup_mma_load_matrix %arg0[%i, %i] {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    gpu.return %0 : !gpu.mma_matrix<16x16xf16, "BOp">
  }
  // CHECK-LABEL: llvm.func @load_c_f32
  // CHECK: nvvm.wmma.load {{.*}} {eltype = #nvvm.mma_type<f32>, frag = #nvvm.mma_frag<c>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  gpu.func @load_c_f32(%arg0: memref<32x32xf32>, %i: index) -> !gpu.mma_matrix<16x16xf32, "COp"> {
    %0 = gpu.subgroup_mma_load_matrix %arg0[%i, %i] {leadDimension = 32 : index} : memref<32x32xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.return %0 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  // The store takes the registers first, then the address.
  // CHECK-LABEL: llvm.func @store_f16
  // CHECK-SAME: %[[D:[^:]*]]: !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  // CHECK: %[[R0:.*]] = llvm.extractvalue %[[D]][0]
  // CHECK: %[[R3:.*]] = llvm.extractvalue %[[D]][3]
  // CHECK: %[[P:.*]] = llvm.getelementptr
  // CHECK: nvvm.wmma.store %[[P]], %{{.*}}, %[[R0]], %{{.*}}, %{{.*}}, %[[R3]] {eltype = #nvvm.mma_type<f16>, k = 16 : i32, layout = #nvvm.mma_layout<col>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<3>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>
  gpu.func @store_f16(%arg0: memref<32x32xf16, 3>, %d: !gpu.mma_matrix<16x16xf16, "COp">, %i: index) {
    gpu.subgroup_mma_store_matrix %d, %arg0[%i, %i] {leadDimension = 32 : index, transpose} : !gpu.mma_matrix<16x16xf16, "COp">, memref<32x32xf16, 3>
    gpu.return
  }
  // The mma takes the registers of A, B and C in order; a_transpose and
  // b_transpose give the col layouts.
  // CHECK-LABEL: llvm.func @mma_f32
  // CHECK-COUNT-24: llvm.extractvalue
  // CHECK: nvvm.wmma.mma {{.*}} {eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<f32>, k = 16 : i32, layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : ({{.*}}) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  gpu.func @mma_f32(%a: !gpu.mma_matrix<16x16xf16, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp"> {
    %d = gpu.subgroup_mma_compute %a, %b, %c {a_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.return %d : !gpu.mma_matrix<16x16xf32, "COp">
  }
  // CHECK-LABEL: llvm.func @mma_f16
  // CHECK-COUNT-20: llvm.extractvalue
  // CHECK: nvvm.wmma.mma {{.*}} {eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<f16>, k = 16 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, m = 16 : i32, n = 16 : i32} : ({{.*}}) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  gpu.func @mma_f16(%a: !gpu.mma_matrix<16x16xf16, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp"> {
    %d = gpu.subgroup_mma_compute %a, %b, %c {b_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
    gpu.return %d : !gpu.mma_matrix<16x16xf16, "COp">
  }
  // A constant f16 fragment: a vector<2xf16> of the value in every register.
  // CHECK-LABEL: llvm.func @constant_f16
  // CHECK-SAME: (%[[X:.*]]: f16)
  // CHECK: %[[U:.*]] = llvm.mlir.undef : vector<2xf16>
  // CHECK: %[[V0:.*]] = llvm.insertelement %[[X]], %[[U]][%{{.*}} : i32] : vector<2xf16>
  // CHECK: %[[V:.*]] = llvm.insertelement %[[X]], %[[V0]][%{{.*}} : i32] : vector<2xf16>
  // CHECK: llvm.mlir.undef : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  // CHECK-COUNT-4: llvm.insertvalue %[[V]]
  gpu.func @constant_f16(%f: f16) -> !gpu.mma_matrix<16x16xf16, "COp"> {
    %d = gpu.subgroup_mma_constant_matrix %f : !gpu.mma_matrix<16x16xf16, "COp">
    gpu.return %d : !gpu.mma_matrix<16x16xf16, "COp">
  }
  // CHECK-LABEL: llvm.func @constant_f32
  // CHECK-SAME: (%[[X:.*]]: f32)
  // CHECK-COUNT-8: llvm.insertvalue %[[X]]
  gpu.func @constant_f32(%f: f32) -> !gpu.mma_matrix<16x16xf32, "COp"> {
    %d = gpu.subgroup_mma_constant_matrix %f : !gpu.mma_matrix<16x16xf32, "COp">
    gpu.return %d : !gpu.mma_matrix<16x16xf32, "COp">
  }
  // Elementwise ops go register by register; maxf propagates NaN.
  // CHECK-LABEL: llvm.func @elementwise
  // CHECK-COUNT-4: llvm.fadd %{{.*}}, %{{.*}} : vector<2xf16>
  // CHECK: %[[GT:.*]] = llvm.fcmp "ogt" %[[L:.*]], %[[R:.*]] : vector<2xf16>
  // CHECK: %[[S:.*]] = llvm.select %[[GT]], %[[L]], %[[R]] : vector<2xi1>, vector<2xf16>
  // CHECK: %[[UNO:.*]] = llvm.fcmp "uno" %[[L]], %[[R]] : vector<2xf16>
  // CHECK: %[[NAN:.*]] = llvm.mlir.constant(0x7E00 : f16) : vector<2xf16>
  // CHECK: llvm.select %[[UNO]], %[[NAN]], %[[S]] : vector<2xi1>, vector<2xf16>
  gpu.func @elementwise(%a: !gpu.mma_matrix<16x16xf16, "COp">, %b: !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp"> {
    %d = gpu.subgroup_mma_elementwise addf %a, %b : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
    %e = gpu.subgroup_mma_elementwise maxf %d, %b : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
    gpu.return %e : !gpu.mma_matrix<16x16xf16, "COp">
  }
}
