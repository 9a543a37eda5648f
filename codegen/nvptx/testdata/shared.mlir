// A block-wide reversal through shared memory: every thread writes one
// element of an aligned addrspace(3) buffer, the block meets at barrier0,
// then each thread reads its mirror element.
llvm.mlir.global private @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<256 x f32>
llvm.mlir.global internal constant @scale(2.000000e+00 : f32) {addr_space = 4 : i32, alignment = 4 : i64} : f32
llvm.func @reverse(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 256>} {
  %c255 = llvm.mlir.constant(255 : i32) : i32
  %tid = nvvm.read.ptx.sreg.tid.x : i32
  %t64 = llvm.zext %tid : i32 to i64
  %src = llvm.getelementptr %in[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
  %v = llvm.load %src {alignment = 4 : i64} : !llvm.ptr<1> -> f32
  %smem = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %slot = llvm.getelementptr %smem[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
  llvm.store %v, %slot {alignment = 4 : i64} : f32, !llvm.ptr<3>
  nvvm.barrier0
  %mirror = llvm.sub %c255, %tid : i32
  %mslot = llvm.getelementptr %smem[0, %mirror] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<256 x f32>
  %w = llvm.load %mslot {alignment = 4 : i64} : !llvm.ptr<3> -> f32
  %ps = llvm.mlir.addressof @scale : !llvm.ptr<4>
  %k = llvm.load %ps {alignment = 4 : i64} : !llvm.ptr<4> -> f32
  %r = llvm.fmul %w, %k : f32
  %dst = llvm.getelementptr %out[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
  llvm.store %r, %dst {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}
