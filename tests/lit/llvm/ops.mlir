// RUN: goopt opt %s --split-input-file | FileCheck %s
// RUN: goopt opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Functions print their linkage, visibility, unnamed_addr and calling
// convention as keywords; the generic form holds the defaults explicitly.
// CHECK-LABEL: llvm.func internal protected local_unnamed_addr ptx_kernelcc @kernel
// CHECK-SAME: (%{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: !llvm.ptr<3>) attributes {nvvm.kernel}
// GENERIC: "llvm.func"() <{CConv = #llvm.cconv<ptx_kernelcc>, arg_attrs = [{llvm.noalias}, {}], function_type = !llvm.func<void (ptr, ptr<3>)>, linkage = #llvm.linkage<internal>, sym_name = "kernel", unnamed_addr = 1 : i64, visibility_ = 2 : i64}>
llvm.func internal protected local_unnamed_addr ptx_kernelcc @kernel(%p: !llvm.ptr {llvm.noalias}, %q: !llvm.ptr<3>) attributes {nvvm.kernel} {
  llvm.return
}

// -----

// A declaration keeps only its types; void results are left out, variadic
// parameters spelled `...`.
// CHECK: llvm.func @decl(i32, !llvm.ptr, ...) -> f32
// CHECK: llvm.func @void_decl(!llvm.struct<(i32, array<2 x ptr>)>)
// GENERIC: function_type = !llvm.func<f32 (i32, ptr, ...)>
// GENERIC: function_type = !llvm.func<void (struct<(i32, array<2 x ptr>)>)>
llvm.func @decl(i32, !llvm.ptr, ...) -> f32
llvm.func @void_decl(!llvm.struct<(i32, !llvm.array<2 x !llvm.ptr>)>)

// -----

// Globals: value, address space and alignment, string globals without their
// type, initializer regions.
// CHECK: llvm.mlir.global private @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x f16>
// CHECK: llvm.mlir.global internal constant @msg("hi") {addr_space = 0 : i32}
// CHECK-NOT: !llvm.array<2 x i8>
// CHECK: llvm.mlir.global internal @init() {addr_space = 0 : i32} : i32 {
// CHECK: llvm.return %{{.*}} : i32
// CHECK-LABEL: llvm.func @use
// CHECK: llvm.mlir.addressof @smem : !llvm.ptr<3>
// GENERIC: "llvm.mlir.global"() <{addr_space = 3 : i32, alignment = 16 : i64, global_type = !llvm.array<128 x f16>, linkage = #llvm.linkage<private>, sym_name = "smem", unnamed_addr = 0 : i64, visibility_ = 0 : i64}>
llvm.mlir.global private @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x f16>
llvm.mlir.global internal constant @msg("hi")
llvm.mlir.global internal @init() : i32 {
  %0 = llvm.mlir.constant(7 : i32) : i32
  llvm.return %0 : i32
}
llvm.func @use() {
  %0 = llvm.mlir.addressof @smem : !llvm.ptr<3>
  llvm.return
}

// -----

