//go:generate go run ../../internal/opgen -dialect llvm -out ops_gen.go

// Package llvm is MLIR 19's LLVM dialect, the last level before LLVM IR:
// functions, globals, calls, memory through opaque pointers
// (getelementptr, load/store with alignment, volatile and atomic
// orderings, atomicrmw, cmpxchg), aggregates and vectors, casts, integer
// arithmetic with overflow flags, float arithmetic with fast-math flags,
// comparisons, branches, inline assembly and the intrinsics the GPU
// pipeline needs (llvm.intr.fma, fmuladd, maxnum, smax, ...).
//
//	llvm.mlir.global private @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x f16>
//	llvm.func @axpy(%a: f32, %x: !llvm.ptr, %y: !llvm.ptr, %i: i64) {
//	  %px = llvm.getelementptr inbounds %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
//	  %py = llvm.getelementptr inbounds %y[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
//	  %vx = llvm.load %px {alignment = 4 : i64} : !llvm.ptr -> f32
//	  %vy = llvm.load %py {alignment = 4 : i64} : !llvm.ptr -> f32
//	  %r = llvm.intr.fma(%a, %vx, %vy) : (f32, f32, f32) -> f32
//	  llvm.store %r, %py {alignment = 4 : i64} : f32, !llvm.ptr
//	  llvm.return
//	}
//
// The types are Go values (PointerType `!llvm.ptr<3>`, StructType
// literal, packed and identified, ArrayType, FunctionType `!llvm.func<void
// (ptr)>`, VoidType), interned, printed as upstream prints them (nested
// LLVM types without their `!llvm.` prefix). The attributes LinkageAttr,
// CConvAttr, FastMathAttr, OverflowAttr and TailCallKindAttr are too; the
// visibility, unnamed_addr, atomic-ordering and predicate enums are i64
// attributes, as upstream stores them.
//
// Ops declare their schemas with upstream's names and, where upstream has
// an assembly format, their syntax as a format; llvm.func,
// llvm.mlir.global, llvm.call, llvm.switch, extractvalue and insertvalue
// keep hand-written syntax, as upstream does. Load, store, atomicrmw and
// cmpxchg declare their memory effects on the pointer operand; inline_asm
// declares none, so its effects are unknown.
//
// Identified structs are interned by their full text: goopt does not keep
// a per-context table of names, so a name used with two bodies is two
// types where upstream reports the second, and recursive identified
// structs (`struct<"a", (ptr, struct<"a">)>`) are not supported.
package llvm
