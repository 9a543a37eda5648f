// examples/softmax.mlir (8192x8192) through gpu-map-affine and goopt
// compile: rows of 8192 are longer than warp-row-max, so one 512-thread
// block per row (an 8192-block grid); the max and the exp-sum each reduced
// with shuffles within warps and across the 16 warps through workgroup
// memory; math.exp expanded into arith ops (goopt links no libdevice).
// softmax-small.mlir runs the same IR at small sizes on the interpreter.
// RUN: goopt opt %S/../../../examples/softmax.mlir --gpu-map-affine | FileCheck %s
// RUN: goopt compile %S/../../../examples/softmax.mlir --emit=llvm -o %t.ll && FileCheck %s --check-prefix=LLVM --input-file=%t.ll
// EQUIV: none (8192x8192 is too large for the interpreter; softmax-small.mlir checks the same nest by execution)

// CHECK:       memref.global "private" @softmax_reduce_smem : memref<16xf32, 3>
// CHECK-LABEL: func.func @softmax(
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c8192, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[TID:[^,]*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c512, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK:           scf.for %{{.*}} = %[[TID]] to %c8192 step %c512 iter_args(%{{.*}}) -> (f32) {
// CHECK:             arith.maximumf
// CHECK-COUNT-5:   gpu.shuffle  xor
// CHECK:           gpu.barrier
// CHECK-COUNT-5:   gpu.shuffle  xor
// CHECK:           gpu.barrier
// CHECK:           scf.for %{{.*}} = %[[TID]] to %c8192 step %c512 iter_args(%{{.*}}) -> (f32) {
// CHECK-NOT:         math.exp
// CHECK:             arith.addf
// CHECK-COUNT-10:  gpu.shuffle  xor
// CHECK:           scf.for %{{.*}} = %[[TID]] to %c8192 step %c512 {
// CHECK:             arith.divf
// CHECK:             memref.store %{{.*}} : memref<8192x8192xf32>

// LLVM: @softmax_reduce_smem = private addrspace(3) global [16 x float] undef, align 16
// LLVM: define ptx_kernel void @softmax_kernel(ptr %0, ptr %1)
// LLVM: call float @llvm.nvvm.shfl.sync.bfly.f32(
// LLVM: call void @llvm.nvvm.barrier0()
