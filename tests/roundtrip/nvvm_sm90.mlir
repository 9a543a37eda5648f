// The MLIR 19 nvvm ops of the Hopper and Ampere paths beyond the paper:
// cluster barriers, bulk async groups, TMA prefetch, stmatrix, mbarrier
// variants, redux, rcp.
func.func @cluster(%n: i32, %m: i32) {
  nvvm.cluster.arrive
  nvvm.cluster.arrive {aligned}
  nvvm.cluster.arrive.relaxed
  nvvm.cluster.arrive.relaxed {aligned}
  nvvm.cluster.wait
  nvvm.cluster.wait {aligned}
  nvvm.barrier.arrive number_of_threads = %n
  nvvm.barrier.arrive id = %m number_of_threads = %n
  nvvm.bar.warp.sync %m : i32
  return
}
func.func @bulk(%d: !llvm.ptr, %b: i1) {
  nvvm.prefetch.tensormap %d : !llvm.ptr
  nvvm.prefetch.tensormap %d, predicate = %b : !llvm.ptr, i1
  nvvm.cp.async.bulk.commit.group
  nvvm.cp.async.bulk.wait_group 1
  nvvm.cp.async.bulk.wait_group 0 {read}
  return
}
func.func @mbarrier(%p: !llvm.ptr, %s: !llvm.ptr<3>, %n: i32) -> i64 {
  %0 = nvvm.mbarrier.arrive.nocomplete %p, %n : !llvm.ptr, i32 -> i64
  %1 = nvvm.mbarrier.arrive.nocomplete.shared %s, %n : !llvm.ptr<3>, i32 -> i64
  nvvm.mbarrier.inval %p : !llvm.ptr
  nvvm.mbarrier.inval.shared %s : !llvm.ptr<3>
  nvvm.cp.async.mbarrier.arrive %p : !llvm.ptr
  nvvm.cp.async.mbarrier.arrive %p {noinc = true} : !llvm.ptr
  nvvm.cp.async.mbarrier.arrive.shared %s {noinc = true} : !llvm.ptr<3>
  return %1 : i64
}
func.func @warp(%s: !llvm.ptr<3>, %r: i32, %f: f32) -> f32 {
  nvvm.stmatrix %s, %r {layout = #nvvm.mma_layout<row>} : !llvm.ptr<3>, i32
  nvvm.stmatrix %s, %r, %r, %r, %r {layout = #nvvm.mma_layout<col>} : !llvm.ptr<3>, i32, i32, i32, i32
  %0 = nvvm.redux.sync  umax %r, %r : i32 -> i32
  %1 = nvvm.rcp.approx.ftz.f %f : f32
  return %1 : f32
}
