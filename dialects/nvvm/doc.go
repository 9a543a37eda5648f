//go:generate go run ../../internal/opgen -dialect nvvm -out ops_gen.go

// Package nvvm is MLIR 19's nvvm dialect: NVIDIA's PTX-level operations that
// the gpu dialect lowers to before LLVM IR — special registers
// (nvvm.read.ptx.sreg.tid.x, ...), barriers (CTA, named, warp and the
// split cluster barrier), warp shuffles, votes and reductions, fences, the
// WMMA ops (nvvm.wmma.load/mma/store), ldmatrix, stmatrix and mma.sync,
// cp.async, mbarriers, TMA copies (cp.async.bulk.tensor.*), bulk async
// groups, tensor-map prefetch, the Hopper wgmma ops and setmaxregister —
// with upstream's syntax and verifiers.
//
// A few ops postdate MLIR 19 and take upstream's LLVM 20 syntax:
// nvvm.mapa and the generic -> tensormap fences nvvm.fence.proxy.acquire
// and nvvm.fence.proxy.release (with #nvvm.mem_scope); mlir-opt-19 reads
// them in generic form only. So do the function attributes
// nvvm.cluster_dim and nvvm.cluster_max_blocks.
//
// Attributes are Go values: EnumAttr (`#nvvm.mma_layout<row>`,
// `#nvvm.mma_type<f16>`, `#nvvm.mma_frag<a>`, `#nvvm<shfl_kind bfly>`, ...),
// ShapeAttr (`#nvvm.shape<m = 16, n = 8, k = 16>`) and TargetAttr
// (`#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">`). The
// discardable function attributes nvvm.kernel, nvvm.maxntid, nvvm.reqntid,
// nvvm.minctasm, nvvm.maxnreg, nvvm.cluster_dim and nvvm.cluster_max_blocks
// are named by constants and checked by VerifyAttribute; the argument
// attribute nvvm.grid_constant (a kernel's read-only llvm.byval parameter)
// by VerifyArgAttribute.
//
// Operands and results are llvm dialect types (`!llvm.ptr<3>`, literal
// `!llvm.struct<(...)>`); the checks read them by their MLIR text (PtrSpace,
// StructFields), so they work with the llvm dialect registered or with its
// types kept opaque (--allow-unregistered-dialect).
//
// The special registers warpid, nwarpid, smid and nsmid postdate MLIR 19
// (SpecialRegister.PostMLIR19): mlir-opt-19 reads those ops in generic form
// only.
//
// Example: one lane's share of a 16x16x16 f16 WMMA with f32 accumulators.
//
//	%a = nvvm.wmma.load %pa, %lda {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32,
//	    layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>, ...)>
//	%d = nvvm.wmma.mma %a0, ..., %c7 {eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<f32>, ...}
//	    : (vector<2xf16>, ..., f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
//	nvvm.wmma.store %pc, %ldc, %d0, ..., %d7 {eltype = #nvvm.mma_type<f32>, ...} : !llvm.ptr<1>, f32, ..., f32
package nvvm
