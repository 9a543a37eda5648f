target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@pair = internal addrspace(1) constant { i32, [2 x float] } { i32 7, [2 x float] [float undef, float 0x3FF8000000000000] }
@zeros = internal addrspace(1) global [4 x i64] zeroinitializer, align 8
@msg = private addrspace(4) constant [3 x i8] c"hi\0A"
@ext = external addrspace(1) global i32

declare i32 @vprintf(ptr %0, ptr %1)

declare i32 @variadic(i32 %0, ...)

define i32 @ops(ptr addrspace(1) %0, ptr %1, i32 %2, i64 %3, float %4, half %5, <4 x float> %6, ptr %7) {
8:
	%9 = atomicrmw add ptr addrspace(1) %0, i32 %2 acq_rel
	%10 = atomicrmw fadd ptr %1, float %4 monotonic
	%11 = cmpxchg ptr addrspace(1) %0, i32 %2, i32 %9 acq_rel monotonic
	%12 = extractvalue { i32, i1 } %11, 1
	%13 = load atomic volatile i32, ptr addrspace(1) %0 monotonic, align 4
	store atomic i32 %13, ptr addrspace(1) %0 monotonic, align 4
	%14 = addrspacecast ptr addrspace(1) %0 to ptr
	%15 = ptrtoint ptr %14 to i64
	%16 = inttoptr i64 %15 to ptr
	%17 = trunc i64 %3 to i16
	%18 = fpext half %5 to float
	%19 = fptrunc float %4 to half
	%20 = fptosi float %18 to i32
	%21 = fptoui float %18 to i32
	%22 = sitofp i32 %2 to double
	%23 = uitofp i32 %2 to float
	%24 = bitcast float %4 to i32
	%25 = insertelement <4 x float> %6, float %4, i32 2
	%26 = shufflevector <4 x float> %25, <4 x float> %6, <4 x i32> <i32 0, i32 5, i32 poison, i32 3>
	%27 = fadd fast <4 x float> %26, <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>
	%28 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %27)
	%29 = call contract float @llvm.fma.f32(float %4, float %4, float %4)
	%30 = fneg float %29
	%31 = fcmp olt float %30, %4
	%32 = select i1 %31, i32 %20, i32 %21
	%33 = and i32 %32, %24
	%34 = or i32 %33, %2
	%35 = xor i32 %34, %2
	%36 = shl nuw i32 %35, 2
	%37 = lshr i32 %36, 2
	%38 = ashr i32 %37, 2
	%39 = sdiv i32 %38, 2
	%40 = urem i32 %39, 2
	%41 = addrspacecast ptr addrspace(4) @msg to ptr
	%42 = call i32 @vprintf(ptr %41, ptr null)
	%43 = call i32 (i32, ...) @variadic(i32 %2, i64 %3)
	%44 = call i32 %7(i32 %2)
	%45 = call i32 asm sideeffect "mov.u32 $0, $1;", "=r,r"(i32 %40)
	%46 = load i32, ptr addrspace(1) @pair, align 4
	%47 = load i32, ptr addrspace(1) @ext, align 4
	%48 = add i32 %46, %47
	%49 = add i32 %48, %45
	%50 = add i32 %49, %44
	%51 = add i32 %50, %43
	%52 = add i32 %51, %42
	%53 = bitcast float %10 to i32
	%54 = add i32 %52, %53
	ret i32 %54
}

declare <4 x float> @llvm.fabs.v4f32(<4 x float> %0)

declare float @llvm.fma.f32(float %0, float %1, float %2)
