// llvm.func with linkage, visibility, unnamed_addr, calling conventions and
// argument/result attributes; llvm.mlir.global with values, initializer
// regions, address spaces and alignment; llvm.mlir.addressof.
module {
  llvm.mlir.global internal constant @cst(dense<1.0> : tensor<4xf32>) : !llvm.array<4 x f32>
  llvm.mlir.global external @ext() : i32
  llvm.mlir.global private @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x f16>
  llvm.mlir.global internal @init() : i32 {
    %0 = llvm.mlir.constant(7 : i32) : i32
    llvm.return %0 : i32
  }
  llvm.mlir.global private constant @g(1 : i32) : i32
  llvm.mlir.global internal unnamed_addr thread_local @t(0 : i32) {alignment = 4 : i64} : i32
  llvm.mlir.global weak_odr hidden @h(1.5 : f32) {section = "x"} : f32
  llvm.mlir.global external @s("abc") {addr_space = 1 : i32}
  llvm.func @decl(i32, !llvm.ptr) -> f32
  llvm.func @vararg(!llvm.ptr, ...) -> i32
  llvm.func extern_weak @weakdecl()
  llvm.func internal protected local_unnamed_addr ptx_kernelcc @k(%arg0: !llvm.ptr {llvm.noalias}) -> (i32 {llvm.zeroext}) attributes {nvvm.kernel} {
    %0 = llvm.mlir.constant(1 : i32) : i32
    %1 = llvm.mlir.addressof @smem : !llvm.ptr<3>
    %2 = llvm.mlir.addressof @decl : !llvm.ptr
    llvm.return %0 : i32
  }
  llvm.func weak hidden @w() attributes {dso_local, passthrough = ["noinline"]} {
    llvm.return
  }
  llvm.func linkonce_odr fastcc @fc(%a: f64) -> f64 {
    llvm.return %a : f64
  }
}
