// RUN: goopt opt %s --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: goopt opt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The cluster barrier halves carry an optional unit `aligned`.
// CHECK-LABEL: llvm.func @cluster
// CHECK: nvvm.cluster.arrive{{$}}
// CHECK: nvvm.cluster.arrive.relaxed {aligned}
// CHECK: nvvm.cluster.wait {aligned}
// CHECK: nvvm.barrier.arrive number_of_threads = %{{.*}}
// CHECK: nvvm.barrier.arrive id = %{{.*}} number_of_threads = %{{.*}}
// GENERIC: "nvvm.cluster.wait"() <{aligned}> : () -> ()
// GENERIC: "nvvm.barrier.arrive"(%{{.*}}) : (i32) -> ()
llvm.func @cluster(%n: i32) {
  nvvm.cluster.arrive
  nvvm.cluster.arrive.relaxed {aligned}
  nvvm.cluster.wait {aligned}
  nvvm.barrier.arrive number_of_threads = %n
  nvvm.barrier.arrive id = %n number_of_threads = %n
  llvm.return
}

// -----

// cp.async.mbarrier.arrive stores its default noinc = false, which the
// custom form leaves out; wait_group's read is a unit attribute.
// CHECK-LABEL: llvm.func @async
// CHECK: nvvm.cp.async.mbarrier.arrive %{{.*}} : !llvm.ptr
// CHECK: nvvm.cp.async.mbarrier.arrive.shared %{{.*}} {noinc = true} : !llvm.ptr<3>
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK: nvvm.prefetch.tensormap %{{.*}}, predicate = %{{.*}} : !llvm.ptr, i1
// GENERIC: "nvvm.cp.async.mbarrier.arrive"(%{{.*}}) <{noinc = false}> : (!llvm.ptr) -> ()
// GENERIC: "nvvm.cp.async.bulk.wait_group"() <{group = 0 : i32, read}> : () -> ()
llvm.func @async(%p: !llvm.ptr, %s: !llvm.ptr<3>, %b: i1) {
  nvvm.cp.async.mbarrier.arrive %p : !llvm.ptr
  nvvm.cp.async.mbarrier.arrive.shared %s {noinc = true} : !llvm.ptr<3>
  nvvm.cp.async.bulk.commit.group
  nvvm.cp.async.bulk.wait_group 0 {read}
  nvvm.prefetch.tensormap %p, predicate = %b : !llvm.ptr, i1
  llvm.return
}

// -----

// redux.sync's kind prints after two spaces, as shfl.sync's.
// CHECK-LABEL: llvm.func @warp
// CHECK: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}} {layout = #nvvm.mma_layout<row>} : !llvm.ptr<3>, i32, i32
// CHECK: nvvm.redux.sync  xor %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: nvvm.rcp.approx.ftz.f %{{.*}} : f32
// GENERIC: "nvvm.redux.sync"(%{{.*}}, %{{.*}}) <{kind = #nvvm<redux_kind xor>}> : (i32, i32) -> i32
llvm.func @warp(%s: !llvm.ptr<3>, %r: i32, %f: f32) {
  nvvm.stmatrix %s, %r, %r {layout = #nvvm.mma_layout<row>} : !llvm.ptr<3>, i32, i32
  %0 = nvvm.redux.sync xor %r, %r : i32 -> i32
  %1 = nvvm.rcp.approx.ftz.f %f : f32
  llvm.return
}

// -----

// mapa and the tensormap proxy fences postdate MLIR 19 (upstream's LLVM 20
// syntax). The fences print their scope stripped, and their proxies only
// when not the defaults generic -> tensormap.
// CHECK-LABEL: llvm.func @post19
// CHECK: nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<3>
// CHECK: nvvm.fence.proxy.release <gpu>{{$}}
// CHECK: nvvm.fence.proxy.acquire <cta> %{{.*}}, %{{.*}}{{$}}
// GENERIC: "nvvm.fence.proxy.release"() <{fromProxy = #nvvm.proxy_kind<generic>, scope = #nvvm.mem_scope<gpu>, toProxy = #nvvm.proxy_kind<tensormap>}> : () -> ()
// GENERIC: "nvvm.fence.proxy.acquire"(%{{.*}}, %{{.*}}) <{fromProxy = #nvvm.proxy_kind<generic>, scope = #nvvm.mem_scope<cta>, toProxy = #nvvm.proxy_kind<tensormap>}> : (!llvm.ptr, i32) -> ()
llvm.func @post19(%p: !llvm.ptr, %s: !llvm.ptr<3>, %r: i32) {
  %0 = nvvm.mapa %s, %r : !llvm.ptr<3> -> !llvm.ptr<3>
  %c128 = llvm.mlir.constant(128 : i32) : i32
  nvvm.fence.proxy.release #nvvm.mem_scope<gpu>
  nvvm.fence.proxy.acquire #nvvm.mem_scope<cta> %p, %c128 from_proxy = #nvvm.proxy_kind<generic>
  llvm.return
}
