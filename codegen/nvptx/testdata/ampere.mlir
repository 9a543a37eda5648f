// The Ampere tensor-core path: cp.async copies into shared memory,
// ldmatrix fragments, mma.sync of f16, tf32, s8 and f64; and the
// special registers and votes a kernel reads. mlir-translate-19 calls the
// same intrinsics (TestMatchesMLIRTranslate).
llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4096 x i8>

llvm.func @ampere(%g: !llvm.ptr<1>, %out: !llvm.ptr<1>, %bar: !llvm.ptr, %n: i32)
    attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>} {
  %s = llvm.mlir.addressof @tile : !llvm.ptr<3>
  nvvm.cp.async.shared.global %s, %g, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
  nvvm.cp.async.shared.global %s, %g, 16, cache = cg, %n : !llvm.ptr<3>, !llvm.ptr<1>, i32
  nvvm.cp.async.shared.global %s, %g, 8, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>
  nvvm.cp.async.shared.global %s, %g, 4, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>
  nvvm.cp.async.commit.group
  nvvm.cp.async.wait.group 0
  %st = nvvm.mbarrier.arrive %bar : !llvm.ptr -> i64
  %ok = nvvm.mbarrier.test.wait %bar, %st : !llvm.ptr, i64 -> i1
  nvvm.barrier0
  %l1 = nvvm.ldmatrix %s {layout = #nvvm.mma_layout<row>, num = 1 : i32} : (!llvm.ptr<3>) -> i32
  %l2 = nvvm.ldmatrix %s {layout = #nvvm.mma_layout<col>, num = 2 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
  %l4 = nvvm.ldmatrix %s {layout = #nvvm.mma_layout<row>, num = 4 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
  %a0 = llvm.extractvalue %l4[0] : !llvm.struct<(i32, i32, i32, i32)>
  %a1 = llvm.extractvalue %l4[1] : !llvm.struct<(i32, i32, i32, i32)>
  %b0 = llvm.extractvalue %l2[0] : !llvm.struct<(i32, i32)>
  %h = llvm.bitcast %a0 : i32 to vector<2xf16>
  %hb = llvm.bitcast %b0 : i32 to vector<2xf16>
  %f = llvm.bitcast %a1 : i32 to f32
  %d = llvm.sitofp %l1 : i32 to f64
  %m0 = nvvm.mma.sync A[%h, %h, %h, %h] B[%hb, %hb] C[%h, %h] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  %m1 = nvvm.mma.sync A[%h, %h, %h, %h] B[%hb, %hb] C[%f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  %m3 = nvvm.mma.sync A[%a0, %a0, %a0, %a0] B[%b0, %b0] C[%f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  %m4 = nvvm.mma.sync A[%a0, %a0, %a0, %a0] B[%b0, %b0] C[%n, %n, %n, %n] {intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
  %m5 = nvvm.mma.sync A[%d] B[%d] C[%d, %d] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (f64, f64, f64) -> !llvm.struct<(f64, f64)>
  %r1 = llvm.extractvalue %m1[0] : !llvm.struct<(f32, f32, f32, f32)>
  %r3 = llvm.extractvalue %m3[2] : !llvm.struct<(f32, f32, f32, f32)>
  %r4 = llvm.extractvalue %m4[3] : !llvm.struct<(i32, i32, i32, i32)>
  %r5 = llvm.extractvalue %m5[0] : !llvm.struct<(f64, f64)>
  %r0 = llvm.extractvalue %m0[0] : !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  %r0i = llvm.bitcast %r0 : vector<2xf16> to i32
  %x1 = llvm.fadd %r1, %r1 : f32
  %x2 = llvm.fadd %x1, %r3 : f32
  %x3 = llvm.sitofp %r4 : i32 to f32
  %x4 = llvm.fadd %x2, %x3 : f32
  %x5 = llvm.fptrunc %r5 : f64 to f32
  %x6 = llvm.fadd %x4, %x5 : f32
  %x7 = llvm.sitofp %r0i : i32 to f32
  %x8 = llvm.fadd %x6, %x7 : f32
  llvm.store %x8, %out : f32, !llvm.ptr<1>

  // Every MLIR 19 special register, and a vote.
  %t0 = nvvm.read.ptx.sreg.laneid : i32
  %t1 = nvvm.read.ptx.sreg.warpsize : i32
  %t2 = nvvm.read.ptx.sreg.tid.x : i32
  %t3 = nvvm.read.ptx.sreg.tid.y : i32
  %t4 = nvvm.read.ptx.sreg.tid.z : i32
  %t5 = nvvm.read.ptx.sreg.ntid.x : i32
  %t6 = nvvm.read.ptx.sreg.ntid.y : i32
  %t7 = nvvm.read.ptx.sreg.ntid.z : i32
  %t8 = nvvm.read.ptx.sreg.ctaid.x : i32
  %t9 = nvvm.read.ptx.sreg.ctaid.y : i32
  %t10 = nvvm.read.ptx.sreg.ctaid.z : i32
  %t11 = nvvm.read.ptx.sreg.nctaid.x : i32
  %t12 = nvvm.read.ptx.sreg.nctaid.y : i32
  %t13 = nvvm.read.ptx.sreg.nctaid.z : i32
  %t14 = nvvm.read.ptx.sreg.clusterid.x : i32
  %t15 = nvvm.read.ptx.sreg.clusterid.y : i32
  %t16 = nvvm.read.ptx.sreg.clusterid.z : i32
  %t17 = nvvm.read.ptx.sreg.nclusterid.x : i32
  %t18 = nvvm.read.ptx.sreg.nclusterid.y : i32
  %t19 = nvvm.read.ptx.sreg.nclusterid.z : i32
  %t20 = nvvm.read.ptx.sreg.cluster.ctaid.x : i32
  %t21 = nvvm.read.ptx.sreg.cluster.ctaid.y : i32
  %t22 = nvvm.read.ptx.sreg.cluster.ctaid.z : i32
  %t23 = nvvm.read.ptx.sreg.cluster.nctaid.x : i32
  %t24 = nvvm.read.ptx.sreg.cluster.nctaid.y : i32
  %t25 = nvvm.read.ptx.sreg.cluster.nctaid.z : i32
  %t26 = nvvm.read.ptx.sreg.cluster.ctarank : i32
  %t27 = nvvm.read.ptx.sreg.cluster.nctarank : i32
  %t28 = nvvm.read.ptx.sreg.clock : i32
  %t29 = nvvm.read.ptx.sreg.clock64 : i64
  %mask = nvvm.vote.ballot.sync %n, %ok : i32
  %sum = llvm.add %t0, %t1 : i32
  %sum1 = llvm.add %sum, %t2 : i32
  %sum2 = llvm.add %sum1, %t3 : i32
  %sum3 = llvm.add %sum2, %t4 : i32
  %sum4 = llvm.add %sum3, %t5 : i32
  %sum5 = llvm.add %sum4, %t6 : i32
  %sum6 = llvm.add %sum5, %t7 : i32
  %sum7 = llvm.add %sum6, %t8 : i32
  %sum8 = llvm.add %sum7, %t9 : i32
  %sum9 = llvm.add %sum8, %t10 : i32
  %sum10 = llvm.add %sum9, %t11 : i32
  %sum11 = llvm.add %sum10, %t12 : i32
  %sum12 = llvm.add %sum11, %t13 : i32
  %sum13 = llvm.add %sum12, %t14 : i32
  %sum14 = llvm.add %sum13, %t15 : i32
  %sum15 = llvm.add %sum14, %t16 : i32
  %sum16 = llvm.add %sum15, %t17 : i32
  %sum17 = llvm.add %sum16, %t18 : i32
  %sum18 = llvm.add %sum17, %t19 : i32
  %sum19 = llvm.add %sum18, %t20 : i32
  %sum20 = llvm.add %sum19, %t21 : i32
  %sum21 = llvm.add %sum20, %t22 : i32
  %sum22 = llvm.add %sum21, %t23 : i32
  %sum23 = llvm.add %sum22, %t24 : i32
  %sum24 = llvm.add %sum23, %t25 : i32
  %sum25 = llvm.add %sum24, %t26 : i32
  %sum26 = llvm.add %sum25, %t27 : i32
  %sum27 = llvm.add %sum26, %t28 : i32
  %sum28 = llvm.add %sum27, %mask : i32
  %wide = llvm.zext %sum28 : i32 to i64
  %sum29 = llvm.add %wide, %t29 : i64
  %o2 = llvm.getelementptr %out[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i64
  llvm.store %sum29, %o2 : i64, !llvm.ptr<1>
  llvm.return
}
