// RUN: goopt opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// Parse errors of the nvvm dialect's attributes and custom syntax.
// mlir-opt-19 gives the same first messages; it adds a second error after a
// bad enum keyword ("failed to parse MMALayoutAttr parameter ..."), and it
// does not check mma.sync's type count (its parser lacks the return), so the
// last case fails there only in the verifier.

func.func @f() {
  // expected-error @+1 {{expected ::mlir::NVVM::MMALayout to be one of: row, col}}
  "nvvm.barrier0"() {x = #nvvm.mma_layout<diag>} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected ::mlir::NVVM::ShflKind to be one of: bfly, up, down, idx}}
  "nvvm.barrier0"() {x = #nvvm<shfl_kind foo>} : () -> ()
  return
}

// -----

func.func @f(%b: bf16, %f: f32) {
  // expected-error @+1 {{attribute multiplicandAPtxType is not provided explicitly and cannot be inferred}}
  %0 = nvvm.mma.sync A[%b] B[%b] C[%f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (bf16, bf16, f32) -> !llvm.struct<(f32, f32)>
  return
}

// -----

func.func @f(%i: i32) {
  // expected-error @+1 {{expected one type for each operand segment but got 2 types}}
  %0 = nvvm.mma.sync A[%i] B[%i] C[%i, %i] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 16>} : (i32, i32) -> !llvm.struct<(i32, i32)>
  return
}
