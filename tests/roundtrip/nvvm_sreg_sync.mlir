// Special registers, barriers, warp shuffles and votes, elect and fences.
func.func @sreg() -> i64 {
  %0 = nvvm.read.ptx.sreg.tid.x : i32
  %1 = nvvm.read.ptx.sreg.tid.y : i32
  %2 = nvvm.read.ptx.sreg.tid.z : i32
  %3 = nvvm.read.ptx.sreg.ntid.x : i32
  %4 = nvvm.read.ptx.sreg.ctaid.y : i32
  %5 = nvvm.read.ptx.sreg.nctaid.z : i32
  %6 = nvvm.read.ptx.sreg.laneid : i32
  %7 = nvvm.read.ptx.sreg.warpsize : i32
  %8 = nvvm.read.ptx.sreg.clusterid.x : i32
  %9 = nvvm.read.ptx.sreg.nclusterid.y : i32
  %10 = nvvm.read.ptx.sreg.cluster.ctaid.z : i32
  %11 = nvvm.read.ptx.sreg.cluster.nctaid.x : i32
  %12 = nvvm.read.ptx.sreg.cluster.ctarank : i32
  %13 = nvvm.read.ptx.sreg.cluster.nctarank : i32
  %14 = nvvm.read.ptx.sreg.clock : i32
  %15 = nvvm.read.ptx.sreg.clock64 : i64
  return %15 : i64
}
func.func @sync(%id: i32, %n: i32, %mask: i32, %f: f32, %i: i32, %p: i1) {
  nvvm.barrier0
  nvvm.barrier
  nvvm.barrier id = %id
  nvvm.barrier id = %id number_of_threads = %n
  %0 = nvvm.shfl.sync  bfly %mask, %f, %i, %n : f32 -> f32
  %1 = nvvm.shfl.sync  up %mask, %i, %i, %n : i32 -> i32
  %2 = nvvm.shfl.sync  idx %mask, %f, %i, %n {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
  %3 = nvvm.vote.ballot.sync %mask, %p : i32
  %4 = nvvm.elect.sync -> i1
  nvvm.fence.mbarrier.init
  nvvm.fence.sc.cluster
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<alias>}
  nvvm.setmaxregister  increase 232
  nvvm.setmaxregister  decrease 40
  return
}
