//go:generate go run ../../internal/opgen -dialect vector -out ops_gen.go

// Package vector is MLIR 19's vector dialect: memory access
// (vector.load/store, maskedload/maskedstore, transfer_read/transfer_write
// with permutation maps, masks and out-of-bounds padding), shape and
// element manipulation (broadcast, splat, extract, insert,
// extract_strided_slice, insert_strided_slice, shape_cast, bitcast),
// arithmetic (fma, reduction, contract), masks (create_mask,
// constant_mask) and vector.print, with MLIR 19's custom syntax, verifier
// messages and upstream's simple folders.
//
// Ops declare their operands, results and attributes with ODS's names and
// their syntax as MLIR's assemblyFormat; transfer_read, transfer_write,
// contract and print keep hand-written syntax, as upstream does. The
// dialect attributes are Go values: CombiningKindAttr
// (`#vector.kind<add>`), IteratorTypeAttr (`#vector.iterator_type<parallel>`)
// and PunctuationAttr (`#vector.punctuation<newline>`).
//
//	%v = vector.load %A[%i, %j] : memref<8x8xf32>, vector<4xf32>
//	%b = vector.broadcast %s : f32 to vector<4xf32>
//	%r = vector.fma %v, %b, %v : vector<4xf32>
//	%t = vector.transfer_read %A[%i, %j], %pad : memref<8x8xf32>, vector<4xf32>
//	%sum = vector.reduction <add>, %r : vector<4xf32> into f32
//	vector.store %r, %A[%i, %j] : memref<8x8xf32>, vector<4xf32>
//
// The interpreter (interp/vector.go) executes every op; out-of-bounds
// transfer elements read the padding and are not written, as upstream.
package vector
