// RUN: goopt opt %s --split-input-file --convert-vector-to-llvm | FileCheck %s
// RUN: goopt opt %s --split-input-file --convert-vector-to-llvm=vector-alignment-from-indices | FileCheck %s --check-prefix=VALIGN

// EQUIV: none (memref arguments meet their descriptors through unrealized casts, which the interpreter cannot run before func-to-llvm; passes/finalizememreftollvm/equiv_test.go checks both passes by execution)

// The paper's 128-bit copy: vector.load from global memory and vector.store
// into shared memory are llvm.load/store of vector<8xf16>. Upstream aligns
// them to the element (2 bytes); with vector-alignment-from-indices the
// offsets here are provably multiples of 8 elements (the row stride 136
// and the column index i * 8), so they get the vector's 16 bytes.
// CHECK-LABEL: func @copy128
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f16
// CHECK: %[[V:.*]] = llvm.load %[[P]] {alignment = 2 : i64} : !llvm.ptr -> vector<8xf16>
// CHECK: %[[Q:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
// CHECK: llvm.store %[[V]], %[[Q]] {alignment = 2 : i64} : vector<8xf16>, !llvm.ptr<3>
// VALIGN-LABEL: func @copy128
// VALIGN: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<8xf16>
// VALIGN: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// VALIGN: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr -> vector<8xf16>
func.func @copy128(%g: memref<128x64xf16>, %s: memref<64x136xf16, 3>, %r: index, %i: index, %j: index) -> vector<8xf16> {
  %c8 = arith.constant 8 : index
  %col = arith.muli %i, %c8 : index
  %v = vector.load %g[%r, %col] : memref<128x64xf16>, vector<8xf16>
  vector.store %v, %s[%r, %col] : memref<64x136xf16, 3>, vector<8xf16>
  // An arbitrary column: only the element's alignment is known.
  %w = vector.load %g[%r, %j] : memref<128x64xf16>, vector<8xf16>
  return %w : vector<8xf16>
}

// -----

// Masked accesses are the llvm.masked intrinsics, aligned to the element.
// CHECK-LABEL: func @masked
// CHECK: %[[L:.*]] = llvm.intr.masked.load %{{.*}}, %arg2, %arg3 {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.intr.masked.store %[[L]], %{{.*}}, %arg2 {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
func.func @masked(%m: memref<16xf32>, %i: index, %mask: vector<4xi1>, %pt: vector<4xf32>) {
  %v = vector.maskedload %m[%i], %mask, %pt : memref<16xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %m[%i], %mask, %v : memref<16xf32>, vector<4xi1>, vector<4xf32>
  return
}

// -----

// broadcast and splat: insertelement into lane 0, shufflevector of zeros,
// and insertvalue into each row of an n-D vector.
// CHECK-LABEL: func @broadcast
// CHECK: %[[U:.*]] = llvm.mlir.undef : vector<4xf32>
// CHECK: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[E:.*]] = llvm.insertelement %arg0, %[[U]][%[[C0]] : i32] : vector<4xf32>
// CHECK: %[[S:.*]] = llvm.shufflevector %[[E]], %[[E]] [0, 0, 0, 0] : vector<4xf32>
// CHECK: %[[A:.*]] = llvm.mlir.undef : !llvm.array<2 x vector<4xf32>>
// CHECK: %[[A0:.*]] = llvm.insertvalue %[[S]], %[[A]][0] : !llvm.array<2 x vector<4xf32>>
// CHECK: llvm.insertvalue %[[S]], %[[A0]][1] : !llvm.array<2 x vector<4xf32>>
// CHECK: llvm.shufflevector %{{.*}}, %{{.*}} [0, 0, 0, 0, 0, 0, 0, 0] : vector<8xf16>
// CHECK: %[[R:.*]] = llvm.mlir.undef : !llvm.array<3 x vector<4xf32>>
// CHECK: llvm.insertvalue %arg2, %[[R]][0] : !llvm.array<3 x vector<4xf32>>
func.func @broadcast(%x: f32, %h: f16, %v: vector<4xf32>) -> (vector<2x4xf32>, vector<8xf16>, vector<3x4xf32>) {
  %b = vector.broadcast %x : f32 to vector<2x4xf32>
  %s = vector.splat %h : vector<8xf16>
  %r = vector.broadcast %v : vector<4xf32> to vector<3x4xf32>
  return %b, %s, %r : vector<2x4xf32>, vector<8xf16>, vector<3x4xf32>
}

// -----

