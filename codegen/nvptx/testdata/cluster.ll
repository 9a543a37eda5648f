target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@buf = internal addrspace(3) global [1024 x i8] undef, align 16

define ptx_kernel void @cluster(ptr addrspace(1) %0, ptr addrspace(1) %1) {
2:
	%3 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
	%4 = xor i32 %3, 1
	call void @llvm.nvvm.barrier.cluster.arrive.aligned()
	call void @llvm.nvvm.barrier.cluster.wait.aligned()
	%5 = call ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) @buf, i32 %4)
	%6 = load float, ptr addrspace(3) %5
	%7 = addrspacecast ptr addrspace(3) @buf to ptr
	%8 = call ptr @llvm.nvvm.mapa(ptr %7, i32 %4)
	%9 = load float, ptr %8
	%10 = fadd float %6, %9
	store float %10, ptr addrspace(1) %1
	%11 = addrspacecast ptr addrspace(1) %0 to ptr
	call void asm sideeffect "fence.proxy.tensormap::generic.release.gpu;", ""()
	call void asm sideeffect "fence.proxy.tensormap::generic.release.cluster;", ""()
	call void asm sideeffect "fence.proxy.tensormap::generic.acquire.gpu [$0], $1;", "l,n"(ptr %11, i32 128)
	call void asm sideeffect "fence.proxy.tensormap::generic.acquire.sys [$0], $1;", "l,n"(ptr %11, i32 128)
	call void asm sideeffect "fence.proxy.tensormap::generic.acquire.cta [$0], $1;", "l,n"(ptr %11, i32 128)
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()

declare void @llvm.nvvm.barrier.cluster.arrive.aligned()

declare void @llvm.nvvm.barrier.cluster.wait.aligned()

declare ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %0, i32 %1)

declare ptr @llvm.nvvm.mapa(ptr %0, i32 %1)

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6}

!0 = !{ptr @cluster, !"maxntidx", i32 128}
!1 = !{ptr @cluster, !"maxntidy", i32 1}
!2 = !{ptr @cluster, !"maxntidz", i32 1}
!3 = !{ptr @cluster, !"cluster_dim_x", i32 2}
!4 = !{ptr @cluster, !"cluster_dim_y", i32 1}
!5 = !{ptr @cluster, !"cluster_dim_z", i32 1}
!6 = !{ptr @cluster, !"maxclusterrank", i32 8}
