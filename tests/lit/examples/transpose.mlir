// examples/transpose.mlir (8192x8192) through gpu-map-affine and goopt
// compile: 32x32 tiles staged in a padded 32x33 workgroup buffer, a
// 256x256 grid of 32x8 blocks, reads of A and writes of B both along
// threadIdx.x, one barrier between them, no guards (8192 is a multiple of
// the tile). transpose-small.mlir runs the same IR at small sizes on the
// interpreter.
// RUN: goopt opt %S/../../../examples/transpose.mlir --gpu-map-affine | FileCheck %s
// RUN: goopt compile %S/../../../examples/transpose.mlir --emit=llvm -o %t.ll && FileCheck %s --check-prefix=LLVM --input-file=%t.ll
// EQUIV: none (8192x8192 is too large for the interpreter; transpose-small.mlir checks the same nest by execution)

// CHECK:       memref.global "private" @transpose_transpose_tile : memref<32x33xf32, 3>
// CHECK-LABEL: func.func @transpose(
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c256, %{{.*}} = %c1) threads(%[[TX:[^,]*]], %[[TY:[^,]*]], %{{.*}}) in (%{{.*}} = %c32, %{{.*}} = %c8, %{{.*}} = %c1)
// CHECK-NOT:       scf.if
// CHECK:           %[[V:.*]] = memref.load %{{.*}} : memref<8192x8192xf32>
// CHECK-NEXT:      memref.store %[[V]], %{{.*}}[%[[TY]], %[[TX]]] : memref<32x33xf32, 3>
// CHECK-COUNT-3:   memref.store %{{.*}} : memref<32x33xf32, 3>
// CHECK-NEXT:      gpu.barrier
// CHECK:           %[[W:.*]] = memref.load %{{.*}}[%[[TX]], %[[TY]]] : memref<32x33xf32, 3>
// CHECK-NEXT:      memref.store %[[W]], %{{.*}} : memref<8192x8192xf32>

// LLVM: @transpose_transpose_tile = private addrspace(3) global [32 x [33 x float]] undef, align 16
// LLVM: define ptx_kernel void @transpose_kernel(ptr %0, ptr %1)
// LLVM: call void @llvm.nvvm.barrier0()
