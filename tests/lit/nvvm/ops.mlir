// RUN: goopt opt %s --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: goopt opt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Special registers print as upstream; the post-MLIR-19 ones too.
// CHECK-LABEL: func.func @sreg
// CHECK: nvvm.read.ptx.sreg.tid.x : i32
// CHECK: nvvm.read.ptx.sreg.cluster.ctaid.z : i32
// CHECK: nvvm.read.ptx.sreg.warpid : i32
// CHECK: nvvm.read.ptx.sreg.clock64 : i64
// GENERIC-LABEL: sym_name = "sreg"
// GENERIC: "nvvm.read.ptx.sreg.tid.x"() : () -> i32
func.func @sreg() {
  %0 = nvvm.read.ptx.sreg.tid.x : i32
  %1 = nvvm.read.ptx.sreg.cluster.ctaid.z : i32
  %2 = nvvm.read.ptx.sreg.warpid : i32
  %3 = nvvm.read.ptx.sreg.clock64 : i64
  return
}

// -----

// nvvm.barrier's optional operands are sized by operandSegmentSizes; the
// enum keywords of shfl.sync and setmaxregister print after two spaces.
// CHECK-LABEL: func.func @sync
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : f32 -> f32
// CHECK: nvvm.vote.ballot.sync %{{.*}}, %{{.*}} : i32
// CHECK: nvvm.elect.sync -> i1
// CHECK: nvvm.setmaxregister  increase 232
// GENERIC: "nvvm.barrier"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1>}> : (i32, i32) -> ()
// GENERIC: "nvvm.shfl.sync"({{.*}}) <{kind = #nvvm<shfl_kind bfly>}> : (i32, f32, i32, i32) -> f32
// GENERIC: "nvvm.setmaxregister"() <{action = #nvvm<action increase>, regCount = 232 : i32}> : () -> ()
func.func @sync(%id: i32, %n: i32, %f: f32, %p: i1) {
  nvvm.barrier id = %id number_of_threads = %n
  %0 = nvvm.shfl.sync bfly %n, %f, %id, %n : f32 -> f32
  %1 = nvvm.vote.ballot.sync %n, %p : i32
  %2 = nvvm.elect.sync -> i1
  nvvm.setmaxregister increase 232
  return
}

// -----

// A WMMA load keeps its attributes in the dictionary; the stride's i32 is
// implied.
// CHECK-LABEL: func.func @wmma
// CHECK: nvvm.wmma.load %{{.*}}, %{{.*}} {eltype = #nvvm.mma_type<f32>, frag = #nvvm.mma_frag<c>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<1>) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: nvvm.wmma.store %{{.*}}, %{{.*}}, %{{.*}} {eltype = #nvvm.mma_type<f32>, {{.*}}} : !llvm.ptr<1>, f32, f32, f32, f32, f32, f32, f32, f32
// GENERIC: "nvvm.wmma.load"(%{{.*}}, %{{.*}}) <{eltype = #nvvm.mma_type<f32>, {{.*}}}> : (!llvm.ptr<1>, i32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
func.func @wmma(%g: !llvm.ptr<1>, %ld: i32, %f: f32) {
  %c = nvvm.wmma.load %g, %ld {eltype = #nvvm.mma_type<f32>, frag = #nvvm.mma_frag<c>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<1>) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  nvvm.wmma.store %g, %ld, %f, %f, %f, %f, %f, %f, %f, %f {eltype = #nvvm.mma_type<f32>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<1>, f32, f32, f32, f32, f32, f32, f32, f32
  return
}

// -----

// mma.sync infers the multiplicand PTX types from the f16 registers and
// does not print them; the generic form carries them.
// CHECK-LABEL: func.func @mma_sync
// CHECK: nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]  C[%{{.*}}, %{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
// GENERIC: multiplicandAPtxType = #nvvm.mma_type<f16>, multiplicandBPtxType = #nvvm.mma_type<f16>, operandSegmentSizes = array<i32: 4, 2, 2>
func.func @mma_sync(%h: vector<2xf16>) {
  %0 = nvvm.mma.sync A[%h, %h, %h, %h] B[%h, %h] C[%h, %h] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  return
}

// -----

// The TMA load prints its shared pointer stripped (`<3>`) and reads both
// spellings; wgmma prints its attributes stripped.
// CHECK-LABEL: func.func @hopper
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] : <3>, !llvm.ptr
// CHECK: nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %{{.*}}, <m = 64, n = 8, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
// GENERIC: "nvvm.wgmma.mma_async"({{.*}}) <{layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, scaleA = #nvvm.wgmma_scale_in<one>, scaleB = #nvvm.wgmma_scale_in<one>, scaleD = #nvvm.wgmma_scale_out<one>, shape = #nvvm.shape<m = 64, n = 8, k = 16>, typeA = #nvvm.wgmma_type<f16>, typeB = #nvvm.wgmma_type<f16>, typeD = #nvvm.wgmma_type<f32>}>
func.func @hopper(%s: !llvm.ptr<3>, %d: !llvm.ptr, %x: i32, %da: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) {
  nvvm.cp.async.bulk.tensor.shared.cluster.global %s, %d, %s, box[%x, %x] : !llvm.ptr<3>, !llvm.ptr
  %0 = nvvm.wgmma.mma_async %da, %da, %acc, #nvvm.shape<m = 64, n = 8, k = 16>, D[#nvvm.wgmma_type<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  return
}

// -----

// #nvvm.target leaves out parameters at their defaults.
// CHECK-LABEL: gpu.module @k [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, #nvvm.target]
module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_90", O = 3, features = "+ptx80">, #nvvm.target<O = 2, chip = "sm_50">] {
  }
}
