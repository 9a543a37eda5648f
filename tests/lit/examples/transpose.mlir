// examples/transpose.mlir (8192x8192) through goopt compile, which picks
// gpu-map-affine for it: a 128x128 grid of 256-thread blocks, each 64x64
// tile staged in a padded 64x65 workgroup buffer with one barrier between
// the coalesced reads of A and the coalesced writes of B. Each thread
// loads four 16-byte vectors of A (all in flight, then scattered to the
// tile as scalars) and stores four of B (gathered from a tile column); no
// guards (8192 is a multiple of the tile: no edge tiles).
// transpose-small.mlir checks the gpu.launch form and runs it on the
// interpreter at small sizes.
// RUN: goopt compile %S/../../../examples/transpose.mlir --emit=mlir --sidecar=none | FileCheck %s
// RUN: goopt compile %S/../../../examples/transpose.mlir --emit=llvm -o %t.ll && FileCheck %s --check-prefix=LLVM --input-file=%t.ll

// CHECK:       gpu.launch_func @transpose_kernel::@transpose_kernel blocks in (%c128, %c128, %c1) threads in (%c256, %c1, %c1)
// CHECK:       llvm.func @transpose_kernel(
// CHECK-NOT:     llvm.cond_br
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK-COUNT-16: llvm.store %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT:    nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK:         llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK:         llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK:         llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK:         llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr
// CHECK-NOT:     nvvm.barrier0
// CHECK:         llvm.return
// CHECK:       llvm.mlir.global private @transpose_transpose_tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x array<65 x f32>>

// LLVM: @transpose_transpose_tile = private addrspace(3) global [64 x [65 x float]] undef, align 16
// LLVM: define ptx_kernel void @transpose_kernel(ptr %0, ptr %1)
// LLVM: call void @llvm.nvvm.barrier0()
