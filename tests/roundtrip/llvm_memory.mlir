// Memory through opaque pointers: getelementptr with mixed dynamic and
// constant indices, loads and stores (aligned, volatile, atomic), atomicrmw,
// cmpxchg, aggregates and vector element operations.
llvm.func @memory(%p: !llvm.ptr, %q: !llvm.ptr<3>, %i: i64, %j: i32, %f: f32, %v: vector<4xf32>) {
  %0 = llvm.getelementptr %p[%i, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  %1 = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %2 = llvm.getelementptr %q[0, %j, %i] : (!llvm.ptr<3>, i32, i64) -> !llvm.ptr<3>, !llvm.array<4 x array<8 x f16>>
  %3 = llvm.getelementptr %p[-1] : (!llvm.ptr) -> !llvm.ptr, i8
  %4 = llvm.load %1 {alignment = 4 : i64} : !llvm.ptr -> f32
  %5 = llvm.load volatile %1 : !llvm.ptr -> f32
  %6 = llvm.load %1 {alignment = 16 : i64, nontemporal} : !llvm.ptr -> vector<4xf32>
  %7 = llvm.load %2 invariant : !llvm.ptr<3> -> f16
  llvm.store %4, %1 {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.store volatile %5, %1 : f32, !llvm.ptr
  llvm.store %7, %2 : f16, !llvm.ptr<3>
  %8 = llvm.load %1 atomic acquire {alignment = 4 : i64} : !llvm.ptr -> i32
  %9 = llvm.load %1 atomic syncscope("agent") monotonic {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.store %8, %1 atomic release {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.store %8, %1 atomic syncscope("block") seq_cst {alignment = 4 : i64} : i32, !llvm.ptr
  %10 = llvm.atomicrmw add %1, %j monotonic : !llvm.ptr, i32
  %11 = llvm.atomicrmw fadd %1, %f acq_rel : !llvm.ptr, f32
  %12 = llvm.atomicrmw volatile xchg %1, %j syncscope("agent") seq_cst {alignment = 4 : i64} : !llvm.ptr, i32
  %13 = llvm.atomicrmw _and %1, %j release : !llvm.ptr, i32
  %14 = llvm.cmpxchg %1, %j, %8 acq_rel monotonic : !llvm.ptr, i32
  %15 = llvm.cmpxchg weak volatile %1, %j, %8 syncscope("agent") seq_cst acquire {alignment = 4 : i64} : !llvm.ptr, i32
  %16 = llvm.extractvalue %14[0] : !llvm.struct<(i32, i1)>
  %17 = llvm.extractvalue %15[1] : !llvm.struct<(i32, i1)>
  %18 = llvm.mlir.undef : !llvm.struct<(ptr, array<2 x i64>)>
  %19 = llvm.insertvalue %p, %18[0] : !llvm.struct<(ptr, array<2 x i64>)>
  %20 = llvm.insertvalue %i, %19[1, 1] : !llvm.struct<(ptr, array<2 x i64>)>
  %21 = llvm.extractvalue %20[1, 0] : !llvm.struct<(ptr, array<2 x i64>)>
  %22 = llvm.extractelement %v[%j : i32] : vector<4xf32>
  %23 = llvm.insertelement %f, %v[%i : i64] : vector<4xf32>
  %24 = llvm.shufflevector %v, %23 [0, 1, 4, 5, -1] : vector<4xf32>
  llvm.return
}
