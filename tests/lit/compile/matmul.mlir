// goopt compile end to end through the paper's pipeline, stopping at the
// llvm dialect (--emit=mlir) and at LLVM IR (--emit=llvm), with the kernel
// manifest; the pipeline it picks by itself (gpu-matmul-hopper for the
// default target, the paper's for a target without wgmma); and its
// errors, each with a non-zero exit and no output file left behind.
// RUN: rm -f %t.bad
// RUN: goopt compile %s --pipeline=gpu-matmul-wmma --emit=mlir --sidecar=none | FileCheck %s
// RUN: goopt compile %s --pipeline=gpu-matmul-wmma --emit=llvm -o %t.ll && FileCheck %s --check-prefix=LLVM --input-file=%t.ll
// RUN: goopt compile %s --emit=llvm --sidecar=none -o %t.default.ll && FileCheck %s --check-prefix=DEFAULT --input-file=%t.default.ll
// RUN: goopt compile %s --index-bitwidth=32 --emit=llvm --sidecar=none -o %t.i32.ll && FileCheck %s --check-prefix=DEFAULT --input-file=%t.i32.ll
// RUN: goopt compile %s --arch=sm_80 --emit=llvm --sidecar=none -o %t.sm80.ll && FileCheck %s --check-prefix=SM80 --input-file=%t.sm80.ll
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: not goopt compile %s --emit=obj -o %t.bad 2>&1 | FileCheck %s --check-prefix=EMIT
// RUN: not cat %t.bad
// RUN: not goopt compile %s --index-bitwidth=16 2>&1 | FileCheck %s --check-prefix=IDX
// RUN: not goopt compile %s --pipeline='gpu-matmul-wmma{tb-tile=100,128,64}' -o %t.bad 2>&1 | FileCheck %s --check-prefix=TILE
// RUN: not cat %t.bad
// RUN: not goopt compile %s --llc=/nonexistent/llc -o %t.bad 2>&1 | FileCheck %s --check-prefix=LLC
// RUN: not cat %t.bad

// CHECK:       gpu.launch_func @matmul_kernel::@matmul_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}})
// CHECK:       gpu.module @matmul_kernel
// CHECK:         llvm.func @matmul_kernel(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr) attributes {gpu.kernel, {{.*}}nvvm.kernel, nvvm.maxntid = array<i32: 256, 1, 1>
// CHECK:           nvvm.read.ptx.sreg.tid.x
// CHECK:           llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<8xf16>
// CHECK:           nvvm.barrier0
// CHECK:           nvvm.wmma.load %{{.*}} {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32}
// CHECK:           nvvm.wmma.mma
// CHECK:           nvvm.wmma.store
// CHECK:       llvm.mlir.global private @matmul_smem_a() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x array<72 x f16>>

// LLVM: target triple = "nvptx64-nvidia-cuda"
// LLVM: @matmul_smem_a = private addrspace(3) global [128 x [72 x half]] undef, align 16
// LLVM: define ptx_kernel void @matmul_kernel(ptr %0, ptr %1, ptr %2)
// LLVM: load <8 x half>, ptr %{{.*}}, align 16
// LLVM: call void @llvm.nvvm.barrier0()
// LLVM: @llvm.nvvm.wmma.m16n16k16.mma.row.row.f32.f32
// LLVM: !{ptr @matmul_kernel, !"maxntidx", i32 256}

// JSON:      "name": "matmul_kernel",
// JSON:      "host_function": "matmul",
// JSON:      "grid": [
// JSON-NEXT:   1,
// JSON-NEXT:   1,
// JSON-NEXT:   1
// JSON:      "block": [
// JSON-NEXT:   256,
// JSON:      "static_shared_bytes": 35840,
// JSON:      "memref": "memref<128x128xf32>",

// DEFAULT-DAG: wgmma.mma_async.sync.aligned
// DEFAULT-DAG: cp.async.bulk.tensor.2d
// SM80: @llvm.nvvm.wmma.m16n16k16.mma.row.row.f32.f32
// SM80-NOT: wgmma

// EMIT: error: invalid --emit value 'obj': expected one of mlir, llvm, ptx, cubin
// IDX: error: invalid index bitwidth 16: expected 32 or 64
// TILE: error:
// LLC: error: llc '/nonexistent/llc' not found

func.func @matmul(%A: memref<128x128xf16>, %B: memref<128x128xf16>, %C: memref<128x128xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 128 {
        %a = affine.load %A[%i, %k] : memref<128x128xf16>
        %b = affine.load %B[%k, %j] : memref<128x128xf16>
        %c = affine.load %C[%i, %j] : memref<128x128xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<128x128xf32>
      }
    }
  }
  return
}
