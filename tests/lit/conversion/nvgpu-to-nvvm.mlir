// RUN: goopt opt %s --split-input-file --convert-nvgpu-to-nvvm | FileCheck %s
// EQUIV: none (nvgpu ops not executable yet)

// The mbarrier ops address barrier mbarId of the group's shared global
// (made once by mbarrier.create, named @__mbarrier, then @__mbarrier_0)
// and become the `.shared` nvvm ops; counts are truncated to i32, the
// try_wait parity zero-extended.

!barrierType = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!tokenType = !nvgpu.mbarrier.token
// CHECK: memref.global "private" @__mbarrier_0 : memref<1xi64, 3> {alignment = 8 : i64}
// CHECK: memref.global "private" @__mbarrier : memref<2xi64, 3> {alignment = 8 : i64}
// CHECK-LABEL: func.func @mbarrier
func.func @mbarrier(%p: i1) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 128 : index
  // CHECK: %[[G:.*]] = memref.get_global @__mbarrier : memref<2xi64, 3>
  // CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %[[G]] : memref<2xi64, 3> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
  %bar = nvgpu.mbarrier.create -> !barrierType
  // CHECK: %[[B:.*]] = llvm.extractvalue %[[D]][1]
  // CHECK: %[[P:.*]] = llvm.getelementptr %[[B]][%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
  // CHECK: %[[N:.*]] = llvm.trunc %{{.*}} : i64 to i32
  // CHECK: nvvm.mbarrier.init.shared %[[P]], %[[N]] : !llvm.ptr<3>, i32
  nvgpu.mbarrier.init %bar[%c1], %n : !barrierType
  // CHECK: nvvm.mbarrier.init.shared %{{.*}}, %{{.*}}, predicate = %{{.*}} : !llvm.ptr<3>, i32, i1
  nvgpu.mbarrier.init %bar[%c0], %n, predicate = %p : !barrierType
  // CHECK: %[[T:.*]] = nvvm.mbarrier.arrive.shared %{{.*}} : !llvm.ptr<3> -> i64
  %t = nvgpu.mbarrier.arrive %bar[%c0] : !barrierType -> !tokenType
  // CHECK: nvvm.mbarrier.arrive.nocomplete.shared %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32 -> i64
  %t2 = nvgpu.mbarrier.arrive.nocomplete %bar[%c0], %n : !barrierType -> !tokenType
  // CHECK: nvvm.mbarrier.test.wait.shared %{{.*}}, %[[T]] : !llvm.ptr<3>, i64 -> i1
  %d = nvgpu.mbarrier.test.wait %bar[%c0], %t : !barrierType, !tokenType
  // CHECK: nvvm.mbarrier.arrive.expect_tx.shared %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
  nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %n : !barrierType
  // CHECK: nvvm.mbarrier.arrive.expect_tx.shared %{{.*}}, %{{.*}}, predicate = %{{.*}} : !llvm.ptr<3>, i32, i1
  nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %n, predicate = %p : !barrierType
  %ph = arith.constant 0 : i1
  // CHECK: %[[TK:.*]] = llvm.trunc %{{.*}} : i64 to i32
  // CHECK: %[[PH:.*]] = llvm.zext %{{.*}} : i1 to i32
  // CHECK: nvvm.mbarrier.try_wait.parity.shared %{{.*}}, %[[PH]], %[[TK]] : !llvm.ptr<3>, i32, i32
  nvgpu.mbarrier.try_wait.parity %bar[%c0], %ph, %n : !barrierType
  // CHECK: memref.get_global @__mbarrier_0 : memref<1xi64, 3>
  %bar2 = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
  return %d : i1
}

// -----

// TMA copies go from or to the start of the shared buffer, the
// coordinates truncated to i32 in their given order; the descriptor is an
// !llvm.ptr.

