// Package mathtollvm holds the conversion patterns from the math dialect
// to the llvm dialect (upstream's MathToLLVM): the math ops that are an
// LLVM intrinsic become that `llvm.intr.*` op with their fast-math flags
// (math.sqrt → llvm.intr.sqrt, math.powf → llvm.intr.pow, math.fma →
// llvm.intr.fma, math.ctpop → llvm.intr.ctpop), math.rsqrt becomes
// 1 / sqrt(x), math.expm1 exp(x) - 1 and, under ApproximateLog1p,
// math.log1p log(1 + x). n-D vectors are unrolled over their innermost
// 1-D vectors. Ops with no intrinsic (math.tanh, math.atan, ...) are not
// lowered here, as upstream. math.absi, ctlz, cttz and fpowi are not
// lowered yet: goopt's llvm dialect lacks llvm.intr.abs, ctlz, cttz and
// powi.
//
//	%0 = math.rsqrt %x fastmath<fast> : f32
//
// becomes
//
//	%c1 = llvm.mlir.constant(1.000000e+00 : f32) : f32
//	%s = llvm.intr.sqrt(%x) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
//	%0 = llvm.fdiv %c1, %s {fastmathFlags = #llvm.fastmath<fast>} : f32
package mathtollvm
