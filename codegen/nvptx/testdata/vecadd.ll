target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @vecadd(ptr addrspace(1) noalias readonly %0, ptr addrspace(1) noalias readonly %1, ptr addrspace(1) noalias align 16 %2, i32 %3) {
4:
	%5 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
	%6 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
	%7 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
	%8 = mul nsw i32 %6, %7
	%9 = add nuw nsw i32 %8, %5
	%10 = icmp slt i32 %9, %3
	br i1 %10, label %11, label %19

11:
	%12 = sext i32 %9 to i64
	%13 = getelementptr inbounds float, ptr addrspace(1) %0, i64 %12
	%14 = getelementptr inbounds float, ptr addrspace(1) %1, i64 %12
	%15 = getelementptr inbounds float, ptr addrspace(1) %2, i64 %12
	%16 = load float, ptr addrspace(1) %13, align 4
	%17 = load float, ptr addrspace(1) %14, align 4
	%18 = fadd contract float %16, %17
	store float %18, ptr addrspace(1) %15, align 4
	br label %19

19:
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

!nvvm.annotations = !{!0, !1, !2}

!0 = !{ptr @vecadd, !"maxntidx", i32 256}
!1 = !{ptr @vecadd, !"maxntidy", i32 1}
!2 = !{ptr @vecadd, !"maxntidz", i32 1}
