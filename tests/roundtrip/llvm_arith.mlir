// Integer arithmetic with overflow flags, float arithmetic with fast-math
// flags, comparisons, select, casts, constants and the intrinsic ops.
llvm.func @arith(%a: i32, %b: i32, %f: f32, %g: f32, %v: vector<4xf32>, %p: !llvm.ptr) {
  %0 = llvm.add %a, %b overflow<nsw, nuw> : i32
  %1 = llvm.sub %0, %a overflow<nuw> : i32
  %2 = llvm.mul %1, %0 : i32
  %3 = llvm.shl %2, %b overflow<nsw> : i32
  %4 = llvm.udiv %3, %b : i32
  %5 = llvm.sdiv %4, %b : i32
  %6 = llvm.urem %5, %b : i32
  %7 = llvm.srem %6, %b : i32
  %8 = llvm.and %7, %b : i32
  %9 = llvm.or %8, %b : i32
  %10 = llvm.xor %9, %b : i32
  %11 = llvm.lshr %10, %b : i32
  %12 = llvm.ashr %11, %b : i32
  %13 = llvm.fadd %f, %g {fastmathFlags = #llvm.fastmath<fast>} : f32
  %14 = llvm.fsub %13, %g : f32
  %15 = llvm.fmul %14, %g {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f32
  %16 = llvm.fdiv %15, %g : f32
  %17 = llvm.frem %16, %g : f32
  %18 = llvm.fneg %17 {fastmathFlags = #llvm.fastmath<contract>} : f32
  %19 = llvm.fadd %v, %v : vector<4xf32>
  %20 = llvm.icmp "slt" %a, %b : i32
  %21 = llvm.icmp "eq" %p, %p : !llvm.ptr
  %22 = llvm.fcmp "olt" %f, %g : f32
  %23 = llvm.fcmp "uno" %v, %v {fastmathFlags = #llvm.fastmath<fast>} : vector<4xf32>
  %24 = llvm.select %20, %a, %b : i1, i32
  %25 = llvm.select %23, %v, %v : vector<4xi1>, vector<4xf32>
  %26 = llvm.sext %a : i32 to i64
  %27 = llvm.zext %a : i32 to i64
  %28 = llvm.trunc %26 : i64 to i16
  %29 = llvm.fpext %f : f32 to f64
  %30 = llvm.fptrunc %29 : f64 to f16
  %31 = llvm.sitofp %a : i32 to f32
  %32 = llvm.uitofp %a : i32 to f64
  %33 = llvm.fptosi %f : f32 to i32
  %34 = llvm.fptoui %f : f32 to i64
  %35 = llvm.bitcast %f : f32 to i32
  %36 = llvm.bitcast %v : vector<4xf32> to vector<2xi64>
  %37 = llvm.ptrtoint %p : !llvm.ptr to i64
  %38 = llvm.inttoptr %37 : i64 to !llvm.ptr
  %39 = llvm.addrspacecast %38 : !llvm.ptr to !llvm.ptr<3>
  %40 = llvm.mlir.constant(42 : i64) : i64
  %41 = llvm.mlir.constant(1.5 : f16) : f16
  %42 = llvm.mlir.constant(dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>) : vector<4xf32>
  %43 = llvm.mlir.undef : !llvm.struct<(i32, f32)>
  %44 = llvm.mlir.poison : vector<4xf32>
  %45 = llvm.mlir.zero : !llvm.ptr
  %46 = llvm.intr.fma(%f, %g, %f) : (f32, f32, f32) -> f32
  %47 = llvm.intr.fmuladd(%v, %v, %v) {fastmathFlags = #llvm.fastmath<contract>} : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  %48 = llvm.intr.maxnum(%f, %g) : (f32, f32) -> f32
  %49 = llvm.intr.minnum(%f, %g) : (f32, f32) -> f32
  %50 = llvm.intr.maximum(%f, %g) : (f32, f32) -> f32
  %51 = llvm.intr.minimum(%f, %g) : (f32, f32) -> f32
  %52 = llvm.intr.smax(%a, %b) : (i32, i32) -> i32
  %53 = llvm.intr.smin(%a, %b) : (i32, i32) -> i32
  %54 = llvm.intr.umax(%a, %b) : (i32, i32) -> i32
  %55 = llvm.intr.umin(%a, %b) : (i32, i32) -> i32
  %56 = llvm.intr.fabs(%f) : (f32) -> f32
  %57 = llvm.intr.sqrt(%f) : (f32) -> f32
  %58 = llvm.intr.exp2(%f) : (f32) -> f32
  %59 = llvm.intr.log(%f) : (f32) -> f32
  %60 = llvm.intr.floor(%f) : (f32) -> f32
  %61 = llvm.intr.ctpop(%a) : (i32) -> i32
  %62 = llvm.intr.copysign(%f, %g) : (f32, f32) -> f32
  %63 = llvm.intr.pow(%f, %g) : (f32, f32) -> f32
  llvm.return
}
