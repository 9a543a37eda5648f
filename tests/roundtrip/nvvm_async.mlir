// cp.async, mbarriers, TMA copies, wgmma and the Hopper register hint.
func.func @cp_async(%s: !llvm.ptr<3>, %g: !llvm.ptr<1>, %n: i32) {
  nvvm.cp.async.shared.global %s, %g, 16, cache =  cg : !llvm.ptr<3>, !llvm.ptr<1>
  nvvm.cp.async.shared.global %s, %g, 4, cache =  ca, %n : !llvm.ptr<3>, !llvm.ptr<1>, i32
  nvvm.cp.async.commit.group
  nvvm.cp.async.wait.group 0
  return
}
func.func @mbarrier(%p: !llvm.ptr, %s: !llvm.ptr<3>, %n: i32, %b: i1) -> i1 {
  nvvm.mbarrier.init %p, %n : !llvm.ptr, i32
  nvvm.mbarrier.init %p, %n, predicate = %b : !llvm.ptr, i32, i1
  nvvm.mbarrier.init.shared %s, %n : !llvm.ptr<3>, i32
  %0 = nvvm.mbarrier.arrive %p : !llvm.ptr -> i64
  %1 = nvvm.mbarrier.arrive.shared %s : !llvm.ptr<3> -> i64
  nvvm.mbarrier.arrive.expect_tx %p, %n : !llvm.ptr, i32
  nvvm.mbarrier.arrive.expect_tx.shared %s, %n, predicate = %b : !llvm.ptr<3>, i32, i1
  nvvm.mbarrier.try_wait.parity %p, %n, %n : !llvm.ptr, i32, i32
  nvvm.mbarrier.try_wait.parity.shared %s, %n, %n : !llvm.ptr<3>, i32, i32
  %2 = nvvm.mbarrier.test.wait %p, %0 : !llvm.ptr, i64 -> i1
  %3 = nvvm.mbarrier.test.wait.shared %s, %1 : !llvm.ptr<3>, i64 -> i1
  return %3 : i1
}
func.func @tma(%s: !llvm.ptr<3>, %d: !llvm.ptr, %x: i32, %o: i16, %h: i64, %b: i1) {
  nvvm.cp.async.bulk.tensor.shared.cluster.global %s, %d, %s, box[%x, %x] : <3>, !llvm.ptr
  nvvm.cp.async.bulk.tensor.shared.cluster.global %s, %d, %s, box[%x, %x, %x] im2col[%o] multicast_mask = %o l2_cache_hint = %h predicate = %b : <3>, !llvm.ptr
  nvvm.cp.async.bulk.tensor.global.shared.cta %d, %s, box[%x, %x] : !llvm.ptr, !llvm.ptr<3>, i32, i32
  nvvm.cp.async.bulk.tensor.global.shared.cta %d, %s, box[%x], predicate = %b : !llvm.ptr, !llvm.ptr<3>, i32, i1
  return
}
func.func @wgmma(%da: i64, %db: i64, %acc: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, %iacc: !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>) {
  nvvm.wgmma.fence.aligned
  %0 = nvvm.wgmma.mma_async %da, %db, %acc, <m = 64, n = 32, k = 16>, D[<f32>, <zero>], A[<f16>, <neg>, <col>], B[<f16>, <neg>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %1 = nvvm.wgmma.mma_async %da, %db, %iacc, <m = 64, n = 32, k = 32>, D[<s32>, <one>, <satfinite>], A[<s8>, <one>, <row>], B[<u8>, <one>, <col>] : !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)> -> !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>
  nvvm.wgmma.commit.group.sync.aligned
  nvvm.wgmma.wait.group.sync.aligned 1
  return
}