!barrierType = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tensorMap = !nvgpu.tensormap.descriptor<tensor = memref<32x32xf32, 3>, swizzle = swizzle_32b, l2promo = none, oob = zero, interleave = none>
!tensorMapHalf = !nvgpu.tensormap.descriptor<tensor = memref<16x32xf32, 3>, swizzle = swizzle_32b, l2promo = none, oob = zero, interleave = none>
// CHECK-LABEL: func.func @tma
// CHECK-SAME: (%[[TM:[a-zA-Z0-9_]+]]: !nvgpu.tensormap.descriptor
func.func @tma(%tm: !tensorMap, %tmHalf: !tensorMapHalf, %buf: memref<32x32xf32, 3>, %sub: memref<16x32xf32, strided<[32, 1], offset: 512>, 3>, %p: i1, %mask: i16) {
  // CHECK-DAG: %[[DESC:.*]] = builtin.unrealized_conversion_cast %[[TM]] : {{.*}} to !llvm.ptr
  %c0 = arith.constant 0 : index
  %x = arith.constant 3 : index
  %y = arith.constant 5 : index
  %bar = nvgpu.mbarrier.create -> !barrierType
  // CHECK: %[[DST:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
  // CHECK: %[[BAR:.*]] = llvm.getelementptr
  // CHECK: %[[X:.*]] = llvm.trunc %{{.*}} : i64 to i32
  // CHECK: %[[Y:.*]] = llvm.trunc %{{.*}} : i64 to i32
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST]], %[[DESC]], %[[BAR]], box[%[[X]], %[[Y]]] : <3>, !llvm.ptr
  nvgpu.tma.async.load %tm[%x, %y], %bar[%c0] to %buf : !tensorMap, !barrierType -> memref<32x32xf32, 3>
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[DESC]], %{{.*}}, box[%{{.*}}, %{{.*}}] multicast_mask = %{{.*}} predicate = %{{.*}} : <3>, !llvm.ptr
  nvgpu.tma.async.load %tm[%x, %y], %bar[%c0] to %buf multicast_mask = %mask, predicate = %p : !tensorMap, !barrierType -> memref<32x32xf32, 3>
  // A strided buffer starts at its static offset.
  // CHECK: %[[SB:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
  // CHECK: %[[OFF:.*]] = llvm.mlir.constant(512 : index) : i64
  // CHECK: %[[SP:.*]] = llvm.getelementptr %[[SB]][%[[OFF]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[SP]]
  nvgpu.tma.async.load %tmHalf[%x, %y], %bar[%c0] to %sub : !tensorMapHalf, !barrierType -> memref<16x32xf32, strided<[32, 1], offset: 512>, 3>
  // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %[[DESC]], %{{.*}}, box[%{{.*}}, %{{.*}}] : !llvm.ptr, !llvm.ptr<3>, i32, i32
  nvgpu.tma.async.store %buf to %tm[%x, %y] : memref<32x32xf32, 3> -> !tensorMap
  // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %[[DESC]], %{{.*}}, box[%{{.*}}, %{{.*}}], predicate = %{{.*}} : !llvm.ptr, !llvm.ptr<3>, i32, i32, i1
  nvgpu.tma.async.store %buf to %tm[%x, %y], predicate = %p : memref<32x32xf32, 3> -> !tensorMap
  // CHECK: nvvm.prefetch.tensormap %[[DESC]] : !llvm.ptr
  nvgpu.tma.prefetch.descriptor %tm : !tensorMap
  // CHECK: nvvm.prefetch.tensormap %[[DESC]], predicate = %{{.*}} : !llvm.ptr, i1
  nvgpu.tma.prefetch.descriptor %tm, predicate = %p : !tensorMap
  return
}

// -----

// The wgmma matrix descriptor of a 128B-swizzled f16 tile: layout code 1
// at bit 62, stride 1024 >> 4 = 64 at bit 32, leading 128 * 128 >> 4 =
// 1024 at bit 16, and bits [4,18) of the buffer's address.

