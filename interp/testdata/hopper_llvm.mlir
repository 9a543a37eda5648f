// The end-to-end Hopper kernel of nvgpu_test.go (hopperMatmul) outlined and
// lowered to the llvm dialect (branch nvgputonvvm, e3088f5: gpu-kernel-outlining,
// then in the gpu.module convert-nvgpu-to-nvvm, convert-scf-to-cf, convert-gpu-to-nvvm,
// reconcile-unrealized-casts): TMA descriptors are byval grid_constant pointers.
module attributes {gpu.container_module} {
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
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cast = memref.cast %arg0 : memref<64x32xf16> to memref<*xf16>
    %cast_0 = memref.cast %arg1 : memref<32x64xf16> to memref<*xf16>
    %0 = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
    %1 = nvgpu.tma.create.descriptor %cast_0 box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
    gpu.launch_func  @hopper_kernel::@hopper_kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)  args(%c0 : index, %c1 : index, %0 : !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, %1 : !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, %arg2 : memref<64x64xf32>)
    return
  }
  gpu.module @hopper_kernel {
    llvm.mlir.global private @__mbarrier() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<1 x i64>
    llvm.func @hopper_kernel(%arg0: i64, %arg1: i64, %arg2: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %arg3: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %arg4: !llvm.ptr, %arg5: !llvm.ptr, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64) attributes {gpu.kernel, gpu.known_block_size = array<i32: 128, 1, 1>, gpu.known_grid_size = array<i32: 1, 1, 1>, nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>} {
      %0 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
      %1 = llvm.insertvalue %arg4, %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %2 = llvm.insertvalue %arg5, %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %3 = llvm.insertvalue %arg6, %2[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %4 = llvm.insertvalue %arg7, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %5 = llvm.insertvalue %arg9, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %6 = llvm.insertvalue %arg8, %5[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %7 = llvm.insertvalue %arg10, %6[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %8 = llvm.mlir.constant(7 : i32) : i32
      %9 = llvm.mlir.constant(6 : i32) : i32
      %10 = llvm.mlir.constant(5 : i32) : i32
      %11 = llvm.mlir.constant(3 : i32) : i32
      %12 = llvm.mlir.constant(0 : i32) : i32
      %13 = llvm.mlir.constant(32 : i32) : i32
      %14 = llvm.mlir.constant(16 : i32) : i32
      %15 = llvm.mlir.constant(8 : i32) : i32
      %16 = llvm.mlir.constant(4 : i32) : i32
      %17 = llvm.mlir.constant(2 : i32) : i32
      %18 = llvm.mlir.constant(1 : i32) : i32
      %19 = llvm.mlir.constant(384 : i32) : i64
      %20 = llvm.mlir.constant(6 : i32) : i64
      %21 = llvm.mlir.constant(256 : i32) : i64
      %22 = llvm.mlir.constant(4 : i32) : i64
      %23 = llvm.mlir.constant(128 : i32) : i64
      %24 = llvm.mlir.constant(2 : i32) : i64
      %25 = llvm.mlir.constant(0.000000e+00 : f32) : f32
      %26 = llvm.mlir.constant(16 : i64) : i64
      %27 = llvm.mlir.constant(32 : i64) : i64
      %28 = llvm.mlir.constant(49 : i64) : i64
      %29 = llvm.mlir.constant(62 : i64) : i64
      %30 = llvm.mlir.constant(1 : i64) : i64
      %31 = llvm.mlir.constant(0 : i64) : i64
      %32 = llvm.mlir.constant(50 : i64) : i64
      %33 = llvm.mlir.constant(46 : i64) : i64
      %34 = llvm.mlir.constant(512 : i64) : i64
      %35 = llvm.mlir.constant(64 : i64) : i64
      %36 = llvm.mlir.constant(10000000 : index) : i64
      %37 = llvm.mlir.constant(false) : i1
      %38 = llvm.mlir.constant(16384 : index) : i64
      %39 = nvvm.read.ptx.sreg.tid.x : i32
      %40 = llvm.sext %39 : i32 to i64
      %41 = llvm.mlir.constant(64 : index) : i64
      %42 = llvm.mlir.constant(64 : index) : i64
      %43 = llvm.mlir.constant(1 : index) : i64
      %44 = llvm.mlir.constant(4096 : index) : i64
      %45 = llvm.mlir.addressof @a : !llvm.ptr<3>
      %46 = llvm.getelementptr %45[0, 0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<64 x array<64 x f16>>
      %47 = llvm.mlir.constant(3735928559 : index) : i64
      %48 = llvm.inttoptr %47 : i64 to !llvm.ptr<3>
      %49 = llvm.mlir.undef : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
      %50 = llvm.insertvalue %48, %49[0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %51 = llvm.insertvalue %46, %50[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %52 = llvm.mlir.constant(0 : index) : i64
      %53 = llvm.insertvalue %52, %51[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %54 = llvm.insertvalue %41, %53[3, 0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %55 = llvm.insertvalue %42, %54[3, 1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %56 = llvm.insertvalue %42, %55[4, 0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %57 = llvm.insertvalue %43, %56[4, 1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %58 = llvm.mlir.constant(64 : index) : i64
      %59 = llvm.mlir.constant(64 : index) : i64
      %60 = llvm.mlir.constant(1 : index) : i64
      %61 = llvm.mlir.constant(4096 : index) : i64
      %62 = llvm.mlir.addressof @b : !llvm.ptr<3>
      %63 = llvm.getelementptr %62[0, 0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<64 x array<64 x f16>>
      %64 = llvm.mlir.constant(3735928559 : index) : i64
      %65 = llvm.inttoptr %64 : i64 to !llvm.ptr<3>
      %66 = llvm.mlir.undef : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
      %67 = llvm.insertvalue %65, %66[0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %68 = llvm.insertvalue %63, %67[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %69 = llvm.mlir.constant(0 : index) : i64
      %70 = llvm.insertvalue %69, %68[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %71 = llvm.insertvalue %58, %70[3, 0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %72 = llvm.insertvalue %59, %71[3, 1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %73 = llvm.insertvalue %59, %72[4, 0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %74 = llvm.insertvalue %60, %73[4, 1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %75 = llvm.mlir.constant(1 : index) : i64
      %76 = llvm.mlir.constant(1 : index) : i64
      %77 = llvm.mlir.addressof @__mbarrier : !llvm.ptr<3>
      %78 = llvm.getelementptr %77[0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<1 x i64>
      %79 = llvm.mlir.constant(3735928559 : index) : i64
      %80 = llvm.inttoptr %79 : i64 to !llvm.ptr<3>
      %81 = llvm.mlir.undef : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
      %82 = llvm.insertvalue %80, %81[0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %83 = llvm.insertvalue %78, %82[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %84 = llvm.mlir.constant(0 : index) : i64
      %85 = llvm.insertvalue %84, %83[2] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %86 = llvm.insertvalue %75, %85[3, 0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %87 = llvm.insertvalue %76, %86[4, 0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %88 = llvm.icmp "eq" %40, %arg0 : i64
      llvm.cond_br %88, ^bb1, ^bb2
    ^bb1:  // pred: ^bb0
      %89 = llvm.extractvalue %87[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %90 = llvm.getelementptr %89[%arg0] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
      %91 = llvm.trunc %arg1 : i64 to i32
      nvvm.mbarrier.init.shared %90, %91 : !llvm.ptr<3>, i32
      llvm.br ^bb2
    ^bb2:  // 2 preds: ^bb0, ^bb1
      nvvm.barrier0
      llvm.cond_br %88, ^bb3, ^bb4
    ^bb3:  // pred: ^bb2
      %92 = llvm.extractvalue %57[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %93 = llvm.extractvalue %87[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %94 = llvm.getelementptr %93[%arg0] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
      %95 = llvm.trunc %arg0 : i64 to i32
      %96 = llvm.trunc %arg0 : i64 to i32
      nvvm.cp.async.bulk.tensor.shared.cluster.global %92, %arg2, %94, box[%95, %96] : <3>, !llvm.ptr
      %97 = llvm.extractvalue %74[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %98 = llvm.extractvalue %87[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %99 = llvm.getelementptr %98[%arg0] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
      %100 = llvm.trunc %arg0 : i64 to i32
      %101 = llvm.trunc %arg0 : i64 to i32
      nvvm.cp.async.bulk.tensor.shared.cluster.global %97, %arg3, %99, box[%100, %101] : <3>, !llvm.ptr
      %102 = llvm.extractvalue %87[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %103 = llvm.getelementptr %102[%arg0] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
      %104 = llvm.trunc %38 : i64 to i32
      nvvm.mbarrier.arrive.expect_tx.shared %103, %104 : !llvm.ptr<3>, i32
      llvm.br ^bb4
    ^bb4:  // 2 preds: ^bb2, ^bb3
      %105 = llvm.extractvalue %87[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)> 
      %106 = llvm.getelementptr %105[%arg0] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
      %107 = llvm.trunc %36 : i64 to i32
      %108 = llvm.zext %37 : i1 to i32
      nvvm.mbarrier.try_wait.parity.shared %106, %108, %107 : !llvm.ptr<3>, i32, i32
      %109 = llvm.extractvalue %57[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %110 = llvm.ptrtoint %109 : !llvm.ptr<3> to i64
      %111 = llvm.shl %110, %33 : i64
      %112 = llvm.lshr %111, %32  : i64
      %113 = llvm.shl %30, %29 : i64
      %114 = llvm.or %31, %113  : i64
      %115 = llvm.shl %31, %28 : i64
      %116 = llvm.or %114, %115  : i64
      %117 = llvm.shl %35, %27 : i64
      %118 = llvm.or %116, %117  : i64
      %119 = llvm.shl %34, %26 : i64
      %120 = llvm.or %118, %119  : i64
      %121 = llvm.shl %112, %31 : i64
      %122 = llvm.or %120, %121  : i64
      %123 = llvm.extractvalue %74[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> 
      %124 = llvm.ptrtoint %123 : !llvm.ptr<3> to i64
      %125 = llvm.shl %124, %33 : i64
      %126 = llvm.lshr %125, %32  : i64
      %127 = llvm.shl %30, %29 : i64
      %128 = llvm.or %31, %127  : i64
      %129 = llvm.shl %31, %28 : i64
      %130 = llvm.or %128, %129  : i64
      %131 = llvm.shl %35, %27 : i64
      %132 = llvm.or %130, %131  : i64
      %133 = llvm.shl %34, %26 : i64
      %134 = llvm.or %132, %133  : i64
      %135 = llvm.shl %126, %31 : i64
      %136 = llvm.or %134, %135  : i64
      %137 = llvm.mlir.undef : !llvm.struct<(struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>)>
      %138 = llvm.extractvalue %137[0] : !llvm.struct<(struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>)> 
      %139 = llvm.insertvalue %25, %138[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %140 = llvm.insertvalue %25, %139[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %141 = llvm.insertvalue %25, %140[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %142 = llvm.insertvalue %25, %141[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %143 = llvm.insertvalue %25, %142[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %144 = llvm.insertvalue %25, %143[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %145 = llvm.insertvalue %25, %144[6] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %146 = llvm.insertvalue %25, %145[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %147 = llvm.insertvalue %25, %146[8] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %148 = llvm.insertvalue %25, %147[9] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %149 = llvm.insertvalue %25, %148[10] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %150 = llvm.insertvalue %25, %149[11] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %151 = llvm.insertvalue %25, %150[12] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %152 = llvm.insertvalue %25, %151[13] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %153 = llvm.insertvalue %25, %152[14] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %154 = llvm.insertvalue %25, %153[15] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %155 = llvm.insertvalue %25, %154[16] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %156 = llvm.insertvalue %25, %155[17] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %157 = llvm.insertvalue %25, %156[18] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %158 = llvm.insertvalue %25, %157[19] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %159 = llvm.insertvalue %25, %158[20] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %160 = llvm.insertvalue %25, %159[21] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %161 = llvm.insertvalue %25, %160[22] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %162 = llvm.insertvalue %25, %161[23] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %163 = llvm.insertvalue %25, %162[24] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %164 = llvm.insertvalue %25, %163[25] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %165 = llvm.insertvalue %25, %164[26] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %166 = llvm.insertvalue %25, %165[27] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %167 = llvm.insertvalue %25, %166[28] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %168 = llvm.insertvalue %25, %167[29] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %169 = llvm.insertvalue %25, %168[30] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %170 = llvm.insertvalue %25, %169[31] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      nvvm.wgmma.fence.aligned
      %171 = nvvm.wgmma.mma_async %122, %136, %170, <m = 64, n = 64, k = 16>, D[<f32>, <one>, <wrapped>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %172 = llvm.add %122, %24 : i64
      %173 = llvm.add %136, %23 : i64
      %174 = nvvm.wgmma.mma_async %172, %173, %171, <m = 64, n = 64, k = 16>, D[<f32>, <one>, <wrapped>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %175 = llvm.add %122, %22 : i64
      %176 = llvm.add %136, %21 : i64
      %177 = nvvm.wgmma.mma_async %175, %176, %174, <m = 64, n = 64, k = 16>, D[<f32>, <one>, <wrapped>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      %178 = llvm.add %122, %20 : i64
      %179 = llvm.add %136, %19 : i64
      %180 = nvvm.wgmma.mma_async %178, %179, %177, <m = 64, n = 64, k = 16>, D[<f32>, <one>, <wrapped>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %181 = nvvm.read.ptx.sreg.tid.x : i32
      %182 = llvm.urem %181, %13  : i32
      %183 = llvm.udiv %181, %13  : i32
      %184 = llvm.udiv %182, %16  : i32
      %185 = llvm.urem %182, %16  : i32
      %186 = llvm.mul %185, %17 : i32
      %187 = llvm.mul %183, %14 : i32
      %188 = llvm.add %184, %187 : i32
      %189 = llvm.mul %12, %15 : i32
      %190 = llvm.add %188, %189 : i32
      %191 = llvm.mul %12, %15 : i32
      %192 = llvm.add %186, %191 : i32
      %193 = llvm.sext %190 : i32 to i64
      %194 = llvm.sext %192 : i32 to i64
      %195 = llvm.add %192, %18 : i32
      %196 = llvm.sext %195 : i32 to i64
      %197 = llvm.extractvalue %180[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %198 = llvm.extractvalue %180[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %199 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %200 = llvm.mlir.constant(64 : index) : i64
      %201 = llvm.mul %193, %200 : i64
      %202 = llvm.add %201, %194 : i64
      %203 = llvm.getelementptr %199[%202] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %197, %203 : f32, !llvm.ptr
      %204 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %205 = llvm.mlir.constant(64 : index) : i64
      %206 = llvm.mul %193, %205 : i64
      %207 = llvm.add %206, %196 : i64
      %208 = llvm.getelementptr %204[%207] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %198, %208 : f32, !llvm.ptr
      %209 = llvm.mul %18, %15 : i32
      %210 = llvm.add %186, %209 : i32
      %211 = llvm.sext %190 : i32 to i64
      %212 = llvm.sext %210 : i32 to i64
      %213 = llvm.add %210, %18 : i32
      %214 = llvm.sext %213 : i32 to i64
      %215 = llvm.extractvalue %180[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %216 = llvm.extractvalue %180[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %217 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %218 = llvm.mlir.constant(64 : index) : i64
      %219 = llvm.mul %211, %218 : i64
      %220 = llvm.add %219, %212 : i64
      %221 = llvm.getelementptr %217[%220] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %215, %221 : f32, !llvm.ptr
      %222 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %223 = llvm.mlir.constant(64 : index) : i64
      %224 = llvm.mul %211, %223 : i64
      %225 = llvm.add %224, %214 : i64
      %226 = llvm.getelementptr %222[%225] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %216, %226 : f32, !llvm.ptr
      %227 = llvm.mul %17, %15 : i32
      %228 = llvm.add %186, %227 : i32
      %229 = llvm.sext %190 : i32 to i64
      %230 = llvm.sext %228 : i32 to i64
      %231 = llvm.add %228, %18 : i32
      %232 = llvm.sext %231 : i32 to i64
      %233 = llvm.extractvalue %180[8] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %234 = llvm.extractvalue %180[9] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %235 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %236 = llvm.mlir.constant(64 : index) : i64
      %237 = llvm.mul %229, %236 : i64
      %238 = llvm.add %237, %230 : i64
      %239 = llvm.getelementptr %235[%238] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %233, %239 : f32, !llvm.ptr
      %240 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %241 = llvm.mlir.constant(64 : index) : i64
      %242 = llvm.mul %229, %241 : i64
      %243 = llvm.add %242, %232 : i64
      %244 = llvm.getelementptr %240[%243] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %234, %244 : f32, !llvm.ptr
      %245 = llvm.mul %11, %15 : i32
      %246 = llvm.add %186, %245 : i32
      %247 = llvm.sext %190 : i32 to i64
      %248 = llvm.sext %246 : i32 to i64
      %249 = llvm.add %246, %18 : i32
      %250 = llvm.sext %249 : i32 to i64
      %251 = llvm.extractvalue %180[12] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %252 = llvm.extractvalue %180[13] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %253 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %254 = llvm.mlir.constant(64 : index) : i64
      %255 = llvm.mul %247, %254 : i64
      %256 = llvm.add %255, %248 : i64
      %257 = llvm.getelementptr %253[%256] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %251, %257 : f32, !llvm.ptr
      %258 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %259 = llvm.mlir.constant(64 : index) : i64
      %260 = llvm.mul %247, %259 : i64
      %261 = llvm.add %260, %250 : i64
      %262 = llvm.getelementptr %258[%261] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %252, %262 : f32, !llvm.ptr
      %263 = llvm.mul %16, %15 : i32
      %264 = llvm.add %186, %263 : i32
      %265 = llvm.sext %190 : i32 to i64
      %266 = llvm.sext %264 : i32 to i64
      %267 = llvm.add %264, %18 : i32
      %268 = llvm.sext %267 : i32 to i64
      %269 = llvm.extractvalue %180[16] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %270 = llvm.extractvalue %180[17] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %271 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %272 = llvm.mlir.constant(64 : index) : i64
      %273 = llvm.mul %265, %272 : i64
      %274 = llvm.add %273, %266 : i64
      %275 = llvm.getelementptr %271[%274] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %269, %275 : f32, !llvm.ptr
      %276 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %277 = llvm.mlir.constant(64 : index) : i64
      %278 = llvm.mul %265, %277 : i64
      %279 = llvm.add %278, %268 : i64
      %280 = llvm.getelementptr %276[%279] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %270, %280 : f32, !llvm.ptr
      %281 = llvm.mul %10, %15 : i32
      %282 = llvm.add %186, %281 : i32
      %283 = llvm.sext %190 : i32 to i64
      %284 = llvm.sext %282 : i32 to i64
      %285 = llvm.add %282, %18 : i32
      %286 = llvm.sext %285 : i32 to i64
      %287 = llvm.extractvalue %180[20] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %288 = llvm.extractvalue %180[21] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %289 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %290 = llvm.mlir.constant(64 : index) : i64
      %291 = llvm.mul %283, %290 : i64
      %292 = llvm.add %291, %284 : i64
      %293 = llvm.getelementptr %289[%292] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %287, %293 : f32, !llvm.ptr
      %294 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %295 = llvm.mlir.constant(64 : index) : i64
      %296 = llvm.mul %283, %295 : i64
      %297 = llvm.add %296, %286 : i64
      %298 = llvm.getelementptr %294[%297] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %288, %298 : f32, !llvm.ptr
      %299 = llvm.mul %9, %15 : i32
      %300 = llvm.add %186, %299 : i32
      %301 = llvm.sext %190 : i32 to i64
      %302 = llvm.sext %300 : i32 to i64
      %303 = llvm.add %300, %18 : i32
      %304 = llvm.sext %303 : i32 to i64
      %305 = llvm.extractvalue %180[24] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %306 = llvm.extractvalue %180[25] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %307 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %308 = llvm.mlir.constant(64 : index) : i64
      %309 = llvm.mul %301, %308 : i64
      %310 = llvm.add %309, %302 : i64
      %311 = llvm.getelementptr %307[%310] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %305, %311 : f32, !llvm.ptr
      %312 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %313 = llvm.mlir.constant(64 : index) : i64
      %314 = llvm.mul %301, %313 : i64
      %315 = llvm.add %314, %304 : i64
      %316 = llvm.getelementptr %312[%315] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %306, %316 : f32, !llvm.ptr
      %317 = llvm.mul %8, %15 : i32
      %318 = llvm.add %186, %317 : i32
      %319 = llvm.sext %190 : i32 to i64
      %320 = llvm.sext %318 : i32 to i64
      %321 = llvm.add %318, %18 : i32
      %322 = llvm.sext %321 : i32 to i64
      %323 = llvm.extractvalue %180[28] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %324 = llvm.extractvalue %180[29] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %325 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %326 = llvm.mlir.constant(64 : index) : i64
      %327 = llvm.mul %319, %326 : i64
      %328 = llvm.add %327, %320 : i64
      %329 = llvm.getelementptr %325[%328] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %323, %329 : f32, !llvm.ptr
      %330 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %331 = llvm.mlir.constant(64 : index) : i64
      %332 = llvm.mul %319, %331 : i64
      %333 = llvm.add %332, %322 : i64
      %334 = llvm.getelementptr %330[%333] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %324, %334 : f32, !llvm.ptr
      %335 = llvm.mul %18, %15 : i32
      %336 = llvm.add %188, %335 : i32
      %337 = llvm.mul %12, %15 : i32
      %338 = llvm.add %186, %337 : i32
      %339 = llvm.sext %336 : i32 to i64
      %340 = llvm.sext %338 : i32 to i64
      %341 = llvm.add %338, %18 : i32
      %342 = llvm.sext %341 : i32 to i64
      %343 = llvm.extractvalue %180[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %344 = llvm.extractvalue %180[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %345 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %346 = llvm.mlir.constant(64 : index) : i64
      %347 = llvm.mul %339, %346 : i64
      %348 = llvm.add %347, %340 : i64
      %349 = llvm.getelementptr %345[%348] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %343, %349 : f32, !llvm.ptr
      %350 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %351 = llvm.mlir.constant(64 : index) : i64
      %352 = llvm.mul %339, %351 : i64
      %353 = llvm.add %352, %342 : i64
      %354 = llvm.getelementptr %350[%353] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %344, %354 : f32, !llvm.ptr
      %355 = llvm.mul %18, %15 : i32
      %356 = llvm.add %186, %355 : i32
      %357 = llvm.sext %336 : i32 to i64
      %358 = llvm.sext %356 : i32 to i64
      %359 = llvm.add %356, %18 : i32
      %360 = llvm.sext %359 : i32 to i64
      %361 = llvm.extractvalue %180[6] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %362 = llvm.extractvalue %180[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %363 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %364 = llvm.mlir.constant(64 : index) : i64
      %365 = llvm.mul %357, %364 : i64
      %366 = llvm.add %365, %358 : i64
      %367 = llvm.getelementptr %363[%366] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %361, %367 : f32, !llvm.ptr
      %368 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %369 = llvm.mlir.constant(64 : index) : i64
      %370 = llvm.mul %357, %369 : i64
      %371 = llvm.add %370, %360 : i64
      %372 = llvm.getelementptr %368[%371] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %362, %372 : f32, !llvm.ptr
      %373 = llvm.mul %17, %15 : i32
      %374 = llvm.add %186, %373 : i32
      %375 = llvm.sext %336 : i32 to i64
      %376 = llvm.sext %374 : i32 to i64
      %377 = llvm.add %374, %18 : i32
      %378 = llvm.sext %377 : i32 to i64
      %379 = llvm.extractvalue %180[10] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %380 = llvm.extractvalue %180[11] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %381 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %382 = llvm.mlir.constant(64 : index) : i64
      %383 = llvm.mul %375, %382 : i64
      %384 = llvm.add %383, %376 : i64
      %385 = llvm.getelementptr %381[%384] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %379, %385 : f32, !llvm.ptr
      %386 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %387 = llvm.mlir.constant(64 : index) : i64
      %388 = llvm.mul %375, %387 : i64
      %389 = llvm.add %388, %378 : i64
      %390 = llvm.getelementptr %386[%389] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %380, %390 : f32, !llvm.ptr
      %391 = llvm.mul %11, %15 : i32
      %392 = llvm.add %186, %391 : i32
      %393 = llvm.sext %336 : i32 to i64
      %394 = llvm.sext %392 : i32 to i64
      %395 = llvm.add %392, %18 : i32
      %396 = llvm.sext %395 : i32 to i64
      %397 = llvm.extractvalue %180[14] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %398 = llvm.extractvalue %180[15] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %399 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %400 = llvm.mlir.constant(64 : index) : i64
      %401 = llvm.mul %393, %400 : i64
      %402 = llvm.add %401, %394 : i64
      %403 = llvm.getelementptr %399[%402] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %397, %403 : f32, !llvm.ptr
      %404 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %405 = llvm.mlir.constant(64 : index) : i64
      %406 = llvm.mul %393, %405 : i64
      %407 = llvm.add %406, %396 : i64
      %408 = llvm.getelementptr %404[%407] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %398, %408 : f32, !llvm.ptr
      %409 = llvm.mul %16, %15 : i32
      %410 = llvm.add %186, %409 : i32
      %411 = llvm.sext %336 : i32 to i64
      %412 = llvm.sext %410 : i32 to i64
      %413 = llvm.add %410, %18 : i32
      %414 = llvm.sext %413 : i32 to i64
      %415 = llvm.extractvalue %180[18] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %416 = llvm.extractvalue %180[19] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %417 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %418 = llvm.mlir.constant(64 : index) : i64
      %419 = llvm.mul %411, %418 : i64
      %420 = llvm.add %419, %412 : i64
      %421 = llvm.getelementptr %417[%420] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %415, %421 : f32, !llvm.ptr
      %422 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %423 = llvm.mlir.constant(64 : index) : i64
      %424 = llvm.mul %411, %423 : i64
      %425 = llvm.add %424, %414 : i64
      %426 = llvm.getelementptr %422[%425] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %416, %426 : f32, !llvm.ptr
      %427 = llvm.mul %10, %15 : i32
      %428 = llvm.add %186, %427 : i32
      %429 = llvm.sext %336 : i32 to i64
      %430 = llvm.sext %428 : i32 to i64
      %431 = llvm.add %428, %18 : i32
      %432 = llvm.sext %431 : i32 to i64
      %433 = llvm.extractvalue %180[22] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %434 = llvm.extractvalue %180[23] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %435 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %436 = llvm.mlir.constant(64 : index) : i64
      %437 = llvm.mul %429, %436 : i64
      %438 = llvm.add %437, %430 : i64
      %439 = llvm.getelementptr %435[%438] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %433, %439 : f32, !llvm.ptr
      %440 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %441 = llvm.mlir.constant(64 : index) : i64
      %442 = llvm.mul %429, %441 : i64
      %443 = llvm.add %442, %432 : i64
      %444 = llvm.getelementptr %440[%443] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %434, %444 : f32, !llvm.ptr
      %445 = llvm.mul %9, %15 : i32
      %446 = llvm.add %186, %445 : i32
      %447 = llvm.sext %336 : i32 to i64
      %448 = llvm.sext %446 : i32 to i64
      %449 = llvm.add %446, %18 : i32
      %450 = llvm.sext %449 : i32 to i64
      %451 = llvm.extractvalue %180[26] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %452 = llvm.extractvalue %180[27] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %453 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %454 = llvm.mlir.constant(64 : index) : i64
      %455 = llvm.mul %447, %454 : i64
      %456 = llvm.add %455, %448 : i64
      %457 = llvm.getelementptr %453[%456] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %451, %457 : f32, !llvm.ptr
      %458 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %459 = llvm.mlir.constant(64 : index) : i64
      %460 = llvm.mul %447, %459 : i64
      %461 = llvm.add %460, %450 : i64
      %462 = llvm.getelementptr %458[%461] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %452, %462 : f32, !llvm.ptr
      %463 = llvm.mul %8, %15 : i32
      %464 = llvm.add %186, %463 : i32
      %465 = llvm.sext %336 : i32 to i64
      %466 = llvm.sext %464 : i32 to i64
      %467 = llvm.add %464, %18 : i32
      %468 = llvm.sext %467 : i32 to i64
      %469 = llvm.extractvalue %180[30] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %470 = llvm.extractvalue %180[31] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)> 
      %471 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %472 = llvm.mlir.constant(64 : index) : i64
      %473 = llvm.mul %465, %472 : i64
      %474 = llvm.add %473, %466 : i64
      %475 = llvm.getelementptr %471[%474] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %469, %475 : f32, !llvm.ptr
      %476 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
      %477 = llvm.mlir.constant(64 : index) : i64
      %478 = llvm.mul %465, %477 : i64
      %479 = llvm.add %478, %468 : i64
      %480 = llvm.getelementptr %476[%479] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %470, %480 : f32, !llvm.ptr
      llvm.return
    }
    llvm.mlir.global private @a() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x array<64 x f16>>
    llvm.mlir.global private @b() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x array<64 x f16>>
  }
}

