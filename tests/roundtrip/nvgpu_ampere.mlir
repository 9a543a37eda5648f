// Ampere-style warp-level ops: ldmatrix (plain and transposed, f16 and
// 8-bit), mma.sync in f16, f32 (tf32), i8 and f64, and cp.async copies
// grouped and waited on.
func.func @ldmatrix(%sm: memref<128x128xf16, 3>, %s8: memref<64x64xi8, #gpu.address_space<workgroup>>, %i: index, %j: index) {
  %0 = nvgpu.ldmatrix %sm[%i, %j] {numTiles = 4 : i32, transpose = false} : memref<128x128xf16, 3> -> vector<4x2xf16>
  %1 = nvgpu.ldmatrix %sm[%i, %j] {numTiles = 2 : i32, transpose = true} : memref<128x128xf16, 3> -> vector<2x2xf16>
  %2 = nvgpu.ldmatrix %s8[%i, %j] {numTiles = 1 : i32, transpose = false} : memref<64x64xi8, #gpu.address_space<workgroup>> -> vector<1x4xi8>
  return
}
func.func @mma_sync(%a16: vector<4x2xf16>, %b16: vector<2x2xf16>, %c32: vector<2x2xf32>, %c16: vector<2x2xf16>,
                    %a32: vector<4x1xf32>, %b32: vector<2x1xf32>,
                    %a8: vector<4x4xi8>, %b8: vector<2x4xi8>, %ci: vector<2x2xi32>,
                    %a64: vector<1x1xf64>, %b64: vector<1x1xf64>, %c64: vector<1x2xf64>) {
  %0 = nvgpu.mma.sync(%a16, %b16, %c32) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  %1 = nvgpu.mma.sync(%a16, %b16, %c16) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
  %2 = nvgpu.mma.sync(%a32, %b32, %c32) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
  %3 = nvgpu.mma.sync(%a8, %b8, %ci) {mmaShape = [16, 8, 32]} : (vector<4x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
  %4 = nvgpu.mma.sync(%a64, %b64, %c64) {mmaShape = [8, 8, 4]} : (vector<1x1xf64>, vector<1x1xf64>, vector<1x2xf64>) -> vector<1x2xf64>
  return
}
func.func @cp_async(%g: memref<1024x1024xf16>, %s: memref<128x72xf16, 3>, %gf: memref<256xf32>, %sf: memref<256xf32, #gpu.address_space<workgroup>>, %i: index, %j: index, %n: index) {
  %0 = nvgpu.device_async_copy %g[%i, %j], %s[%i, %j], 8 {bypassL1} : memref<1024x1024xf16> to memref<128x72xf16, 3>
  %1 = nvgpu.device_async_copy %gf[%i], %sf[%j], 4, %n : memref<256xf32> to memref<256xf32, #gpu.address_space<workgroup>>
  %2 = nvgpu.device_async_copy %gf[%i], %sf[%j], 1 : memref<256xf32> to memref<256xf32, #gpu.address_space<workgroup>>
  %t = nvgpu.device_async_create_group %0, %1, %2
  nvgpu.device_async_wait %t
  %e = nvgpu.device_async_create_group
  nvgpu.device_async_wait %e {numGroups = 0 : i32}
  return
}