!tensorMap = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK-LABEL: func.func @descriptor
func.func @descriptor(%tm: !tensorMap, %buf: memref<128x64xf16, 3>) -> !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>> {
  // CHECK: %[[STRIDE:.*]] = llvm.mlir.constant(64 : i64) : i64
  // CHECK: %[[LEAD:.*]] = llvm.mlir.constant(1024 : i64) : i64
  // CHECK: %[[BASE:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
  // CHECK: %[[ADDR:.*]] = llvm.ptrtoint %[[BASE]] : !llvm.ptr<3> to i64
  // CHECK: %[[C46:.*]] = llvm.mlir.constant(46 : i64) : i64
  // CHECK: %[[S1:.*]] = llvm.shl %[[ADDR]], %[[C46]] : i64
  // CHECK: %[[C50:.*]] = llvm.mlir.constant(50 : i64) : i64
  // CHECK: %[[A14:.*]] = llvm.lshr %[[S1]], %[[C50]] : i64
  // CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i64) : i64
  // CHECK: %[[SW:.*]] = llvm.mlir.constant(1 : i64) : i64
  // CHECK: %[[C62:.*]] = llvm.mlir.constant(62 : i64) : i64
  // CHECK: %[[S2:.*]] = llvm.shl %[[SW]], %[[C62]] : i64
  // CHECK: %[[D1:.*]] = llvm.or %[[Z]], %[[S2]] : i64
  // CHECK: llvm.mlir.constant(49 : i64) : i64
  // CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i64) : i64
  // CHECK: llvm.shl %[[STRIDE]], %[[C32]] : i64
  // CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i64) : i64
  // CHECK: llvm.shl %[[LEAD]], %[[C16]] : i64
  // CHECK: %[[C0:.*]] = llvm.mlir.constant(0 : i64) : i64
  // CHECK: llvm.shl %[[A14]], %[[C0]] : i64
  // CHECK: %[[DESC:.*]] = llvm.or
  // CHECK: %[[R:.*]] = builtin.unrealized_conversion_cast %[[DESC]] : i64 to !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
  // CHECK: return %[[R]]
  %d = nvgpu.warpgroup.generate.descriptor %buf, %tm : memref<128x64xf16, 3>, !tensorMap -> !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
  return %d : !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
}

// -----

// A 128x16x32 warpgroup MMA is two 64-row tiles of two k steps: the A
// descriptor advances 2 (32 bytes) per k step and 128 per tile, B's 64
// (32 rows of 16 f16) per k step; fenced, committed and waited on.

!accType = !nvgpu.warpgroup.accumulator<fragmented = vector<128x16xf32>>
// CHECK-LABEL: func.func @mma
func.func @mma(%a: !nvgpu.warpgroup.descriptor<tensor = memref<128x32xf16, 3>>, %b: !nvgpu.warpgroup.descriptor<tensor = memref<32x16xf16, 3>>, %acc: !accType) -> !accType {
  // CHECK-DAG: %[[ACC:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !nvgpu.warpgroup.accumulator<fragmented = vector<128x16xf32>> to !llvm.struct<(struct<(f32, f32, f32, f32, f32, f32, f32, f32)>, struct<(f32, f32, f32, f32, f32, f32, f32, f32)>)>
  // CHECK-DAG: %[[B:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !nvgpu.warpgroup.descriptor<tensor = memref<32x16xf16, 3>> to i64
  // CHECK-DAG: %[[A:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !nvgpu.warpgroup.descriptor<tensor = memref<128x32xf16, 3>> to i64
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(struct<(f32, f32, f32, f32, f32, f32, f32, f32)>, struct<(f32, f32, f32, f32, f32, f32, f32, f32)>)>
  // CHECK: %[[T0:.*]] = llvm.extractvalue %[[ACC]][0]
  // CHECK: %[[W0:.*]] = nvvm.wgmma.mma_async %[[A]], %[[B]], %[[T0]], <m = 64, n = 16, k = 16>, D[<f32>, <one>, <wrapped>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK: %[[I1:.*]] = llvm.mlir.constant(2 : i32) : i64
  // CHECK: %[[A1:.*]] = llvm.add %[[A]], %[[I1]] : i64
  // CHECK: %[[I2:.*]] = llvm.mlir.constant(64 : i32) : i64
  // CHECK: %[[B1:.*]] = llvm.add %[[B]], %[[I2]] : i64
  // CHECK: %[[W1:.*]] = nvvm.wgmma.mma_async %[[A1]], %[[B1]], %[[W0]]
  // CHECK: %[[T1:.*]] = llvm.extractvalue %[[ACC]][1]
  // CHECK: llvm.mlir.constant(128 : i32) : i64
  // CHECK: %[[W2:.*]] = nvvm.wgmma.mma_async %{{.*}}, %[[B]], %[[T1]]
  // CHECK: llvm.mlir.constant(130 : i32) : i64
  // CHECK: %[[W3:.*]] = nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[W2]]
  // CHECK: %[[R0:.*]] = llvm.insertvalue %[[W1]], %[[U]][0]
  // CHECK: %[[R1:.*]] = llvm.insertvalue %[[W3]], %[[R0]][1]
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK: nvvm.wgmma.wait.group.sync.aligned 1
  %r = nvgpu.warpgroup.mma %a, %b, %acc {transposeB} : !nvgpu.warpgroup.descriptor<tensor = memref<128x32xf16, 3>>, !nvgpu.warpgroup.descriptor<tensor = memref<32x16xf16, 3>>, !accType -> !accType
  return %r : !accType
}

