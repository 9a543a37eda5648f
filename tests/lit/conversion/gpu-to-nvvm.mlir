// RUN: goopt opt %s --split-input-file --convert-gpu-to-nvvm | FileCheck %s
// EQUIV: none (gpu.module bodies only, no host function; passes/convertgputonvvm runs a launched WMMA kernel before and after the pass)
// RUN: goopt opt %s --split-input-file --convert-gpu-to-nvvm="index-bitwidth=32" | FileCheck %s --check-prefix=I32

// Ids and dimensions read the PTX special registers (i32) and are extended
// to the index width (64: sext; 32: used as they are). MLIR 19 puts no
// range on them.
// CHECK-LABEL: llvm.func @ids
// CHECK: nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: llvm.sext %{{.*}} : i32 to i64
// CHECK: nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK: nvvm.read.ptx.sreg.ntid.z : i32
// CHECK: nvvm.read.ptx.sreg.nctaid.x : i32
// CHECK: nvvm.read.ptx.sreg.laneid : i32
// CHECK: llvm.mlir.undef : !llvm.struct<(i64, i64, i64, i64, i64)>
// I32-LABEL: llvm.func @ids
// I32-SAME: -> !llvm.struct<(i32, i32, i32, i32, i32)>
// I32-NOT: llvm.sext
// I32: llvm.return
gpu.module @ids_module {
  gpu.func @ids() -> (index, index, index, index, index) {
    %t = gpu.thread_id x
    %b = gpu.block_id y
    %bd = gpu.block_dim z
    %gd = gpu.grid_dim x
    %l = gpu.lane_id
    gpu.return %t, %b, %bd, %gd, %l : index, index, index, index, index
  }
}

// -----

// gpu.barrier is nvvm.barrier0; gpu.shuffle computes the active-lane mask
// and the clamp from the width, and asks for the valid flag only when it
// is used.
// CHECK-LABEL: llvm.func @shuffle
// CHECK: nvvm.barrier0
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[M1:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK: %[[W32:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK: %[[LEAD:.*]] = llvm.sub %[[W32]], %[[WIDTH:.*]] : i32
// CHECK: %[[MASK:.*]] = llvm.lshr %[[M1]], %[[LEAD]] : i32
// CHECK: %[[CLAMP:.*]] = llvm.sub %[[WIDTH]], %[[ONE]] : i32
// CHECK: %[[S:.*]] = nvvm.shfl.sync bfly %[[MASK]], %{{.*}}, %{{.*}}, %[[CLAMP]] {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
// CHECK: llvm.extractvalue %[[S]][0] : !llvm.struct<(f32, i1)>
// CHECK: llvm.extractvalue %[[S]][1] : !llvm.struct<(f32, i1)>
// CHECK-LABEL: llvm.func @shuffle_up
// CHECK: %[[LEAD:.*]] = llvm.sub
// CHECK: %[[MASK:.*]] = llvm.lshr
// CHECK: nvvm.shfl.sync up %[[MASK]], %{{.*}}, %{{.*}}, %[[LEAD]] : i32 -> i32
gpu.module @shuffle_module {
  gpu.func @shuffle(%x: f32, %w: i32, %o: i32) -> (f32, i1) {
    gpu.barrier
    %s, %v = gpu.shuffle xor %x, %o, %w : f32
    gpu.return %s, %v : f32, i1
  }
  gpu.func @shuffle_up(%x: i32, %w: i32, %o: i32) -> i32 {
    %s, %v = gpu.shuffle up %x, %o, %w : i32
    gpu.return %s : i32
  }
}

// -----

// A kernel: nvvm.kernel, nvvm.maxntid from known_block_size (kept as
// gpu.known_block_size); memref arguments expanded into their descriptor
// fields; a workgroup attribution becomes an internal global in address
// space 3, aligned as its llvm.align says.
// CHECK: llvm.mlir.global internal @__wg_kernel_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<512 x f16>
// CHECK-LABEL: llvm.func @kernel
// CHECK-SAME: (%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64)
// CHECK-SAME: attributes {gpu.kernel, gpu.known_block_size = array<i32: 32, 1, 1>, nvvm.kernel, nvvm.maxntid = array<i32: 32, 1, 1>}
// CHECK: llvm.mlir.addressof @__wg_kernel_0 : !llvm.ptr<3>
// CHECK: llvm.getelementptr %{{.*}}[0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<512 x f16>
// CHECK: nvvm.wmma.load %{{.*}} {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
// CHECK: nvvm.wmma.load %{{.*}} {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<b>, k = 16 : i32, layout = #nvvm.mma_layout<col>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>)
// CHECK: %[[LD:.*]] = llvm.mlir.constant(32 : index) : i32
// CHECK: nvvm.wmma.load %{{.*}}, %[[LD]] {eltype = #nvvm.mma_type<f32>, frag = #nvvm.mma_frag<c>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: nvvm.wmma.mma {{.*}} {eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<f32>, k = 16 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32}
// CHECK: nvvm.wmma.store {{.*}} {eltype = #nvvm.mma_type<f32>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr, f32, f32, f32, f32, f32, f32, f32, f32
gpu.module @kernel_module {
  gpu.func @kernel(%c: memref<16x32xf32>) workgroup(%w : memref<16x32xf16, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>, workgroup_attrib_attrs = [{llvm.align = 16 : i64}]} {
    %c0 = arith.constant 0 : index
    %a = gpu.subgroup_mma_load_matrix %w[%c0, %c0] {leadDimension = 32 : index} : memref<16x32xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b = gpu.subgroup_mma_load_matrix %w[%c0, %c0] {leadDimension = 32 : index, transpose} : memref<16x32xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %d = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 32 : index} : memref<16x32xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %e = gpu.subgroup_mma_compute %a, %b, %d : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %e, %c[%c0, %c0] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x32xf32>
    gpu.return
  }
}
