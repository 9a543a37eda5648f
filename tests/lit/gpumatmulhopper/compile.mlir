// goopt compile takes gpu-matmul-hopper's kernel through goopt's own
// lowering (convert-nvgpu-to-nvvm, convert-gpu-to-nvvm) and translation:
// the TMA descriptors become by-value kernel parameters, the manifest
// describes them for the runtime, and the target is sm_90a (wgmma and
// setmaxnreg need the `a` features); an explicit sm_90 is refused. The
// defaults (persistent, register epilogue) take A's and B's descriptors
// and C's pointer, and update C with 8-byte accesses; with epilogue=tma
// C has a descriptor too, for the TMA stores.
// tile-by-size=false keeps the default 128x256 tiles at this small size
// (tile-by-size would take 128x128 here; defaults.mlir checks it).
// RUN: goopt compile %s --pipeline="gpu-matmul-hopper{tile-by-size=false}" --emit=llvm -o %t.ll && FileCheck %s --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: goopt compile %s --pipeline="gpu-matmul-hopper{tile-by-size=false}" --emit=ptx -o %t.ptx && FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: goopt compile %s --pipeline="gpu-matmul-hopper{epilogue=tma persistent=false tile-by-size=false}" --emit=llvm -o %t.tma.ll && FileCheck %s --check-prefix=TMA --input-file=%t.tma.ll
// RUN: FileCheck %s --check-prefix=TMAJSON --input-file=%t.tma.json
// RUN: not goopt compile %s --pipeline=gpu-matmul-hopper --arch=sm_90 --emit=llvm -o %t.bad.ll 2>&1 | FileCheck %s --check-prefix=ARCH

// CHECK: define ptx_kernel void @matmul_kernel(ptr byval([128 x i8]) align 64 %{{.*}}, ptr byval([128 x i8]) align 64 %{{.*}}, ptr %{{.*}})
// CHECK-DAG: setmaxnreg.dec.sync.aligned.u32
// CHECK-DAG: setmaxnreg.inc.sync.aligned.u32
// CHECK-DAG: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// CHECK-DAG: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK-DAG: mbarrier.try_wait.parity.shared.b64
// CHECK-DAG: load <2 x float>, ptr %{{.*}}, align 8
// CHECK-DAG: store <2 x float> %{{.*}}, ptr %{{.*}}, align 8
// CHECK-NOT: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group

// JSON: "grid": [
// JSON-NEXT: 4,
// JSON: "block": [
// JSON-NEXT: 384,
// JSON: "dynamic_shared_bytes": 196608,
// JSON: "source": "tensormap",
// JSON: "swizzle": "128B",
// JSON: "source": "tensormap",
// JSON: "swizzle": "128B",
// JSON: "source": "arg",
// JSON-NOT: "source": "tensormap",

// PTX: .target sm_90a
// PTX-DAG: ld.global.v2.f32
// PTX-DAG: st.global.v2.f32

// TMA: define ptx_kernel void @matmul_kernel(ptr byval([128 x i8]) align 64 %{{.*}}, ptr byval([128 x i8]) align 64 %{{.*}}, ptr %{{.*}}, ptr byval([128 x i8]) align 64 %{{.*}})
// TMA-DAG: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// TMA-DAG: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
// TMA-DAG: call void @llvm.nvvm.cp.async.bulk.commit.group()

// TMAJSON: "grid": [
// TMAJSON-NEXT: 2,
// TMAJSON-NEXT: 2,
// TMAJSON: "dynamic_shared_bytes": 196608,
// TMAJSON: "source": "arg",
// TMAJSON: "source": "tensormap",
// TMAJSON: "swizzle": "none",

// ARCH: compile.mlir:[[# @LINE + 3]]:3: error: 'nvvm.setmaxregister' op needs the architecture-specific target sm_90a (wgmma, setmaxnreg), but the target is sm_90: use --arch=sm_90a
// EQUIV: none (goopt compile)
func.func @matmul(%A: memref<256x128xf16>, %B: memref<128x512xf16>, %C: memref<256x512xf32>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 512 {
      affine.for %k = 0 to 128 {
        %a = affine.load %A[%i, %k] : memref<256x128xf16>
        %b = affine.load %B[%k, %j] : memref<128x512xf16>
        %c = affine.load %C[%i, %j] : memref<256x512xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<256x512xf32>
      }
    }
  }
  return
}