// -----

// The accumulator's registers are stored at their fragment positions:
// thread t of warp w holds rows 16w + (t%32)/4 (+8) and columns
// 2(t%4) (+1) of every 8-column block, tile i 64 rows further down.

// CHECK-LABEL: func.func @mma_store
func.func @mma_store(%acc: !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>, %d: memref<128x128xf32, 3>) {
  // CHECK: %[[T0:.*]] = llvm.extractvalue %{{.*}}[0]
  // CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK: %[[LANE:.*]] = llvm.urem %[[TID]], %[[C32]] : i32
  // CHECK: %[[WARP:.*]] = llvm.udiv %[[TID]], %[[C32]] : i32
  // CHECK-COUNT-64: memref.store
  // CHECK: %[[T1:.*]] = llvm.extractvalue %{{.*}}[1]
  // CHECK: llvm.mlir.constant(64 : i32) : i32
  // CHECK-COUNT-64: memref.store
  // CHECK-NOT: memref.store
  nvgpu.warpgroup.mma.store %acc, %d : !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>> to memref<128x128xf32, 3>
  return
}

// CHECK-LABEL: func.func @init_accumulator
func.func @init_accumulator() -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x16xf32>> {
  // CHECK: %[[Z:.*]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
  // CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(struct<(f32, f32, f32, f32, f32, f32, f32, f32)>)>
  // CHECK: %[[E:.*]] = llvm.extractvalue %[[U]][0]
  // CHECK: llvm.insertvalue %[[Z]], %[[E]][0]
  // CHECK-COUNT-7: llvm.insertvalue %[[Z]]
  // CHECK: llvm.insertvalue %{{.*}}, %[[U]][0]
  %z = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x16xf32>>
  return %z : !nvgpu.warpgroup.accumulator<fragmented = vector<64x16xf32>>
}

// -----

// Ampere's ops: ldmatrix bitcasts its i32 registers to the result rows,
// mma.sync unpacks and repacks the fragments, cp.async reads the source
// through a global pointer; the async tokens are dummy i32 zeros.

// CHECK-LABEL: func.func @ldmatrix_x4
func.func @ldmatrix_x4(%m: memref<128x128xf16, 3>, %i: index) -> vector<4x2xf16> {
  // CHECK: nvvm.ldmatrix %{{.*}} {layout = #nvvm.mma_layout<row>, num = 4 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
  // CHECK-COUNT-4: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
  %a = nvgpu.ldmatrix %m[%i, %i] {transpose = false, numTiles = 4 : i32} : memref<128x128xf16, 3> -> vector<4x2xf16>
  return %a : vector<4x2xf16>
}

