// examples/softmax.mlir (8192x8192) through goopt compile, which picks
// gpu-map-affine for it: rows of 8192 are longer than warp-row-max, so one
// 512-thread block per row (an 8192-block grid). The row is 2048 vectors
// of 4, four per thread, so the single-pass plan applies: each thread
// loads its four vectors once, up front, and keeps them (and their exps)
// in registers across the max, the exp-sum and the normalisation; the
// input is read once and the output written once. The max and the exp-sum
// are each reduced with shuffles within warps and across the 16 warps
// through workgroup memory; math.exp expanded into arith ops (goopt links
// no libdevice). softmax-small.mlir checks the gpu.launch form and runs it
// on the interpreter at small sizes.
// RUN: goopt compile %S/../../../examples/softmax.mlir --emit=mlir --sidecar=none | FileCheck %s
// RUN: goopt compile %S/../../../examples/softmax.mlir --emit=llvm -o %t.ll && FileCheck %s --check-prefix=LLVM --input-file=%t.ll

// CHECK:       gpu.launch_func @softmax_kernel::@softmax_kernel blocks in (%c8192, %c1, %c1) threads in (%c512, %c1, %c1)
// CHECK:       llvm.func @softmax_kernel(
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK-NOT:     !llvm.ptr -> vector<4xf32>
// CHECK:         llvm.intr.maximum(%{{.*}})  : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-NOT:     !llvm.ptr -> vector<4xf32>
// CHECK-COUNT-5: nvvm.shfl.sync  bfly
// CHECK-NOT:     !llvm.ptr -> vector<4xf32>
// CHECK:         nvvm.barrier0
// CHECK-NOT:     !llvm.ptr -> vector<4xf32>
// CHECK-COUNT-5: nvvm.shfl.sync  bfly
// CHECK-NOT:     !llvm.ptr -> vector<4xf32>
// CHECK:         nvvm.barrier0
// CHECK-NOT:     llvm.intr.exp
// CHECK-NOT:     !llvm.ptr -> vector<4xf32>
// CHECK-COUNT-4: llvm.bitcast %{{.*}} : vector<4xi32> to vector<4xf32>
// CHECK-NOT:     !llvm.ptr -> vector<4xf32>
// CHECK-COUNT-10: nvvm.shfl.sync  bfly
// CHECK-NOT:     !llvm.ptr -> vector<4xf32>
// CHECK:         llvm.fdiv %{{.*}} : vector<4xf32>
// CHECK-NOT:     !llvm.ptr -> vector<4xf32>
// CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr
// CHECK-NOT:     !llvm.ptr -> vector<4xf32>
// CHECK:         llvm.return
// CHECK:       llvm.mlir.global private @softmax_reduce_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<16 x f32>

// LLVM: @softmax_reduce_smem = private addrspace(3) global [16 x float] undef, align 16
// LLVM: define ptx_kernel void @softmax_kernel(ptr %0, ptr %1)
// LLVM: call float @llvm.nvvm.shfl.sync.bfly.f32(
// LLVM: call void @llvm.nvvm.barrier0()
