//go:generate go run ../../internal/opgen -dialect nvgpu -out ops_gen.go

// Package nvgpu is MLIR 19's nvgpu dialect: the bridge between the gpu and
// vector dialects and nvvm for NVIDIA GPUs, with memrefs and vectors as
// operands. It holds the Ampere warp-level ops (nvgpu.ldmatrix,
// nvgpu.mma.sync), cp.async copies (nvgpu.device_async_copy, _create_group,
// _wait), mbarriers (nvgpu.mbarrier.*), TMA (nvgpu.tma.*) and the Hopper
// warpgroup MMA (nvgpu.warpgroup.*), with upstream's syntax and verifiers.
//
// Types are Go structs with exported fields, interned by their
// constructors: DeviceAsyncTokenType, MBarrierTokenType, MBarrierGroupType,
// TensorMapDescriptorType (its Swizzle, L2Promo, OOB and Interleave are
// string-backed enums holding MLIR's keywords: Swizzle128B is
// "swizzle_128b"), WarpgroupMatrixDescriptorType and
// WarpgroupAccumulatorType. In an op's custom form the parametric ones are
// printed without `!nvgpu.mnemonic`, as upstream prints them.
//
// Example: one TMA load of a 128x64 f16 tile completing on an mbarrier.
//
//	!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
//	!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b,
//	    l2promo = none, oob = zero, interleave = none>
//	%b = nvgpu.mbarrier.create -> !bar
//	nvgpu.mbarrier.init %b[%c0], %c1 : !bar
//	nvgpu.tma.async.load %desc[%x, %y], %b[%c0] to %buf : !tma, !bar -> memref<128x64xf16, 3>
//	nvgpu.mbarrier.arrive.expect_tx %b[%c0], %c16384 : !bar
//	nvgpu.mbarrier.try_wait.parity %b[%c0], %false, %ticks : !bar
package nvgpu
