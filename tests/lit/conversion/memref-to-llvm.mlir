// RUN: goopt opt %s --split-input-file --finalize-memref-to-llvm | FileCheck %s
// RUN: goopt opt %s --split-input-file --finalize-memref-to-llvm=index-bitwidth=32 | FileCheck %s --check-prefix=IDX32

// EQUIV: none (memref arguments meet their descriptors through unrealized casts, which the interpreter cannot run before func-to-llvm; alloc and dealloc call malloc and free, which have no body; passes/finalizememreftollvm/equiv_test.go checks both passes by execution)

// Loads and stores address the element through the descriptor's aligned
// pointer: static strides and offset are constants, unit strides add no
// multiplication; nontemporal is kept.
// CHECK-LABEL: func @load_store
// CHECK-DAG: %[[D:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<4x8xf32, strided<[16, 1], offset: 5>> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-DAG: %[[I:.*]] = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK-DAG: %[[J:.*]] = builtin.unrealized_conversion_cast %arg2 : index to i64
// CHECK: %[[BASE:.*]] = llvm.extractvalue %[[D]][1]
// CHECK: %[[OFF:.*]] = llvm.mlir.constant(5 : {{.*}}) : i64
// CHECK: %[[S:.*]] = llvm.mlir.constant(16 : {{.*}}) : i64
// CHECK: %[[M:.*]] = llvm.mul %[[I]], %[[S]] : i64
// CHECK: %[[A:.*]] = llvm.add %[[OFF]], %[[M]] : i64
// CHECK: %[[IDX:.*]] = llvm.add %[[A]], %[[J]] : i64
// CHECK: %[[P:.*]] = llvm.getelementptr %[[BASE]][%[[IDX]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[V:.*]] = llvm.load %[[P]] {nontemporal} : !llvm.ptr -> f32
// CHECK: llvm.store %[[V]], %{{.*}} : f32, !llvm.ptr
// IDX32-LABEL: func @load_store
// IDX32: llvm.mul %{{.*}}, %{{.*}} : i32
// IDX32: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i32) -> !llvm.ptr, f32
func.func @load_store(%m: memref<4x8xf32, strided<[16, 1], offset: 5>>, %i: index, %j: index) {
  %v = memref.load %m[%i, %j] {nontemporal = true} : memref<4x8xf32, strided<[16, 1], offset: 5>>
  memref.store %v, %m[%j, %i] : memref<4x8xf32, strided<[16, 1], offset: 5>>
  return
}

// -----

