// goopt compile takes gpu-matmul-mma's kernel through goopt's own lowering
// (convert-nvgpu-to-nvvm, convert-gpu-to-nvvm) and llc to PTX for sm_80:
// the legacy tensor-core path needs neither wgmma nor TMA. The manifest
// asks for the 96 KB ring as dynamic shared memory (4 stages of 128x32 A
// and 32x256 B f16 tiles), 256 threads (8 warps of 64x64) a block.
// RUN: goopt compile %s --pipeline=gpu-matmul-mma --arch=sm_80 --ptx-version=70 -o %t.ptx && FileCheck %s --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// EQUIV: none (goopt compile)

// CHECK: .target sm_80
// CHECK: .entry matmul_kernel(
// CHECK-DAG: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// CHECK-DAG: cp.async.commit_group;
// CHECK-DAG: cp.async.wait_group 2;
// CHECK-DAG: cp.async.wait_group 0;
// CHECK-DAG: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-DAG: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-DAG: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-DAG: bar.sync 0;

// JSON: "block": [
// JSON-NEXT: 256,
// JSON: "dynamic_shared_bytes": 98304,
func.func @matmul(%A: memref<256x128xf16>, %B: memref<128x256xf16>, %C: memref<256x256xf32>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      affine.for %k = 0 to 128 {
        %a = affine.load %A[%i, %k] : memref<256x128xf16>
        %b = affine.load %B[%k, %j] : memref<128x256xf16>
        %c = affine.load %C[%i, %j] : memref<256x256xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<256x256xf32>
      }
    }
  }
  return
}
