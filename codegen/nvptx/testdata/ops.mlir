// The rest of the llvm dialect: globals with initializer regions, atomics,
// aggregates, vectors, casts, indirect and variadic calls, inline asm.
llvm.mlir.global internal constant @pair() {addr_space = 1 : i32} : !llvm.struct<(i32, array<2 x f32>)> {
  %u = llvm.mlir.undef : !llvm.struct<(i32, array<2 x f32>)>
  %a = llvm.mlir.constant(7 : i32) : i32
  %b = llvm.mlir.constant(1.500000e+00 : f32) : f32
  %s0 = llvm.insertvalue %a, %u[0] : !llvm.struct<(i32, array<2 x f32>)>
  %s1 = llvm.insertvalue %b, %s0[1, 1] : !llvm.struct<(i32, array<2 x f32>)>
  llvm.return %s1 : !llvm.struct<(i32, array<2 x f32>)>
}
llvm.mlir.global internal @zeros() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.array<4 x i64> {
  %z = llvm.mlir.zero : !llvm.array<4 x i64>
  llvm.return %z : !llvm.array<4 x i64>
}
llvm.mlir.global private constant @msg("hi\0A") {addr_space = 4 : i32} : !llvm.array<3 x i8>
llvm.mlir.global external @ext() {addr_space = 1 : i32} : i32
llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
llvm.func @variadic(i32, ...) -> i32

llvm.func @ops(%p: !llvm.ptr<1>, %q: !llvm.ptr, %x: i32, %y: i64, %f: f32, %h: f16, %v: vector<4xf32>, %fp: !llvm.ptr) -> i32 {
  %old = llvm.atomicrmw add %p, %x acq_rel : !llvm.ptr<1>, i32
  %fo = llvm.atomicrmw fadd %q, %f monotonic : !llvm.ptr, f32
  %cx = llvm.cmpxchg %p, %x, %old acq_rel monotonic : !llvm.ptr<1>, i32
  %ok = llvm.extractvalue %cx[1] : !llvm.struct<(i32, i1)>
  %ld = llvm.load volatile %p atomic monotonic {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  llvm.store %ld, %p atomic monotonic {alignment = 4 : i64} : i32, !llvm.ptr<1>
  %g = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr
  %pi = llvm.ptrtoint %g : !llvm.ptr to i64
  %ip = llvm.inttoptr %pi : i64 to !llvm.ptr
  %t = llvm.trunc %y : i64 to i16
  %e = llvm.fpext %h : f16 to f32
  %d = llvm.fptrunc %f : f32 to f16
  %si = llvm.fptosi %e : f32 to i32
  %ui = llvm.fptoui %e : f32 to i32
  %fs = llvm.sitofp %x : i32 to f64
  %fu = llvm.uitofp %x : i32 to f32
  %bc = llvm.bitcast %f : f32 to i32
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %ins = llvm.insertelement %f, %v[%c2 : i32] : vector<4xf32>
  %sh = llvm.shufflevector %ins, %v [0, 5, -1, 3] : vector<4xf32>
  %cv = llvm.mlir.constant(dense<1.0> : vector<4xf32>) : vector<4xf32>
  %sum = llvm.fadd %sh, %cv {fastmathFlags = #llvm.fastmath<fast>} : vector<4xf32>
  %fab = llvm.intr.fabs(%sum) : (vector<4xf32>) -> vector<4xf32>
  %fma = llvm.intr.fma(%f, %f, %f) {fastmathFlags = #llvm.fastmath<contract>} : (f32, f32, f32) -> f32
  %fn = llvm.fneg %fma : f32
  %lt = llvm.fcmp "olt" %fn, %f : f32
  %sel = llvm.select %lt, %si, %ui : i1, i32
  %and = llvm.and %sel, %bc : i32
  %or = llvm.or %and, %x : i32
  %xor = llvm.xor %or, %x : i32
  %shl = llvm.shl %xor, %c2 overflow<nuw> : i32
  %lshr = llvm.lshr %shl, %c2 : i32
  %ashr = llvm.ashr %lshr, %c2 : i32
  %div = llvm.sdiv %ashr, %c2 : i32
  %rem = llvm.urem %div, %c2 : i32
  %msg = llvm.mlir.addressof @msg : !llvm.ptr<4>
  %gm = llvm.addrspacecast %msg : !llvm.ptr<4> to !llvm.ptr
  %z = llvm.mlir.zero : !llvm.ptr
  %pr = llvm.call @vprintf(%gm, %z) : (!llvm.ptr, !llvm.ptr) -> i32
  %va = llvm.call @variadic(%x, %y) vararg(!llvm.func<i32 (i32, ...)>) : (i32, i64) -> i32
  %ind = llvm.call %fp(%x) : !llvm.ptr, (i32) -> i32
  %asm = llvm.inline_asm has_side_effects "mov.u32 $0, $1;", "=r,r" %rem : (i32) -> i32
  %pp = llvm.mlir.addressof @pair : !llvm.ptr<1>
  %pz = llvm.mlir.addressof @zeros : !llvm.ptr<1>
  %pe = llvm.mlir.addressof @ext : !llvm.ptr<1>
  %r0 = llvm.load %pp {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  %r1 = llvm.load %pe {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  %s1 = llvm.add %r0, %r1 : i32
  %s2 = llvm.add %s1, %asm : i32
  %s3 = llvm.add %s2, %ind : i32
  %s4 = llvm.add %s3, %va : i32
  %s5 = llvm.add %s4, %pr : i32
  %fo_i = llvm.bitcast %fo : f32 to i32
  %s6 = llvm.add %s5, %fo_i : i32
  %un = llvm.mlir.poison : i32
  llvm.return %s6 : i32
}