// memref.alloc calls malloc (declared once in the module) for the size in
// bytes (a getelementptr from null) plus the requested alignment, and
// rounds the pointer up; the descriptor gets row-major strides.
// CHECK: llvm.func @free(!llvm.ptr)
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-LABEL: func @alloc
// CHECK: %[[N:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : {{.*}}) : i64
// CHECK: %[[C1:.*]] = llvm.mlir.constant(1 : {{.*}}) : i64
// CHECK: %[[NUM:.*]] = llvm.mul %[[C4]], %[[N]] : i64
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[GEP:.*]] = llvm.getelementptr %[[NULL]][%[[NUM]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[BYTES:.*]] = llvm.ptrtoint %[[GEP]] : !llvm.ptr to i64
// CHECK: %[[AL:.*]] = llvm.mlir.constant(64 : {{.*}}) : i64
// CHECK: %[[SZ:.*]] = llvm.add %[[BYTES]], %[[AL]] : i64
// CHECK: %[[RAW:.*]] = llvm.call @malloc(%[[SZ]]) : (i64) -> !llvm.ptr
// CHECK: %[[INT:.*]] = llvm.ptrtoint %[[RAW]] : !llvm.ptr to i64
// CHECK: %[[BUMPED:.*]] = llvm.add %[[INT]], %{{.*}} : i64
// CHECK: %[[MOD:.*]] = llvm.urem %[[BUMPED]], %[[AL]] : i64
// CHECK: %[[ALIGNED:.*]] = llvm.sub %[[BUMPED]], %[[MOD]] : i64
// CHECK: %[[PTR:.*]] = llvm.inttoptr %[[ALIGNED]] : i64 to !llvm.ptr
// CHECK: llvm.insertvalue %[[RAW]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[PTR]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[N]], %{{.*}}[3, 0]
// CHECK: llvm.insertvalue %[[C4]], %{{.*}}[3, 1]
// CHECK: llvm.insertvalue %[[C4]], %{{.*}}[4, 0]
// CHECK: llvm.insertvalue %[[C1]], %{{.*}}[4, 1]
// CHECK-LABEL: func @dealloc
// CHECK: %[[P:.*]] = llvm.extractvalue %{{.*}}[0]
// CHECK: llvm.call @free(%[[P]]) : (!llvm.ptr) -> ()
// IDX32: llvm.func @malloc(i32) -> !llvm.ptr
func.func @alloc(%n: index) -> memref<?x4xf32> {
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?x4xf32>
  return %a : memref<?x4xf32>
}
func.func @dealloc(%a: memref<?x4xf32>) {
  memref.dealloc %a : memref<?x4xf32>
  return
}

// -----

// An alloc in another address space casts malloc's pointer; free gets a
// generic pointer back.
// CHECK-LABEL: func @alloc_shared
// CHECK: %[[RAW:.*]] = llvm.call @malloc(%{{.*}}) : (i64) -> !llvm.ptr
// CHECK: llvm.addrspacecast %[[RAW]] : !llvm.ptr to !llvm.ptr<3>
// CHECK: %[[P:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(ptr<3>
// CHECK: %[[G:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr<3> to !llvm.ptr
// CHECK: llvm.call @free(%[[G]])
func.func @alloc_shared(%in: memref<16xf16>, %i: index) {
  %a = memref.alloc() : memref<16xf16, 3>
  %v = memref.load %in[%i] : memref<16xf16>
  memref.store %v, %a[%i] : memref<16xf16, 3>
  memref.dealloc %a : memref<16xf16, 3>
  return
}

// -----

// alloca is llvm.alloca of the element count, with the requested alignment.
// CHECK-LABEL: func @alloca
// CHECK: %[[N:.*]] = llvm.mlir.constant(8 : {{.*}}) : i64
// CHECK: %[[P:.*]] = llvm.alloca %[[N]] x f16 {alignment = 16 : i64} : (i64) -> !llvm.ptr
// CHECK: llvm.insertvalue %[[P]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[P]], %{{.*}}[1]
func.func @alloca() -> memref<4x2xf16> {
  %a = memref.alloca() {alignment = 16 : i64} : memref<4x2xf16>
  return %a : memref<4x2xf16>
}

// -----

// Globals become llvm.mlir.global arrays: initialized ones keep their
// value, uninitialized ones get an undef initializer, declarations none;
// workgroup (address space 3) globals are aligned to at least 16 bytes
// (goopt: 128-bit shared-memory accesses need it). get_global takes the
// address of the first element.
// CHECK: llvm.mlir.global private constant @cst(dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>) {addr_space = 0 : i32} : !llvm.array<2 x array<2 x f32>>
// CHECK: llvm.mlir.global private @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x array<72 x f16>>{{$}}
// CHECK: llvm.mlir.global private @big_smem() {addr_space = 3 : i32, alignment = 64 : i64} : !llvm.array<8 x f32> {
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : !llvm.array<8 x f32>
// CHECK-NEXT: llvm.return %[[U]]
// CHECK: llvm.mlir.global external @ext() {addr_space = 0 : i32} : !llvm.array<4 x i32>
// CHECK-NOT: {
// CHECK: llvm.mlir.global private @scalar(1.000000e+00 : f32) {addr_space = 0 : i32} : f32
// CHECK-LABEL: func @get_global
// CHECK: %[[A:.*]] = llvm.mlir.addressof @smem : !llvm.ptr<3>
// CHECK: %[[P:.*]] = llvm.getelementptr %[[A]][0, 0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<128 x array<72 x f16>>
// CHECK: %[[BAD:.*]] = llvm.mlir.constant(3735928559 : {{.*}}) : i64
// CHECK: %[[BADP:.*]] = llvm.inttoptr %[[BAD]] : i64 to !llvm.ptr<3>
// CHECK: llvm.insertvalue %[[BADP]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[P]], %{{.*}}[1]
memref.global "private" constant @cst : memref<2x2xf32> = dense<[[1.0, 2.0], [3.0, 4.0]]>
memref.global "private" @smem : memref<128x72xf16, 3>
memref.global "private" @big_smem : memref<8xf32, 3> = uninitialized {alignment = 64 : i64}
memref.global @ext : memref<4xi32>
memref.global "private" @scalar : memref<f32> = dense<1.0>
func.func @get_global() -> memref<128x72xf16, 3> {
  %g = memref.get_global @smem : memref<128x72xf16, 3>
  return %g : memref<128x72xf16, 3>
}

// -----

// dim: a static size is a constant, a dynamic one with a constant index is
// read from the descriptor, a dynamic index spills the sizes (upstream).
// CHECK-LABEL: func @dim
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %arg0
// CHECK: llvm.mlir.constant(4 : {{.*}}) : i64
// CHECK: llvm.extractvalue %[[D]][3, 1]
// CHECK: %[[SIZES:.*]] = llvm.extractvalue %[[D]][3] : {{.*}}
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.array<2 x i64> : (i64) -> !llvm.ptr
// CHECK: llvm.store %[[SIZES]], %[[SLOT]] : !llvm.array<2 x i64>, !llvm.ptr
// CHECK: %[[E:.*]] = llvm.getelementptr %[[SLOT]][0, %{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<2 x i64>
// CHECK: llvm.load %[[E]] : !llvm.ptr -> i64
func.func @dim(%m: memref<4x?xf32>, %i: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.dim %m, %c0 : memref<4x?xf32>
  %b = memref.dim %m, %c1 : memref<4x?xf32>
  %c = memref.dim %m, %i : memref<4x?xf32>
  return %a, %b, %c : index, index, index
}

// -----

// extract_strided_metadata and reinterpret_cast move descriptor fields;
// memref.cast keeps the descriptor.
// CHECK-LABEL: func @metadata
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<8x8xf32> to
// CHECK: %[[AP:.*]] = llvm.extractvalue %[[D]][0]
// CHECK: llvm.insertvalue %[[AP]], %{{.*}}[0] : !llvm.struct<(ptr, ptr, i64)>
// CHECK: %[[STRIDE:.*]] = llvm.extractvalue %[[D]][4, 0]
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: llvm.insertvalue %[[STRIDE]], %{{.*}}[4, 0]
// CHECK: %[[P:.*]] = llvm.extractvalue %[[D]][1]
// CHECK: llvm.ptrtoint %[[P]] : !llvm.ptr to i64
func.func @metadata(%m: memref<8x8xf32>, %o: index) -> (memref<4x4xf32, strided<[?, 1], offset: ?>>, index) {
  %b, %off, %s:2, %t:2 = memref.extract_strided_metadata %m : memref<8x8xf32> -> memref<f32>, index, index, index, index, index
  %r = memref.reinterpret_cast %b to offset: [%o], sizes: [4, 4], strides: [%t#0, 1] : memref<f32> to memref<4x4xf32, strided<[?, 1], offset: ?>>
  %p = memref.extract_aligned_pointer_as_index %m : memref<8x8xf32> -> index
  %c = memref.cast %r : memref<4x4xf32, strided<[?, 1], offset: ?>> to memref<4x4xf32, strided<[?, 1], offset: ?>>
  return %c, %p : memref<4x4xf32, strided<[?, 1], offset: ?>>, index
}

// -----

// A copy between contiguous memrefs is one memcpy of size * element bytes;
// assume_alignment is an llvm.intr.assume on the aligned pointer's low
// bits; atomic_rmw is llvm.atomicrmw acq_rel.
// CHECK-LABEL: func @copy_assume_atomic
// CHECK: %[[ESZ:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr to i64
// CHECK: %[[BYTES:.*]] = llvm.mul %{{.*}}, %[[ESZ]] : i64
// CHECK: "llvm.intr.memcpy"(%{{.*}}, %{{.*}}, %[[BYTES]]) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK: %[[MASK:.*]] = llvm.mlir.constant(15 : {{.*}}) : i64
// CHECK: %[[INT:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr to i64
// CHECK: %[[AND:.*]] = llvm.and %[[INT]], %[[MASK]] : i64
// CHECK: %[[EQ:.*]] = llvm.icmp "eq" %[[AND]], %{{.*}} : i64
// CHECK: "llvm.intr.assume"(%[[EQ]]) : (i1) -> ()
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} acq_rel : !llvm.ptr, f32
func.func @copy_assume_atomic(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %x: f32, %i: index) -> f32 {
  memref.copy %a, %b : memref<4x4xf32> to memref<4x4xf32>
  memref.assume_alignment %a, 16 : memref<4x4xf32>
  %r = memref.atomic_rmw addf %x, %a[%i, %i] : (f32, memref<4x4xf32>) -> f32
  return %r : f32
}
