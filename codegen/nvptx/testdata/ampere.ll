target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [4096 x i8] undef, align 16

define ptx_kernel void @ampere(ptr addrspace(1) %0, ptr addrspace(1) %1, ptr %2, i32 %3) {
4:
	call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) @tile, ptr addrspace(1) %0)
	call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], $2, $3;\0A", "r,l,n,r"(ptr addrspace(3) @tile, ptr addrspace(1) %0, i32 16, i32 %3)
	call void @llvm.nvvm.cp.async.ca.shared.global.8(ptr addrspace(3) @tile, ptr addrspace(1) %0)
	call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) @tile, ptr addrspace(1) %0)
	call void @llvm.nvvm.cp.async.commit.group()
	call void @llvm.nvvm.cp.async.wait.group(i32 0)
	%5 = call i64 @llvm.nvvm.mbarrier.arrive(ptr %2)
	%6 = call i1 @llvm.nvvm.mbarrier.test.wait(ptr %2, i64 %5)
	call void @llvm.nvvm.barrier0()
	%7 = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3) @tile)
	%8 = call { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16.p3(ptr addrspace(3) @tile)
	%9 = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) @tile)
	%10 = extractvalue { i32, i32, i32, i32 } %9, 0
	%11 = extractvalue { i32, i32, i32, i32 } %9, 1
	%12 = extractvalue { i32, i32 } %8, 0
	%13 = bitcast i32 %10 to <2 x half>
	%14 = bitcast i32 %12 to <2 x half>
	%15 = bitcast i32 %11 to float
	%16 = sitofp i32 %7 to double
	%17 = call { <2 x half>, <2 x half> } @llvm.nvvm.mma.m16n8k16.row.col.f16.f16(<2 x half> %13, <2 x half> %13, <2 x half> %13, <2 x half> %13, <2 x half> %14, <2 x half> %14, <2 x half> %13, <2 x half> %13)
	%18 = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half> %13, <2 x half> %13, <2 x half> %13, <2 x half> %13, <2 x half> %14, <2 x half> %14, float %15, float %15, float %15, float %15)
	%19 = call { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32 %10, i32 %10, i32 %10, i32 %10, i32 %12, i32 %12, float %15, float %15, float %15, float %15)
	%20 = call { i32, i32, i32, i32 } @llvm.nvvm.mma.m16n8k32.row.col.satfinite.s8(i32 %10, i32 %10, i32 %10, i32 %10, i32 %12, i32 %12, i32 %3, i32 %3, i32 %3, i32 %3)
	%21 = call { double, double } @llvm.nvvm.mma.m8n8k4.row.col.f64(double %16, double %16, double %16, double %16)
	%22 = extractvalue { float, float, float, float } %18, 0
	%23 = extractvalue { float, float, float, float } %19, 2
	%24 = extractvalue { i32, i32, i32, i32 } %20, 3
	%25 = extractvalue { double, double } %21, 0
	%26 = extractvalue { <2 x half>, <2 x half> } %17, 0
	%27 = bitcast <2 x half> %26 to i32
	%28 = fadd float %22, %22
	%29 = fadd float %28, %23
	%30 = sitofp i32 %24 to float
	%31 = fadd float %29, %30
	%32 = fptrunc double %25 to float
	%33 = fadd float %31, %32
	%34 = sitofp i32 %27 to float
	%35 = fadd float %33, %34
	store float %35, ptr addrspace(1) %1
	%36 = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
	%37 = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
	%38 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
	%39 = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
	%40 = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
	%41 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
	%42 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
	%43 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
	%44 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
	%45 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
	%46 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
	%47 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
	%48 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
	%49 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
	%50 = call i32 @llvm.nvvm.read.ptx.sreg.clusterid.x()
	%51 = call i32 @llvm.nvvm.read.ptx.sreg.clusterid.y()
	%52 = call i32 @llvm.nvvm.read.ptx.sreg.clusterid.z()
	%53 = call i32 @llvm.nvvm.read.ptx.sreg.nclusterid.x()
	%54 = call i32 @llvm.nvvm.read.ptx.sreg.nclusterid.y()
	%55 = call i32 @llvm.nvvm.read.ptx.sreg.nclusterid.z()
	%56 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.x()
	%57 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.y()
	%58 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.z()
	%59 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.x()
	%60 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.y()
	%61 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.z()
	%62 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
	%63 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank()
	%64 = call i32 @llvm.nvvm.read.ptx.sreg.clock()
	%65 = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
	%66 = call i32 @llvm.nvvm.vote.ballot.sync(i32 %3, i1 %6)
	%67 = add i32 %36, %37
	%68 = add i32 %67, %38
	%69 = add i32 %68, %39
	%70 = add i32 %69, %40
	%71 = add i32 %70, %41
	%72 = add i32 %71, %42
	%73 = add i32 %72, %43
	%74 = add i32 %73, %44
	%75 = add i32 %74, %45
	%76 = add i32 %75, %46
	%77 = add i32 %76, %47
	%78 = add i32 %77, %48
	%79 = add i32 %78, %49
	%80 = add i32 %79, %50
	%81 = add i32 %80, %51
	%82 = add i32 %81, %52
	%83 = add i32 %82, %53
	%84 = add i32 %83, %54
	%85 = add i32 %84, %55
	%86 = add i32 %85, %56
	%87 = add i32 %86, %57
	%88 = add i32 %87, %58
	%89 = add i32 %88, %59
	%90 = add i32 %89, %60
	%91 = add i32 %90, %61
	%92 = add i32 %91, %62
	%93 = add i32 %92, %63
	%94 = add i32 %93, %64
	%95 = add i32 %94, %66
	%96 = zext i32 %95 to i64
	%97 = add i64 %96, %65
	%98 = getelementptr i64, ptr addrspace(1) %1, i32 1
	store i64 %97, ptr addrspace(1) %98
	ret void
}