// extract/insert: extractvalue/insertvalue for the outer dimensions,
// extractelement/insertelement (i64 positions) for the innermost.
// CHECK-LABEL: func @extract_insert
// CHECK: %[[W:.*]] = builtin.unrealized_conversion_cast %arg0 : vector<2x4xf32> to !llvm.array<2 x vector<4xf32>>
// CHECK: %[[ROW:.*]] = llvm.extractvalue %[[W]][1] : !llvm.array<2 x vector<4xf32>>
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK: %[[E:.*]] = llvm.extractelement %[[ROW]][%[[C2]] : i64] : vector<4xf32>
// CHECK: %[[ROW1:.*]] = llvm.extractvalue %[[W]][1] : !llvm.array<2 x vector<4xf32>>
// CHECK: %[[INS:.*]] = llvm.insertvalue %[[ROW1]], %[[W]][0] : !llvm.array<2 x vector<4xf32>>
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[INS]][0] : !llvm.array<2 x vector<4xf32>>
// CHECK: %[[C3:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK: %[[R0N:.*]] = llvm.insertelement %[[E]], %[[R0]][%[[C3]] : i64] : vector<4xf32>
// CHECK: llvm.insertvalue %[[R0N]], %[[INS]][0] : !llvm.array<2 x vector<4xf32>>
// CHECK: llvm.extractelement %arg1[%{{.*}} : i64] : vector<4xf32>
func.func @extract_insert(%w: vector<2x4xf32>, %v: vector<4xf32>, %i: index) -> (vector<2x4xf32>, f32) {
  %e = vector.extract %w[1, 2] : f32 from vector<2x4xf32>
  %row = vector.extract %w[1] : vector<4xf32> from vector<2x4xf32>
  %a = vector.insert %row, %w[0] : vector<4xf32> into vector<2x4xf32>
  %b = vector.insert %e, %a[0, 3] : f32 into vector<2x4xf32>
  %d = vector.extract %v[%i] : f32 from vector<4xf32>
  return %b, %d : vector<2x4xf32>, f32
}

// -----

// fma is llvm.intr.fmuladd per row; bitcast is llvm.bitcast.
// CHECK-LABEL: func @fma_bitcast
// CHECK: llvm.intr.fmuladd(%arg0, %arg0, %arg0) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-COUNT-2: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.bitcast %arg0 : vector<4xf32> to vector<4xi32>
func.func @fma_bitcast(%v: vector<4xf32>, %w: vector<2x4xf32>) -> (vector<4xf32>, vector<2x4xf32>, vector<4xi32>) {
  %f = vector.fma %v, %v, %v : vector<4xf32>
  %g = vector.fma %w, %w, %w : vector<2x4xf32>
  %c = vector.bitcast %v : vector<4xf32> to vector<4xi32>
  return %f, %g, %c : vector<4xf32>, vector<2x4xf32>, vector<4xi32>
}

// -----

// Reductions are llvm.intr.vector.reduce.*: fadd/fmul start from the
// accumulator or the neutral element, the others combine an accumulator
// with the matching scalar op.
// CHECK-LABEL: func @reductions
// CHECK: %[[Z:.*]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
// CHECK: "llvm.intr.vector.reduce.fadd"(%[[Z]], %arg0) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32
// CHECK: "llvm.intr.vector.reduce.fmul"(%arg1, %arg0) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32
// CHECK: %[[M:.*]] = llvm.intr.vector.reduce.fmax(%arg0) : (vector<4xf32>) -> f32
// CHECK: llvm.intr.maxnum(%[[M]], %arg1) : (f32, f32) -> f32
// CHECK: llvm.intr.vector.reduce.fminimum(%arg0) : (vector<4xf32>) -> f32
// CHECK: %[[X:.*]] = "llvm.intr.vector.reduce.xor"(%arg2) : (vector<4xi32>) -> i32
// CHECK: %[[S:.*]] = "llvm.intr.vector.reduce.smax"(%arg2) : (vector<4xi32>) -> i32
// CHECK: llvm.intr.smax(%[[S]], %[[X]]) : (i32, i32) -> i32
func.func @reductions(%v: vector<4xf32>, %x: f32, %iv: vector<4xi32>) -> (f32, f32, f32, f32, i32) {
  %a = vector.reduction <add>, %v : vector<4xf32> into f32
  %b = vector.reduction <mul>, %v, %x : vector<4xf32> into f32
  %c = vector.reduction <maxnumf>, %v, %x : vector<4xf32> into f32
  %d = vector.reduction <minimumf>, %v : vector<4xf32> into f32
  %e = vector.reduction <xor>, %iv : vector<4xi32> into i32
  %f = vector.reduction <maxsi>, %iv, %e : vector<4xi32> into i32
  return %a, %b, %c, %d, %f : f32, f32, f32, f32, i32
}
