// A kernel of the llvm and nvvm dialects becomes a ptx_kernel function of
// an NVPTX module; nvvm ops become llvm.nvvm intrinsics; launch bounds
// become !nvvm.annotations; block arguments become phis.
// RUN: goopt translate --mlir-to-llvmir %s | FileCheck %s
// RUN: goopt translate --mlir-to-llvmir %s -o %t
// RUN: FileCheck %s < %t

// CHECK: target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
// CHECK: target triple = "nvptx64-nvidia-cuda"
// CHECK: @smem = private addrspace(3) global [64 x float] undef, align 16
// CHECK-LABEL: define ptx_kernel void @k(ptr addrspace(1) noalias %{{.*}}, i32 %{{.*}})
// CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// CHECK: call void @llvm.nvvm.barrier0()
// CHECK: phi i32 [ 0, %{{.*}} ], [ %{{.*}}, %{{.*}} ]
// CHECK: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 1, i32 31)
// CHECK: store float %{{.*}}, ptr addrspace(1) %{{.*}}, align 4
// CHECK: ret void
// CHECK: declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// CHECK: !nvvm.annotations = !{!0, !1, !2}
// CHECK: !0 = !{ptr @k, !"maxntidx", i32 64}
llvm.mlir.global private @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x f32>
llvm.func @k(%out: !llvm.ptr<1> {llvm.noalias}, %n: i32) attributes {nvvm.kernel, nvvm.maxntid = array<i32: 64>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c31 = llvm.mlir.constant(31 : i32) : i32
  %all = llvm.mlir.constant(-1 : i32) : i32
  %tid = nvvm.read.ptx.sreg.tid.x : i32
  nvvm.barrier0
  llvm.br ^loop(%c0 : i32)
^loop(%i: i32):
  %more = llvm.icmp "slt" %i, %n : i32
  %next = llvm.add %i, %c1 : i32
  llvm.cond_br %more, ^loop(%next : i32), ^done
^done:
  %f = llvm.sitofp %tid : i32 to f32
  %s = nvvm.shfl.sync bfly %all, %f, %c1, %c31 : f32 -> f32
  %p = llvm.getelementptr %out[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  llvm.store %s, %p {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}
