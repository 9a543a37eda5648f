// Calls (direct, indirect, variadic, with calling convention and tail-call
// kind), intrinsic calls, inline assembly and the terminators.
module {
  llvm.func @callee(i32, f32) -> f32
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @noret()
  llvm.func @control(%c: i1, %a: i32, %f: f32, %fp: !llvm.ptr) -> f32 {
    %0 = llvm.call @callee(%a, %f) : (i32, f32) -> f32
    %1 = llvm.call %fp(%a, %f) : !llvm.ptr, (i32, f32) -> f32
    %2 = llvm.call @printf(%fp, %a) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    llvm.call tail @noret() : () -> ()
    llvm.call fastcc @noret() : () -> ()
    %3 = llvm.call @callee(%a, %f) {fastmathFlags = #llvm.fastmath<fast>} : (i32, f32) -> f32
    %4 = llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.tid.x"() : () -> i32
    %5 = llvm.call_intrinsic "llvm.fabs.f32"(%f) : (f32) -> f32 {fastmathFlags = #llvm.fastmath<nnan>}
    llvm.call_intrinsic "llvm.nvvm.barrier0"() : () -> ()
    %6 = llvm.inline_asm has_side_effects asm_dialect = att "mov.u32 $0, %tid.x;", "=r" : () -> i32
    %7 = llvm.inline_asm "add.s32 $0, $1, $2;", "=r,r,r" %a, %4 : (i32, i32) -> i32
    llvm.inline_asm has_side_effects "bar.sync 0;", "" : () -> ()
    llvm.cond_br %c, ^bb1(%a : i32), ^bb2
  ^bb1(%x: i32):
    llvm.switch %x : i32, ^bb2 [
      1: ^bb1(%x : i32),
      -2: ^bb3(%f : f32),
      2: ^bb2
    ]
  ^bb2:
    llvm.br ^bb3(%0 : f32)
  ^bb3(%r: f32):
    llvm.cond_br %c weights([3, 1]), ^bb4, ^bb5
  ^bb4:
    llvm.switch %a : i32, ^bb5 [
    ]
  ^bb5:
    llvm.return %r : f32
  }
  llvm.func @dead() {
    llvm.unreachable
  }
}
