// examples/vecadd.mlir (2^28 elements) through goopt compile, which picks
// gpu-map-affine for it: a 262144-block grid of 256 threads, each one
// 128-bit load of A and of B and one 128-bit store of C, no guard (2^28 is
// a multiple of the 1024-element block tile). vecadd-small.mlir checks the
// gpu.launch form and runs it on the interpreter at small sizes (goopt opt
// is not run here: tests/equiv would execute its 2^28-element input).
// RUN: goopt compile %S/../../../examples/vecadd.mlir --emit=mlir --sidecar=none | FileCheck %s
// RUN: goopt compile %S/../../../examples/vecadd.mlir --emit=llvm -o %t.ll && FileCheck %s --check-prefix=LLVM --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

// CHECK:       gpu.launch_func @vecadd_kernel::@vecadd_kernel blocks in (%c262144, %c1, %c1) threads in (%c256, %c1, %c1)
// CHECK:       llvm.func @vecadd_kernel(
// CHECK-NOT:     llvm.cond_br
// CHECK:         llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK:         llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK:         llvm.fadd %{{.*}} : vector<4xf32>
// CHECK:         llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr

// LLVM: define ptx_kernel void @vecadd_kernel(ptr %0, ptr %1, ptr %2)
// LLVM-COUNT-2: load <4 x float>, ptr %{{.*}}, align 16
// LLVM: store <4 x float> %{{.*}}, ptr %{{.*}}, align 16

// JSON: "name": "vecadd_kernel",
// JSON: "grid": [
// JSON-NEXT: 262144,
