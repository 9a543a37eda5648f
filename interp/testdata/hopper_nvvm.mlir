// The end-to-end Hopper kernel of nvgpu_test.go (hopperMatmul) after
// goopt opt --convert-nvgpu-to-nvvm (branch nvgputonvvm, e3088f5): the
// nvvm-level TMA, mbarrier and wgmma ops, with unrealized casts between
// memrefs and their descriptors.
module {
  memref.global "private" @__mbarrier : memref<1xi64, 3> {alignment = 8 : i64}
  memref.global "private" @a : memref<64x64xf16, 3>
  memref.global "private" @b : memref<64x64xf16, 3>
  func.func @ref(%arg0: memref<64x32xf16>, %arg1: memref<32x64xf16>, %arg2: memref<64x64xf32>) {
    affine.for %arg3 = 0 to 64 {
      affine.for %arg4 = 0 to 64 {
        %cst = arith.constant 0.000000e+00 : f32
        affine.store %cst, %arg2[%arg3, %arg4] : memref<64x64xf32>
        affine.for %arg5 = 0 to 32 {
          %0 = affine.load %arg0[%arg3, %arg5] : memref<64x32xf16>
          %1 = affine.load %arg1[%arg5, %arg4] : memref<32x64xf16>
          %2 = affine.load %arg2[%arg3, %arg4] : memref<64x64xf32>
          %3 = arith.extf %0 : f16 to f32
          %4 = arith.extf %1 : f16 to f32
          %5 = arith.mulf %3, %4 : f32
          %6 = arith.addf %2, %5 : f32
          affine.store %6, %arg2[%arg3, %arg4] : memref<64x64xf32>
        }
      }
    }
    return
  }
  func.func @hopper(%arg0: memref<64x32xf16>, %arg1: memref<32x64xf16>, %arg2: memref<64x64xf32>) {
    %0 = builtin.unrealized_conversion_cast %arg2 : memref<64x64xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %c0 = arith.constant 0 : index
    %1 = builtin.unrealized_conversion_cast %c0 : index to i64
    %c1 = arith.constant 1 : index
    %2 = builtin.unrealized_conversion_cast %c1 : index to i64
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cast = memref.cast %arg0 : memref<64x32xf16> to memref<*xf16>
    %cast_0 = memref.cast %arg1 : memref<32x64xf16> to memref<*xf16>
    %3 = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
    %4 = builtin.unrealized_conversion_cast %3 : !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none> to !llvm.ptr
    %5 = nvgpu.tma.create.descriptor %cast_0 box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
    %6 = builtin.unrealized_conversion_cast %5 : !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none> to !llvm.ptr
    gpu.launch blocks(%arg3, %arg4, %arg5) in (%arg9 = %c1, %arg10 = %c1, %arg11 = %c1) threads(%arg6, %arg7, %arg8) in (%arg12 = %c128, %arg13 = %c1, %arg14 = %c1) {
      %7 = memref.get_global @a : memref<64x64xf16, 3>
      %8 = builtin.unrealized_conversion_cast %7 : memref<64x64xf16, 3> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
      %9 = memref.get_global @b : memref<64x64xf16, 3>
      %10 = builtin.unrealized_conversion_cast %9 : memref<64x64xf16, 3> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
      %11 = memref.get_global @__mbarrier : memref<1xi64, 3>
      %12 = builtin.unrealized_conversion_cast %11 : memref<1xi64, 3> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %13 = arith.cmpi eq, %arg6, %c0 : index
      scf.if %13 {
        %291 = llvm.extractvalue %12[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
        %292 = llvm.getelementptr %291[%1] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
        %293 = llvm.trunc %2 : i64 to i32
        nvvm.mbarrier.init.shared %292, %293 : !llvm.ptr<3>, i32
      }
      gpu.barrier
      scf.if %13 {
        %291 = llvm.extractvalue %8[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
        %292 = llvm.extractvalue %12[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
        %293 = llvm.getelementptr %292[%1] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
        %294 = llvm.trunc %1 : i64 to i32
        %295 = llvm.trunc %1 : i64 to i32
        nvvm.cp.async.bulk.tensor.shared.cluster.global %291, %4, %293, box[%294, %295] : <3>, !llvm.ptr
        %296 = llvm.extractvalue %10[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
        %297 = llvm.extractvalue %12[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
        %298 = llvm.getelementptr %297[%1] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
        %299 = llvm.trunc %1 : i64 to i32
        %300 = llvm.trunc %1 : i64 to i32
        nvvm.cp.async.bulk.tensor.shared.cluster.global %296, %6, %298, box[%299, %300] : <3>, !llvm.ptr
        %c16384 = arith.constant 16384 : index
        %301 = builtin.unrealized_conversion_cast %c16384 : index to i64
        %302 = llvm.extractvalue %12[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
        %303 = llvm.getelementptr %302[%1] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
        %304 = llvm.trunc %301 : i64 to i32
        nvvm.mbarrier.arrive.expect_tx.shared %303, %304 : !llvm.ptr<3>, i32
      }
      %false = arith.constant false
      %c10000000 = arith.constant 10000000 : index
      %14 = builtin.unrealized_conversion_cast %c10000000 : index to i64
      %15 = llvm.extractvalue %12[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %16 = llvm.getelementptr %15[%1] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
      %17 = llvm.trunc %14 : i64 to i32
      %18 = llvm.zext %false : i1 to i32
      nvvm.mbarrier.try_wait.parity.shared %16, %18, %17 : !llvm.ptr<3>, i32, i32
      %19 = llvm.mlir.constant(64 : i64) : i64
      %20 = llvm.mlir.constant(512 : i64) : i64
      %21 = llvm.extractvalue %8[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %22 = llvm.ptrtoint %21 : !llvm.ptr<3> to i64
      %23 = llvm.mlir.constant(46 : i64) : i64
      %24 = llvm.shl %22, %23 : i64
      %25 = llvm.mlir.constant(50 : i64) : i64
      %26 = llvm.lshr %24, %25  : i64
      %27 = llvm.mlir.constant(0 : i64) : i64
      %28 = llvm.mlir.constant(1 : i64) : i64
      %29 = llvm.mlir.constant(62 : i64) : i64
      %30 = llvm.shl %28, %29 : i64
      %31 = llvm.or %27, %30  : i64
      %32 = llvm.mlir.constant(0 : i64) : i64
      %33 = llvm.mlir.constant(49 : i64) : i64
      %34 = llvm.shl %32, %33 : i64
      %35 = llvm.or %31, %34  : i64
      %36 = llvm.mlir.constant(32 : i64) : i64
      %37 = llvm.shl %19, %36 : i64
      %38 = llvm.or %35, %37  : i64
      %39 = llvm.mlir.constant(16 : i64) : i64
      %40 = llvm.shl %20, %39 : i64
      %41 = llvm.or %38, %40  : i64
      %42 = llvm.mlir.constant(0 : i64) : i64
      %43 = llvm.shl %26, %42 : i64
      %44 = llvm.or %41, %43  : i64
      %45 = llvm.mlir.constant(64 : i64) : i64
      %46 = llvm.mlir.constant(512 : i64) : i64
      %47 = llvm.extractvalue %10[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %48 = llvm.ptrtoint %47 : !llvm.ptr<3> to i64
      %49 = llvm.mlir.constant(46 : i64) : i64
      %50 = llvm.shl %48, %49 : i64
      %51 = llvm.mlir.constant(50 : i64) : i64
      %52 = llvm.lshr %50, %51  : i64
      %53 = llvm.mlir.constant(0 : i64) : i64
      %54 = llvm.mlir.constant(1 : i64) : i64
      %55 = llvm.mlir.constant(62 : i64) : i64
      %56 = llvm.shl %54, %55 : i64
      %57 = llvm.or %53, %56  : i64
      %58 = llvm.mlir.constant(0 : i64) : i64
      %59 = llvm.mlir.constant(49 : i64) : i64
      %60 = llvm.shl %58, %59 : i64
      %61 = llvm.or %57, %60  : i64
      %62 = llvm.mlir.constant(32 : i64) : i64
      %63 = llvm.shl %45, %62 : i64
      %64 = llvm.or %61, %63  : i64
      %65 = llvm.mlir.constant(16 : i64) : i64
      %66 = llvm.shl %46, %65 : i64
      %67 = llvm.or %64, %66  : i64
      %68 = llvm.mlir.constant(0 : i64) : i64
      %69 = llvm.shl %52, %68 : i64
      %70 = llvm.or %67, %69  : i64
      %71 = llvm.mlir.constant(0.000000e+00 : f32) : f32
      %72 = llvm.mlir.undef : !llvm.struct<(struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>)>
      %73 = llvm.extractvalue %72[0] : !llvm.struct<(struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>)> 
      %74 = llvm.insertvalue %71, %73[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %75 = llvm.insertvalue %71, %74[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %76 = llvm.insertvalue %71, %75[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %77 = llvm.insertvalue %71, %76[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %78 = llvm.insertvalue %71, %77[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %79 = llvm.insertvalue %71, %78[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %80 = llvm.insertvalue %71, %79[6] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %81 = llvm.insertvalue %71, %80[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %82 = llvm.insertvalue %71, %81[8] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %83 = llvm.insertvalue %71, %82[9] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %84 = llvm.insertvalue %71, %83[10] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %85 = llvm.insertvalue %71, %84[11] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %86 = llvm.insertvalue %71, %85[12] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %87 = llvm.insertvalue %71, %86[13] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %88 = llvm.insertvalue %71, %87[14] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %89 = llvm.insertvalue %71, %88[15] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %90 = llvm.insertvalue %71, %89[16] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %91 = llvm.insertvalue %71, %90[17] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %92 = llvm.insertvalue %71, %91[18] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %93 = llvm.insertvalue %71, %92[19] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %94 = llvm.insertvalue %71, %93[20] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %95 = llvm.insertvalue %71, %94[21] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %96 = llvm.insertvalue %71, %95[22] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %97 = llvm.insertvalue %71, %96[23] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %98 = llvm.insertvalue %71, %97[24] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %99 = llvm.insertvalue %71, %98[25] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %100 = llvm.insertvalue %71, %99[26] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %101 = llvm.insertvalue %71, %100[27] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %102 = llvm.insertvalue %71, %101[28] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %103 = llvm.insertvalue %71, %102[29] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %104 = llvm.insertvalue %71, %103[30] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %105 = llvm.insertvalue %71, %104[31] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %106 = llvm.insertvalue %105, %72[0] : !llvm.struct<(struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>)> 
      nvvm.wgmma.fence.aligned
      %107 = llvm.mlir.undef : !llvm.struct<(struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>)>
      %108 = llvm.extractvalue %106[0] : !llvm.struct<(struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>)> 
      %109 = nvvm.wgmma.mma_async %44, %70, %108, <m = 64, n = 64, k = 16>, D[<f32>, <one>, <wrapped>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %110 = llvm.mlir.constant(2 : i32) : i64
      %111 = llvm.add %44, %110 : i64
      %112 = llvm.mlir.constant(128 : i32) : i64
      %113 = llvm.add %70, %112 : i64
      %114 = nvvm.wgmma.mma_async %111, %113, %109, <m = 64, n = 64, k = 16>, D[<f32>, <one>, <wrapped>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %115 = llvm.mlir.constant(4 : i32) : i64
      %116 = llvm.add %44, %115 : i64
      %117 = llvm.mlir.constant(256 : i32) : i64
      %118 = llvm.add %70, %117 : i64
      %119 = nvvm.wgmma.mma_async %116, %118, %114, <m = 64, n = 64, k = 16>, D[<f32>, <one>, <wrapped>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %120 = llvm.mlir.constant(6 : i32) : i64
      %121 = llvm.add %44, %120 : i64
      %122 = llvm.mlir.constant(384 : i32) : i64
      %123 = llvm.add %70, %122 : i64
      %124 = nvvm.wgmma.mma_async %121, %123, %119, <m = 64, n = 64, k = 16>, D[<f32>, <one>, <wrapped>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %125 = llvm.insertvalue %124, %107[0] : !llvm.struct<(struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>)> 
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %126 = llvm.extractvalue %125[0] : !llvm.struct<(struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>)> 
      %127 = llvm.mlir.constant(1 : i32) : i32
      %128 = llvm.mlir.constant(2 : i32) : i32
      %129 = llvm.mlir.constant(4 : i32) : i32
      %130 = llvm.mlir.constant(8 : i32) : i32
      %131 = llvm.mlir.constant(16 : i32) : i32
      %132 = llvm.mlir.constant(32 : i32) : i32
      %133 = nvvm.read.ptx.sreg.tid.x : i32
      %134 = llvm.urem %133, %132  : i32
      %135 = llvm.udiv %133, %132  : i32
      %136 = llvm.udiv %134, %129  : i32
      %137 = llvm.urem %134, %129  : i32
      %138 = llvm.mul %137, %128 : i32
      %139 = llvm.mul %135, %131 : i32
      %140 = llvm.add %136, %139 : i32
      %141 = llvm.mlir.constant(0 : i32) : i32
      %142 = llvm.mul %141, %130 : i32
      %143 = llvm.add %140, %142 : i32
      %144 = llvm.mlir.constant(0 : i32) : i32
      %145 = llvm.mul %144, %130 : i32
      %146 = llvm.add %138, %145 : i32
      %147 = arith.index_cast %143 : i32 to index
      %148 = arith.index_cast %146 : i32 to index
      %149 = llvm.add %146, %127 : i32
      %150 = arith.index_cast %149 : i32 to index
      %151 = llvm.extractvalue %126[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %152 = llvm.extractvalue %126[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %151, %arg2[%147, %148] : memref<64x64xf32>
      memref.store %152, %arg2[%147, %150] : memref<64x64xf32>
      %153 = llvm.mlir.constant(1 : i32) : i32
      %154 = llvm.mul %153, %130 : i32
      %155 = llvm.add %138, %154 : i32
      %156 = arith.index_cast %143 : i32 to index
      %157 = arith.index_cast %155 : i32 to index
      %158 = llvm.add %155, %127 : i32
      %159 = arith.index_cast %158 : i32 to index
      %160 = llvm.extractvalue %126[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %161 = llvm.extractvalue %126[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %160, %arg2[%156, %157] : memref<64x64xf32>
      memref.store %161, %arg2[%156, %159] : memref<64x64xf32>
      %162 = llvm.mlir.constant(2 : i32) : i32
      %163 = llvm.mul %162, %130 : i32
      %164 = llvm.add %138, %163 : i32
      %165 = arith.index_cast %143 : i32 to index
      %166 = arith.index_cast %164 : i32 to index
      %167 = llvm.add %164, %127 : i32
      %168 = arith.index_cast %167 : i32 to index
      %169 = llvm.extractvalue %126[8] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %170 = llvm.extractvalue %126[9] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %169, %arg2[%165, %166] : memref<64x64xf32>
      memref.store %170, %arg2[%165, %168] : memref<64x64xf32>
      %171 = llvm.mlir.constant(3 : i32) : i32
      %172 = llvm.mul %171, %130 : i32
      %173 = llvm.add %138, %172 : i32
      %174 = arith.index_cast %143 : i32 to index
      %175 = arith.index_cast %173 : i32 to index
      %176 = llvm.add %173, %127 : i32
      %177 = arith.index_cast %176 : i32 to index
      %178 = llvm.extractvalue %126[12] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %179 = llvm.extractvalue %126[13] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %178, %arg2[%174, %175] : memref<64x64xf32>
      memref.store %179, %arg2[%174, %177] : memref<64x64xf32>
      %180 = llvm.mlir.constant(4 : i32) : i32
      %181 = llvm.mul %180, %130 : i32
      %182 = llvm.add %138, %181 : i32
      %183 = arith.index_cast %143 : i32 to index
      %184 = arith.index_cast %182 : i32 to index
      %185 = llvm.add %182, %127 : i32
      %186 = arith.index_cast %185 : i32 to index
      %187 = llvm.extractvalue %126[16] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %188 = llvm.extractvalue %126[17] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %187, %arg2[%183, %184] : memref<64x64xf32>
      memref.store %188, %arg2[%183, %186] : memref<64x64xf32>
      %189 = llvm.mlir.constant(5 : i32) : i32
      %190 = llvm.mul %189, %130 : i32
      %191 = llvm.add %138, %190 : i32
      %192 = arith.index_cast %143 : i32 to index
      %193 = arith.index_cast %191 : i32 to index
      %194 = llvm.add %191, %127 : i32
      %195 = arith.index_cast %194 : i32 to index
      %196 = llvm.extractvalue %126[20] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %197 = llvm.extractvalue %126[21] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %196, %arg2[%192, %193] : memref<64x64xf32>
      memref.store %197, %arg2[%192, %195] : memref<64x64xf32>
      %198 = llvm.mlir.constant(6 : i32) : i32
      %199 = llvm.mul %198, %130 : i32
      %200 = llvm.add %138, %199 : i32
      %201 = arith.index_cast %143 : i32 to index
      %202 = arith.index_cast %200 : i32 to index
      %203 = llvm.add %200, %127 : i32
      %204 = arith.index_cast %203 : i32 to index
      %205 = llvm.extractvalue %126[24] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %206 = llvm.extractvalue %126[25] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %205, %arg2[%201, %202] : memref<64x64xf32>
      memref.store %206, %arg2[%201, %204] : memref<64x64xf32>
      %207 = llvm.mlir.constant(7 : i32) : i32
      %208 = llvm.mul %207, %130 : i32
      %209 = llvm.add %138, %208 : i32
      %210 = arith.index_cast %143 : i32 to index
      %211 = arith.index_cast %209 : i32 to index
      %212 = llvm.add %209, %127 : i32
      %213 = arith.index_cast %212 : i32 to index
      %214 = llvm.extractvalue %126[28] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %215 = llvm.extractvalue %126[29] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %214, %arg2[%210, %211] : memref<64x64xf32>
      memref.store %215, %arg2[%210, %213] : memref<64x64xf32>
      %216 = llvm.mlir.constant(1 : i32) : i32
      %217 = llvm.mul %216, %130 : i32
      %218 = llvm.add %140, %217 : i32
      %219 = llvm.mlir.constant(0 : i32) : i32
      %220 = llvm.mul %219, %130 : i32
      %221 = llvm.add %138, %220 : i32
      %222 = arith.index_cast %218 : i32 to index
      %223 = arith.index_cast %221 : i32 to index
      %224 = llvm.add %221, %127 : i32
      %225 = arith.index_cast %224 : i32 to index
      %226 = llvm.extractvalue %126[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %227 = llvm.extractvalue %126[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %226, %arg2[%222, %223] : memref<64x64xf32>
      memref.store %227, %arg2[%222, %225] : memref<64x64xf32>
      %228 = llvm.mlir.constant(1 : i32) : i32
      %229 = llvm.mul %228, %130 : i32
      %230 = llvm.add %138, %229 : i32
      %231 = arith.index_cast %218 : i32 to index
      %232 = arith.index_cast %230 : i32 to index
      %233 = llvm.add %230, %127 : i32
      %234 = arith.index_cast %233 : i32 to index
      %235 = llvm.extractvalue %126[6] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %236 = llvm.extractvalue %126[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %235, %arg2[%231, %232] : memref<64x64xf32>
      memref.store %236, %arg2[%231, %234] : memref<64x64xf32>
      %237 = llvm.mlir.constant(2 : i32) : i32
      %238 = llvm.mul %237, %130 : i32
      %239 = llvm.add %138, %238 : i32
      %240 = arith.index_cast %218 : i32 to index
      %241 = arith.index_cast %239 : i32 to index
      %242 = llvm.add %239, %127 : i32
      %243 = arith.index_cast %242 : i32 to index
      %244 = llvm.extractvalue %126[10] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %245 = llvm.extractvalue %126[11] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %244, %arg2[%240, %241] : memref<64x64xf32>
      memref.store %245, %arg2[%240, %243] : memref<64x64xf32>
      %246 = llvm.mlir.constant(3 : i32) : i32
      %247 = llvm.mul %246, %130 : i32
      %248 = llvm.add %138, %247 : i32
      %249 = arith.index_cast %218 : i32 to index
      %250 = arith.index_cast %248 : i32 to index
      %251 = llvm.add %248, %127 : i32
      %252 = arith.index_cast %251 : i32 to index
      %253 = llvm.extractvalue %126[14] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %254 = llvm.extractvalue %126[15] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %253, %arg2[%249, %250] : memref<64x64xf32>
      memref.store %254, %arg2[%249, %252] : memref<64x64xf32>
      %255 = llvm.mlir.constant(4 : i32) : i32
      %256 = llvm.mul %255, %130 : i32
      %257 = llvm.add %138, %256 : i32
      %258 = arith.index_cast %218 : i32 to index
      %259 = arith.index_cast %257 : i32 to index
      %260 = llvm.add %257, %127 : i32
      %261 = arith.index_cast %260 : i32 to index
      %262 = llvm.extractvalue %126[18] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %263 = llvm.extractvalue %126[19] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %262, %arg2[%258, %259] : memref<64x64xf32>
      memref.store %263, %arg2[%258, %261] : memref<64x64xf32>
      %264 = llvm.mlir.constant(5 : i32) : i32
      %265 = llvm.mul %264, %130 : i32
      %266 = llvm.add %138, %265 : i32
      %267 = arith.index_cast %218 : i32 to index
      %268 = arith.index_cast %266 : i32 to index
      %269 = llvm.add %266, %127 : i32
      %270 = arith.index_cast %269 : i32 to index
      %271 = llvm.extractvalue %126[22] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %272 = llvm.extractvalue %126[23] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %271, %arg2[%267, %268] : memref<64x64xf32>
      memref.store %272, %arg2[%267, %270] : memref<64x64xf32>
      %273 = llvm.mlir.constant(6 : i32) : i32
      %274 = llvm.mul %273, %130 : i32
      %275 = llvm.add %138, %274 : i32
      %276 = arith.index_cast %218 : i32 to index
      %277 = arith.index_cast %275 : i32 to index
      %278 = llvm.add %275, %127 : i32
      %279 = arith.index_cast %278 : i32 to index
      %280 = llvm.extractvalue %126[26] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %281 = llvm.extractvalue %126[27] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %280, %arg2[%276, %277] : memref<64x64xf32>
      memref.store %281, %arg2[%276, %279] : memref<64x64xf32>
      %282 = llvm.mlir.constant(7 : i32) : i32
      %283 = llvm.mul %282, %130 : i32
      %284 = llvm.add %138, %283 : i32
      %285 = arith.index_cast %218 : i32 to index
      %286 = arith.index_cast %284 : i32 to index
      %287 = llvm.add %284, %127 : i32
      %288 = arith.index_cast %287 : i32 to index
      %289 = llvm.extractvalue %126[30] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %290 = llvm.extractvalue %126[31] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      memref.store %289, %arg2[%285, %286] : memref<64x64xf32>
      memref.store %290, %arg2[%285, %288] : memref<64x64xf32>
      gpu.terminator
    }
    return
  }
}

