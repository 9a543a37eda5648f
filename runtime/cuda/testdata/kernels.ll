; Kernels for the device test of package cuda (device_test.go), compiled
; to PTX by gen.sh with llc-19: the GPU machine has no llc.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p1(ptr addrspace(1), i32)
declare {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p1(ptr addrspace(1), i32)
declare {float, float, float, float, float, float, float, float} @llvm.nvvm.wmma.m16n16k16.mma.row.row.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float, float, float, float, float)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p1(ptr addrspace(1), float, float, float, float, float, float, float, float, i32)

; c[i] = a[i] + b[i] for i < n.
define ptx_kernel void @vadd(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bd = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bid, %bd
  %i = add i32 %base, %tid
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %i64 = sext i32 %i to i64
  %pa = getelementptr float, ptr addrspace(1) %a, i64 %i64
  %pb = getelementptr float, ptr addrspace(1) %b, i64 %i64
  %pc = getelementptr float, ptr addrspace(1) %c, i64 %i64
  %va = load float, ptr addrspace(1) %pa, align 4
  %vb = load float, ptr addrspace(1) %pb, align 4
  %s = fadd float %va, %vb
  store float %s, ptr addrspace(1) %pc, align 4
  br label %done
done:
  ret void
}

; C = A * B for row-major A (m x k, f16), B (k x n, f16), C (m x n, f32),
; m, n and k multiples of 16: one warp per 16x16 tile of C, block
; (ctaid.x, ctaid.y) = (tile column, tile row), tensor cores over k.
define ptx_kernel void @wmma_gemm(ptr addrspace(1) %A, ptr addrspace(1) %B, ptr addrspace(1) %C, i32 %n, i32 %k) {
entry:
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %by = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %row = mul i32 %by, 16
  %col = mul i32 %bx, 16
  br label %loop
loop:
  %kk = phi i32 [ 0, %entry ], [ %kn, %loop ]
  %acc0 = phi float [ 0.0, %entry ], [ %d0, %loop ]
  %acc1 = phi float [ 0.0, %entry ], [ %d1, %loop ]
  %acc2 = phi float [ 0.0, %entry ], [ %d2, %loop ]
  %acc3 = phi float [ 0.0, %entry ], [ %d3, %loop ]
  %acc4 = phi float [ 0.0, %entry ], [ %d4, %loop ]
  %acc5 = phi float [ 0.0, %entry ], [ %d5, %loop ]
  %acc6 = phi float [ 0.0, %entry ], [ %d6, %loop ]
  %acc7 = phi float [ 0.0, %entry ], [ %d7, %loop ]
  %arow = mul i32 %row, %k
  %aoff = add i32 %arow, %kk
  %aoff64 = sext i32 %aoff to i64
  %pa = getelementptr half, ptr addrspace(1) %A, i64 %aoff64
  %brow = mul i32 %kk, %n
  %boff = add i32 %brow, %col
  %boff64 = sext i32 %boff to i64
  %pb = getelementptr half, ptr addrspace(1) %B, i64 %boff64
  %fa = call {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p1(ptr addrspace(1) %pa, i32 %k)
  %fb = call {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p1(ptr addrspace(1) %pb, i32 %n)
  %a0 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fa, 0
  %a1 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fa, 1
  %a2 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fa, 2
  %a3 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fa, 3
  %a4 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fa, 4
  %a5 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fa, 5
  %a6 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fa, 6
  %a7 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fa, 7
  %b0 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fb, 0
  %b1 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fb, 1
  %b2 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fb, 2
  %b3 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fb, 3
  %b4 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fb, 4
  %b5 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fb, 5
  %b6 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fb, 6
  %b7 = extractvalue {<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>} %fb, 7
  %fd = call {float, float, float, float, float, float, float, float} @llvm.nvvm.wmma.m16n16k16.mma.row.row.f32.f32(<2 x half> %a0, <2 x half> %a1, <2 x half> %a2, <2 x half> %a3, <2 x half> %a4, <2 x half> %a5, <2 x half> %a6, <2 x half> %a7, <2 x half> %b0, <2 x half> %b1, <2 x half> %b2, <2 x half> %b3, <2 x half> %b4, <2 x half> %b5, <2 x half> %b6, <2 x half> %b7, float %acc0, float %acc1, float %acc2, float %acc3, float %acc4, float %acc5, float %acc6, float %acc7)
  %d0 = extractvalue {float, float, float, float, float, float, float, float} %fd, 0
  %d1 = extractvalue {float, float, float, float, float, float, float, float} %fd, 1
  %d2 = extractvalue {float, float, float, float, float, float, float, float} %fd, 2
  %d3 = extractvalue {float, float, float, float, float, float, float, float} %fd, 3
  %d4 = extractvalue {float, float, float, float, float, float, float, float} %fd, 4
  %d5 = extractvalue {float, float, float, float, float, float, float, float} %fd, 5
  %d6 = extractvalue {float, float, float, float, float, float, float, float} %fd, 6
  %d7 = extractvalue {float, float, float, float, float, float, float, float} %fd, 7
  %kn = add i32 %kk, 16
  %more = icmp slt i32 %kn, %k
  br i1 %more, label %loop, label %store
store:
  %crow = mul i32 %row, %n
  %coff = add i32 %crow, %col
  %coff64 = sext i32 %coff to i64
  %pc = getelementptr float, ptr addrspace(1) %C, i64 %coff64
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p1(ptr addrspace(1) %pc, float %d0, float %d1, float %d2, float %d3, float %d4, float %d5, float %d6, float %d7, i32 %n)
  ret void
}
