// gpu-matmul-hopper with pad-operands=false when A's rows are not a
// multiple of 16 bytes (K = 70 f16: 140 bytes), which no TMA descriptor
// can address (the default pads them first: bounds-padded.mlir): A gets no tensor
// map, and its boxes are copied into the 128-byte swizzled ring by the
// producer warpgroup (every thread of it, not one) with 4-byte cp.async
// copies (2 elements: a row starts at a multiple of 140 bytes), which
// zero-fill past the edges. The copies of the last stages-2 = 2 K tiles
// stay in flight: the producer waits for the older ones
// (cp.async.wait.group 2), and after the K loop for all, and publishes
// each slot with a proxy fence and an arrive; the full barriers count the
// copiers' 128 arrivals besides the one arrive.expect_tx of B's TMA loads
// (B's bytes only). A's wgmma descriptor is computed in the kernel. B (136 columns: 272-byte rows) and C keep TMA. In rung 0
// every thread of the block copies. passes/gpumatmulhopper's
// TestUnalignedRows runs such kernels, lowered, against the affine nest.
// One tile a block with the TMA epilogue (not the defaults' persistent
// register epilogue), so that C keeps its descriptor here.
// tile-by-size=false keeps the default 128x256 tiles at this small size
// (tile-by-size would take 128x128 here; defaults.mlir checks it).
// RUN: goopt opt %s --gpu-matmul-hopper="epilogue=tma persistent=false pad-operands=false tile-by-size=false" | FileCheck %s
// RUN: goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 consumers=2 stages=2 warp-specialize=false pad-operands=false" | FileCheck %s --check-prefix=R0
// RUN: goopt compile %s --pipeline="gpu-matmul-hopper{epilogue=tma persistent=false pad-operands=false tile-by-size=false}" --emit=ptx -o %t.ptx && FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: not goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 cluster=2,1 pad-operands=false" 2>&1 | FileCheck %s --check-prefix=CLUSTER
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory's byte views nor nvgpu ops before their lowering; passes/gpumatmulhopper checks these kernels by execution after goopt's lowering)

// CHECK-LABEL: func.func @matmul
// CHECK-NOT:     nvgpu.tma.create.descriptor {{.*}} : memref<*xf16> -> <tensor = memref<64x64xf16, 3>
// CHECK:         nvgpu.tma.create.descriptor {{.*}} box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b
// CHECK-NOT:     nvgpu.tma.create.descriptor {{.*}} : memref<*xf16>
// CHECK:         nvgpu.tma.create.descriptor {{.*}} : memref<*xf32>
// CHECK:           nvgpu.mbarrier.init %{{.*}}, %c129
// CHECK:           nvvm.setmaxregister decrease 56
// CHECK:           scf.for
// CHECK:             nvgpu.mbarrier.arrive.expect_tx %{{.*}}, %c32768
// CHECK:             nvgpu.tma.async.load
// CHECK:             scf.for
// CHECK:               arith.xori
// CHECK:               %[[N:.*]] = arith.select %{{.*}}, %c2, %c0 : index
// CHECK:               nvgpu.device_async_copy %{{.*}}, %{{.*}}, 2, %[[N]] : memref<130x70xf16> to memref<{{[0-9]+}}xf16, #gpu.address_space<workgroup>>
// CHECK:             nvvm.cp.async.commit.group
// CHECK:             scf.if
// CHECK:               nvvm.cp.async.wait.group 2
// CHECK:               nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK:               nvgpu.mbarrier.arrive %{{.*}} -> !nvgpu.mbarrier.token
// CHECK:           nvvm.cp.async.wait.group 0
// CHECK:           scf.for
// CHECK:             nvvm.fence.proxy
// CHECK:             nvgpu.mbarrier.arrive %{{.*}} -> !nvgpu.mbarrier.token
// CHECK:           nvvm.setmaxregister increase 224
// CHECK:             builtin.unrealized_conversion_cast %{{.*}} : i64 to !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
// CHECK:             nvgpu.warpgroup.generate.descriptor
// CHECK:             nvgpu.warpgroup.mma {{.*}} {transposeB}
// CHECK:           nvgpu.tma.async.store

// R0:              nvgpu.mbarrier.init %{{.*}}, %c257
// R0:              nvgpu.mbarrier.arrive.expect_tx %{{.*}}, %c16384
// R0:              arith.xori
// R0:              nvgpu.device_async_copy
// R0:              nvvm.cp.async.commit.group
// R0-NEXT:         nvvm.cp.async.wait.group 0
// R0-NEXT:         nvvm.fence.proxy
// R0-NEXT:         nvgpu.mbarrier.arrive %{{.*}} -> !nvgpu.mbarrier.token
// R0:              nvgpu.warpgroup.mma {{.*}} {transposeB}

// PTX: .target sm_90a
// PTX-DAG: cp.async.ca.shared.global [%{{.*}}], [%{{.*}}], 4, %{{.*}};
// PTX-DAG: cp.async.wait_group 2;
// PTX-DAG: fence.proxy.async.shared::cta
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16

// JSON: "dynamic_shared_bytes": 196608,
// JSON-NOT: "memref": "memref<130x70xf16>",{{.*}}"tensormap"
// JSON: "source": "tensormap",
// JSON: "memref": "memref<70x136xf16>",

// CLUSTER: bounds-unaligned.mlir:[[# @LINE + 4]]:7: error: 'affine.for' op a row of A (K = 70 f16 elements) is 140 bytes, not a multiple of the 16 bytes TMA strides need, and a cluster multicasts TMA loads
func.func @matmul(%A: memref<130x70xf16>, %B: memref<70x136xf16>, %C: memref<130x136xf32>) {
  affine.for %i = 0 to 130 {
    affine.for %j = 0 to 136 {
      affine.for %k = 0 to 70 {
        %a = affine.load %A[%i, %k] : memref<130x70xf16>
        %b = affine.load %B[%k, %j] : memref<70x136xf16>
        %c = affine.load %C[%i, %j] : memref<130x136xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<130x136xf32>
      }
    }
  }
  return
}
