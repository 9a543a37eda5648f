// Package convertvectortollvm is upstream's convert-vector-to-llvm pass, a
// thin partial conversion over conversion/vectortollvm on a module (llvm
// legal, vector illegal). It accepts upstream's
// force-32bit-vector-indices (no effect: goopt lowers no masks) and
// reassociate-fp-reductions, and adds goopt's
// vector-alignment-from-indices for 128-bit GPU accesses.
//
//	vector.store %v, %s[%r, %c] : memref<64x136xf16, 3>, vector<8xf16>
//
// becomes, with vector-alignment-from-indices and %c = %i * 8,
//
//	%p = llvm.getelementptr %base[%idx] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
//	llvm.store %v, %p {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
package convertvectortollvm
