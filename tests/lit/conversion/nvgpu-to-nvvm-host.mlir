// RUN: goopt opt %s --convert-nvgpu-to-nvvm | FileCheck %s
// EQUIV: none (nvgpu ops not executable yet)

// nvgpu.tma.create.descriptor is host code: goopt builds the descriptor
// from the kernel manifest, so the op is left as it is (MLIR 19 calls
// mgpuTensorMapEncodeTiledMemref of its runtime instead).

!tensorMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK-LABEL: func.func @create_descriptor
func.func @create_descriptor(%m: memref<*xf16>) -> !tensorMap {
  %c64 = arith.constant 64 : index
  // CHECK: nvgpu.tma.create.descriptor %{{.*}} box[%{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<64x64xf16, 3>
  %d = nvgpu.tma.create.descriptor %m box[%c64, %c64] : memref<*xf16> -> !tensorMap
  return %d : !tensorMap
}
