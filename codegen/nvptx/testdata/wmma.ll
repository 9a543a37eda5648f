target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@a_tile = private addrspace(3) global [256 x half] undef, align 16
@b_tile = private addrspace(3) global [256 x half] undef, align 16

define ptx_kernel void @wmma(ptr addrspace(1) %0, i32 %1) {
2:
	%3 = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) @a_tile, i32 16)
	%4 = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p3(ptr addrspace(3) @b_tile, i32 16)
	%5 = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f32.p1(ptr addrspace(1) %0, i32 %1)
	%6 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %3, 0
	%7 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %3, 1
	%8 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %3, 2
	%9 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %3, 3
	%10 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %3, 4
	%11 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %3, 5
	%12 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %3, 6
	%13 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %3, 7
	%14 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %4, 0
	%15 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %4, 1
	%16 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %4, 2
	%17 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %4, 3
	%18 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %4, 4
	%19 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %4, 5
	%20 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %4, 6
	%21 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %4, 7
	%22 = extractvalue { float, float, float, float, float, float, float, float } %5, 0
	%23 = extractvalue { float, float, float, float, float, float, float, float } %5, 1
	%24 = extractvalue { float, float, float, float, float, float, float, float } %5, 2
	%25 = extractvalue { float, float, float, float, float, float, float, float } %5, 3
	%26 = extractvalue { float, float, float, float, float, float, float, float } %5, 4
	%27 = extractvalue { float, float, float, float, float, float, float, float } %5, 5
	%28 = extractvalue { float, float, float, float, float, float, float, float } %5, 6
	%29 = extractvalue { float, float, float, float, float, float, float, float } %5, 7
	%30 = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32(<2 x half> %6, <2 x half> %7, <2 x half> %8, <2 x half> %9, <2 x half> %10, <2 x half> %11, <2 x half> %12, <2 x half> %13, <2 x half> %14, <2 x half> %15, <2 x half> %16, <2 x half> %17, <2 x half> %18, <2 x half> %19, <2 x half> %20, <2 x half> %21, float %22, float %23, float %24, float %25, float %26, float %27, float %28, float %29)
	%31 = extractvalue { float, float, float, float, float, float, float, float } %30, 0
	%32 = extractvalue { float, float, float, float, float, float, float, float } %30, 1
	%33 = extractvalue { float, float, float, float, float, float, float, float } %30, 2
	%34 = extractvalue { float, float, float, float, float, float, float, float } %30, 3
	%35 = extractvalue { float, float, float, float, float, float, float, float } %30, 4
	%36 = extractvalue { float, float, float, float, float, float, float, float } %30, 5
	%37 = extractvalue { float, float, float, float, float, float, float, float } %30, 6
	%38 = extractvalue { float, float, float, float, float, float, float, float } %30, 7
	call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p1(ptr addrspace(1) %0, float %31, float %32, float %33, float %34, float %35, float %36, float %37, float %38, i32 %1)
	ret void
}

declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) %0, i32 %1)

declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p3(ptr addrspace(3) %0, i32 %1)

declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f32.p1(ptr addrspace(1) %0, i32 %1)

declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32(<2 x half> %0, <2 x half> %1, <2 x half> %2, <2 x half> %3, <2 x half> %4, <2 x half> %5, <2 x half> %6, <2 x half> %7, <2 x half> %8, <2 x half> %9, <2 x half> %10, <2 x half> %11, <2 x half> %12, <2 x half> %13, <2 x half> %14, <2 x half> %15, float %16, float %17, float %18, float %19, float %20, float %21, float %22, float %23)

declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p1(ptr addrspace(1) %0, float %1, float %2, float %3, float %4, float %5, float %6, float %7, float %8, i32 %9)

!nvvm.annotations = !{!0, !1, !2}

!0 = !{ptr @wmma, !"maxntidx", i32 32}
!1 = !{ptr @wmma, !"maxntidy", i32 1}
!2 = !{ptr @wmma, !"maxntidz", i32 1}
