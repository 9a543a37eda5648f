// The MLIR 19 nvvm ops of the Hopper (TMA, mbarrier, wgmma, clusters) and
// Ampere (cp.async, stmatrix) tensor-core paths, in the shape of a
// warp-specialised kernel: by-value TMA descriptors (llvm.byval,
// nvvm.grid_constant), mbarrier set-up, TMA loads into shared memory, a TMA
// store; and a device function with wgmma of every input type. mlir-opt-19 --convert-nvvm-to-llvm
// | mlir-translate-19 makes the same calls (TestMatchesUpstreamPTXBuilder).
llvm.mlir.global internal @smem() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<32768 x i8>

llvm.func @hopper(%desc: !llvm.ptr {llvm.byval = !llvm.array<128 x i8>, llvm.align = 64 : i64, nvvm.grid_constant},
                  %out: !llvm.ptr<1>, %x: i32, %y: i32,
                  %store_desc: !llvm.ptr {llvm.byval = !llvm.array<128 x i8>, llvm.align = 64 : i64, nvvm.grid_constant},
                  %da: i64, %db: i64, %mask: i16, %hint: i64, %boff: i32)
    attributes {nvvm.kernel, nvvm.reqntid = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32, nvvm.maxnreg = 168 : i32} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c128 = llvm.mlir.constant(128 : i32) : i32
  %tx = llvm.mlir.constant(16384 : i32) : i32
  %ticks = llvm.mlir.constant(10000000 : i32) : i32
  %base = llvm.mlir.addressof @smem : !llvm.ptr<3>
  %bar = llvm.getelementptr %base[%boff] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  %gbar = llvm.addrspacecast %bar : !llvm.ptr<3> to !llvm.ptr
  %tid = nvvm.read.ptx.sreg.tid.x : i32
  %warp = llvm.udiv %tid, %c128 : i32
  %leader = nvvm.elect.sync -> i1
  %first = llvm.icmp "eq" %tid, %c0 : i32

  // Set-up: the descriptor in cache, the barrier initialised and visible.
  nvvm.prefetch.tensormap %desc : !llvm.ptr
  nvvm.prefetch.tensormap %store_desc, predicate = %first : !llvm.ptr, i1
  nvvm.mbarrier.init.shared %bar, %c1, predicate = %first : !llvm.ptr<3>, i32, i1
  nvvm.mbarrier.init %gbar, %c1 : !llvm.ptr, i32
  nvvm.fence.mbarrier.init
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cluster>}
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<async>}
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.global>}
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<alias>}
  nvvm.fence.sc.cluster
  nvvm.cluster.arrive.relaxed {aligned}
  nvvm.cluster.wait {aligned}
  nvvm.barrier0

  // Producer: TMA loads of 1 to 5 dimensions, with and without multicast,
  // cache hint, im2col and predicate, completing on the barrier.
  nvvm.setmaxregister decrease 40
  nvvm.mbarrier.arrive.expect_tx.shared %bar, %tx, predicate = %leader : !llvm.ptr<3>, i32, i1
  nvvm.mbarrier.arrive.expect_tx %gbar, %tx : !llvm.ptr, i32
  nvvm.cp.async.bulk.tensor.shared.cluster.global %base, %desc, %bar, box[%x] : !llvm.ptr<3>, !llvm.ptr
  nvvm.cp.async.bulk.tensor.shared.cluster.global %base, %desc, %bar, box[%x, %y] predicate = %leader : !llvm.ptr<3>, !llvm.ptr
  nvvm.cp.async.bulk.tensor.shared.cluster.global %base, %desc, %bar, box[%x, %y, %x] multicast_mask = %mask : !llvm.ptr<3>, !llvm.ptr
  nvvm.cp.async.bulk.tensor.shared.cluster.global %base, %desc, %bar, box[%x, %y, %x, %y] im2col[%mask, %mask] l2_cache_hint = %hint : !llvm.ptr<3>, !llvm.ptr
  nvvm.cp.async.bulk.tensor.shared.cluster.global %base, %desc, %bar, box[%x, %y, %x, %y, %x] multicast_mask = %mask l2_cache_hint = %hint predicate = %leader : !llvm.ptr<3>, !llvm.ptr

  // Consumer: wait for the phase; its wgmma work is in @mma.
  nvvm.setmaxregister increase 232
  nvvm.mbarrier.try_wait.parity.shared %bar, %c0, %ticks : !llvm.ptr<3>, i32, i32
  nvvm.mbarrier.try_wait.parity %gbar, %y, %ticks : !llvm.ptr, i32, i32
  %xf = llvm.sitofp %x : i32 to f32
  %r = nvvm.rcp.approx.ftz.f %xf : f32
  llvm.store %r, %out : f32, !llvm.ptr<1>

  // Epilogue: stmatrix to shared memory, TMA store of it, bulk groups.
  nvvm.stmatrix %base, %x {layout = #nvvm.mma_layout<row>} : !llvm.ptr<3>, i32
  nvvm.stmatrix %base, %x, %y {layout = #nvvm.mma_layout<col>} : !llvm.ptr<3>, i32, i32
  nvvm.stmatrix %base, %x, %y, %x, %y {layout = #nvvm.mma_layout<row>} : !llvm.ptr<3>, i32, i32, i32, i32
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
  nvvm.barrier.arrive number_of_threads = %c128
  nvvm.barrier.arrive id = %c1 number_of_threads = %c128
  nvvm.barrier id = %c1 number_of_threads = %c128
  nvvm.cp.async.bulk.tensor.global.shared.cta %store_desc, %base, box[%x, %y] : !llvm.ptr, !llvm.ptr<3>, i32, i32
  nvvm.cp.async.bulk.tensor.global.shared.cta %store_desc, %base, box[%x, %y, %x, %y, %x], predicate = %leader : !llvm.ptr, !llvm.ptr<3>, i32, i32, i32, i32, i32, i1
  nvvm.cp.async.bulk.commit.group
  nvvm.cp.async.bulk.wait_group 1
  nvvm.cp.async.bulk.wait_group 0 {read}

  // Ampere-style asynchronous copies and barrier bookkeeping.
  %gsrc = llvm.getelementptr %out[4] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
  nvvm.cp.async.shared.global %base, %gsrc, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
  nvvm.cp.async.mbarrier.arrive.shared %bar : !llvm.ptr<3>
  nvvm.cp.async.mbarrier.arrive %gbar {noinc = true} : !llvm.ptr
  nvvm.cp.async.mbarrier.arrive.shared %bar {noinc = true} : !llvm.ptr<3>
  nvvm.cp.async.commit.group
  nvvm.cp.async.wait.group 0
  %s0 = nvvm.mbarrier.arrive.nocomplete.shared %bar, %c1 : !llvm.ptr<3>, i32 -> i64
  %s1 = nvvm.mbarrier.arrive.nocomplete %gbar, %c1 : !llvm.ptr, i32 -> i64
  %s2 = nvvm.mbarrier.arrive.shared %bar : !llvm.ptr<3> -> i64
  %done = nvvm.mbarrier.test.wait.shared %bar, %s2 : !llvm.ptr<3>, i64 -> i1
  %m = nvvm.redux.sync min %x, %tid : i32 -> i32
  %mu = nvvm.redux.sync umax %m, %tid : i32 -> i32
  nvvm.bar.warp.sync %mu : i32
  nvvm.cluster.arrive
  nvvm.cluster.wait
  nvvm.mbarrier.inval.shared %bar : !llvm.ptr<3>
  nvvm.mbarrier.inval %gbar : !llvm.ptr
  llvm.return
}

// The consumer's tensor-core work: wgmma of f16, bf16, tf32, fp8 and s8
// inputs into f32, f16 (as i32 pairs) and s32 accumulators, with scale-d,
// negation and transposes.
llvm.func @mma(%da: i64, %db: i64, %acc64: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>, %acch: !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>, %acc4: !llvm.struct<(f32, f32, f32, f32)>, %acci: !llvm.struct<(i32, i32, i32, i32)>) -> f32 {
  nvvm.wgmma.fence.aligned
  %d0 = nvvm.wgmma.mma_async %da, %db, %acc64, <m = 64, n = 128, k = 16>, D[<f32>, <zero>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %d1 = nvvm.wgmma.mma_async %da, %db, %d0, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<bf16>, <neg>, <col>], B[<bf16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %d2 = nvvm.wgmma.mma_async %da, %db, %acch, <m = 64, n = 128, k = 16>, D[<f16>, <one>], A[<f16>, <one>, <row>], B[<f16>, <neg>, <row>] : !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)> -> !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>
  %d3 = nvvm.wgmma.mma_async %da, %db, %acc4, <m = 64, n = 8, k = 8>, D[<f32>, <one>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  %d4 = nvvm.wgmma.mma_async %da, %db, %acc4, <m = 64, n = 8, k = 32>, D[<f32>, <one>], A[<e4m3>, <one>, <row>], B[<e5m2>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  %d5 = nvvm.wgmma.mma_async %da, %db, %acci, <m = 64, n = 8, k = 32>, D[<s32>, <one>, <satfinite>], A[<s8>, <one>, <row>], B[<u8>, <one>, <col>] : !llvm.struct<(i32, i32, i32, i32)> -> !llvm.struct<(i32, i32, i32, i32)>
  nvvm.wgmma.commit.group.sync.aligned
  nvvm.wgmma.wait.group.sync.aligned 0
  %v = llvm.extractvalue %d1[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  %v3 = llvm.extractvalue %d3[1] : !llvm.struct<(f32, f32, f32, f32)>
  %v4 = llvm.extractvalue %d4[2] : !llvm.struct<(f32, f32, f32, f32)>
  %h = llvm.extractvalue %d2[3] : !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>
  %i = llvm.extractvalue %d5[0] : !llvm.struct<(i32, i32, i32, i32)>
  %sum = llvm.fadd %v, %v3 : f32
  %sum2 = llvm.fadd %sum, %v4 : f32
  %i0 = llvm.bitcast %h : i32 to f32
  %i1 = llvm.bitcast %i : i32 to f32
  %s3 = llvm.fadd %sum2, %i0 : f32
  %s4 = llvm.fadd %s3, %i1 : f32
  llvm.return %s4 : f32
}
