//go:generate go run ../../internal/opgen -dialect memref -out ops_gen.go

// Package memref implements MLIR's memref dialect: allocation
// (memref.alloc, memref.alloca, memref.alloca_scope, memref.realloc,
// memref.dealloc), globals (memref.global, memref.get_global), element access
// (memref.load, memref.store, memref.atomic_rmw, memref.generic_atomic_rmw,
// memref.prefetch) and views (memref.subview, memref.cast,
// memref.reinterpret_cast, memref.view, memref.expand_shape,
// memref.collapse_shape, memref.transpose, memref.memory_space_cast, ...),
// with MLIR 19's custom syntax, verifier messages, folders and
// canonicalization patterns. Ops declare their operands, results and
// attributes with ODS's names (constraints.go holds the memref-specific
// constraints) and their syntax as MLIR's assemblyFormat; alloca_scope,
// prefetch and transpose keep hand-written syntax, as upstream does.
//
// layout.go holds the strided-layout arithmetic that passes and the
// interpreter reuse: the strides and offset of a memref type, the canonical
// (row-major) strides of a shape and the inferred result types of subview,
// transpose, expand_shape and collapse_shape:
//
//	t := ir.MemRef([]int64{8, 8}, ir.F32, nil, nil)
//	sub, _ := memref.SubViewResultType(t, []int64{ir.Dynamic, 4}, []int64{2, 2}, []int64{1, 1})
//	// sub is memref<2x2xf32, strided<[8, 1], offset: ?>>
//	strides, offset, _ := memref.StridesAndOffset(sub) // [8 1], ir.Dynamic
//
// mixed.go holds MLIR's mixed static/dynamic index lists (`[%i, 4]`), which
// scf.forall shares, and their format directive, DynamicIndexList
// (custom<DynamicIndexList>($offsets, $static_offsets)).
package memref