declare void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %0, ptr addrspace(1) %1)

declare void @llvm.nvvm.cp.async.ca.shared.global.8(ptr addrspace(3) %0, ptr addrspace(1) %1)

declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %0, ptr addrspace(1) %1)

declare void @llvm.nvvm.cp.async.commit.group()

declare void @llvm.nvvm.cp.async.wait.group(i32 %0)

declare i64 @llvm.nvvm.mbarrier.arrive(ptr %0)

declare i1 @llvm.nvvm.mbarrier.test.wait(ptr %0, i64 %1)

declare void @llvm.nvvm.barrier0()

declare i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3) %0)

declare { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16.p3(ptr addrspace(3) %0)

declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) %0)

declare { <2 x half>, <2 x half> } @llvm.nvvm.mma.m16n8k16.row.col.f16.f16(<2 x half> %0, <2 x half> %1, <2 x half> %2, <2 x half> %3, <2 x half> %4, <2 x half> %5, <2 x half> %6, <2 x half> %7)

declare { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half> %0, <2 x half> %1, <2 x half> %2, <2 x half> %3, <2 x half> %4, <2 x half> %5, float %6, float %7, float %8, float %9)

declare { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32 %0, i32 %1, i32 %2, i32 %3, i32 %4, i32 %5, float %6, float %7, float %8, float %9)

declare { i32, i32, i32, i32 } @llvm.nvvm.mma.m16n8k32.row.col.satfinite.s8(i32 %0, i32 %1, i32 %2, i32 %3, i32 %4, i32 %5, i32 %6, i32 %7, i32 %8, i32 %9)

declare { double, double } @llvm.nvvm.mma.m8n8k4.row.col.f64(double %0, double %1, double %2, double %3)

declare i32 @llvm.nvvm.read.ptx.sreg.laneid()

declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()

declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()

declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()

declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()

declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()

declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()

declare i32 @llvm.nvvm.read.ptx.sreg.clusterid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.clusterid.y()

declare i32 @llvm.nvvm.read.ptx.sreg.clusterid.z()

declare i32 @llvm.nvvm.read.ptx.sreg.nclusterid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.nclusterid.y()

declare i32 @llvm.nvvm.read.ptx.sreg.nclusterid.z()

declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.y()

declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.z()

declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.y()

declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.z()

declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()

declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank()

declare i32 @llvm.nvvm.read.ptx.sreg.clock()

declare i64 @llvm.nvvm.read.ptx.sreg.clock64()

declare i32 @llvm.nvvm.vote.ballot.sync(i32 %0, i1 %1)

!nvvm.annotations = !{!0, !1, !2}

!0 = !{ptr @ampere, !"maxntidx", i32 128}
!1 = !{ptr @ampere, !"maxntidy", i32 1}
!2 = !{ptr @ampere, !"maxntidz", i32 1}