// CHECK-LABEL: func.func @ldmatrix_x1_trans
func.func @ldmatrix_x1_trans(%m: memref<128x128xf16, 3>, %i: index) -> vector<1x2xf16> {
  // CHECK: nvvm.ldmatrix %{{.*}} {layout = #nvvm.mma_layout<col>, num = 1 : i32} : (!llvm.ptr<3>) -> i32
  %a = nvgpu.ldmatrix %m[%i, %i] {transpose = true, numTiles = 1 : i32} : memref<128x128xf16, 3> -> vector<1x2xf16>
  return %a : vector<1x2xf16>
}

// CHECK-LABEL: func.func @m16n8k16_fp16_fp32
func.func @m16n8k16_fp16_fp32(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // CHECK: %[[D:.*]] = nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] B[%{{.*}}, %{{.*}}] C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]
  // CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 16>
  // CHECK-SAME: (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  // CHECK: llvm.mlir.undef : vector<2xf32>
  // CHECK: llvm.extractvalue %[[D]][0]
  // CHECK: llvm.extractvalue %[[D]][1]
  // CHECK: llvm.insertelement
  // CHECK: llvm.insertelement
  // CHECK: llvm.mlir.undef : vector<2xf32>
  // CHECK: llvm.mlir.undef : !llvm.array<2 x vector<2xf32>>
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// CHECK-LABEL: func.func @m16n8k32_int8
func.func @m16n8k32_int8(%a: vector<4x4xi8>, %b: vector<2x4xi8>, %c: vector<2x2xi32>) -> vector<2x2xi32> {
  // CHECK-COUNT-6: llvm.bitcast %{{.*}} : vector<4xi8> to i32
  // CHECK: nvvm.mma.sync
  // CHECK-SAME: intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>
  // CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<s8>
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 32]} : (vector<4x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
  return %d : vector<2x2xi32>
}

// CHECK-LABEL: func.func @async_cp
func.func @async_cp(%src: memref<128x128xf32>, %dst: memref<3x16x128xf32, 3>, %i: index) -> !nvgpu.device.async.token {
  // CHECK: %[[DST:.*]] = llvm.getelementptr %{{.*}} : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
  // CHECK: %[[SRC:.*]] = llvm.getelementptr %{{.*}} : (!llvm.ptr, i64) -> !llvm.ptr, f32
  // CHECK: %[[G:.*]] = llvm.addrspacecast %[[SRC]] : !llvm.ptr to !llvm.ptr<1>
  // CHECK: nvvm.cp.async.shared.global %[[DST]], %[[G]], 16, cache =  ca : !llvm.ptr<3>, !llvm.ptr<1>
  %0 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i, %i], 4 : memref<128x128xf32> to memref<3x16x128xf32, 3>
  // CHECK: nvvm.cp.async.commit.group
  %1 = nvgpu.device_async_create_group %0
  // CHECK: nvvm.cp.async.wait.group 1
  nvgpu.device_async_wait %1 {numGroups = 1 : i32}
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache =  cg : !llvm.ptr<3>, !llvm.ptr<1>
  %2 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i, %i], 4 {bypassL1} : memref<128x128xf32> to memref<3x16x128xf32, 3>
  // A partial copy reads srcElements * 32 / 8 bytes and zero-fills the rest.
  // CHECK: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK: %[[BITS:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK: %[[N:.*]] = llvm.trunc %{{.*}} : i64 to i32
  // CHECK: %[[M:.*]] = llvm.mul %[[BITS]], %[[N]] : i32
  // CHECK: %[[BYTES:.*]] = llvm.lshr %[[M]], %[[C3]] : i32
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache =  ca, %[[BYTES]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
  %3 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i, %i], 4, %i : memref<128x128xf32> to memref<3x16x128xf32, 3>
  // CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: builtin.unrealized_conversion_cast %[[Z]] : i32 to !nvgpu.device.async.token
  return %3 : !nvgpu.device.async.token
}