// Arithmetic flags: overflow flags print after the operands, fast-math
// flags in the attribute dictionary; `none` is left out.
// CHECK-LABEL: llvm.func @flags
// CHECK: llvm.add %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK: llvm.mul %{{.*}}, %{{.*}} : i32
// CHECK: llvm.fadd %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK: llvm.fmul %{{.*}}, %{{.*}} : f32
// CHECK: llvm.icmp "sge" %{{.*}}, %{{.*}} : i32
// CHECK: llvm.fcmp "oeq" %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// GENERIC: "llvm.add"(%{{.*}}, %{{.*}}) <{overflowFlags = #llvm.overflow<nsw, nuw>}>
// GENERIC: "llvm.mul"(%{{.*}}, %{{.*}}) <{overflowFlags = #llvm.overflow<none>}>
// GENERIC: "llvm.fmul"(%{{.*}}, %{{.*}}) <{fastmathFlags = #llvm.fastmath<none>}>
// GENERIC: "llvm.icmp"(%{{.*}}, %{{.*}}) <{predicate = 5 : i64}> : (i32, i32) -> i1
// GENERIC: "llvm.fcmp"(%{{.*}}, %{{.*}}) <{fastmathFlags = #llvm.fastmath<none>, predicate = 1 : i64}> : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
llvm.func @flags(%a: i32, %f: f32, %v: vector<4xf32>) {
  %0 = llvm.add %a, %a overflow<nuw, nsw> : i32
  %1 = llvm.mul %0, %a overflow<none> : i32
  %2 = llvm.fadd %f, %f {fastmathFlags = #llvm.fastmath<fast>} : f32
  %3 = llvm.fmul %2, %f {fastmathFlags = #llvm.fastmath<none>} : f32
  %4 = llvm.icmp "sge" %0, %1 : i32
  %5 = llvm.fcmp "oeq" %v, %v : vector<4xf32>
  %6 = llvm.intr.fma(%f, %f, %3) : (f32, f32, f32) -> f32
  llvm.return
}

// -----

// getelementptr mixes dynamic and constant indices; the generic form keeps
// the dynamic slots as INT32_MIN in rawConstantIndices.
// CHECK-LABEL: llvm.func @gep
// CHECK: llvm.getelementptr inbounds %{{.*}}[%{{.*}}, 1, %{{.*}}] : (!llvm.ptr, i64, i32) -> !llvm.ptr, !llvm.struct<(i32, array<4 x f32>)>
// CHECK: llvm.load %{{.*}} atomic syncscope("agent") acquire {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: llvm.store volatile %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr
// GENERIC: "llvm.getelementptr"(%{{.*}}, %{{.*}}, %{{.*}}) <{elem_type = !llvm.struct<(i32, array<4 x f32>)>, inbounds, rawConstantIndices = array<i32: -2147483648, 1, -2147483648>}>
// GENERIC: "llvm.load"(%{{.*}}) <{alignment = 4 : i64, ordering = 4 : i64, syncscope = "agent"}>
// GENERIC: "llvm.store"(%{{.*}}, %{{.*}}) <{alignment = 4 : i64, ordering = 0 : i64, volatile_}>
llvm.func @gep(%p: !llvm.ptr, %i: i64, %j: i32) {
  %0 = llvm.getelementptr inbounds %p[%i, 1, %j] : (!llvm.ptr, i64, i32) -> !llvm.ptr, !llvm.struct<(i32, array<4 x f32>)>
  %1 = llvm.load %0 atomic syncscope("agent") acquire {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.store volatile %1, %0 {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

// Calls: direct with a calling convention and tail-call kind, indirect
// through a pointer, variadic with the callee's type.
// CHECK-LABEL: llvm.func @calls
// CHECK: llvm.call fastcc tail @callee(%{{.*}}) : (i32) -> i32
// CHECK: llvm.call %{{.*}}(%{{.*}}) : !llvm.ptr, (i32) -> i32
// CHECK: llvm.call @printf(%{{.*}}, %{{.*}}) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
// GENERIC: "llvm.call"(%{{.*}}) <{CConv = #llvm.cconv<fastcc>, TailCallKind = #llvm.tailcallkind<tail>, callee = @callee, fastmathFlags = #llvm.fastmath<none>}> : (i32) -> i32
llvm.func @callee(i32) -> i32
llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.func @calls(%a: i32, %fp: !llvm.ptr) {
  %0 = llvm.call fastcc tail @callee(%a) : (i32) -> i32
  %1 = llvm.call %fp(%a) : !llvm.ptr, (i32) -> i32
  %2 = llvm.call @printf(%fp, %a) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
  llvm.return
}

// -----

// Switch cases print one per line, as unsigned values of the condition's
// width (as mlir-opt-19 does); the generic form records the case
// values and each case's operand count.
// CHECK-LABEL: llvm.func @switch
// CHECK: llvm.switch %{{.*}} : i32, ^bb1 [
// CHECK-NEXT: 5: ^bb2(%{{.*}} : i32),
// CHECK-NEXT: 4294967295: ^bb1
// CHECK-NEXT: ]
// GENERIC: <{case_operand_segments = array<i32: 1, 0>, case_values = dense<[5, -1]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}>
llvm.func @switch(%a: i32) {
  llvm.switch %a : i32, ^bb1 [
    5: ^bb2(%a : i32),
    -1: ^bb1
  ]
^bb1:
  llvm.return
^bb2(%x: i32):
  llvm.return
}
