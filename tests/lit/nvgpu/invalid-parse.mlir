// RUN: goopt opt %s --split-input-file --verify-diagnostics

// Parse errors of the nvgpu types and of the stripped types in op syntax.
// mlir-opt-19 gives the same first messages; after a bad parameter it adds
// a second error ("failed to parse ... parameter ..."), which goopt appends
// to the first message instead, and it points at the parameter where goopt
// points at the type.

// expected-error @+1 {{expected ::mlir::nvgpu::TensorMapSwizzleKind to be one of: none, swizzle_32b, swizzle_64b, swizzle_128b}}
func.func private @f(!nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128B, l2promo = none, oob = zero, interleave = none>)

// -----

// expected-error @+1 {{expected ::mlir::nvgpu::TensorMapOOBKind to be one of: zero, nan}}
func.func private @f(!nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = none, l2promo = none, oob = inf, interleave = none>)

// -----

// expected-error @+1 {{expected ','}}
func.func private @f(!nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = none, l2promo = none, oob = zero>)

// -----

// expected-error @+1 {{struct is missing required parameter: memorySpace}}
func.func private @f(!nvgpu.mbarrier.group<num_barriers = 4>)

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: memorySpace}}
func.func private @f(!nvgpu.mbarrier.group<memorySpace = 3, num_barriers = 4, memorySpace = 3>)

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: foo}}
func.func private @f(!nvgpu.mbarrier.group<memorySpace = 3, foo = 4>)

// -----

// expected-error @+1 {{invalid kind of type specified}}
func.func private @f(!nvgpu.warpgroup.accumulator<fragmented = memref<4xf32>>)

// -----

// expected-error @+1 {{invalid kind of type specified}}
func.func private @f(!nvgpu.warpgroup.descriptor<tensor = vector<4xf32>>)

// -----

// expected-error @+1 {{unknown  type `foo` in dialect `nvgpu`}}
func.func private @f(!nvgpu.foo)

// -----

// expected-error @+1 {{expected '<'}}
func.func private @f(!nvgpu.mbarrier.group)

// -----

func.func @f() {
  // expected-error @+1 {{invalid kind of Type specified}}
  %b = nvgpu.mbarrier.create -> !nvgpu.mbarrier.token
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{struct is missing required parameter: memorySpace}}
  %b = nvgpu.mbarrier.create -> <num_barriers = 2>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{invalid kind of type specified}}
  %c = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = memref<64x64xf32>>
  return
}
