// Loops and a switch whose blocks take arguments: the arguments become phi
// nodes, one incoming value per branch edge (two from the switch's block
// into ^exit).
llvm.func @sum(%p: !llvm.ptr, %n: i64) -> f32 {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %z = llvm.mlir.constant(0.000000e+00 : f32) : f32
  llvm.br ^head(%c0, %z : i64, f32)
^head(%i: i64, %acc: f32):
  %more = llvm.icmp "ult" %i, %n : i64
  llvm.cond_br %more, ^body, ^exit(%acc : f32)
^body:
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %q {alignment = 4 : i64} : !llvm.ptr -> f32
  %acc2 = llvm.fadd %acc, %x : f32
  %i2 = llvm.add %i, %c1 : i64
  llvm.br ^head(%i2, %acc2 : i64, f32)
^exit(%r: f32):
  llvm.return %r : f32
}

llvm.func @classify(%x: i32) -> i32 {
  %a = llvm.mlir.constant(10 : i32) : i32
  %b = llvm.mlir.constant(-1 : i32) : i32
  llvm.switch %x : i32, ^other [
    0: ^exit(%a : i32),
    1: ^exit(%a : i32),
    7: ^seven
  ]
^seven:
  %s = llvm.call @helper(%x) : (i32) -> i32
  llvm.br ^exit(%s : i32)
^other:
  llvm.br ^exit(%b : i32)
^exit(%r: i32):
  llvm.return %r : i32
}

llvm.func internal @helper(%x: i32) -> i32 {
  %v = llvm.mlir.constant(dense<[1, 2, 3, 4]> : vector<4xi32>) : vector<4xi32>
  %i = llvm.mlir.constant(2 : i32) : i32
  %e = llvm.extractelement %v[%i : i32] : vector<4xi32>
  %m = llvm.intr.smax(%x, %e) : (i32, i32) -> i32
  %c = llvm.icmp "sgt" %m, %x : i32
  %s = llvm.select %c, %m, %e : i1, i32
  llvm.return %s : i32
}
