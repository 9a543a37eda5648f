target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = private addrspace(3) global [256 x float] undef, align 16
@scale = internal addrspace(4) constant float 0x4000000000000000, align 4

define ptx_kernel void @reverse(ptr addrspace(1) %0, ptr addrspace(1) %1) {
2:
	%3 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
	%4 = zext i32 %3 to i64
	%5 = getelementptr float, ptr addrspace(1) %0, i64 %4
	%6 = load float, ptr addrspace(1) %5, align 4
	%7 = getelementptr [256 x float], ptr addrspace(3) @tile, i32 0, i32 %3
	store float %6, ptr addrspace(3) %7, align 4
	call void @llvm.nvvm.barrier0()
	%8 = sub i32 255, %3
	%9 = getelementptr [256 x float], ptr addrspace(3) @tile, i32 0, i32 %8
	%10 = load float, ptr addrspace(3) %9, align 4
	%11 = load float, ptr addrspace(4) @scale, align 4
	%12 = fmul float %10, %11
	%13 = getelementptr float, ptr addrspace(1) %1, i64 %4
	store float %12, ptr addrspace(1) %13, align 4
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0, !1, !2}

!0 = !{ptr @reverse, !"reqntidx", i32 256}
!1 = !{ptr @reverse, !"reqntidy", i32 1}
!2 = !{ptr @reverse, !"reqntidz", i32 1}
