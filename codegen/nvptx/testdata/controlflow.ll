target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define float @sum(ptr %0, i64 %1) {
2:
	br label %3

3:
	%4 = phi i64 [ 0, %2 ], [ %11, %7 ]
	%5 = phi float [ 0x0000000000000000, %2 ], [ %10, %7 ]
	%6 = icmp ult i64 %4, %1
	br i1 %6, label %7, label %12

7:
	%8 = getelementptr float, ptr %0, i64 %4
	%9 = load float, ptr %8, align 4
	%10 = fadd float %5, %9
	%11 = add i64 %4, 1
	br label %3

12:
	%13 = phi float [ %5, %3 ]
	ret float %13
}

define i32 @classify(i32 %0) {
1:
	switch i32 %0, label %4 [
		i32 0, label %5
		i32 1, label %5
		i32 7, label %2
	]

2:
	%3 = call i32 @helper(i32 %0)
	br label %5

4:
	br label %5

5:
	%6 = phi i32 [ 10, %1 ], [ 10, %1 ], [ %3, %2 ], [ -1, %4 ]
	ret i32 %6
}

define internal i32 @helper(i32 %0) {
1:
	%2 = extractelement <4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 2
	%3 = call i32 @llvm.smax.i32(i32 %0, i32 %2)
	%4 = icmp sgt i32 %3, %0
	%5 = select i1 %4, i32 %3, i32 %2
	ret i32 %5
}

declare i32 @llvm.smax.i32(i32 %0, i32 %1)
