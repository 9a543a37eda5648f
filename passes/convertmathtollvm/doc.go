// Package convertmathtollvm implements upstream's convert-math-to-llvm
// pass (option `approximate-log1p`, default true): a partial conversion
// with the patterns of conversion/mathtollvm. The math ops those patterns
// lower are illegal, so one on an unconvertible type (a tensor) fails the
// pass with a located error, where upstream leaves it in place; math ops
// without a lowering here (math.tanh) stay, as upstream.
//
//	%0 = math.sqrt %x : f32
//
// becomes
//
//	%0 = llvm.intr.sqrt(%x) : (f32) -> f32
package convertmathtollvm
