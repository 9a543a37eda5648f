// The nvgpu types in signatures: defaults left out, parameters in any
// order on input, memory spaces as integers or gpu address spaces, and
// every tensor map enum keyword.
func.func private @tokens(!nvgpu.device.async.token, !nvgpu.mbarrier.token)
func.func private @groups(!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>,
  !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 1>,
  !nvgpu.mbarrier.group<num_barriers = 8, memorySpace = 3>,
  !nvgpu.mbarrier.group<memorySpace = 3 : i32, num_barriers = 2>)
func.func private @tensormaps(
  !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>,
  !nvgpu.tensormap.descriptor<tensor = memref<64x32xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_64b, l2promo = l2promo_64b, oob = nan, interleave = interleave_16b>,
  !nvgpu.tensormap.descriptor<interleave = interleave_32b, oob = zero, l2promo = l2promo_128b, swizzle = swizzle_32b, tensor = memref<8x8xf32, 3>>,
  !nvgpu.tensormap.descriptor<tensor = memref<2x4x8xi8, 3>, swizzle = none, l2promo = l2promo_256b, oob = zero, interleave = none>)
func.func private @warpgroup(!nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>,
  !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, strided<[128, 1], offset: 64>, 3>>,
  !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>,
  !nvgpu.warpgroup.accumulator<fragmented = vector<128x256xf16>>)
