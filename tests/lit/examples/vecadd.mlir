// examples/vecadd.mlir (2^28 elements) through gpu-map-affine and goopt
// compile: one 128-bit load of A and B and one 128-bit store of C per
// thread, a 262144-block grid of 256 threads, and no guard (2^28 is a
// multiple of the 1024-element block tile). vecadd-small.mlir runs the same
// IR at small sizes on the interpreter.
// RUN: goopt opt %S/../../../examples/vecadd.mlir --gpu-map-affine | FileCheck %s
// RUN: goopt compile %S/../../../examples/vecadd.mlir --emit=llvm -o %t.ll && FileCheck %s --check-prefix=LLVM --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// EQUIV: none (2^28 elements are too large for the interpreter; vecadd-small.mlir checks the same nest by execution)

// CHECK-LABEL: func.func @vecadd(
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c262144, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK-NOT:       scf.if
// CHECK:           vector.load %{{.*}} : memref<268435456xf32>, vector<4xf32>
// CHECK-NEXT:      vector.load %{{.*}} : memref<268435456xf32>, vector<4xf32>
// CHECK-NEXT:      arith.addf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NEXT:      vector.store %{{.*}} : memref<268435456xf32>, vector<4xf32>

// LLVM: define ptx_kernel void @vecadd_kernel(ptr %0, ptr %1, ptr %2)
// LLVM-COUNT-2: load <4 x float>, ptr %{{.*}}, align 16
// LLVM: store <4 x float> %{{.*}}, ptr %{{.*}}, align 16

// JSON: "name": "vecadd_kernel",
// JSON: "grid": [
// JSON-NEXT: 262144,
